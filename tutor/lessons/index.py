"""The lesson index (``lessons/index.yaml``): the one place for lesson order and topics.

Each entry names a lesson's id (its key in the learner's progress), its file, the
ideas it teaches (``topics``) and the rules-reference section it belongs to.  The
coach's review links a mistake to a lesson by its idea (``feeding``, ``last_trick`` …)
with ``lesson_for_topic``, never by a lesson number, so lessons can be reordered or
added without touching the coach.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .model import Problem
from .yamlfile import Map, Seq, read_file

INDEX_FILE = "index.yaml"
TOPICS = frozenset({
    "table", "points", "trumps", "declaring", "burying", "following", "pairs", "tractors",
    "void", "ruffing", "feeding", "saving", "leading", "memory", "throws", "counting", "kitty",
    "last_trick", "scoring", "whole_hand", "final_check",
    "sure_winners", "drawing_trumps", "partner_void", "giving_points", "second_seat", "third_seat",
    "taking_points",
    "card_counting", "ruff_or_discard", "overruffing", "dealers_play", "protecting_last_trick", "attackers_play",
    "kitty_attack",
    "shapes", "rule_options",
    "one_deck", "three_decks", "four_decks",
})
"""The ideas a lesson can teach (the vocabulary of ``index.yaml``)."""


KINDS = ("lesson", "hand")
"""What an entry's file holds: a lesson (``tutor.lessons.loader``) or a guided hand
(``tutor.lessons.hand``)."""


@dataclass(frozen=True)
class IndexEntry:
    id: str
    file: str
    topics: tuple[str, ...]
    reference: str | None = None
    """The rules-reference section the lesson belongs to (``None`` for the final check)."""
    kind: str = "lesson"


@dataclass(frozen=True)
class Index:
    entries: tuple[IndexEntry, ...] = ()
    problems: tuple[Problem, ...] = field(default_factory=tuple)


def _entry(item: object, line: int, i: int, where: str, problems: list[Problem]) -> IndexEntry | None:
    def bad(message: str, key: str = "") -> None:
        at = item.lines.get(key, item.line) if isinstance(item, Map) and key else line
        problems.append(Problem(where, at, f"lessons[{i}]{'.' + key if key else ''}", message))

    if not isinstance(item, Map):
        bad("expected a mapping with id, file and topics")
        return None
    unknown = [k for k in item if k not in ("id", "file", "topics", "reference", "kind")]
    for key in unknown:
        bad("unknown field", key)
    lesson_id, file = item.get("id"), item.get("file")
    topics = item.get("topics", [])
    if not isinstance(lesson_id, str) or not lesson_id:
        bad("expected a quoted id like \"03\"", "id")
        return None
    if not isinstance(file, str) or "/" in file or not file.endswith(".yaml"):
        bad("expected a file name like 03_trumps.yaml", "file")
        return None
    if not isinstance(topics, Seq) or not all(isinstance(t, str) for t in topics):
        bad("expected a list of topics", "topics")
        return None
    for t in topics:
        if t not in TOPICS:
            bad(f"unknown topic {t!r}; use one of {', '.join(sorted(TOPICS))}", "topics")
    reference = item.get("reference")
    if reference is not None and not isinstance(reference, str):
        bad("expected a rules-reference section id", "reference")
        reference = None
    kind = item.get("kind", "lesson")
    if kind not in KINDS:
        bad(f"expected one of {', '.join(KINDS)}", "kind")
        return None
    return IndexEntry(lesson_id, file, tuple(topics), reference, kind)


@lru_cache(maxsize=16)
def read_index(directory: Path, stamp: tuple[int, int] | None = None) -> Index:
    """The index of ``directory``, with any problems found in it (``stamp``, the file's
    change stamp, makes a changed index be read again)."""
    path = directory / INDEX_FILE
    where = str(path)
    problems: list[Problem] = []
    try:
        result = read_file(path)
    except OSError as exc:
        return Index(problems=(Problem(where, 1, "file", exc.strerror or str(exc)),))
    problems.extend(Problem(where, p.line, p.field, p.message) for p in result.problems)
    data = result.data
    if not isinstance(data, Map) or not isinstance(data.get("lessons"), Seq):
        if not problems:
            problems.append(Problem(where, 1, "lessons", "expected a list of lessons"))
        return Index(problems=tuple(problems))
    items = data["lessons"]
    entries = [_entry(item, items.lines[i], i, where, problems) for i, item in enumerate(items)]
    found = [e for e in entries if e is not None]
    seen: set[str] = set()
    for i, entry in enumerate(found):
        for key, value in (("id", entry.id), ("file", entry.file)):
            if (key, value) in seen:
                problems.append(Problem(where, items.lines[i], f"lessons[{i}].{key}", f"{value!r} is listed twice"))
            seen.add((key, value))
    return Index(tuple(found), tuple(problems))


def lesson_index(directory: Path | None = None) -> tuple[IndexEntry, ...]:
    """The entries of ``index.yaml`` in teaching order; ``ValueError`` on a broken index."""
    from .loader import LESSON_DIR

    from .loader import file_stamp

    folder = directory or LESSON_DIR
    index = read_index(folder, file_stamp(folder / INDEX_FILE))
    if index.problems:
        raise ValueError(str(index.problems[0]))
    return index.entries


def entry_for_file(path: Path) -> IndexEntry | None:
    """The index entry of a lesson file, if its folder's index lists it."""
    if not (path.parent / INDEX_FILE).is_file():
        return None
    from .loader import file_stamp

    index = read_index(path.parent.resolve(), file_stamp(path.parent / INDEX_FILE))
    return next((e for e in index.entries if e.file == path.name), None)


def lesson_number(lesson_id: str, directory: Path | None = None) -> int | None:
    """The number a learner knows a lesson by: its place in the lesson list (1 first),
    as the browser shows it; ``None`` outside the index.  An id is a progress key, not
    a number (the final check keeps the id "10" at the end of the list)."""
    return next((n for n, e in enumerate(lesson_index(directory), 1) if e.id == lesson_id), None)


def lesson_for_topic(topic: str, directory: Path | None = None) -> str | None:
    """The id of the first lesson (in teaching order) that teaches ``topic``, if any."""
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}")
    return next((e.id for e in lesson_index(directory) if topic in e.topics), None)
