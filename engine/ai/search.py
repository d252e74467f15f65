"""``ai:hard``: sample the unseen cards, play each candidate out, keep the best on average.

A sample deals the unseen cards to the other seats consistently with what the table
has shown: hand sizes, known voids, suits without pairs, cards seen in a failed throw;
the rest (for everyone but the dealer) is the kitty.  Each candidate play is then
played out with every seat using the default heuristic: to the end of the trick, or to
the end of the hand when only a few tricks remain (the last trick and the kitty).
Leads are searched only then: measured against the greedy baseline, replacing the
heuristic's planned leads by the best one-trick rollout lost about six hands in a
hundred.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from statistics import fmean
from typing import Sequence

from ..cards import Card, points
from ..play import check_lead, trick_winner
from ..scoring import kitty_multiplier
from ..view import Decision, Play, PlayerView, TrickRecord
from . import follow, lead
from .reasons import decision
from .table import LEAD_VALUE, Table

SAMPLES = 6
"""Deals sampled per decision (the same ones for every candidate)."""
MAX_CANDIDATES = 4
ENDGAME = 4
"""With this many cards or fewer in hand, roll out to the end of the hand."""
KEEP_HEURISTIC = 1.0
"""The heuristic's own choice is kept unless another scores this much better."""
TRIES = 20


def heuristic(view: PlayerView) -> Decision:
    """The default player's decision (the policy of every seat in a rollout)."""
    table = Table(view)
    return lead.decide(table) if view.leading else follow.decide(table)


def decide(t: Table, rng: random.Random) -> Decision:
    """Search the follows, and the leads near the end of the hand; a lead earlier on
    serves a plan (drawing trumps, voids, the last trick) that a rollout to the end of
    one trick cannot see, so it stays the heuristic's."""
    base = lead.decide(t) if t.view.leading else follow.decide(t)
    if t.view.leading and len(t.hand) > ENDGAME:
        return base
    options = _candidates(t, list(base.cards))
    if len(options) < 2:
        return base
    samples = [s for s in (sample_deal(t, rng) for _ in range(SAMPLES)) if s is not None]
    if not samples:
        return base
    scores = [fmean(rollout(t, hands, kitty, play) for hands, kitty in samples) for play in options]
    scores[0] += KEEP_HEURISTIC
    best = max(range(len(options)), key=lambda i: scores[i])
    if best == 0:
        return base
    chosen = options[best]
    if t.view.leading:
        return decision(chosen, "search_best")
    return follow.explain(t, chosen)


def _candidates(t: Table, base: list[Card]) -> list[list[Card]]:
    """The heuristic's play first, then a few others that differ from it."""
    if t.view.leading:
        others = lead.candidates(t)
    else:
        others = sorted(follow.candidates(t), key=lambda p: -follow.utility(t, p))
    found = [base]
    tags = {_tag(base)}
    for play in others:
        if _tag(play) not in tags and len(found) < MAX_CANDIDATES:
            tags.add(_tag(play))
            found.append(play)
    return found


def _tag(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.index for c in cards))


def sample_deal(t: Table, rng: random.Random) -> tuple[list[list[Card]], list[Card]] | None:
    """Hands for all four seats (this seat's own) and the kitty, consistent with the
    memory; ``None`` when random placement keeps failing."""
    mem, ctx = t.mem, t.ctx
    others = [s for s in range(4) if s != t.seat]
    for strict in (True, True, True, False):
        for _ in range(TRIES):
            hands: list[list[Card]] = [[] for _ in range(4)]
            hands[t.seat] = list(t.hand)
            pool = Counter(mem.unseen)
            for s in others:
                known = list((mem.known[s] & pool).elements())[: mem.cards_left[s]]
                hands[s] += known
                pool.subtract(known)
            cards = list((+pool).elements())
            rng.shuffle(cards)
            cards.sort(key=lambda c: -sum(ctx.suit_of(c) in mem.void[s] for s in others))
            kitty: list[Card] = []
            room = len(cards) - sum(mem.cards_left[s] - len(hands[s]) for s in others)
            ok = True
            for card in cards:
                suit = ctx.suit_of(card)
                fits = [s for s in others if len(hands[s]) < mem.cards_left[s]
                        and (not strict or (suit not in mem.void[s]
                                            and not (suit in mem.no_pair[s] and card in hands[s])))]
                if len(kitty) < room:
                    fits.append(-1)
                if not fits:
                    ok = False
                    break
                weights = [room - len(kitty) if s < 0 else mem.cards_left[s] - len(hands[s]) for s in fits]
                seat = rng.choices(fits, weights)[0]
                (kitty if seat < 0 else hands[seat]).append(card)
            if ok:
                return hands, (list(t.view.kitty) if t.view.kitty is not None else kitty)
    return None


def rollout(t: Table, hands: list[list[Card]], kitty: list[Card], play: list[Card]) -> float:
    """Play ``play`` in the sampled deal, let the heuristic finish the trick (or the
    hand, near its end); the attacker points gained, signed for this seat's side, plus
    the lead if this side wins the trick, less the power spent."""
    view = t.view
    hands = [list(h) for h in hands]
    trick = list(view.trick)
    tricks = list(view.tricks)
    attackers = view.attacker_points
    to_end = len(t.hand) <= ENDGAME
    seat, cards = t.seat, play
    won_first: bool | None = None
    attempted = view.attempted
    while True:
        if not trick:
            attempted = None
            result = check_lead(cards, [hands[s] for s in range(4) if s != seat], t.ctx)
            if not result.ok:
                attempted, cards = tuple(cards), result.played
        for card in cards:
            hands[seat].remove(card)
        trick.append(Play(seat, tuple(cards)))
        if len(trick) == 4:
            plays = [list(p.cards) for p in trick]
            winner = trick[trick_winner(plays, t.ctx)].seat
            got = sum(points(p) for p in plays)
            if winner % 2 != view.dealer % 2:
                attackers += got
                if not hands[winner]:
                    attackers += points(kitty) * kitty_multiplier(plays[0], t.ctx)
            if won_first is None:
                won_first = t.is_partner(winner)
            tricks.append(TrickRecord(trick[0].seat, tuple(trick), winner, got, attempted))
            trick = []
            if not to_end or not hands[winner]:
                break
            seat = winner
        else:
            seat = (seat + 1) % 4
        sim = replace(view, seat=seat, hand=tuple(t.ctx.sorted(hands[seat])),
                      kitty=tuple(kitty) if seat == view.dealer else None,
                      trick=tuple(trick), tricks=tuple(tricks), attacker_points=attackers,
                      cards_left=tuple(len(h) for h in hands), attempted=None, turn=seat)
        cards = list(heuristic(sim).cards)
    gained = attackers - view.attacker_points
    sign = -1.0 if t.dealer_side else 1.0
    return sign * gained + (LEAD_VALUE if won_first else 0.0) - follow.COST_WEIGHT * t.power(play)
