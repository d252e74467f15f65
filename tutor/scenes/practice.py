"""The practice table: one match against three AI players, with the coach.

The scene shows a ``PracticeTable`` (``tutor/practice.py``) and turns clicks and keys
into its moves; it owns only time (the speed setting: pauses and cards in motion) and
what is on screen.

Screen: status top left (level, trumps), 闲分 top right, the coach's panel on the left
(and the card counter under it when turned on), the trick in the middle (the leader
tagged, the winner so far framed, the trick number and the points on the trick in its
corner), the learner's hand at the bottom with the hint line above it, the main action
button (Play / Bury / Done) beside the hint line, and on the right a column of table
controls: declare buttons while dealing (one per face the learner could declare with,
in the order the faces arrived, so they never move); hint, undo, last trick, kitty
(the dealer's own), card counter, coach on/off and speed while playing.

Declaring: the hand is sorted as it will be played from the first card (level cards
and jokers are ★ trumps, the declared suit next); the declaration standing lies at the
declarer's seat with a caption saying who declared what and what overrides it; an
override flashes.  Burying: the 8 cards picked up are outlined until the bury is done.
At the end of the hand the kitty flies to the table with its multiplier.

Motion: cards fly from the hand or the seat to the table, and from the trick to its
winner; the deal flies card by card (a click on the table skips it).  Everything is
driven by ``update(dt)`` and nothing waits for a flight: input is taken all the time.
At the speed "No animation" nothing moves and nothing pauses.

Keys: ←/→ and ↑/↓/Space choose cards (the hand fan), Enter or 1 plays, H hint, U undo,
L last trick, K the kitty (dealer), C the card counter; every button also has its
number key; the wheel or Page Up/Down scrolls the coach's panel when its words run
long.  In the last-trick and kitty views any key or click returns.  A click on a card
that cannot be chosen is refused with the reason, and resting the pointer on it shows
the reason too.

``draw`` only paints: every text is computed when the table changes (the engine is
asked then) and only put into words when drawn.

``autoplay`` drives the learner's seat with its AI *through this scene's event
handling* (synthetic clicks on cards and buttons), for the headless demo and tests.
"""

from __future__ import annotations

import random
import traceback
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from engine import points, trick_winner
from engine.cards import Card
from engine.events import Event, HandScored, Overridden, PlayMade, Redealt, TrickWon
from engine.game import BURYING, DEALING, DECLARING, HAND_OVER, MATCH_OVER, SEED_LIMIT, TRICKS, Game

from .. import coach
from ..i18n import N_, _, ngettext
from ..practice import PracticeTable, Thought, Words
from ..scene import Scene
from ..settings import ANIMATION_SPEEDS, DEMO_MATCH_FILE, MATCH_FILE, OPPONENT_KINDS
from ..theme import FELT, FOCUS, ON_FELT, Metrics
from ..widgets import Button, HandFan, HintLine, Menu, PointsPanel, SeatLabel, StatusPanel, TextPanel, TrickView, table_layout
from ..widgets.base import Widget
from ..widgets.card_art import card_height
from ..widgets.counter import COLUMNS, CardCounter
from ..widgets.motion import Flight, Motion
from ..widgets.scroll_text import ScrollText
from ..widgets.status import UNDECIDED
from .settings import SPEED_TEXT

if TYPE_CHECKING:
    from ..services import Services


@dataclass(frozen=True)
class Pace:
    """Seconds, per speed setting: the pauses of the table and how long cards fly."""

    deal: float
    """Between two cards dealt."""
    play: float
    """After a play, before the next seat acts."""
    show: float
    """A finished trick stays on the table this long before its winner gathers it."""
    deal_flight: float
    play_flight: float
    gather_flight: float
    kitty: float
    """The kitty, turned up on the table at the end of the hand, before the summary."""


PACES: dict[str, Pace] = {
    "off": Pace(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    "fast": Pace(0.01, 0.25, 0.6, 0.12, 0.16, 0.2, 1.2),
    "normal": Pace(0.03, 0.6, 1.1, 0.2, 0.26, 0.32, 2.2),
    "slow": Pace(0.08, 1.1, 2.0, 0.32, 0.42, 0.5, 3.5),
}
"""At "off" nothing moves and nothing pauses (flights of 0 s land at once)."""
FLASH_SECONDS = 4.0
RULES_KEPT_SECONDS = 8.0


def rules_kept() -> str:
    """Said when a saved match resumes under rules other than those now in Settings."""
    return _("This match keeps its rules; your new rule settings start with the next match.")
"""How long a refusal stays in the hint line."""
OVERRIDE_SECONDS = 1.8
"""How long an override flashes at the new declarer's seat."""
HAND_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE)
DEMO_SEED = 2026
"""The demo's first deal: the learner does not deal, so it follows in the first trick."""
COACH_LINES = 3
"""The coach's latest sentences shown in its panel."""
LAST, KITTY = "last", "kitty"
"""The two views that cover the trick for a moment (any key returns)."""
DECLARE_HOTKEYS = range(2, 8)
"""The declare buttons' numbers (there are at most six faces to declare with)."""
PASS_KEYS = (pygame.K_ESCAPE, pygame.K_F2)
"""Keys the "any key returns" views let through (back, language)."""
THINKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-thinking")
"""Where the AI seats think (a search may take a tenth of a second): the table keeps
drawing and taking input meanwhile."""
SAVER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="match-saving")
"""Where the match is saved after each trick (a flush to disk takes milliseconds);
one worker, so the saves land in order."""


@dataclass(frozen=True)
class Shown:
    """A finished trick kept on the table a moment before its winner gathers it."""

    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int
    leader: int
    number: int
    """1-based."""


class PracticeTableScene(Scene):
    """See the module docstring.  Without ``table`` it resumes the saved match, or
    starts a new one (``seed``: the first deal; random when ``None``)."""

    def __init__(self, services: "Services", table: PracticeTable | None = None, *,
                 seed: int | None = None, autoplay: bool = False, slot: str | None = None) -> None:
        super().__init__(services)
        self.slot = slot or (DEMO_MATCH_FILE if autoplay else MATCH_FILE)
        """The file the match is saved in: a demo never overwrites the learner's match."""
        if table is None:
            table = self._resume() if seed is None else None
        if table is None:
            table = self._new_table(seed)
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
        self.coach_panel = ScrollText(services, self._coach_text, px=17, min_px=11)
        """The coach's words: the font shrinks to fit, and a text still too long scrolls."""
        self.counter = CardCounter(services)
        self.caption = TextPanel(services, self._caption_text, px=17, min_px=11, colour=ON_FELT, background=None,
                                 align="center")
        """Words on the felt: the declaration and what overrides it, the kitty's cards."""
        self.info = TextPanel(services, self._info_text, px=15, min_px=10, colour=ON_FELT, background=None)
        """The trick's corner: its number, the cards left, the points on it."""
        self.motion = Motion(services)
        self.play = Button(services, self._action_label, self._submit, hotkey=1, enabled=False)
        """The main action: Play, Bury, Done (declaring) or Summary."""
        self.main_menu = Menu([self.play], horizontal=True)
        self.hint_button = Button(services, N_("Hint"), self._hint, px=18, hotkey=2)
        self.undo_button = Button(services, N_("Undo"), self._undo, px=18, hotkey=3)
        self.last_button = Button(services, N_("Last trick"), lambda: self._toggle_peek(LAST), px=18, hotkey=4)
        self.kitty_button = Button(services, N_("Kitty"), lambda: self._toggle_peek(KITTY), px=18, hotkey=5)
        self.counter_button = Button(services, self._counter_label, self._toggle_counter, px=18, hotkey=6)
        self.coach_button = Button(services, self._coach_label, self._toggle_coach, px=18, hotkey=7)
        self.speed_button = Button(services, self._speed_label, self._cycle_speed, px=18, hotkey=8)
        self.declare_buttons: list[Button] = []
        self.declare_faces: list[Card] = []
        self.declare_choices: list[tuple[Card, ...] | None] = []
        """What each declare button declares now (``None``: not allowed now)."""
        self.side_menu = Menu([])
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.left_rect = pygame.Rect(0, 0, 0, 0)
        """The coach's panel and the card counter share this column."""
        # time and what is on show
        self.wait = 0.0
        """Seconds until the next automatic move."""
        self.shown: Shown | None = None
        self.shown_left = 0.0
        self.landing = 0
        """Plays at the end of the trick on show still flying to the table."""
        self.inbound_seats = [0, 0, 0, 0]
        self.skip_deal = False
        self.kitty_reveal: HandScored | None = None
        self.kitty_landed = 0
        """The kitty's cards that have landed on the table at the end of the hand."""
        self.kitty_left = 0.0
        self.kitty_done = False
        self.override: Overridden | None = None
        self.override_left = 0.0
        self.peek: str | None = None
        self.background = True
        """AI seats think on ``THINKER`` (``play_out`` thinks in line)."""
        self.thinking: tuple[Thought, Future] | None = None
        self._saving: Future | None = None
        self.flash: Words | None = None
        self.flash_left = 0.0
        self.hover: Words | None = None
        self.ladder: coach.HintStep | None = None
        self._from_hand: list[tuple[Card, pygame.Rect]] = []
        self._hand_key: tuple | None = None
        self._to_act = False
        # words computed on change, put into words when drawn
        self._hint_words: Words = str
        self._coach_words: list[Words] = []
        self._caption_words: Words = str
        self._info_words: Words = str
        self.kitty_rects: list[pygame.Rect] = []
        self._sync()
        if table.game.rules != services.store.settings.rule_set():
            # a resumed match plays on under the rules it began with
            self.flash, self.flash_left = rules_kept, RULES_KEPT_SECONDS

    def _new_table(self, seed: int | None, coached: bool | None = None) -> PracticeTable:
        settings = self.services.store.settings
        seed = random.randrange(SEED_LIMIT) if seed is None else seed
        return PracticeTable(Game(settings.rule_set(), seed), coached=settings.coach if coached is None else coached,
                             opponents=OPPONENT_KINDS[settings.opponents], seed=seed)

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        """``--scene practice``: with ``--autoplay`` a whole hand from the deal; otherwise
        the first trick the learner follows (seed ``DEMO_SEED`` unless ``--seed``), with the
        coach's first hint shown.  ``--deal CODE`` plays that deal instead of a seed's."""
        options = services.options
        seed = options.seed if options is not None and options.seed is not None else DEMO_SEED
        table = None
        if options is not None and options.deal:
            table = PracticeTable(Game.from_deal_code(options.deal), coached=services.store.settings.coach,
                                  opponents=OPPONENT_KINDS[services.store.settings.opponents], seed=seed)
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

    @property
    def pace(self) -> Pace:
        return PACES[self.services.store.settings.animation_speed]

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

    def _counter_label(self) -> str:
        return _("Counter: on") if self.services.store.settings.card_counter else _("Counter: off")

    def _hint_text(self) -> str:
        if self.peek is not None:
            return self._peek_text()
        for words in (self.hover, self.flash):
            if words is not None:
                return words()
        return self._hint_words()

    def _coach_text(self) -> str:
        return self._joined(self._coach_words)

    @staticmethod
    def _joined(paragraphs: list[Words]) -> str:
        return "\n\n".join(words() for words in paragraphs)

    def _caption_text(self) -> str:
        return self._caption_words()

    def _info_text(self) -> str:
        return self._info_words()

    def _peek_text(self) -> str:
        game, learner = self.table.game, self.table.learner
        if self.peek == LAST and game.tricks:
            record = game.tricks[-1]
            line = ngettext("Last trick (trick {k}): {who} won it, {p} point.",
                            "Last trick (trick {k}): {who} won it, {p} points.", record.points).format(
                k=len(game.tricks), who=coach.seat_name(record.winner, learner), p=record.points)
        elif self.peek == KITTY:
            kitty = self.table.own_kitty() or ()
            line = ngettext("Your kitty: {n} cards, {p} point. Only you can see it.",
                            "Your kitty: {n} cards, {p} points. Only you can see it.", points(kitty)).format(
                n=len(kitty), p=points(kitty))
        else:
            return ""
        return coach.then(line, _("Press any key to go back."))

    def ladder_texts(self) -> list[str]:
        """The last two hints climbed for this decision, in the language now chosen."""
        if self.ladder is None:
            return []
        steps = [self.table.hint_again(rung) for rung in range(max(0, self.ladder.rung - 1),
                                                                 self.ladder.rung + 1)]
        return [step.text for step in steps if step is not None] or [self.ladder.text]

    def _last_rung(self) -> str:
        """The hint climbed last, in the language now chosen."""
        assert self.ladder is not None
        step = self.table.hint_again(self.ladder.rung)
        return (step or self.ladder).text

    # ------------------------------------------------------------ layout

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        rects = table_layout(m)
        margin = m.px(14)
        left, right = rects.seats[3], rects.seats[1]
        coach_w = m.px(270)
        bottom = rects.hint.top - m.px(10)
        self.left_rect = pygame.Rect(margin, left.bottom + m.px(10), coach_w, bottom - left.bottom - m.px(10))
        trick = pygame.Rect(rects.trick)
        trick.left = self.left_rect.right + margin
        trick.width = min(right.left, rects.points.left) - margin - trick.left
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
        self.motion.place(pygame.Rect((0, 0), m.size), m)
        self.side_rect = pygame.Rect(right.left, right.bottom + m.px(10), right.width,
                                     bottom - right.bottom - m.px(10))
        self.info.place((trick.left, trick.top, max(m.px(120), trick.width * 17 // 50), m.px(70)), m)
        self._place_left()
        self._place_side()
        self._place_caption()
        self._place_kitty()
        self._sync_words()  # what fits the coach's panel depends on its size

    def _place_left(self) -> None:
        """The coach's panel, with the card counter under it when it is on."""
        m, rect = self.metrics, self.left_rect
        if self._counter_shown():
            counter_h = min(m.px(190), rect.height * 11 // 20)
            self.coach_panel.place((rect.left, rect.top, rect.width, rect.height - counter_h - m.px(8)), m)
            self.counter.place((rect.left, rect.bottom - counter_h, rect.width, counter_h), m)
        else:
            self.coach_panel.place(rect, m)

    def _place_side(self) -> None:
        m = self.metrics
        buttons = self.side_menu.buttons
        if not buttons:
            return
        gap = m.px(6)
        h = min(m.px(44), (self.side_rect.height - gap * (len(buttons) - 1)) // len(buttons))
        for n, button in enumerate(buttons):
            button.place((self.side_rect.left, self.side_rect.top + n * (h + gap), self.side_rect.width, h), m)

    def _place_caption(self) -> None:
        """The caption on the felt: beside the declaration standing (toward the middle of
        the table), under the kitty on show, else in the middle."""
        m, r = self.metrics, self.trick.rect
        w, h = min(m.px(330), r.width * 5 // 11), m.px(96)
        box = pygame.Rect(0, 0, w, h)
        box.center = r.center
        game = self.table.game
        standing = game.declaration if self.table.phase in (DEALING, DECLARING) else None
        if standing is not None:
            cards = self.trick.slot_rects(standing.seat, len(standing.cards))
            group = cards[0].unionall(cards).inflate(2 * self.trick.frame_margin(), 2 * self.trick.frame_margin())
            pos = (standing.seat - self.table.learner) % 4
            gap = m.px(8)
            if pos in (0, 2):  # above or below the cards: the felt's width is free for an override's words
                box.width = min(m.px(460), r.width * 7 // 10)
            if pos == 0:
                box.midbottom = (group.centerx, group.top - gap)
            elif pos == 2:
                box.midtop = (group.centerx, group.bottom + gap)
            elif pos == 1:
                box.midright = (group.left - gap, group.centery)
            else:
                box.midleft = (group.right + gap, group.centery)
        elif self.kitty_rects:
            box.midtop = (r.centerx, self.kitty_rects[0].bottom + m.px(10))
        box.clamp_ip(r)
        self.caption.place(box, m)

    def _kitty_cards(self) -> tuple[Card, ...]:
        if self.peek == KITTY:
            return self.table.own_kitty() or ()
        if self.kitty_reveal is not None:
            return self.kitty_reveal.kitty
        return ()

    def _place_kitty(self) -> None:
        """A row of the kitty's cards in the middle of the table (the kitty view, or the
        kitty turned up at the end of the hand)."""
        cards = self._kitty_cards()
        r, m = self.trick.rect, self.metrics
        if not cards:
            self.kitty_rects = []
            return
        w = self.trick.card_width()
        step = min(w + m.px(6), (r.width - m.px(40) - w) // max(1, len(cards) - 1))
        x0 = r.centerx - (w + step * (len(cards) - 1)) // 2
        top = r.centery - card_height(w) // 2 - m.px(20)
        self.kitty_rects = [pygame.Rect(x0 + k * step, top, w, card_height(w)) for k in range(len(cards))]

    def _counter_shown(self) -> bool:
        return self.services.store.settings.card_counter and self.table.game.ctx is not None

    def widgets(self) -> list[Widget]:
        shown: list[Widget] = [self.status, self.points, *self.seats, self.coach_panel, self.trick, self.hint,
                               self.play, *self.side_menu.buttons, self.hand, self.info, self.caption]
        if self._counter_shown():
            shown.append(self.counter)
        return shown

    # ------------------------------------------------------------ syncing widgets to the table

    def _sync(self) -> None:
        """Bring every widget and text up to date after the table changed (never in
        ``draw``): the engine is asked here, once per change."""
        table, game = self.table, self.table.game
        view = table.view
        if table.learner_to_act and not self._to_act:
            self.flash = None  # a "wait for your turn" must not linger into the turn
        self._to_act = table.learner_to_act
        self._sync_hand()
        self._selection_changed(self.hand.selected_cards())
        for seat, label in enumerate(self.seats):
            label.cards_left = len(game.hand(seat)) - self.inbound_seats[seat]
            label.active = game.turn == seat and game.phase in (BURYING, TRICKS)
        declaration = game.declaration
        trump = game.trump if game.ctx is not None else (declaration.trump if declaration else UNDECIDED)
        dealer = game.dealer if game.dealer is not None else (declaration.seat if declaration else None)
        mine, theirs = (self._team_level(game, table.learner % 2),
                        self._team_level(game, 1 - table.learner % 2))
        self.status.set_status(
            game.level, trump,
            (lambda: coach.seat_label(dealer, table.learner)) if dealer is not None else "",
            ((N_("Our level"), mine), (N_("Their level"), theirs)))
        self.points.set_points(view.attacker_points, table.attacker_cards(), game.penalties)
        if self._counter_shown():
            self.counter.set_rows(table.still_out(COLUMNS))
        self._sync_trick()
        self._sync_side()
        self._place_left()  # first: the words that fit the coach's panel depend on its size
        self._sync_words()
        self._place_caption()
        self._place_kitty()

    @staticmethod
    def _team_level(game: Game, team: int) -> str:
        """A team's level; once the hand is scored, where it went from ("5 → 7"), so the
        new levels never sit unexplained beside the level this hand was played at."""
        now, before = game.team_levels[team], game.start_levels[team]
        if game.phase in (HAND_OVER, MATCH_OVER) and now != before:
            return f"{before} → {now}"
        return now

    def _sync_hand(self) -> None:
        table = self.table
        cards = tuple(table.shown_hand())
        ctx = table.trump_context()
        key = (Counter(cards), ctx, table.phase)
        if key != self._hand_key:
            self._hand_key = key
            self.hand.set_cards(cards, ctx)
            self.hand.set_marked(table.picked_up())

    def _trick_source(self) -> tuple[list[tuple[int, tuple[Card, ...]]], int | None]:
        """The plays on show (those still flying left out) and the seat that led."""
        game = self.table.game
        if self.shown is not None:
            plays, leader = list(self.shown.plays), self.shown.leader
        elif game.trick:
            plays, leader = [(p.seat, p.cards) for p in game.trick], game.trick[0].seat
        else:
            return [], None
        return plays[:len(plays) - min(self.landing, len(plays))], leader

    def _sync_trick(self) -> None:
        game = self.table.game
        if self.peek == LAST and game.tricks:
            record = game.tricks[-1]
            self.trick.set_trick([(p.seat, p.cards) for p in record.plays], record.winner, game.ctx, record.leader)
            return
        if self.peek == KITTY:
            self.trick.set_trick([], None, game.ctx)
            return
        if self.table.phase in (DEALING, DECLARING):
            standing = game.declaration
            plays = [(standing.seat, standing.cards)] if standing is not None else []
            self.trick.set_trick(plays, None, self.table.trump_context())
            return
        plays, leader = self._trick_source()
        winner = plays[trick_winner([list(c) for _s, c in plays], game.ctx)][0] if plays and game.ctx else None
        self.trick.set_trick(plays, winner, game.ctx, leader if plays else None)

    def _sync_side(self) -> None:
        table = self.table
        if table.phase in (DEALING, DECLARING):
            choices = table.declare_choices()
            faces = [face for face, _d in choices]
            if faces != self.declare_faces:
                self.declare_faces = faces
                self.declare_buttons = [
                    Button(self.services, self._declare_label(n), self._declarer(n), px=18, hotkey=hotkey)
                    for n, hotkey in zip(range(len(faces)), DECLARE_HOTKEYS)]
            self.declare_choices = [d.cards if d is not None else None for _f, d in choices]
            for button, cards in zip(self.declare_buttons, self.declare_choices):
                button.enabled = cards is not None
            buttons = self.declare_buttons + self._declaring_buttons()
        else:
            self.declare_faces, self.declare_buttons = [], []
            buttons = self._playing_buttons()
        if self.side_menu.buttons != buttons:
            self.side_menu = Menu(buttons)
            self._place_side()
        self.hint_button.enabled = table.can_hint
        self.undo_button.enabled = table.can_undo
        self.last_button.enabled = bool(table.game.tricks) and table.phase == TRICKS
        self.last_button.pressed = self.peek == LAST
        self.kitty_button.enabled = table.own_kitty() is not None
        self.kitty_button.pressed = self.peek == KITTY
        self.counter_button.enabled = table.game.ctx is not None
        self.counter_button.pressed = self.services.store.settings.card_counter

    def _declaring_buttons(self) -> list[Button]:
        """The table controls under the declare buttons while dealing."""
        return [self.speed_button]

    def _playing_buttons(self) -> list[Button]:
        """The table controls once trumps are fixed."""
        buttons = [self.hint_button, self.undo_button, self.last_button]
        if self.table.own_kitty() is not None:
            buttons.append(self.kitty_button)
        return buttons + [self.counter_button, self.coach_button, self.speed_button]

    def _sync_words(self) -> None:
        """The texts of the moment, asked of the table now, worded when drawn."""
        table, game = self.table, self.table.game
        phase = table.phase
        self._hint_words = table.hint_words(self.hand.selected_cards())
        # the coach's panel
        if not table.coached:
            self._coach_words = [lambda: _("The coach is off. Turn it on for hints and explanations.")]
        elif phase in (DEALING, DECLARING):
            advice = table.declare_advice()
            tip = table.tip()
            self._coach_words = [said.text for said in advice[:COACH_LINES]] or ([tip.text] if tip else [])
        elif phase == BURYING and table.learner_to_act:
            self._coach_words = self._bury_words(self.hand.selected_cards())
        else:
            ladder = [lambda: "\n\n".join(self.ladder_texts())] if self.ladder is not None else []
            room = COACH_LINES - (2 if self.ladder is not None else 0) - (self.metrics.scale < 0.9)
            comments = table.current_comments()[-room:] if room > 0 else []
            words = ladder + [comment.text for comment in reversed(comments)]
            tip = table.tip() if len(words) < COACH_LINES - 1 else None
            # a tip is for a moment with room: it never pushes what was said out of sight
            if tip is not None and (not words or self.coach_panel.fits(self._joined(words + [tip.text]))):
                words.append(tip.text)
            self._coach_words = words
        # the caption on the felt
        if self.kitty_reveal is not None:
            self._caption_words = self._kitty_words(self.kitty_reveal)
        elif phase in (DEALING, DECLARING):
            said = table.declaration_words()
            override = self.override
            if override is not None and self.override_left > 0:
                learner = table.learner
                self._caption_words = lambda: coach.then(_("{who} overrides {previous}!").format(
                    who=coach.seat_name(override.declaration.seat, learner, start=True),
                    previous=coach.seat_name(override.previous.seat, learner)), said())
            else:
                self._caption_words = said
        elif phase == BURYING and table.picked_up():
            self._caption_words = lambda: _("The 8 cards you picked up from the kitty are outlined in your hand. "
                                            "Choose 8 cards to bury.")
        else:
            self._caption_words = str
        # the trick's corner
        self._info_words = self._trick_info()

    def _trick_info(self) -> Words:
        game = self.table.game
        if self.table.phase != TRICKS or game.ctx is None:
            return str
        plays, _leader = self._trick_source()
        number = self.shown.number if self.shown is not None else len(game.tricks) + 1
        left = len(game.hand(self.table.learner))
        on_trick = sum(points(cards) for _seat, cards in plays)
        return lambda: "\n".join((
            _("Trick {k}").format(k=number),
            ngettext("{n} card left in your hand", "{n} cards left in your hand", left).format(n=left),
            ngettext("{p} point on this trick", "{p} points on this trick", on_trick).format(p=on_trick)))

    def _kitty_words(self, scored: HandScored) -> Words:
        def words() -> str:
            p, m = scored.kitty_points, scored.kitty_multiplier
            if m is not None and not p:
                return _("The attackers won the last trick, but the kitty holds no points.")
            if m is not None:
                return _("The kitty: {p} points × {m} = {total} for the attackers, who won the last trick.").format(
                    p=p, m=m, total=p * m)
            if not p:
                return _("The kitty holds no points, and the dealers won the last trick.")
            return _("The kitty: {p} points. The dealers won the last trick, so they do not count.").format(p=p)
        return words

    @staticmethod
    def _declare_face_text(face: Card, cards: tuple[Card, ...] | None) -> str:
        """A declare button's words: one card, or a pair of it ("亮一对♠2")."""
        from ..hints import card_name

        if cards is not None and len(cards) == 2:
            return _("Declare a pair of {card}").format(card=card_name(face))
        return _("Declare {cards}").format(cards=card_name(face))

    def _declare_label(self, n: int) -> Callable[[], str]:
        def label() -> str:
            cards = self.declare_choices[n] if n < len(self.declare_choices) else None
            return self._declare_face_text(self.declare_faces[n], cards)
        return label

    def _declarer(self, n: int) -> Callable[[], None]:
        def declare() -> None:
            cards = self.declare_choices[n] if n < len(self.declare_choices) else None
            if cards is not None and any(d.cards == cards for d in self.table.declaration_options()):
                self._took(self.table.declare(cards))
                self._sync()
        return declare

    def _selection_changed(self, selected: list[Card]) -> None:
        allowed = self.table.selectable(selected)
        if self.table.phase in (DEALING, DECLARING):
            allowed = None  # nothing to choose yet: show the cards as dealt, not dimmed
        self.hand.selectable = None if allowed is None else frozenset(allowed | set(selected))
        self.play.enabled = self._action_ready(selected)
        self._hint_words = self.table.hint_words(selected)
        if self.table.phase == BURYING and self.table.learner_to_act and self.table.coached:
            self._coach_words = self._bury_words(selected)

    def _bury_words(self, selected: list[Card]) -> list[Words]:
        """The coach's warnings on the cards chosen and its advice; once a hint is asked,
        its last rung instead (the general advice would read as a contradiction of the
        coach's burial), and after the answer what the table says of the cards chosen
        (the coach's reasons, while they are its burial)."""
        room = COACH_LINES - (self.metrics.scale < 0.9)  # a small window keeps the panel's words readable
        if self.ladder is None:
            return [said.text for said in self.table.bury_advice(selected)[:room]]
        if self.ladder.rung != coach.ANSWER:
            return [self._last_rung]
        return [self._last_rung] + [said.text for said in self.table.bury_advice(selected)[:room - 1]]

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
            selected = self.hand.selected_cards()
            rects = self.hand.card_rects()
            self._from_hand = [(self.hand.cards[i], rects[i]) for i in sorted(self.hand.selected)]
            result = table.submit(selected)
            if result.refusal is not None:
                self._refuse(lambda text=result.refusal: text)
                return
            self.ladder = None
            if self.shown is not None:
                self._gather()
            self._took(list(result.events))
            self.wait = self.pace.play
        self._sync()

    def _refuse(self, words: Words) -> None:
        self.flash, self.flash_left = words, FLASH_SECONDS

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
            self._land_all()
            self.ladder = None
            self.flash = None
            self._sync()

    def _land_all(self) -> None:
        """Drop every flight and pause (an undo, a new hand): show the table as it is."""
        self.motion.flights.clear()
        self.thinking = None
        self.shown = None
        self.landing = 0
        self.table.in_flight.clear()
        self.inbound_seats = [0, 0, 0, 0]
        self.peek = None

    def _toggle_peek(self, view: str) -> None:
        self.peek = None if self.peek == view else view
        self._sync_trick()
        self._sync_side()
        self._place_kitty()

    def _toggle_counter(self) -> None:
        settings = self.services.store.settings
        settings.card_counter = not settings.card_counter
        self.services.store.save_settings()
        self._sync()

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

    # ------------------------------------------------------------ events

    def _unpickable_at(self, i: int | None) -> Card | None:
        """The card at hand position ``i`` if the learner may not add it now."""
        if i is None or i in self.hand.selected:
            return None
        allowed = self.table.selectable(self.hand.selected_cards())
        card = self.hand.cards[i]
        return None if allowed is None or card in allowed else card

    def _on_button(self, pos: tuple[int, int]) -> bool:
        return any(b.rect.collidepoint(pos) for b in (*self.main_menu.buttons, *self.side_menu.buttons))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        any_key = (event.type == pygame.KEYDOWN and event.key not in PASS_KEYS
                   or event.type == pygame.MOUSEBUTTONDOWN)
        if self.peek is not None and any_key:
            self._toggle_peek(self.peek)  # any key or click goes back to the table
            return None
        if self.kitty_reveal is not None and any_key:
            self.kitty_left = 0.0  # the summary comes at once
            self.motion.finish()
            return None
        if event.type == pygame.MOUSEMOTION:
            card = None
            if self.table.phase in (BURYING, TRICKS):  # while dealing, the hint line is about declaring
                card = self._unpickable_at(self.hand.card_at(event.pos))
            self.hover = self.table.why_not_words(self.hand.selected_cards(), card) if card else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.table.phase == DEALING and not self._on_button(event.pos):
                self._skip_deal()
                return None
            card = self._unpickable_at(self.hand.card_at(event.pos))
            if card is not None:
                self._refuse(self.table.why_not_words(self.hand.selected_cards(), card))
                return None
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play.activate()
                return None
            keys = {pygame.K_h: self.hint_button, pygame.K_u: self.undo_button,
                    pygame.K_l: self.last_button, pygame.K_k: self.kitty_button, pygame.K_c: self.counter_button}
            if event.key in keys:
                if keys[event.key] in self.side_menu.buttons:
                    keys[event.key].activate()
                return None
            if event.key in (pygame.K_UP, pygame.K_SPACE) and self.hand.focus is not None:
                card = self._unpickable_at(self.hand.focus)
                if card is not None:
                    self._refuse(self.table.why_not_words(self.hand.selected_cards(), card))
                    return None
            if event.key in HAND_KEYS:  # the hand's, though the menus use arrows too
                return self.hand.handle_event(event)
        for handler in (self.main_menu, self.side_menu, self.hand, self.coach_panel):
            if handler.handle_event(event) is None:
                return None
        return event

    def _skip_deal(self) -> None:
        """Deal the rest at once (the AI players still declare after each segment)."""
        self.skip_deal = True
        self.motion.finish()
        self.wait = 0.0

    def exit(self) -> None:
        self._save()

    def _save(self) -> None:
        """Save the match now (leaving the table, the hand's end), after any save still
        on its way."""
        self._saved()
        store = self.services.store
        if self.table.phase == MATCH_OVER:
            store.clear_match(self.slot)
        else:
            store.save_match(self.table.to_dict(), self.slot)

    def _save_soon(self) -> None:
        """Save the match on ``SAVER`` (after each trick: closing the window gives no scene
        a chance to save, and the frame must not wait for the disk)."""
        self._saved()
        self._saving = SAVER.submit(self.services.store.save_match, self.table.to_dict(), self.slot)

    def _saved(self) -> None:
        """Wait for the save on its way, if any (its error, if any, is raised here)."""
        saving, self._saving = self._saving, None
        if saving is not None:
            saving.result()

    # ------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        self.motion.update(dt)
        if self.flash is not None:
            self.flash_left -= dt
            if self.flash_left <= 0:
                self.flash = None
        if self.override is not None:
            self.override_left -= dt
            if self.override_left <= 0:
                self.override = None
                self._sync_words()
        if self.peek is not None:
            return  # the table waits while the learner looks at the last trick or the kitty
        if self.shown is not None:
            self.shown_left -= dt
            if self.shown_left > 0:
                return
            self._gather()
        table = self.table
        if table.phase in (HAND_OVER, MATCH_OVER):
            self._hand_end(dt)
            return
        self.wait -= dt
        if self.wait > 0:
            return
        if table.learner_to_act:
            if self.autoplay:
                self._autopilot()
            return
        changed = False
        while self.wait <= 0 and self.shown is None and not table.learner_to_act \
                and table.phase not in (HAND_OVER, MATCH_OVER):
            events = self._advance()
            if events is None:
                break  # an AI seat is still thinking: the next frames come back for it
            self._took(events)
            changed = changed or bool(events)
            if self.autoplay and table.declaring_chance:
                self._autopilot_declare()
            if self.skip_deal and table.phase != DEALING:
                self.skip_deal = False
                break
            if not events:
                break
        if changed:
            self._sync()

    def _advance(self) -> list[Event] | None:
        """The next automatic move's events; ``None`` while an AI seat is thinking."""
        table = self.table
        thought = table.next_thought()
        if thought is None:
            self.thinking = None
            return table.step()
        if not self.background:
            return table.apply(thought, thought.think())
        key = (thought.at, thought.seat, thought.phase)
        if self.thinking is None or (self.thinking[0].at, self.thinking[0].seat, self.thinking[0].phase) != key:
            self.thinking = (thought, THINKER.submit(thought.think))
        pending, future = self.thinking
        if not future.done():
            return None
        self.thinking = None
        return table.apply(pending, future.result())

    def _hand_end(self, dt: float) -> None:
        """The kitty turned up on the table for a moment, then the summary."""
        pace = self.pace
        if self.kitty_reveal is None and not self.kitty_done and pace.kitty > 0:
            scored = next((e for e in reversed(self.table.game.events) if isinstance(e, HandScored)), None)
            if scored is not None:
                self._reveal_kitty(scored)
                return
        if self.kitty_reveal is not None:
            self.kitty_left -= dt
            if self.kitty_left > 0 or self.motion.active:
                return
        self._open_summary()

    def _reveal_kitty(self, scored: HandScored) -> None:
        self.kitty_reveal, self.kitty_left, self.kitty_done = scored, self.pace.kitty, True
        self._place_kitty()
        self._place_caption()
        start = self._seat_card(scored.dealer, self.trick.card_width())
        ctx = self.table.game.ctx
        self.kitty_landed = 0
        for k, (card, rect) in enumerate(zip(scored.kitty, self.kitty_rects)):
            self.motion.add(Flight(card, start, rect, self.pace.play_flight, delay=0.06 * k,
                                   trump=ctx is not None and ctx.is_trump(card), on_land=self._kitty_landed))
        self._sync_words()

    def _kitty_landed(self) -> None:
        self.kitty_landed += 1

    def _took(self, events: list[Event]) -> None:
        """Pace the table by what just happened and set the cards moving."""
        pace = self.pace
        animate = not self.skip_deal
        for event in events:
            if event.kind == "card_dealt":
                if not self.skip_deal:
                    self.wait += pace.deal
                if animate and pace.deal_flight > 0:
                    self._deal_flight(event.seat, event.card, pace.deal_flight)
            elif isinstance(event, PlayMade):
                self.wait += pace.play
                if pace.play_flight > 0:
                    self._play_flight(event.seat, event.cards, pace.play_flight)
            elif event.kind in ("declared", "overridden", "reinforced"):
                self.wait += pace.play  # a moment to see it before the deal goes on
                if isinstance(event, Overridden):
                    self.override, self.override_left = event, OVERRIDE_SECONDS
            elif isinstance(event, Redealt):
                self._land_all()
            elif isinstance(event, TrickWon):
                if self.table.phase != MATCH_OVER:
                    self._save_soon()
                record = self.table.game.tricks[event.trick]
                if pace.show > 0:
                    self.shown = Shown(tuple((p.seat, p.cards) for p in record.plays), record.winner,
                                       record.leader, event.trick + 1)
                    self.shown_left = pace.show
                if self.peek == LAST:
                    self.peek = None
        self._from_hand = []

    # ------------------------------------------------------------ flights

    def _seat_card(self, seat: int, width: int) -> pygame.Rect:
        """A card of ``width`` centred on ``seat``'s name plate."""
        rect = pygame.Rect(0, 0, width, card_height(width))
        rect.center = self.seats[seat].rect.center
        return rect

    def _seat_edge(self, seat: int, width: int) -> pygame.Rect:
        """A small card at the edge of ``seat``'s name plate that faces the table: where
        cards dealt to a seat and tricks it wins disappear (its name stays readable)."""
        plate, table = self.seats[seat].rect, self.trick.rect
        rect = pygame.Rect(0, 0, width, card_height(width))
        pos = (seat - self.table.learner) % 4
        if pos == 1:
            rect.midleft = (plate.left - rect.width // 2, plate.centery)
        elif pos == 3:
            rect.midright = (plate.right + rect.width // 2, plate.centery)
        elif pos == 2:
            rect.midtop = (plate.centerx, plate.bottom)
        else:
            rect.midbottom = (table.centerx, table.bottom)
        return rect

    def _deal_flight(self, seat: int, card: Card, duration: float) -> None:
        w = self.trick.card_width()
        start = pygame.Rect(0, 0, w * 3 // 4, card_height(w * 3 // 4))
        start.center = self.trick.rect.center
        self.inbound_seats[seat] += 1
        if seat == self.table.learner:
            self.table.in_flight[card] += 1
            end = self.hand.landing_rect(card)
            trump = self.table.trump_context().is_trump(card)
            self.motion.add(Flight(card, start, end, duration, trump=trump,
                                   on_land=lambda: self._landed_dealt(seat, card)))
        else:
            end = self._seat_edge(seat, max(8, w // 3))
            self.motion.add(Flight(None, start, end, duration, vanish=True,
                                   on_land=lambda: self._landed_dealt(seat, None)))

    def _landed_dealt(self, seat: int, card: Card | None) -> None:
        self.inbound_seats[seat] = max(0, self.inbound_seats[seat] - 1)
        flying = self.table.in_flight
        if card is not None and flying[card] > 0:
            flying[card] -= 1
            if not flying[card]:
                del flying[card]
            self._sync_hand()
            self._selection_changed(self.hand.selected_cards())
            if self.table.phase in (DEALING, DECLARING):
                self._sync_side()  # the declare buttons and words count it now
                self._sync_words()
        self.seats[seat].cards_left = len(self.table.game.hand(seat)) - self.inbound_seats[seat]

    def _play_flight(self, seat: int, cards: tuple[Card, ...], duration: float) -> None:
        ctx = self.table.game.ctx
        ordered = ctx.sorted(cards) if ctx is not None else list(cards)
        ends = self.trick.slot_rects(seat, len(ordered))
        starts: list[pygame.Rect] = []
        pool = list(self._from_hand) if seat == self.table.learner else []
        for card in ordered:
            match = next((i for i, (c, _r) in enumerate(pool) if c == card), None)
            starts.append(pool.pop(match)[1] if match is not None else self._seat_card(seat, ends[0].width))
        self.landing += 1
        last = len(ordered) - 1
        for k, (card, start, end) in enumerate(zip(ordered, starts, ends)):
            trump = ctx is not None and ctx.is_trump(card)
            self.motion.add(Flight(card, start, end, duration, trump=trump,
                                   on_land=self._landed_play if k == last else None))

    def _landed_play(self) -> None:
        self.landing = max(0, self.landing - 1)
        self._sync_trick()
        self._info_words = self._trick_info()

    def _gather(self) -> None:
        """The finished trick on show goes to its winner's seat."""
        shown, self.shown = self.shown, None
        if shown is not None and self.pace.gather_flight > 0:
            end = self._seat_edge(shown.winner, max(8, self.trick.card_width() // 3))
            ctx = self.table.game.ctx
            for seat, rects in self.trick.play_rects().items():
                cards = next((c for s, c in self.trick.plays if s == seat), [])
                for card, rect in zip(cards, rects):
                    self.motion.add(Flight(card, rect, end, self.pace.gather_flight, vanish=True,
                                           trump=ctx is not None and ctx.is_trump(card)))
        self.landing = 0
        self._sync_trick()
        self._info_words = self._trick_info()

    # ------------------------------------------------------------ the hand's end

    def _open_summary(self) -> None:
        from .summary import HandSummaryScene

        self.busy = False
        navigator = self.services.navigator
        if navigator.is_top(self):
            self._save()
            navigator.push(HandSummaryScene(self.services, self))

    def _fresh(self) -> None:
        self._land_all()
        self.kitty_reveal, self.kitty_done = None, False
        self.busy = self.autoplay
        self.ladder = None
        self._hand_key = None
        self.resize(self.metrics)
        self._sync()

    def next_hand(self) -> None:
        """Called by the summary: deal the next hand of the match (or a new match)."""
        if self.table.phase == MATCH_OVER:
            self._saved()
            self.services.store.clear_match(self.slot)
            self.table = self._new_table(None, coached=self.table.coached)
        else:
            self.table.next_hand()
        self._fresh()

    def replay(self, game: Game) -> None:
        """Called by the summary: play ``game`` (the same deal again) at this table."""
        old = self.table
        self.table = PracticeTable(game, old.learner, coached=old.coached, ai_kind=old.ai_kind,
                                   opponents=old.opponents, seed=old.seed)
        self._fresh()

    def play_out(self, until: Callable[[PracticeTable], bool] | None = None, dt: float = 0.5) -> None:
        """Play on with the learner's seat on autopilot (through the same synthetic input
        as ``autoplay``) until ``until(table)`` holds, by default to the end of the hand."""
        done = until or (lambda table: table.phase in (HAND_OVER, MATCH_OVER))
        autoplay, self.autoplay = self.autoplay, True
        background, self.background = self.background, False
        self.resize(self.metrics)
        while not done(self.table):
            self.update(dt)
            if self.table.learner_to_act and done(self.table):
                break
        self.autoplay, self.background = autoplay, background
        self.motion.finish()
        self.shown = None
        self.landing = 0
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
        """Click the declare button of ``cards``' face (it declares the strongest
        declaration of that face, at least ``cards``)."""
        self._sync_side()
        for button, face, choice in zip(self.declare_buttons, self.declare_faces, self.declare_choices):
            if face == cards[0] and choice is not None and button.enabled:
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
        if self._counter_shown():
            self.counter.draw(surface)
        if self.peek is None:
            self.info.draw(surface)  # about the trick in progress, not the one looked at
        if self.peek is not None:
            self._draw_peek(surface)
        else:
            self._draw_declaration(surface)
            self.trick.draw(surface)
            self._draw_kitty(surface)
            self.caption.draw(surface)
        self.hint.draw(surface)
        self.main_menu.draw(surface)
        self.side_menu.draw(surface)
        self.hand.draw(surface)
        self.motion.draw(surface)

    def _draw_declaration(self, surface: pygame.Surface) -> None:
        """A frame round the declaration standing: bright and thick while it flashes."""
        game = self.table.game
        standing = game.declaration
        if self.table.phase not in (DEALING, DECLARING) or standing is None:
            return
        rects = self.trick.slot_rects(standing.seat, len(standing.cards))
        box = rects[0].unionall(rects).inflate(2 * self.trick.frame_margin() - 2, 2 * self.trick.frame_margin() - 2)
        flashing = self.override is not None and self.override_left > 0
        on = flashing and int(self.override_left * 6) % 2 == 0
        pygame.draw.rect(surface, FOCUS if on else ON_FELT, box, 5 if flashing else 2,
                         border_radius=self.metrics.px(8))

    def _draw_kitty(self, surface: pygame.Surface) -> None:
        """The kitty turned up at the end of the hand (its flights landed)."""
        if self.kitty_reveal is None:
            return
        ctx = self.table.game.ctx
        for card, rect in list(zip(self.kitty_reveal.kitty, self.kitty_rects))[:self.kitty_landed]:
            surface.blit(self.services.cards.face(card, rect.width, trump=ctx is not None and ctx.is_trump(card),
                                                  four_colour=self.services.four_colour), rect)

    def _draw_peek(self, surface: pygame.Surface) -> None:
        """The last trick or the kitty over a dimmed table, framed, with its caption."""
        m = self.metrics
        area = self.trick.rect
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, area)
        pygame.draw.rect(surface, FOCUS, area, m.px(3), border_radius=m.px(12))
        if self.peek == LAST:
            self.trick.draw(surface)
        else:
            ctx = self.table.game.ctx
            for card, rect in zip(self._kitty_cards(), self.kitty_rects):
                surface.blit(self.services.cards.face(card, rect.width, trump=ctx is not None and ctx.is_trump(card),
                                                      four_colour=self.services.four_colour), rect)

