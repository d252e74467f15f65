"""The hint line agrees with the engine's verdicts over a corpus of random positions."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine import TrumpContext, check_follow, format_cards, parse_cards
from engine.claims import HoldsOnly, Leading, MustFollow, Void
from engine.combos import can_pack, pair_faces
from engine.view import Play, PlayerView
from tutor import coach
from tutor.i18n import set_language

from ..volume import examples
from .corpus import positions

LEAD, FOLLOW, SHORT, VOID = "lead", "follow", "short", "void"


def kind_of(view) -> tuple[str, object]:
    """What the hint line states: its kind and its main claim."""
    claims = [c for said in coach.hint_sentences(view) for c in said.claims]
    for claim in claims:
        if isinstance(claim, Leading):
            return LEAD, claim
        if isinstance(claim, MustFollow):
            return FOLLOW, claim
        if isinstance(claim, HoldsOnly):
            return SHORT, claim
        if isinstance(claim, Void):
            return VOID, claim
    raise AssertionError(f"no hint claim in {claims}")


def _meets(cards, view, ctx, stated=None) -> bool:
    """Does a follow satisfy what the hint line states (the led suit, tractors, pairs)?"""
    kind, claim = stated or kind_of(view)
    lead = view.lead
    suit = ctx.suit_of(lead[0])
    held = [c for c in view.hand if ctx.suit_of(c) == suit]
    in_suit = [c for c in cards if ctx.suit_of(c) == suit]
    if len(in_suit) != min(len(held), len(lead)):
        return False
    if kind != FOLLOW:
        return True
    faces = pair_faces(in_suit)
    mult = Counter(ctx.position(f) for f in faces)
    return len(faces) >= claim.pairs and can_pack(dict(mult), list(claim.tractors))


def _candidates(rng: random.Random, view, ctx, n: int):
    """Plays of the lead's size, biased to the led suit so structure is exercised."""
    lead = view.lead
    suit = ctx.suit_of(lead[0])
    held = [c for c in view.hand if ctx.suit_of(c) == suit]
    other = [c for c in view.hand if ctx.suit_of(c) != suit]
    for _ in range(n):
        k = min(len(held), len(lead))
        if rng.random() < 0.2 and k and other:
            k -= 1
        k = min(k, len(lead))
        if len(lead) - k > len(other):
            k = min(len(held), len(lead))
        yield rng.sample(held, k) + rng.sample(other, len(lead) - k)


@pytest.mark.parametrize("seed", range(12))
def test_hint_agrees_with_engine(seed: int) -> None:
    rng = random.Random(seed)
    kinds: Counter = Counter()
    for view, ctx in positions(seed, hands=2):
        assert coach.hint_line(view)
        kind, claim = kind_of(view)
        kinds[kind] += 1
        if view.leading:
            continue
        for play in _candidates(rng, view, ctx, 12):
            legal = check_follow(view.hand, list(view.lead), play, ctx).legal
            assert legal == _meets(play, view, ctx, (kind, claim)), (claim, view.lead, view.hand, play)
    assert kinds[FOLLOW] and kinds[LEAD]


def test_corpus_reaches_every_hint_kind() -> None:
    kinds: Counter = Counter()
    structured: Counter = Counter()
    for seed in range(6):
        for view, _ in positions(100 + seed, hands=2, short=seed % 2 == 0):
            kind, claim = kind_of(view)
            kinds[kind] += 1
            if kind == FOLLOW:
                structured["pairs"] += claim.pairs > 0
                structured["tractors"] += bool(claim.tractors)
    assert all(kinds[k] for k in (LEAD, FOLLOW, SHORT, VOID)), kinds
    assert structured["pairs"], structured


def view_of(hand: str, lead: str, level: str = "10", trump: str | None = "H"):
    """The view of seat 1 following seat 0's ``lead`` (``lead`` empty: seat 1 leads)."""
    ctx = TrumpContext(level, trump)
    trick = (Play(0, tuple(parse_cards(lead))),) if lead else ()
    return PlayerView(seat=1, phase="tricks", rules=ctx.rules, level=level,
                      team_levels=(level, level), dealer=0, hand=tuple(parse_cards(hand)),
                      ctx=ctx, trick=trick, turn=1)


@pytest.mark.parametrize("hand, lead, kind, tractors, pairs", [
    ("S3 S3 S4 S4 S9 SK D2", "S7 S7 S8 S8", FOLLOW, (2,), 2),
    ("S3 S3 S5 S5 S9 SK D2", "S7 S7 S8 S8", FOLLOW, (), 2),
    ("S3 S3 S5 S9 SK D2", "S7 S7 S8 S8", FOLLOW, (), 1),
    ("S3 S5 S9 SK D2", "S7 S7", FOLLOW, (), 0),
    ("S3 D2 D3", "S7 S7", SHORT, None, None),
    ("D2 D3 H4 H4", "S7 S7", VOID, None, None),
    ("H10 S10 S3", "BJ", FOLLOW, (), 0),  # level cards are trumps: they follow trumps
])
def test_pinned_hints(hand, lead, kind, tractors, pairs) -> None:
    got, claim = kind_of(view_of(hand, lead))
    assert got == kind
    if kind == FOLLOW:
        assert (claim.tractors, claim.pairs) == (tractors, pairs)


def test_hint_text_names_the_obligation() -> None:
    set_language("en")
    assert "tractor of 2 pairs" in coach.hint_line(view_of("S3 S3 S4 S4 S9 SK D2", "S7 S7 S8 S8"))
    assert "2 pairs" in coach.hint_line(view_of("S3 S3 S5 S5 S9 SK D2", "S7 S7 S8 S8"))
    void = coach.hint_line(view_of("D2 D3 H4 H4", "S7 S7"))
    assert void.startswith("You have no ♠: ruff with 2 trumps") and "shape" in void
    assert coach.hint_line(view_of("D2 D3 S4 S4", "BJ BJ")) == "You have no trumps: discard any 2 cards."
    single = coach.hint_line(view_of("H4 D2", "S7"))  # ♥ is trump: one trump ruffs a single
    assert single == "You have no ♠: ruff with 1 trump, or discard any 1 card."
    unmatched = coach.hint_line(view_of("H4 H5 D2", "S7 S7"))  # two trumps, no pair
    assert "discard any 2 cards" in unmatched and "ruff with" not in unmatched


_SPADES = parse_cards("S2 S3 S4 S5 S6 S7 S8 S9 SJ")


@st.composite
def structured_follow(draw):
    """A spade lead of pairs and tractors and a hand rich in spade pairs (level 10)."""
    counts = draw(st.lists(st.integers(0, 2), min_size=len(_SPADES), max_size=len(_SPADES)))
    hand = [face for face, n in zip(_SPADES, counts) for _ in range(n)]
    lead_faces = draw(st.lists(st.sampled_from(_SPADES), min_size=1, max_size=4, unique=True))
    if draw(st.booleans()):  # make a tractor of adjacent faces
        start = draw(st.integers(0, len(_SPADES) - 3))
        lead_faces = _SPADES[start:start + draw(st.integers(2, 3))]
    lead = [f for f in lead_faces for _ in range(2)]
    extra = draw(st.lists(st.sampled_from(parse_cards("D2 D3 D4 HA BJ")), max_size=3,
                          unique=True))
    assume(len(lead) <= len(hand) + len(extra))
    return hand + extra, lead


@examples(150)
@given(structured_follow(), st.randoms(use_true_random=False))
def test_hint_agrees_on_structured_follows(case, rng) -> None:
    hand, lead = case
    view = view_of(format_cards(hand), format_cards(lead))
    ctx = view.ctx
    stated = kind_of(view)
    for play in _candidates(rng, view, ctx, 25):
        legal = check_follow(view.hand, lead, play, ctx).legal
        assert legal == _meets(play, view, ctx, stated), (stated, lead, hand, play)


def test_chinese_hint_line_reads_as_chinese() -> None:
    set_language("zh_CN")
    try:
        line = coach.hint_line(view_of("S3 S3 S4 S4 S9 SK D2", "S7 S7 S8 S8"))
    finally:
        set_language("en")
    assert line == "跟 4 张♠。必须出 2 对的拖拉机。"


def test_the_lead_line_offers_a_tractor_the_hand_holds() -> None:
    """A tractor in hand is offered as a lead (and its pairs as a pair lead); the
    message of the follow rung must not shadow the combination's kind."""
    set_language("en")
    line = coach.hint_line(view_of("D6 D6 D5 D5 S9", ""))
    assert line == "Your lead: a single, a pair, a tractor, or several cards of one suit at once (a throw)."
    assert "tractor" not in coach.hint_line(view_of("D6 D6 D4 D4 S9", ""))
