"""Advice is reproducible: the same position gets the same advice, the same numbers and
the same words in any process.

Python hashes strings with a seed of its own in every process (``PYTHONHASHSEED``;
``make test`` pins none, so each worker draws one), and a set of suits iterates in the
order of those hashes.  Each test runs the same positions in two processes under two
hash seeds and compares everything the coach says.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..volume import VOLUME, count

ROOT = Path(__file__).resolve().parents[2]
HASH_SEEDS = ("0", "12345")
"""Two hash seeds under which a set of the suits iterates in different orders."""


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
    first, second = outputs("tests.coach.same_advice")
    lines = [json.loads(line) for line in first.splitlines()]
    assert {line["decks"] for line in lines if line["position"] == "tie"} == {1, 2, 3, 4}
    # the search's numbers are compared too, in every game
    assert {line["decks"] for line in lines if "estimate" in line} == {1, 2, 3, 4}
    assert_same(first, second)


@pytest.mark.skipif(VOLUME < 1, reason="whole coached hands of every game: make soak")
@pytest.mark.parametrize("policy", ["coach", "random"])
@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_whole_transcripts_are_the_same_under_another_hash_seed(decks: int, policy: str) -> None:
    first, second = outputs("tutor.coach", "transcript", "--seed", str(decks), "--decks", str(decks),
                            "--hands", str(count(1)), "--policy", policy, "--json")
    assert_same(first, second)
