"""Replaying what a lesson shows: a run of tricks must be one a real hand can play.

A lesson (or a drill's position) that shows several tricks shows consecutive tricks of
one hand, so the engine replays them: each trick after the first is led by the seat
that won the one before, every lead is of one suit, every follow is legal against what
the seat is shown to hold (its plays in that trick and in the later ones), and the
winner and points a trick states (``Trick.winner``, ``Trick.points``) are the engine's.
Copies across everything a step shows are counted by ``engine.check_dealable`` (the
loader's ``copies``).
"""

from __future__ import annotations

from typing import Sequence

from engine import Card, TrumpContext, check_follow, decompose, points, trick_winner

from .model import SEATS, Trick


def winner_seat(trick: Trick, ctx: TrumpContext) -> int:
    """The seat that wins ``trick`` (every play known)."""
    return trick.seat_of(trick_winner([list(p or ()) for p in trick.plays], ctx))


def replay_problems(tricks: Sequence[Trick], ctx: TrumpContext) -> list[tuple[int, str]]:
    """``(trick index, problem)`` for every way ``tricks`` break the rules of play."""
    found: list[tuple[int, str]] = []
    for n, trick in enumerate(tricks):
        plays = [list(p) for p in trick.plays if p is not None]
        if len(plays) != len(trick.plays):
            continue  # the learner's play is still open: nothing to replay yet
        lead = plays[0]
        try:
            decompose(lead, ctx)
        except ValueError:
            found.append((n, f"trick {n + 1}: the lead {_show(lead)} is not of one suit"))
            continue
        if n:
            before = winner_seat(tricks[n - 1], ctx)
            if trick.leader != before:
                found.append((n, f"trick {n + 1} is led by {SEATS[trick.leader]}, but {SEATS[before]} "
                                 f"won trick {n} and leads next"))
        for i in range(1, 4):
            seat = trick.seat_of(i)
            held = [c for later in tricks[n:] for j, p in enumerate(later.plays)
                    if later.seat_of(j) == seat and p is not None for c in p]
            verdict = check_follow(held, lead, plays[i], ctx)
            if not verdict.legal:
                found.append((n, f"trick {n + 1}: {SEATS[seat]}'s {_show(plays[i])} is not a legal follow "
                                 f"({verdict.reason}) with {_show(held)} still to play"))
        seat = winner_seat(trick, ctx)
        if trick.winner is not None and trick.winner != seat:
            found.append((n, f"trick {n + 1}: says {SEATS[trick.winner]} wins, but the engine gives it "
                             f"to {SEATS[seat]}"))
        total = points(c for p in plays for c in p)
        if trick.points is not None and trick.points != total:
            found.append((n, f"trick {n + 1}: says {trick.points} points, but it holds {total}"))
    return found


def _show(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)
