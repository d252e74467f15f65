"""The lesson library: the index, the lessons and the rules reference, read once.

Scenes ask the library instead of reading files, so opening the browser, a lesson or
the reference costs nothing after the first time: lessons are read once per rule set
(a lesson's steps and answers depend on the options in force) and again only when a
file changes (``load_all``), the reference once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from engine import Rules

from .index import INDEX_FILE, Index, read_index
from .loader import LESSON_DIR, file_stamp, load_all
from .hand import GuidedHand
from .model import Lesson, Problem, UnavailableLesson
from .reference import REFERENCE_PATH, Reference, load_reference


class LessonLibrary:
    """``lessons(rules)``, ``lesson(id, rules)``, ``reference()``, ``lesson_for_section(id)``,
    ``next_lesson(progress, rules)`` and ``lesson_after(id, rules)``; everything read on
    first use and kept."""

    def __init__(self, directory: Path = LESSON_DIR) -> None:
        self.directory = directory
        self._reference: tuple[Reference | None, list[Problem]] | None = None

    @property
    def index(self) -> Index:
        return read_index(self.directory, file_stamp(self.directory / INDEX_FILE))

    def lessons(self, rules: Rules) -> list[Lesson | GuidedHand | UnavailableLesson]:
        """Every lesson of the index in teaching order (broken files as unavailable)."""
        return load_all(self.directory, rules)

    def lesson(self, lesson_id: str, rules: Rules) -> Lesson | GuidedHand | UnavailableLesson | None:
        return next((x for x in self.lessons(rules) if x.id == lesson_id), None)

    def ideas_before(self, lesson_id: str, rules: Rules) -> frozenset[str]:
        """The rule ideas the lessons before ``lesson_id`` teach (all of them for a
        lesson outside the index)."""
        found: set[str] = set()
        lessons = self.lessons(rules)
        if not any(x.id == lesson_id for x in lessons):
            return frozenset(i for x in lessons if isinstance(x, Lesson) for s in x.steps for i in s.teaches)
        for lesson in lessons:
            if lesson.id == lesson_id:
                break
            if isinstance(lesson, Lesson):
                found.update(idea for step in lesson.steps for idea in step.teaches)
        return frozenset(found)

    def reference(self) -> tuple[Reference | None, list[Problem]]:
        """The rules reference, or ``None`` and the problems that stopped it."""
        if self._reference is None:
            path = self.directory / REFERENCE_PATH.name
            self._reference = load_reference(path)
        return self._reference

    def lesson_for_section(self, section: str) -> str | None:
        """The id of the lesson that teaches a rules-reference section."""
        return next((e.id for e in self.index.entries if e.reference == section), None)

    def next_lesson(self, progress: Mapping[str, object], rules: Rules,
                    kinds: tuple[type, ...] = (Lesson, GuidedHand)) -> Lesson | GuidedHand | UnavailableLesson:
        """The first lesson (or guided hand: ``kinds``) not completed yet (else the first one)."""
        found = self.lessons(rules)
        usable = [x for x in found if isinstance(x, kinds)]
        if not usable:
            return found[0] if found else UnavailableLesson("00", str(self.directory))
        return next((x for x in usable if not getattr(progress.get(x.id), "completed", False)), usable[0])

    def lesson_after(self, lesson_id: str, rules: Rules) -> Lesson | GuidedHand | UnavailableLesson | None:
        """The way on from a finished lesson: the entry after ``lesson_id`` in the index's
        order, ``None`` after the last one (or for an id outside the index).  The one
        home of "what comes next" for every end screen."""
        found = self.lessons(rules)
        at = next((i for i, x in enumerate(found) if x.id == lesson_id), len(found))
        return found[at + 1] if at + 1 < len(found) else None


_DEFAULT: LessonLibrary | None = None


def default_library() -> LessonLibrary:
    """The shipped lessons' library, shared by every scene that is not given one."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = LessonLibrary()
    return _DEFAULT
