"""``engine.knowledge`` is exact: late in real hands, where every deal of the unseen
cards can be listed, its answers equal a brute force over those deals."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest

from engine import check_follow, trick_winner
from engine.game import TRICKS, Game
from engine.knowledge import Knowledge
from engine.players import make_player, play_hand
from engine.view import PlayerView

from .oracle import Order, decompose, pair_faces

pytestmark = pytest.mark.xdist_group("knowledge-hands")
"""On one worker (``make test``): the tests share the hands played once per process."""


def late_views(seed: int, most: int = 4) -> list[PlayerView]:
    """Views of the dealer (who knows the kitty) once every other hand holds at most
    ``most`` cards, to the end of the hand."""
    return [view for largest, view in _dealer_views(seed) if largest <= most]


@cache
def _dealer_views(seed: int) -> tuple[tuple[int, PlayerView], ...]:
    """Each view of the dealer at its turn in the tricks of ``seed``'s first hand (the
    ``ai`` players in every seat), with the most cards another hand holds then: each
    hand is played once however many tests look at it."""
    out: list[tuple[int, PlayerView]] = []

    def look(game: Game) -> None:
        dealer = game.dealer
        if game.phase == TRICKS and game.turn == dealer:
            out.append((max(len(game.hand(s)) for s in range(4) if s != dealer), game.view(dealer)))

    play_hand(Game(seed=seed), [make_player("ai", s) for s in range(4)], look)
    return tuple(out)


@cache
def deals(view: PlayerView) -> tuple[dict[int, Counter], ...]:
    """Every placement of the unseen cards into the other hands that respects what the
    view shows (voids, suits without pairs, cards a failed throw showed, cards a throw
    that stood showed nobody else held); listed once per view (the tests only read
    them)."""
    ctx = view.ctx
    seen = Counter(view.hand) + Counter(view.kitty or ())
    for record in view.tricks:
        for play in record.plays:
            seen.update(play.cards)
    for play in view.trick:
        seen.update(play.cards)
    from engine.cards import deck

    unseen = sorted((Counter(deck(2)) - seen).elements(), key=lambda c: c.index)
    others = [s for s in range(4) if s != view.seat]
    sizes = [view.cards_left[s] for s in others]
    assert sum(sizes) == len(unseen)
    void: dict[int, set] = {s: set() for s in range(4)}
    no_pair: dict[int, set] = {s: set() for s in range(4)}
    known: dict[int, Counter] = {s: Counter() for s in range(4)}
    at_most: dict[int, Counter] = {s: Counter({c: 2 for c in unseen}) for s in range(4)}
    order = Order(ctx.level, ctx.trump, view.rules.constant_twos)
    records = [(r.plays, r.attempted) for r in view.tricks] + [(view.trick, view.attempted)]
    for plays, attempted in records:
        if not plays:
            continue
        lead = plays[0].cards
        if attempted:
            known[plays[0].seat] |= Counter(attempted) - Counter(lead)
        shapes = decompose([str(c) for c in lead], order)
        if len(shapes) > 1 and not attempted:  # a throw that stood: nobody held better
            low_single = min((sh.top for sh in shapes if sh.kind == "single"), default=None)
            low_pair = min((sh.top for sh in shapes if sh.kind == "pair"), default=None)
            for seat in range(4):
                for card in at_most[seat]:
                    if seat != plays[0].seat and ctx.suit_of(card) == ctx.suit_of(lead[0]):
                        if low_single is not None and order.strength(str(card)) > low_single:
                            at_most[seat][card] = 0
                        elif low_pair is not None and order.strength(str(card)) > low_pair:
                            at_most[seat][card] = min(at_most[seat][card], 1)
        for play in plays:
            known[play.seat] -= Counter(play.cards)
        suit = ctx.suit_of(lead[0])
        for play in plays[1:]:
            followed = [c for c in play.cards if ctx.suit_of(c) == suit]
            if len(followed) < len(lead):
                void[play.seat].add(suit)
            elif len(pair_faces(map(str, followed))) < len(pair_faces(map(str, lead))):
                no_pair[play.seat].add(suit)
                # no other pair then: no other copy of a card played alone
                pairs = set(pair_faces(map(str, followed)))
                for card in followed:
                    if str(card) not in pairs and card in at_most[play.seat]:
                        at_most[play.seat][card] = 0
    out = []
    for split in _splits(Counter(unseen), sizes):
        hands = dict(zip(others, split))
        ok = all(not known[s] - hands[s] and not any(ctx.suit_of(c) in void[s] for c in hands[s])
                 and not any(n >= 2 and ctx.suit_of(c) in no_pair[s] for c, n in hands[s].items())
                 and not hands[s] - at_most[s] for s in others)
        if ok:
            out.append(hands)
    return tuple(out)


def _splits(pool: Counter, sizes: list[int]) -> list[list[Counter]]:
    """Every way to split the multiset ``pool`` into parts of ``sizes``."""
    if not sizes:
        return [[]]
    out = []
    cards = sorted(pool.elements(), key=lambda c: c.index)
    for first in set(combinations(cards, sizes[0])):
        part = Counter(first)
        for rest in _splits(pool - part, sizes[1:]):
            out.append([part] + rest)
    return out


def hands_of(every: tuple[dict[int, Counter], ...], seat: int) -> list[Counter]:
    """The different hands ``seat`` holds over the deals ``every`` (many deals give it
    the same hand: the brute force judges each hand once)."""
    return list({frozenset(hands[seat].items()): hands[seat] for hands in every}.values())


def beats(hand: Counter, plays: list[list], ctx) -> bool:
    """Can ``hand`` legally follow ``plays`` with a play that wins the trick now?"""
    cards = list(hand.elements())
    size = len(plays[0])
    for combo in set(combinations(sorted(cards, key=lambda c: c.index), size)):
        if check_follow(cards, plays[0], list(combo), ctx).legal and \
                trick_winner(plays + [list(combo)], ctx) == len(plays):
            return True
    return False


@pytest.mark.parametrize("seeds", [range(3, 9), range(9, 15)])
def test_knowledge_matches_a_brute_force_over_every_deal(seeds: range) -> None:
    checked = Counter()
    for view in (v for seed in seeds for v in late_views(seed)):
        if sum(view.cards_left[s] for s in range(4) if s != view.seat) > 10:
            continue
        every = deals(view)
        assert every, "the real deal is always consistent"
        know = Knowledge(view)
        assert know.kitty == 0
        for seat in every[0]:
            for card in {c for hands in every for c in hands[seat]}:
                holds = any(hands[seat][card] for hands in every)
                assert know.feasible(((seat, (card,)),)) == holds
                checked["holds"] += 1
            for suit in {view.ctx.suit_of(c) for hands in every for c in hands[seat]}:
                assert know.may_hold(seat, suit) == any(
                    any(view.ctx.suit_of(c) == suit for c in hands[seat]) for hands in every)
        plays = [list(p.cards) for p in view.trick] + [[view.hand[0]]] if not view.trick else \
            [list(p.cards) for p in view.trick]
        if len(plays[0]) > len(view.hand):
            continue
        later = [s for s in every[0] if all(p.seat != s for p in view.trick)]
        for seat in later:
            truth = any(beats(hand, plays, view.ctx) for hand in hands_of(every, seat)
                        if sum(hand.values()) >= len(plays[0]))
            answer = know.can_beat(plays, seat)
            assert answer is None or answer == truth, (view, seat)
            checked[answer] += 1
    assert checked["holds"] > 50 and checked[True] and checked[False], checked


@pytest.mark.parametrize("seeds", [range(3, 15)])
def test_a_throw_can_fail_by_a_given_seat_as_a_brute_force_says(seeds: range) -> None:
    """``throw_can_fail(lead, seats)``: some consistent deal gives one of ``seats`` a part
    that beats the throw (the coach says "an opponent could beat it" only for the
    opponents, not when the partner alone may make the throw fail)."""
    from engine import check_lead, decompose

    checked = Counter()
    for view in (v for seed in seeds for v in late_views(seed, most=5)):
        if view.trick or sum(view.cards_left[s] for s in range(4) if s != view.seat) > 12:
            continue
        every = deals(view)
        know = Knowledge(view)
        by_suit: dict[str, list] = {}
        for card in view.hand:
            by_suit.setdefault(view.ctx.suit_of(card), []).append(card)
        for lead in by_suit.values():
            if len(decompose(lead, view.ctx)) < 2:
                continue
            for seat in every[0]:
                truth = any(not check_lead(lead, [list(hand.elements())], view.ctx).ok
                            for hand in hands_of(every, seat))
                answer = know.throw_can_fail(lead, [seat])
                assert answer is None or answer == truth, (view, lead, seat)
                checked[answer] += 1
            assert know.throw_can_fail(lead) == _any_of(know.throw_can_fail(lead, [s]) for s in every[0])
    assert checked[True] and checked[False], checked


def _any_of(answers) -> bool | None:
    answers = list(answers)
    return True if True in answers else None if None in answers else False


def test_a_throw_only_the_partner_can_break_is_not_said_to_be_beatable_by_an_opponent() -> None:
    """Seed 39, late: the dealer's trump throw could fail only to its partner's cards.
    Neither "an opponent could still beat it" nor "nobody can beat it" is true."""
    from engine import decompose
    from engine.claims import POSSIBLE, SURE, CannotBeBeaten, Position

    found = 0
    for view in late_views(39, most=8):
        if view.trick:
            continue
        know, at = Knowledge(view), Position(view)
        opponents = [s for s in range(4) if s % 2 != view.seat % 2]
        trumps = tuple(c for c in view.hand if view.ctx.is_trump(c))
        if len(decompose(list(trumps), view.ctx)) < 2 or not know.throw_can_fail(trumps):
            continue
        if know.throw_can_fail(trumps, opponents) is False:
            found += 1
            assert at.beaten(trumps) is None
            assert not CannotBeBeaten(trumps, POSSIBLE).holds(at)
            assert not CannotBeBeaten(trumps, SURE).holds(at)
    assert found


def _position(trump: str, hand: str, tricks: list[tuple[int, list[str]]], trick: list[str],
              leader: int, cards_left: tuple[int, int, int, int], unseen: str, decks: int = 2):
    """Seat 0's view (the dealer, its kitty known) after ``tricks`` (each: its leader and
    the plays in turn) and the trick in progress ``trick`` led by ``leader``; every card
    neither in ``hand``, played nor ``unseen`` is put in the kitty seat 0 knows (so the
    position is small, as a late one), in the game of ``decks`` decks."""
    from engine.cards import deck, parse_cards
    from engine.rules import Rules, TrumpContext
    from engine.view import Play, TrickRecord

    ctx = TrumpContext("2", trump, Rules(decks=decks))
    records = []
    played = Counter()
    for lead_seat, plays in tricks:
        seq = tuple(Play((lead_seat + i) % 4, tuple(parse_cards(p))) for i, p in enumerate(plays))
        played.update(c for p in seq for c in p.cards)
        records.append(TrickRecord(lead_seat, seq, lead_seat, 0))
    now = tuple(Play((leader + i) % 4, tuple(parse_cards(p))) for i, p in enumerate(trick))
    played.update(c for p in now for c in p.cards)
    mine = Counter(parse_cards(hand))
    kitty = Counter(deck(decks)) - mine - played - Counter(parse_cards(unseen))
    assert not (Counter(parse_cards(unseen)) + mine + played) - Counter(deck(decks))
    assert sum(cards_left[1:]) == len(parse_cards(unseen))
    return PlayerView(seat=0, phase="tricks", rules=ctx.rules, level="2", team_levels=("2", "2"),
                      dealer=0, hand=tuple(parse_cards(hand)), ctx=ctx,
                      kitty=tuple(kitty.elements()), trick=now, tricks=tuple(records),
                      cards_left=cards_left, turn=0)


def test_a_seat_that_followed_a_pair_without_one_holds_no_other_copy_of_its_cards() -> None:
    """♥ trumps; the leader (seat 3) once followed ♠A ♠A with ♠7 ♠J, seat 1 showed out of
    spades, and seat 3 now throws ♠Q ♠K.  The unseen ♠J cannot be seat 3's (it would
    have had to follow the pair with ♠J ♠J) nor seat 1's, so the partner holds it: it is
    not out of spades and cannot ruff, and only a ruff beats a throw."""
    view = _position("H", hand="D8 D9",
                     tricks=[(0, ["SA SA", "S3 S4", "S5 S6", "S7 SJ"]),
                             (0, ["S9", "D5", "S10", "S8"])],
                     trick=["SQ SK"], leader=3, cards_left=(2, 2, 2, 2),
                     unseen="SJ SQ H3 H4 D6 D7")
    know = Knowledge(view)
    from engine.cards import parse_cards
    assert not know.feasible(((3, tuple(parse_cards("SJ"))),))
    assert know.can_beat([parse_cards("SQ SK"), parse_cards("D8 D9")], 2) is False
    from engine.claims import PartnerCanBeat, Position
    assert not PartnerCanBeat(2, tuple(parse_cards("D8 D9"))).holds(Position(view))


def test_a_ruff_of_a_throw_needs_as_many_trumps_and_a_seat_may_hold_fewer() -> None:
    """♣ trumps, seat 0 leads ♠K ♠Q with both ♠A played: seat 3 is out of trumps, seat 1
    followed a trump pair with ♣5 ♣9 and so holds neither unseen copy, leaving it one
    trump at most (♣6): no opponent can ruff the two cards, so no opponent can beat
    them (the coach may not say "an opponent could still beat it")."""
    view = _position("C", hand="SK SQ D8",
                     tricks=[(0, ["SA SA", "S3 S4", "S5 S6", "S7 S8"]),
                             (0, ["CA CA", "C5 C9", "C3 C4", "D2 D3"])],
                     trick=[], leader=0, cards_left=(3, 3, 3, 3),
                     unseen="C5 C9 C6 S9 S9 D4 D5 D6 D7")
    from engine.cards import parse_cards
    from engine.claims import SURE, CannotBeBeaten, Position
    know = Knowledge(view)
    assert not know.feasible(((1, tuple(parse_cards("C5"))),))
    lead = parse_cards("SK SQ")
    assert know.beaten_by_any([lead], [1, 3]) is False
    assert CannotBeBeaten(tuple(lead), SURE).holds(Position(view))
