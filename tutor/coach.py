"""The coach of a practice hand: hint lines, refusals, the hint ladder, narration, review.

Everything here *asks the engine* and puts its answer into words; it never judges a
play itself.  What a follow must contain is read off a legal follow the engine chose
(every legal follow has the same structure vector, RULES.md §5); why a play is refused
is ``check_follow``'s verdict, and why a card cannot be picked is
``why_not_selectable``'s: the obligation adding it would break, with the cards that
meet it.

Pure Python (no pygame), so the table scene, the review and the tests share it.

Cards are named by the lessons' helpers (``tutor/hints.py``), so a card reads the same
in a lesson and at the table.  Suits are shown as symbols here (the hint line is one
line); seats are named from the learner's chair, capitalised to start a sentence.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Sequence

from engine import (
    Card,
    TrumpContext,
    check_follow,
    check_lead,
    classify_follow,
    decompose,
    kitty_multiplier,
    lead_shape,
    legal_follow,
    points,
    trick_winner,
    why_not_selectable,
)
from engine.cards import SUIT_SYMBOLS
from engine.combos import can_pack, pair_faces
from engine.rules import TRUMP
from engine.view import Decision, PlayerView, Reason, TrickRecord

from .hints import card_name, cards_text, reason_text
from .i18n import N_, _, ngettext

Advisor = Callable[[PlayerView], Decision]
"""Whoever recommends a play from a view: the AI player of the seat."""

FULL = "selection_full"
"""The selection already holds as many cards as the lead (the engine's ``wrong_count``
for a card, which would read wrongly as "play as many cards as were led")."""


# ---------------------------------------------------------------- names

def cards_label(cards: Sequence[Card], ctx: TrumpContext | None = None) -> str:
    """Cards in hand order (when ``ctx`` is known), named as the lessons name them."""
    return cards_text(ctx.sorted(cards) if ctx is not None else cards)


def suit_label(suit: str) -> str:
    """An effective suit: a symbol, or the word for trumps."""
    return _("trumps") if suit == TRUMP else SUIT_SYMBOLS[suit]


def then(first: str, second: str) -> str:
    """Two sentences in a row: a space between them in English, none in Chinese."""
    # TRANSLATORS: two sentences one after the other; Chinese needs no space between them.
    return _("{first} {second}").format(first=first, second=second)


def seat_label(seat: int, learner: int) -> str:
    """A seat as the learner sees it; play goes to the right (下家 is ``learner + 1``)."""
    names = (N_("You"), N_("Right opponent"), N_("Partner"), N_("Left opponent"))
    return _(names[(seat - learner) % 4])


# ---------------------------------------------------------------- the hint line

LEAD, FOLLOW, SHORT, VOID = "lead", "follow", "short", "void"


@dataclass(frozen=True)
class PlayHint:
    """What the next play must be, as data; ``text()`` is the hint line.

    ``kind``: ``lead``; ``follow`` (enough cards of the led suit); ``short`` (fewer
    than the lead: play them all and fill); ``void`` (none: ruff or discard).
    ``tractors`` and ``pairs`` are what a follow must contain (pairs inside the
    tractors included); both are empty unless ``kind`` is ``follow``.
    """

    kind: str
    count: int = 0
    suit: str | None = None
    held: int = 0
    tractors: tuple[int, ...] = ()
    pairs: int = 0
    can_ruff: bool = False
    lead_pairs: int = 0

    def text(self) -> str:
        if self.kind == LEAD:
            return _("Your lead: a single, a pair, a tractor, or several cards of one suit "
                     "at once (a throw).")
        suit = suit_label(self.suit or TRUMP)
        n = self.count
        if self.kind == VOID:
            if not self.can_ruff:
                return ngettext("No {suit} left: discard any {n} card.",
                                "No {suit} left: discard any {n} cards.", n).format(suit=suit, n=n)
            line = ngettext("No {suit} left: ruff with {n} trump, or discard any {n} card.",
                            "No {suit} left: ruff with {n} trumps, or discard any {n} cards.",
                            n).format(suit=suit, n=n)
            if self.lead_pairs:
                line = then(line, _("A ruff must have the lead's shape (its pairs and tractors)."))
            return line
        if self.kind == SHORT and self.suit == TRUMP:
            return ngettext("You hold only {held} trump: play it and {fill} more of any suit.",
                            "You hold only {held} trumps: play them all and {fill} more of any "
                            "suit.", self.held).format(held=self.held, fill=n - self.held)
        if self.kind == SHORT:
            return ngettext("You hold only {held} {suit} card: play it and {fill} more of "
                            "any suit.",
                            "You hold only {held} {suit} cards: play them all and {fill} more "
                            "of any suit.", self.held).format(held=self.held, suit=suit,
                                                              fill=n - self.held)
        if self.suit == TRUMP:
            line = ngettext("Follow with {n} trump.", "Follow with {n} trumps.", n).format(n=n)
        else:
            line = ngettext("Follow with {n} {suit} card.", "Follow with {n} {suit} cards.",
                            n).format(n=n, suit=suit)
        for length in self.tractors:
            line = then(line, _("You must play a tractor of {length} pairs.").format(length=length))
        loose = self.pairs - sum(self.tractors)
        if loose > 0:
            if self.tractors:
                line = then(line, ngettext("And {n} more pair.", "And {n} more pairs.",
                                           loose).format(n=loose))
            else:
                line = then(line, ngettext("You must play {n} pair.", "You must play {n} pairs.",
                                           loose).format(n=loose))
        return line


def _structure(cards: Sequence[Card], tractors: Sequence[int], cap: int,
               ctx: TrumpContext) -> tuple[tuple[int, ...], int]:
    """The tractors of ``tractors`` (longest first) that ``cards`` can hold together, and
    their pairs capped at ``cap``: the follow's structure in the terms of RULES.md §5."""
    mult = Counter(ctx.position(face) for face in pair_faces(cards))
    held: list[int] = []
    for length in tractors:
        if can_pack(dict(mult), held + [length]):
            held.append(length)
    return tuple(held), min(len(pair_faces(cards)), cap)


def play_hint(view: PlayerView) -> PlayHint:
    """The hint line's content for the seat to play in ``view`` (phase ``tricks``)."""
    ctx = view.ctx
    assert ctx is not None, "trumps are decided before the tricks"
    if view.leading:
        return PlayHint(LEAD)
    lead = list(view.lead or ())
    shape = lead_shape(lead, ctx)
    held = [c for c in view.hand if ctx.suit_of(c) == shape.suit]
    common = dict(count=shape.size, suit=shape.suit, held=len(held), lead_pairs=shape.pairs)
    if not held:
        ruff = shape.suit != TRUMP and any(ctx.is_trump(c) for c in view.hand)
        return PlayHint(VOID, can_ruff=ruff, **common)
    if len(held) < shape.size:
        return PlayHint(SHORT, **common)
    follow = [c for c in legal_follow(view.hand, lead, ctx) if ctx.suit_of(c) == shape.suit]
    tractors, pairs = _structure(follow, shape.tractors, shape.pairs, ctx)
    return PlayHint(FOLLOW, tractors=tractors, pairs=pairs, **common)


def hint_line(view: PlayerView) -> str:
    return play_hint(view).text()


def bury_line(kitty: Sequence[Card]) -> str:
    """The hint line while the learner buries: progress, and points put at risk."""
    line = _("Choose 8 cards to bury ({n} chosen).").format(n=len(kitty))
    at_risk = points(kitty)
    if at_risk:
        line = then(line, _("{p} points in the kitty!").format(p=at_risk))
    return line


def bury_advice(kitty: Sequence[Card], ctx: TrumpContext | None = None) -> list[str]:
    """The coach's sentences while the learner buries ``kitty`` (the cards chosen so far):
    warnings first (points, then with ``ctx`` trumps, aces and pairs), then the advice."""
    advice = [ai_reason_text(Reason("bury_low_cards")), ai_reason_text(Reason("bury_void_suit"))]
    warnings = bury_warnings(kitty, ctx) if ctx is not None else []
    if points(kitty):
        warnings.insert(0, _("Careful: {p} points in the kitty are doubled or more for the "
                             "attackers if they win the last trick.").format(p=points(kitty)))
    return warnings + advice


def bury_warnings(kitty: Sequence[Card], ctx: TrumpContext) -> list[str]:
    """What the chosen cards give away besides points: trumps, side-suit aces, pairs."""
    out = []
    trumps = [c for c in kitty if ctx.is_trump(c)]
    if trumps:
        out.append(ngettext("{cards} is a trump: buried, it cannot win a trick or ruff.",
                            "{cards} are trumps: buried, they cannot win tricks or ruff.",
                            len(trumps)).format(cards=cards_label(trumps, ctx)))
    aces = [c for c in kitty if not ctx.is_trump(c) and c.rank == "A"]
    if aces:
        out.append(_("{cards}: an ace wins a trick by itself; bury low cards instead.").format(
            cards=cards_label(aces, ctx)))
    pairs = [c for c in pair_faces(kitty) if not ctx.is_trump(c)]
    if pairs:
        out.append(_("{cards}: pairs win tricks and must be followed; keep them in your hand.").format(
            cards=cards_label([c for c in pairs for _n in range(2)], ctx)))
    return out


# ---------------------------------------------------------------- refusals

@dataclass(frozen=True)
class Refusal:
    """Why a play or a card is refused: a reason code and the cards that satisfy it."""

    code: str
    cards: tuple[Card, ...] = ()


def refusal(view: PlayerView, play: Sequence[Card]) -> Refusal | None:
    """The engine's verdict on playing ``play`` now, or ``None`` when it is allowed.

    A lead is refused only when it mixes suits (a throw that can be beaten is not
    refused: it fails in the open, as the rules say).
    """
    ctx = view.ctx
    assert ctx is not None
    if view.leading:
        result = check_lead(list(play), [], ctx)
        return None if result.reason != "mixed_suits" else Refusal("mixed_suits")
    verdict = check_follow(view.hand, list(view.lead or ()), list(play), ctx)
    return None if verdict.legal else Refusal(verdict.reason or "", tuple(verdict.cards))


def blocked(view: PlayerView, selected: Sequence[Card], card: Card) -> Refusal:
    """Why ``card`` cannot be added to ``selected``: the obligation the engine says
    adding it would make impossible, with the cards that satisfy it."""
    ctx = view.ctx
    assert ctx is not None
    verdict = why_not_selectable(view.hand, view.lead, selected, card, ctx)
    if verdict.reason == "wrong_count":
        return Refusal(FULL)
    return Refusal(verdict.reason or "", tuple(verdict.cards))


def refusal_text(view: PlayerView, why: Refusal, card: Card | None = None) -> str:
    """One sentence for a refused play, or (with ``card``) for a card that cannot be
    picked: the lessons' sentence for the reason code, or a sentence about that card."""
    ctx = view.ctx
    assert ctx is not None
    if why.code == FULL:
        return _("You have chosen enough cards: deselect one first.")
    suit = ctx.suit_of(view.lead[0]) if view.lead else None
    held = cards_label(why.cards, ctx)
    if card is not None and suit is not None:
        if why.code == "must_follow_suit" and ctx.is_trump(card):
            return _("{card} is a trump: it cannot follow {suit} while you hold {suit} "
                     "cards.").format(card=card_name(card), suit=suit_label(suit))
        if why.code == "must_follow_suit" and suit == TRUMP:
            return _("{card} is not a trump: you must follow trumps while you hold "
                     "trumps.").format(card=card_name(card))
        if why.code == "must_follow_suit" and ctx.suit_of(card) != suit:
            return _("{card} is not {suit}: you must follow {suit} while you hold {suit} "
                     "cards.").format(card=card_name(card), suit=suit_label(suit))
        if why.code == "must_play_pair":
            return _("{card} leaves no room for the pair you must play: a pair was led and "
                     "you hold {held}.").format(card=card_name(card), held=held)
        if why.code == "must_play_tractor":
            return _("{card} leaves no room for the tractor you must play: {held}.").format(
                card=card_name(card), held=held)
    cards = list(view.lead or ()) if why.code == "wrong_count" else ctx.sorted(why.cards)
    return reason_text(why.code, cards, ctx, suit=suit) or _(
        "The rules do not allow this play ({code}).").format(code=why.code)


# ---------------------------------------------------------------- AI reasons

_REASONS: dict[str, str] = {
    "declare_long_suit": N_("Declare the suit you hold most of, not merely any level card."),
    "declare_pair_override": N_("A level pair in a long suit overrides the opponents' "
                                "declaration."),
    "declare_reinforce": N_("The second identical level card makes the declaration a pair, "
                            "so pairs cannot override it."),
    "declare_no_trump": N_("A joker pair declares no-trump: then the jokers and level cards "
                           "are the strongest trumps."),
    "bury_void_suit": N_("Bury a short side suit entirely, to ruff it later."),
    "bury_low_cards": N_("Bury low side cards without points; keep trumps, pairs and high "
                         "cards."),
    "bury_points_safe": N_("Points may go in the kitty when you expect to win the last "
                           "trick."),
    "sure_tractor": N_("Lead a tractor that nothing still out can beat or ruff."),
    "sure_pair": N_("Lead a pair that nothing still out can beat or ruff."),
    "sure_throw": N_("Throw: no combination still out beats any part of it."),
    "sure_winner": N_("Lead a card that nothing still out can beat or ruff."),
    "drawing_trumps": N_("Lead trumps to pull the opponents' trumps."),
    "lead_partner_void": N_("Lead a suit your partner is out of, so your partner can ruff."),
    "lead_short_suit": N_("Lead a low card of a short suit, to run out of it and ruff it "
                          "later."),
    "lead_low": N_("Lead a low card without points: it gives little away."),
    "save_last_trick": N_("Near the end, lead another sure winner and keep your largest sure "
                          "combination for the last trick (the kitty multiplier)."),
    "lead_for_last_trick": N_("Near the end, lead all your sure cards at once: the last trick "
                              "multiplies the kitty by the cards led."),
    "partner_winning_give_points": N_("Your partner is winning and is likely to keep the "
                                      "trick: give points."),
    "partner_winning_follow_low": N_("Your partner is winning: follow with the cheapest "
                                     "cards, no need to ruff."),
    "win_trick": N_("Win the trick with the cheapest cards that are likely to hold."),
    "win_points": N_("This trick carries points: win it."),
    "ruff": N_("You are out of the led suit: ruff with trumps."),
    "ruff_points": N_("You are out of the led suit and the trick carries points: ruff it."),
    "overruff": N_("An opponent has ruffed: ruff higher."),
    "follow_low": N_("You cannot (or need not) win: follow with the cheapest cards, keeping "
                     "points and pairs."),
    "cheapest_discard": N_("Out of the led suit and not ruffing: discard the cheapest cards."),
    "must_follow": N_("The rules leave only this play."),
    "search_best": N_("Playing out many possible deals, this play scored best."),
    "highest_card": N_("Play the highest cards."),
    "dump_points": N_("Your partner is winning: give points."),
}


def ai_reason_text(reason: Reason | None) -> str:
    """An AI reason as a sentence; an unknown code still gets a plain sentence."""
    if reason is None or reason.code not in _REASONS:
        return _("This is the play the AI found best.")
    return _(_REASONS[reason.code])


# ---------------------------------------------------------------- strategy tips

DECLARE_TIP = N_("Tip: declare a suit you hold many cards of, not merely any level card; "
                 "a short trump suit helps the opponents.")
PLAY_TIPS = (
    N_("Tip: lead your side-suit aces early, while the others still hold that suit."),
    N_("Tip: when your partner is winning the trick, give 10s, kings and 5s; when an "
       "opponent is, give low cards without points."),
    N_("Tip: pairs and tractors win tricks. Keep a pair rather than break it to win one "
       "more trick."),
    N_("Tip: throw only when nothing still out can beat any part of it: the A and the big "
       "pairs of that suit are gone or in your hand."),
    N_("Tip: attackers, keep a strong pair of trumps for the last trick: the kitty's "
       "points then count four times."),
    N_("Tip: dealers, do not spend all your trumps early: the last trick decides the kitty."),
)
"""Strategy for the practice table (seed 004's advice), one at a time."""


def tip(phase: str, trick: int) -> str:
    """A strategy tip for the moment: declaring while dealing, else one per trick in turn."""
    if phase in ("dealing", "declaring"):
        return _(DECLARE_TIP)
    return _(PLAY_TIPS[trick % len(PLAY_TIPS)])


# ---------------------------------------------------------------- the hint ladder

_PRINCIPLES: dict[str, str] = {
    "lead_sure": N_("Lead what nothing still out can beat: it wins the trick for sure."),
    "lead_trumps": N_("Pulling the opponents' trumps makes your high side cards safe."),
    "lead_void": N_("Running out of a suit lets you ruff it later."),
    "lead_cheap": N_("With no sure winner, lead something cheap and give little away."),
    "last_trick": N_("The last trick decides who gets the kitty, multiplied."),
    "partner": N_("When your partner is winning, help: give points, don't fight."),
    "win": N_("Win tricks that carry points, as cheaply as you can."),
    "ruff": N_("Out of the led suit, a trump play of the lead's shape wins."),
    "cheap": N_("When you cannot win, play your cheapest cards and keep points and pairs."),
    "forced": N_("Here the rules decide for you."),
}

_PRINCIPLE_OF: dict[str, str] = {
    "sure_tractor": "lead_sure", "sure_pair": "lead_sure", "sure_throw": "lead_sure",
    "sure_winner": "lead_sure", "drawing_trumps": "lead_trumps",
    "lead_partner_void": "lead_void", "lead_short_suit": "lead_void", "lead_low": "lead_cheap",
    "save_last_trick": "last_trick", "lead_for_last_trick": "last_trick",
    "partner_winning_give_points": "partner", "partner_winning_follow_low": "partner",
    "dump_points": "partner", "win_trick": "win", "win_points": "win",
    "highest_card": "win", "ruff": "ruff", "ruff_points": "ruff", "overruff": "ruff",
    "follow_low": "cheap", "cheapest_discard": "cheap", "must_follow": "forced",
}

PRINCIPLE, FOCUS, SUGGESTION, ANSWER = range(4)


@dataclass(frozen=True)
class HintStep:
    """One rung of the ladder: its text and the cards to highlight (or select, for ANSWER)."""

    rung: int
    text: str
    cards: tuple[Card, ...] = ()


@dataclass
class HintLadder:
    """Hints for one decision, each more direct: principle → where to look → the AI's
    play and why → the answer.  ``used`` counts the rungs shown."""

    view: PlayerView
    advisor: Advisor
    used: int = 0
    _decision: Decision | None = field(default=None, repr=False)

    @property
    def decision(self) -> Decision:
        if self._decision is None:
            self._decision = self.advisor(self.view)
        return self._decision

    @property
    def exhausted(self) -> bool:
        return self.used > ANSWER

    def step(self, rung: int) -> HintStep:
        ctx = self.view.ctx
        assert ctx is not None
        cards = self.decision.cards
        reason = self.decision.reason
        if rung == PRINCIPLE:
            key = _PRINCIPLE_OF.get(reason.code if reason else "", "")
            if not key:
                key = "lead_cheap" if self.view.leading else "cheap"
            return HintStep(rung, _(_PRINCIPLES[key]))
        if rung == FOCUS:
            suit = ctx.suit_of(cards[0])
            group = tuple(c for c in self.view.hand if ctx.suit_of(c) == suit)
            if pair_faces(c for c in cards if ctx.suit_of(c) == suit):
                text = _("Look at your pairs in {suit}.").format(suit=suit_label(suit))
            elif suit == TRUMP:
                text = _("Look at your trumps.")
            else:
                text = _("Look at your {suit} cards.").format(suit=suit_label(suit))
            return HintStep(rung, text, group)
        if rung == SUGGESTION:
            text = _("The coach would play {cards}. {why}").format(
                cards=cards_label(cards, ctx), why=ai_reason_text(reason))
            return HintStep(rung, text, tuple(cards))
        return HintStep(ANSWER, _("Answer: {cards} — selected for you.").format(
            cards=cards_label(cards, ctx)), tuple(cards))

    def next(self) -> HintStep:
        """The next rung (the answer again once the ladder is climbed)."""
        rung = min(self.used, ANSWER)
        self.used = min(self.used + 1, ANSWER + 1)
        return self.step(rung)


# ---------------------------------------------------------------- narration

@dataclass(frozen=True)
class TrickFacts:
    """What happened in one trick, as data: the narration and the review read it."""

    winner: int
    why: str
    """``lead`` (nobody beat the lead), ``higher`` (a higher play of the led suit),
    ``ruff`` or ``overruff``."""
    ruffs: tuple[int, ...]
    overruffs: tuple[int, ...]
    discards: tuple[int, ...]


def trick_facts(record: TrickRecord, ctx: TrumpContext) -> TrickFacts:
    lead = list(record.plays[0].cards)
    ruffs: list[int] = []
    overruffs: list[int] = []
    discards: list[int] = []
    for i, play in enumerate(record.plays[1:], start=1):
        kind = classify_follow(lead, list(play.cards), ctx)
        if kind == "ruff":
            earlier = [list(p.cards) for p in record.plays[:i]]
            beat = trick_winner(earlier + [list(play.cards)], ctx) == i
            (overruffs if ruffs and beat else ruffs).append(play.seat)
        elif kind == "discard":
            discards.append(play.seat)
    index = trick_winner([list(p.cards) for p in record.plays], ctx)
    winner = record.plays[index].seat
    if index == 0:
        why = "lead"
    elif winner in overruffs:
        why = "overruff"
    elif winner in ruffs:
        why = "ruff"
    else:
        why = "higher"
    return TrickFacts(winner, why, tuple(ruffs), tuple(overruffs), tuple(discards))


@dataclass(frozen=True)
class Said:
    """A coach sentence kept as its msgid and values and put into words when shown, so
    that switching the language changes the sentences already on screen too.

    Values named ``who`` are seats (named from the learner's chair), ``suit`` effective
    suits, tuples cards; anything else is shown as it is.
    """

    msgid: str
    learner: int
    values: tuple[tuple[str, object], ...] = ()

    def text(self) -> str:
        words: dict[str, object] = {}
        for key, value in self.values:
            if key == "who":
                assert isinstance(value, int)
                words[key] = seat_label(value, self.learner)
            elif key == "suit":
                words[key] = suit_label(str(value))
            elif isinstance(value, tuple):
                words[key] = cards_text(value)
            else:
                words[key] = value
        return _(self.msgid).format(**words)


_WON = {
    "lead": N_("{who} won the trick: nobody beat the lead."),
    "higher": N_("{who} won the trick with a higher play of the led suit."),
    "ruff": N_("{who} won the trick by ruffing."),
    "overruff": N_("{who} won the trick with the highest ruff."),
}


@dataclass
class Narrator:
    """One plain sentence the first time each thing happens in a coached hand."""

    learner: int
    seen: set[str] = field(default_factory=set)

    def _once(self, key: str, out: list[Said], msgid: str, **values: object) -> None:
        if key not in self.seen:
            self.seen.add(key)
            out.append(Said(msgid, self.learner, tuple(values.items())))

    def trick(self, record: TrickRecord, ctx: TrumpContext) -> list[Said]:
        """Sentences for a finished trick (none once everything in it was explained)."""
        out: list[Said] = []
        lead = record.plays[0].cards
        suit = ctx.suit_of(lead[0])
        if record.attempted:
            self._once("throw_failed", out, N_(
                "{who} tried to throw {tried}, but another hand could beat part of it: only "
                "{played} was played."), who=record.leader,
                tried=tuple(ctx.sorted(record.attempted)), played=tuple(ctx.sorted(lead)))
        facts = trick_facts(record, ctx)
        if facts.ruffs:
            self._once("ruff", out, N_("{who} had no {suit} and ruffed: a trump play of the "
                                       "lead's shape beats any {suit}."),
                       who=facts.ruffs[0], suit=suit)
        if facts.overruffs:
            self._once("overruff", out, N_("{who} over-ruffed: higher trumps beat the first "
                                           "ruff."), who=facts.overruffs[0])
        if facts.discards:
            self._once("discard", out, N_("{who} discarded: a play that is neither the led "
                                          "suit nor trumps of the lead's shape never wins."),
                       who=facts.discards[0])
        self._once("won_" + facts.why, out, _WON[facts.why], who=facts.winner)
        return out

    def kitty(self, last_lead: Sequence[Card], kitty: Sequence[Card], attackers_won: bool,
              ctx: TrumpContext) -> list[Said]:
        """The kitty sentence at the end of the hand."""
        out: list[Said] = []
        p = points(kitty)
        if attackers_won and p:
            m = kitty_multiplier(list(last_lead), ctx)
            self._once("kitty", out, N_("The attackers won the last trick: the {p} points in "
                                        "the kitty count ×{m}, that is {total}."),
                       p=p, m=m, total=p * m)
        elif p:
            self._once("kitty", out, N_("The dealers won the last trick: the {p} points in "
                                        "the kitty are safe."), p=p)
        return out


# ---------------------------------------------------------------- review

@lru_cache(maxsize=1)
def lesson_titles() -> dict[str, str]:
    """The title (a msgid) of every shipped lesson by id, read from the lesson files once."""
    from .lessons import load_all

    return {lesson.id: lesson.title for lesson in load_all() if lesson.available}


def lesson_for(view: PlayerView, cards: Sequence[Card]) -> str:
    """The id of the lesson that teaches the rule a decision turns on: 03 trumps,
    05 singles and pairs, 06 tractors, 07 ruffing and discarding, 08 throws, 09 the
    kitty and the score."""
    ctx = view.ctx
    assert ctx is not None
    if len(view.hand) == len(cards):
        return "09"  # the last trick: the kitty multiplier
    if view.leading:
        one_suit = len({ctx.suit_of(c) for c in cards}) == 1
        comps = decompose(list(cards), ctx) if one_suit else []
        if len(comps) > 1:
            return "08"
        suit, kinds = ctx.suit_of(cards[0]), {c.kind for c in comps}
    else:
        shape = lead_shape(list(view.lead or ()), ctx)
        if not any(ctx.suit_of(c) == shape.suit for c in view.hand):
            return "07"
        if shape.is_throw:
            return "08"
        suit, kinds = shape.suit, {c.kind for c in shape.components}
    if "tractor" in kinds:
        return "06"
    return "03" if suit == TRUMP else "05"


@dataclass(frozen=True)
class LearnerPlay:
    """A decision of the learner as the review needs it: the view before, the play made."""

    trick: int
    view: PlayerView
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ReviewNote:
    """A learner play the AI would have made differently."""

    trick: int
    played: tuple[Card, ...]
    alternative: tuple[Card, ...]
    reason: Reason | None
    lesson: str

    def text(self, ctx: TrumpContext) -> str:
        return _("You played {played}; the coach would play {alt}. {why}").format(
            played=cards_label(self.played, ctx), alt=cards_label(self.alternative, ctx),
            why=ai_reason_text(self.reason))

    def lesson_text(self) -> str:
        """"Lesson 3: …" (lesson ids are zero-padded file names; people count 1, 2, 3)."""
        title = lesson_titles().get(self.lesson)
        number = int(self.lesson) if self.lesson.isdigit() else self.lesson
        if title is None:
            return _("Lesson {id}").format(id=number)
        return _("Lesson {id}: {title}").format(id=number, title=_(title))


def review(plays: Sequence[LearnerPlay], advisor: Advisor) -> list[ReviewNote]:
    """For each learner play the advisor would have made differently: its play and why."""
    notes: list[ReviewNote] = []
    for item in plays:
        decision = advisor(item.view)
        if Counter(decision.cards) != Counter(item.cards):
            notes.append(ReviewNote(item.trick, item.cards, tuple(decision.cards),
                                    decision.reason, lesson_for(item.view, item.cards)))
    return notes
