"""Inference from play and the sampler: every fact the memory infers holds in the real
deal, and every sampled deal agrees with every fact (hypothesis over seeded games)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.ai.memory import CardMemory, has_run
from engine.ai.sampler import KITTY_PRIOR, Sampler
from engine.cards import ALL_FACES, Card, parse_cards
from engine.combos import pair_faces
from engine.game import TRICKS, Game
from engine.players import make_player
from engine.view import Declaration, PlayerView


def game_at(seed: int, plays: int, kinds: tuple[str, str]) -> Game:
    """A seeded first hand played ``plays`` cards-plays into the trick phase."""
    game = Game(seed=seed)
    players = [make_player(kinds[s % 2], seed * 4 + s) for s in range(4)]
    while game.phase != TRICKS:
        if game.phase == "dealing":
            game.deal()
            for seat in range(4):
                if game.legal_declarations(seat):
                    decision = players[seat].declare(game.view(seat))
                    if decision is not None:
                        game.declare(seat, decision.cards)
        elif game.phase == "declaring":
            game.close_declaring()
        else:
            seat = game.turn
            game.bury(seat, players[seat].bury(game.view(seat)).cards)
    for _ in range(plays):
        seat = game.turn
        game.play(seat, players[seat].play(game.view(seat)).cards)
        if game.phase != TRICKS:
            break
    return game


def facts_hold(memory: CardMemory, hands: list[list[Card]], kitty: list[Card], view: PlayerView) -> None:
    """Every fact of ``memory`` is true of the deal ``hands`` + ``kitty``."""
    ctx = memory.ctx
    others = [s for s in range(4) if s != view.seat]
    hidden = Counter(c for s in others for c in hands[s])
    if view.kitty is None:
        hidden += Counter(kitty)
    assert hidden == memory.unseen
    for seat in others:
        held = Counter(hands[seat])
        assert len(hands[seat]) == view.cards_left[seat]
        assert not any(ctx.suit_of(c) in memory.void[seat] for c in held)
        assert not any(c in memory.lacks[seat] for c in held)
        assert all(held[c] >= n for c, n in memory.known[seat].items())
        for suit in memory.no_pair[seat]:
            assert all(n < 2 for c, n in held.items() if ctx.suit_of(c) == suit)
        assert all(held[c] < 2 for c in memory.single_of[seat])
        for suit, length in memory.no_tractor[seat].items():
            assert not has_run(pair_faces([c for c in hands[seat] if ctx.suit_of(c) == suit]), length, ctx)
    if memory.shown_by_dealer:
        dealer_or_kitty = Counter(hands[view.dealer]) + Counter(kitty)
        assert all(dealer_or_kitty[c] >= n for c, n in memory.shown_by_dealer.items())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**16), plays=st.integers(0, 90), seat=st.integers(0, 3),
       kinds=st.sampled_from([("random", "random"), ("ai", "random"), ("ai", "ai:easy")]))
# the dealer, its hand played out, showed a level card still unplayed: it is in the kitty
@example(seed=9793, plays=89, seat=2, kinds=("random", "random"))
def test_inference_is_sound_and_samples_agree_with_it(seed, plays, seat, kinds):
    game = game_at(seed, plays, kinds)
    if game.phase != TRICKS:
        return
    view = game.view(seat)
    memory = CardMemory.from_view(view)
    real = [list(game.hand(s)) for s in range(4)]
    facts_hold(memory, real, list(game.kitty), view)  # inference from play is sound
    sampler = Sampler(memory, view.hand, kitty=view.kitty)
    rng = random.Random(seed)
    for _ in range(5):
        deal = sampler.draw(rng)
        assert deal is not None
        hands, kitty = deal
        assert hands[seat] == list(view.hand)
        assert len(kitty) == 8
        facts_hold(memory, hands, kitty, view)


def test_a_throw_that_stood_shows_nobody_else_holds_a_higher_card(make_view, record):
    view = make_view("D3 D4", dealer=2, tricks=[
        record(1, (1, "HA HK"), (2, "H3 H4"), (3, "H5 H6"), (0, "H7 H8")),
    ])
    memory = CardMemory.from_view(view)
    assert Card("HA") in memory.lacks[2] and Card("HA") in memory.lacks[3]
    assert Card("HA") not in memory.lacks[1]


def test_following_a_tractor_with_two_loose_pairs_shows_no_tractor(make_view, record):
    view = make_view("D3 D4", dealer=2, tricks=[
        record(1, (1, "H5 H5 H6 H6"), (2, "H9 H9 HJ HJ"), (3, "H7 H8 H10 HQ"), (0, "HK HK HA HA")),
    ])
    memory = CardMemory.from_view(view)
    assert memory.no_tractor[2] == {"H": 2}
    assert "H" in memory.no_pair[3]
    assert memory.no_tractor[0] == {}


def test_declared_level_cards_are_known_unless_the_dealer_may_have_buried_them(make_view):
    shown = (Declaration(3, tuple(parse_cards("H2"))), Declaration(1, tuple(parse_cards("D2 D2"))))
    view = replace(make_view("S3 S4", seat=0, dealer=1), declarations=shown)
    memory = CardMemory.from_view(view)
    assert memory.known[3] == Counter({Card("H2"): 1})
    assert not memory.known[1]
    assert memory.shown_by_dealer == Counter({Card("D2"): 2})


def test_the_sampled_kitty_holds_point_cards_about_as_rarely_as_its_prior_says():
    """Dealers bury few points: from an attacker's seat, a side suit's point card lands in
    the sampled kitty at about ``KITTY_PRIOR["points"]`` times the rate of a plain one."""
    game = game_at(7, 0, ("ai", "ai"))
    view = game.view((game.dealer + 1) % 4)
    memory = CardMemory.from_view(view)
    ctx = memory.ctx
    top = max(ctx.position(f) for f in ALL_FACES if not ctx.is_trump(f))  # as the prior reads it

    def kind(card: Card) -> str | None:
        if ctx.is_trump(card) or ctx.position(card) == top:
            return None
        return "points" if card.points else "plain"

    unseen = Counter(kind(c) for c in memory.unseen.elements())
    buried: Counter = Counter()
    sampler, rng, draws = Sampler(memory, view.hand), random.Random(1), 1000
    for _ in range(draws):
        deal = sampler.draw(rng)
        assert deal is not None
        buried.update(kind(c) for c in deal[1])
    rate = {k: buried[k] / (unseen[k] * draws) for k in ("points", "plain")}
    ratio = rate["points"] / rate["plain"]
    assert KITTY_PRIOR["points"] / 2 < ratio < KITTY_PRIOR["points"] * 2
