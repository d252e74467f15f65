"""The engine's public functions refuse nonsense with typed errors (issue 15).

Every callable named in ``engine.__all__`` is fed junk (wrong types, strings in place of
card lists, impossible copies, nan, bools, nested lists) mixed with sensible values, and
may only answer or raise a ``ShengjiError``; the cases the issue names are pinned.
"""

from __future__ import annotations

import inspect
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import (
    Card,
    InvalidArgumentError,
    InvalidCardsError,
    InvalidRulesError,
    InvalidTrickError,
    Rules,
    ShengjiError,
    TrumpContext,
    check_dealable,
    check_follow,
    check_lead,
    classify_follow,
    decompose,
    deck,
    format_cards,
    hand_result,
    kitty_multiplier,
    lead_shape,
    legal_follow,
    matches_lead,
    parse_cards,
    points,
    selectable,
    trick_winner,
    why_not_selectable,
)

from .strategies import examples

CTX = TrumpContext("10", "H")

# ---------------------------------------------------------------- the cases of the issue


def test_a_string_is_not_a_list_of_cards() -> None:
    hand = parse_cards("SQ SQ S3 S5 D2")
    with pytest.raises(InvalidCardsError, match="list of cards"):
        check_follow(hand, parse_cards("S8 S8"), "S3 S5", CTX)
    with pytest.raises(InvalidCardsError):
        check_follow("SQ SQ S3 S5 D2", parse_cards("S8 S8"), parse_cards("S3 S5"), CTX)
    with pytest.raises(InvalidCardsError):
        decompose("S3 S3", CTX)
    with pytest.raises(InvalidCardsError):
        format_cards("S3 S5")
    with pytest.raises(InvalidCardsError, match="Card objects"):
        check_lead(["S3", "S3"], [], CTX)


@pytest.mark.parametrize("call", [
    lambda bj: decompose(bj, CTX),
    lambda bj: check_lead(bj, [], CTX),
    lambda bj: check_follow(bj + parse_cards("S2"), parse_cards("LJ LJ LJ"), parse_cards("BJ BJ BJ"), CTX),
    lambda bj: check_follow(parse_cards("BJ S3 S4"), parse_cards("S5 S5 S6"), bj, CTX),
    lambda bj: trick_winner([bj, parse_cards("S2 S3 S4")], CTX),
    lambda bj: selectable(bj, None, [], CTX),
    lambda bj: legal_follow(bj + parse_cards("S2"), parse_cards("S3"), CTX),
    lambda bj: kitty_multiplier(bj, TrumpContext("10", "H", Rules(kitty_multiplier="power"))),
    lambda bj: lead_shape(bj, CTX),
    lambda bj: check_dealable([bj]),
], ids=["decompose", "check_lead", "check_follow lead", "check_follow play", "trick_winner", "selectable",
        "legal_follow", "kitty_multiplier", "lead_shape", "check_dealable"])
def test_three_copies_in_two_decks_are_refused(call) -> None:
    with pytest.raises(InvalidCardsError, match="BJ appears 3 times"):
        call(parse_cards("BJ BJ BJ"))


@pytest.mark.parametrize("call", [
    lambda: check_lead(parse_cards("SA"), [parse_cards("SA S3"), parse_cards("SA S4")], CTX),
    lambda: check_lead(parse_cards("SA SA"), [parse_cards("SA S3")], CTX),
    lambda: trick_winner([parse_cards("SA"), parse_cards("SA"), parse_cards("SA")], CTX),
    lambda: trick_winner([parse_cards("SA SA"), parse_cards("S3 S3"), parse_cards("SA SA")], CTX),
], ids=["lead between two hands", "lead and a hand", "three singles", "two pairs"])
def test_copies_split_across_one_deal_are_refused(call) -> None:
    """A lead and the other hands, or the plays of one trick, are one deal: two decks
    hold two copies of a card among them all, however they are split."""
    with pytest.raises(InvalidCardsError, match="SA appears [34] times"):
        call()


def test_a_trick_has_at_most_four_plays_of_the_lead_size() -> None:
    five = [parse_cards(c) for c in ("S3", "S4", "S5", "S6", "S7")]
    with pytest.raises(InvalidTrickError, match="1 to 4 plays"):
        trick_winner(five, CTX)
    with pytest.raises(InvalidTrickError, match="1 to 4 plays"):
        trick_winner([], CTX)
    with pytest.raises(InvalidTrickError, match="lead's 2 card"):
        trick_winner([parse_cards("S3 S3"), parse_cards("S4")], CTX)
    with pytest.raises(InvalidTrickError, match="empty"):
        trick_winner([[]], CTX)
    with pytest.raises(InvalidTrickError, match="one effective suit"):
        trick_winner([parse_cards("S3 D3")], CTX)


@pytest.mark.parametrize("points_", [math.nan, math.inf, True, False, 1.0, "80", None, [80]])
def test_points_are_integers(points_) -> None:
    with pytest.raises(InvalidArgumentError, match="integer"):
        hand_result(points_)


def test_hand_result_still_reads_the_table() -> None:
    assert hand_result(0).levels == 3 and hand_result(85, Rules()).attackers_take_over
    with pytest.raises(InvalidArgumentError):
        hand_result(85, "rules")


def test_no_follower_holds_fewer_cards_than_the_lead() -> None:
    with pytest.raises(InvalidTrickError, match="at least as many cards as the lead"):
        legal_follow(parse_cards("S3"), parse_cards("S8 S8"), CTX)
    with pytest.raises(InvalidTrickError):
        check_follow(parse_cards("S3"), parse_cards("S8 S8"), parse_cards("S3"), CTX)
    with pytest.raises(InvalidTrickError):
        selectable(parse_cards("S3"), parse_cards("S8 S8"), [], CTX)


def test_bad_notation_is_still_a_value_error_naming_the_token() -> None:
    with pytest.raises(ValueError, match="'S11'"):
        parse_cards("S11")
    with pytest.raises(InvalidCardsError, match="'S11'"):
        Card("S11")
    with pytest.raises(InvalidCardsError):
        Card(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardsError):
        Card(["S3"])  # type: ignore[arg-type]
    with pytest.raises(InvalidCardsError):
        parse_cards(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardsError):
        parse_cards(["S3", 5])  # type: ignore[list-item]


def test_card_helpers_refuse_what_is_not_a_card() -> None:
    with pytest.raises(InvalidCardsError):
        Card.from_index(-1)
    with pytest.raises(InvalidCardsError):
        Card.from_index(54)
    with pytest.raises(InvalidCardsError):
        Card.of("X", "3")
    with pytest.raises(InvalidArgumentError):
        deck(10**9)
    with pytest.raises(InvalidCardsError):
        points("S5 S10")


def test_contexts_and_rules_are_checked() -> None:
    with pytest.raises(InvalidArgumentError):
        TrumpContext(level=None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        TrumpContext("10", trump=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        TrumpContext("10", "H", rules="house")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="TrumpContext"):
        decompose(parse_cards("S3"), "10H")
    with pytest.raises(InvalidRulesError, match="known: "):
        Rules(trumps=3)
    with pytest.raises(InvalidRulesError, match="option names are words"):
        Rules.from_dict({1: True})
    assert TrumpContext(10, "h") == TrumpContext("10", "H")


def test_check_dealable_counts_across_the_position_and_knows_hand_sizes() -> None:
    check_dealable([parse_cards("BJ S3"), parse_cards("BJ S3")])
    check_dealable([deck(2)[:33]])
    with pytest.raises(InvalidCardsError, match="S3 appears 3 times"):
        check_dealable([parse_cards("S3 S3"), parse_cards("S3")])
    with pytest.raises(InvalidCardsError, match="seat holds 33 at most"):
        check_dealable([deck(2)[:34]])
    with pytest.raises(InvalidCardsError):
        check_dealable("S3 S3")
    with pytest.raises(InvalidArgumentError):
        check_dealable([], rules="two decks")


def test_the_errors_are_value_errors_and_exported() -> None:
    for name in ("InvalidCardsError", "InvalidTrickError", "InvalidRulesError", "InvalidArgumentError",
                 "InvalidSaveError"):
        error = getattr(engine, name)
        assert issubclass(error, ShengjiError) and issubclass(error, ValueError) and name in engine.__all__
    from engine.game import GameError

    assert issubclass(GameError, ShengjiError)


# ---------------------------------------------------------------- junk for every public callable

cards = st.lists(st.sampled_from(deck(2)), max_size=12)
some_cards = st.lists(st.sampled_from(deck(2)), min_size=1, max_size=8)
contexts = st.builds(TrumpContext, st.sampled_from(("2", "10", "A")), st.sampled_from((None, "S", "H")),
                     st.sampled_from((Rules(), Rules(kitty_multiplier="power"), Rules(constant_twos=True))))
scalars = st.one_of(st.none(), st.booleans(), st.integers(-(10**12), 10**12),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12), st.binary(max_size=4))
junk = st.recursive(
    st.one_of(scalars, st.sampled_from(deck(2)), contexts, st.just(Rules())),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=4), inner, max_size=3),
                            st.tuples(inner, inner)),
    max_leaves=12,
)
SENSIBLE = {
    "hand": cards, "lead": some_cards, "play": cards, "cards": cards, "selected": cards, "last_lead": some_cards,
    "other_hands": st.lists(cards, max_size=4), "plays": st.lists(some_cards, min_size=1, max_size=5),
    "hands": st.lists(cards, max_size=5), "ctx": contexts, "rules": st.just(Rules()),
    "card": st.sampled_from(deck(2)), "attacker_points": st.integers(-300, 400), "decks": st.integers(0, 5),
    "text": st.text(max_size=12), "token": st.text(max_size=4), "level": st.text(max_size=3),
    "trump": st.text(max_size=2),
}
CALLABLES = sorted(
    name for name in engine.__all__
    if callable(getattr(engine, name)) and not (inspect.isclass(getattr(engine, name))
                                                and issubclass(getattr(engine, name), Exception))
)


def _argument(name: str) -> st.SearchStrategy:
    """A sensible value for parameter ``name`` most of the time, junk otherwise."""
    if name == "shape":
        return st.one_of(junk, st.builds(lambda lead, ctx: lead_shape(lead, ctx), st.just(parse_cards("S3 S3")),
                                         contexts))
    return st.one_of(SENSIBLE.get(name, junk), junk) if name in SENSIBLE else junk


@pytest.mark.parametrize("name", CALLABLES)
@examples(30)
@given(data=st.data())
def test_public_callables_raise_only_typed_errors(name: str, data: st.DataObject) -> None:
    fn = getattr(engine, name)
    if name == "Rules":
        kwargs = data.draw(st.dictionaries(st.sampled_from([*Rules().to_dict(), "trumps"]), junk, max_size=3))
        args: list = []
    else:
        params = [p for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        args = [data.draw(_argument(p.name), label=p.name) for p in params]
        kwargs = {}
    try:
        fn(*args, **kwargs)
    except ShengjiError:
        pass


@examples(40)
@given(hand=some_cards, lead=some_cards, ctx=contexts)
def test_sensible_calls_answer(hand, lead, ctx) -> None:
    """Real-looking positions are answered, never refused with an unexpected error."""
    try:
        legal = legal_follow(hand, lead, ctx)
    except InvalidTrickError:
        assert len(hand) < len(lead) or len({ctx.suit_of(c) for c in lead}) > 1
        return
    except InvalidCardsError:
        assert any(hand.count(c) > 2 for c in hand) or any(lead.count(c) > 2 for c in lead)
        return
    assert check_follow(hand, lead, legal, ctx).legal
    assert classify_follow(lead, legal, ctx) in ("follow", "ruff", "discard")
    assert isinstance(why_not_selectable(hand, lead, [], hand[0], ctx).legal, bool)
    assert isinstance(matches_lead(lead_shape(lead, ctx), legal, ctx), bool)
