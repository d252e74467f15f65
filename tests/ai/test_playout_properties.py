"""The search's playouts on random deals: every play the fast policy makes is legal by
the engine's rules, and the playout's bookkeeping (who wins each trick, the attackers'
points with throw penalties and the kitty) agrees with the engine's own functions.

The search judges every lead, follow and burial of ``ai:hard`` by these playouts, so a
policy that broke a follow obligation or a scorer that missed the kitty would bias
every decision without any game ever showing an illegal play."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engine.ai.playout import Playout, group
from engine.cards import RANKS, deck, points
from engine.play import check_follow, check_lead, trick_winner
from engine.rules import Rules, TrumpContext
from engine.scoring import kitty_multiplier

from ..volume import examples

SUITS = ("S", "H", "D", "C", None)


def _played(before: list, after: list) -> list:
    return list((Counter(before) - Counter(after)).elements())


@examples(800)
@given(seed=st.integers(0, 2**32 - 1), level=st.sampled_from(RANKS), trump=st.sampled_from(SUITS),
       dealer=st.integers(0, 3), penalty=st.sampled_from(("none", "per_card", "flat")),
       multiplier=st.sampled_from(("twice_cards", "by_pairs", "power")))
def test_a_playout_plays_legally_and_scores_as_the_engine_does(seed, level, trump, dealer, penalty,
                                                               multiplier):
    ctx = TrumpContext(level, trump, Rules(throw_penalty=penalty, kitty_multiplier=multiplier))
    cards = deck()
    random.Random(seed).shuffle(cards)
    hands = [cards[25 * s: 25 * s + 25] for s in range(4)]
    kitty = cards[100:]
    game = Playout(ctx, dealer, [group(h, ctx) for h in hands], kitty, [], 0, dealer)
    expected, trick, tricks = 0, [], 0
    while (seat := game.to_play()) is not None:
        before = game.hand(seat)
        if not trick:
            proposed = game.lead(seat)
            others = [game.hand(s) for s in range(4) if s != seat]
            verdict = check_lead(proposed, others, ctx)
            assert verdict.reason != "mixed_suits", (seat, proposed)
            if not verdict.ok:
                expected += -verdict.penalty if game.is_attacker(seat) else verdict.penalty
        else:
            proposed = game.follow(seat)
            assert check_follow(before, trick[0][1], proposed, ctx).legal, (seat, trick, proposed)
        game.play(seat, proposed)
        played = _played(before, game.hand(seat))
        if not trick and not verdict.ok:
            assert Counter(played) == Counter(verdict.played)
        else:
            assert Counter(played) == Counter(proposed)
        trick.append((seat, played))
        if len(trick) == 4:
            winner = trick[trick_winner([p for _, p in trick], ctx)][0]
            assert game.leader_seat == winner
            if game.is_attacker(winner):
                expected += sum(points(p) for _, p in trick)
                if not game.hand(winner):
                    expected += points(kitty) * kitty_multiplier(trick[0][1], ctx)
            trick, tricks = [], tricks + 1
    assert not trick and all(not game.hand(s) for s in range(4))
    assert game.tricks_done == tricks
    assert game.attackers == expected
