"""Modules small enough to read whole: none under ``tutor/`` over 400 lines, and each
part of the practice table scene (``tutor/scenes/table/``, one phase or overlay each)
under 300.  The modules listed in ``TOO_LONG`` are known to be over and wait for a
split along their own seams; no scene module is among them, and a module leaves the
list once it is split (the test says so)."""

from __future__ import annotations

from pathlib import Path

import tutor

TUTOR = Path(tutor.__file__).parent
LIMIT = 400
TABLE_LIMIT = 300
TOO_LONG = frozenset({
    "tutor/coach/reasons.py",
    "tutor/practice.py", "tutor/record.py",
})
"""Over ``LIMIT`` today, outside ``tutor/scenes/``: the debt left to split."""


def sizes() -> dict[str, int]:
    return {path.relative_to(TUTOR.parent).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
            for path in sorted(TUTOR.rglob("*.py"))}


def test_no_module_is_over_400_lines() -> None:
    found = sizes()
    over = {name: n for name, n in found.items() if n > LIMIT and name not in TOO_LONG}
    assert not over, f"split these along their seams: {over}"
    assert not any(name.startswith("tutor/scenes/") for name in TOO_LONG)
    split = sorted(name for name in TOO_LONG if found.get(name, 0) <= LIMIT)
    assert not split, f"no longer over {LIMIT} lines: take them off TOO_LONG: {split}"


def test_each_part_of_the_table_scene_is_under_300_lines() -> None:
    over = {name: n for name, n in sizes().items() if name.startswith("tutor/scenes/table/") and n > TABLE_LIMIT}
    assert not over, over
