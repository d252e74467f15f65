"""The practice hand without pixels: a ``Game``, AI players, the learner's seat, the coach.

``PracticeTable`` is what the table scene shows and what its clicks do.  The scene
owns timing and drawing; this object owns the rules of the table:

- ``step()`` makes the next automatic move (deal a card, an AI declares, buries or
  plays) and returns the game's events; it returns nothing while the learner is to act;
- the learner acts through ``declare``, ``close_declaring`` and ``submit`` (bury or
  play the selected cards); ``selectable``/``why_not`` say which cards may be picked
  and why not; a refused play comes back as a sentence, never as an exception;
- in a coached hand: the hint ladder, one sentence the first time each thing happens
  (each tagged with the trick it is about, shown only while it applies), declaring and
  burying advice, tips, undo of the learner's last play, and the review after the hand;
- what the table shows besides the cards: the declaration standing and what overrides
  it, the declare buttons' options in a fixed order, the kitty cards just picked up,
  the cards still out (the card counter), all from the learner's view only.

Every game of ``Rules.variant`` (one to four decks, docs/VARIANTS.md) plays here, its
rules asked of the engine: the kitty's size (none with four decks: no burying), who
may declare what and what overrides it, the calls made face down with four decks
(暗叫: until the deal ends the learner sees its own calls and only the size of
another seat's, then all of them), and the hand's scoring (``Game.outcome``).

Texts the scene shows are returned as *words*: a function of no arguments that puts
data computed now (the engine's answers) into the language chosen when it is called,
so the scene computes on a change and only words the result when it draws.

The coach's advisor is the strongest AI (``advisor_kind``, ``ai:hard``) whatever the
opponents' level; it decides from the learner's view alone, on its work budget (never
the wall clock) and seeded by that view (``decision_key``), so the same decision always
gets the same advice, however busy the machine.  It is asked once per decision and the
answer kept (``advise``): the hint ladder, the tip, the burying advice and the review
all read that one result.  The learner's seat also has an AI player
of the table's kind: it drives the seat when the scene plays by itself (``--autoplay``).
"""

from __future__ import annotations

import zlib
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, Sequence

from engine import Card, HandOutcome, InvalidSaveError, Rules, TrumpContext, format_cards
from engine.ai.memory import CardMemory
from engine.cards import SUITS, deck
from engine.events import Event, HandScored, KittyFlipped, KittyTaken, TrickWon
from engine.declaring import NO_CALL_TRUMP, seen_standing
from engine.game import (BURYING, DEALING, DECLARING, HAND_OVER, MATCH_OVER, SEATS, SEED_LIMIT, SEGMENT, TRICKS,
                         Game, PlayCards, legal_declarations, strength_to_override)
from engine.claims import SURE, ThrowRisk, throw_risk
from engine.players import PLAYERS, Player, make_advisor, make_player
from engine.rules import TRUMP
from engine.view import Decision, Declaration, Play, PlayerView

from . import coach
from .coach import Said, joined
from .coach.said import Percent, SeatRef
from .i18n import N_, _, ngettext

ADVISOR = "ai:hard"
"""The coach's advisor: the strongest AI player."""

Words = Callable[[], str]
"""A text computed from the table now and put into words when called (at draw time)."""

SEGMENT_CARDS = SEGMENT * SEATS
"""The AI players may declare after each dealing segment (five cards each)."""

_NOW_BURYING = N_("{who} is burying {n} cards.")
_TO_PLAY = N_("{who} to play.")
_HAND_OVER = N_("The hand is over.")
_FACE_DOWN_UNTIL = N_("Every call stays face down until the deal ends.")
_OTHERS_MAY_DECLARE = N_("All cards are dealt: the others may still declare.")
_OTHERS_MAY_CALL = N_("All cards are dealt: the others may still call trumps.")
_SKIP_DEAL = N_("Click the table to skip the deal.")
_THROW_FAILS = N_("This throw fails for sure: another hand can beat part of it.")
_THROW_MAY_FAIL = N_("This throw may fail: it failed in {p} of the deals that fit what you have seen.")
THROW_SAMPLES = 120
"""Deals drawn to measure how often a throw the learner chose fails."""


@lru_cache(maxsize=32)
def _throw_risk(view: PlayerView, cards: tuple[Card, ...]) -> ThrowRisk | None:
    return throw_risk(view, cards, THROW_SAMPLES)


@lru_cache(maxsize=64)
def _context(level: str, trump: str | None, rules: Rules) -> TrumpContext:
    return TrumpContext(level, trump, rules)


@lru_cache(maxsize=16)
def _declarable(level: str, rules: Rules) -> tuple[Declaration, ...]:
    """Every declaration the game of ``rules`` knows at ``level``, weakest first: what
    the engine lets a seat holding the whole deck declare when nothing stands."""
    found = legal_declarations(0, deck(rules.decks), level, None, rules)
    return tuple(sorted(found, key=lambda d: d.strength))


def _declaration_kind(cards: Sequence[Card]) -> str:
    """A declaration in words without its suit: "a pair of level cards", "three big jokers"."""
    n, face = len(cards), cards[0]
    if face.is_joker:
        big = face == Card("BJ")
        if n == 2:
            return _("a pair of big jokers") if big else _("a pair of little jokers")
        return (ngettext("{n} big joker", "{n} big jokers", n) if big
                else ngettext("{n} little joker", "{n} little jokers", n)).format(n=n)
    if n == 2:
        return _("a pair of level cards")
    return ngettext("{n} level card", "{n} identical level cards", n).format(n=n)


def override_words(standing: Declaration | None, rules: Rules, level: str) -> str:
    """What overrides ``standing`` (the engine's ``strength_to_override``), in words: the
    weakest kinds of declaration that do, from the engine's list of the game's
    declarations."""
    needed = strength_to_override(standing, rules)
    if needed is None:
        return _("Nothing can override it.")
    kinds: list[Declaration] = []
    for d in _declarable(level, rules):
        if d.strength >= needed and all(d.strength != k.strength for k in kinds):
            kinds.append(d)
    weakest = _declaration_kind(kinds[0].cards)
    if len(kinds) == 1:
        return _("Only {kind} can override it.").format(kind=weakest)
    return _("It takes {kind} or stronger to override it.").format(kind=weakest)


@dataclass(frozen=True)
class Comment:
    """A coach sentence about trick ``trick`` (1-based), shown with that number."""

    trick: int
    said: Said

    def text(self) -> str:
        return _("Trick {n}: {text}").format(n=self.trick, text=self.said.text())


@dataclass(frozen=True)
class StillOut:
    """One row of the card counter: an effective suit (``TRUMP`` or a suit letter), how
    many of its cards the learner has not seen, and its faces from the top down with
    the copies unseen."""

    suit: str
    count: int
    top: tuple[tuple[Card, int], ...]


@dataclass(frozen=True)
class Thought:
    """An AI seat's decision to make (bury or play): ``think()`` runs its player on the
    view taken at move ``at`` of the game's log."""

    at: int
    seat: int
    phase: str
    view: PlayerView
    decide: Callable[[PlayerView], Decision]

    def think(self) -> Decision:
        return self.decide(self.view)


@dataclass(frozen=True)
class Submitted:
    """What ``submit`` did: the events of an accepted move, or why it was refused (worded
    when shown, so a language switch while it shows changes it too)."""

    events: tuple[Event, ...] = ()
    refusal: Words | None = None


class PracticeTable:
    """One practice match seen from ``learner``'s seat (see the module docstring)."""

    def __init__(self, game: Game, learner: int = 0, *, coached: bool = True,
                 ai_kind: str = "ai", opponents: str | None = None, seed: int = 0,
                 advisor_kind: str = ADVISOR) -> None:
        """``ai_kind`` plays the learner's partner (and the learner's seat on autoplay);
        ``opponents`` (default: the same) plays the two opponents."""
        self.game = game
        self.learner = learner
        self.coached = coached
        self.ai_kind = ai_kind
        self.opponents = opponents or ai_kind
        self.seed = seed
        self.advisor_kind = advisor_kind
        self.players = [make_player(ai_kind if (seat - learner) % 2 == 0 else self.opponents, seed + seat)
                        for seat in range(SEATS)]
        self.narrator = coach.Narrator(learner)
        self.messages: list[Said] = []
        """The coach's narration of this hand, oldest first."""
        self.comments: list[Comment] = []
        """The same sentences with the trick each is about (what the table shows)."""
        self.learner_plays: list[coach.LearnerPlay] = []
        self.hinted: set[tuple[str, int, int]] = set()
        """The decisions (phase, trick, plays before the learner's) the learner asked hints for."""
        self.undos = 0
        """The learner's plays taken back this hand."""
        self.kept: dict[str, Any] | None = None
        """The hand's data as the learner's record kept it (``tutor.history.keep_hand``)."""
        self.window_open = True
        """The learner has not yet closed the declaring window after the deal."""
        self._ladder: coach.HintLadder | None = None
        self._ladder_at: tuple[str, int, int] | None = None
        self._burial: PlayerView | None = None
        """The learner's view when it buried (this hand, since the table was built)."""
        self._advice: dict[str, Decision] = {}
        """The advisor's decision for each decision of this hand (``decision_key``)."""
        self._declare_advice: tuple[object, list[Said]] = (None, [])
        self._tips: dict[tuple[str, int, int], str | None] = {}
        """The play tip first shown at each decision of this hand (its msgid)."""
        self.in_flight: Counter[Card] = Counter()
        """The learner's cards dealt but not shown yet (the scene's flights to the hand):
        the declaring buttons and words leave them out until they land."""

    # ------------------------------------------------------------ what the scene reads

    @property
    def view(self) -> PlayerView:
        return self.game.view(self.learner)

    def shown_hand(self) -> list[Card]:
        """The learner's hand in the order dealt, less the cards still in flight (the
        last dealt)."""
        hand = list(self.game.hand(self.learner))
        flying = Counter(self.in_flight)
        for i in range(len(hand) - 1, -1, -1):
            if flying[hand[i]] > 0:
                flying[hand[i]] -= 1
                del hand[i]
        return hand

    def shown_view(self) -> PlayerView:
        """The learner's view as the screen shows it: without the cards in flight."""
        view = self.view
        return replace(view, hand=tuple(self.shown_hand())) if self.in_flight else view

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def kitty_size(self) -> int:
        """The cards the dealer picks up and buries (0: the game has no kitty)."""
        return self.game.rules.variant.kitty_size

    @property
    def learner_to_act(self) -> bool:
        """The game waits for the learner: to bury, to play, or to close the window."""
        if self.phase == DECLARING:
            return self.window_open and bool(self.declaration_options())
        return self.phase in (BURYING, TRICKS) and self.game.turn == self.learner

    @property
    def declaring_chance(self) -> bool:
        """A dealing segment just ended: the moment the AI players consider declaring
        (the learner may declare at any time; an autopilot asks its AI here)."""
        game = self.game
        return game.phase == DEALING and game.dealt > 0 and game.dealt % SEGMENT_CARDS == 0

    def selectable(self, selected: Sequence[Card]) -> set[Card] | None:
        """Faces the learner may add to ``selected`` now (``None``: any card)."""
        if not self.learner_to_act or self.phase == DECLARING:
            return set()
        if self.phase == BURYING:
            return None if len(selected) < self.kitty_size else set()
        return self.game.selectable(self.learner, selected)

    def why_not(self, selected: Sequence[Card], card: Card) -> str:
        """The sentence for a card the learner may not pick now (true of the moment:
        never "wait for your turn" while the game waits for the learner)."""
        return self.why_not_words(selected, card)()

    def why_not_words(self, selected: Sequence[Card], card: Card) -> Words:
        game = self.game
        if self.phase in (DEALING, DECLARING):
            return lambda: _("No card is played before trumps are fixed: declare with a button, or press Pass.")
        if self.phase in (HAND_OVER, MATCH_OVER):
            return lambda: _("The hand is over.")
        if not self.learner_to_act:
            who = game.turn
            if self.phase == BURYING:
                return lambda: _("{who} is burying the kitty: wait for your turn.").format(
                    who=coach.seat_name(who, self.learner, start=True))
            return lambda: _("{who} is to play: wait for your turn.").format(
                who=coach.seat_name(who, self.learner, start=True))
        if self.phase == BURYING:
            n = self.kitty_size
            return lambda: _("You have chosen {n} cards: deselect one first.").format(n=n)
        sentences = coach.blocked_sentences(self.view, selected, card)
        return lambda: joined(sentences)

    def can_submit(self, selected: Sequence[Card]) -> bool:
        if not self.learner_to_act:
            return False
        if self.phase == BURYING:
            return len(selected) == self.kitty_size
        if self.phase != TRICKS or not selected:
            return False
        view = self.view
        if view.lead and len(selected) != len(view.lead):
            return False
        return coach.refusal(view, selected) is None

    def hint_line(self, selected: Sequence[Card]) -> str:
        """The line above the hand: what the learner must do now, or who is acting."""
        return joined(self.hint_sentences(selected))

    def hint_words(self, selected: Sequence[Card]) -> Words:
        """``hint_line`` worked out now (the engine asked once), worded when called."""
        sentences = self.hint_sentences(selected)
        return lambda: joined(sentences)

    def hint_sentences(self, selected: Sequence[Card]) -> list[Said]:
        """The hint line as sentences (each with the claims it states)."""
        game = self.game
        me = self.learner
        if self.phase == DECLARING and not self.learner_to_act:
            return [Said(_OTHERS_MAY_CALL if self.calls_face_down else _OTHERS_MAY_DECLARE, me)]
        if self.phase in (DEALING, DECLARING):
            line = coach.declare_line(self.shown_view())
            if self.phase == DEALING and not self.declaration_options():
                line.append(Said(_SKIP_DEAL, me))
            return line
        if self.phase == BURYING:
            if game.turn == me:
                return coach.bury_line(self.view, selected)
            return [Said.of(_NOW_BURYING, me, who=SeatRef(game.turn, True), n=self.kitty_size)]
        if self.phase == TRICKS:
            if game.turn == me:
                return coach.hint_sentences(self.view) + self.throw_warning(selected)
            return [Said.of(_TO_PLAY, me, who=SeatRef(game.turn, True))]
        return [Said(_HAND_OVER, me)]

    def throw_warning(self, selected: Sequence[Card]) -> list[Said]:
        """Before the learner leads a throw: whether it can fail (sure only when no deal
        that fits what the learner has seen lets it stand), from the coach."""
        if not self.coached or not selected or self.view.trick:
            return []
        risk = _throw_risk(self.view, tuple(self.view.ctx.sorted(selected)) if self.view.ctx else tuple(selected))
        if risk is None:
            return []
        if risk.certainty == SURE:
            return [Said.of(_THROW_FAILS, self.learner, risk)]
        return [Said.of(_THROW_MAY_FAIL, self.learner, risk, p=Percent(risk.share))]

    # ------------------------------------------------------------ what the table shows

    def trump_context(self) -> TrumpContext:
        """The order to show the learner's hand in: the hand's own once trumps are fixed;
        while dealing, the order the standing declaration the learner sees would give
        (level cards and jokers are trumps from the first card; no trump suit while
        nobody has declared, or while another seat's call is face down)."""
        game = self.game
        if game.ctx is not None:
            return game.ctx
        standing = self.standing()
        return _context(game.level, standing.trump if standing is not None else None, game.rules)

    def standing(self) -> Declaration | None:
        """The declaration standing as the learner sees it: ``None`` while nobody has
        declared, and while another seat's call is face down (``hidden_call``)."""
        return self.view.declaration

    @property
    def hidden_call(self) -> int:
        """How many cards another seat's face-down call shows (0: none stands)."""
        return self.view.hidden_call

    @property
    def calls_face_down(self) -> bool:
        """The game calls trumps face down until the deal ends (four decks, 暗叫)."""
        return self.game.rules.variant.hidden_calls

    def declare_choices(self) -> list[tuple[Card, Declaration | None]]:
        """The faces the learner could declare with (among the cards shown, as many of
        a face as the game's smallest declaration of it: a level card, two jokers), in
        the order they arrived, so the declare buttons never move: each with the
        strongest declaration of that face the engine allows now, or ``None``."""
        game = self.game
        if self.phase not in (DEALING, DECLARING):
            return []
        shown = self.shown_hand()
        held = Counter(shown)
        legal = [d for d in self.declaration_options() if not Counter(d.cards) - held]
        smallest: dict[Card, int] = {}
        for d in _declarable(game.level, game.rules):
            smallest[d.cards[0]] = min(smallest.get(d.cards[0], len(d.cards)), len(d.cards))
        seen: Counter[Card] = Counter()
        faces: list[Card] = []
        for card in shown:
            seen[card] += 1
            if seen[card] == smallest.get(card):
                faces.append(card)
        choices = []
        for face in faces:
            options = [d for d in legal if d.cards[0] == face]
            choices.append((face, max(options, key=lambda d: d.strength) if options else None))
        return choices

    def declaration_words(self) -> Words:
        """Who declared what, and what can override it (the engine says), or that nobody
        has declared yet; with calls face down, only what the learner may know."""
        game = self.game
        rules, level, learner = game.rules, game.level, self.learner
        standing, hidden = self.standing(), self.hidden_call
        if hidden:
            seen = seen_standing(self.view)
            return lambda: coach.then(coach.then(ngettext(
                "Another player has called trumps face down with {n} card.",
                "Another player has called trumps face down with {n} cards.", hidden).format(n=hidden),
                override_words(seen, rules, level)), _(_FACE_DOWN_UNTIL))
        if standing is None:
            return self._nobody_words()
        cards = standing.cards
        face_down = self.calls_face_down

        def words() -> str:
            who = coach.seat_name(standing.seat, learner, start=True)
            if standing.trump is None:
                first = _("{who} declared no-trump with {cards}.").format(who=who, cards=coach.cards_label(cards))
            elif face_down:
                first = coach.then(_("You called {suit} face down with {cards}: the others see only how many "
                                     "cards.").format(suit=coach.suit_label(standing.trump),
                                                      cards=coach.cards_label(cards)), _(_FACE_DOWN_UNTIL))
            else:
                first = _("{who} declared {suit} with {cards}.").format(
                    who=who, suit=coach.suit_label(standing.trump), cards=coach.cards_label(cards))
            return coach.then(first, override_words(standing, rules, level))
        return words

    def _nobody_words(self) -> Words:
        """Nobody has declared: what declares, in this game."""
        game = self.game
        level = game.level
        jokers = any(d.cards[0].is_joker for d in _declarable(level, game.rules))
        stands = strength_to_override(Declaration(self.learner, (Card.of("S", level),)), game.rules) is None
        if self.calls_face_down:
            return lambda: coach.then(_("Nobody has called yet. Any level card ({level}) calls its suit face down; "
                                        "if nobody calls, {suit} is trumps.").format(
                level=level, suit=coach.suit_label(NO_CALL_TRUMP)), _(_FACE_DOWN_UNTIL))
        if stands:
            return lambda: _("Nobody has declared yet. Any level card ({level}) declares its suit; "
                             "the first declaration stands.").format(level=level)
        if jokers:
            return lambda: _("Nobody has declared yet. Any level card ({level}) declares its suit; "
                             "a joker pair declares no-trump.").format(level=level)
        return lambda: _("Nobody has declared yet. Any level card ({level}) declares its suit.").format(level=level)

    def calls_words(self) -> Words | None:
        """Once a deal with calls face down ended: every call, shown to all (``None`` in
        other games and while the deal lasts)."""
        if not self.calls_face_down or self.phase in (DEALING, DECLARING):
            return None
        view, learner = self.view, self.learner
        calls = view.declarations
        trump = view.ctx.trump if view.ctx is not None else None

        def words() -> str:
            if not calls:
                return _("Nobody called: {suit} is trumps.").format(suit=coach.suit_label(trump or NO_CALL_TRUMP))
            said = [_("{who}: {cards}").format(who=coach.seat_name(d.seat, learner),
                                               cards=coach.cards_label(d.cards)) for d in calls]
            return _("The calls, turned up: {calls}. Trumps: {suit}.").format(
                calls="; ".join(said), suit=coach.suit_label(trump) if trump else _("no-trump"))
        return words

    def picked_up(self) -> tuple[Card, ...]:
        """The 8 cards the learner took from the kitty, until they are buried."""
        game = self.game
        if self.phase != BURYING or game.dealer != self.learner:
            return ()
        taken = next((e for e in reversed(game.events) if isinstance(e, KittyTaken)), None)
        return taken.cards if taken is not None else ()

    def own_kitty(self) -> tuple[Card, ...] | None:
        """The kitty the learner buried (only its dealer may look at it during play)."""
        if self.phase != TRICKS:
            return None
        return self.view.kitty

    def still_out(self, top: int = 4) -> list[StillOut]:
        """The card counter (记牌器): per effective suit, trumps first, the cards the
        learner has not seen — not in its hand, not played, not in the kitty it buried —
        from the learner's view alone (``CardMemory``), never from the other hands; the
        ``top`` highest faces of each."""
        view = self.view
        ctx = view.ctx
        if ctx is None:
            return []
        unseen = CardMemory.from_view(view).unseen
        rows = []
        for suit in (TRUMP, *(s for s in SUITS if s != ctx.trump)):
            faces = sorted(((card, n) for card, n in unseen.items() if n > 0 and ctx.suit_of(card) == suit),
                           key=lambda item: ctx.sort_key(item[0]))
            rows.append(StillOut(suit, sum(n for _card, n in faces), tuple(faces[:top])))
        return rows

    def attacker_cards(self) -> list[Card]:
        """The point cards of the tricks the attackers won (the 闲分 counter shows them)."""
        return [card for record in self.game.tricks if self.game.is_attacker(record.winner)
                for play in record.plays for card in play.cards if card.points]

    # ------------------------------------------------------------ automatic moves

    def step(self) -> list[Event]:
        """The next automatic move, or ``[]`` when the learner is to act (or the hand is over)."""
        thought = self.next_thought()
        if thought is not None:
            return self.apply(thought, thought.think())
        game = self.game
        if self.learner_to_act:
            return []
        if game.phase == DEALING:
            events = game.deal()
            if game.dealt % SEGMENT_CARDS == 0:
                events += self._ai_declarations()
            return events
        if game.phase == DECLARING:
            events = self._ai_declarations()
            if events:  # shown before the window closes (the learner may answer them)
                return events
            events = game.close_declaring()
            if game.phase == DEALING:  # nobody declared in hand 1: dealt anew
                self.window_open = True
            return self._after(events)
        return []

    def next_thought(self) -> "Thought | None":
        """When an AI seat must bury or play: what it has to think about.  ``think()``
        only reads a view, so it may run on another thread while the table is drawn."""
        game = self.game
        seat = game.turn
        if game.phase not in (BURYING, TRICKS) or seat is None or seat == self.learner:
            return None
        player = self.players[seat]
        decide = player.bury if game.phase == BURYING else player.play
        return Thought(len(game.log), seat, game.phase, game.view(seat), decide)

    def apply(self, thought: "Thought", decision: Decision) -> list[Event]:
        """Make the move ``thought`` came to, unless the game moved on meanwhile (an undo):
        then nothing happens and ``[]`` comes back."""
        game = self.game
        if len(game.log) != thought.at or game.turn != thought.seat or game.phase != thought.phase:
            return []
        if thought.phase == BURYING:
            return self._after(game.bury(thought.seat, decision.cards))
        return self._after(game.play(thought.seat, decision.cards))

    def _ai_declarations(self) -> list[Event]:
        """Each AI seat, in dealing order, may declare until a whole round passes."""
        game = self.game
        events: list[Event] = []
        declared = True
        while declared:
            declared = False
            for i in range(SEATS):
                seat = (game.first_seat + i) % SEATS
                if seat == self.learner or not game.legal_declarations(seat):
                    continue
                decision = self.players[seat].declare(game.view(seat))
                if decision is not None:
                    events += game.declare(seat, decision.cards)
                    declared = True
        return events

    def _after(self, events: list[Event]) -> list[Event]:
        """Let the coach comment on what just happened."""
        game = self.game
        if self.coached and game.ctx is not None:
            for event in events:
                if isinstance(event, TrickWon):
                    said = self.narrator.trick(self.view, event.trick)
                    self.comments += [Comment(event.trick + 1, s) for s in said]
                elif isinstance(event, HandScored):
                    said = self.narrator.kitty(self.view)
                    self.comments += [Comment(len(game.tricks), s) for s in said]
                elif isinstance(event, KittyFlipped):
                    said = self.narrator.flipped(self.view)
                    self.comments += [Comment(0, s) for s in said]
                else:
                    continue
                self.messages += said
        return events

    def current_comments(self) -> list[Comment]:
        """The comments that still apply: those about the last finished trick (a comment
        on trick 3 goes once trick 4 is over)."""
        done = len(self.game.tricks)
        return [c for c in self.comments if c.trick == done]

    # ------------------------------------------------------------ the learner's moves

    def declaration_options(self) -> list[Declaration]:
        return self.game.legal_declarations(self.learner)

    def declare(self, cards: Sequence[Card]) -> list[Event]:
        return self.game.declare(self.learner, list(cards))

    def close_declaring(self) -> None:
        """The learner is done declaring; the next ``step`` fixes trumps."""
        self.window_open = False

    def submit(self, selected: Sequence[Card]) -> Submitted:
        """Bury or play ``selected``; a refused play comes back with its reason."""
        game = self.game
        if not self.learner_to_act or self.phase not in (BURYING, TRICKS):
            return Submitted(refusal=lambda: _("Wait for your turn."))
        if self.phase == BURYING:
            if len(selected) != self.kitty_size:
                said = coach.bury_line(self.view, selected)
                return Submitted(refusal=lambda: joined(said))
            self._burial = self.view
            return Submitted(tuple(self._after(game.bury(self.learner, list(selected)))))
        view = self.view
        if not selected:
            return Submitted(refusal=lambda: _("Choose the cards to play first."))
        if view.lead and len(selected) != len(view.lead):
            said = coach.hint_sentences(view)
            return Submitted(refusal=lambda: joined(said))
        if coach.refusal(view, selected) is not None:
            said = coach.refusal_sentences(view, selected)
            return Submitted(refusal=lambda: joined(said))
        self.learner_plays.append(coach.LearnerPlay(len(game.tricks), view, tuple(selected)))
        return Submitted(tuple(self._after(game.play(self.learner, list(selected)))))

    def auto_move(self) -> list[Card] | None:
        """What the learner's own AI would do now: declare (or ``None``), bury or play."""
        game = self.game
        player = self.players[self.learner]
        if self.phase in (DEALING, DECLARING):
            if not game.legal_declarations(self.learner):
                return None
            decision = player.declare(self.view)
            return list(decision.cards) if decision is not None else None
        if self.phase == BURYING:
            return list(player.bury(self.view).cards)
        return list(player.play(self.view).cards)

    # ------------------------------------------------------------ coaching

    def advise(self, view: PlayerView) -> Decision:
        """The advisor's burial or play for the decision ``view`` shows: searched once on
        its work budget, seeded by the position, and kept, so every text of the
        decision (and a second look after an undo) reads the same advice."""
        key = decision_key(view)
        found = self._advice.get(key)
        if found is None:
            advisor = advisor_for(view, self.advisor_kind)
            found = advisor.bury(view) if view.phase == BURYING else advisor.play(view)
            self._advice[key] = found
        return found

    def ladder(self) -> coach.HintLadder:
        """The hint ladder of the decision in front of the learner (burying or playing)."""
        at = self._decision_at()
        if self._ladder is None or self._ladder_at != at:
            self._ladder = coach.HintLadder(self.view, self.advise)
            self._ladder_at = at
        return self._ladder

    def _decision_at(self) -> tuple[str, int, int]:
        """Which decision of the hand is in front of the learner."""
        return (self.phase, len(self.game.tricks), len(self.game.trick))

    @property
    def can_hint(self) -> bool:
        """A coached hand waits for the learner to bury or play."""
        return self.coached and self.phase in (BURYING, TRICKS) and self.learner_to_act

    def hint(self) -> coach.HintStep | None:
        """The next rung of the hint ladder for the decision in front of the learner."""
        if not self.can_hint:
            return None
        ladder = self.ladder()
        self.hinted.add(self._decision_at())
        return ladder.next()

    @property
    def hints_used(self) -> int:
        """How many of this hand's decisions the learner asked hints for (however many
        rungs each time)."""
        return len(self.hinted)

    def hint_again(self, rung: int) -> coach.HintStep | None:
        """A rung already shown, worded anew (in the language now chosen)."""
        return self._ladder.step(rung) if self._ladder is not None else None

    @property
    def can_undo(self) -> bool:
        """In a coached hand, the learner's last play of this hand can be taken back."""
        return self.coached and self.phase == TRICKS and bool(self.learner_plays)

    def undo(self) -> bool:
        """Take back the learner's last play and every move after it."""
        if not self.can_undo:
            return False
        last = self.learner_plays.pop()
        self.undos += 1
        while True:
            action = self.game.undo()
            if isinstance(action, PlayCards) and action.seat == self.learner \
                    and tuple(action.cards) == last.cards:
                return True

    def review(self) -> list[coach.ReviewNote]:
        """The review of the hand just finished: the learner's plays that cost something."""
        return coach.review(self.learner_plays, self.view, self._burial_advice, self._burial)

    def _burial_advice(self) -> tuple[Card, ...] | None:
        """The coach's burial for the learner's burying decision (asked once, when the
        review needs it); ``None`` when that decision was not seen at this table (a
        match resumed from a save after the burial)."""
        if self._burial is None:
            return None
        return tuple(self.advise(self._burial).cards)

    def bury_advice(self, selected: Sequence[Card]) -> list[Said]:
        """The coach's sentences while the learner buries ``selected`` (so far): the
        risks of the cards chosen, or, once they are the burial a hint suggested, its
        reasons."""
        if not self.coached or self.phase != BURYING or self.game.turn != self.learner:
            return []
        ladder = self.ladder()
        coached = ladder.decision if ladder.used else None  # searched only when asked for
        if coached is not None and Counter(selected) == Counter(coached.cards):
            # the coach's own burial: why it buries these, not warnings against them
            return coach.bury_suggestion(self.view, coached)[1:]
        return coach.bury_advice(self.view, selected)

    def declare_advice(self) -> list[Said]:
        """The coach's sentences while the learner may declare (worked out once per
        card dealt and declaration made, so a scene may ask every frame)."""
        if not self.coached or self.phase not in (DEALING, DECLARING):
            return []
        view = self.shown_view()
        if not self.declaration_options():
            return []
        key = (view.hand_number, view.phase, view.hand, view.declarations)
        if self._declare_advice[0] != key:
            advisor = advisor_for(view, self.advisor_kind)
            self._declare_advice = (key, coach.declare_advice(view, advisor.declare(view)))
        return self._declare_advice[1]

    def tip(self) -> Said | None:
        """A strategy tip that fits the moment, one the hand has shown least (the same
        one for the whole decision), and none that the coach's play, once a hint has
        shown it, goes against."""
        if not self.coached:
            return None
        ladder = self._ladder
        at = self._decision_at()
        hinted = ladder is not None and ladder.used > 0 and self._ladder_at == at
        shown = Counter(m for k, m in self._tips.items() if k != at and m is not None)
        said = coach.tip(self.view, ladder.decision.cards if hinted else None, shown)
        if at not in self._tips and self.view.phase == TRICKS:
            self._tips[at] = said.msgid if said is not None else None
        return said

    # ------------------------------------------------------------ the match

    def outcome(self) -> HandOutcome:
        """The end of the hand just finished, as the engine scored it (``Game.outcome``)."""
        outcome = self.game.outcome
        assert outcome is not None, "the hand is not over"
        return outcome

    def next_hand(self) -> list[Event]:
        """Start the next hand of the match (after the summary)."""
        self.messages = []
        self.comments = []
        self.learner_plays = []
        self.hinted = set()
        self.undos = 0
        self.kept = None
        self.window_open = True
        self._ladder = None
        self._burial = None
        self._advice = {}
        self._tips = {}
        self.narrator = coach.Narrator(self.learner)
        return self.game.next_hand()

    def to_dict(self) -> dict[str, Any]:
        """The match to save on quit: the game (its action log) and the table's settings."""
        return {"game": self.game.to_dict(), "learner": self.learner, "coached": self.coached,
                "ai_kind": self.ai_kind, "opponents": self.opponents, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "PracticeTable":
        """A saved match; ``InvalidSaveError`` (a ``ValueError``) naming what is wrong
        if it is not one or does not replay.  Keys it does not know are ignored."""
        check_table_data(data)
        return cls(Game.from_dict(data["game"]), data["learner"], coached=data["coached"],
                   ai_kind=data["ai_kind"], opponents=data.get("opponents"), seed=data["seed"])


def advisor_for(view: PlayerView, kind: str = ADVISOR) -> Player:
    """The coach's advisor of ``kind`` for the decision ``view`` shows, seeded by that
    decision (``decision_key``): the same position gets the same advice in any process."""
    return make_advisor(kind, zlib.crc32(decision_key(view).encode()))


def decision_key(view: PlayerView) -> str:
    """The decision ``view`` shows, as text: everything the seat has seen that a
    decision can depend on (the phase, the hand, the kitty it holds, the declarations
    and every play so far), and nothing of the clock or of the hidden cards."""
    def trick(plays: Sequence[Play], attempted: Sequence[Card] | None) -> str:
        tried = f"({format_cards(attempted)})" if attempted else ""
        return tried + " ".join(f"{p.seat}:{format_cards(p.cards)}" for p in plays)

    tricks = [trick(r.plays, r.attempted) for r in view.tricks] + [trick(view.trick, view.attempted)]
    shown = " ".join(f"{d.seat}:{format_cards(d.cards)}" for d in view.declarations)
    return "|".join((view.phase, str(view.hand_number), view.level, str(view.dealer),
                     str(view.flipped), shown, format_cards(view.hand),
                     format_cards(view.kitty or ()), " / ".join(tricks)))


def check_table_data(data: object) -> None:
    """The table's own part of a saved match (the game is checked by ``Game.from_dict``)."""
    if not isinstance(data, dict):
        raise InvalidSaveError(f"match: a mapping, not {type(data).__name__}")

    def need(ok: bool, key: str, what: str) -> None:
        if not ok:
            raise InvalidSaveError(f"{key}: {what}, not {repr(data.get(key, 'nothing'))[:40]}")

    need(type(data.get("learner")) is int and data["learner"] in range(SEATS), "learner", "a seat 0-3")
    need(type(data.get("coached")) is bool, "coached", "true or false")
    need(isinstance(data.get("ai_kind"), str) and data["ai_kind"] in PLAYERS, "ai_kind",
         f"one of {', '.join(sorted(PLAYERS))}")
    need(data.get("opponents") is None or (isinstance(data["opponents"], str) and data["opponents"] in PLAYERS),
         "opponents", f"one of {', '.join(sorted(PLAYERS))} (or absent: as ai_kind)")
    need(type(data.get("seed")) is int and 0 <= data["seed"] < SEED_LIMIT, "seed",
         f"an integer 0-{SEED_LIMIT - 1}")
    need(isinstance(data.get("game"), dict), "game", "a saved game")
