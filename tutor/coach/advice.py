"""Burying advice, the hint line while burying, and strategy tips (declaring:
``tutor.coach.declaring``).

Every sentence states claims about the learner's view: the points and trumps among
the cards chosen to bury, the side suits it could empty,
and of the advisor's burial (``Buryable``) what it empties, keeps and measured.
A tip is a general idea; it is shown when the position makes it relevant (you hold
a side-suit ace, you are an attacker …), says nothing about hidden cards, and is left
out beside a coach's play that departs from it (``goes_against``).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from engine import Card, points
from engine.claims import (
    BuryEstimated,
    Buryable,
    EmptiesSuit,
    HasKitty,
    Holds,
    KittyPoints,
    Leading,
    PairsCanStay,
    Position,
    SuitOf,
    Team,
    TrumpsAmong,
)
from engine.combos import pair_faces
from engine.rules import TRUMP
from engine.view import Decision, PlayerView

from ..i18n import N_, ngettext
from .claims import cards_ref, position, suit_cards
from .reasons import PRINCIPLES, measured
from .said import CardsRef, Said, SuitRef, keep, plural

# ---------------------------------------------------------------- burying

SHORT_SUIT = 5
"""A side suit this short is worth emptying into the kitty (the shortest one is named)."""

CHOSEN = N_("Choose {size} cards to bury ({n} chosen).")
KITTY_POINTS = plural("@kitty_points", lambda n: ngettext(
    "{n} point in the kitty.", "{n} points in the kitty.", n))
KITTY_RISK = plural("@kitty_risk", lambda n: ngettext(
    "Careful: the {n} point in the kitty counts double or more for the attackers if they win "
    "the last trick.",
    "Careful: the {n} points in the kitty count double or more for the attackers if they win "
    "the last trick.", n))
TRUMPS_CHOSEN = plural("@trumps_chosen", lambda n: ngettext(
    "{n} of the chosen cards is a trump: trumps win tricks, keep them in your hand.",
    "{n} of the chosen cards are trumps: trumps win tricks, keep them in your hand.", n))
EMPTY_SUIT = plural("@empty_suit", lambda n: ngettext(
    "You hold only {n} {suit} card: bury it and you can ruff {suit} later.",
    "You hold only {n} {suit} cards: bury them all and you can ruff {suit} later.", n))

PUTS_POINTS = plural("@kitty_puts", lambda n: ngettext(
    "It puts {n} point in the kitty: it counts double or more for the attackers if they win "
    "the last trick.",
    "It puts {n} points in the kitty: they count double or more for the attackers if they win "
    "the last trick.", n))

ACES_CHOSEN = N_("{cards}: an ace often wins a trick by itself; bury low cards instead.")
PAIRS_CHOSEN = N_("{cards}: pairs win tricks and must be followed; keep them in your hand.")


def bury_line(view: PlayerView, selected: Sequence[Card]) -> list[Said]:
    """The hint line while the learner buries: progress, and points put at risk."""
    at = position(view)
    me = view.seat
    chosen = tuple(selected)
    out = [Said(CHOSEN, me, (("size", view.rules.variant.kitty_size), ("n", len(chosen))))]
    if points(chosen):
        out.append(Said(KITTY_POINTS, me, (("n", points(chosen)),),
                        (KittyPoints(chosen, points(chosen)),)))
    return keep(out, at)


def bury_advice(view: PlayerView, selected: Sequence[Card]) -> list[Said]:
    """The coach's sentences while the learner buries: the risk of the cards chosen so
    far (points, trumps, side-suit aces, pairs), and the side suits short enough to empty."""
    at = position(view)
    me = view.seat
    chosen = tuple(selected)
    out: list[Said] = []
    if points(chosen):
        out.append(Said(KITTY_RISK, me, (("n", points(chosen)),),
                        (KittyPoints(chosen, points(chosen)),)))
    trumps = sum(at.ctx.is_trump(c) for c in chosen)
    if trumps:
        out.append(Said(TRUMPS_CHOSEN, me, (("n", trumps),), (TrumpsAmong(chosen, trumps),)))
    aces = tuple(c for c in chosen if c.rank == "A" and not at.ctx.is_trump(c))
    if aces:
        out.append(Said.of(ACES_CHOSEN, me, Holds(aces), *(SuitOf(a, a.suit) for a in aces),
                           cards=CardsRef(aces)))
    pairs = tuple(c for face in pair_faces(c for c in chosen if not at.ctx.is_trump(c)) for c in (face, face))
    if pairs:
        out.append(Said.of(PAIRS_CHOSEN, me, Holds(pairs), cards=CardsRef(pairs)))
    suit = _suit_to_empty(view)
    trumps = suit_cards(at, TRUMP)
    if suit is not None and trumps:
        cards = suit_cards(at, suit)
        out.append(Said(EMPTY_SUIT, me, (("n", len(cards)), ("suit", SuitRef(suit))),
                        (EmptiesSuit(cards, suit), Holds(trumps))))
    if not out:
        out.append(Said.of(N_("Bury low side cards without points; keep trumps, pairs and high "
                              "cards."), me))
    return keep(out, at)


def bury_suggestion(view: PlayerView, decision: Decision) -> list[Said]:
    """The coach's burial (``decision``, from the advisor) and why: the side suits it
    empties, the points it puts in the kitty, the trumps it keeps, and what playing it
    out measured."""
    at = position(view)
    me = view.seat
    cards = tuple(decision.cards)
    out = [Said.of(N_("The coach would bury {cards}."), me, Buryable(cards),
                   cards=cards_ref(cards, at))]
    chosen = Counter(cards)
    kept_trumps = tuple((Counter(suit_cards(at, TRUMP)) - chosen).elements())
    for suit in sorted({at.ctx.suit_of(c) for c in cards} - {TRUMP}):
        held = suit_cards(at, suit)
        if kept_trumps and not Counter(held) - chosen:
            out.append(Said.of(N_("It buries every {suit} card you hold, so you can ruff {suit} "
                                  "later."), me, EmptiesSuit(held, suit), Holds(kept_trumps),
                               suit=SuitRef(suit)))
    p = points(cards)
    if p:
        out.append(Said(PUTS_POINTS, me, (("n", p),), (KittyPoints(cards, p),)))
    else:
        out.append(Said.of(N_("It puts no points in the kitty."), me, KittyPoints(cards, 0)))
    if not any(at.ctx.is_trump(c) for c in cards) and any(at.ctx.is_trump(c) for c in view.hand):
        out.append(Said.of(N_("It keeps all your trumps."), me, TrumpsAmong(cards, 0)))
    est = decision.estimate
    if est is not None and est.samples:
        out.append(measured(
            (N_("Played out from the first lead over {samples} deals consistent with your "
                "cards, this burial came out clearly best."),
             N_("Played out from the first lead over {samples} deals consistent with your "
                "cards, this burial came out best, but the deals vary too much to be sure it "
                "is better than the next best burial.")),
            me, BuryEstimated, cards, est))
    return keep(out, at)


def _suit_to_empty(view: PlayerView) -> str | None:
    """The shortest side suit (at most ``SHORT_SUIT`` cards) whose cards are all safe to
    bury (no points, no ace, no pair), so that the advice never contradicts the
    warnings above; ``None`` if there is none."""
    ctx = view.ctx
    assert ctx is not None
    by_suit: dict[str, list[Card]] = {}
    for card in view.hand:
        if not ctx.is_trump(card):
            by_suit.setdefault(ctx.suit_of(card), []).append(card)
    safe = [(len(cards), suit) for suit, cards in sorted(by_suit.items())
            if len(cards) <= SHORT_SUIT and not points(cards)
            and not any(c.rank == "A" for c in cards) and not pair_faces(cards)]
    return min(safe)[1] if safe else None


# ---------------------------------------------------------------- tips

TIP_REPEATS = 2
"""Decisions of one hand a play tip is shown at, at most: a tip read at every trick
stops being read."""
DECLARE_TIP = N_("Tip: declare a suit you hold many cards of, not merely any level card; a "
                 "short trump suit helps the opponents.")


ACE_TIP = N_("Tip: lead your side-suit aces early, while the others still hold that suit.")
FEED_TIP = N_("Tip: when your partner is winning the trick, give 10s, kings and 5s; when an "
              "opponent is, give low cards without points.")
PAIR_TIP = N_("Tip: pairs and tractors win tricks: do not break a pair just to win one more "
              "trick.")
THROW_TIP = N_("Tip: throw only when nothing still out can beat any part of it: every higher "
               "card and pair of that suit is gone or in your hand.")
TRUMP_PAIR_TIP = N_("Tip: attackers, keep a strong pair of trumps for the last trick: if you "
                    "win a last trick led as a pair, the kitty's points count four times.")
TRUMPS_TIP = N_("Tip: dealers, do not spend all your trumps early: the last trick decides the "
                "kitty.")
KOU_DI_TIP = N_("Tip: keep strong trumps for the last trick (扣底): the side that loses it gives "
                "the winners the points it played in it, times the number of cards led.")


def _ace_tip(view: PlayerView, at: Position) -> Said | None:
    """The tip to lead a side-suit ace early, for an ace whose suit an opponent may still
    hold (the claims of the ``lead_high`` principle); ``None`` when there is none."""
    ctx = view.ctx
    assert ctx is not None
    for ace in sorted({c for c in view.hand if c.rank == "A" and not ctx.is_trump(c)}):
        claims = PRINCIPLES["lead_high"].claims(at, (ace,))
        if claims is not None:
            return Said.of(ACE_TIP, view.seat, Holds((ace,)), *claims)
    return None


def _pair(view: PlayerView, among: Sequence[Card] | None = None) -> tuple[Card, ...] | None:
    """Two identical cards of the hand (or of ``among``), if there are any."""
    counts = Counter(view.hand if among is None else among)
    face = next((c for c, n in counts.items() if n >= 2), None)
    return (face, face) if face is not None else None


def play_tips(view: PlayerView) -> list[Said]:
    """The tips that fit the learner's position now: tips about leading only when the
    learner is to lead, the one about giving points only when the learner is to follow."""
    me = view.seat
    my_turn = view.turn == me
    at = position(view)
    if my_turn and _one_play(view, at):
        return []  # nothing to choose: a tip would only distract
    out: list[Said | None] = []
    if my_turn and view.leading:
        out.append(_ace_tip(view, at))
    if my_turn and view.trick:
        out.append(Said(FEED_TIP, me))
    # no advice when every legal follow breaks a pair
    pair = _pair(view)
    if pair is not None:
        out.append(Said.of(PAIR_TIP, me, PairsCanStay(pair)))
    ctx = view.ctx
    assert ctx is not None
    if my_turn and view.leading and max(Counter(ctx.suit_of(c) for c in view.hand).values()) > 1:
        out.append(Said.of(THROW_TIP, me, Leading()))  # a throw needs two cards of a suit
    trumps = suit_cards(at, TRUMP)
    trump_pair = _pair(view, trumps)
    if trump_pair is not None:
        out.append(Said.of(TRUMP_PAIR_TIP, me, Team(False), Holds(trump_pair), HasKitty()))
    if trumps:
        out.append(Said.of(TRUMPS_TIP, me, Team(True), Holds(trumps), HasKitty()))
        out.append(Said.of(KOU_DI_TIP, me, Holds(trumps), HasKitty(False)))
    return keep(out, at)


def _one_play(view: PlayerView, at: Position) -> bool:
    """Do the rules leave the learner a single play (one card to lead, or one legal
    follow)?"""
    if view.leading:
        return len(view.hand) == 1
    legal = at.legal(2)
    return legal is not None and len(legal) == 1


def goes_against(view: PlayerView, tip: Said, play: Sequence[Card]) -> bool:
    """Would ``play``, the coach's own play now, look like breaking ``tip``?  A tip is a
    general idea and the coach's play may rightly depart from it; shown side by side
    they would teach two things at once, so such a tip is left out."""
    at = position(view)
    played, hand = Counter(play), Counter(view.hand)
    rest = hand - played
    if tip.msgid == ACE_TIP:  # leads something else
        return not at.following and not any(c.rank == "A" and not at.ctx.is_trump(c) for c in play)
    if tip.msgid == FEED_TIP:
        if at.winner is None or at.wins_now(play):
            return False
        if at.winner % 2 != view.seat % 2:  # more points to an opponent's trick than it must
            fewest = at.fewest_points()
            return points(play) > (fewest if fewest is not None else 0)
        legal = at.legal()  # too many to list: a follow may give up to all the hand's points
        most = max(points(p) for p in legal) if legal is not None else points(view.hand)
        return not points(play) and most > 0  # none to a partner's, where it could
    if tip.msgid == PAIR_TIP:  # plays one card of a pair
        return any(n == 1 and hand[card] >= 2 for card, n in played.items())
    if tip.msgid == THROW_TIP:  # throws what may fail
        return not at.following and at.knowledge.throw_can_fail(play) is not False
    if tip.msgid == TRUMP_PAIR_TIP:  # spends the pair before the last trick
        pair = _pair(view, suit_cards(at, TRUMP))
        return bool(rest) and pair is not None and played[pair[0]] > 0
    if tip.msgid in (TRUMPS_TIP, KOU_DI_TIP):  # plays its last trumps with tricks still to come
        return bool(rest) and not any(at.ctx.is_trump(c) for c in rest)
    return False


def tip(view: PlayerView, advised: Sequence[Card] | None = None,
        shown: Counter | None = None) -> Said | None:
    """A strategy tip for the moment: declaring while dealing a later hand (in a match's
    first hand declaring also wins the deal, so a short suit is worth it and the coach's
    declaring advice says so), none while burying (the burying advice speaks then), else
    one per trick in turn among those that fit and were shown least in this hand
    (``shown``: msgid -> the decisions of the hand it was shown at), none once each was
    shown ``TIP_REPEATS`` times; none when ``advised``, the coach's play shown beside
    it, goes against it."""
    if view.phase in ("dealing", "declaring"):
        return None if view.dealer is None else Said(DECLARE_TIP, view.seat)
    if view.ctx is None or view.phase != "tricks":
        return None
    shown = shown or Counter()
    tips = [t for t in play_tips(view) if shown[t.msgid] < TIP_REPEATS]
    if not tips:
        return None
    fewest = min(shown[t.msgid] for t in tips)
    tips = [t for t in tips if shown[t.msgid] == fewest]
    chosen = tips[len(view.tricks) % len(tips)]
    return None if advised is not None and goes_against(view, chosen, advised) else chosen
