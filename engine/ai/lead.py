"""Choosing a lead: sure winners and sure throws, drawing trumps, the partner's void,
short suits, low cards."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, points
from ..combos import decompose
from ..play import beatable, lead_shape
from ..rules import TRUMP
from ..scoring import kitty_multiplier
from ..view import Decision
from .reasons import decision
from .structure import by_suit, holding_shape, windows
from .table import Table

SURE = 0.08
"""A lead whose chance of being beaten by an opponent is below this counts as sure."""
SURE_ONE_DECK = 0.2
"""``SURE`` in the one-deck game: with 12 cards a hand, cashing a likely winner early
is worth more than keeping it (measured: ``bench/NOTES.md``)."""
ENDGAME = 6
"""Attackers plan the last trick when they hold this many cards or fewer."""
DRAW_SHARE = {True: 0.35, False: 0.6}
"""Share of the unseen trumps a seat must hold to lead trumps (dealer side: True); the
partner holds some of the unseen ones, so less than half suffices."""
SHORT_BONUS = 3.0
"""How much lower (in keep value) a card of a short suit counts when picking a low lead."""
LENGTH_WEIGHT = 0.3
"""Per card of its suit: a low lead from a long suit counts that much higher."""


SURE_REASONS = {"tractor": "sure_tractor", "pair": "sure_pair", "triple": "sure_set", "quad": "sure_set"}
"""The reason of a sure lead of one combination, by its kind (a throw: ``sure_throw``)."""


@dataclass
class LeadOption:
    cards: list[Card]
    suit: str
    kind: str
    risk: float


def decide(t: Table, throws: bool = True) -> Decision:
    """The lead of a seat at ``t``; ``throws=False`` for a player that never throws."""
    options = _components(t)
    sure = [o for o in options if o.risk < (SURE_ONE_DECK if t.ctx.rules.decks == 1 else SURE)]
    if throws:
        sure += _sure_throws(t, options)
    if not t.dealer_side and len(t.hand) <= ENDGAME:
        planned = _last_trick(t, sure)
        if planned is not None:
            return planned
    side_multi = [o for o in sure if o.suit != TRUMP and len(o.cards) >= 2]
    if side_multi:
        best = max(side_multi, key=lambda o: (len(o.cards), points(o.cards), -o.risk))
        return decision(best.cards, SURE_REASONS.get(best.kind, "sure_throw"))
    steps = [_side_winner, _draw_trumps] if not t.dealer_side else [_draw_trumps, _side_winner]
    for step in steps + [_partner_void, _low]:
        found = step(t, options, sure)
        if found is not None:
            return found
    raise AssertionError("a non-empty hand always has a low lead")


LIKELY = 0.35
"""Components whose risk of being beaten is below this go into a throw worth pricing
by sampling (a search candidate, never the default's choice)."""


def candidates(t: Table) -> list[list[Card]]:
    """Leads worth comparing: sure throws, throws of components likely to stand, pairs
    and tractors likely to stand, and the lowest and highest single of every suit."""
    options = _components(t)
    plays = [o.cards for o in _sure_throws(t, options)]
    plays += _likely_throws(options)
    plays += [o.cards for o in sorted(options, key=lambda o: o.risk) if o.kind != "single" and o.risk < 0.5]
    for cards in by_suit(t.hand, t.ctx).values():
        plays += [[min(cards, key=t.low_key)], [max(cards, key=t.low_key)]]
    return plays


def _likely_throws(options: list[LeadOption]) -> list[list[Card]]:
    """Per suit, the components each unlikely to be beaten (the unique decomposition's
    own: whole pairs and tractors, singles of faces not held twice), thrown together."""
    throws = []
    for suit in sorted({o.suit for o in options}):
        mine = [o for o in options if o.suit == suit]
        paired = {c for o in mine if o.kind != "single" for c in o.cards}
        parts = [o for o in mine if o.risk < LIKELY and (o.kind != "single" or o.cards[0] not in paired)]
        if len(parts) >= 2:
            throws.append([c for o in parts for c in o.cards])
    return throws


def _components(t: Table) -> list[LeadOption]:
    """Every tractor, pair and single face held, with its risk of being beaten; with
    three or four decks the decomposition's tractors and sets of every width (triples,
    quads, tractors of them) in place of the tractors and pairs."""
    options: list[LeadOption] = []
    for suit, cards in by_suit(t.hand, t.ctx).items():
        if t.ctx.rules.decks > 2:
            shapes = [(c.kind, list(c.cards)) for c in decompose(cards, t.ctx) if c.width > 1]
        else:
            tractors, pairs, _ = holding_shape(cards, t.ctx)
            shapes = [("tractor", [f for f in chain for _ in range(2)]) for chain in tractors]
            shapes += [("pair", [f, f]) for f in pairs]
        shapes += [("single", [f]) for f in set(cards)]
        for kind, combo in shapes:
            risk = t.beat_risk(combo, lead_shape(combo, t.ctx), t.opponents)
            options.append(LeadOption(combo, suit, kind, risk))
    return options


def _unbeatable(t: Table, option: LeadOption) -> bool:
    """No other hand (the partner's included: a throw is judged against all three) can
    hold a higher combination of the option's shape, given what is unseen."""
    mem, ctx = t.mem, t.ctx
    others = [s for s in range(4) if s != t.seat]
    top = max(ctx.position(c) for c in option.cards)
    if option.kind == "single":
        return not any(mem.may_hold(s, option.suit) for s in others) or not mem.higher_unseen(option.cards[0])
    if ctx.rules.decks > 2:
        # the engine's own test of a throw's component, against every unseen card of
        # the suit as if one hand held them all
        if not any(mem.may_hold(s, option.suit) for s in others):
            return True
        unseen = [c for c in mem.unseen.elements() if ctx.suit_of(c) == option.suit]
        return not beatable(decompose(option.cards, ctx)[0], option.suit, unseen, ctx)
    if not any(mem.may_hold_pair(s, option.suit) for s in others):
        return True
    faces = [c for c, n in mem.unseen.items() if n >= 2 and ctx.suit_of(c) == option.suit]
    if option.kind == "pair":
        return not any(ctx.position(f) > top for f in faces)
    length = len(option.cards) // 2
    return not any(ctx.position(w[-1]) > top for w in windows(faces, length, ctx))


def _sure_throws(t: Table, options: list[LeadOption]) -> list[LeadOption]:
    """Per suit, every component nobody can beat, thrown together (when there are two or
    more and an opponent ruff is unlikely)."""
    found: list[LeadOption] = []
    for suit in sorted({o.suit for o in options}):  # a set of str iterates in hash-seed order
        # the unique decomposition decides the components: take whole tractors and pairs,
        # singles only from faces not held as pairs
        parts = [o for o in options if o.suit == suit and o.kind != "single" and _unbeatable(t, o)]
        paired = {c for o in options if o.suit == suit and o.kind != "single" for c in o.cards}
        parts += [o for o in options if o.suit == suit and o.kind == "single"
                  and o.cards[0] not in paired and _unbeatable(t, o)]
        cards = [c for o in parts for c in o.cards]
        if len(parts) < 2:
            continue
        shape = lead_shape(cards, t.ctx)
        risk = t.beat_risk(cards, shape, t.opponents)
        if risk < SURE:
            found.append(LeadOption(cards, suit, "throw", risk))
    return found


def _last_trick(t: Table, sure: list[LeadOption]) -> Decision | None:
    """Attackers near the end: the last trick's lead multiplies the kitty (by the rules'
    ``kitty_multiplier``), so cash the other sure leads first and keep for last the sure
    one that multiplies it most, when that beats what a single would.  The reason names
    the combination kept."""
    if len(sure) < 2:
        return None
    last = max(sure, key=lambda o: (kitty_multiplier(o.cards, t.ctx), len(o.cards), -o.risk))
    if len(last.cards) == len(t.hand):
        return decision(last.cards, "lead_for_last_trick")
    others = [o for o in sure if not set(o.cards) & set(last.cards)]
    if kitty_multiplier(last.cards, t.ctx) <= kitty_multiplier(last.cards[:1], t.ctx) or not others:
        return None
    first = min(others, key=lambda o: (o.risk, len(o.cards)))
    return decision(first.cards, "save_last_trick", about=last.cards)


def _side_winner(t: Table, options: list[LeadOption], sure: list[LeadOption]) -> Decision | None:
    singles = [o for o in sure if o.suit != TRUMP and o.kind == "single"]
    if not singles:
        return None
    best = max(singles, key=lambda o: (-o.risk, o.cards[0].points, t.ctx.position(o.cards[0])))
    return decision(best.cards, "sure_winner")


def _draw_trumps(t: Table, options: list[LeadOption], sure: list[LeadOption]) -> Decision | None:
    """Lead trumps while the opponents may still hold some and this seat holds enough:
    sure combinations first, then a pair that is more likely to win than not, then a
    low loose trump."""
    mem = t.mem
    mine = [c for c in t.hand if t.ctx.is_trump(c)]
    out = mem.trumps_out()
    if not mine or out == 0 or not any(mem.may_hold(o, TRUMP) for o in t.opponents):
        return None
    enough = len(mine) >= 3 and len(mine) >= DRAW_SHARE[t.dealer_side] * out
    trump_sure = [o for o in sure if o.suit == TRUMP]
    if trump_sure and (enough or len(mine) > len(t.hand) // 2):
        best = max(trump_sure, key=lambda o: (len(o.cards), -o.risk))
        return decision(best.cards, "drawing_trumps")
    if not enough:
        return None
    pairs = [o for o in options if o.suit == TRUMP and o.kind != "single" and o.risk < 0.5]
    if pairs:
        best = max(pairs, key=lambda o: (len(o.cards), -o.risk))
        return decision(best.cards, "drawing_trumps")
    _, _, singles = holding_shape(mine, t.ctx)
    loose = [c for c in singles if c.points == 0] or singles or mine
    pick = max if t.ctx.rules.decks == 1 else min  # one deck draws with its highest loose trump
    return decision([pick(loose, key=t.low_key)], "drawing_trumps")


def _partner_void(t: Table, options: list[LeadOption], sure: list[LeadOption]) -> Decision | None:
    mem = t.mem
    if not mem.may_hold(t.partner, TRUMP):
        return None
    suits = [s for s, cards in by_suit(t.hand, t.ctx).items()
             if s != TRUMP and s in mem.void[t.partner]
             and not any(s in mem.void[o] and mem.may_hold(o, TRUMP) for o in t.opponents)]
    if not suits:
        return None
    cards = [c for c in t.hand if t.ctx.suit_of(c) in suits]
    low = min(cards, key=lambda c: (c.points > 0, t.low_key(c)))
    return decision([low], "lead_partner_void", t.partner)


def _low(t: Table, options: list[LeadOption], sure: list[LeadOption]) -> Decision:
    """A low single, preferably from a short side suit the opponents can't ruff, never
    splitting a pair when a loose card will do."""
    groups = by_suit(t.hand, t.ctx)
    best: tuple[tuple, Card, bool] | None = None
    for suit, cards in groups.items():
        _, _, singles = holding_shape(cards, t.ctx)
        loose = singles or cards
        card = min(loose, key=lambda c: (c.points > 0, t.low_key(c)))
        ruffed = suit != TRUMP and any(suit in t.mem.void[o] and t.mem.may_hold(o, TRUMP) for o in t.opponents)
        short = suit != TRUMP and len(cards) <= 3
        pointed = card.points > 0 and t.ctx.rules.decks == 1
        rank = (pointed, suit == TRUMP, card.points > 0, ruffed, card not in singles,
                t.low_key(card) - (SHORT_BONUS if short else 0.0) + LENGTH_WEIGHT * len(cards))
        if best is None or rank < best[0]:
            best = (rank, card, short)
    assert best is not None
    ruffs_later = best[2] and any(t.ctx.is_trump(c) for c in t.hand)
    return decision([best[1]], "lead_short_suit" if ruffs_later else "lead_low")
