"""The lesson browser and the lesson player.

The player is a thin view of ``tutor.lessons.LessonRun``: the run judges answers and
counts mistakes, the scene shows one step at a time (progress dots, goal line, text,
cards or table, options) and the feedback of the last answer.  Both scenes translate
at draw time, so F2 switches language without losing the place, and ``B`` shows the
other language under each line (bilingual view).

Keys in the player: Enter checks the answer (or goes on), Backspace goes back a step,
H shows the hint, B toggles the bilingual view, P passes (declaring), 1-9 or ↑/↓ and
Enter pick an option; the hand takes ←/→ to move, ↑/↓/Space to select.  The mouse does
the same with the buttons and the progress dots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from engine import Card, Rules, trick_winner

from .. import hints, i18n
from ..i18n import N_, _
from ..lessons import Lesson, LessonRun, UnavailableLesson, load_all
from ..lessons.model import Choose, Declare, Narration, PlayTrick, Recap, SelectCards, Step, Task
from ..lessons.rules import correct_options
from ..scene import Scene
from ..text import TextLayout, fit_text, layout_text
from ..theme import ACCENT, FELT_DARK, FOCUS, INK, INK_SOFT, ON_FELT, ON_FELT_SOFT, PANEL, PANEL_EDGE, RED, Metrics
from ..widgets import Button, HandFan, Menu, TextPanel, TrickView, card_height
from ..widgets.card_art import ASPECT
from ..widgets.base import Widget, panel
from .common import Chrome

if TYPE_CHECKING:
    from ..services import Services

BILINGUAL_KEY = pygame.K_b
NEUTRAL, RIGHT, WRONG = (255, 250, 232), (226, 244, 222), (252, 228, 222)
"""Feedback panel backgrounds: a prompt, a right answer, a wrong one."""
SEAT_LABELS = (N_("You"), N_("Right opponent"), N_("Partner"), N_("Left opponent"))


def bilingual(msgid: str, on: bool, sep: str = "\n") -> str:
    """``msgid`` in the current language; with ``on`` the other language follows, under
    it (``sep`` a line break) or beside it (``sep`` " / ", for one-line labels)."""
    text = _(msgid)
    if not on:
        return text
    other = next(code for code in i18n.LANGUAGES if code != i18n.language())
    second = i18n.load_translations(other).gettext(msgid)
    return f"{text}{sep}{second}" if second != text else text


def lesson_status(services: "Services", lesson: Lesson | UnavailableLesson) -> str:
    """One line: unavailable, not started, or completed with its stars."""
    if not lesson.available:
        return _("Unavailable: this lesson file has a problem.")
    progress = services.store.progress.get(lesson.id)
    if progress is None or not progress.completed:
        return _("Not started") if progress is None else _("Started")
    return _("Completed") + "  " + "★" * progress.stars + "☆" * (3 - progress.stars)


# --------------------------------------------------------------------------- browser


class LessonTile(Button):
    """A lesson in the browser: number, title, summary and status in one box."""

    def __init__(self, services: "Services", lesson: Lesson | UnavailableLesson, number: int,
                 action: Callable[[], None], scene: "LessonBrowserScene") -> None:
        super().__init__(services, "", action, hotkey=number)
        self.lesson, self.scene = lesson, scene

    def lines(self) -> tuple[str, str, str]:
        lesson, on = self.lesson, self.scene.bilingual
        if isinstance(lesson, UnavailableLesson):
            return (f"{self.hotkey}  {lesson.id}", lesson.message, lesson_status(self.services, lesson))
        return (f"{self.hotkey}  " + bilingual(lesson.title, on, " / "), bilingual(lesson.summary, on),
                lesson_status(self.services, lesson))

    def layouts(self) -> list[TextLayout]:
        m, fonts = self.metrics, self.services.fonts
        box = self.rect.inflate(-2 * m.px(12), -2 * m.px(8))
        title, summary, status = self.lines()
        heights = (0.34, 0.46, 0.20)
        colour = RED if not self.lesson.available else INK
        return [
            fit_text(fonts, title, m.fpx(20), box.width, int(box.height * heights[0]), bold=True, min_px=9),
            fit_text(fonts, summary, m.fpx(15), box.width, int(box.height * heights[1]), colour=colour, min_px=9),
            fit_text(fonts, status, m.fpx(14), box.width, int(box.height * heights[2]), colour=INK_SOFT, min_px=9),
        ]

    def text_layouts(self) -> list[TextLayout]:
        return self.layouts()

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        focused = self.focused or self.hovered
        panel(surface, self.rect, (255, 246, 214) if focused else PANEL, FOCUS if self.focused else PANEL_EDGE,
              m.px(10), 3 if self.focused else 1)
        box = self.rect.inflate(-2 * m.px(12), -2 * m.px(8))
        y = box.top
        for layout, share in zip(self.layouts(), (0.34, 0.46, 0.20)):
            layout.draw(surface, (box.left, y))
            y += int(box.height * share)


class LessonBrowserScene(Scene):
    """All lessons with title, summary and status; open any (nothing is locked)."""

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.rules = services.store.settings.rule_set()
        self.lessons = load_all(rules=self.rules)
        self.bilingual = False
        self.chrome = Chrome(services, N_("Lessons"))
        self.tiles = [LessonTile(services, lesson, n, self._opener(lesson), self)
                      for n, lesson in enumerate(self.lessons, 1)]
        self.reference = Button(services, N_("Rules reference"), self._open_reference, px=18)
        self.both = Button(services, N_("Both languages"), self._toggle_bilingual, px=18)
        self.menu = Menu(self.tiles)
        self.notice = ""

    def _opener(self, lesson: Lesson | UnavailableLesson) -> Callable[[], None]:
        def open_lesson() -> None:
            self.services.app.stack.push(LessonPlayerScene(self.services, lesson))
        return open_lesson

    def _open_reference(self) -> None:
        from .rules import RulesReferenceScene

        self.services.app.stack.push(RulesReferenceScene(self.services))

    def _toggle_bilingual(self) -> None:
        self.bilingual = not self.bilingual

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        area = self.chrome.place(m)
        bar_h = m.px(44)
        gap = m.px(12)
        cols = 3
        rows = (len(self.tiles) + cols - 1) // cols or 1
        w = (area.width - gap * (cols - 1)) // cols
        h = (area.height - bar_h - gap - gap * (rows - 1)) // rows
        for i, tile in enumerate(self.tiles):
            r, c = divmod(i, cols)
            tile.place((area.left + c * (w + gap), area.top + r * (h + gap), w, h), m)
        y = area.bottom - bar_h
        bw = m.px(230)
        self.reference.place((area.left, y, bw, bar_h), m)
        self.both.place((area.left + bw + gap, y, bw, bar_h), m)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN and event.key == BILINGUAL_KEY:
            self._toggle_bilingual()
            return None
        for button in (self.reference, self.both):
            if button.handle_event(event) is None:
                return None
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        for tile in self.tiles:
            tile.draw(surface)
        self.reference.draw(surface)
        self.both.draw(surface)

    def widgets(self) -> list[Widget]:
        return [*self.chrome.widgets(), *self.tiles, self.reference, self.both]

    def text_layouts(self) -> list[TextLayout]:
        return self.chrome.text_layouts() + super().text_layouts()


# --------------------------------------------------------------------------- player


class CardOption(Button):
    """A choice shown as card pictures after its number key."""

    def __init__(self, services: "Services", cards: tuple[Card, ...], action: Callable[[], None],
                 hotkey: int) -> None:
        super().__init__(services, lambda: hints.cards_text(cards), action, hotkey=hotkey, px=18)
        self.cards = cards

    def number_box(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + self.metrics.px(8), self.rect.top, self.metrics.px(28), self.rect.height)

    def text_layout(self) -> TextLayout:
        box = self.number_box()
        return fit_text(self.services.fonts, str(self.hotkey), self.metrics.fpx(18), box.width, box.height,
                        min_px=9, bold=True)

    def card_rects(self) -> list[pygame.Rect]:
        """Cards overlapping left to right, smaller when the button is too narrow."""
        pad = self.metrics.px(5)
        x0 = self.number_box().right + self.metrics.px(6)
        room = self.rect.right - pad - x0
        n = len(self.cards)
        h = self.rect.height - 2 * pad
        w = round(h / ASPECT)
        if w + (n - 1) * w * 0.4 > room:  # even tightly overlapped they would not fit
            w = int(room / (1 + 0.4 * (n - 1)))
            h = round(w * ASPECT)
        step = min(round(w * 0.72), (room - w) // (n - 1)) if n > 1 else 0
        top = self.rect.centery - h // 2
        return [pygame.Rect(x0 + i * step, top, w, h) for i in range(n)]

    def draw(self, surface: pygame.Surface) -> None:
        focused = self.focused and self.enabled
        fill = (255, 236, 178) if (self.hovered or focused) else PANEL
        panel(surface, self.rect, fill, FOCUS if focused else PANEL_EDGE, self.metrics.px(10), 3 if focused else 1)
        number = self.text_layout()
        box = self.number_box()
        number.draw(surface, (box.left, box.centery - number.height // 2))
        for card, rect in zip(self.cards, self.card_rects()):
            face = self.services.cards.face(card, rect.width, four_colour=self.services.four_colour)
            surface.blit(face, rect)


class TableDiagram(Widget):
    """The four seats seen from above, partners opposite, arrows counter-clockwise."""

    def layouts(self) -> list[tuple[TextLayout, pygame.Rect]]:
        m, r = self.metrics, self.rect
        w, h = min(m.px(210), r.width // 3), m.px(40)
        centres = [(r.centerx, r.bottom - h // 2), (r.right - w // 2, r.centery),
                   (r.centerx, r.top + h // 2), (r.left + w // 2, r.centery)]
        found = []
        for seat, (cx, cy) in enumerate(centres):
            box = pygame.Rect(0, 0, w, h)
            box.center = (cx, cy)
            text = fit_text(self.services.fonts, _(SEAT_LABELS[seat]), m.fpx(17), box.width - m.px(12),
                            box.height - m.px(6), bold=seat in (0, 2), align="center", min_px=9)
            found.append((text, box))
        return found

    def text_layouts(self) -> list[TextLayout]:
        return [layout for layout, _box in self.layouts()]

    def draw(self, surface: pygame.Surface) -> None:
        m, r = self.metrics, self.rect
        table = r.inflate(-2 * m.px(110), -2 * m.px(50))
        pygame.draw.ellipse(surface, FELT_DARK, table)
        boxes = self.layouts()
        for seat, (layout, box) in enumerate(boxes):
            team = (250, 232, 170) if seat % 2 == 0 else PANEL
            panel(surface, box, team, PANEL_EDGE, m.px(8))
            layout.draw(surface, (box.left + m.px(6), box.centery - layout.height // 2))
        # play order: you → right → partner → left (counter-clockwise seen from above)
        for seat in range(4):
            a, b = boxes[seat][1], boxes[(seat + 1) % 4][1]
            start = pygame.Vector2(a.center).lerp(pygame.Vector2(b.center), 0.35)
            end = pygame.Vector2(a.center).lerp(pygame.Vector2(b.center), 0.65)
            pygame.draw.line(surface, ACCENT, start, end, max(2, m.px(4)))
            direction = (end - start).normalize()
            side = pygame.Vector2(-direction.y, direction.x)
            size = m.px(12)
            pygame.draw.polygon(surface, ACCENT, [end + direction * size, end + side * size * 0.7,
                                                  end - side * size * 0.7])


class Dots(Widget):
    """One dot per step: the current one ringed, solved tasks gold, reached steps light."""

    def __init__(self, services: "Services", scene: "LessonPlayerScene") -> None:
        super().__init__(services)
        self.scene = scene

    def centres(self) -> list[tuple[int, int]]:
        n = len(self.scene.run.steps)
        step = min(self.metrics.px(30), self.rect.width // max(1, n))
        x0 = self.rect.centerx - step * (n - 1) // 2
        return [(x0 + i * step, self.rect.centery) for i in range(n)]

    def dot_at(self, pos: tuple[int, int]) -> int | None:
        radius = self.metrics.px(11)
        for i, centre in enumerate(self.centres()):
            if pygame.Vector2(centre).distance_to(pos) <= radius:
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.dot_at(event.pos)
            if i is not None and i <= self.scene.furthest:
                self.scene.go(i)
                return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        run, radius = self.scene.run, self.metrics.px(7)
        for i, centre in enumerate(self.centres()):
            if i in run.solved:
                colour = ACCENT
            elif i <= self.scene.furthest:
                colour = ON_FELT_SOFT
            else:
                colour = FELT_DARK
            pygame.draw.circle(surface, colour, centre, radius)
            if isinstance(run.steps[i], Task) and i not in run.solved:
                pygame.draw.circle(surface, ON_FELT_SOFT, centre, radius, 2)
            if i == run.index:
                pygame.draw.circle(surface, FOCUS, centre, radius + self.metrics.px(4), 3)


def problem_lesson(broken: UnavailableLesson) -> Lesson:
    """A broken lesson file still opens: as one page listing its problems."""
    text = "\n".join(str(p) for p in broken.problems) or broken.path
    return Lesson(id=broken.id, path=broken.path, title=N_("Lesson unavailable"), summary="", concept="",
                  steps=(Narration(line=1, goal=N_("This lesson file has a problem."), text=text),))


def _continue_lesson(services: "Services", rules: Rules) -> Lesson | UnavailableLesson:
    """The first lesson not yet completed (else the first one)."""
    found = load_all(rules=rules)
    lessons = [x for x in found if isinstance(x, Lesson)]
    if not lessons:
        return found[0] if found else UnavailableLesson("00", "lessons/")
    progress = services.store.progress
    return next((x for x in lessons if not (x.id in progress and progress[x.id].completed)), lessons[0])


class LessonPlayerScene(Scene):
    """One lesson, one step at a time.  Without a lesson it continues where the learner
    left off (the first lesson not completed)."""

    def __init__(self, services: "Services", lesson: Lesson | UnavailableLesson | None = None,
                 rules: Rules | None = None) -> None:
        super().__init__(services)
        self.rules = rules if rules is not None else services.store.settings.rule_set()
        lesson = lesson if lesson is not None else _continue_lesson(services, self.rules)
        self.saves_progress = isinstance(lesson, Lesson)
        """False for the page that shows a broken file's problems."""
        if isinstance(lesson, UnavailableLesson):
            lesson = problem_lesson(lesson)
        self.lesson = lesson
        self.run = LessonRun(lesson, self.rules)
        self.furthest = 0
        self.bilingual = False
        self.show_hint = False
        self.recorded = False
        self.chrome = Chrome(services, lambda: bilingual(lesson.title, False))
        self.dots = Dots(services, self)
        self.goal = TextPanel(services, self.goal_text, px=24, bold=True, colour=ON_FELT, background=None)
        self.body = TextPanel(services, self.body_text, px=19)
        self.feedback = TextPanel(services, self.feedback_text, px=18, background=NEUTRAL)
        self.hand = HandFan(services, on_change=lambda _cards: self._sync_buttons())
        self.cards = HandFan(services)
        self.trick = TrickView(services, viewer=0)
        self.table = TableDiagram(services)
        self.prev = Button(services, N_("Previous"), self.back, px=18)
        self.hint = Button(services, N_("Hint"), self.toggle_hint, px=18)
        self.check = Button(services, self.check_label, self.submit, px=18)
        self.passing = Button(services, N_("Pass"), self.pass_, px=18)
        self.next = Button(services, self.next_label, self.forward, px=18)
        self.both = Button(services, N_("Both languages"), self.toggle_bilingual, px=16)
        self.link = Button(services, self.link_label, self.open_reference, px=16)
        self.options: list[Button] = []
        self.options_menu = Menu([])
        self.visual = pygame.Rect(0, 0, 0, 0)
        self.answered: list[Card] | None = None
        """The learner's right answer to the current step (shown in the trick)."""
        self._laid_out_for: tuple[str, bool] = ("", False)
        self._load_step()

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        """The lesson of ``--lesson`` (checked by the app) at step ``--step``, else the
        lesson to continue, over the lessons list."""
        options = services.app.options
        scene = cls(services, getattr(options, "lesson", None))
        if getattr(options, "step", None):
            scene.go(options.step - 1)
        return [LessonBrowserScene(services), scene]

    # ----------------------------------------------------------------- state

    @property
    def step(self) -> Step:
        return self.run.step

    def _load_step(self) -> None:
        """Set the widgets for the current step (cards, trick, options)."""
        step, ctx = self.step, self.run.ctx
        self.show_hint = False
        hand = getattr(step, "hand", ()) or ()
        if getattr(step, "answer", None) == "all_trumps":
            # finding the trumps is the task: no ★, sorted by printed suit (jokers first)
            self.hand.set_cards(sorted(hand, key=lambda c: (-1 if c.is_joker else c.index // 13, -c.index)), None)
        else:
            self.hand.set_cards(hand, ctx)
        self.hand.set_selectable(None)
        # a choice shows its cards, or else the lead it asks about (a throw, a last trick)
        shown = getattr(step, "cards", ()) or (step.lead if isinstance(step, Choose) else ())
        self.cards.set_cards(shown, ctx if isinstance(step, Narration) and step.position else None)
        if isinstance(step, Narration) and step.highlight:
            wanted = list(step.highlight)
            for i, card in enumerate(self.cards.cards):
                if card in wanted:
                    wanted.remove(card)
                    self.cards.selected.add(i)
        self._show_trick(solved=self.run.index in self.run.solved)
        self.options = []
        if isinstance(step, Choose):
            for n, option in enumerate(step.options, 1):
                action = lambda n=n: self.choose(n - 1)  # noqa: E731
                if option.cards and not option.label:
                    self.options.append(CardOption(self.services, option.cards, action, n))
                else:
                    label = lambda o=option: bilingual(o.label, self.bilingual, " / ")  # noqa: E731
                    self.options.append(Button(self.services, label, action, hotkey=n, px=18))
        self.options_menu = Menu(self.options)
        self._sync_buttons()
        self.resize(self.metrics)

    def _show_trick(self, solved: bool) -> None:
        step, ctx = self.step, self.run.ctx
        trick = getattr(step, "trick", None)
        if trick is not None:
            plays = []
            for i, cards in enumerate(trick.plays):
                if cards is None and not solved:
                    break
                if cards is None:
                    cards = tuple(self.answered or ())
                plays.append((trick.seat_of(i), list(cards)))
            winner = None
            if solved and len(plays) == 4 and ctx is not None:
                winner = trick.seat_of(trick_winner([list(c) for _s, c in plays], ctx))
            self.trick.set_trick(plays, winner, ctx)
        elif isinstance(step, Declare) and step.shown is not None:
            self.trick.set_trick([step.shown], None, None)
        else:
            self.trick.set_trick([])

    def _sync_feedback(self) -> None:
        feedback = self.run.feedback
        if self.show_hint or feedback is None:
            self.feedback.background = NEUTRAL
        else:
            self.feedback.background = RIGHT if feedback.correct else WRONG

    def _sync_buttons(self) -> None:
        self._sync_feedback()
        task = self.run.is_task and not isinstance(self.step, Choose)
        self.check.enabled = task and self.run.index not in self.run.solved and \
            (bool(self.hand.selected) or isinstance(self.step, Declare))
        self.passing.enabled = isinstance(self.step, Declare) and self.run.index not in self.run.solved
        self.prev.enabled = self.run.index > 0
        self.hint.enabled = bool(self.step.hint)
        last = self.run.index == len(self.run.steps) - 1
        self.next.enabled = self.run.can_advance() and (not last or self.run.finished)
        self.link.enabled = isinstance(self.step, Recap) and bool(self.lesson.rules_topic)

    # ----------------------------------------------------------------- actions

    def choose(self, index: int) -> None:
        if self.run.index in self.run.solved:
            return
        self.run.answer(index)
        self._after_answer(None)

    def submit(self) -> None:
        if not self.check.enabled:
            return
        cards = self.hand.selected_cards()
        self.run.answer(cards)
        self._after_answer(cards)

    def pass_(self) -> None:
        if self.passing.enabled:
            self.run.answer([])
            self._after_answer([])

    def _after_answer(self, cards: list[Card] | None) -> None:
        feedback = self.run.feedback
        if feedback is not None and feedback.correct:
            self.answered = cards
            self._show_trick(solved=True)
        self._sync_buttons()

    def forward(self) -> None:
        if self.run.next():
            self.furthest = max(self.furthest, self.run.index)
            self.answered = None
            self._load_step()
        elif self.run.finished:
            self.finish()

    def back(self) -> None:
        if self.run.back():
            self.answered = None
            self._load_step()

    def go(self, index: int) -> None:
        self.run.go(index)
        self.answered = None
        self._load_step()

    def toggle_hint(self) -> None:
        self.show_hint = not self.show_hint
        self._sync_feedback()

    def toggle_bilingual(self) -> None:
        self.bilingual = not self.bilingual

    def finish(self) -> None:
        """Record the result (the store keeps the best) and return to the browser."""
        self.record()
        self.services.app.back()

    def record(self) -> None:
        if self.saves_progress and self.run.finished and not self.recorded:
            self.services.store.record_lesson(self.lesson.id, completed=True, mistakes=self.run.mistakes,
                                              stars=self.run.stars)
            self.recorded = True

    def exit(self) -> None:
        if self.saves_progress and not self.recorded and self.lesson.id not in self.services.store.progress:
            self.services.store.record_lesson(self.lesson.id, completed=False, mistakes=self.run.mistakes, stars=0)

    def open_reference(self) -> None:
        from .rules import RulesReferenceScene

        self.services.app.stack.push(RulesReferenceScene(self.services, self.lesson.rules_topic))

    # ----------------------------------------------------------------- text

    def goal_text(self) -> str:
        step = self.step
        if isinstance(step, Recap):
            return bilingual(step.heading or N_("Remember"), self.bilingual)
        return bilingual(step.goal, self.bilingual) if step.goal else bilingual(self.lesson.concept, self.bilingual)

    def body_text(self) -> str:
        step, on = self.step, self.bilingual
        parts = []
        if step.text:
            parts.append(bilingual(step.text, on))
        question = getattr(step, "question", None)
        if question:
            parts.append(bilingual(question, on))
        if isinstance(step, Recap):
            parts.extend("· " + bilingual(line, on) for line in step.recap)
        caption = getattr(step, "caption", None)
        if caption:
            parts.append(bilingual(caption, on))
        if isinstance(step, SelectCards) and step.others:
            parts.append(_("The other hands: {hands}").format(
                hands=" | ".join(hints.cards_text(h) for h in step.others)))
        if isinstance(step, Task) and step.position is not None and not isinstance(step, Declare):
            trump = hints.suit_name(step.position.trump) if step.position.trump else _("no-trump")
            parts.append(_("Level {level}, trumps: {trump}").format(level=step.position.level, trump=trump))
        if isinstance(step, Declare):
            parts.append(_("Level {level}").format(level=step.position.level if step.position else "?"))
        return "\n".join(parts)

    def feedback_text(self) -> str:
        feedback, on = self.run.feedback, self.bilingual
        if self.show_hint and self.step.hint:
            return _("Hint: {hint}").format(hint=bilingual(self.step.hint, on))
        if feedback is None or feedback.step is not self.step:
            if self.run.index in self.run.solved:
                return _("Solved. Press Next.")
            if isinstance(self.step, Choose):
                return _("Pick an answer (number keys or click).")
            if isinstance(self.step, Declare):
                return _("Select the cards to show, or press Pass.")
            if self.run.is_task:
                return _("Select cards in your hand, then press {button}.").format(button=self.check_label())
            if self.run.index == len(self.run.steps) - 1:
                return _("Lesson complete: {stars}").format(stars="★" * self.run.stars) if self.run.finished \
                    else _("Some tasks are still open: use the dots to go back to them.")
            return _("Press Next to go on.")
        return "\n".join([feedback.title(), *feedback.lines()])

    def check_label(self) -> str:
        if isinstance(self.step, PlayTrick):
            return _("Play")
        if isinstance(self.step, Declare):
            return _("Show")
        return _("Check")

    def next_label(self) -> str:
        last = self.run.index == len(self.run.steps) - 1
        return _("Finish") if last else _("Next")

    def link_label(self) -> str:
        return _("Rules: this topic")

    # ----------------------------------------------------------------- layout

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        area = self.chrome.place(m)
        gap = m.px(10)
        self.dots.place((area.left, area.top, area.width, m.px(22)), m)
        y = area.top + m.px(22) + gap // 2
        goal_h = m.px(44) if not self.bilingual else m.px(60)
        self.goal.place((area.left, y, area.width, goal_h), m)
        y += goal_h + gap // 2
        buttons_h = m.px(46)
        feedback_h = m.px(92)
        bottom = area.bottom - buttons_h
        self.feedback.place((area.left, bottom - gap - feedback_h, area.width, feedback_h), m)
        free = pygame.Rect(area.left, y, area.width, self.feedback.rect.top - gap - y)
        step = self.step
        has_visual = bool(getattr(step, "hand", ()) or getattr(step, "cards", ()) or getattr(step, "trick", None)
                          or getattr(step, "table", False) or isinstance(step, Declare))
        limit = free.height // 3 if has_visual or isinstance(step, Choose) else free.height
        text_h = min(limit, self._body_height(free.width, m))
        self.body.place((free.left, free.top, free.width, text_h), m)
        self._laid_out_for = (i18n.language(), self.bilingual)
        self.visual = pygame.Rect(free.left, free.top + text_h + gap, free.width, free.height - text_h - gap)
        self._place_visual(m)
        # bottom row: back, hint, both languages | pass, check, next
        bw = min(m.px(150), (area.width - 6 * gap) // 7)
        row = bottom + (buttons_h - m.px(42)) // 2
        self.prev.place((area.left, row, bw, m.px(42)), m)
        self.hint.place((area.left + bw + gap, row, bw, m.px(42)), m)
        self.both.place((area.left + 2 * (bw + gap), row, int(bw * 1.3), m.px(42)), m)
        self.link.place((area.left + 2 * (bw + gap) + int(bw * 1.3) + gap, row, int(bw * 1.4), m.px(42)), m)
        x = area.right
        for button in (self.next, self.check, self.passing):
            x -= bw
            button.place((x, row, bw, m.px(42)), m)
            x -= gap

    def _body_height(self, width: int, m: Metrics) -> int:
        """The body panel's height for its text at full size (padding included)."""
        pad = m.px(self.body.padding)
        text = self.body_text()
        if not text:
            return 0
        layout = layout_text(self.services.fonts, text, m.fpx(self.body.px), width - 2 * pad)
        return layout.height + 2 * pad + m.px(4)

    def trick_captions(self) -> list[tuple[TextLayout, tuple[int, int]]]:
        """Who played what: a small label beside each play of the trick (above the
        side seats' cards, right of the top and bottom ones)."""
        if not self.trick.rect.height:
            return []
        m, r = self.metrics, self.trick.rect
        found = []
        for seat, rects in self.trick.play_rects().items():
            if not rects:
                continue
            cards = rects[0].unionall(rects)
            width = m.px(150)
            layout = fit_text(self.services.fonts, _(SEAT_LABELS[seat]), m.fpx(14), width, m.px(22),
                              colour=ON_FELT_SOFT, align="center" if seat % 2 else "left", min_px=9)
            if seat % 2:  # left and right: above the cards
                x = min(max(r.left, cards.centerx - width // 2), r.right - width)
                y = max(r.top, cards.top - m.px(22))
            else:  # you and partner: right of the cards
                x = min(cards.right + m.px(6), r.right - width)
                y = cards.centery - layout.height // 2
            found.append((layout, (x, y)))
        return found

    def _place_trick(self, rect: pygame.Rect, m: Metrics) -> None:
        """Place the trick view a few pixels shorter when its cards would be an odd
        number of pixels tall: ``TrickView`` then draws the bottom play a pixel below
        its box."""
        for shrink in range(8):
            self.trick.place((rect.left, rect.top, rect.width, rect.height - shrink), m)
            if card_height(self.trick.card_width()) % 2 == 0:
                return

    def _place_visual(self, m: Metrics) -> None:
        v, step, gap = self.visual, self.step, m.px(10)
        hidden = (0, 0, 0, 0)
        for widget in (self.hand, self.cards, self.trick, self.table):
            widget.place(hidden, m)
        if isinstance(step, Choose):
            has_picture = bool(step.cards or step.lead or step.trick)
            cols = pygame.Rect(v)
            if has_picture:
                left_w = int(v.width * 0.55)
                picture = pygame.Rect(v.left, v.top, left_w, v.height)
                if step.trick is not None:
                    self._place_trick(picture, m)
                else:
                    self.cards.place(picture.inflate(0, -max(0, picture.height - m.px(170))), m)
                cols = pygame.Rect(v.left + left_w + gap, v.top, v.width - left_w - gap, v.height)
            pictures = any(isinstance(b, CardOption) for b in self.options)
            per_row = 2 if pictures and len(self.options) > 2 else 1  # card pictures: a grid, bigger cards
            rows = max(1, -(-len(self.options) // per_row))
            h = min(m.px(130) if pictures else m.px(52), (cols.height - gap * (rows - 1)) // rows)
            full = cols.width if has_picture else min(cols.width, m.px(620 if per_row == 1 else 820))
            w = (full - gap * (per_row - 1)) // per_row
            x = cols.left if has_picture else cols.centerx - full // 2
            for i, button in enumerate(self.options):
                row, col = divmod(i, per_row)
                button.place((x + col * (w + gap), cols.top + row * (h + gap), w, h), m)
            return
        if isinstance(step, Narration):
            if step.table:
                self.table.place(v, m)
            elif step.cards:
                h = min(v.height, m.px(200))
                self.cards.place((v.left, v.top + (v.height - h) // 2, v.width, h), m)
            return
        if isinstance(step, (SelectCards, PlayTrick, Declare)):
            table = bool(self.trick.plays) or isinstance(step, (PlayTrick, Declare))
            hand_h = min(m.px(190), v.height * 9 // 20 if table else v.height)
            if table:
                self._place_trick(pygame.Rect(v.left + v.width // 6, v.top, v.width * 2 // 3, v.height - hand_h - gap), m)
            top = v.bottom - hand_h if table else v.top + (v.height - hand_h) // 2
            self.hand.place((v.left, top, v.width, hand_h), m)

    def update(self, dt: float) -> None:
        """Text heights depend on the language and the bilingual view: lay out again
        when either changed (F2 may be pressed anywhere)."""
        if self._laid_out_for != (i18n.language(), self.bilingual):
            self.resize(self.metrics)

    # ----------------------------------------------------------------- events and drawing

    def _buttons(self) -> list[Button]:
        return [self.prev, self.hint, self.both, self.link, self.passing, self.check, self.next]

    def _shown_buttons(self) -> list[Button]:
        """The buttons this step uses, drawn even while disabled (greyed) so the
        learner sees what comes next."""
        step = self.step
        uses = {self.prev: True, self.both: True, self.next: True, self.hint: bool(step.hint),
                self.link: self.link.enabled, self.passing: isinstance(step, Declare),
                self.check: self.run.is_task and not isinstance(step, Choose)}
        return [button for button in self._buttons() if uses[button]]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.options and self.run.index not in self.run.solved:
                    self.options[self.options_menu.focus].activate()  # the option ↑/↓ moved to
                elif self.check.enabled:
                    self.submit()
                else:
                    self.forward()
                return None
            if event.key == pygame.K_BACKSPACE:
                self.back()
                return None
            if event.key == pygame.K_h:
                self.toggle_hint()
                return None
            if event.key == BILINGUAL_KEY:
                self.toggle_bilingual()
                return None
            if event.key == pygame.K_p and self.passing.enabled:
                self.pass_()
                return None
        if self.dots.handle_event(event) is None:
            return None
        for button in self._buttons():
            if button.enabled and button.handle_event(event) is None:
                return None
        if self.options and self.options_menu.handle_event(event) is None:
            return None
        if self.hand.cards and self.run.index not in self.run.solved and self.hand.handle_event(event) is None:
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        self.dots.draw(surface)
        self.goal.draw(surface)
        if self.body_text():
            self.body.draw(surface)
        if isinstance(self.step, Narration) and self.step.table:
            self.table.draw(surface)
        self.cards.draw(surface)
        if self.trick.rect.height:
            self.trick.draw(surface)
            for layout, topleft in self.trick_captions():
                layout.draw(surface, topleft)
        self.hand.draw(surface)
        for button in self.options:
            self._draw_option(surface, button)
        self.feedback.draw(surface)
        for button in self._shown_buttons():
            button.draw(surface)

    def _draw_option(self, surface: pygame.Surface, button: Button) -> None:
        button.draw(surface)
        step = self.step
        if isinstance(step, Choose) and self.run.index in self.run.solved:
            index = self.options.index(button)
            if index in correct_options(step, self.run.ctx):
                pygame.draw.rect(surface, ACCENT, button.rect, 4, border_radius=self.metrics.px(10))

    def widgets(self) -> list[Widget]:
        visible: list[Widget] = [*self.chrome.widgets(), self.dots, self.goal, self.feedback]
        if self.body_text():
            visible.append(self.body)
        for widget in (self.hand, self.cards, self.trick, self.table):
            if widget.rect.width and widget.rect.height:
                visible.append(widget)
        visible.extend(self.options)
        visible.extend(self._shown_buttons())
        return visible

    def text_layouts(self) -> list[TextLayout]:
        captions = [layout for layout, _pos in self.trick_captions()]
        return self.chrome.text_layouts() + super().text_layouts() + captions

