"""The guided first hand: the practice table with a guide (``tutor.guided``).

The scene is the practice table scene (motion, declaring display, kitty marking,
card counter, narration by trick) driving a ``GuidedTable``: the coach's panel on
the left is the guide's (the narration of the moment, a stop's goal, its hint on H,
the feedback on an answer, then the coach's comments on the tricks and on the plays
the guide made for the learner); the line above the hand says what to do.  At a
narration the main button reads Continue; at a stop it reads Pass (declaring, beside
one declare button per level card held), Bury or Play, and any cards may be chosen:
the stop's rule judges them.  At the end the kitty is turned up, the scoring moment
is read, and the real hand summary follows with the guide's last word, the stars,
and the way on: the next lesson in the index's order, or the hand again.

Nothing is saved but the lesson progress: the hand starts again from the deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from engine import Rules
from engine.game import HAND_OVER, MATCH_OVER

from ..guided import GuidedTable
from ..i18n import N_, _, ngettext
from ..lessons import LessonLibrary
from ..lessons.feedback import tr
from ..lessons.hand import GuidedHand
from ..lessons.marking import STARS_RULE
from ..scene import Scene
from ..text import READABLE_PX
from ..widgets import Button, Menu
from .lessons.words import stars_text
from .practice import COACH_LINES, PracticeTableScene
from .summary import HandSummaryScene, summary_lines

if TYPE_CHECKING:
    from ..services import Services


class GuidedHandScene(PracticeTableScene):
    """A ``GuidedHand`` played at the practice table (see the module docstring)."""

    deal_moments = False

    def __init__(self, services: "Services", guided: GuidedHand, rules: Rules | None = None,
                 library: LessonLibrary | None = None) -> None:
        self.guided = guided
        self.library = library
        self.recorded = False
        self.declare_hint = Button(services, N_("Hint"), self._hint, px=18, hotkey=9)
        """The hint button beside the declare buttons (their numbers start at 2)."""
        rules = rules if rules is not None else services.store.settings.rule_set()
        super().__init__(services, GuidedTable(guided, rules))

    @classmethod
    def demo(cls, services: "Services", guided: GuidedHand | None = None, moment: int | None = None) -> list[Scene]:
        """The hand at moment ``moment`` (1-based, the learner answering every stop as
        the script did; default the first), or its summary for a summary moment; without
        ``guided``, the library's guided hand (``--scene first_hand``)."""
        if guided is None:
            found = services.lessons.next_lesson({}, services.store.settings.rule_set(), kinds=(GuidedHand,))
            assert isinstance(found, GuidedHand), "the lessons hold a guided hand"
            guided = found
        scene = cls(services, guided)
        moments = guided.moments
        wanted = moments[min(max(1, moment or 1), len(moments)) - 1]
        if wanted.at.when == "summary":
            scene.play_out(until=lambda table: table.phase in (HAND_OVER, MATCH_OVER)
                           and all(m.at.when == "summary" for m in table.todo))
            scene.table_guided.go_on()
            return [scene, GuidedSummaryScene(services, scene)]
        scene.play_out(until=lambda table: table.pending is wanted)
        return [scene]

    @property
    def table_guided(self) -> GuidedTable:
        table = self.table
        assert isinstance(table, GuidedTable)
        return table

    # ------------------------------------------------------------ words and buttons

    def _action_label(self) -> str:
        table = self.table_guided
        moment = table.pending
        if moment is not None and not moment.is_stop:
            return _("Continue")
        if moment is not None:
            return {"declaration": _("Pass"), "safe_bury": _("Bury")}.get(moment.answer or "", _("Play"))
        return super()._action_label()

    def _action_ready(self, selected: list) -> bool:
        table = self.table_guided
        moment = table.pending
        if moment is not None and not moment.is_stop:
            return True
        if moment is not None and moment.answer == "declaration":
            return not table.revealed  # the answer shown is a declaration: press its button
        if moment is not None:
            return table.can_submit(selected)
        return table.phase in (HAND_OVER, MATCH_OVER)

    def _sync_words(self) -> None:
        super()._sync_words()
        self.words.coach = self._guide_words()

    def _selection_changed(self, selected: list) -> None:
        super()._selection_changed(selected)
        self.words.coach = self._guide_words()

    def _guide_words(self) -> list[Callable[[], str]]:
        """The guide's panel: its words, then (between moments) the coach's comments on
        the last trick, the latest first."""
        table = self.table_guided
        words = table.guide_words()
        if table.pending is None and table.phase in (HAND_OVER, MATCH_OVER):
            return words  # the hand summary says the rest: nothing for it to cover
        if table.pending is None:
            room = COACH_LINES - len(words) - (self.metrics.scale < 0.9)
            comments = table.current_comments()[-room:] if room > 0 else []
            words += [comment.text for comment in reversed(comments)]
        return words

    def _declaring_buttons(self) -> list[Button]:
        table = self.table_guided
        return ([self.declare_hint] if table.stop is not None else []) + [self.controls.speed]

    def _playing_buttons(self) -> list[Button]:
        buttons = [self.controls.hint, self.controls.last]
        if self.table.own_kitty() is not None:
            buttons.append(self.controls.kitty)
        return buttons + [self.controls.counter, self.controls.speed]

    def _sync_side(self) -> None:
        super()._sync_side()
        stop = self.table_guided.stop
        self.controls.hint.enabled = self.declare_hint.enabled = stop is not None and bool(stop.hint)
        self.controls.hint.pressed = self.declare_hint.pressed = self.table_guided.show_hint
        if stop is not None and stop.answer == "declaration":
            for menu in (self.side_menu, self.main_menu):  # no choice looks like the one to make
                menu.focus_at(None)
        elif self.main_menu.focus is None:
            self.main_menu.focus_at(0)

    # ------------------------------------------------------------ the learner's acts

    def _advance(self):  # noqa: ANN202 - as the practice table's
        if self.table_guided.open_due():
            self._sync()
            return []
        return super()._advance()

    def _submit(self) -> None:
        table = self.table_guided
        moment = table.pending
        if moment is not None and not moment.is_stop:
            table.go_on()
        elif moment is not None and moment.answer == "declaration":
            self._took(table.answer(()))
        elif moment is not None:
            self._submit_cards()
            return
        elif table.phase in (HAND_OVER, MATCH_OVER):
            self._open_summary()
            return
        self._sync()

    def _submit_cards(self) -> None:
        table = self.table_guided
        result = table.submit(self.flights.lift(self.hand))
        if result.events:
            if self.clock.shown is not None:
                self._gather()
            self._took(list(result.events))
            self.clock.wait = self.pace.play
        elif table.revealed:
            self._select(table.answer_cards())
        self._sync()

    def _declarer(self, n: int) -> Callable[[], None]:
        def declare() -> None:
            choices = self.declaring.choices
            cards = choices[n] if n < len(choices) else None
            if cards is not None:
                self._took(self.table_guided.answer(cards))
                self._sync()
        return declare

    def _hint(self) -> None:
        table = self.table_guided
        if table.stop is not None and table.stop.hint:
            table.show_hint = not table.show_hint
            self._sync()

    def _autopilot(self) -> None:
        """Answer the pending moment as the script did (for demos and tests)."""
        table = self.table_guided
        moment = table.pending
        if moment is None:
            return
        if not moment.is_stop:
            self._click(self.play.rect.center)
        elif moment.answer == "declaration":
            move = table.auto_move()
            if move:
                self._press_declare(tuple(move))
            else:
                self._click(self.play.rect.center)
        else:
            super()._autopilot()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and self.table_guided.stop is not None:
            self._hint()
            return None
        return super().handle_event(event)

    # ------------------------------------------------------------ the end

    def _open_summary(self) -> None:
        """The scoring moment first (the kitty turned up), then the summary."""
        table = self.table_guided
        if table.pending is not None:
            if self.autoplay:
                self._autopilot()
            return
        if table.open_due():
            self._sync()
            return
        self.busy = False
        navigator = self.services.navigator
        if navigator.is_top(self):
            self._record(completed=True)
            navigator.push(GuidedSummaryScene(self.services, self))

    def _record(self, completed: bool) -> None:
        store = self.services.store
        table = self.table_guided
        if completed and not self.recorded:
            store.record_lesson(self.guided.id, completed=True, mistakes=table.mistakes, stars=table.stars)
            self.services.history.add_lesson(self.guided.id, table.stars)  # the stars over time
            self.recorded = True
        elif not completed and self.guided.id not in store.progress:
            store.record_lesson(self.guided.id, completed=False, mistakes=table.mistakes, stars=0)

    def next_hand(self) -> None:
        """The guided hand has no next hand: it starts again from the deal."""
        self.table = GuidedTable(self.guided, self.table.game.rules)
        self.recorded = False
        self._fresh()

    def exit(self) -> None:
        self._record(completed=False)

    def _save(self) -> None:
        """Nothing to save: the guided hand starts again from the deal."""

    def _save_soon(self) -> None:
        """Nothing to save (see ``_save``)."""


def hand_result_line(stars: int, mistakes: int, rights: int) -> str:
    """The guided hand's result in words that agree with its counts."""
    if not mistakes:
        return _("Your first hand: {stars}, every answer right the first time.").format(stars=stars_text(stars))
    return ngettext("Your first hand: {stars}: {right} right, {n} wrong answer.",
                    "Your first hand: {stars}: {right} right, {n} wrong answers.",
                    mistakes).format(stars=stars_text(stars), right=rights, n=mistakes)


class GuidedSummaryScene(HandSummaryScene):
    """The real hand summary, then the guide's last word, the stars, and the way on."""

    def __init__(self, services: "Services", table_scene: GuidedHandScene) -> None:
        super().__init__(services, table_scene)
        self.onward = Button(services, N_("Next lesson"), self._next_lesson, hotkey=1)
        self.again = Button(services, N_("Play it again"), self._again, hotkey=2)
        self.menu = Menu([self.onward, self.again], horizontal=True)
        for button in self.menu.buttons:
            button.text_floor = READABLE_PX  # as the practice summary's buttons

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        raise NotImplementedError("shown through GuidedHandScene.demo")

    def update(self, dt: float) -> None:
        """The summary's sentences without the practice table's, the stars, then the
        guide's last word (made once per language)."""
        language = self.services.translator.language
        if self._body[0] != language:
            table = self.table_scene.table
            assert isinstance(table, GuidedTable)
            lines = summary_lines(table, practice=False)
            lines.append(hand_result_line(table.stars, table.mistakes, table.rights))
            lines.append(_(STARS_RULE))
            lines += [tr(m.text) for m in table.summary_moments() if m.text]
            self._body = (language, "\n".join(lines))

    def _leave_to_lessons(self) -> None:
        navigator = self.services.navigator
        navigator.pop()
        navigator.back()

    def _next_lesson(self) -> None:
        """The lesson after the guided hand in the index's order (``lesson_after``)."""
        from ..lessons import default_library

        library = self.table_scene.library or default_library()
        rules = self.table_scene.table.game.rules
        after = library.lesson_after(self.table_scene.guided.id, rules)
        self._leave_to_lessons()
        if after is not None:
            self.services.navigator.push(self.services.scenes["lesson"](self.services, after, rules, library=library))

    def _again(self) -> None:
        self.services.navigator.pop()
        self.table_scene.next_hand()

    def _leave(self) -> None:
        self._leave_to_lessons()
