"""Players that decide from a ``PlayerView``, a registry of them, and the driver that
seats four of them at a ``Game``.

A player never sees the ``Game``: the driver hands it the seat's view and pushes
the decision back as an action, which the game validates like anybody else's.

>>> from engine.game import Game
>>> game = Game(seed=1)
>>> summary = play_hand(game, [make_player("random", seat) for seat in range(4)])
>>> game.phase, summary.hand
('hand_over', 1)
"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from typing import Callable, Protocol, Sequence

from . import decompose
from . import selectable as _selectable
from .ai import KINDS as AI_KINDS
from .ai import make as make_ai
from .ai.players import uncapped_hard
from .cards import Card
from .game import SEATS, SEGMENT, Game, HandSummary, view_declarations
from .rules import TrumpContext
from .view import Decision, PlayerView


class Player(Protocol):
    def declare(self, view: PlayerView) -> Decision | None:
        """Called at every declaring chance (after each dealing segment); ``None`` passes."""

    def bury(self, view: PlayerView) -> Decision:
        """The dealer, holding its hand and the kitty: the cards to bury (8 of 33 with two decks)."""

    def play(self, view: PlayerView) -> Decision:
        """Lead (``view.lead is None``) or follow ``view.lead``."""


class RandomPlayer:
    """Picks uniformly among simple legal choices: a baseline and a test opponent."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def declare(self, view: PlayerView) -> Decision | None:
        options = view_declarations(view)
        choice = self.rng.randrange(len(options) + 1)
        return Decision(options[choice].cards) if choice < len(options) else None

    def bury(self, view: PlayerView) -> Decision:
        return Decision(tuple(self.rng.sample(view.hand, view.rules.variant.kitty_size)))

    def play(self, view: PlayerView) -> Decision:
        assert view.ctx is not None
        hand = list(view.hand)
        if view.lead is None:
            return Decision(tuple(self._lead(hand, view.ctx)))
        lead = list(view.lead)
        suit = view.ctx.suit_of(lead[0])
        same = [card for card in hand if view.ctx.suit_of(card) == suit]
        if len(lead) == 1:
            return Decision((self.rng.choice(same or hand),))
        if len(same) <= len(lead):
            # all of the led suit, then anything: no structure to respect (RULES.md §5.1)
            rest = [card for card in hand if view.ctx.suit_of(card) != suit]
            return Decision(tuple(same + self.rng.sample(rest, len(lead) - len(same))))
        if len(set(same)) == len(same):
            # no pair in the led suit: the structure rules ask for nothing, any cards do
            return Decision(tuple(self.rng.sample(same, len(lead))))
        chosen: list[Card] = []
        for _ in lead:
            options = _selectable(hand, lead, chosen, view.ctx)
            chosen.append(self.rng.choice(sorted(options)))
        return Decision(tuple(chosen))

    def _lead(self, hand: list[Card], ctx: TrumpContext) -> list[Card]:
        """A random single, pair, tractor or throw of one random effective suit."""
        suit = self.rng.choice(sorted({ctx.suit_of(card) for card in hand}))
        cards = [card for card in hand if ctx.suit_of(card) == suit]
        components = decompose(cards, ctx)
        pairs = sorted(card for card, count in Counter(cards).items() if count >= 2)
        tractors = [c for c in components if c.kind == "tractor"]
        kinds = ["single"] + ["pair"] * bool(pairs) + ["tractor"] * bool(tractors)
        kinds += ["throw"] * (len(components) >= 2)
        kind = self.rng.choice(kinds)
        if kind == "single":
            return [self.rng.choice(cards)]
        if kind == "pair":
            return [self.rng.choice(pairs)] * 2
        if kind == "tractor":
            return list(self.rng.choice(tractors).cards)
        picked = self.rng.sample(components, self.rng.randint(2, len(components)))
        return [card for component in picked for card in component.cards]


PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    **{kind: partial(make_ai, kind) for kind in AI_KINDS},
}
"""Player kinds by name: ``kind -> factory(seed)``.  Other modules register theirs."""


def make_player(kind: str, seed: int = 0) -> Player:
    factory = PLAYERS.get(kind)
    if factory is None:
        raise ValueError(f"unknown player kind {kind!r}; known: {', '.join(sorted(PLAYERS))}")
    return factory(seed)


def make_advisor(kind: str, seed: int = 0) -> Player:
    """A player of ``kind`` that decides by its work budget alone, never by the wall
    clock (``ai:hard`` without its cap): the same view and seed give the same decision
    however busy the machine is.  The coach's advisor; the AI seats keep their cap."""
    if kind == "ai:hard":
        return uncapped_hard(seed)
    return make_player(kind, seed)


Hook = Callable[[Game], None]
"""Called after every action the driver pushes (the invariant checks use it)."""


def _ask_declarations(game: Game, players: Sequence[Player], after: Hook | None) -> None:
    """Offer every seat, in dealing order, a chance to declare until a whole round passes."""
    while True:
        declared = False
        for i in range(SEATS):
            seat = (game.first_seat + i) % SEATS
            if not game.legal_declarations(seat):
                continue
            decision = players[seat].declare(game.view(seat))
            if decision is not None:
                game.declare(seat, decision.cards)
                declared = True
                if after:
                    after(game)
        if not declared:
            return


def play_hand(game: Game, players: Sequence[Player], after: Hook | None = None) -> HandSummary:
    """Play the current hand to its end (from whatever point it is at)."""
    segment = SEGMENT * SEATS
    while game.result is None:
        if game.phase == "dealing":
            game.deal()
            if game.dealt % segment == 0:
                _ask_declarations(game, players, after)
        elif game.phase == "declaring":
            game.close_declaring()
        elif game.phase == "burying":
            seat = game.turn
            assert seat is not None
            game.bury(seat, players[seat].bury(game.view(seat)).cards)
        else:
            seat = game.turn
            assert seat is not None
            game.play(seat, players[seat].play(game.view(seat)).cards)
        if after:
            after(game)
    return game.result


def play_match(
    game: Game, players: Sequence[Player], after: Hook | None = None, max_hands: int = 1000
) -> list[HandSummary]:
    """Play hands until the match is over; the summaries of the hands played."""
    summaries = [play_hand(game, players, after)]
    while not summaries[-1].match_over and len(summaries) < max_hands:
        game.next_hand()
        summaries.append(play_hand(game, players, after))
    return summaries
