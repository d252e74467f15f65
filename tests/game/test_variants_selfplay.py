"""Random hands of the one-, three- and four-deck games (docs/VARIANTS.md): every
invariant of ``engine.invariants`` after every hand (cards conserved, the points
total, every play legal, the scores adding up), and every trick against the
brute-force models: each follow legal and each winner the same.

``make test`` plays 25 hands per game, ``make soak`` 2,000 (``tests/volume.py``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import invariants
from engine.game import Game
from engine.players import RandomPlayer, play_hand
from engine.rules import Rules

from ..engine import oracle, oracle_decks
from ..volume import count

HANDS = count(100)
SMALL = 9
"""Led-suit holdings up to this many cards are judged by brute force as well."""


def _checked_by_models(game: Game) -> list[str]:
    """Every trick of the finished hand against the models (small holdings only)."""
    ctx, found = game.ctx, []
    assert ctx is not None
    order = oracle.Order(ctx.level, ctx.trump, ctx.rules.constant_twos)
    wide = oracle_decks.Rules(ctx.rules.decks)
    held: list[list] = [[] for _ in range(4)]
    for number in range(len(game.tricks) - 1, -1, -1):
        trick = game.tricks[number]
        for play in trick.plays:
            held[play.seat].extend(play.cards)
        plays = [list(p.cards) for p in trick.plays]
        if ctx.rules.decks > 2:
            if oracle_decks.trick_winner(plays, order, wide) != trick.plays.index(
                    next(p for p in trick.plays if p.seat == trick.winner)):
                found.append(f"trick {number}: another winner")
        lead = plays[0]
        for play in trick.plays[1:]:
            hand = held[play.seat]
            suit = Counter(c for c in hand if ctx.suit_of(c) == ctx.suit_of(lead[0]))
            if sum(suit.values()) > SMALL or len(lead) > 6:
                continue
            if ctx.rules.decks > 2:
                legal = oracle_decks.FollowJudge(hand, lead, order, wide).verdict(list(play.cards)).legal
            else:
                legal = oracle.FollowJudge(hand, lead, order).verdict(list(play.cards)).legal
            if not legal:
                found.append(f"trick {number}: seat {play.seat}'s follow is illegal")
    return found


@pytest.mark.parametrize("decks", [1, 3, 4])
def test_random_hands_of_every_game_keep_every_invariant(decks: int) -> None:
    rules = Rules(decks=decks)
    players = [RandomPlayer(100 * decks + seat) for seat in range(4)]
    game = Game(rules, seed=decks)
    total = rules.variant.total_points
    for number in range(HANDS):
        if number:
            if game.phase == "match_over":
                game = Game(rules, seed=number)
            else:
                game.next_hand()
        summary = play_hand(game, players)
        problems = invariants.violations(game) + _checked_by_models(game)
        assert not problems, f"{decks} decks, hand {number} (seed {summary.seed}): {problems}"
        assert sum(t.points for t in game.tricks) + sum(c.points for c in game.kitty) == total
