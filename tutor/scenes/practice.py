"""The practice table: one match against three AI players, with the coach.

The scene shows a ``PracticeTable`` (``tutor/practice.py``), owns the widgets, and
routes each event, frame and drawing to the controller of the hand's phase and to the
view covering the trick (``tutor/scenes/table/``: the phases, the views, the events'
moments, flights, input, clock, layout, saving, the autopilot).  It owns only time
(the speed setting: pauses and cards in motion) and what is on screen.

Screen: status top left (level, trumps), 闲分 top right, the coach's panel on the left
(the card counter under it when on), the trick in the middle with its corner facts,
the hand at the bottom with the hint line above it, the main action button beside the
hint line, and on the right a column of table controls (declare buttons while dealing).

``draw`` only paints: every text is computed when the table changes (the engine is
asked then) and only put into words when drawn.  ``autoplay`` drives the learner's
seat with its AI through this scene's event handling (``table/autopilot.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from engine.cards import Card
from engine.events import Event
from engine.game import BURYING, DEALING, DECLARING, MATCH_OVER, TRICKS, Game

from .. import coach
from ..i18n import N_
from ..practice import PracticeTable, Words
from ..scene import Scene
from ..settings import DEMO_MATCH_FILE, MATCH_FILE
from ..text import READABLE_PX
from ..theme import FELT, ON_FELT, Metrics
from ..widgets import Button, HandFan, HintLine, Menu, PointsPanel, SeatLabel, StatusPanel, TextPanel, TrickView
from ..widgets.base import Widget
from ..widgets.counter import CardCounter
from ..widgets.motion import Motion
from ..widgets.scroll_text import ScrollText
from .table import layout
from .table.autopilot import Autopilot
from .table.burying import BuryingPhase
from .table.clock import TableClock
from .table.controls import TableControls
from .table.declaring import DeclaringPhase
from .table.flights import Flights
from .table.hand_over import HandOverPhase
from .table.input import TableInput
from .table.moments import Moments
from .table.overlays import KITTY, LAST, CounterOverlay, KittyView, Peek, PreviousTrick
from .table.phase import COACH_LINES, TablePhase
from .table.playing import PlayingPhase
from .table.status import TableStatus
from .table.saving import MatchSaver, demo_table, new_table
from .table.timing import PACES, RULES_KEPT_SECONDS, Pace, rules_kept
from .table.words import TableWords

if TYPE_CHECKING:
    from ..services import Services

__all__ = ["COACH_LINES", "DEMO_SEED", "KITTY", "LAST", "PACES", "PracticeTableScene"]

DEMO_SEED = 2026
"""The demo's first deal: the learner does not deal, so it follows in the first trick."""


class PracticeTableScene(Scene):
    """See the module docstring.  Without ``table`` it resumes the saved match, or
    starts a new one (``seed``: the first deal; random when ``None``)."""

    deal_moments = True
    """Declarations, overrides and the kitty taken hold the table (the guided hand's own)."""

    def __init__(self, services: "Services", table: PracticeTable | None = None, *,
                 seed: int | None = None, autoplay: bool = False, slot: str | None = None) -> None:
        super().__init__(services)
        self.saver = MatchSaver(services.store, slot or (DEMO_MATCH_FILE if autoplay else MATCH_FILE))
        resumed = self.saver.resume() if table is None and seed is None else None
        self.table = table or resumed or new_table(services.store.settings, seed)
        self.autoplay = autoplay
        self.busy = autoplay
        """The headless demo runs frames while this is true (the hand is not over yet)."""
        self.hand = HandFan(services, on_change=self._selection_changed)
        self.trick = TrickView(services, viewer=self.table.learner)
        self.status = StatusPanel(services)
        self.points = PointsPanel(services)
        self.about = TableStatus(self)
        self.seats = [SeatLabel(services, self.about.seat_name(s), self.about.seat_role(s)) for s in range(4)]
        self.words = TableWords(self)
        self.hint = HintLine(services, self.words.hint_text)
        """The hint line above the hand."""
        self.coach_panel = ScrollText(services, self.words.coach_text, px=17, min_px=11, more=N_("more ↓"))
        """The coach's words: the font shrinks to fit, and a text still too long scrolls."""
        self.counter = CardCounter(services)
        self.caption = TextPanel(services, self.words.caption_text, px=17, min_px=11, colour=ON_FELT,
                                 background=None, align="center")
        """Words on the felt: the declaration and what overrides it, the kitty's cards."""
        self.info = TextPanel(services, self.words.info_text, px=15, min_px=10, colour=ON_FELT,
                              background=None)
        """The trick's corner: its number, the cards left, the points on it."""
        self.motion = Motion(services)
        self.moments = Moments(self)
        self.moment_panel = TextPanel(services, self.moments.text, px=17, min_px=14, background=None, padding=0)
        """The words of a table event's moment, beside its cards (``table/moments.py``)."""
        self.play = Button(services, self._action_label, self._submit, hotkey=1, enabled=False)
        """The main action: Play, Bury, Done (declaring) or Summary."""
        self.main_menu = Menu([self.play], horizontal=True)
        self.side_menu = Menu([])
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.left_rect = pygame.Rect(0, 0, 0, 0)
        """The coach's panel and the card counter share this column."""
        # the parts: one controller per phase, the views over the trick, motion, autopilot
        self.declaring = DeclaringPhase(self)
        self.burying = BuryingPhase(self)
        self.playing = PlayingPhase(self)
        self.hand_over = HandOverPhase(self)
        self.peeks: dict[str, Peek] = {LAST: PreviousTrick(self), KITTY: KittyView(self)}
        self.counter_view = CounterOverlay(self)
        self.flights = Flights(self)
        self.autopilot = Autopilot(self)
        self.controls = TableControls(self)
        self.input = TableInput(self)
        self.clock = TableClock(self)
        self.peek: str | None = None
        """``LAST`` or ``KITTY`` while that view covers the trick."""
        self.ladder: coach.HintStep | None = None
        self._to_act = False
        self.kitty_rects: list[pygame.Rect] = []
        self._sync()
        if resumed and self.table.game.rules != services.store.settings.practice_rules():
            # a resumed match plays on under the rules it began with
            self.words.refuse(rules_kept, RULES_KEPT_SECONDS)

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        """``--scene practice``: with ``--autoplay`` a whole hand from the deal; otherwise
        the first trick the learner follows (seed ``DEMO_SEED`` unless ``--seed``), with the
        coach's first hint shown (``--deal``, ``--decks``: ``demo_table``)."""
        options = services.options
        seed = options.seed if options is not None and options.seed is not None else DEMO_SEED
        table = demo_table(services.store.settings, options, seed)
        if options is not None and options.autoplay:
            return [cls(services, table, seed=seed, autoplay=True)]
        scene = cls(services, table, seed=seed, slot=DEMO_MATCH_FILE)
        scene.play_out(until=lambda table: table.phase == TRICKS and table.learner_to_act
                       and bool(table.view.lead))
        scene._hint()
        return [scene]

    @property
    def slot(self) -> str:
        return self.saver.slot

    @property
    def pace(self) -> Pace:
        return PACES[self.services.store.settings.animation_speed]

    @property
    def phase(self) -> TablePhase:
        """The controller of the table's phase now."""
        phase = self.table.phase
        if phase in (DEALING, DECLARING):
            return self.declaring
        if phase == BURYING:
            return self.burying
        return self.playing if phase == TRICKS else self.hand_over

    # ------------------------------------------------------------ words (hooks of the guided hand)

    def _action_label(self) -> str:
        return self.phase.action_label()

    def _action_ready(self, selected: list[Card]) -> bool:
        return self.phase.action_ready(selected)

    # ------------------------------------------------------------ layout

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        layout.place_all(self, metrics)
        self.counter_view.place()
        layout.place_side(self)
        layout.place_caption(self)
        self.place_kitty()
        self.moments.place()
        self._sync_words()  # what fits the coach's panel depends on its size

    def place_kitty(self) -> None:
        """The kitty in the middle of the table: the kitty view, or turned up at the end."""
        cards = self.peeks[self.peek].kitty_cards() if self.peek is not None else self.hand_over.kitty_cards()
        self.kitty_rects = layout.kitty_rects(self, cards)

    def widgets(self) -> list[Widget]:
        shown: list[Widget] = [self.status, self.points, *self.seats, self.coach_panel, self.trick, self.hint,
                               self.play, *self.side_menu.buttons, self.hand, self.info, self.caption]
        if self.counter_view.shown:
            shown.append(self.counter)
        if self.moments.now is not None:
            shown += [self.moment_panel, self.moments.go_on]
        return shown

    # ------------------------------------------------------------ syncing widgets to the table

    def _sync(self) -> None:
        """Bring every widget and text up to date after the table changed (never in
        ``draw``): the engine is asked here, once per change."""
        table = self.table
        if table.learner_to_act and not self._to_act:
            self.words.flash = None  # a "wait for your turn" must not linger into the turn
        self._to_act = table.learner_to_act
        self.about.sync_hand()
        self._selection_changed(self.hand.selected_cards())
        self.about.sync()
        self.counter_view.sync()
        self._sync_trick()
        self._sync_side()
        self.counter_view.place()  # first: the words that fit the coach's panel depend on its size
        self._sync_words()
        layout.place_caption(self)
        self.place_kitty()

    def _sync_trick(self) -> None:
        if self.peek is not None:
            self.peeks[self.peek].sync_trick()
        else:
            self.phase.sync_trick()

    def trick_changed(self) -> None:
        """A play landed or a trick was gathered."""
        self._sync_trick()
        self.words.info = self.phase.info_words()

    def landed_in_hand(self) -> None:
        """A card dealt to the learner landed in the hand."""
        self.about.sync_hand()
        self._selection_changed(self.hand.selected_cards())
        if self.table.phase in (DEALING, DECLARING):
            self._sync_side()  # the declare buttons and words count it now
            self._sync_words()

    def _sync_side(self) -> None:
        self.controls.sync()
        for widget in (*self.widgets(), self.counter, self.moment_panel, self.moments.go_on, *self.declaring.buttons):
            widget.text_floor = READABLE_PX  # every text at the table readable at 960×600

    def _declaring_buttons(self) -> list[Button]:
        """The table controls under the declare buttons while dealing."""
        return [self.controls.game, self.controls.speed]

    def _playing_buttons(self) -> list[Button]:
        return self.controls.playing_buttons()

    def _sync_words(self) -> None:
        self.words.sync()

    def _selection_changed(self, selected: list[Card]) -> None:
        table = self.table
        allowed = table.selectable(selected)
        if table.phase in (DEALING, DECLARING):
            allowed = None  # nothing to choose yet: show the cards as dealt, not dimmed
        self.hand.selectable = None if allowed is None else frozenset(allowed | set(selected))
        self.play.enabled = self._action_ready(selected)
        self.words.selection(selected)

    # ------------------------------------------------------------ the learner's actions

    def _submit(self) -> None:
        self.phase.submit()

    def _declarer(self, n: int) -> Callable[[], None]:
        return self.declaring.declarer(n)

    def _refuse(self, words: Words) -> None:
        self.words.refuse(words)

    def _hint(self) -> None:
        self.phase.hint()

    def _select(self, cards: tuple[Card, ...]) -> None:
        """Select exactly ``cards`` in the hand (the hint's answer)."""
        self.hand.select(cards)

    def _undo(self) -> None:
        self.phase.undo()

    def _toggle_peek(self, view: str) -> None:
        self.peek = None if self.peek == view else view
        self._sync_trick()
        self._sync_side()
        self.place_kitty()

    # ------------------------------------------------------------ events and time

    def on_button(self, pos: tuple[int, int]) -> bool:
        return any(b.rect.collidepoint(pos) for b in (*self.main_menu.buttons, *self.side_menu.buttons))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return self.input.handle(event)

    def update(self, dt: float) -> None:
        self.clock.update(dt)

    def _advance(self) -> list[Event] | None:
        """The next automatic move's events; ``None`` while an AI seat is thinking."""
        return self.clock.advance()

    def _took(self, events: list[Event]) -> None:
        self.flights.took(events)

    def _gather(self) -> None:
        self.flights.gather()

    def _autopilot(self) -> None:
        self.autopilot.act()

    def _click(self, pos: tuple[int, int]) -> None:
        self.autopilot.click(pos)

    def _press_declare(self, cards: tuple[Card, ...]) -> None:
        self.autopilot.press_declare(cards)

    # ------------------------------------------------------------ saving

    def exit(self) -> None:
        self._save()

    def _save(self) -> None:
        self.saver.save(self.table)

    def _save_soon(self) -> None:
        self.saver.save_soon(self.table)

    # ------------------------------------------------------------ the hand's end

    def _open_summary(self) -> None:
        """The hand summary over the table (found by name: no scene imports another)."""
        self.busy = False
        navigator = self.services.navigator
        if navigator.is_top(self):
            self._save()
            self.saver.keep(self.services.history, self.table)
            navigator.push(self.services.scenes["summary"](self.services, self))

    def _fresh(self) -> None:
        self.flights.land_all()
        self.hand_over.forget()
        self.busy = self.autoplay
        self.ladder = None
        self.about.hand_key = None
        self.resize(self.metrics)
        self._sync()

    def next_hand(self) -> None:
        """Called by the summary: deal the next hand of the match (or a new match)."""
        if self.table.phase == MATCH_OVER:
            self.saver.clear()
            self.table = new_table(self.services.store.settings, coached=self.table.coached)
        else:
            self.table.next_hand()
        self._fresh()

    def replay(self, game: Game) -> None:
        """Play ``game`` at this table: the same deal again (the summary), a new match of
        the game chosen (the Game button)."""
        old = self.table
        self.table = PracticeTable(game, old.learner, coached=old.coached, ai_kind=old.ai_kind,
                                   opponents=old.opponents, seed=old.seed)
        self._fresh()

    def play_out(self, until: Callable[[PracticeTable], bool] | None = None, dt: float = 0.5) -> None:
        """Play on with the learner's seat on autopilot until ``until(table)`` holds, by
        default to the end of the hand (``Autopilot.play_out``)."""
        self.autopilot.play_out(until, dt)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        self.status.draw(surface)
        self.points.draw(surface)
        for seat in self.seats:
            seat.draw(surface)
        self.coach_panel.draw(surface)
        self.counter_view.draw(surface)
        if self.peek is not None:
            self.peeks[self.peek].draw(surface)
        else:
            self.info.draw(surface)  # about the trick in progress, not the one looked at
            self.phase.draw(surface)
            self.trick.draw(surface)
            self.caption.draw(surface)
            self.moments.draw(surface)
        self.hint.draw(surface)
        self.main_menu.draw(surface)
        self.side_menu.draw(surface)
        self.hand.draw(surface)
        self.motion.draw(surface)
