"""ai:hard's search on hand-built positions: sampled numbers, feeding, throws, burials,
and the benchmark opponent."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from engine.ai import AIPlayer, MonteCarloPlayer
from engine.ai.playout import Playout, group
from engine.ai.sampler import Sampler
from engine.ai.search import Budget, bury, candidates, decide, playout, race, trick_threat
from engine.ai.table import Table
from engine.cards import parse_cards, points
from engine.play import lead_shape
from engine.players import make_advisor
from engine.rules import TrumpContext

FILL = "H3 H4 H6 H7 H8 H9 D3 D4 D6 D7 D8 D9 DJ S3 S4 S6 S7 S8 S9 SJ SQ SK"
"""Filler cards (spades are trumps): low hearts and diamonds, middling spades."""


def hard(view):
    return decide(Table(view), random.Random(7), seconds=None)


def test_sampled_deals_respect_sizes_voids_no_pairs_and_known_cards(make_view, record):
    tricks = [
        record(2, (1, "HA"), (2, "S3"), (3, "H4"), (0, "H5")),  # 2 is void in hearts
        record(1, (1, "D9 D9"), (2, "D3 D4"), (3, "DK DK"), (0, "D5 D6")),  # 2 has no diamond pair
        record(1, (1, "CK"), (2, "CA"), (3, "C4"), (0, "C5"), attempted="CK CQ CQ"),  # 1 holds CQ CQ
    ]
    hand = "S4 S6 S7 S8 S9 SJ D7 D8 D10 DJ C7 C8 C9 C10 CJ H6 H7 H8 H9 HJ HQ"
    view = make_view(hand, tricks=tricks, dealer=1, cards_left=(21, 21, 21, 21))
    table = Table(view)
    sampler = Sampler(table.mem, view.hand)
    rng = random.Random(4)
    for _ in range(30):
        hands, kitty = sampler.draw(rng)
        assert [len(h) for h in hands] == [21, 21, 21, 21] and len(kitty) == 8
        assert Counter(c for h in hands[1:] for c in h) + Counter(kitty) == table.mem.unseen
        assert not any(c.suit == "H" and not view.ctx.is_trump(c) for c in hands[2])
        diamonds = Counter(c for c in hands[2] if view.ctx.suit_of(c) == "D")
        assert all(n < 2 for n in diamonds.values())
        assert Counter(hands[1])[next(c for c in table.mem.known[1])] == 2


def test_a_view_whose_counts_do_not_add_up_gets_the_default_play(make_view):
    view = make_view("H10 H3 D4", seat=0, dealer=1, trick=[(1, "H4"), (2, "HA"), (3, "H5")],
                     cards_left=(3, 9, 9, 9))
    assert Sampler(Table(view).mem, view.hand).draw(random.Random(1)) is None
    decision = hard(view)
    assert decision.cards == AIPlayer().play(view).cards and decision.estimate is None


def test_feeds_a_pair_of_tens_onto_the_partners_unbeatable_throw(make_view):
    # the partner (2) threw HA HK, the opponent (3) followed; nobody plays after this seat
    view = make_view("H10 H10 H5 " + FILL, seat=0, dealer=1, trick=[(2, "HA HK"), (3, "H3 H4")],
                     cards_left=(25, 25, 23, 23))
    for decision in (AIPlayer().play(view), hard(view)):
        assert decision.cards == tuple(parse_cards("H10 H10"))
        assert decision.reason.code == "partner_winning_give_points"


def test_keeps_points_off_a_partners_card_the_next_opponent_may_beat(make_view):
    # the partner (2) leads CQ; seat 1 plays after this seat and both CA and CK are unseen
    view = make_view("C10 C4 H5 " + FILL, seat=0, dealer=1, trick=[(2, "CQ"), (3, "C3")],
                     cards_left=(25, 25, 24, 24))
    decision = hard(view)
    assert points(decision.cards) == 0
    assert decision.estimate is not None and decision.estimate.wins_trick == 0.0


def test_a_sure_winner_in_last_seat_wins_in_every_sampled_deal(make_view):
    view = make_view("HA H3 D4 " + FILL, seat=0, dealer=1, trick=[(1, "H5"), (2, "H6"), (3, "HK")],
                     cards_left=(25, 24, 24, 24))
    decision = hard(view)
    assert decision.cards == tuple(parse_cards("HA"))
    estimate = decision.estimate
    assert estimate is not None and estimate.samples > 0
    assert estimate.wins_trick == 1.0
    assert estimate.runner_up and estimate.runner_up != decision.cards


def test_does_not_throw_into_a_pair_an_opponent_is_known_to_hold(make_view, record):
    # seat 1's throw DA HK HK failed (seat 3 ruffed... no: it was beaten) and showed HK HK
    tricks = [record(3, (1, "DA"), (2, "D3"), (3, "D10"), (0, "D5"), attempted="DA HK HK")]
    hand = "HA HQ HQ C3 C4 C6 C7 " + " ".join(FILL.split()[:17])
    view = make_view(hand, seat=0, dealer=1, tricks=tricks, cards_left=(24, 24, 24, 24))
    table = Table(view)
    assert table.mem.known[1] == Counter(parse_cards("HK HK"))
    throw, single = parse_cards("HA HQ HQ"), parse_cards("HA")
    scores, _ = race(table, [single, throw], random.Random(1), Budget(work=20_000), playout, prune=True)
    assert scores[1].samples > 0 and scores[1].wins == 0  # it fails: HK HK beat the queens
    assert scores[1].mean < scores[0].mean
    assert sorted(hard(view).cards) != sorted(throw)


def test_the_same_seed_gives_the_same_searched_lead(make_view):
    view = make_view("HA HQ HQ " + FILL, seat=0, dealer=1)
    assert len(view.hand) == 25
    first, again = (decide(Table(view), random.Random(3), seconds=None) for _ in range(2))
    assert first == again and first.estimate is not None


def test_the_dealers_burial_is_searched_and_keeps_eight_cards(make_view):
    hand = ("BJ LJ S2 H2 SA SK SQ SJ S9 S7 S5 S4 HA HK HQ HJ H9 H8 H6 "
            "DA DQ DJ D9 D8 D7 D6 D4 C3 C4 C6 C7 C8 C9")
    view = make_view(hand, phase="burying", dealer=0, cards_left=(33, 25, 25, 25))
    decision = bury(view, random.Random(1), work=3000, seconds=None)
    buried = list(decision.cards)
    assert len(buried) == 8 and not (Counter(buried) - Counter(view.hand))
    assert not any(TrumpContext("2", "S").is_trump(c) for c in buried)
    assert decision.reason.code.startswith("bury_")


@pytest.mark.parametrize("kind", ["mc", "mc:strong"])
def test_the_benchmark_opponent_plays_a_legal_follow(make_view, kind):
    view = make_view("H10 H3 D4 S5", seat=0, dealer=1, trick=[(1, "H4"), (2, "HA"), (3, "H5")])
    decision = MonteCarloPlayer(kind, seed=1).play(view)
    assert len(decision.cards) == 1 and decision.cards[0] in parse_cards("H10 H3")


@pytest.mark.parametrize("hand, forced", [("H3 H4 H6 D4 S5", True), ("H3 H4 H6 H7 D4", False)])
def test_the_benchmark_opponent_calls_a_follow_forced_only_when_it_is(make_view, hand, forced):
    """Onto a throw it tries only the engine's cheapest follow: that one candidate is
    labelled ``must_follow`` only when the rules leave no other play."""
    view = make_view(hand, seat=0, dealer=1, trick=[(1, "HA HK HQ")])
    decision = MonteCarloPlayer("mc", seed=1).play(view)
    assert Counter(decision.cards) <= Counter(parse_cards(hand)) and len(decision.cards) == 3
    assert (decision.reason.code == "must_follow") == forced


def test_a_follow_is_judged_by_what_the_later_opponent_holds_in_each_deal(make_view, record):
    """Seat 1, the only opponent after this seat, showed HA HA in a failed throw: the
    sampled deals all give it both aces, so HK is beaten in every one of them and the
    search keeps its points home (the default's estimate only guesses at that)."""
    tricks = [record(3, (1, "DA"), (2, "D3"), (3, "D10"), (0, "D5"), attempted="DA HA HA")]
    hand = "HK HQ H5 C3 C4 C6 C7 " + " ".join(FILL.split()[:17])
    view = make_view(hand, seat=0, dealer=1, tricks=tricks, trick=[(3, "H9")],
                     cards_left=(24, 24, 24, 23))
    table = Table(view)
    assert table.mem.known[1] == Counter(parse_cards("HA HA"))
    king, low = parse_cards("HK"), parse_cards("H5")
    scores, _ = race(table, [king, low], random.Random(3), Budget(work=400), trick_threat, prune=False)
    assert scores[0].samples > 0 and scores[0].wins == 0
    assert scores[0].mean < scores[1].mean
    decision = hard(view)
    assert points(decision.cards) == 0 and decision.estimate is not None
    assert decision.estimate.wins_trick == 0.0


def test_with_sampled_deals_the_risk_of_a_lead_is_the_share_of_deals_that_beat_it(make_view):
    """``Table.beat_risk`` reads ``threats`` for a single or a pair: here one deal of two
    gives seat 1 the HA, so HK is beaten in half of them; a pair of queens is beaten only
    where an opponent holds a higher heart pair or can ruff it with a trump pair."""
    view = make_view("HK HQ HQ " + FILL, seat=0, dealer=1)
    table = Table(view)
    ctx = view.ctx
    rest = "C3 C4 C6 C7 C8 C9"

    def deal(one: str, two: str, three: str):
        hands = [view.hand, parse_cards(one), parse_cards(two), parse_cards(three)]
        return Playout(ctx, 1, [group(h, ctx) for h in hands], (), [], 0, 0)

    table.threats = [deal("HA " + rest, "H5 " + rest, "H7 " + rest),
                     deal("HJ HJ " + rest, "H5 " + rest, "H7 C5 C5 S5 S5")]
    king, queens = parse_cards("HK"), parse_cards("HQ HQ")
    assert table.beat_risk(king, lead_shape(king, ctx), table.opponents) == 0.5
    assert table.beat_risk(queens, lead_shape(queens, ctx), table.opponents) == 0.0
    table.threats[1] = deal("HJ HJ " + rest, "H5 " + rest, "S5 S5 " + rest)  # 3: no hearts, a trump pair
    assert table.beat_risk(queens, lead_shape(queens, ctx), table.opponents) == 0.5


def test_the_wall_clock_cap_counts_the_whole_decision(make_view, monkeypatch):
    """Time spent before the playouts (the deals that judge the default's risks) counts
    against the cap: once it is spent, the candidates get one deal and the default's
    lead stands."""
    import engine.ai.search as search

    view = make_view("HA HQ HQ " + FILL, seat=0, dealer=1)
    slow = search.threat_games

    def threat_games(*args):
        games = slow(*args)
        time.sleep(0.06)
        return games

    monkeypatch.setattr(search, "threat_games", threat_games)
    capped = decide(Table(view), random.Random(3), seconds=0.05)
    assert capped.estimate is not None and capped.estimate.samples == 1
    base = decide(Table(view), random.Random(3), seconds=None)
    assert base.estimate is not None and base.estimate.samples > 1


def test_a_playout_leader_with_nothing_sure_leads_low_from_its_longest_side_suit():
    """Nothing of seat 0's stands and its partner holds no winner: it leads the lowest
    card without points of its longest side suit (clubs), keeping hearts and diamonds
    short to empty later; with clubs gone, diamonds are the longest."""
    ctx = TrumpContext("2", "S")
    hands = ["H3 H4 D3 D4 D6 C3 C4 C5 C6", "HA DA CA HK DK CK S3 S4 S6",
             "H6 D7 C7 H7 D8 C8 S7 S8 S9", "HQ DQ CQ HJ DJ CJ SA SK SQ"]
    game = Playout(ctx, 1, [group(parse_cards(h), ctx) for h in hands], (), [], 0, 0)
    assert game.lead(0) == parse_cards("C3")
    for card in parse_cards("C3 C4 C5 C6"):
        game.held[0]["C"].remove(card)
    del game.held[0]["C"]
    assert game.lead(0) == parse_cards("D3")


def test_the_margin_is_measured_over_the_deals_both_plays_were_tried_on():
    """A runner-up dropped after three deals: the margin compares the chosen play with
    it on those three deals, not the chosen play's later deals with the runner-up's."""
    from engine.ai.search import Score, with_estimate
    from engine.view import Decision

    chosen = Score(parse_cards("SA"), [10.0, 0.0, 5.0, 30.0, 30.0], wins=5)
    dropped = Score(parse_cards("S3"), [4.0, -2.0, 1.0])
    estimate = with_estimate(Decision(tuple(chosen.play)), chosen, [chosen, dropped]).estimate
    assert estimate.runner_up == tuple(dropped.play)
    assert estimate.margin == pytest.approx(4.0)  # (6 + 2 + 4) / 3, not 15 - 1
    assert estimate.margin_error == pytest.approx(1.1547, abs=1e-4)


@pytest.mark.parametrize("other_value, switched", [(40.0, True), (5.0, False), (0.0, False)])
def test_a_follow_best_on_the_trick_is_kept_unless_playouts_find_another_clearly_better(
        make_view, monkeypatch, other_value, switched):
    """Last to play to the partner's sure ♥A, ♥10 feeds 10 points: best on the trick
    alone.  The playouts of the hand (faked here) overrule that only when they score
    another follow clearly higher, by more than what that follow gives up on the trick
    itself (♥3: about 4.5 of the trick's value, so 5 more is not enough)."""
    import engine.ai.search as search

    ten = parse_cards("H10")

    def fake(t, deal, held, play):
        return (0.0 if list(play) == ten else other_value), False, 100

    monkeypatch.setattr(search, "playout", fake)
    hand = "H10 C3 C4 C5 " + " ".join(FILL.split()[:21])
    view = make_view(hand, seat=0, dealer=1, trick=[(1, "H4"), (2, "HA"), (3, "H5")],
                     cards_left=(25, 24, 24, 24))
    decision = hard(view)
    assert (decision.cards != tuple(ten)) == switched
    assert all(c.suit == "H" for c in decision.cards)
    assert decision.estimate is not None and decision.estimate.samples > 0


VOID_HISTORY = ("S8 S6 S5 S3", "D10 D7 D5 D4", "HA H6 H6 H3", "CK CJ C8 C7", "S2 H2 SK S9",
                "DK DJ D10 D8", "HJ H9 H7 H5", "CA C10 C9 C4", "D2 H2 S7 S5", "D9 D9 D6 D3",
                "HK H10 H4 H3", "CA C9 C5 C3", "BJ D2 S10 S4", "DK DQ DJ D3", "HA HK H10 H8")
"""Fifteen tricks, each led and won by seat 1 and followed in suit by seats 2, 3, 0."""


def test_the_advisor_considers_and_plays_a_discard_that_empties_a_side_suit(make_view, record):
    """Lesson 14: void in diamonds onto the partner's sure ♦A, ♣6 (the last club) makes
    a void to ruff clubs with later.  The trick alone prefers the cheapest discard ♥4;
    the playouts rate ♣6 clearly higher, so the advisor plays it."""
    tricks = [record(1, *[((1 + i) % 4, card) for i, card in enumerate(trick.split())])
              for trick in VOID_HISTORY]
    view = make_view("S6 S8 SQ SJ C6 H4 H7 H8 HJ HQ", seat=0, dealer=1, tricks=tricks,
                     trick=[(1, "D4"), (2, "DA"), (3, "D6")], cards_left=(10, 9, 9, 9))
    club = parse_cards("C6")
    default = AIPlayer().play(view).cards
    assert default == tuple(parse_cards("H4"))
    assert club in candidates(Table(view), list(default))
    assert make_advisor("ai:hard").play(view).cards == tuple(club)
