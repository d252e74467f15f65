"""The lesson player: one step at a time.

The frame is the same for every step: progress dots, the goal line with the level and
trumps when they matter, the step's text, the step's view (``views.VIEWS``), the
feedback panel and the buttons (their words: ``frame_text``).  The run (``tutor.lessons.LessonRun``) judges answers
and counts mistakes; the scene only shows it and passes the learner's actions on.
Text is translated at draw time, so F2 switches language without losing the place,
and B shows the other language under each line.

Keys: 1–9 answer a question (Enter never answers), ↑/↓ and Space move to and pick an
answer; ←/→ and ↑/↓/Space select cards, C plays or checks them, P passes; Enter goes
on (or deals a drill's next position), Backspace goes back, H shows the hint, L opens
the glossary or the rules page the step links to.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

import pygame

from engine import Rules

from ...hints import pass_label
from ...i18n import N_, _
from ...lessons import GuidedHand, Lesson, LessonLibrary, LessonRun, UnavailableLesson
from ...lessons.marking import HINT, RIGHT as RIGHT_TIER
from ...lessons.steps import Drill, Recap, Task
from ...scene import Scene
from ...text import TextLayout, layout_text
from ...theme import ON_FELT, Metrics
from ...widgets import Button, TextPanel
from ...widgets.base import Widget
from ...widgets.progress_dots import AHEAD, DONE, OPEN, REACHED, ProgressDots
from ...widgets.scroll_text import ScrollText
from .card_task import CardTaskView
from .frame_text import FrameText
from .opening import lesson_scene, library_of, problem_lesson
from .step_view import StepView
from .views import VIEWS, view_kind
from .words import BILINGUAL_KEY, LessonChrome, bilingual

if TYPE_CHECKING:
    from ...services import Services

NEUTRAL, GOOD, BAD = (255, 250, 232), (226, 244, 222), (252, 228, 222)
"""Feedback panel backgrounds: a prompt, a right answer, a wrong one."""
# TRANSLATORS: {pass_button} is the Pass button's word (不亮, or 不叫 where trumps are
# called face down).
FOOTER = N_("1–9: answer · arrows and Space: cards · C: play or check · P: {pass_button} · H: hint · "
            "Enter: next · Esc: back · F2: 中文 / English")


FEEDBACK_ROOM = 176
"""Height kept for a task's feedback (a title and four lines) before any answer."""


class LessonPlayerScene(Scene):
    """One lesson, one step at a time.  Without a lesson it continues where the learner
    left off (the first lesson not completed).  ``seed`` fixes the order of the
    answers and the drills' positions (random by default, fixed while open)."""

    def __init__(self, services: "Services", lesson: Lesson | UnavailableLesson | None = None,
                 rules: Rules | None = None, seed: int | None = None,
                 library: LessonLibrary | None = None) -> None:
        super().__init__(services)
        self.library = library or library_of(services)
        self.rules = rules if rules is not None else services.store.settings.rule_set()
        if lesson is None:
            lesson = self.library.next_lesson(services.store.progress, self.rules, kinds=(Lesson,))
        self.saves_progress = isinstance(lesson, Lesson)
        """False for the page that shows a broken file's problems."""
        if isinstance(lesson, UnavailableLesson):
            lesson = problem_lesson(lesson)
        self.lesson = lesson
        self.way_on = self._way_on()
        """The next step after the last one (the same while the scene is open)."""
        self.run = LessonRun(lesson, self.rules, seed if seed is not None else random.randrange(2**31),
                             known=self.library.ideas_before(lesson.id, self.rules))
        self.furthest = 0
        self.bilingual = False
        self.show_hint = False
        self.recorded = False
        self.words = FrameText(self)
        self.chrome = LessonChrome(services, lambda: bilingual(lesson.title, False), self.footer)
        self.dots = ProgressDots(services, self.go)
        self.goal = TextPanel(services, self.words.goal, px=23, bold=True, colour=ON_FELT, background=None)
        self.status = TextPanel(services, self.words.status, px=16, colour=ON_FELT, background=None, align="right")
        self.body = ScrollText(services, self.words.body, px=19)
        self.feedback = TextPanel(services, self.words.feedback, px=18, min_px=16, background=NEUTRAL)
        self.views: dict[type[StepView], StepView] = {
            cls: cls(services, self.answer, self._sync, self.words.say) for cls in dict.fromkeys(VIEWS.values())}
        self.view: StepView = self.views[VIEWS["narration"]]
        self.prev = Button(services, N_("Previous"), self.back, px=17)
        self.hint = Button(services, N_("Hint"), self.toggle_hint, px=17)
        self.both = Button(services, N_("Both languages"), self.toggle_bilingual, px=16)
        self.link = Button(services, self.words.link_label, self.open_link, px=16)
        self.passing = Button(services, lambda: pass_label(self.view.calls), self.pass_, px=17)
        self.action = Button(services, self.words.action_label, self.submit, px=17)
        self.next = Button(services, self.words.next_label, self.forward, px=17)
        self._laid_out_for: tuple[str, bool] = ("", False)
        self._load_step()

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        """The lesson of ``--lesson`` (checked by the app) at step ``--step``, else the
        lesson to continue, over the lessons list; answers in one fixed order, so a
        screenshot is the same every time."""
        browser = services.scenes["lessons"]
        options = services.options
        lesson = getattr(options, "lesson", None)
        step = getattr(options, "step", None)
        if isinstance(lesson, GuidedHand):
            first_hand = services.scenes["first_hand"]
            return [browser(services), *first_hand.demo(services, lesson, step)]  # type: ignore[call-arg]
        scene = cls(services, lesson, seed=1)
        if step:
            scene.furthest = step - 1
            scene.go(step - 1)
        return [browser(services), scene]

    def footer(self) -> str:
        """The keys, P named by the Pass button's word of this step."""
        return _(FOOTER).format(pass_button=pass_label(self.view.calls))

    # ----------------------------------------------------------------- state

    @property
    def step(self):  # noqa: ANN201 - the current Step
        return self.run.step

    def _load_step(self) -> None:
        self.show_hint = False
        self.view = self.views[VIEWS[view_kind(self.step, self.run)]]
        self.view.load(self.run)
        self._sync()

    def _sync(self) -> None:
        """Buttons, dots and the feedback colour follow the run; then lay out again."""
        run, state = self.run, self.run.state
        task = run.is_task
        feedback = run.feedback
        if self.show_hint or feedback is None:
            self.feedback.background = NEUTRAL
        else:
            self.feedback.background = GOOD if feedback.tier == RIGHT_TIER else BAD
        self.action.enabled = task and isinstance(self.view, CardTaskView) and self.view.ready()
        self.passing.enabled = task and self.view.passes and not state.done
        self.prev.enabled = run.index > 0
        self.hint.enabled = bool(self.words.hint())
        last = run.index == len(run.steps) - 1
        self.next.enabled = run.position_done() or (run.can_advance() and (not last or run.finished))
        self.link.enabled = bool(self.step.defines) or isinstance(self.step, Recap) and bool(self.lesson.rules_topic)
        states = []
        for i, step in enumerate(run.steps):
            if i > self.furthest:
                states.append(AHEAD)
            elif isinstance(step, (Task, Drill)):
                done = run.states[i].solved if isinstance(step, Drill) else run.states[i].done
                states.append(DONE if done else OPEN)
            else:
                states.append(REACHED)
        self.dots.set_states(states, run.index)
        self.resize(self.metrics)

    # ----------------------------------------------------------------- actions

    def answer(self, answer: object) -> None:
        feedback = self.run.answer(answer)  # type: ignore[arg-type]
        if feedback is not None:
            self.show_hint = False
            if feedback.tier != HINT or not isinstance(self.view, CardTaskView):
                self.view.load(self.run)  # a hint keeps the cards picked, to change them
            self._sync()

    def submit(self) -> None:
        if self.action.enabled:
            self.view.submit()

    def pass_(self) -> None:
        if self.passing.enabled and isinstance(self.view, CardTaskView):
            self.view.pass_()

    def forward(self) -> None:
        if self.run.new_position():
            self._load_step()
        elif self.run.next():
            self.furthest = max(self.furthest, self.run.index)
            self._load_step()
        elif self.run.finished:
            self.finish()

    def back(self) -> None:
        if self.run.back():
            self._load_step()

    def go(self, index: int) -> None:
        if index <= self.furthest:
            self.run.go(index)
            self._load_step()

    def toggle_hint(self) -> None:
        if self.words.hint():
            self.show_hint = not self.show_hint
            self._sync()

    def toggle_bilingual(self) -> None:
        self.bilingual = not self.bilingual

    def finish(self) -> None:
        """Record the result (the store keeps the best) and go on: the next lesson in the
        index's order, free practice after the last one; back to the browser for a file
        outside the index."""
        self.record()
        if self.way_on is None:
            self.services.navigator.back()
        else:
            self.services.navigator.replace(self.way_on[1]())

    def _way_on(self) -> tuple[str, Callable[[], Scene]] | None:
        """What comes after this lesson (``LessonLibrary.lesson_after``): its button word
        and a scene maker; ``None`` for a file outside the index."""
        after = self.library.lesson_after(self.lesson.id, self.rules)
        if after is not None:
            return N_("Next lesson"), lambda: lesson_scene(self.services, after, self.rules, self.library)
        if any(x.id == self.lesson.id for x in self.library.lessons(self.rules)):
            from .. import SCENES

            return N_("Free practice"), lambda: SCENES["practice"](self.services)
        return None

    def record(self) -> None:
        if self.saves_progress and self.run.finished and not self.recorded:
            self.services.store.record_lesson(self.lesson.id, completed=True, mistakes=self.run.mistakes,
                                              stars=self.run.stars)
            self.services.history.add_lesson(self.lesson.id, self.run.stars)  # the stars over time
            self.recorded = True

    def exit(self) -> None:
        if self.saves_progress and not self.recorded and self.lesson.id not in self.services.store.progress:
            self.services.store.record_lesson(self.lesson.id, completed=False, mistakes=self.run.mistakes, stars=0)

    def open_link(self) -> None:
        """The glossary at the first term this step defines, or the recap's rules page."""
        if not self.link.enabled:
            return
        reference = self.services.scenes["rules"]
        if self.step.defines:
            scene = reference(self.services, term=self.step.defines[0], library=self.library)  # type: ignore[call-arg]
        else:
            scene = reference(self.services, self.lesson.rules_topic, library=self.library)  # type: ignore[call-arg]
        self.services.navigator.push(scene)

    # ----------------------------------------------------------------- text


    def _height(self, panel: TextPanel | ScrollText, width: int, m: Metrics) -> int:
        """A panel's height for its text at full size (padding included)."""
        text = panel.text() if callable(panel.text) else _(panel.text)
        if not text:
            return 0
        pad = m.px(panel.padding) if panel.background is not None else 0
        extra = m.px(8) if isinstance(panel, ScrollText) else 0  # its scroll bar's margin
        layout = layout_text(self.services.fonts, text, m.fpx(panel.px), width - 2 * pad - extra)
        return layout.height + 2 * pad + m.px(6)

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        area = self.chrome.place(m)
        gap = m.px(10)
        self.dots.place((area.left, area.top, area.width, m.px(20)), m)
        y = area.top + m.px(20) + gap // 2
        goal_h = m.px(40) if not self.bilingual else m.px(62)
        status = self.words.status()
        status_w = min(layout_text(self.services.fonts, status, m.fpx(self.status.px), area.width).width + m.px(4),
                       area.width // 3) if status else 0  # the goal line gets the rest
        self.goal.place((area.left, y, area.width - status_w - (gap if status_w else 0), goal_h), m)
        self.status.place((area.right - status_w, y, status_w, goal_h), m)
        y += goal_h + gap // 2
        buttons_h = m.px(46)
        bottom = area.bottom - buttons_h
        free_all = bottom - gap - y
        need = self._height(self.feedback, area.width, m)
        if self.run.is_task:  # room for the feedback to come, so the picture does not jump when it grows
            need = max(need, m.px(FEEDBACK_ROOM))
        fb_h = max(m.px(52), min(need, free_all * 2 // 5))
        self.feedback.place((area.left, bottom - gap - fb_h, area.width, fb_h), m)
        free = self.feedback.rect.top - gap - y
        body_h = min(free - self.view.room(free, m), self._height(self.body, area.width, m))
        self.body.place((area.left, y, area.width, body_h), m)
        top = y + (body_h + gap if body_h else 0)
        self.view.place(pygame.Rect(area.left, top, area.width, free - (top - y)), m)
        self._laid_out_for = (self.services.translator.language, self.bilingual)
        bw = min(m.px(150), (area.width - 6 * gap) // 7)
        row = bottom + (buttons_h - m.px(42)) // 2
        x = area.left
        shown = self._shown_buttons()
        for button, width in ((self.prev, bw), (self.hint, bw), (self.both, int(bw * 1.25)), (self.link, int(bw * 1.2))):
            button.place((x, row, width, m.px(42)), m)
            if button in shown:
                x += width + gap
        x = area.right
        for button in (self.next, self.action, self.passing):
            x -= bw
            button.place((x, row, bw, m.px(42)), m)
            x -= gap

    def update(self, dt: float) -> None:
        """Text heights depend on the language and the bilingual view: lay out again
        when either changed (F2 may be pressed anywhere)."""
        if self._laid_out_for != (self.services.translator.language, self.bilingual):
            self.resize(self.metrics)

    # ----------------------------------------------------------------- events and drawing

    def _buttons(self) -> list[Button]:
        return [self.prev, self.hint, self.both, self.link, self.passing, self.action, self.next]

    def _shown_buttons(self) -> list[Button]:
        """The buttons this step uses, drawn even while disabled (greyed) so the
        learner sees what comes next."""
        cards = self.run.is_task and isinstance(self.view, CardTaskView)
        uses = {self.prev: True, self.both: True, self.next: True, self.hint: self.hint.enabled,
                self.link: self.link.enabled, self.passing: cards and self.view.passes, self.action: cards}
        return [button for button in self._buttons() if uses[button]]

    KEYS = {pygame.K_RETURN: "forward", pygame.K_KP_ENTER: "forward", pygame.K_BACKSPACE: "back",
            pygame.K_h: "toggle_hint", BILINGUAL_KEY: "toggle_bilingual", pygame.K_p: "pass_",
            pygame.K_c: "submit", pygame.K_l: "open_link"}

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN and event.key in self.KEYS:
            getattr(self, self.KEYS[event.key])()
            return None
        if self.dots.handle_event(event) is None or self.body.handle_event(event) is None:
            return None
        for button in self._shown_buttons():
            if button.enabled and button.handle_event(event) is None:
                return None
        return self.view.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        self.dots.draw(surface)
        self.goal.draw(surface)
        if self.status.rect.width:
            self.status.draw(surface)
        if self.body.rect.height:
            self.body.draw(surface)
        self.view.draw(surface)
        self.feedback.draw(surface)
        for button in self._shown_buttons():
            button.draw(surface)

    def widgets(self) -> list[Widget]:
        shown: list[Widget] = [*self.chrome.widgets(), self.dots, self.goal, self.feedback]
        if self.status.rect.width:
            shown.append(self.status)
        if self.body.rect.height:
            shown.append(self.body)
        return shown + self.view.widgets() + list(self._shown_buttons())

    def text_layouts(self) -> list[TextLayout]:
        own = [layout for w in self.widgets() if w not in self.view.widgets() for layout in w.text_layouts()]
        return self.chrome.text_layouts() + own + self.view.text_layouts()

