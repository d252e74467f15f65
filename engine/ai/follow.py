"""Following a lead: a few candidate plays, judged legal by the engine, scored by the
points at stake, the chance the trick ends with this team, and what the cards are worth.

The trick's points go to the attackers only if they win it, so for either side the
stake is the same: the points on the trick, won or given away.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card, points
from ..combos import pair_faces
from ..play import check_follow, legal_follow, legal_follows
from ..rules import TRUMP
from ..scoring import kitty_multiplier
from ..view import Decision
from .reasons import decision
from .structure import build_to_lead, build_to_shape, by_suit, choose_singles, of_suit
from .table import LEAD_VALUE, Table

COST_WEIGHT = 0.15
"""Points one unit of card ``power`` is worth when spent on a trick."""
KEEP_SHARE = {True: 0.6, False: 0.45}
"""Share of a point card's points that its side (dealers: True) expects to keep if
the card is held back for a later trick."""
KEEP_SHARE_ONE_DECK = {True: 0.6, False: 0.2}
"""``KEEP_SHARE`` of the default player (``ai``) in the one-deck game: with 12 cards a
hand the attackers have few tricks left to bring a point card home, so they feed it to
a trick their side is likely to win.  ``ai:hard``'s search keeps ``KEEP_SHARE``: with
this share it won fewer points (measured: ``bench/NOTES.md``)."""
PARTNER_LATER_WIN = 0.3
"""Guess that a partner still to play takes a trick an opponent is winning."""


def candidates(t: Table, voids: bool = False) -> list[list[Card]]:
    """Distinct legal plays worth considering: the cheapest, the most points (onto a
    lead of singles also as whole pairs), the strongest, every single or pair face for
    simple leads, and ruffs when void.  With ``voids``, a discard also empties each side
    suit that fits in it (``void_discards``): ``ai:hard``'s search plays them out; the
    default player's ``utility`` has no term for a void, so it is not offered them."""
    shape, ctx, hand = t.shape, t.ctx, t.hand
    assert shape is not None
    n = shape.size
    keys = (t.low_key, t.feed_key, t.high_key)

    def shaped(cards: list[Card]) -> list[list[Card]]:
        built = [build_to_lead(cards, shape, ctx, key) for key in keys]
        if n > 1 and not shape.pairs:
            # onto a lead of singles, points go best as whole pairs (two tens are 20)
            built.append(build_to_shape(cards, (), 0, n, ctx, t.feed_key, keep_pairs=False))
        if n == 1:
            built += [[c] for c in set(cards)]
        elif n == 2 and shape.pairs == 1:
            built += [[f, f] for f in pair_faces(cards)]
        elif shape.wide:
            built += wide_sets(cards)
        return built

    def wide_sets(cards: list[Card]) -> list[list[Card]]:
        """Three or four decks: onto one triple or quad led, every set of its width
        held; onto a tractor of two pairs (four decks), every quad (it beats one)."""
        counts = Counter(cards)
        lead = shape.components[0]
        if shape.is_throw:
            return []
        if lead.length == 1:
            return [[f] * n for f, k in counts.items() if k >= n]
        if ctx.rules.variant.quad_is_tractor and (lead.width, lead.length) == (2, 2):
            return [[f] * 4 for f, k in counts.items() if k >= 4]
        return []

    mine = of_suit(hand, shape.suit, ctx)
    if len(mine) >= n:
        plays = shaped(mine)
    else:
        rest = Counter(hand)
        rest.subtract(mine)
        plays = [mine + choose_singles(Counter(+rest), n - len(mine), key) for key in keys[:2]]
        if voids:
            plays += void_discards(t, mine, +rest)
        trumps = of_suit(hand, TRUMP, ctx)
        if not mine and shape.suit != TRUMP and len(trumps) >= n:
            plays += shaped(trumps)
    seen: set[tuple[int, ...]] = set()
    legal: list[list[Card]] = []
    for play in plays:
        tag = tuple(sorted(c.index for c in play))
        if tag in seen or len(play) != n:
            continue
        seen.add(tag)
        if is_legal(t, play):
            legal.append(play)
    return legal or [legal_follow(hand, t.view.lead, ctx)]


def void_discards(t: Table, mine: list[Card], rest: Counter) -> list[list[Card]]:
    """Discards that empty a side suit (neither trumps nor the suit led): ``mine`` (what
    is held of the suit led), then the whole of one such suit that fits, then the
    cheapest of the other cards (``rest``); one play per suit.  A void lets the seat
    ruff that suit later (RULES.md §5), which the trick alone does not show."""
    shape = t.shape
    assert shape is not None
    room = shape.size - len(mine)
    plays = []
    for suit, cards in by_suit(rest.elements(), t.ctx).items():
        if suit in (TRUMP, shape.suit) or len(cards) > room:
            continue
        others = rest - Counter(cards)
        plays.append(mine + cards + choose_singles(others, room - len(cards), t.low_key))
    return plays


def is_legal(t: Table, play: list[Card]) -> bool:
    return check_follow(t.hand, t.view.lead, play, t.ctx).legal


def kitty_stake(t: Table, last_lead: list[Card]) -> float:
    """On the last trick: the kitty points the attackers would add (known to the dealer,
    estimated from the unseen points by everyone else)."""
    mult = kitty_multiplier(last_lead, t.ctx)
    if t.view.kitty is not None:
        return mult * points(t.view.kitty)
    hidden = max(1, t.mem.hidden_total())
    return mult * t.mem.points_out() * t.view.rules.variant.kitty_size / hidden


def keep_shares(t: Table) -> dict[bool, float]:
    """The default player's ``KEEP_SHARE`` in ``t``'s game."""
    return KEEP_SHARE_ONE_DECK if t.ctx.rules.decks == 1 else KEEP_SHARE


def utility(t: Table, play: list[Card], keep: dict[bool, float] = KEEP_SHARE) -> float:
    """Expected value of ``play`` for this seat's team, in points: the trick's points
    won (by either side: the dealers 'win' the points they deny), less what the point
    cards played would have been worth kept, plus the lead, less the power spent."""
    shape = t.shape
    assert shape is not None
    wins = t.wins_now(play)
    if wins:
        team_win = 1.0 - t.beat_risk(play, shape, t.later_opponents)
    elif t.is_partner(t.winner_seat):
        current = t.plays[t.winner_index]
        team_win = 1.0 - t.beat_risk(current, shape, t.later_opponents)
    else:
        team_win = PARTNER_LATER_WIN if t.partner in t.later else 0.0
    return value(t, play, team_win, keep)


def value(t: Table, play: list[Card], team_win: float, keep: dict[bool, float] = KEEP_SHARE) -> float:
    """``utility`` of ``play`` given the chance ``team_win`` that the trick ends with
    this seat's side; ``keep``: the share of a point card's points each side expects
    to keep by holding it back (``KEEP_SHARE``)."""
    mine = points(play)
    stake = t.table_points + mine
    if len(t.hand) == len(play):
        stake += kitty_stake(t, t.plays[0])
    return (team_win * (stake + LEAD_VALUE) - keep[t.dealer_side] * mine
            - COST_WEIGHT * t.power(play))


def decide(t: Table, keep: dict[bool, float] = KEEP_SHARE) -> Decision:
    """The follow of highest ``utility`` (with ``keep`` for ``KEEP_SHARE``)."""
    plays = candidates(t)
    if len(plays) == 1 and forced(t):
        return decision(plays[0], "must_follow")
    return explain(t, max(plays, key=lambda p: utility(t, p, keep)))


def forced(t: Table) -> bool:
    """Do the rules leave one legal follow?  (``candidates`` can come down to one play
    while others are legal: a void hand's cheapest and most-points discards agree.)"""
    found = legal_follows(t.hand, t.view.lead, t.ctx, limit=1)
    return found is not None and len(found) == 1


def explain(t: Table, play: list[Card]) -> Decision:
    """``play`` with the reason that describes it in this trick; the seat concerned is
    the one winning the trick when this play does not take it over."""
    wins = t.wins_now(play)
    return decision(play, reason_for(t, play, wins), None if wins else t.winner_seat)


def reason_for(t: Table, play: list[Card], wins: bool) -> str:
    """The reason code that describes ``play`` in this trick."""
    shape = t.shape
    assert shape is not None
    ruff = shape.suit != TRUMP and all(t.ctx.is_trump(c) for c in play)
    if wins:
        opponent_ruffed = (t.ctx.suit_of(t.plays[t.winner_index][0]) != shape.suit
                           and not t.is_partner(t.winner_seat))
        if ruff:
            return "overruff" if opponent_ruffed else "ruff_points" if t.table_points else "ruff"
        return "win_points" if t.table_points + points(play) else "win_trick"
    if t.is_partner(t.winner_seat):
        return "partner_winning_give_points" if points(play) else "partner_winning_follow_low"
    followed = any(t.ctx.suit_of(c) == shape.suit for c in play)
    return "follow_low" if followed else "cheapest_discard"
