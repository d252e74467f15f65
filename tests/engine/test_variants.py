"""docs/VARIANTS.md: every example of seed 001 for one, three and four decks, and the
choices made where the seed is silent, each as a test."""

from __future__ import annotations

import pytest

from engine import (Card, Rules, TrumpContext, check_follow, check_lead, decompose, hand_outcome, hand_result,
                    kitty_multiplier, level_row, parse_cards, trick_winner)
from engine.actions import Declare
from engine.combos import face_counts
from engine.declaring import legal_declarations
from engine.game import BURYING, TRICKS, Game, strength_to_override, view_declarations
from engine.view import Declaration
from engine.invariants import violations
from engine.play import _wide_vector, lead_shape
from engine.players import make_player, play_hand

THREE, FOUR = Rules(decks=3), Rules(decks=4)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def spades(ranks: str) -> str:
    return " ".join("S" + r for r in ranks.split())


# ---------------------------------------------------------------- the table of games

@pytest.mark.parametrize("decks, hand, kitty, total", [(1, 12, 6, 100), (2, 25, 8, 200), (3, 39, 6, 300),
                                                       (4, 54, 0, 400)])
def test_each_game_deals_its_hands_and_kitty(decks: int, hand: int, kitty: int, total: int) -> None:
    game = Game(Rules(decks=decks), seed=3)
    while game.phase == "dealing":
        game.deal()
    assert [len(game.hand(s)) for s in range(4)] == [hand] * 4 and len(game.kitty) == kitty
    assert Rules(decks=decks).variant.total_points == total


def test_four_decks_have_no_kitty_to_bury_and_spades_when_nobody_calls() -> None:
    game = Game(FOUR, seed=3, levels=("5", "5"), dealer=2)
    while game.phase == "dealing":
        game.deal()
    game.close_declaring()
    assert (game.phase, game.trump, game.turn, len(game.hand(2))) == (TRICKS, "S", 2, 54)
    assert Game(THREE, seed=3, levels=("5", "5"), dealer=2).rules.variant.has_kitty


# ---------------------------------------------------------------- 泰坦尼克 (three decks)

@pytest.mark.parametrize("text, trump", [
    ("S3 S3 S3 S4 S4 S4", "H"),
    ("S4 S4 S4 S6 S6 S6", "H"),          # the level rank 5 lies between: adjacent
    ("S5 S5 S5 H5 H5 H5", "H"),          # off-suit 5s + trump 5s
    ("BJ BJ BJ LJ LJ LJ", "H"),
    ("HA HA HA S5 S5 S5", "H"),          # trump AAA + off-suit 5s
    ("LJ LJ LJ H5 H5 H5", "H"),          # trump 5s + little jokers ("主 5 小王")
])
def test_seed_titanic_examples_at_level_5(text: str, trump: str) -> None:
    [one] = decompose(cards(text), TrumpContext("5", trump, THREE))
    assert (one.kind, one.width, one.length) == ("tractor", 3, 2)


@pytest.mark.parametrize("text, trump", [("H5 H5 H5 H6 H6 H6", "H"), ("S5 S5 S5 D5 D5 D5", None)])
def test_seed_not_titanic_at_level_5(text: str, trump: str | None) -> None:
    parts = decompose(cards(text), TrumpContext("5", trump, THREE))
    assert [p.kind for p in parts] == ["triple", "triple"]


def test_decomposition_is_widest_first() -> None:
    ctx = TrumpContext("2", "H", FOUR)
    kinds = [(c.kind, c.width, c.length) for c in decompose(cards(spades("3 3 3 3 4 4 4 5 5 6 6 9")), ctx)]
    assert kinds == [("quad", 4, 1), ("triple", 3, 1), ("tractor", 2, 2), ("single", 1, 0)]


# ---------------------------------------------------------------- the follow ladders

def rank(lead: str, play: str, rules: Rules) -> tuple[int, ...]:
    """The follow ladder's vector of ``play`` against ``lead`` (level 2, ♥ trumps)."""
    ctx = TrumpContext("2", "H", rules)
    return tuple(_wide_vector(face_counts(cards(play)), lead_shape(cards(lead), ctx), ctx)[0])


TITANIC = [spades(r) for r in ("7 7 7 8 8 8", "7 7 8 8 J Q", "7 7 7 J J J", "7 7 7 J J Q", "7 7 7 J Q K",
                               "7 7 J J Q K", "7 7 9 J Q K", "5 7 9 J Q K")]
TRIPLE = [spades(r) for r in ("7 7 7", "7 7 9", "7 9 J")]


@pytest.mark.parametrize("lead, ladder", [(spades("3 3 3 4 4 4"), TITANIC), (spades("3 3 3"), TRIPLE)])
def test_seed_three_deck_ladders_rung_by_rung(lead: str, ladder: list[str]) -> None:
    vectors = [rank(lead, play, THREE) for play in ladder]
    assert vectors == sorted(vectors, reverse=True) and len(set(vectors)) == len(vectors)


def test_a_titanic_led_asks_for_a_tractor_of_pairs_before_two_triples() -> None:
    ctx = TrumpContext("2", "H", THREE)
    hand = cards(spades("7 7 8 8 J J J K K K") + " D3")
    lead = cards(spades("3 3 3 4 4 4"))
    assert check_follow(hand, lead, cards(spades("7 7 8 8 J K")), ctx).legal
    verdict = check_follow(hand, lead, cards(spades("J J J K K K")), ctx)
    assert (verdict.legal, verdict.reason) == (False, "must_play_tractor")
    verdict = check_follow(cards(spades("7 7 7 J J Q K")), cards(spades("3 3 3")), cards(spades("7 7 J")), ctx)
    assert (verdict.legal, verdict.reason) == (False, "must_play_triple")


# Seed 001's four-deck ladders, rung by rung, with the relation the engine gives each
# rung to the next: ">" as the seed says, "=" the follower may choose (the seed orders
# them), "<" reversed where the seed contradicts itself (docs/VARIANTS.md says why).
FOUR_LADDERS = {
    "1 (44556677 led)": (spades("4 4 5 5 6 6 7 7"), [
        ("8 8 9 9 10 10 J J", "="), ("8 8 8 8 J J J J", ">"), ("8 8 9 9 10 10 K K", ">"),
        ("8 8 9 9 10 10 K A", ">"), ("8 8 9 9 J J K K", ">"), ("8 8 9 9 J J K A", ">"),
        ("8 8 9 9 J Q K A", "<"), ("8 8 8 8 J J K K", ">"), ("8 8 8 8 J J K A", ">"), ("8 8 8 8 J Q K A", ">"),
        ("8 8 8 J J J K A", "<"), ("8 8 8 10 10 Q Q A", ">"), ("8 8 8 10 10 Q K A", ">"),
        ("8 8 8 10 J Q K A", "<"), ("8 8 10 10 Q Q A A", ">"), ("8 8 10 10 Q Q K A", ">"),
        ("8 8 10 10 J Q K A", ">"), ("8 8 9 10 J Q K A", ">"), ("3 8 9 10 J Q K A", None)]),
    "2 (44445555 led)": (spades("4 4 4 4 5 5 5 5"), [
        ("8 8 8 8 9 9 9 9", ">"), ("8 8 9 9 10 10 J J", ">"), ("8 8 9 9 10 10 K K", ">"),
        ("8 8 9 9 J J K K", "<"), ("8 8 8 8 J J K K", ">"), ("8 8 8 J J J K A", ">"),
        ("8 8 8 10 J Q K A", ">"), ("8 8 10 10 Q Q A A", None)]),
    "3 (667788 led)": (spades("6 6 7 7 8 8"), [
        ("9 9 10 10 J J", ">"), ("J J J Q Q Q", ">"), ("A A A A 9 9", "="), ("7 7 8 8 J J", ">"),
        ("6 6 8 8 J J", ">"), ("7 7 9 9 K Q", ">"), ("7 7 8 9 J Q", ">"), ("3 7 8 9 J Q", None)]),
    "4 (JJJQQQ led)": (spades("J J J Q Q Q"), [
        ("4 4 4 5 5 5", ">"), ("6 6 7 7 8 8", ">"), ("A A A A 9 9", ">"), ("7 7 8 8 10 10", ">"),
        ("3 3 3 5 5 5", ">"), ("6 6 6 3 3 9", ">"), ("6 6 8 8 10 10", "="), ("7 7 9 9 K 3", ">"),
        ("7 7 8 9 10 3", ">"), ("3 7 8 9 10 4", None)]),
    "5 (AAAA led)": (spades("A A A A"), [
        ("5 5 5 5", ">"), ("7 7 8 8", ">"), ("6 6 9 9", "<"), ("K K K 4", ">"), ("4 4 6 7", ">"),
        ("3 4 6 7", None)]),
    "6 (7788 led)": (spades("7 7 8 8"), [
        ("5 5 6 6", "="), ("A A A A", ">"), ("6 6 9 9", ">"), ("4 4 6 9", ">"), ("3 4 6 9", None)]),
}


@pytest.mark.parametrize("name", list(FOUR_LADDERS))
def test_seed_four_deck_ladders_rung_by_rung(name: str) -> None:
    lead, ladder = FOUR_LADDERS[name]
    got = []
    for (play, _), (after, _) in zip(ladder, ladder[1:]):
        a, b = rank(lead, spades(play), FOUR), rank(lead, spades(after), FOUR)
        got.append(">" if a > b else "=" if a == b else "<")
    assert got == [relation for _, relation in ladder[:-1]]


# ---------------------------------------------------------------- winning

@pytest.mark.parametrize("level, plays, winner", [
    ("2", ["S6 S6 S7 S7 S8 S8", "S3 S3 S3 S4 S4 S4", "S9 S9 S10 S10 SJ SJ"], 1),  # wider beats a pair tractor
    ("2", ["S7 S7 S8 S8", "S3 S3 S3 S3", "S9 S9 S10 S10"], 1),                     # a quad takes two pairs
    ("2", ["S7 S7 S8 S8", "S9 S9 S10 S10", "S3 S3 S3 S3"], 2),
    ("2", ["S3 S3 S3 S4 S4 S4 S5 S5 S5 S6 S6 S6", "S7 S7 S7 S7 S8 S8 S8 S8 S9 S9 S9 S9"], 1),
    ("2", ["S3 S3 S3 S3 S4 S4 S4 S4", "SJ SJ SJ SJ SQ SQ SQ SQ"], 1),
    ("3", ["SA SA SA SA", "H4 H4 H4 H4", "S2 S2 S2 S2"], 2),       # order 8 at level 3: side A < trump 4
    ("3", ["H4 H4 H4 H4", "HA HA HA HA", "D2 D2 D2 D2", "H2 H2 H2 H2"], 3),  # < trump A < off 2 < trump 2
    ("3", ["H2 H2 H2 H2", "S3 S3 S3 S3", "H3 H3 H3 H3", "LJ LJ LJ LJ"], 3),
    ("3", ["LJ LJ LJ LJ", "BJ BJ BJ BJ"], 1),
])
def test_four_deck_winning_with_the_seeds_cross_shape_rules(level: str, plays: list[str], winner: int) -> None:
    assert trick_winner([cards(p) for p in plays], TrumpContext(level, "H", FOUR)) == winner


@pytest.mark.parametrize("plays, winner", [
    (["S5 S5 S5", "S7 S7 S7", "S9 S9 SK"], 1),            # a triple beats a triple, nothing else does
    (["S6 S6 S7 S7 S8 S8", "S3 S3 S3 S4 S4 S4"], 0),      # three decks: only the led shape wins
    (["S3 S3 S3 S4 S4 S4", "H7 H7 H7 H8 H8 H8", "H9 H9 H10 H10 HJ HJ"], 1),
])
def test_three_deck_winning_only_the_led_shape(plays: list[str], winner: int) -> None:
    assert trick_winner([cards(p) for p in plays], TrumpContext("2", "H", THREE)) == winner


def test_a_throw_fails_on_a_higher_triple_and_plays_its_lowest_beaten_part() -> None:
    ctx = TrumpContext("2", "H", THREE)
    result = check_lead(cards("SA SK SK SK S3 S3 S3"), [cards("SQ SQ SQ"), [], []], ctx)
    assert not result.ok and [str(c) for c in result.played] == ["S3", "S3", "S3"]
    one = TrumpContext("2", "H", Rules(decks=1))
    assert check_lead(cards("SA SK SQ"), [cards("S5 S9"), [], []], one).ok
    assert check_lead(cards("SA SK SJ"), [cards("SQ"), [], []], one).played == [Card("SJ")]


# ---------------------------------------------------------------- scoring

@pytest.mark.parametrize("decks, rows", [
    (1, [(0, False, 3), (5, False, 2), (15, False, 2), (20, False, 1), (35, False, 1), (40, True, 0),
         (55, True, 0), (60, True, 1), (75, True, 1), (80, True, 2)]),
    (3, [(0, False, 3), (55, False, 2), (60, False, 1), (115, False, 1), (120, True, 0), (180, True, 1),
         (240, True, 2), (300, True, 3)]),
    (4, [(-40, False, 3), (0, False, 3), (75, False, 2), (80, False, 1), (155, False, 1), (160, True, 1),
         (235, True, 1), (240, True, 2), (315, True, 2), (320, True, 3)]),
])
def test_result_bands_of_each_game(decks: int, rows: list[tuple[int, bool, int]]) -> None:
    rules = Rules(decks=decks)
    for points, take_over, levels in rows:
        result = hand_result(points, rules)
        assert (result.attackers_take_over, result.levels) == (take_over, levels), points
        row = level_row(points, rules)
        assert (row.attackers_take_over, row.levels) == (take_over, levels)
        assert points <= row.high and (row.low is None or row.low <= points)


@pytest.mark.parametrize("last, times", [("S4 S4", 4), ("S4 S4 S4 S5 S5 S5", 64), ("S4 S4 S5 S5 S6 S6", 64), ("S4 S4 S5 S5", 16),
                                         ("S5 S5 S5", 8), ("SA SK SQ SJ S10 S9 S8 S7 S7", 4),
                                         ("SA SK SQ SJ", 2), ("SA SA SJ SJ", 4)])
def test_seed_three_deck_kitty_multipliers(last: str, times: int) -> None:
    assert kitty_multiplier(cards(last), TrumpContext("2", "H", THREE)) == times


@pytest.mark.parametrize("won, expected", [(True, 100 + 30 * 64), (False, 100)])
def test_three_decks_no_kitty_bonus_when_the_dealers_win_the_last_trick(won: bool, expected: int) -> None:
    """Seed 001: "最后一圈牌如果是庄家方大，不抠底"; else ×64 for a 泰坦尼克 led last."""
    ctx = TrumpContext("2", "H", THREE)
    outcome = hand_outcome(100, cards("S5 S5 S10 SK S3 S4"), cards(spades("4 4 4 5 5 5")), won, 0, ["2", "2"], ctx)
    assert outcome.attacker_points == expected


@pytest.mark.parametrize("won, expected", [(True, 100 + 20 * 2), (False, 100 - 20 * 2)])
def test_four_deck_kou_di_worked_example(won: bool, expected: int) -> None:
    """The last lead is a pair (×2); the side that lost the last trick played 20 points
    in it, and gives 20 × 2 to the side that won it."""
    outcome = hand_outcome(100, [], cards("SK SK"), won, 0, ["5", "5"], TrumpContext("5", "H", FOUR), 0, 20)
    assert outcome.attacker_points == expected and outcome.kitty_multiplier == (2 if won else -2)


# ---------------------------------------------------------------- declaring

def declared(rules: Rules, level: str, calls: list[tuple[int, str]], hands: dict[int, str]) -> list[str | None]:
    """Each call's refusal reason (None when accepted), on a game whose seats hold ``hands``."""
    game = Game(rules, seed=1, levels=(level, level), dealer=0)
    for seat, text in hands.items():
        game.hands[seat] = cards(text)
    out = []
    for seat, call in calls:
        error = game.check(Declare(seat, call))
        out.append(None if error is None else error.reason)
        if error is None:
            game.declare(seat, call)
    return out


def test_one_deck_first_declaration_stands() -> None:
    rules = Rules(decks=1)
    assert declared(rules, "5", [(1, "S5"), (2, "H5")], {1: "S5", 2: "H5"}) == [None, "override_too_weak"]


def test_three_deck_declaring_order() -> None:
    order = [(0, "S5"), (1, "H5 H5"), (2, "LJ LJ"), (3, "D5 D5 D5"), (1, "BJ BJ BJ")]
    hands = {0: "S5", 1: "H5 H5 BJ BJ BJ", 2: "LJ LJ", 3: "D5 D5 D5"}
    assert declared(THREE, "5", order, hands) == [None] * 5
    assert declared(THREE, "5", [(3, "D5 D5 D5"), (2, "LJ LJ")], hands) == [None, "override_too_weak"]
    # 抢亮: nobody may show a declaration as strong as the one on the table; the first stands
    assert declared(THREE, "5", [(1, "H5 H5"), (3, "D5 D5")], {1: "H5 H5", 3: "D5 D5"}) == [
        None, "override_too_weak"]
    assert strength_to_override(None) == 1


def test_four_deck_calls_need_one_more_card_and_no_jokers() -> None:
    hands = {0: "S5 S5", 1: "H5 H5 H5", 2: "LJ LJ LJ", 3: "D5 D5"}
    assert declared(FOUR, "5", [(0, "S5 S5"), (3, "D5 D5"), (1, "H5 H5 H5"), (2, "LJ LJ LJ")], hands) == [
        None, "override_too_weak", None, "cannot_declare"]


def test_four_decks_no_self_override_and_the_first_hand_caller_deals() -> None:
    """Seed 001: "四副牌升级不能自反主"; "第一局的庄家由翻主方担任"."""
    assert declared(FOUR, "5", [(0, "S5"), (0, "H5 H5")], {0: "S5 H5 H5"}) == [None, "own_declaration"]
    # not even with the rule option on: it is the two-deck game's option (docs/VARIANTS.md)
    on = Rules(decks=4, self_override=True)
    assert declared(on, "5", [(0, "S5"), (0, "H5 H5"), (0, "S5 S5")], {0: "S5 S5 H5 H5"}) == [
        None, "own_declaration", None]  # adding to one's own call (加固) stays allowed
    standing = Declaration(0, tuple(cards("S5")))
    assert [d.cards for d in legal_declarations(0, cards("S5 S5 H5 H5"), "5", standing, on)] == [tuple(cards("S5 S5"))]
    game = Game(FOUR, seed=1)
    game.hands[1] = cards("C2 C2")
    game.declare(1, "C2 C2")
    while game.phase == "dealing":
        game.deal()
    game.close_declaring()
    assert (game.dealer, game.trump, game.turn) == (1, "C", 1)


def quads(text: str) -> str:
    return " ".join(" ".join([card] * 4) for card in text.split())


ORDER_8 = [quads(c) for c in ("BJ", "LJ", "H3", "S3", "H2", "S2", "HA", "HK", "H4", "SA", "SK", "S4")]
"""Seed 001's order 8 at level 3, ♥ trumps: "4大王最大→4小王→主牌3333→副主3333→主牌2222→
副主2222→主牌AAAA。。。。。。主牌4444→副牌AAAA。。。。副牌4444" (the elided ranks by their ends)."""


def test_seed_order_8_at_level_3_quad_by_quad() -> None:
    ctx = TrumpContext("3", "H", FOUR)
    for higher, lower in zip(ORDER_8, ORDER_8[1:]):
        assert trick_winner([cards(lower), cards(higher)], ctx) == 1, (higher, lower)
        assert trick_winner([cards(higher), cards(lower)], ctx) == 0, (higher, lower)


def test_seed_order_7_at_level_3_as_the_engine_reads_it() -> None:
    """Order 7 ("主AAKK为最大，主AA22为最小，副主2233比主牌AA22大，比主牌2233以上相同牌型小") is not
    implemented: it makes the trump 2s adjacent to the trump A, which RULES.md §3 forbids
    (docs/VARIANTS.md).  Its tractors as the engine reads them, so a change is deliberate:
    the chain is level cards – trump 2 – off-suit 2s – trump A."""
    ctx = TrumpContext("3", "H", FOUR)
    shapes = {text: [(c.kind, c.length) for c in decompose(cards(text), ctx)]
              for text in ("HA HA HK HK", "HA HA H2 H2", "S2 S2 S3 S3", "H2 H2 H3 H3")}
    assert shapes == {"HA HA HK HK": [("tractor", 2)], "HA HA H2 H2": [("pair", 1), ("pair", 1)],
                      "S2 S2 S3 S3": [("pair", 1), ("pair", 1)], "H2 H2 H3 H3": [("pair", 1), ("pair", 1)]}
    across = ["HA HA HK HK", "HA HA S2 S2", "S2 S2 H2 H2", "H2 H2 S3 S3", "S3 S3 H3 H3"]  # lowest first
    for lower, higher in zip(across, across[1:]):
        assert [c.kind for c in decompose(cards(higher), ctx)] == ["tractor"]
        assert trick_winner([cards(lower), cards(higher)], ctx) == 1, (lower, higher)


@pytest.mark.parametrize("decks", [1, 3, 4])
def test_every_game_plays_to_the_end_with_its_invariants(decks: int) -> None:
    game = Game(Rules(decks=decks), seed=decks)
    play_hand(game, [make_player("greedy", seed=s) for s in range(4)])
    assert game.phase in ("hand_over", "match_over") and not violations(game)
    assert BURYING not in [e.kind for e in game.events] or decks != 4


def test_four_deck_calls_are_face_down_until_the_deal_ends() -> None:
    game = Game(FOUR, seed=1, levels=("5", "5"), dealer=0)
    game.hands[1], game.hands[2] = cards("H5 H5"), cards("S5 S5 S5")
    game.declare(1, "H5 H5")
    other, caller = game.view(2), game.view(1)
    assert (other.declaration, other.declarations, other.hidden_call) == (None, (), 2)
    assert caller.declaration is not None and caller.hidden_call == 0
    assert [len(d.cards) for d in view_declarations(other)] == [3]
    while game.phase == "dealing":
        game.deal()
    game.close_declaring()
    assert game.view(2).declaration is not None and game.trump == "H"


@pytest.mark.parametrize("decks", [1, 3, 4])
def test_a_game_of_any_decks_saves_loads_and_shares_its_deal_code(decks: int) -> None:
    game = Game(Rules(decks=decks), seed=11)
    players = [make_player("random", seed=s) for s in range(4)]
    play_hand(game, players)
    game.next_hand()
    for _ in range(40):
        game.deal()
    assert Game.from_json(game.to_json()).state() == game.state()
    again = Game.from_deal_code(game.deal_code())
    assert again.rules == game.rules and again.seed == game.seed and again.dealer == game.dealer
    assert len(Game(Rules(), seed=11).deal_code()) == 11  # two-deck codes keep their form
