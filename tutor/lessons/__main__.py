"""``python -m tutor.lessons check [FILE ...]`` and ``python -m tutor.lessons report``.

``check`` validates lesson files under the default rules and again under every other
value of each rule option (a lesson must stay answerable whichever options the player
picks).  Without files it checks the whole set: the index, every lesson, the rules
reference and the teaching order (no rule needed before it is taught, no term used
before it is defined).  Problems print as ``file:line: field: problem``; the exit
status is 1 if there are any.

``check`` also proves the tasks that ask for a good play, and the model answer of
the play tasks with several right answers (``tutor.lessons.proof``), with the verdicts
kept in ``lessons/proofs.json`` where a step's key matches.  ``prove`` proves every
such step afresh and writes that file.

``report`` prints numbers about the lessons: tasks per lesson (and how many strategy
tasks the proofs proved), where the right answer of the choices lands for many
learners, and the teaching-order count.

A mistake on the command line prints one line naming the argument and what it
accepts, and exits with status 2.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

from engine import Rules
from engine.cli import run

from . import proof
from .index import read_index
from .loader import LESSON_DIR, load_lesson
from .model import VARIANTS, Lesson, Problem, context_for
from .reference import REFERENCE_PATH, load_reference
from .rules import correct_options
from .steps import Choose, Drill, Quiz, Task

PROG = "python -m tutor.lessons"
COMMANDS = ("check", "report", "prove")
USAGE = f"usage: {PROG} check [FILE ...] | {PROG} report | {PROG} prove"


class UsageError(Exception):
    """A command-line mistake: one line, exit status 2."""


def _label(options: dict[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items())


def _collect(problems: list[Problem], seen: set[tuple[int, str, str, str]], found: list[Problem],
             options: dict[str, object]) -> None:
    """Add ``found`` to ``problems`` once each, naming the variant it appeared under."""
    for problem in found:
        key = (problem.line, problem.field, problem.message, problem.path)
        if key in seen:
            continue
        seen.add(key)
        if options:
            problem = Problem(problem.path, problem.line, problem.field, f"{problem.message} (with {_label(options)})")
        problems.append(problem)


def check_file(path: Path) -> list[Problem]:
    """Problems of one lesson file under every variant, each reported once, and the
    proofs of its play tasks (under the default rules)."""
    problems: list[Problem] = []
    seen: set[tuple[int, str, str, str]] = set()
    for options in VARIANTS:
        _collect(problems, seen, list(getattr(load_lesson(path, Rules(**options)), "problems", ())), options)
    lesson = load_lesson(path)
    if not problems and isinstance(lesson, Lesson):
        problems.extend(proof.lesson_problems(lesson, Rules(), proof.load_cache()))
    return problems


def check_all(directory: Path = LESSON_DIR) -> tuple[int, list[Problem]]:
    """(files checked, problems) for the index, every lesson under every variant, the
    reference, and the teaching order under every variant."""
    from .loader import load_all
    from .teaching import problems as teaching_problems

    index = read_index(directory)
    problems = list(index.problems)
    reference, reference_problems = load_reference(directory / REFERENCE_PATH.name)
    problems.extend(reference_problems)
    seen: set[tuple[int, str, str, str]] = set()
    for options in VARIANTS:
        rules = Rules(**options)
        loaded = load_all(directory, rules)
        broken = [p for x in loaded if not x.available for p in x.problems]  # type: ignore[union-attr]
        _collect(problems, seen, broken, options)
        if not broken:
            lessons = [x for x in loaded if x.available]
            _collect(problems, seen, teaching_problems(lessons, reference, rules), options)
            if not options:
                cache = proof.load_cache()
                for lesson in lessons:
                    if isinstance(lesson, Lesson):
                        problems.extend(proof.lesson_problems(lesson, rules, cache))
    return len(index.entries) + 2, problems


def _files(args: list[str]) -> list[Path]:
    paths = []
    for arg in args:
        if arg.startswith("-"):
            raise UsageError(f"check: unknown option {arg}; check takes lesson files (.yaml) only")
        path = Path(arg)
        if os.path.isdir(path):
            raise UsageError(f"check: {arg} is a folder; give lesson files (.yaml), or none to check every lesson")
        if not os.path.exists(path):  # a device or a FIFO is the reader's to refuse, with its reason
            raise UsageError(f"check: no file {arg}; give lesson files (.yaml), or none to check every lesson")
        paths.append(path)
    return paths


def check(args: list[str]) -> int:
    paths = _files(args)
    if paths:
        problems = []
        for path in paths:
            problems.extend(load_reference(path)[1] if path.name == REFERENCE_PATH.name else check_file(path))
        count = len(paths)
    else:
        count, problems = check_all()
    for problem in problems:
        print(problem)
    if not problems:
        print(f"{count} file(s) OK")
    return 1 if problems else 0


def answer_places(seeds: int = 200, directory: Path = LESSON_DIR) -> dict[int, Counter[int]]:
    """Where the right answer of every choice lands (1-based place), by number of
    options, over ``seeds`` learners (each lesson opened once per learner)."""
    from .loader import load_all
    from .session import LessonRun

    places: dict[int, Counter[int]] = {}
    lessons = [x for x in load_all(directory) if isinstance(x, Lesson)]
    for seed in range(seeds):
        for lesson in lessons:
            run = LessonRun(lesson, seed=seed)
            for i, step in enumerate(run.steps):
                if isinstance(step, Choose):
                    order = run.order(i)
                    target = min(correct_options(step, context_for(step, run.rules)))
                    places.setdefault(len(order), Counter())[order.index(target) + 1] += 1
    return places


def report(args: list[str]) -> int:
    if args:
        raise UsageError(f"report: unexpected argument {args[0]}; report takes no arguments")
    from .loader import load_all
    from .teaching import problems as teaching_problems

    lessons = [x for x in load_all() if isinstance(x, Lesson)]
    cache = proof.load_cache()
    print("tasks per lesson (written tasks + drills):")
    for lesson in lessons:
        steps = lesson.steps_for(Rules())
        tasks = sum(isinstance(s, Task) for s in steps)
        drills = sum(isinstance(s, Drill) for s in steps)
        choices = sum(isinstance(s, Choose) for s in steps)
        questions = sum(s.count for s in steps if isinstance(s, Quiz))
        strategy, proved = proof.tally(lesson, Rules(), cache)
        print(f"  {lesson.id} {lesson.title}: {tasks} tasks ({choices} choices, {tasks - choices} on the cards), "
              f"{drills} drills, {questions} quiz questions, {len(steps)} steps, "
              f"{strategy} strategy tasks, {proved} proved")
    print("place of the right answer over 200 learners, by number of options:")
    for n, counter in sorted(answer_places().items()):
        total = sum(counter.values())
        row = "  ".join(f"{place}: {counter[place]} ({counter[place] / total:.0%})" for place in range(1, n + 1))
        print(f"  {n} options: {row}")
    written: Counter[int] = Counter()
    for lesson in lessons:
        for step in lesson.steps_for(Rules()):
            if isinstance(step, Choose):
                written[[o.value for o in step.options].index(step.expect or "") + 1] += 1
    print("place of the right answer as written in the files (before shuffling): "
          + ", ".join(f"{k}: {v}" for k, v in sorted(written.items())))
    reference, _ = load_reference()
    found = teaching_problems(lessons, reference)
    print(f"steps where a rule or term is needed before it is taught: {len(found)}")
    for problem in found:
        print(f"  {problem}")
    return 0


def prove(args: list[str]) -> int:
    """Prove every judged step afresh, write ``lessons/proofs.json``, print the problems."""
    if args:
        raise UsageError(f"prove: unexpected argument {args[0]}; prove takes no arguments")
    from .loader import load_all

    rules = Rules()
    fresh: dict[str, proof.Verdict] = {}
    problems = []
    for lesson in load_all(rules=rules):
        if isinstance(lesson, Lesson):
            problems.extend(proof.lesson_problems(lesson, rules, fresh))
    proof.save_cache(fresh)
    for problem in problems:
        print(problem)
    print(f"{len(fresh)} step(s) proved into {proof.CACHE.name}, {len(problems)} problem(s)")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        if not args:
            raise UsageError(f"missing command; use one of: {', '.join(COMMANDS)}")
        command, rest = args[0], args[1:]
        if command in ("-h", "--help"):
            print(USAGE)
            return 0
        if command not in COMMANDS:
            raise UsageError(f"unknown command {command!r}; use one of: {', '.join(COMMANDS)}")
        if rest[:1] in (["-h"], ["--help"]):
            print(USAGE)
            return 0
        return {"check": check, "report": report, "prove": prove}[command](rest)
    except UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(run(main, PROG))
