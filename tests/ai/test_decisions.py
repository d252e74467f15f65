"""Single decisions on hand-made views: declaring, burying, leading, following."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.ai import AIPlayer, GreedyPlayer
from engine.ai.structure import build_to_shape, windows
from engine.cards import Card, parse_cards, points
from engine.rules import Rules, TrumpContext
from engine.view import Declaration


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


# ---- declaring ------------------------------------------------------------------------

def test_declares_a_long_suit(make_view):
    view = make_view("H2 HA HK HQ H9 H7 S3 D5 C8 C9", phase="dealing", dealer=None)
    decision = AIPlayer().declare(view)
    assert decision is not None
    assert decision.cards == tuple(parse_cards("H2"))
    assert decision.reason.code == "declare_long_suit"


def test_a_level_card_in_a_short_suit_is_not_declared(make_view):
    view = make_view("H2 H9 S3 S4 SK D5 D8 C8 C9 CJ", phase="dealing", dealer=None)
    assert AIPlayer().declare(view) is None


def test_the_hard_player_declares_a_shorter_suit_when_declaring_wins_the_deal(make_view):
    # three hearts of ten cards: too few for a plain declaration, enough to take the
    # deal in the first hand (the declarer's side becomes the dealers)
    hand = "H2 H9 H7 S3 S5 SK D5 D8 C8 C9"
    first = make_view(hand, phase="dealing", dealer=None)
    assert AIPlayer().declare(first) is None
    decision = AIPlayer("hard").declare(first)
    assert decision is not None and decision.cards == tuple(parse_cards("H2"))
    assert decision.reason.code == "declare_for_deal"
    later = make_view(hand, phase="dealing", dealer=1)
    assert AIPlayer("hard").declare(later) is None
    assert AIPlayer("hard").declare(make_view("H2 H9 S3 S4 SK D5 D8 C8 C9 CJ", phase="dealing",
                                              dealer=None)) is None


def test_reinforces_its_own_single(make_view):
    view = make_view(
        "H2 H2 H9 S3 S4 SK D5 D8 C8 C9", phase="dealing", dealer=None,
        declaration=Declaration(0, tuple(parse_cards("H2"))),
    )
    decision = AIPlayer().declare(view)
    assert decision is not None and decision.cards == tuple(parse_cards("H2 H2"))
    assert decision.reason.code == "declare_reinforce"


def test_does_not_override_the_partner(make_view):
    view = make_view(
        "D2 D2 DA DK DQ D9 D7 D5 C8 C9", phase="dealing", dealer=None,
        declaration=Declaration(2, tuple(parse_cards("H2"))),
    )
    assert AIPlayer().declare(view) is None


# ---- burying --------------------------------------------------------------------------

BURY_HAND = (
    "BJ LJ S2 H2 SA SK SQ SJ S9 S7 S5 S4 "  # 12 trumps (level 2, spades)
    "HA HK HQ HJ H9 H8 H6 "
    "DA DQ DJ D9 D8 D7 D6 D4 "
    "C3 C4 C6 C7 C8 C9"  # 6 low clubs
)


def test_bury_keeps_trumps_and_points_and_voids_a_short_suit(make_view):
    view = make_view(BURY_HAND, phase="burying", dealer=0)
    assert len(view.hand) == 33
    decision = AIPlayer().bury(view)
    buried = parse_cards(" ".join(map(str, decision.cards)))
    ctx = TrumpContext("2", "S")
    assert len(buried) == 8
    assert not any(ctx.is_trump(c) for c in buried)
    assert points(buried) == 0
    assert set(parse_cards("C3 C4 C6 C7 C8 C9")) <= set(buried)
    assert decision.reason.code == "bury_void_suit"


def test_bury_avoids_points_even_to_void_a_suit(make_view):
    hand = BURY_HAND.replace("C8 C9", "C9 C10")
    decision = AIPlayer().bury(make_view(hand, phase="burying", dealer=0))
    assert points(decision.cards) == 0


# ---- leading --------------------------------------------------------------------------

def test_throws_when_nothing_unseen_beats_a_component(make_view):
    view = make_view("HA HK HK H3 D4 D6 C7 C9 S3", dealer=1, cards_left=(9, 20, 20, 20))
    decision = AIPlayer().play(view)
    assert cards(" ".join(map(str, decision.cards))) == cards("HA HK")
    assert sorted(decision.cards) == sorted(parse_cards("HA HK HK"))
    assert decision.reason.code == "sure_throw"


def test_no_throw_when_an_unseen_pair_could_beat_one(make_view):
    view = make_view("HA HQ HQ D4 D6 C7 C9 S3", dealer=1, cards_left=(8, 20, 20, 20))
    decision = AIPlayer().play(view)
    assert decision.cards == tuple(parse_cards("HA"))
    assert decision.reason.code == "sure_winner"


def test_leads_into_the_partners_void(make_view, record):
    # the partner (2) ruffed diamonds; both opponents followed
    tricks = [record(2, (1, "DA"), (2, "S3"), (3, "D3"), (0, "D4"))]
    view = make_view("D9 D5 C7 C8 CJ H6 H7", dealer=1, tricks=tricks, cards_left=(7, 20, 20, 20))
    decision = AIPlayer().play(view)
    assert decision.reason.code == "lead_partner_void"
    assert decision.cards == tuple(parse_cards("D9"))
    assert decision.reason.seat == 2


# ---- following ------------------------------------------------------------------------

def test_gives_points_to_a_partner_sure_to_win(make_view):
    view = make_view("H10 H3 D4", seat=0, dealer=1, trick=[(1, "H4"), (2, "HA"), (3, "H5")])
    decision = AIPlayer().play(view)
    assert decision.cards == tuple(parse_cards("H10"))
    assert decision.reason.code == "partner_winning_give_points"


def test_ruffs_a_trick_with_points(make_view):
    view = make_view("S4 D3 D6", seat=0, dealer=1, trick=[(1, "HK"), (2, "H3"), (3, "H10")])
    decision = AIPlayer().play(view)
    assert decision.cards == tuple(parse_cards("S4"))
    assert decision.reason.code == "ruff_points"


def test_does_not_overruff_the_partner(make_view):
    view = make_view("S7 D3 D10", seat=0, dealer=1, trick=[(1, "HA"), (2, "S5"), (3, "H4")])
    decision = AIPlayer().play(view)
    assert decision.cards == tuple(parse_cards("D10"))
    assert decision.reason.code == "partner_winning_give_points"


def test_follows_low_without_points_when_it_cannot_win(make_view):
    view = make_view("HK H6 H5 D3", seat=0, dealer=1, trick=[(1, "HA"), (2, "H4"), (3, "H9")])
    decision = AIPlayer().play(view)
    assert decision.cards == tuple(parse_cards("H6"))
    assert decision.reason.code == "follow_low"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_gives_no_points_to_a_big_joker_the_partner_cannot_beat(make_view, level):
    # second to play, the partner last: the big joker is lost to the partner too, so
    # hoping the partner takes the trick is no reason to give S5 rather than the next
    # trump up, S7 (spades are trumps)
    view = make_view("S5 S7 D3 D4 C5 C6", seat=0, dealer=1, trick=[(3, "BJ")])
    assert AIPlayer(level, seed=1).play(view).cards == tuple(parse_cards("S7"))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_discard_is_not_called_forced_while_other_cards_are_legal(make_view, level):
    # void in hearts without trumps: the cheapest and the most-points discards are both
    # D3, yet DA and C7 are legal too
    view = make_view("DA D3 C7", seat=0, dealer=1, trick=[(1, "HA"), (2, "H4"), (3, "H9")])
    decision = AIPlayer(level, seed=1).play(view)
    assert decision.cards == tuple(parse_cards("D3"))
    assert decision.reason.code == "cheapest_discard"
    last = make_view("D3", seat=0, dealer=1, trick=[(1, "HA"), (2, "H4"), (3, "H9")])
    assert AIPlayer(level, seed=1).play(last).reason.code == "must_follow"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_follows_a_pair_with_a_pair(make_view, level):
    view = make_view("H9 H9 H8 H3 D3 D4", seat=0, dealer=1, trick=[(1, "HQ HQ"), (2, "H4 H5"), (3, "H6 H7")])
    decision = AIPlayer(level, seed=1).play(view)
    assert decision.cards == tuple(parse_cards("H9 H9"))


# ---- the greedy baseline ----------------------------------------------------------------

def test_greedy_leads_its_highest_card(make_view):
    view = make_view("BJ SA HA D3", dealer=1)
    assert GreedyPlayer().play(view).cards == tuple(parse_cards("BJ"))


def test_greedy_dumps_points_on_its_partners_trick(make_view):
    view = make_view("HK H10 H3 HA", seat=0, dealer=1, trick=[(1, "H4"), (2, "H9"), (3, "H5")])
    decision = GreedyPlayer().play(view)
    assert decision.cards[0].points == 10
    assert decision.reason.code == "dump_points"


# ---- shapes -------------------------------------------------------------------------------

def test_off_suit_level_pairs_chain_only_through_the_trump_chain():
    ctx = TrumpContext("2", "S")
    faces = parse_cards("SA H2 D2 S2")
    found = {tuple(map(str, w)) for w in windows(faces, 2, ctx)}
    assert ("H2", "D2") not in found and ("D2", "H2") not in found
    assert ("SA", "H2") in found and ("H2", "S2") in found


def test_build_to_shape_matches_a_tractor_before_pairs():
    ctx = TrumpContext("2", "S")
    held = parse_cards("H9 H9 H8 H8 H5 H5 H3 HK")
    built = build_to_shape(held, [2], 2, 4, ctx, key=lambda c: ctx.position(c))
    assert sorted(built) == sorted(parse_cards("H9 H9 H8 H8"))


def test_attackers_lead_a_sure_hand_at_once_for_the_largest_kitty_multiplier(make_view):
    view = make_view("BJ BJ LJ", seat=0, dealer=1, cards_left=(3, 3, 3, 3))
    decision = AIPlayer().play(view)
    assert sorted(decision.cards) == sorted(parse_cards("BJ BJ LJ"))
    assert decision.reason.code == "lead_for_last_trick"


@pytest.mark.parametrize("hand, kept", [("BJ BJ HA", "BJ BJ"), ("BJ LJ HA", "BJ LJ")])
def test_attackers_keep_their_largest_sure_lead_for_the_last_trick(make_view, record, hand, kept):
    """The other three showed they hold no trumps: cash ♥A and keep the jokers, whose
    lead counts the kitty four times (twice the cards led); the reason names what is
    kept."""
    tricks = [record(0, (0, "S3"), (1, "H3"), (2, "D4"), (3, "D3"))]
    view = make_view(hand, seat=0, dealer=1, tricks=tricks, cards_left=(3, 3, 3, 3))
    decision = AIPlayer().play(view)
    assert decision.cards == tuple(parse_cards("HA"))
    assert decision.reason.code == "save_last_trick"
    assert sorted(decision.reason.cards) == sorted(parse_cards(kept))


@pytest.mark.parametrize("hand, saves", [("BJ BJ HA", True), ("BJ LJ HA", False)])
def test_the_last_trick_plan_follows_the_rules_kitty_multiplier(make_view, record, hand, saves):
    """Under ``by_pairs`` a throw of singles counts the kitty only twice, like one card:
    keeping the big and the small joker for the last trick gains nothing there, keeping
    a pair of big jokers does."""
    rules = Rules(kitty_multiplier="by_pairs")
    tricks = [record(0, (0, "S3"), (1, "H3"), (2, "D4"), (3, "D3"))]
    view = make_view(hand, seat=0, dealer=1, tricks=tricks, cards_left=(3, 3, 3, 3))
    view = replace(view, rules=rules, ctx=TrumpContext("2", "S", rules))
    assert (AIPlayer().play(view).reason.code == "save_last_trick") == saves


@pytest.mark.parametrize("hand, code", [("D3 C4 C5 S3", "lead_short_suit"), ("D3 C4 C5", "lead_low")])
def test_a_low_lead_is_for_a_later_ruff_only_while_a_trump_is_held(make_view, hand, code):
    """The same ♦3 from the one-card suit: with ♠3 left (spades are trumps) it empties
    the suit to ruff it later; with no trump left it is only a low lead."""
    decision = AIPlayer().play(make_view(hand, seat=0, dealer=1))
    assert decision.cards == tuple(parse_cards("D3")) and decision.reason.code == code
