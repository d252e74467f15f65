"""Hand-made views for the AI tests (the fixtures ``make_view`` and ``record`` of
``conftest``), importable without pytest by a command a test runs."""

from __future__ import annotations

from typing import Sequence

from engine.cards import parse_cards
from engine.rules import Rules, TrumpContext
from engine.view import Declaration, Play, PlayerView, TrickRecord


def _plays(*entries: tuple[int, str]) -> tuple[Play, ...]:
    """``plays((1, "SA"), (2, "S3"))`` -> the plays of a trick in order."""
    return tuple(Play(seat, tuple(parse_cards(cards))) for seat, cards in entries)


def _record(winner: int, *entries: tuple[int, str], attempted: str | None = None) -> TrickRecord:
    played = _plays(*entries)
    return TrickRecord(
        leader=played[0].seat,
        plays=played,
        winner=winner,
        points=sum(c.points for p in played for c in p.cards),
        attempted=tuple(parse_cards(attempted)) if attempted else None,
    )


def _make_view(
    hand: str,
    *,
    seat: int = 0,
    dealer: int = 0,
    level: str = "2",
    trump: str | None = "S",
    trick: Sequence[tuple[int, str]] = (),
    tricks: Sequence[TrickRecord] = (),
    kitty: str | None = None,
    cards_left: tuple[int, int, int, int] | None = None,
    phase: str = "tricks",
    declaration: Declaration | None = None,
    decks: int = 2,
) -> PlayerView:
    """A view of ``seat`` at level ``level`` with ``trump`` trumps in the game of
    ``decks`` decks.  ``cards_left`` defaults to every seat holding as many cards as
    ``hand`` less what it played in the trick in progress."""
    cards = tuple(parse_cards(hand))
    current = _plays(*trick)
    if cards_left is None:
        left = [len(cards)] * 4
        for play in current:
            left[play.seat] -= len(play.cards)
        cards_left = (left[0], left[1], left[2], left[3])
    return PlayerView(
        seat=seat,
        phase=phase,
        rules=Rules(decks=decks),
        level=level,
        team_levels=(level, level),
        dealer=dealer,
        hand=cards,
        ctx=TrumpContext(level, trump, Rules(decks=decks)) if phase != "dealing" else None,
        declaration=declaration,
        kitty=tuple(parse_cards(kitty)) if kitty is not None else None,
        trick=current,
        tricks=tuple(tricks),
        cards_left=cards_left,
    )
