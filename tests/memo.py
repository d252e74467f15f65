"""The AI's decisions remembered across the tests of one module, so that tests replaying
the same seeded hands (the same scene's demo at several sizes, the same audited hands
with and without a planted fault) search each decision once.

Transparent because a decision is a function of the view and the player's random state
alone (``tests/ai/test_hands.py::test_decisions_depend_only_on_the_view``; the tests run
``ai:hard`` without its wall-clock cap): the memo keys on the decision's text
(``tutor.practice.decision_key``, with the seat and the rules), the player's level and
the random state, and a remembered decision leaves the random state as the search left it.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

import engine.ai.players as players
from engine.ai import search
from engine.view import Decision, PlayerView
from tutor.practice import decision_key

Memo = dict[tuple, tuple[Decision, Any]]

PLAYS: Memo = {}
"""The plays of the app's and the practice table's tests (their scenes' demos and seeded
tables replay the same hands); a test that measures the search itself (its time, its
load) is marked ``searched_afresh`` and keeps out."""


def _view_key(view: PlayerView) -> tuple:
    return (decision_key(view), view.seat, repr(view.rules))


def _remembered(memo: Memo, key: tuple, rng: random.Random, decide: Callable[[], Decision]) -> Decision:
    key = key + (rng.getstate(),)
    found = memo.get(key)
    if found is None:
        found = memo[key] = (decide(), rng.getstate())
    decision, after = found
    rng.setstate(after)
    return decision


def remember_searches(monkeypatch: pytest.MonkeyPatch, memo: Memo) -> None:
    """``ai:hard``'s searches (``engine.ai.search.decide``) kept in ``memo``; what the
    player does with a searched play (``avoid_mistake``) still runs every time."""
    decide = search.decide

    def remembered(t: Any, rng: random.Random, seconds: float | None = search.SECONDS) -> Decision:
        return _remembered(memo, ("search", _view_key(t.view), seconds), rng,
                           lambda: decide(t, rng, seconds))

    monkeypatch.setattr(search, "decide", remembered)


def remember_plays(monkeypatch: pytest.MonkeyPatch, memo: Memo) -> None:
    """Every AI player's plays (``AIPlayer.play``, any level) kept in ``memo``."""
    play = players.AIPlayer.play

    def remembered(self: players.AIPlayer, view: PlayerView) -> Decision:
        key = ("play", _view_key(view), self.level, self.seconds, players.avoid_mistake)
        return _remembered(memo, key, self.rng, lambda: play(self, view))

    monkeypatch.setattr(players.AIPlayer, "play", remembered)
