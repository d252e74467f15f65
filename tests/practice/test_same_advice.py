"""One advice per decision, the same every time: the coach's advisor searches on its
work budget, seeded by the position, never stopped by the wall clock, so a decision
asked on an idle machine and again on a busy one gets the same play and the same
numbers; every text of the decision reads that one result; and another process says
the same.

Python hashes strings with a seed of its own in every process (``PYTHONHASHSEED``;
``make test`` pins none, so each worker draws one), and a set of suits iterates in the
order of those hashes: the last tests run the same positions in two processes under two
hash seeds and compare everything the coach says."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from typing import Iterator

import pytest

from engine.ai import make as make_ai
from engine.game import TRICKS, Game
from engine.players import PLAYERS
from engine.view import Decision, PlayerView
from tutor.practice import PracticeTable

from ..volume import count
from .test_practice_table import learner_moves, run_until_learner

SEED = 11
ROOT = Path(__file__).resolve().parents[2]
HASH_SEEDS = ("0", "12345")
"""Two hash seeds under which a set of the suits iterates in different orders."""


def _spin(until: float) -> None:
    while time.monotonic() < until:
        pass


def _decisions() -> Iterator[tuple[PracticeTable, PlayerView, Decision]]:
    """The learner's first lead and its first follow the advisor measures a share of
    deals for, in hand 1 (seed ``SEED``), each on a table of its own, with the advice an
    idle machine gives."""
    table = PracticeTable(Game(seed=SEED), seed=SEED)
    wanted = {True, False}
    while wanted:
        run_until_learner(table)
        view = table.view
        if table.phase == TRICKS and view.leading in wanted:
            idle = PracticeTable.from_dict(table.to_dict()).advise(view)
            if idle.estimate is not None and idle.estimate.samples:
                wanted.discard(view.leading)
                yield PracticeTable.from_dict(table.to_dict()), view, idle
        learner_moves(table)


@pytest.fixture
def capped_ai_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ai:hard`` as the app makes it for the AI seats: with its wall-clock cap (the test
    suite otherwise lifts it), so only the coach's own advisor keeps the result fixed."""
    monkeypatch.setitem(PLAYERS, "ai:hard", partial(make_ai, "ai:hard"))


@pytest.mark.searched_afresh
@pytest.mark.usefixtures("capped_ai_seats")
def test_a_decision_gets_the_same_advice_and_numbers_on_a_busy_machine() -> None:
    for table, view, idle in _decisions():
        start = time.monotonic()
        busy = [multiprocessing.get_context("fork").Process(target=_spin, args=(start + 2.0,))
                for _ in range(2)]
        for process in busy:
            process.start()
        try:
            time.sleep(0.1)  # the spinners are running
            loaded = table.advise(view)
        finally:
            for process in busy:
                process.terminate()
                process.join()
        assert loaded == idle, view.leading  # the play, its reason and its estimate


def test_every_text_of_a_decision_reads_one_advice() -> None:
    """The ladder, a second ladder after the decision comes back (an undo), and the
    burial the review judges ask the advisor once per decision."""
    table = PracticeTable(Game(seed=SEED), seed=SEED)
    asked: list[PlayerView] = []
    search = table.advise.__func__  # type: ignore[attr-defined]

    def counting(self: PracticeTable, view: PlayerView) -> Decision:
        before = len(self._advice)
        result = search(self, view)
        if len(self._advice) > before:
            asked.append(view)
        return result

    table.advise = partial(counting, table)  # type: ignore[method-assign]
    run_until_learner(table)
    while table.phase != TRICKS:
        learner_moves(table)
        run_until_learner(table)
    first = table.ladder().decision
    table._ladder = None  # as after an undo: the same decision, a new ladder
    assert table.ladder().decision is first
    table.tip()
    assert len(asked) == 1


def outputs(*args: str) -> list[str]:
    """``python -m ARGS``'s output under each of ``HASH_SEEDS`` (run side by side)."""
    runs = [subprocess.Popen([sys.executable, "-m", *args], cwd=ROOT, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "PYTHONHASHSEED": seed}) for seed in HASH_SEEDS]
    found = []
    for run in runs:
        out, err = run.communicate(timeout=600)
        assert run.returncode == 0, err
        found.append(out)
    return found


def assert_same(first: str, second: str) -> None:
    """The same lines, or the first that differs under each hash seed."""
    for a, b in zip(first.splitlines(), second.splitlines()):
        assert a == b, f"hash seed {HASH_SEEDS[0]}:\n{a}\nhash seed {HASH_SEEDS[1]}:\n{b}"
    assert len(first.splitlines()) == len(second.splitlines())


def test_the_coach_says_the_same_under_another_hash_seed() -> None:
    # ties between suits (three sure throws alike) and late decisions of every game
    first, second = outputs("tests.practice.advice_lines")
    lines = [json.loads(line) for line in first.splitlines()]
    assert {line["decks"] for line in lines if line["position"] == "tie"} == {1, 2, 3, 4}
    # the search's numbers are compared too, in every game
    assert {line["decks"] for line in lines if "estimate" in line} == {1, 2, 3, 4}
    assert_same(first, second)


@pytest.mark.soak  # whole coached hands of every game
@pytest.mark.parametrize("policy", ["coach", "random"])
@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_whole_transcripts_are_the_same_under_another_hash_seed(decks: int, policy: str) -> None:
    first, second = outputs("tutor.coach", "transcript", "--seed", str(decks), "--decks", str(decks),
                            "--hands", str(count(1)), "--policy", policy, "--json")
    assert_same(first, second)
