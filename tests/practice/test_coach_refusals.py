"""Refusals: illegal plays and unpickable cards get the engine's reason, in words."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import parse_cards, selectable
from tutor import coach
from tutor.i18n import set_language

from .corpus import positions
from .test_coach_hint import view_of


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def test_trump_cannot_follow_a_side_suit() -> None:
    view = view_of("H3 S4 S9", "S7")  # ♥ is trump
    why = coach.blocked(view, [], parse_cards("H3")[0])
    assert why.code == "must_follow_suit"
    assert Counter(why.cards) == Counter(parse_cards("S4 S9"))
    text = coach.joined(coach.blocked_sentences(view, [], parse_cards("H3")[0]))
    assert text == "♥3 is a trump: it cannot follow ♠ while you hold ♠ cards."


def test_short_of_the_suit_a_card_is_refused_only_for_the_room_it_takes() -> None:
    """Holding fewer of the suit than were led, other cards may fill: one is refused only
    when it would leave no room for the suit's cards, and the words say so (not "it
    cannot follow", when another of its kind was just accepted)."""
    view = view_of("S3 S4 H7 C5 D9", "D5 D5")  # one diamond for a pair led; ♥ is trump
    trump, second = parse_cards("H7 S3")
    assert not coach.blocked(view, [], trump).code  # a fill card is fine at first
    text = coach.joined(coach.blocked_sentences(view, [trump], second))
    assert text == "♠3 would leave no room for the 1 ♦ card you must play: ♦9."
    view = view_of("S3 S4 C5 H7 H8 D9", "H5 H5 H6 H6 H9")  # two trumps for five led
    text = coach.joined(coach.blocked_sentences(view, parse_cards("S3 S4 C5"), parse_cards("D9")[0]))
    assert text == "♦9 would leave no room for the 2 trumps you must play: ♥8 ♥7."


def test_level_card_of_the_led_suit_is_a_trump() -> None:
    view = view_of("S10 S4", "S7")  # level 10: ♠10 is a trump, not a spade
    why = coach.blocked(view, [], parse_cards("S10")[0])
    assert why.code == "must_follow_suit"
    assert "trump" in coach.joined(coach.blocked_sentences(view, [], parse_cards("S10")[0]))


def test_single_that_leaves_no_room_for_the_pair() -> None:
    view = view_of("SQ SQ S3 S5 D2", "S8 S8")
    card = parse_cards("S3")[0]
    assert card not in selectable(view.hand, view.lead, [], view.ctx)
    why = coach.blocked(view, [], card)
    assert why.code == "must_play_pair"
    assert Counter(why.cards) == Counter(parse_cards("SQ SQ"))
    assert coach.joined(coach.blocked_sentences(view, [], card)) == \
        "♠3 would leave no room for the 1 pair you must play: you hold ♠Q ♠Q."


def test_pair_rule_of_a_tractor_lead_counts_the_pairs() -> None:
    """A tractor led, no tractor held: the pairs rule names the number of pairs, never
    "a pair was led"."""
    view = view_of("S3 S3 S6 S6 S9 SK", "S7 S7 S8 S8")
    text = coach.joined(coach.blocked_sentences(view, [], parse_cards("S9")[0]))
    assert text == "♠9 would leave no room for the 2 pairs you must play: you hold ♠6 ♠6 ♠3 ♠3."
    refused = coach.joined(coach.refusal_sentences(view, parse_cards("S3 S3 S9 SK")))
    assert refused == "Play 2 pairs of ♠: you hold ♠6 ♠6 ♠3 ♠3."


def test_tractor_refusal_names_the_tractor() -> None:
    view = view_of("S3 S3 S4 S4 S6 S6 S9", "S7 S7 S8 S8")
    why = coach.refusal(view, parse_cards("S3 S3 S6 S6"))
    assert why is not None and why.code == "must_play_tractor"
    assert Counter(why.cards) == Counter(parse_cards("S3 S3 S4 S4"))
    assert coach.joined(coach.refusal_sentences(view, parse_cards("S3 S3 S6 S6"))) == \
        "Play a tractor of ♠: you hold ♠4 ♠4 ♠3 ♠3."


def test_full_selection_and_mixed_lead() -> None:
    view = view_of("S3 S4 D2", "S7")
    assert coach.blocked(view, parse_cards("S3"), parse_cards("S4")[0]).code == coach.FULL
    lead = view_of("S3 S4 D2", "")
    assert coach.blocked(lead, parse_cards("S3"), parse_cards("D2")[0]).code == "mixed_suits"
    assert coach.refusal(lead, parse_cards("S3 S4")) is None  # a throw is allowed to fail


@pytest.mark.parametrize("seed", range(4))
def test_every_unpickable_card_gets_an_engine_reason(seed: int) -> None:
    rng = random.Random(seed)
    seen: Counter = Counter()
    for view, ctx in positions(50 + seed, hands=1):
        lead = list(view.lead or ())
        selected: list = []
        size = len(lead) if lead else 1
        while len(selected) < size:
            offer = selectable(view.hand, lead, selected, ctx)
            for card in set(view.hand) - offer:
                left = Counter(view.hand)
                left.subtract(selected)
                if left[card] == 0:
                    continue  # every copy already chosen: nothing to explain
                why = coach.blocked(view, selected, card)
                seen[why.code] += 1
                if lead and len(selected) < len(lead):
                    assert why.code in {"must_follow_suit", "must_play_pair", "must_play_tractor"}
                assert coach.blocked_sentences(view, selected, card), (why, card)
                assert not Counter(why.cards) - Counter(view.hand)
            selected.append(rng.choice(sorted(offer, key=lambda c: c.index)))
    assert seen["must_follow_suit"] and seen["must_play_pair"], seen
