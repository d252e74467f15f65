"""``python -m tutor.lessons check [FILES]``: validate lesson files and the rules reference.

Each file is loaded under the default rules and again under every other value of each
rule option, because a lesson must stay answerable whichever options the player picks.
Problems print as ``file:line: field: problem``; the exit status is 1 if there are any.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine import Rules

from .loader import lesson_paths, load_lesson
from .model import Problem
from .reference import REFERENCE_PATH, load_reference

VARIANTS: tuple[dict[str, object], ...] = (
    {},
    {"constant_twos": True},
    {"kitty_multiplier": "by_pairs"},
    {"kitty_multiplier": "power"},
    {"throw_penalty": "per_card"},
    {"throw_penalty": "flat"},
    {"self_override": True},
    {"no_bid_first_hand": "flip_kitty"},
    {"must_defend_a": True},
)
"""The default rule set, then each option changed on its own."""


def check_file(path: Path) -> list[Problem]:
    """Problems of one file under every variant, each reported once."""
    problems: list[Problem] = []
    for options in VARIANTS:
        lesson = load_lesson(path, Rules(**options))
        label = ", ".join(f"{k}={v}" for k, v in options.items())
        for problem in getattr(lesson, "problems", ()):
            if label:
                problem = Problem(problem.path, problem.line, problem.field,
                                  f"{problem.message} (with {label})")
            if not any(p.line == problem.line and p.field == problem.field for p in problems):
                problems.append(problem)
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.lessons")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="validate lesson files (default: every lesson and the rules reference)")
    check.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = args.files or [*lesson_paths(), REFERENCE_PATH]
    bad = 0
    for path in paths:
        problems = load_reference(path)[1] if path.name == REFERENCE_PATH.name else check_file(path)
        for problem in problems:
            print(problem)
            bad += 1
    if not bad:
        print(f"{len(paths)} file(s) OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
