"""The AI's reasons in words: one entry per reason code, with its principle.

Every reason code of ``engine.ai.reasons.REASON_CODES`` has a ``ReasonWords``: the
principle it serves (a key of ``PRINCIPLES``) and the sentences that explain a
decision with that reason.  The sentences are built from claims about the position
and the play, so a sentence whose facts do not hold here is dropped (``keep``) and
the plain facts of the play are said instead (``play_facts``).  The label alone
never decides what is said.

Principles are one-sentence ideas, each with the claims that make it fit a position;
the hint ladder shows the first that fits (see ``principle``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable

from engine import Card, points
from engine.claims import (
    BuryEstimated,
    CanRuff,
    CannotBeBeaten,
    POSSIBLE,
    SURE,
    CardsLeft,
    Estimated,
    FewestPoints,
    GivesPoints,
    HasKitty,
    Holds,
    HolderUnknown,
    HoldsCount,
    KeepsWinner,
    LastLeadMultiplier,
    Leading,
    MayHold,
    MayRuff,
    NoWinningPlay,
    OnlyLegalPlay,
    OpponentRuffed,
    OpponentWinning,
    PartnerCanBeat,
    PartnerWinning,
    Position,
    ShowedVoid,
    SuitOf,
    Team,
    TrickPoints,
    TrumpsUnseen,
    Void,
    WinShare,
    WinsNow,
    clear_margin,
)
from engine.rules import TRUMP
from engine.scoring import kitty_multiplier
from engine.view import Decision, Estimate

from ..i18n import N_, ngettext
from .claims import cards_ref, certainty, gives, partner_winning, play_facts, suit_cards, wins_now
from .said import Said, SeatRef, SuitRef, keep, plural

Builder = Callable[[Position, Decision], list["Said | None"]]


@dataclass(frozen=True)
class ReasonWords:
    """How the coach explains one AI reason: its principle and its sentences."""

    principle: str
    why: Builder


# ---------------------------------------------------------------- principles


@dataclass(frozen=True)
class Principle:
    msgid: str
    claims: Callable[..., list | None]
    """The claims that make the principle fit a play here (``None``: it cannot): called
    with the position and the cards, and with the advisor's estimate too when
    ``estimated``."""
    estimated: bool = False


def _opponents(at: Position) -> list[int]:
    return [(at.seat + 1) % 4, (at.seat + 3) % 4]


def _trumps_out(at: Position, cards: tuple[Card, ...]) -> list | None:
    if not cards or not at.ctx.is_trump(cards[0]) or at.following:
        return None
    unseen = len(at.knowledge.memory.unseen_of(TRUMP))
    holder = next((s for s in _opponents(at) if at.knowledge.may_hold(s, TRUMP)), None)
    if not unseen or holder is None:
        return None
    return [Leading(), SuitOf(cards[0], TRUMP), TrumpsUnseen(unseen), MayHold(holder, TRUMP)]


HIGH = ("A", "K")
"""The side cards that drawing trumps protects."""


def _trumps_out_for_side(at: Position, cards: tuple[Card, ...]) -> list | None:
    """Drawing trumps, said as a principle only while the learner holds high side cards
    for it to protect."""
    claims = _trumps_out(at, cards)
    high = tuple(c for c in at.view.hand if c.rank in HIGH and not at.ctx.is_trump(c))
    return None if claims is None or not high else claims + [Holds(high)]


def _high_lead(at: Position, cards: tuple[Card, ...]) -> list | None:
    """A high side card led while an opponent may still hold (and so must follow) its suit."""
    if at.following or not cards or cards[0].rank not in HIGH:
        return None
    suit = at.ctx.suit_of(cards[0])
    holder = next((s for s in _opponents(at) if at.knowledge.may_hold(s, suit)), None)
    if suit == TRUMP or holder is None:
        return None
    return [Leading(), SuitOf(cards[0], suit), MayHold(holder, suit)]


def _partner_feed(at: Position, cards: tuple[Card, ...]) -> list | None:
    """Points given to a trick the partner wins for now (not for sure)."""
    if not points(cards):
        return None
    return [PartnerWinning(_partner(at)), KeepsWinner(cards, _partner(at)),
            GivesPoints(cards, points(cards))]


LIKELY = 2 / 3
"""The share of the advisor's sampled deals in which a play must keep the trick for the
coach to call its win likely."""


def _likely_win(at: Position, cards: tuple[Card, ...], estimate: Estimate | None) -> list | None:
    """A play that wins the trick now and kept it in at least ``LIKELY`` of the deals the
    advisor sampled (not for sure: that is the ``win`` principle)."""
    if not at.following or estimate is None or not estimate.samples or estimate.wins_trick < LIKELY:
        return None
    return [WinsNow(cards), WinShare(cards, estimate.wins_trick, estimate.samples, at_least=LIKELY)]


def _partner_later(at: Position, cards: tuple[Card, ...]) -> list | None:
    """A play that leaves the trick to an opponent for now, with the partner still to
    come and able, in some consistent deal, to beat it; said only where a high card
    could have won the trick now (else there was no high card to save)."""
    partner = _partner(at)
    if not at.following or at.winner is None or partner not in at.later or not _lowest(at, cards):
        return None
    if NoWinningPlay().holds(at):
        return None
    return [KeepsWinner(cards, at.winner), PartnerCanBeat(partner, cards)]


def _lowest(at: Position, cards: tuple[Card, ...]) -> bool:
    """Are ``cards`` the lowest the hand holds of their suits (no high card spent)?"""
    kept = Counter(at.view.hand) - Counter(cards)
    suit, pos = at.ctx.suit_of, at.ctx.position
    return all(pos(c) <= pos(k) for c in cards for k in kept if suit(k) == suit(c))


def _partner_void(at: Position, cards: tuple[Card, ...], shaped: bool = False) -> list | None:
    """A side suit the partner showed it is out of, led while the partner may hold a
    ruff of the lead's whole shape; ``shaped``: for a lead with pairs (whose ruff needs
    trump pairs, RULES.md §6), else for a single card."""
    if at.following or not cards or (len(cards) > 1) != shaped:
        return None
    suit = at.ctx.suit_of(cards[0])
    if suit == TRUMP:
        return None
    return [Leading(), SuitOf(cards[0], suit), ShowedVoid(at.view.partner, suit),
            MayRuff(at.view.partner, cards)]


def _short_suit(at: Position, cards: tuple[Card, ...]) -> list | None:
    if at.following or not cards:
        return None
    suit = at.ctx.suit_of(cards[0])
    held = sum(at.ctx.suit_of(c) == suit for c in at.view.hand)
    trumps = suit_cards(at, TRUMP)
    if suit == TRUMP or held > 3 or not trumps:
        return None  # without a trump to keep, being out of the suit ruffs nothing
    return [Leading(), SuitOf(cards[0], suit), HoldsCount(suit, held), Holds(trumps)]


def _ruffing(at: Position, cards: tuple[Card, ...]) -> list | None:
    if not at.following or not cards:
        return None
    suit = at.requirements.suit
    return [Void(at.seat, suit), CanRuff(True), SuitOf(cards[0], TRUMP), WinsNow(cards)]


def _partner(at: Position) -> int:
    return at.view.partner


PRINCIPLES: dict[str, Principle] = {
    "forced": Principle(N_("Here the rules leave you one play."),
                        lambda at, c: [OnlyLegalPlay(c)]),
    "lead_sure": Principle(N_("Lead what no opponent can beat: your side wins the trick for sure."),
                           lambda at, c: None if at.following else
                           [Leading(), CannotBeBeaten(c)]),
    "feed": Principle(N_("Your partner is sure to win this trick: give it points."),
                      lambda at, c: [PartnerWinning(_partner(at), "sure"),
                                     KeepsWinner(c, _partner(at)),
                                     GivesPoints(c, points(c))] if points(c) else None),
    "partner_feed": Principle(N_("Your partner is winning the trick: the points you give stay "
                                 "with your side if nobody beats your partner."), _partner_feed),
    "partner": Principle(N_("Your partner is winning: no need to fight for the trick; keep your "
                            "strong cards."),
                         lambda at, c: None if points(c) else
                         [PartnerWinning(_partner(at)), KeepsWinner(c, _partner(at)),
                          GivesPoints(c, 0)]),
    "ruff": Principle(N_("Out of the led suit, a trump play of the lead's shape beats any play "
                         "of that suit."), _ruffing),
    "win_points": Principle(N_("Points on the table are worth a fight: take the trick."),
                            lambda at, c: [TrickPoints(at.table_points), WinsNow(c)]
                            if at.following and at.table_points else None),
    "win": Principle(N_("Take the lead when you can hold the trick."),
                     lambda at, c: [WinsNow(c), CannotBeBeaten(c)] if at.following else None),
    "win_likely": Principle(N_("Take the trick with a card the opponents after you are unlikely "
                               "to beat: your side then leads the next trick."), _likely_win,
                            estimated=True),
    "save": Principle(N_("The opponents are winning this trick: give them as few points as you "
                         "can."),
                      lambda at, c: [OpponentWinning(at.winner), KeepsWinner(c, at.winner),
                                     FewestPoints(c)]
                      if at.following and at.winner is not None else None),
    "cheap": Principle(N_("When you cannot win the trick, give as few points as you can."),
                       lambda at, c: [NoWinningPlay(), FewestPoints(c)]),
    "duck": Principle(N_("Your partner plays after you and may beat the card now winning: you "
                         "need not spend a high card on this trick."), _partner_later),
    "last_trick": Principle(N_("The last trick decides the kitty: it counts several times for "
                               "the attackers if they win it."),
                            lambda at, c: [CardsLeft(len(c)), HasKitty()] if len(c) == len(at.view.hand)
                            else None),
    "last_trick_kou_di": Principle(N_("The last trick (扣底): the side that loses it gives the "
                                      "winners the points it played in it, times the number of "
                                      "cards led."),
                                   lambda at, c: [CardsLeft(len(c)), HasKitty(False)]
                                   if len(c) == len(at.view.hand) else None),
    "lead_trumps": Principle(N_("Leading trumps pulls the opponents' trumps, so your high side "
                                "cards are safer later."), _trumps_out_for_side),
    "lead_high": Principle(N_("Lead your high side cards early, while the opponents may still "
                              "hold that suit and must follow it."), _high_lead),
    "lead_void": Principle(N_("Lead a suit your partner is out of: if your partner still holds a "
                               "trump, they can ruff it."),
                           _partner_void),
    "lead_void_shape": Principle(N_("Lead a suit your partner is out of: if your partner still "
                                    "holds trumps of the lead's shape (a trump pair for a "
                                    "pair), they can ruff it."),
                                 lambda at, c: _partner_void(at, c, shaped=True)),
    "lead_short": Principle(N_("Running out of a short suit lets you ruff it later."),
                            _short_suit),
    "throw": Principle(N_("A throw can fail: if another hand can beat a part of it, you play "
                          "only the lowest part that can be beaten."),
                       lambda at, c: None if at.following or len(c) < 2 else
                       [Leading(), CannotBeBeaten(c, POSSIBLE)]),
    "lead_cheap": Principle(N_("Lead cards that carry no points: they give nothing away if the "
                               "trick is lost."),
                            lambda at, c: None if at.following else
                            [Leading(), GivesPoints(c, 0)]),
    "declare": Principle(N_("Declare a suit you hold many cards of: a long trump suit wins "
                            "tricks."), lambda at, c: None),
    "deal": Principle(N_("In the first hand, whoever makes the last declaration makes their "
                         "side the dealers, and the dealers bury the kitty and win more hands: "
                         "a suit that is not very long is worth declaring."), lambda at, c: None),
    "deal_no_kitty": Principle(N_("In the first hand, whoever makes the last call makes their side "
                                  "the dealers, and the dealers win more hands: a suit that is "
                                  "not very long is worth calling."), lambda at, c: None),
    "bury": Principle(N_("Bury low side cards without points; keep trumps, pairs and high "
                         "cards, and empty a short suit if you can."), lambda at, c: None),
}
ORDER = ("last_trick", "last_trick_kou_di", "lead_sure", "feed", "partner_feed", "partner", "ruff",
         "win_points",
         "win", "win_likely", "save", "cheap", "duck", "lead_trumps", "lead_void", "lead_void_shape",
         "lead_short",
         "lead_high", "lead_cheap")
"""Principles tried when the reason's own does not fit, most specific first."""
FALLBACK = {"lead_sure": ("lead_high",), "lead_void": ("lead_void_shape",)}
"""The principle to try next when a reason's own does not fit (a sure lead that is only
probable is still a high card led early)."""
GENERAL = N_("Think about what each play can win and what it gives away.")


def principle(at: Position, decision: Decision) -> Said:
    """The principle behind ``decision`` that fits the position: that the rules leave
    one play, when they do; else the reason's own when its claims hold, its fallback,
    or the first in ``ORDER`` that does."""
    cards = tuple(decision.cards)
    own = REASONS.get(decision.reason.code if decision.reason else "")
    first = (own.principle, *FALLBACK.get(own.principle, ())) if own else ()
    for key in ("forced", *first, *ORDER):
        found = PRINCIPLES[key]
        claims = found.claims(at, cards, decision.estimate) if found.estimated else found.claims(at, cards)
        if claims is None:
            continue
        said = Said(found.msgid, at.seat, (), tuple(claims))
        if keep([said], at):
            return said
    return holder_unknown(at, cards) or Said(GENERAL, at.seat)


def holder_unknown(at: Position, cards: tuple[Card, ...]) -> Said | None:
    """What the coach cannot know, said plainly: the highest unseen card that outranks
    the single ``cards`` and that some consistent deals give to the partner, others to
    an opponent, both still to play (``HolderUnknown``); ``None`` when there is none."""
    if len(cards) != 1:
        return None
    mine = cards[0]
    suit, pos = at.ctx.suit_of(mine), at.ctx.position
    above = sorted({c for c in at.knowledge.memory.unseen if at.ctx.suit_of(c) == suit
                    and pos(c) > pos(mine)}, key=pos, reverse=True)
    for card in above:
        for opponent in at.later_opponents:
            claim = HolderUnknown(card, opponent, cards)
            said = Said.of(HOLDER_UNKNOWN, at.seat, claim, card=cards_ref((card,), at),
                           who=SeatRef(opponent), cards=cards_ref(cards, at))
            if keep([said], at):
                return said
    return None


HOLDER_UNKNOWN = N_("Nothing you have seen tells who holds {card}, which beats {cards}: some "
                    "deals give it to your partner, others to {who}, and both play after you.")


# ---------------------------------------------------------------- reasons


def _sure(at: Position, d: Decision) -> list[Said | None]:
    return [certainty(at, d.cards, d.estimate), gives(at, d.cards)]


def _drawing(at: Position, d: Decision) -> list[Said | None]:
    claims = _trumps_out(at, tuple(d.cards))
    if claims is None:
        return []
    unseen = claims[2].count
    return [Said(TRUMPS_OUT, at.seat, (("n", unseen), ("who", SeatRef(claims[3].seat))),
                 tuple(claims)), certainty(at, d.cards, d.estimate)]


TRUMPS_OUT = plural("@trumps_out", lambda n: ngettext(
    "{n} trump is still out, and {who} may hold it: leading trumps draws it out.",
    "{n} trumps are still out, and {who} may hold some: leading trumps draws them out.",
    n))
SHORT_LEAD = plural("@short_lead", lambda n: ngettext(
    "You hold only {n} {suit} card: lead it and you can ruff {suit} later.",
    "You hold only {n} {suit} cards: lead them out and you can ruff {suit} later.", n))


def _partner_void_why(at: Position, d: Decision) -> list[Said | None]:
    cards = tuple(d.cards)
    shaped = len(cards) > 1
    claims = _partner_void(at, cards, shaped)
    if claims is None:
        return []
    text = (N_("Your partner has shown no {suit} and may still hold trumps of this lead's "
               "shape to ruff it with.") if shaped else
            N_("Your partner has shown no {suit} and may still hold trumps to ruff with."))
    return [Said.of(text, at.seat, *claims, suit=SuitRef(claims[1].suit)), gives(at, d.cards)]


def _short(at: Position, d: Decision) -> list[Said | None]:
    claims = _short_suit(at, tuple(d.cards))
    if claims is None:
        return [gives(at, d.cards)]
    count = claims[2].count
    return [Said(SHORT_LEAD, at.seat, (("n", count), ("suit", SuitRef(claims[1].suit))),
                 tuple(claims)), gives(at, d.cards)]


def _low(at: Position, d: Decision) -> list[Said | None]:
    return [gives(at, d.cards)]


def _last(at: Position, d: Decision) -> list[Said | None]:
    cards = tuple(d.cards)
    out: list[Said | None] = []
    if len(cards) == len(at.view.hand):
        n = kitty_multiplier(cards, at.ctx)
        out.append(Said.of(N_("This is your whole hand, led at once: if it wins the last trick, "
                              "the kitty's points count {n} times for your side."),
                           at.seat, Leading(), CardsLeft(len(cards)), Team(False),
                           LastLeadMultiplier(cards, n), n=n))
    elif (kept := _kept_for_last(d)):
        # the plan names the combination the player keeps; "cash a winner" needs the
        # lead to be sure, else the sentence only says to lead it now
        n = kitty_multiplier(kept, at.ctx)
        plan = (Leading(), Team(False), Holds(cards + kept), LastLeadMultiplier(kept, n))
        values = {"kept": cards_ref(kept, at), "n": n}
        out.append(Said.of(N_("Near the end, cash a winner now and keep {kept} to lead the last "
                              "trick: if it wins there, the kitty's points count {n} times."),
                           at.seat, *plan, CannotBeBeaten(cards, SURE), **values))
        out.append(Said.of(N_("Near the end, lead this now and keep {kept} to lead the last "
                              "trick: if it wins there, the kitty's points count {n} times."),
                           at.seat, *plan, CannotBeBeaten(cards, POSSIBLE), **values))
    out.append(certainty(at, cards, d.estimate))
    return out


def _kept_for_last(d: Decision) -> tuple[Card, ...]:
    """The combination a ``save_last_trick`` decision keeps for the last trick: its
    reason's cards when they are not the play itself."""
    kept = tuple(d.reason.cards) if d.reason is not None else ()
    return kept if Counter(kept) != Counter(d.cards) else ()


def _feed(at: Position, d: Decision) -> list[Said | None]:
    return [partner_winning(at, d.cards), gives(at, d.cards)]


def _win(at: Position, d: Decision) -> list[Said | None]:
    cards = tuple(d.cards)
    out: list[Said | None] = []
    table = at.table_points if at.following else 0
    if table:
        out.append(Said(TRICK_POINTS_WIN_MANY if len(cards) > 1 else TRICK_POINTS_WIN, at.seat,
                        (("n", table), ("cards", cards_ref(cards, at))),
                        (TrickPoints(table), WinsNow(cards))))
    else:
        out.append(wins_now(at, cards))
    out.append(certainty(at, cards, d.estimate))
    return out


TRICK_POINTS_WIN = plural("@trick_points_win", lambda n: ngettext(
    "The trick carries {n} point: {cards} wins it now.",
    "The trick carries {n} points: {cards} wins it now.", n))
TRICK_POINTS_WIN_MANY = plural("@trick_points_win_many", lambda n: ngettext(
    "The trick carries {n} point: {cards} win it now.",
    "The trick carries {n} points: {cards} win it now.", n))


def _ruff(at: Position, d: Decision) -> list[Said | None]:
    cards = tuple(d.cards)
    if not at.following:
        return []
    suit = at.requirements.suit
    out: list[Said | None] = [Said.of(N_("You have no {suit}: {cards} ruffs and wins the trick "
                                         "now.") if len(cards) == 1 else
                                      N_("You have no {suit}: {cards} ruff and win the trick "
                                         "now."), at.seat, Void(at.seat, suit), WinsNow(cards),
                                      SuitOf(cards[0], TRUMP), suit=SuitRef(suit),
                                      cards=cards_ref(cards, at))]
    table = at.table_points
    if table:
        out.append(Said(TRICK_POINTS_NOW, at.seat, (("n", table),), (TrickPoints(table),)))
    out.append(certainty(at, cards, d.estimate))
    return out


TRICK_POINTS_NOW = plural("@trick_points_now", lambda n: ngettext(
    "The trick carries {n} point.", "The trick carries {n} points.", n))


def _overruff(at: Position, d: Decision) -> list[Said | None]:
    cards = tuple(d.cards)
    if not at.following or at.winner is None:
        return []
    return [Said.of(N_("{who} ruffed: {cards} ruffs higher and wins the trick now.") if len(cards) == 1
                    else N_("{who} ruffed: {cards} ruff higher and win the trick now."), at.seat,
                    OpponentRuffed(at.winner), WinsNow(cards), who=SeatRef(at.winner, True),
                    cards=cards_ref(cards, at)),
            certainty(at, cards, d.estimate)]


def _follow_low(at: Position, d: Decision) -> list[Said | None]:
    cards = tuple(d.cards)
    out: list[Said | None] = []
    if NoWinningPlay().holds(at):
        out.append(Said.of(N_("No play of yours can win this trick."), at.seat, NoWinningPlay()))
    out.append(gives(at, cards))
    if points(cards):
        out.append(Said.of(N_("No legal play carries fewer points."), at.seat, FewestPoints(cards)))
    partner = _partner(at)
    if at.winner is not None and partner in at.later:
        winning = next(p.cards for p in at.view.trick if p.seat == at.winner)
        out.append(Said.of(N_("Your partner plays after you and may hold what beats {cards}."),
                           at.seat, PartnerCanBeat(partner, cards), KeepsWinner(cards, at.winner),
                           cards=cards_ref(winning, at)))
    return out


def _discard(at: Position, d: Decision) -> list[Said | None]:
    if not at.following:
        return []
    suit = at.requirements.suit
    return [Said.of(N_("You have no {suit}."), at.seat, Void(at.seat, suit), suit=SuitRef(suit)),
            *_follow_low(at, d)]


def _forced(at: Position, d: Decision) -> list[Said | None]:
    return [Said.of(N_("The rules leave you only this play."), at.seat,
                    OnlyLegalPlay(tuple(d.cards)))]


def _search(at: Position, d: Decision) -> list[Said | None]:
    est = d.estimate
    if est is None or not est.samples:
        return []
    return [measured(
        (N_("Playing out {samples} deals consistent with what you have seen, this play "
            "came out clearly best."),
         N_("Playing out {samples} deals consistent with what you have seen, this play "
            "came out best, but the deals vary too much to be sure it is better than the "
            "next best.")),
        at.seat, Estimated, tuple(d.cards), est)]


def measured(texts: tuple[str, str], seat: int, claim: type[Estimated] | type[BuryEstimated],
             cards: tuple[Card, ...], est: Estimate) -> Said:
    """What the search measured for ``cards``: the first of ``texts`` when its margin
    over the next best is clear (``clear_margin``), else the second, which says the
    deals cannot yet tell them apart.  The margin itself is not said: it is in the
    search's own units (points, plus a bonus for winning the hand and for each level;
    a follow's trick value), not in points a learner could count."""
    clear = clear_margin(est.margin, est.margin_error)
    return Said.of(texts[0] if clear else texts[1], seat,
                   claim(cards, est.samples, est.margin, est.margin_error, clear),
                   samples=est.samples)


def _throw(at: Position, d: Decision) -> list[Said | None]:
    """A throw the search chose although it can fail: say that it can, and what the
    sampled deals measured; never that it stands."""
    return [certainty(at, d.cards), *_search(at, d)]


def _highest(at: Position, d: Decision) -> list[Said | None]:
    return []


def _declaring(at: Position, d: Decision) -> list[Said | None]:
    return []


REASONS: dict[str, ReasonWords] = {
    "declare_long_suit": ReasonWords("declare", _declaring),
    "declare_for_deal": ReasonWords("deal", _declaring),
    "declare_pair_override": ReasonWords("declare", _declaring),
    "declare_reinforce": ReasonWords("declare", _declaring),
    "declare_no_trump": ReasonWords("declare", _declaring),
    "bury_void_suit": ReasonWords("bury", _declaring),
    "bury_low_cards": ReasonWords("bury", _declaring),
    "bury_points_safe": ReasonWords("bury", _declaring),
    "sure_tractor": ReasonWords("lead_sure", _sure),
    "sure_pair": ReasonWords("lead_sure", _sure),
    "sure_set": ReasonWords("lead_sure", _sure),
    "sure_throw": ReasonWords("lead_sure", _sure),
    "sure_winner": ReasonWords("lead_sure", _sure),
    "drawing_trumps": ReasonWords("lead_trumps", _drawing),
    "lead_partner_void": ReasonWords("lead_void", _partner_void_why),
    "lead_short_suit": ReasonWords("lead_short", _short),
    "lead_low": ReasonWords("lead_cheap", _low),
    "save_last_trick": ReasonWords("last_trick", _last),
    "lead_for_last_trick": ReasonWords("last_trick", _last),
    "partner_winning_give_points": ReasonWords("feed", _feed),
    "partner_winning_follow_low": ReasonWords("partner", _feed),
    "win_trick": ReasonWords("win", _win),
    "win_points": ReasonWords("win_points", _win),
    "ruff": ReasonWords("ruff", _ruff),
    "ruff_points": ReasonWords("ruff", _ruff),
    "overruff": ReasonWords("ruff", _overruff),
    "follow_low": ReasonWords("cheap", _follow_low),
    "cheapest_discard": ReasonWords("cheap", _discard),
    "must_follow": ReasonWords("forced", _forced),
    "search_best": ReasonWords("win", _search),
    "throw_likely_stands": ReasonWords("throw", _throw),
    "highest_card": ReasonWords("win", _highest),
    "dump_points": ReasonWords("feed", _feed),
}
"""Every AI reason code: its principle and its sentences (a test checks all codes)."""


def why(at: Position, decision: Decision) -> list[Said]:
    """The sentences that explain ``decision`` here: the reason's, when their claims
    hold, else the plain facts of the play."""
    words = REASONS.get(decision.reason.code if decision.reason else "")
    said = keep(words.why(at, decision), at) if words is not None else []
    return said or play_facts(at, decision.cards, decision.estimate)
