"""The lesson index (``lessons/index.yaml``): teaching order and the ideas each lesson teaches.

The coach's review links a mistake to a lesson by its idea (``feeding``, ``last_trick`` …),
never by a lesson number, so lessons can be renumbered or added without touching the coach.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .loader import LESSON_DIR, parse_yaml

INDEX_FILE = "index.yaml"
TOPICS = frozenset({
    "table", "points", "trumps", "declaring", "burying", "following", "pairs", "tractors",
    "void", "ruffing", "feeding", "saving", "leading", "throws", "counting", "kitty",
    "last_trick", "scoring",
})
"""The ideas a lesson can teach (the vocabulary of ``index.yaml``)."""


@dataclass(frozen=True)
class IndexEntry:
    id: str
    topics: tuple[str, ...]


@lru_cache(maxsize=4)
def lesson_index(directory: Path = LESSON_DIR) -> tuple[IndexEntry, ...]:
    """The entries of ``index.yaml`` in teaching order; ``ValueError`` names a bad entry."""
    path = directory / INDEX_FILE
    data = parse_yaml(path.read_text(encoding="utf-8"))
    entries: list[IndexEntry] = []
    for item in data["lessons"]:
        topics = tuple(str(t) for t in item.get("topics", ()))
        unknown = [t for t in topics if t not in TOPICS]
        if unknown:
            raise ValueError(f"{path}: lesson {item['id']}: unknown topic {unknown[0]!r}")
        entries.append(IndexEntry(str(item["id"]), topics))
    return tuple(entries)


def lesson_for_topic(topic: str, directory: Path = LESSON_DIR) -> str | None:
    """The id of the first lesson (in teaching order) that teaches ``topic``, if any."""
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}")
    return next((e.id for e in lesson_index(directory) if topic in e.topics), None)
