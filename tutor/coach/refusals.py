"""Refusals: why a play is refused or a card cannot be picked, in the engine's terms.

The verdict is the engine's (``check_follow``, ``why_not_selectable``: a reason code
and the cards that meet the obligation); the words name the obligation from the
follow ladder, so a pair rule reads "the 2 pairs you must play" when a tractor or a
throw was led, never "a pair was led".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine import Card, check_follow, check_lead
from engine.claims import Blocked, HoldsOnly, LeadKind, MustFollow, Refused, SuitOf
from engine.rules import TRUMP
from engine.view import PlayerView

from ..hints import CardsRef
from ..i18n import N_, ngettext
from .claims import cards_ref, position
from .said import Said, SuitRef, keep, plural

FULL = "selection_full"
"""The selection already holds as many cards as the lead (the engine's ``wrong_count``
for a card, which would read wrongly as "play as many cards as were led")."""


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
    verdict = position(view).why_not(selected, card)
    if verdict.reason == "wrong_count":
        return Refusal(FULL, tuple(verdict.cards))
    return Refusal(verdict.reason or "", tuple(verdict.cards))


PAIR_ROOM = plural("@pair_room", lambda n: ngettext(
    "{card} would leave no room for the {n} pair you must play: you hold {held}.",
    "{card} would leave no room for the {n} pairs you must play: you hold {held}.", n))
PLAY_PAIRS = plural("@play_pairs", lambda n: ngettext(
    "Play {n} pair of {suit}: you hold {held}.", "Play {n} pairs of {suit}: you hold {held}.", n))
SET_ROOM = {
    "must_play_triple": plural("@triple_room", lambda n: ngettext(
        "{card} would leave no room for the {n} triple you must play: you hold {held}.",
        "{card} would leave no room for the {n} triples you must play: you hold {held}.", n)),
    "must_play_quad": plural("@quad_room", lambda n: ngettext(
        "{card} would leave no room for the {n} quad you must play: you hold {held}.",
        "{card} would leave no room for the {n} quads you must play: you hold {held}.", n)),
}
PLAY_SETS = {
    "must_play_triple": plural("@play_triples", lambda n: ngettext(
        "Play {n} triple of {suit}: you hold {held}.", "Play {n} triples of {suit}: you hold {held}.", n)),
    "must_play_quad": plural("@play_quads", lambda n: ngettext(
        "Play {n} quad of {suit}: you hold {held}.", "Play {n} quads of {suit}: you hold {held}.", n)),
}
SET_WIDTH = {"must_play_triple": 3, "must_play_quad": 4}
"""The width of the set each of these reason codes asks for."""
ROOM_SUIT = plural("@room_suit", lambda n: ngettext(
    "{card} would leave no room for the {n} {suit} card you must play: {held}.",
    "{card} would leave no room for the {n} {suit} cards you must play: {held}.", n))
ROOM_TRUMPS = plural("@room_trumps", lambda n: ngettext(
    "{card} would leave no room for the {n} trump you must play: {held}.",
    "{card} would leave no room for the {n} trumps you must play: {held}.", n))
WRONG_COUNT = plural("@wrong_count", lambda n: ngettext(
    "The lead has {n} card: play exactly {n}.", "The lead has {n} cards: play exactly {n}.", n))


def _must(view: PlayerView) -> MustFollow:
    req = position(view).requirements
    return MustFollow.of(req)


def blocked_sentences(view: PlayerView, selected: Sequence[Card], card: Card) -> list[Said]:
    """The sentence for a card that cannot be added to ``selected``."""
    at = position(view)
    why = blocked(view, selected, card)
    me = view.seat
    code = "wrong_count" if why.code == FULL else why.code
    claim = Blocked(tuple(selected), card, code, why.cards)
    name = CardsRef((card,))  # named when worded, in the language of that moment
    if why.code == FULL:
        return keep([Said.of(N_("You have chosen enough cards: deselect one first."), me, claim)], at)
    if why.code == "mixed_suits":
        return keep([Said.of(N_("{card} is not of the suit you have chosen: cards led together "
                                "must all be of one suit (all trumps count as one suit)."), me,
                             claim, card=name)], at)
    if not view.lead:
        return []
    suit = at.requirements.suit
    held = cards_ref(why.cards, at)
    if why.code == "must_follow_suit":
        req = at.requirements
        if req.need < req.size:
            # fewer of the suit than were led: other cards may fill, just not the room
            # the suit's cards need (another card may have been accepted already)
            n = len(req.held)
            fields = (("card", name), ("n", n), ("suit", SuitRef(suit)), ("held", held))
            said = Said(ROOM_TRUMPS if suit == TRUMP else ROOM_SUIT, me, fields,
                        (claim, HoldsOnly(suit, n)))
            return keep([said], at)
        own = SuitOf(card, at.ctx.suit_of(card))
        if own.suit == TRUMP:
            said = Said.of(N_("{card} is a trump: it cannot follow {suit} while you hold {suit} "
                              "cards."), me, claim, own, card=name, suit=SuitRef(suit))
        elif suit == TRUMP:
            said = Said.of(N_("{card} is not a trump: you must follow trumps while you hold "
                              "trumps."), me, claim, own, card=name)
        else:
            said = Said.of(N_("{card} is not {suit}: you must follow {suit} while you hold {suit} "
                              "cards."), me, claim, own, card=name, suit=SuitRef(suit))
        return keep([said], at)
    must = _must(view)
    if why.code == "must_play_pair":
        return keep([Said(PAIR_ROOM, me, (("card", name), ("n", must.pairs), ("held", held)),
                          (claim, must))], at)
    if why.code == "must_play_tractor":
        return keep([Said.of(N_("{card} would leave no room for the tractor you must play: "
                                "{held}."), me, claim, must, card=name, held=held)], at)
    if why.code in SET_ROOM:
        n = dict(must.sets).get(SET_WIDTH[why.code], 0)
        return keep([Said(SET_ROOM[why.code], me, (("card", name), ("n", n), ("held", held)),
                          (claim, must))], at)
    return []


def refusal_sentences(view: PlayerView, play: Sequence[Card]) -> list[Said]:
    """The sentence for a refused play (none when the play is allowed)."""
    at = position(view)
    why = refusal(view, play)
    if why is None:
        return []
    me = view.seat
    claim = Refused(tuple(play), why.code, why.cards)
    if why.code == "mixed_suits":
        return keep([Said.of(N_("Cards led together must all be of one suit (all trumps count as "
                                "one suit)."), me, claim)], at)
    if why.code == "wrong_count":
        shape = at.requirements.shape
        kind = "throw" if shape.is_throw else shape.components[0].kind
        return keep([Said(WRONG_COUNT, me, (("n", shape.size),),
                          (claim, LeadKind(view.trick[0].seat, kind, shape.size)))], at)
    suit = at.requirements.suit
    held = cards_ref(why.cards, at)
    if why.code == "must_follow_suit":
        return keep([Said.of(N_("You still hold {held}: you must follow {suit} before playing "
                                "other cards."), me, claim, held=held, suit=SuitRef(suit))], at)
    must = _must(view)
    if why.code == "must_play_pair":
        return keep([Said(PLAY_PAIRS, me, (("n", must.pairs), ("suit", SuitRef(suit)),
                                           ("held", held)), (claim, must))], at)
    if why.code == "must_play_tractor":
        return keep([Said.of(N_("Play a tractor of {suit}: you hold {held}."), me, claim, must,
                             suit=SuitRef(suit), held=held)], at)
    if why.code in PLAY_SETS:
        n = dict(must.sets).get(SET_WIDTH[why.code], 0)
        return keep([Said(PLAY_SETS[why.code], me, (("n", n), ("suit", SuitRef(suit)),
                                                    ("held", held)), (claim, must))], at)
    return []
