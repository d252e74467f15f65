"""The coach's reading of a position: which claims it can make about a play.

The claim types and their predicates live in the engine (``engine.claims``); this
module builds the sentences that state them about one play — that it wins now, how
sure that is, the points it gives, who is winning — choosing the wording by what
holds (``keep`` drops any sentence whose claims do not).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from engine import Card, points
from engine.claims import (
    POSSIBLE,
    SURE,
    CannotBeBeaten,
    FewestPoints,
    GivesPoints,
    KeepsWinner,
    OpponentWinning,
    PartnerWinning,
    Position,
    TrickPoints,
    WinShare,
    WinsNow,
)
from engine.ai.sampler import DECLARER_PRIOR, KITTY_PRIOR_NAME, weights
from engine.view import Estimate, PlayerView

from ..i18n import N_, ngettext
from .said import CardsRef, Percent, Said, SeatRef, keep, plural


@lru_cache(maxsize=8)
def position(view: PlayerView) -> Position:
    """The ``Position`` of a view, kept for the few views in use (a frame redraws the
    same sentences many times)."""
    return Position(view)


def cards_ref(cards: Sequence[Card], at: Position) -> CardsRef:
    return CardsRef(tuple(at.ctx.sorted(cards)))


def suit_cards(at: Position, suit: str) -> tuple[Card, ...]:
    """The seat's cards of effective suit ``suit``."""
    return tuple(c for c in at.view.hand if at.ctx.suit_of(c) == suit)


PLAY_GIVES = plural("@play_gives", lambda n: ngettext(
    "{cards} carries {n} point.", "{cards} carries {n} points.", n))
PLAY_GIVES_NONE = N_("{cards} carries no points.")
CARDS_GIVE = plural("@cards_give", lambda n: ngettext(
    "{cards} carry {n} point.", "{cards} carry {n} points.", n))
CARDS_GIVE_NONE = N_("{cards} carry no points.")
"""The same for a play of several cards."""


def gives(at: Position, cards: Sequence[Card]) -> Said:
    """What a play carries, in points."""
    p = points(cards)
    claim = GivesPoints(tuple(cards), p)
    several = len(cards) > 1
    if p:
        return Said(CARDS_GIVE if several else PLAY_GIVES, at.seat,
                    (("cards", cards_ref(cards, at)), ("n", p)), (claim,))
    return Said.of(CARDS_GIVE_NONE if several else PLAY_GIVES_NONE, at.seat, claim,
                   cards=cards_ref(cards, at))


SHARE_TEXT = {
    (): N_("It wins the trick in {p} of {samples} deals drawn to fit what you have seen."),
    (DECLARER_PRIOR,): N_("It wins the trick in {p} of {samples} deals drawn to fit what you "
                          "have seen, with the declarer's trumps drawn long, as they usually "
                          "are."),
    (KITTY_PRIOR_NAME,): N_("It wins the trick in {p} of {samples} deals drawn to fit what you "
                            "have seen, with few trumps, points and aces drawn into the kitty, "
                            "as dealers usually bury."),
    (DECLARER_PRIOR, KITTY_PRIOR_NAME): N_(
        "It wins the trick in {p} of {samples} deals drawn to fit what you have seen, with "
        "the declarer's trumps drawn long and few trumps, points and aces drawn into the "
        "kitty, as hands usually go."),
}
"""A share of sampled deals, worded with the priors that shaped them (the count is
true, but it is not a chance over every deal consistent with the learner's view)."""


def certainty(at: Position, cards: Sequence[Card], estimate: Estimate | None = None) -> Said | None:
    """How sure it is that ``cards`` (winning now) keep the trick: sure, a sampled
    share, or only that an opponent could still beat them."""
    cards = tuple(cards)
    beaten = at.beaten(cards)
    if beaten is False:
        if at.following and not at.later_opponents:
            return Said.of(N_("No opponent plays after you in this trick: your side takes it."),
                           at.seat, CannotBeBeaten(cards, SURE))
        if at.following:
            return Said.of(N_("No opponent still to play can beat it, whatever cards they hold."),
                           at.seat, CannotBeBeaten(cards, SURE))
        return Said.of(N_("No opponent can beat it, whatever cards they hold."), at.seat,
                       CannotBeBeaten(cards, SURE))
    if beaten is None:
        return None
    if estimate is not None and 0.0 < estimate.wins_trick < 1.0 and estimate.samples:
        # the deals are drawn with the table's usual odds, not all alike: say which
        drawn = weights(at.knowledge.memory)
        return Said.of(SHARE_TEXT[drawn], at.seat,
                       WinShare(cards, estimate.wins_trick, estimate.samples, weights=drawn),
                       p=Percent(estimate.wins_trick), samples=estimate.samples)
    return Said.of(N_("An opponent could still beat it: it is not a sure winner."), at.seat,
                   CannotBeBeaten(cards, POSSIBLE))


def play_facts(at: Position, cards: Sequence[Card], estimate: Estimate | None = None) -> list[Said]:
    """Plain facts about a proposed play: who is winning, whether it wins now and how
    surely, the points it carries."""
    cards = tuple(cards)
    out: list[Said | None] = []
    if at.following:
        winner = at.winner
        assert winner is not None
        if at.wins_now(cards):
            table = at.table_points
            if table:
                out.append(Said(TRICK_POINTS, at.seat, (("n", table),), (TrickPoints(table),)))
            out.append(wins_now(at, cards))
            out.append(certainty(at, cards, estimate))
        elif winner == at.view.partner:
            out.append(partner_winning(at, cards))
        else:
            out.append(Said.of(N_("{who} is winning the trick and {cards} do not beat it.")
                               if len(cards) > 1 else
                               N_("{who} is winning the trick and {cards} does not beat it."),
                               at.seat, OpponentWinning(winner), KeepsWinner(cards, winner),
                               who=SeatRef(winner, True), cards=cards_ref(cards, at)))
    else:
        out.append(certainty(at, cards, estimate))
    out.append(gives(at, cards))
    if at.following and points(cards) and not at.wins_now(cards):
        out.append(Said.of(N_("No legal play carries fewer points."), at.seat, FewestPoints(cards)))
    return keep(out, at)


TRICK_POINTS = plural("@trick_points", lambda n: ngettext(
    "The trick carries {n} point so far.", "The trick carries {n} points so far.", n))


def partner_winning(at: Position, cards: Sequence[Card]) -> Said | None:
    """The partner is winning and ``cards`` leave it so, with how sure that is."""
    partner = at.view.partner
    cards = tuple(cards)
    beaten = at.knowledge.beaten_by_any(at.plays, at.later_opponents)
    ref = cards_ref(cards, at)
    one = len(cards) == 1
    if beaten is False and not at.later_opponents:
        return Said.of(N_("Your partner is winning and no opponent plays after you; {cards} "
                          "leaves the trick to your partner.") if one else
                       N_("Your partner is winning and no opponent plays after you; {cards} "
                          "leave the trick to your partner."), at.seat,
                       PartnerWinning(partner, SURE), KeepsWinner(cards, partner), cards=ref)
    if beaten is False:
        return Said.of(N_("Your partner is winning and no opponent still to play can beat "
                          "your partner; {cards} leaves the trick to your partner.") if one else
                       N_("Your partner is winning and no opponent still to play can beat "
                          "your partner; {cards} leave the trick to your partner."), at.seat,
                       PartnerWinning(partner, SURE), KeepsWinner(cards, partner), cards=ref)
    if beaten is True:
        return Said.of(N_("Your partner is winning for now (an opponent still to play could "
                          "beat it); {cards} leaves the trick to your partner.") if one else
                       N_("Your partner is winning for now (an opponent still to play could "
                          "beat it); {cards} leave the trick to your partner."), at.seat,
                       PartnerWinning(partner, POSSIBLE), KeepsWinner(cards, partner), cards=ref)
    return Said.of(N_("Your partner is winning for now; {cards} leaves the trick to your "
                      "partner.") if one else
                   N_("Your partner is winning for now; {cards} leave the trick to your "
                      "partner."), at.seat, PartnerWinning(partner), KeepsWinner(cards, partner),
                   cards=ref)


def wins_now(at: Position, cards: Sequence[Card]) -> Said:
    """``cards`` win the trick now (the verb agrees with how many cards they are)."""
    return Said.of(N_("{cards} win the trick now.") if len(cards) > 1 else
                   N_("{cards} wins the trick now."), at.seat, WinsNow(tuple(cards)),
                   cards=cards_ref(cards, at))
