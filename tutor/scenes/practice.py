"""The practice table: one match against three AI players, with the coach.

The scene shows a ``PracticeTable`` (``tutor/practice.py``) and turns clicks and keys
into its moves; it owns only timing (the speed setting) and what is on screen.

Screen: status top left (level, trumps), 闲分 top right, the coach's panel on the left,
the trick in the middle, the learner's hand at the bottom with the hint line above it,
the main action button (Play / Bury / Done) beside the hint line, and on the right a
column of table controls (declare buttons while dealing; hint, undo, last trick,
speed, coach on/off while playing).

Keys: ←/→ and ↑/↓/Space choose cards (the hand fan), Enter or 1 plays, H hint, U undo,
L last trick; every button also has its number key.  A click on a card that cannot be chosen is refused with the reason,
and resting the pointer on it shows the reason too.

``autoplay`` drives the learner's seat with its AI *through this scene's event
handling* (synthetic clicks on cards and buttons), for the headless demo and tests.
"""

from __future__ import annotations

import random
import traceback
from collections import Counter
from typing import TYPE_CHECKING, Callable

import pygame

from engine import trick_winner
from engine.cards import Card
from engine.events import Event, TrickWon
from engine.game import BURYING, DEALING, DECLARING, HAND_OVER, MATCH_OVER, SEED_LIMIT, TRICKS, Game

from .. import coach
from ..i18n import N_, _
from ..practice import PracticeTable
from ..scene import Scene
from ..settings import ANIMATION_SPEEDS, DEMO_MATCH_FILE, MATCH_FILE
from ..theme import FELT, Metrics
from ..widgets import Button, HandFan, HintLine, Menu, PointsPanel, SeatLabel, StatusPanel, TextPanel, TrickView, table_layout
from ..widgets.base import Widget
from ..widgets.status import UNDECIDED
from .settings import SPEED_TEXT

if TYPE_CHECKING:
    from ..services import Services

DELAYS: dict[str, tuple[float, float, float]] = {
    "off": (0.0, 0.0, 0.0),
    "fast": (0.01, 0.25, 0.7),
    "normal": (0.03, 0.6, 1.4),
    "slow": (0.08, 1.1, 2.4),
}
"""Seconds per speed setting: after a card dealt, after a play, showing a won trick."""
FLASH_SECONDS = 4.0
"""How long a refusal stays in the hint line."""
MAX_DECLARE_BUTTONS = 3
"""Declare buttons shown at once (hotkeys 2-4; the speed button is 5)."""
HAND_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE)
DEMO_SEED = 2026
"""The demo's first deal: the learner does not deal, so it follows in the first trick."""
COACH_LINES = 3
"""The coach's latest sentences shown in its panel."""


class PracticeTableScene(Scene):
    """See the module docstring.  Without ``table`` it resumes the saved match, or
    starts a new one (``seed``: the first deal; random when ``None``)."""

    def __init__(self, services: "Services", table: PracticeTable | None = None, *,
                 seed: int | None = None, autoplay: bool = False, slot: str | None = None) -> None:
        super().__init__(services)
        store = services.store
        self.slot = slot or (DEMO_MATCH_FILE if autoplay else MATCH_FILE)
        """The file the match is saved in: a demo never overwrites the learner's match."""
        if table is None:
            table = self._resume() if seed is None else None
        if table is None:
            seed = random.randrange(SEED_LIMIT) if seed is None else seed
            table = PracticeTable(Game(store.settings.rule_set(), seed), coached=store.settings.coach,
                                  seed=seed)
        self.table = table
        self.autoplay = autoplay
        self.busy = autoplay
        """The headless demo runs frames while this is true (the hand is not over yet)."""
        learner = table.learner
        self.hand = HandFan(services, on_change=self._selection_changed)
        self.trick = TrickView(services, viewer=learner)
        self.status = StatusPanel(services)
        self.points = PointsPanel(services)
        self.seats = [SeatLabel(services, self._seat_name(s), self._seat_role(s)) for s in range(4)]
        self.hint = HintLine(services, self._hint_text)
        """The hint line above the hand."""
        self.coach_panel = TextPanel(services, self._coach_text, px=17, min_px=11)
        self.play = Button(services, self._action_label, self._submit, hotkey=1, enabled=False)
        """The main action: Play, Bury, Done (declaring) or Summary."""
        self.main_menu = Menu([self.play], horizontal=True)
        self.hint_button = Button(services, N_("Hint"), self._hint, px=18, hotkey=2)
        self.undo_button = Button(services, N_("Undo"), self._undo, px=18, hotkey=3)
        self.last_button = Button(services, N_("Last trick"), self._toggle_last, px=18, hotkey=4)
        self.speed_button = Button(services, self._speed_label, self._cycle_speed, px=18, hotkey=5)
        self.coach_button = Button(services, self._coach_label, self._toggle_coach, px=18, hotkey=6)
        self.declare_buttons: list[Button] = []
        self.declare_options: list[tuple[Card, ...]] = []
        """The declaration each declare button makes."""
        self.side_menu = Menu([])
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.wait = 0.0
        """Seconds until the next automatic move."""
        self.shown: tuple[list[tuple[int, list[Card]]], int] | None = None
        """A finished trick kept on the table for a moment: plays and winner."""
        self.shown_left = 0.0
        self.show_last = False
        self.flash: str | None = None
        self.flash_left = 0.0
        self.hover: str | None = None
        self.ladder: coach.HintStep | None = None
        self._hand_key: tuple[Card, ...] | None = None
        self._declare_key: tuple | None = None
        self._sync()

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        """``--scene practice``: with ``--autoplay`` a whole hand from the deal; otherwise
        the first trick the learner follows (seed ``DEMO_SEED`` unless ``--seed``), with the
        coach's first hint shown.  ``--deal CODE`` plays that deal instead of a seed's."""
        options = services.app.options
        seed = options.seed if options is not None and options.seed is not None else DEMO_SEED
        table = None
        if options is not None and options.deal:
            table = PracticeTable(Game.from_deal_code(options.deal),
                                  coached=services.store.settings.coach, seed=seed)
        if options is not None and options.autoplay:
            return [cls(services, table, seed=seed, autoplay=True)]
        scene = cls(services, table, seed=seed, slot=DEMO_MATCH_FILE)
        scene.play_out(until=lambda table: table.phase == TRICKS and table.learner_to_act
                       and bool(table.view.lead))
        scene._hint()
        return [scene]

    def _resume(self) -> PracticeTable | None:
        """The saved match, or ``None``.  One that does not replay is set aside with a
        notice (never deleted), whatever is wrong with it: an unforeseen error is
        printed for the developers, and the learner gets a new match."""
        store = self.services.store
        data = store.load_match(self.slot)
        if data is None:
            return None
        try:
            return PracticeTable.from_dict(data)
        except ValueError as exc:  # InvalidSaveError and every other ShengjiError
            store.match_failed(exc, self.slot)
        except Exception as exc:  # noqa: BLE001 - a bug must not cost the learner the app
            traceback.print_exc()
            store.match_failed(exc, self.slot)
        return None

    # ------------------------------------------------------------ names and texts

    def _seat_name(self, seat: int) -> Callable[[], str]:
        return lambda: coach.seat_label(seat, self.table.learner)

    def _seat_role(self, seat: int) -> Callable[[], str]:
        def role() -> str:
            dealer = self.table.game.dealer
            if dealer is None:
                return ""
            if seat == dealer:
                return _("Dealer")
            return _("Dealer's side") if seat % 2 == dealer % 2 else _("Attacker")
        return role

    def _action_label(self) -> str:
        phase = self.table.phase
        if phase == BURYING:
            return _("Bury")
        if phase in (DEALING, DECLARING):
            return _("Done")
        if phase in (HAND_OVER, MATCH_OVER):
            return _("Summary")
        return _("Play")

    def _speed_label(self) -> str:
        return _("Speed: {speed}").format(speed=_(SPEED_TEXT[self.services.store.settings.animation_speed]))

    def _coach_label(self) -> str:
        return _("Coach: on") if self.table.coached else _("Coach: off")

    def _hint_text(self) -> str:
        if self.hover:
            return self.hover
        if self.flash:
            return self.flash
        if self.show_last:
            return _("The last trick. Press L to go back.")
        return self.table.hint_line(self.hand.selected_cards())

    def ladder_texts(self) -> list[str]:
        """The last two hints climbed for this decision, in the language now chosen."""
        if self.ladder is None:
            return []
        steps = [self.table.hint_again(rung) for rung in range(max(0, self.ladder.rung - 1),
                                                                 self.ladder.rung + 1)]
        return [step.text for step in steps if step is not None] or [self.ladder.text]

    def _coach_text(self) -> str:
        if not self.table.coached:
            return _("The coach is off. Turn it on for hints and explanations.")
        table = self.table
        if table.phase == BURYING and table.learner_to_act:
            return "\n\n".join(s.text() for s in table.bury_advice(self.hand.selected_cards()))
        lines = self.ladder_texts()
        room = COACH_LINES - len(lines) - (self.metrics.scale < 0.9)
        lines += [said.text() for said in reversed(self.table.messages[-room:])] if room > 0 else []
        tip = table.tip()
        if len(lines) < COACH_LINES - 1 and tip is not None:
            lines.append(tip.text())
        return "\n\n".join(lines)

    # ------------------------------------------------------------ layout

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        rects = table_layout(m)
        margin = m.px(14)
        left, right = rects.seats[3], rects.seats[1]
        coach_w = m.px(270)
        bottom = rects.hint.top - m.px(10)
        self.coach_rect = pygame.Rect(margin, left.bottom + m.px(10), coach_w, bottom - left.bottom - m.px(10))
        trick = pygame.Rect(rects.trick)
        trick.left = self.coach_rect.right + margin
        trick.width = right.left - margin - trick.left
        self.status.place(rects.status, m)
        self.points.place(rects.points, m)
        for seat, rect in enumerate(rects.seats):
            self.seats[(self.table.learner + seat) % 4].place(rect, m)
        self.trick.place(trick, m)
        me = pygame.Rect(rects.seats[0])
        me.width = max(me.width, m.px(230))  # room for the role and card count on one line
        hint = pygame.Rect(rects.hint)
        hint.left, hint.width = me.right + margin, rects.hint.right - me.right - margin
        self.seats[self.table.learner].place(me, m)
        self.hint.place(hint, m)
        self.play.place(rects.buttons, m)
        self.hand.place(rects.hand, m)
        self.coach_panel.place(self.coach_rect, m)
        self.side_rect = pygame.Rect(right.left, right.bottom + m.px(10), right.width,
                                     bottom - right.bottom - m.px(10))
        self._place_side()

    def widgets(self) -> list[Widget]:
        return [self.status, self.points, *self.seats, self.coach_panel, self.trick, self.hint,
                self.play, *self.side_menu.buttons, self.hand]

    def _place_side(self) -> None:
        m = self.metrics
        buttons = self.side_menu.buttons
        if not buttons:
            return
        gap = m.px(8)
        h = min(m.px(44), (self.side_rect.height - gap * (len(buttons) - 1)) // len(buttons))
        for n, button in enumerate(buttons):
            button.place((self.side_rect.left, self.side_rect.top + n * (h + gap), self.side_rect.width, h), m)

    # ------------------------------------------------------------ syncing widgets to the table

    def _sync(self) -> None:
        """Bring every widget up to date after the table changed (never in ``draw``)."""
        table, game = self.table, self.table.game
        view = table.view
        hand = tuple(view.hand)
        if hand != self._hand_key:
            self._hand_key = hand
            self.hand.set_cards(hand, game.ctx)
        self._selection_changed(self.hand.selected_cards())
        for seat, label in enumerate(self.seats):
            label.cards_left = len(game.hand(seat))
            label.active = game.turn == seat and game.phase in (BURYING, TRICKS)
        declaration = game.declaration
        trump = game.trump if game.ctx is not None else (declaration.trump if declaration else UNDECIDED)
        dealer = game.dealer if game.dealer is not None else (declaration.seat if declaration else None)
        mine, theirs = game.team_levels[table.learner % 2], game.team_levels[1 - table.learner % 2]
        self.status.set_status(
            game.level, trump,
            (lambda: coach.seat_label(dealer, table.learner)) if dealer is not None else "",
            ((N_("Our level"), mine), (N_("Their level"), theirs)))
        self.points.set_points(view.attacker_points, table.attacker_cards())
        self._sync_trick()
        self._sync_side()

    def _sync_trick(self) -> None:
        game = self.table.game
        if self.show_last and game.tricks:
            record = game.tricks[-1]
            self.trick.set_trick([(p.seat, p.cards) for p in record.plays], record.winner, game.ctx)
        elif self.shown is not None:
            plays, winner = self.shown
            self.trick.set_trick(plays, winner, game.ctx)
        elif game.trick and game.ctx is not None:
            plays = [(p.seat, list(p.cards)) for p in game.trick]
            leader = trick_winner([cards for _, cards in plays], game.ctx)
            self.trick.set_trick(plays, plays[leader][0], game.ctx)
        else:
            self.trick.set_trick([], None, game.ctx)

    def _declare_candidates(self) -> list[tuple[Card, ...]]:
        """Declarations the learner's cards could make (level cards, joker pairs)."""
        game = self.table.game
        counts = Counter(c for c in game.hand(self.table.learner)
                         if c.is_joker or c.rank == game.level)
        options: list[tuple[Card, ...]] = []
        for card, n in sorted(counts.items(), key=lambda kv: kv[0].index):
            if not card.is_joker:
                options.append((card,))
            if n >= 2:
                options.append((card, card))
        return options

    def _sync_side(self) -> None:
        table = self.table
        if table.phase in (DEALING, DECLARING):
            legal = {d.cards for d in table.declaration_options()}
            candidates = self._declare_candidates()
            candidates.sort(key=lambda cards: cards not in legal)
            key = (tuple(candidates[:MAX_DECLARE_BUTTONS]), frozenset(legal))
            if key != self._declare_key:
                self._declare_key = key
                self.declare_options = candidates[:MAX_DECLARE_BUTTONS]
                self.declare_buttons = [
                    Button(self.services, self._declare_label(cards), self._declarer(cards), px=18,
                           enabled=cards in legal, hotkey=2 + n)
                    for n, cards in enumerate(self.declare_options)]
                self.side_menu = Menu(self.declare_buttons + [self.speed_button])
                self._place_side()
        elif self.side_menu.buttons[:1] != [self.hint_button]:
            self._declare_key = None
            self.side_menu = Menu([self.hint_button, self.undo_button, self.last_button,
                                   self.speed_button, self.coach_button])
            self._place_side()
        self.hint_button.enabled = table.coached and table.phase == TRICKS and table.learner_to_act
        self.undo_button.enabled = table.can_undo
        self.last_button.enabled = bool(table.game.tricks)

    @staticmethod
    def _declare_label(cards: tuple[Card, ...]) -> Callable[[], str]:
        return lambda: _("Declare {cards}").format(cards=coach.cards_label(cards))

    def _declarer(self, cards: tuple[Card, ...]) -> Callable[[], None]:
        def declare() -> None:
            if any(d.cards == cards for d in self.table.declaration_options()):
                self.table.declare(cards)
                self._sync()
        return declare

    def _selection_changed(self, selected: list[Card]) -> None:
        allowed = self.table.selectable(selected)
        if self.table.phase in (DEALING, DECLARING):
            allowed = None  # nothing to choose yet: show the cards as dealt, not dimmed
        self.hand.selectable = None if allowed is None else frozenset(allowed | set(selected))
        self.play.enabled = self._action_ready(selected)

    def _action_ready(self, selected: list[Card]) -> bool:
        table = self.table
        if table.phase == DECLARING:
            return table.learner_to_act
        if table.phase in (HAND_OVER, MATCH_OVER):
            return True
        return table.can_submit(selected)

    # ------------------------------------------------------------ the learner's actions

    def _submit(self) -> None:
        table = self.table
        if table.phase == DECLARING:
            table.close_declaring()
        elif table.phase in (HAND_OVER, MATCH_OVER):
            self._open_summary()
            return
        else:
            result = table.submit(self.hand.selected_cards())
            if result.refusal is not None:
                self._refuse(result.refusal)
                return
            self.ladder = None
            self._took(list(result.events))
            self.wait = self._delays()[1]
        self._sync()

    def _refuse(self, text: str) -> None:
        self.flash, self.flash_left = text, FLASH_SECONDS

    def _hint(self) -> None:
        step = self.table.hint()
        if step is None:
            return
        self.ladder = step
        if step.rung == coach.ANSWER:
            self._select(step.cards)
        self._sync()

    def _select(self, cards: tuple[Card, ...]) -> None:
        """Select exactly ``cards`` in the hand (the hint's answer)."""
        want = Counter(cards)
        chosen: set[int] = set()
        for i, card in enumerate(self.hand.cards):
            if want[card] > 0:
                want[card] -= 1
                chosen.add(i)
        self.hand.selected = chosen
        self._selection_changed(self.hand.selected_cards())

    def _undo(self) -> None:
        if self.table.undo():
            self.shown = None
            self.ladder = None
            self.flash = None
            self._sync()

    def _toggle_last(self) -> None:
        self.show_last = not self.show_last and bool(self.table.game.tricks)
        self._sync_trick()

    def _cycle_speed(self) -> None:
        settings = self.services.store.settings
        settings.animation_speed = ANIMATION_SPEEDS[
            (ANIMATION_SPEEDS.index(settings.animation_speed) + 1) % len(ANIMATION_SPEEDS)]
        self.services.store.save_settings()

    def _toggle_coach(self) -> None:
        self.table.coached = not self.table.coached
        self.services.store.settings.coach = self.table.coached
        self.services.store.save_settings()
        self.ladder = None
        self._sync()

    def _delays(self) -> tuple[float, float, float]:
        return DELAYS[self.services.store.settings.animation_speed]

    # ------------------------------------------------------------ events

    def _unpickable_at(self, i: int | None) -> Card | None:
        """The card at hand position ``i`` if the learner may not add it now."""
        if i is None or i in self.hand.selected:
            return None
        allowed = self.table.selectable(self.hand.selected_cards())
        card = self.hand.cards[i]
        return None if allowed is None or card in allowed else card

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            card = None
            if self.table.phase in (BURYING, TRICKS):  # while dealing, the hint line is about declaring
                card = self._unpickable_at(self.hand.card_at(event.pos))
            self.hover = self.table.why_not(self.hand.selected_cards(), card) if card else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self._unpickable_at(self.hand.card_at(event.pos))
            if card is not None:
                self._refuse(self.table.why_not(self.hand.selected_cards(), card))
                return None
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play.activate()
                return None
            keys = {pygame.K_h: self.hint_button, pygame.K_u: self.undo_button,
                    pygame.K_l: self.last_button}
            if event.key in keys:
                keys[event.key].activate()
                return None
            if event.key in (pygame.K_UP, pygame.K_SPACE) and self.hand.focus is not None:
                card = self._unpickable_at(self.hand.focus)
                if card is not None:
                    self._refuse(self.table.why_not(self.hand.selected_cards(), card))
                    return None
            if event.key in HAND_KEYS:  # the hand's, though the menus use arrows too
                return self.hand.handle_event(event)
        for handler in (self.main_menu, self.side_menu, self.hand):
            if handler.handle_event(event) is None:
                return None
        return event

    def exit(self) -> None:
        self._save()

    def _save(self) -> None:
        store = self.services.store
        if self.table.phase == MATCH_OVER:
            store.clear_match(self.slot)
        else:
            store.save_match(self.table.to_dict(), self.slot)

    # ------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        if self.flash is not None:
            self.flash_left -= dt
            if self.flash_left <= 0:
                self.flash = None
        if self.shown is not None:
            self.shown_left -= dt
            if self.shown_left > 0:
                return
            self.shown = None
            self._sync_trick()
        table = self.table
        if table.phase in (HAND_OVER, MATCH_OVER):
            self._open_summary()
            return
        self.wait -= dt
        if self.wait > 0:
            return
        if table.learner_to_act:
            if self.autoplay:
                self._autopilot()
            return
        while self.wait <= 0 and self.shown is None and not table.learner_to_act \
                and table.phase not in (HAND_OVER, MATCH_OVER):
            events = table.step()
            self._took(events)
            if self.autoplay and table.declaring_chance:
                self._autopilot_declare()
            if not events:
                break
        self._sync()

    def _took(self, events: list[Event]) -> None:
        """Pace the table by what just happened; keep a won trick on show a moment."""
        deal, play, pause = self._delays()
        for event in events:
            if event.kind == "card_dealt":
                self.wait += deal
            elif event.kind == "play_made":
                self.wait += play
            elif isinstance(event, TrickWon):
                self._save()  # closing the window gives no scene a chance to save
                if pause > 0:
                    record = self.table.game.tricks[event.trick]
                    self.shown = ([(p.seat, list(p.cards)) for p in record.plays], record.winner)
                    self.shown_left = pause
        if self.show_last and any(isinstance(e, TrickWon) for e in events):
            self.show_last = False

    def _open_summary(self) -> None:
        from .summary import HandSummaryScene

        self.busy = False
        if self.services.app.stack.top is self:
            self._save()
            self.services.app.stack.push(HandSummaryScene(self.services, self))

    def next_hand(self) -> None:
        """Called by the summary: deal the next hand of the match (or a new match)."""
        if self.table.phase == MATCH_OVER:
            store = self.services.store
            store.clear_match(self.slot)
            seed = random.randrange(SEED_LIMIT)
            self.table = PracticeTable(Game(store.settings.rule_set(), seed), coached=self.table.coached,
                                       seed=seed)
        else:
            self.table.next_hand()
        self.busy = self.autoplay
        self.ladder = None
        self._hand_key = None
        self._sync()

    def replay(self, game: Game) -> None:
        """Called by the summary: play ``game`` (the same deal again) at this table."""
        old = self.table
        self.table = PracticeTable(game, old.learner, coached=old.coached, ai_kind=old.ai_kind,
                                   seed=old.seed)
        self.busy = self.autoplay
        self.ladder = None
        self._hand_key = None
        self._sync()

    def play_out(self, until: Callable[[PracticeTable], bool] | None = None, dt: float = 0.5) -> None:
        """Play on with the learner's seat on autopilot (through the same synthetic input
        as ``autoplay``) until ``until(table)`` holds, by default to the end of the hand."""
        done = until or (lambda table: table.phase in (HAND_OVER, MATCH_OVER))
        autoplay, self.autoplay = self.autoplay, True
        self.resize(self.metrics)
        while not done(self.table):
            self.update(dt)
            if self.table.learner_to_act and done(self.table):
                break
        self.autoplay = autoplay
        self.shown = None
        self._sync()

    # ------------------------------------------------------------ autoplay: synthetic input

    def _click(self, pos: tuple[int, int]) -> None:
        self.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    def _autopilot(self) -> None:
        """The learner's AI acts through clicks on the cards and the action button."""
        move = self.table.auto_move()
        if self.table.phase == DECLARING:
            if move is not None:
                self._press_declare(tuple(move))
            self._click(self.play.rect.center)
            return
        assert move is not None
        self.hand.clear()
        want = Counter(move)
        rects = self.hand.card_rects()
        for i, card in enumerate(self.hand.cards):
            if want[card] > 0 and i not in self.hand.selected:
                want[card] -= 1
                point = (rects[i].left + max(2, rects[i].width // 8), rects[i].bottom - rects[i].height // 3)
                assert self.hand.card_at(point) == i, "the card's visible strip is under the pointer"
                self._click(point)
        self._click(self.play.rect.center)

    def _autopilot_declare(self) -> None:
        move = self.table.auto_move()
        if move is not None:
            self._press_declare(tuple(move))

    def _press_declare(self, cards: tuple[Card, ...]) -> None:
        """Click the declare button for ``cards`` (when it is among those shown)."""
        self._sync_side()
        for button, option in zip(self.declare_buttons, self.declare_options):
            if option == cards and button.enabled:
                self._click(button.rect.center)
                return

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        self.status.draw(surface)
        self.points.draw(surface)
        for seat in self.seats:
            seat.draw(surface)
        self.coach_panel.draw(surface)
        self.trick.draw(surface)
        self.hint.draw(surface)
        self.main_menu.draw(surface)
        self.side_menu.draw(surface)
        self.hand.draw(surface)
