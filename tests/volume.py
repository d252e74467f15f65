"""How much the long tests do: the number of Hypothesis examples and of self-play hands.

Each long test names its full volume; ``SHENGJI_TEST_VOLUME`` says what share of it
runs: 0.15 by default (``make test``, sized for CI on two cores), ``make soak`` sets 20
for a long hunt.  Every behaviour is tested at any volume: only the count changes (a
test that needs a number of cases to see a behaviour asks for it, e.g. ``max(30, ...)``).
Tests marked ``soak`` run only from volume 1 on (``tests/conftest.py``).
"""

from __future__ import annotations

import os

from hypothesis import settings

VOLUME = float(os.environ.get("SHENGJI_TEST_VOLUME", "0.15"))


def count(full: int) -> int:
    """How many of ``full`` repetitions to run (at least one)."""
    return max(1, round(full * VOLUME))


def examples(full: int) -> settings:
    """Hypothesis settings for a test designed for ``full`` examples (at least ten)."""
    return settings(max_examples=max(10, count(full)))
