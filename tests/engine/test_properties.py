"""Property tests: the engine against the oracle on positions cut from real deals."""

from __future__ import annotations

import random

from hypothesis import event, given, note
from hypothesis import strategies as st

from engine import (
    Card,
    Rules,
    TrumpContext,
    check_follow,
    check_lead,
    decompose,
    format_cards,
    kitty_multiplier,
    legal_follow,
    selectable,
    trick_winner,
)

from engine.cards import deck

from . import oracle
from .helpers import bag
from .oracle import RANKS as RANKS_
from .oracle import SUITS as SUITS_
from .strategies import Table, best_follow, examples, follow_from, lead_from, lead_shape, seeded, tables


def show(table: Table, **cards: list[Card]) -> None:
    note(table.describe())
    for name, value in cards.items():
        note(f"{name}: {format_cards(value)}")


def tamper(rng: random.Random, play: list[Card], table: Table) -> list[Card]:
    """Sometimes break a play the ways a careless caller would: a card from another
    hand, a card too few or too many."""
    how = rng.choice(("keep",) * 12 + ("foreign", "short", "long"))
    elsewhere = table.hands[2] + table.hands[3]
    if how == "foreign" and play and elsewhere:
        return play[1:] + [rng.choice(elsewhere)]
    if how == "short" and play:
        return play[1:]
    if how == "long" and elsewhere:
        return play + [rng.choice(elsewhere)]
    return play


# ---------------------------------------------------------------- following


@examples(2000)
@given(tables(), seeded)
def test_check_follow_agrees_with_the_oracle(table: Table, rng: random.Random) -> None:
    hand = table.hands[1]
    lead = lead_from(rng, table.hands[0], table.order, table.focus)
    play = tamper(rng, follow_from(rng, hand, lead, table.order), table)
    show(table, lead=lead, hand=hand, play=play)
    expected = oracle.FollowJudge(hand, lead, table.order).verdict(play)
    got = check_follow(hand, lead, play, table.ctx)
    event(f"{lead_shape(lead, table.order)} lead, {expected.reason or 'legal'}")
    assert (got.legal, got.reason) == (expected.legal, expected.reason)
    shown = [str(c) for c in got.cards]
    led = {c for c in map(str, hand) if table.order.suit(c) == table.order.suit(lead[0])}
    if got.reason == "must_follow_suit":
        assert bag(shown) == bag(c for c in hand if str(c) in led)
    elif got.reason == "must_play_pair":
        assert bag(shown) == bag(f for f in oracle.pair_faces(c for c in hand if str(c) in led) for _ in (0, 1))
    elif got.reason == "must_play_tractor":  # a tractor held of the required length
        pairs = oracle.pair_faces(shown)
        assert len(shown) == 2 * expected.shortfall == 2 * len(pairs) and set(shown) <= led
        assert oracle.can_pack(oracle.classes_of(pairs, table.order), [expected.shortfall])
    elif got.legal:
        assert shown == []


@examples(500)
@given(tables(), seeded)
def test_legal_follow_is_legal(table: Table, rng: random.Random) -> None:
    hand = table.hands[1]
    lead = lead_from(rng, table.hands[0], table.order, table.focus)
    show(table, lead=lead, hand=hand)
    play = legal_follow(hand, lead, table.ctx)
    note(f"legal_follow: {format_cards(play)}")
    assert oracle.FollowJudge(hand, lead, table.order).verdict(play).legal


@examples(600)
@given(tables(max_hand=9), seeded)
def test_selectable_while_following_matches_brute_force(table: Table, rng: random.Random) -> None:
    hand = table.hands[1]
    lead = lead_from(rng, table.hands[0], table.order, table.focus)
    if rng.random() < 0.75:
        play = best_follow(rng, hand, lead, table.order)
        selected = rng.sample(play, rng.randint(0, len(play) - 1))
    else:
        selected = rng.sample(hand, rng.randint(0, len(lead) - 1))
    show(table, lead=lead, hand=hand, selected=selected)
    expected = oracle.selectable(hand, lead, selected, table.order)
    event(f"{len(expected)} of {len(set(hand))} faces selectable")
    assert oracle.FollowJudge(hand, lead, table.order).offered(bag(selected)) == expected  # the shortcut holds
    check_selectable(hand, lead, selected, table, expected)


@examples(600)
@given(tables(), seeded)
def test_selectable_on_full_hands_matches_the_oracle(table: Table, rng: random.Random) -> None:
    """Hands up to 25 cards (12+ of the led suit against long throws): the oracle's
    shortcut, checked against brute force on small hands above, stands in for it."""
    hand = table.hands[1]
    lead = lead_from(rng, table.hands[0], table.order, table.focus)
    play = best_follow(rng, hand, lead, table.order)
    selected = rng.sample(play, rng.randint(0, len(play) - 1))
    if rng.random() < 0.3:
        selected = rng.sample(hand, rng.randint(0, len(lead) - 1))
    show(table, lead=lead, hand=hand, selected=selected)
    expected = oracle.FollowJudge(hand, lead, table.order).offered(bag(selected))
    check_selectable(hand, lead, selected, table, expected)


def check_selectable(hand: list[Card], lead: list[Card], selected: list[Card], table: Table, expected: set[str]) -> None:
    got = {str(c) for c in selectable(hand, lead, selected, table.ctx)}
    assert not got - expected, "these cards strand the player: no legal play contains them"
    assert not expected - got, "these cards can complete a legal play but are not offered"


@examples(200)
@given(tables(max_hand=12), seeded)
def test_selectable_while_leading(table: Table, rng: random.Random) -> None:
    hand = table.hands[0]
    selected = lead_from(rng, hand, table.order)[: rng.randint(0, 3)]
    show(table, hand=hand, selected=selected)
    got = {str(c) for c in selectable(hand, None, selected, table.ctx)}
    assert got == oracle.selectable(hand, None, selected, table.order)


# ---------------------------------------------------------------- decomposition


@examples(600)
@given(tables(), seeded)
def test_decompose_agrees_with_the_oracle_and_ignores_card_order(table: Table, rng: random.Random) -> None:
    suit = rng.choice(sorted({table.order.suit(c) for c in table.hands[0]}))
    cards = [c for c in table.hands[0] if table.order.suit(c) == suit]
    if rng.random() < 0.5:
        cards = lead_from(rng, table.hands[0], table.order, table.focus)
    show(table, cards=cards)
    comps = decompose(cards, table.ctx)
    assert bag(c for comp in comps for c in comp.cards) == bag(cards)
    for comp in comps:
        got = oracle.decompose(comp.cards, table.order)
        assert len(got) == 1 and (got[0].kind, got[0].length) == (comp.kind, comp.length)
    expected = sorted((s.kind, s.length, s.strengths) for s in oracle.decompose(cards, table.order))
    assert canonical(comps, table.order) == expected
    shuffled = rng.sample(cards, len(cards))
    assert canonical(decompose(shuffled, table.ctx), table.order) == expected


def canonical(comps, order: oracle.Order) -> list[tuple[str, int, tuple[int, ...]]]:
    return sorted(
        (comp.kind, comp.length, tuple(sorted((order.strength(c) for c in comp.cards), reverse=True)))
        for comp in comps
    )


# ---------------------------------------------------------------- leading


@examples(1000)
@given(tables(), seeded)
def test_check_lead_agrees_with_the_oracle(table: Table, rng: random.Random) -> None:
    lead = lead_from(rng, table.hands[0], table.order, table.focus)
    spare = [c for c in table.hands[0] if table.order.suit(c) != table.order.suit(lead[0])]
    if spare and rng.random() < 0.1:
        lead = lead + [rng.choice(spare)]  # now and then not of one suit
    others = table.hands[1:]
    show(table, lead=lead)
    expected = oracle.check_lead(lead, others, table.order, table.ctx.rules.throw_penalty)
    got = check_lead(lead, others, table.ctx)
    event(f"{lead_shape(lead, table.order) if expected.reason != 'mixed_suits' else 'mixed'} lead, {expected.reason or 'stands'}")
    assert (got.ok, got.reason, got.penalty) == (expected.ok, expected.reason, expected.penalty)
    assert bag(got.played) in expected.played_options
    again = check_lead(lead, rng.sample(others, 3), table.ctx)  # the other hands come in any order
    assert (again.ok, again.reason, again.penalty) == (got.ok, got.reason, got.penalty)
    assert bag(again.played) in expected.played_options


# ---------------------------------------------------------------- the trick


def trick(table: Table, rng: random.Random, void_chance: float = 0.6) -> list[list[Card]]:
    """A real trick: some followers ran out of the led suit earlier; the lead as actually
    played (a failed throw plays its forced part); each follower's play from their own
    hand."""
    attempt = lead_from(rng, table.hands[0], table.order, table.focus)
    suit = table.order.suit(attempt[0])
    hands = []
    for hand in table.hands[1:]:
        void = [c for c in hand if table.order.suit(c) != suit]
        hands.append(void if rng.random() < void_chance and len(void) >= len(attempt) else hand)
    outcome = oracle.check_lead(attempt, hands, table.order)
    lead = [Card(t) for t in rng.choice(outcome.played_options).elements()]
    return [lead] + [follow_from(rng, hand, lead, table.order) for hand in hands if len(hand) >= len(lead)]


def check_trick(plays: list[list[Card]], table: Table, rng: random.Random) -> None:
    show(table, **{f"play {i}": p for i, p in enumerate(plays)})
    got = trick_winner(plays, table.ctx)
    form = oracle.lead_form(plays[0], table.order)
    ruffs = sum(oracle.matches(p, form, table.order) and table.order.suit(p[0]) != form.suit for p in plays)
    event(f"{lead_shape(plays[0], table.order)} lead, {ruffs} matching ruffs, winner {got}")
    assert got == oracle.trick_winner(plays, table.order)
    assert got == 0 or oracle.matches(plays[got], form, table.order)
    shuffled = [rng.sample(p, len(p)) for p in plays]
    assert trick_winner(shuffled, table.ctx) == got


@examples(1000)
@given(st.one_of(tables(), tables(ruffs=True)), seeded)
def test_trick_winner_agrees_with_the_oracle(table: Table, rng: random.Random) -> None:
    check_trick(trick(table, rng), table, rng)


@examples(2000)
@given(tables(ruffs=True), seeded)
def test_ruffs_of_structured_leads_agree_with_the_oracle(table: Table, rng: random.Random) -> None:
    """Everyone else is void in the led suit and ruffs from trumps dealt in blocks."""
    check_trick(trick(table, rng, void_chance=1.0), table, rng)


# ---------------------------------------------------------------- the kitty


@examples(300)
@given(tables(), seeded)
def test_kitty_multiplier_counts_the_largest_component(table: Table, rng: random.Random) -> None:
    lead = lead_from(rng, table.hands[0], table.order, table.focus)
    show(table, lead=lead)
    largest = max(oracle.decompose(lead, table.order), key=lambda s: len(s.strengths))
    expected = {
        "twice_cards": 2 * len(lead),
        "by_pairs": 2 if largest.kind == "single" else 2 * largest.length + 2,
        "power": min(64, 2 ** len(largest.strengths)),
    }
    for scheme, value in expected.items():
        rules = Rules(constant_twos=table.order.constant_twos, kitty_multiplier=scheme)
        c = TrumpContext(level=table.order.level, trump=table.order.trump, rules=rules)
        assert kitty_multiplier(lead, c) == value, scheme


# ---------------------------------------------------------------- one lead, many hands


@examples(200)
@given(st.lists(st.tuples(st.sampled_from(RANKS_), st.sampled_from((None, *SUITS_)), st.booleans()), min_size=2, max_size=6), seeded)
def test_the_same_cards_are_judged_afresh_in_every_context(contexts: list, rng: random.Random) -> None:
    """Whatever the engine remembers between calls must not leak from one hand's order
    into another's, nor survive a caller reusing (and changing) its list."""
    suit = rng.choice(SUITS_)
    pool = [c for c in deck(2) if str(c)[0] == suit]
    rng.shuffle(pool)
    cards = pool[: rng.randint(2, 8)]  # one list object, reused and changed below
    spare = pool[len(cards) :]
    for level, trump, twos in contexts + contexts[::-1]:
        order = oracle.Order(level, trump, twos)
        ctx = TrumpContext(level=level, trump=trump, rules=Rules(constant_twos=twos, kitty_multiplier="by_pairs"))
        note(f"level {level}, trump {trump}, constant_twos {twos}: {format_cards(cards)}")
        if len({order.suit(c) for c in cards}) == 1:
            expected = sorted((s.kind, s.length, s.strengths) for s in oracle.decompose(cards, order))
            assert canonical(decompose(cards, ctx), order) == expected
            largest = max(expected, key=lambda s: len(s[2]))
            assert kitty_multiplier(cards, ctx) == (2 if largest[0] == "single" else 2 * largest[1] + 2)
            hand = spare[1:13]
            play = hand[: len(cards)]
            expected_follow = oracle.FollowJudge(hand, cards, order).verdict(play)
            assert check_follow(hand, cards, play, ctx).reason == expected_follow.reason
        i = rng.randrange(len(cards))
        cards[i], spare[0] = spare[0], cards[i]  # the caller reuses its list
