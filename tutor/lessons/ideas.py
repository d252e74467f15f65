"""The rule ideas a position shows: what a learner must know to see who wins a trick,
to follow a lead, or to tell a trump (``needs``; the teaching order is checked in
``tutor.lessons.teaching``).

Both families of card rules and the choice rules name the ideas of their positions
through these, so a trick or a follow needs the same ideas whichever rule asks.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from engine import TRUMP, Card, Component, LeadShape, TrumpContext, classify_follow, lead_shape, matches_lead, \
    trick_winner


def moved_suit(cards: Iterable[Card], ctx: TrumpContext) -> bool:
    """Whether any card's effective suit differs from its printed suit (a level card or
    a 2 that became a trump outside the trump suit)."""
    return any(not c.is_joker and ctx.is_trump(c) and c.suit != ctx.trump for c in cards)


def shows_trumps(cards: Iterable[Card], ctx: TrumpContext | None) -> bool:
    return ctx is not None and any(ctx.is_trump(c) for c in cards)


def ties(plays: Sequence[Sequence[Card]], ctx: TrumpContext) -> bool:
    """Whether the winning play is equal to another play of the trick, so that it
    wins only by being played first."""
    win = list(plays[trick_winner(plays, ctx)])
    shape = lead_shape(plays[0], ctx)
    for play in plays:
        if list(play) != win and matches_lead(shape, play, ctx) and \
                trick_winner([win, list(play)], ctx) == 0 and trick_winner([list(play), win], ctx) == 0:
            return True
    return False


def _by_shape(shape: LeadShape, throw: str, tractor: str, pair: str) -> set[str]:
    """The idea for a lead of this shape: a throw, a tractor, a pair (none for a single),
    and with three or four decks the sets wider than a pair it holds."""
    kinds = {c.kind for c in shape.components}
    if shape.is_throw:
        found = {throw}
    else:
        found = {tractor} if "tractor" in kinds else {pair} if "pair" in kinds else set()
    return found | wide_ideas(shape.components)


def wide_ideas(parts: Iterable[Component]) -> set[str]:
    """The three- and four-deck ideas these components show: a triple, a quad, a
    泰坦尼克 (a tractor of triples), a tractor of quads."""
    found: set[str] = set()
    for part in parts:
        if part.width == 3:
            found |= {"triple", "titanic"} if part.kind == "tractor" else {"triple"}
        elif part.width == 4:
            found |= {"quad", "quad_tractor"} if part.kind == "tractor" else {"quad"}
    return found


def trick_needs(plays: Sequence[Sequence[Card]], ctx: TrumpContext) -> set[str]:
    """The ideas needed to see who wins a trick."""
    shape = lead_shape(plays[0], ctx)
    needs = {"highest_wins"} | _by_shape(shape, "throw", "tractor_beats", "pair_beats")
    for play in plays[1:]:
        if classify_follow(plays[0], play, ctx) == "ruff":
            needs.add("ruff")
            if shape.pairs:
                needs.add("ruff_shape")
    if any(ctx.is_trump(c) for play in plays for c in play):
        needs.add("trumps")
        if shape.suit == TRUMP:
            needs.add("trump_order")
    if moved_suit([c for play in plays for c in play], ctx):
        needs.add("level_card_suit")
    if ties(plays, ctx):
        needs.add("equal_first")
    return needs


def follow_needs(hand: Sequence[Card], lead: Sequence[Card], ctx: TrumpContext) -> set[str]:
    """The ideas needed to follow ``lead`` from ``hand``."""
    shape = lead_shape(lead, ctx)
    needs = {"trick", "follow_suit"} | _by_shape(shape, "follow_throw", "follow_tractor", "follow_pair")
    needs |= {follow for idea, follow in (("triple", "follow_triple"), ("titanic", "follow_titanic"))
              if idea in needs}
    held = [c for c in hand if ctx.suit_of(c) == shape.suit]
    if len(held) < shape.size:
        needs.add("void")
    if shape.suit == TRUMP:
        needs.add("follow_trump")
    if moved_suit(list(hand) + list(lead), ctx):
        needs.add("level_card_suit")
    return needs
