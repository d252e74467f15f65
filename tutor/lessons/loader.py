"""Read lesson files into the model, with ``file:line: field: problem`` errors.

Files are read through ``tutor.lessons.yamlfile`` (bounded, safe, line-aware).  The
reader collects every problem it finds instead of stopping at the first
(``fieldreader``), and checks what each step means under the rules in force
(``meaning``: the engine judges exactly the author's answer right, a task can be
failed, a position can be dealt).

A file with problems becomes an ``UnavailableLesson`` carrying them: the app lists
them instead of crashing.
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from engine import Rules

from .fieldreader import Invalid
from .handfile import read_hand
from .meaning import MeaningChecker
from .model import Lesson, Position, UnavailableLesson, game_rules
from .steps import STEP_TYPES, Choose, Quiz, Step
from .yamlfile import Map, read_file

from ..resources import LESSONS as LESSON_DIR

if TYPE_CHECKING:
    from .hand import GuidedHand


_COMMON = {"kind", "goal", "heading", "text", "hint", "explain", "only_if", "with_rules", "teaches", "needs", "defines", "sort"}
_TASK = _COMMON | {"answer", "expect", "level", "trump", "question", "praise"}
_ALLOWED = {
    "narration": _COMMON | {"cards", "highlight", "caption", "table", "tricks", "level", "trump"},
    "choose": _TASK | {"options", "table", "cards", "trick", "tricks", "lead", "others", "declarations",
                       "taken", "last_trick", "points", "dealer", "attackers", "seat"},
    "select_cards": _TASK | {"hand", "lead", "others", "count"},
    "play_trick": _TASK | {"hand", "trick", "strategy", "dealer", "taken", "kitty"},
    "lead": _TASK | {"hand", "others", "played", "strategy", "dealer", "taken", "kitty"},
    "declare": _TASK | {"hand", "shown"},
    "drill": _COMMON | {"generator", "streak"},
    "quiz": _COMMON | {"pool", "count"},
    "recap": _COMMON | {"recap"},
}
_DATA_KEYS = ("taken", "last_trick", "points", "dealer", "attackers", "seat")
_TOP = {"title", "summary", "concept", "decks", "level", "trump", "steps"}


class _Reader(MeaningChecker):
    """Turns parsed YAML into the model, collecting problems instead of stopping."""

    def lesson(self, data: Any, lesson_id: str, topic: str | None) -> Lesson | None:
        if not isinstance(data, Map):
            self.problem(1, "lesson", "a lesson file must be a mapping with title, summary, concept and steps")
            return None
        self.unknown_keys(data, _TOP, "")
        try:
            head = {k: self.get(data, k, "", self.text, required=True) for k in ("title", "summary", "concept")}
            decks = self.get(data, "decks", "", self.decks, default=2)
            position = self.position(data, "", None)
            steps_seq = self.get(data, "steps", "", self.sequence, required=True)
        except Invalid:
            return None
        self.rules = game_rules(self.rules, decks)  # every card and answer is read under the lesson's game
        steps = []
        for i, item in enumerate(steps_seq):
            try:
                steps.append(self.step(item, steps_seq.lines[i], f"steps[{i}]", position, decks))
            except Invalid:
                continue
        if not steps_seq:
            self.problem(steps_seq.line, "steps", "a lesson needs at least one step")
        return Lesson(id=lesson_id, path=self.path, steps=tuple(steps), rules_topic=topic, decks=decks, **head)

    def position(self, m: Map, where: str, default: Position | None) -> Position | None:
        level = self.get(m, "level", where, self.level)
        has_trump = "trump" in m
        trump = self.get(m, "trump", where, self.trump) if has_trump else None
        if level is None and not has_trump:
            return default
        if level is None:
            if default is None:
                self.problem(self.line_of(m, "trump"), f"{where}.level" if where else "level", "a trump needs a level")
                raise Invalid
            level = default.level
        if not has_trump and default is not None and default.level == level:
            return default
        return Position(level, trump, decided=has_trump)

    def step(self, value: Any, line: int, where: str, default: Position | None, decks: int | None = None) -> Step:
        self.over = set()
        m = self.mapping(value, line, where)
        kind = self.get(m, "kind", where, self.word, required=True)
        if kind not in STEP_TYPES:
            self.problem(self.line_of(m, "kind"), f"{where}.kind",
                         f"unknown step kind {kind!r}; use one of {', '.join(STEP_TYPES)}")
            raise Invalid
        self.unknown_keys(m, _ALLOWED[kind], where)
        cls = STEP_TYPES[kind]
        values: dict[str, Any] = {"line": m.line, "decks": decks}
        readers: dict[str, Callable[[Any, int, str], Any]] = {
            "goal": self.text, "heading": self.text, "text": self.text, "hint": self.text, "explain": self.text,
            "question": self.text, "praise": self.text, "caption": self.text, "answer": self.word,
            "only_if": self.only_if, "with_rules": self.only_if, "teaches": self.words, "needs": self.words, "defines": self.words,
            "sort": self.sort, "cards": self.cards, "highlight": self.cards, "table": self.boolean,
            "hand": self.cards, "lead": self.cards, "played": self.cards, "others": self.hands,
            "count": self.number, "trick": self.trick, "tricks": self.tricks, "shown": self.shown,
            "declarations": self.declarations, "options": self.options, "recap": self.texts,
            "generator": self.word, "streak": self.number, "pool": self.words,
            "strategy": self.boolean, "dealer": self.seat, "taken": self.number, "kitty": self.cards,
        }
        names = {f.name for f in fields(cls)}
        failed = False
        for key, read in readers.items():
            if key in names and key in m:
                try:
                    values[key] = self.get(m, key, where, read)
                except Invalid:
                    failed = True
        if "count" in m and cls is Quiz:
            values["count"] = self.get(m, "count", where, self.number)
        if "expect" in m:
            try:
                read_expect = self.word if cls is Choose else self.card_answers
                values["expect"] = self.get(m, "expect", where, read_expect)
            except Invalid:
                failed = True
        if "position" in names:
            try:
                values["position"] = self.position(m, where, default)
            except Invalid:
                failed = True
        if cls is Choose:
            data = {}
            for key in _DATA_KEYS:
                try:
                    data[key] = self.get(m, key, where, self.word)
                except Invalid:
                    failed = True
            values["data"] = tuple((k, v) for k, v in data.items() if v is not None)
        if any(key == "decks" for key, _ in values.get("with_rules", ())):
            self.problem(self.line_of(m, "with_rules"), f"{where}.with_rules",
                         "a game of other decks is the lesson's: give `decks` at the top of the file")
            failed = True
        if failed:
            raise Invalid
        step = cls(**{k: v for k, v in values.items() if v is not None})
        self.check_step(step, m, where)
        return step

# --------------------------------------------------------------------------- entry points


def read_lesson(path: str | Path, lesson_id: str, topic: str | None = None,
                rules: Rules | None = None) -> Lesson | UnavailableLesson:
    """Read one lesson file; problems of any kind give an ``UnavailableLesson``."""
    path = Path(path)
    name = str(path)
    rules = rules if rules is not None else Rules()
    reader = _Reader(name, rules)
    lesson = None
    try:
        result = read_file(path)
        for p in result.problems:
            reader.problem(p.line, p.field, p.message)
        if result.data is not None or not result.problems:
            lesson = reader.lesson(result.data, lesson_id, topic)
    except OSError as exc:
        reader.problem(1, "file", exc.strerror or str(exc))
    except Exception as exc:  # noqa: BLE001 - a lesson file must never take the app down
        reader.problem(1, "lesson", f"cannot be read: {exc!r}")
    if lesson is None or reader.problems:
        title = lesson.title if lesson is not None else None
        return UnavailableLesson(lesson_id, name, tuple(sorted(reader.problems, key=lambda p: p.line)), title)
    return lesson


def lesson_id_of(path: Path) -> str:
    """A file outside the index is named by its number: ``lessons/03_x.yaml`` → ``"03"``."""
    return path.stem.split("_", 1)[0]


def load_lesson(path: str | Path, rules: Rules | None = None) -> "Lesson | GuidedHand | UnavailableLesson":
    """Read one lesson file (or guided hand), its id and topic taken from the index
    when it is listed."""
    from .index import entry_for_file

    entry = entry_for_file(Path(path))
    if entry is None:
        return read_lesson(path, lesson_id_of(Path(path)), None, rules)
    return _READERS[entry.kind](path, entry.id, entry.reference, rules)


def load_all(directory: Path = LESSON_DIR,
             rules: Rules | None = None) -> "list[Lesson | GuidedHand | UnavailableLesson]":
    """Every lesson (and guided hand) of the index, in teaching order; broken ones as
    ``UnavailableLesson``.

    Each file is read and checked once per rule set: later calls (every browser, rules
    or review screen) reuse the lesson until the file changes (size or time stamp)."""
    from .index import read_index

    rules = rules if rules is not None else Rules()
    index = read_index(directory, file_stamp(directory / "index.yaml"))
    if index.problems:
        return [UnavailableLesson("00", str(directory / "index.yaml"), tuple(index.problems))]
    found = []
    for e in index.entries:
        key = (directory / e.file, file_stamp(directory / e.file), e.id, e.reference, e.kind)
        lesson = _OTHER_GAMES.get(key)
        if lesson is None or lesson.decks == rules.decks:  # the game in force: its options count
            lesson = _read_unchanged(*key[:4], rules, e.kind)
            if getattr(lesson, "decks", rules.decks) != rules.decks:
                if len(_OTHER_GAMES) >= 64:
                    _OTHER_GAMES.clear()
                _OTHER_GAMES[key] = lesson
        found.append(lesson)
    return found


_OTHER_GAMES: dict[tuple[Path, tuple[int, int], str, str | None, str], Any] = {}
"""Lessons of a game other than the one in force, by file and change stamp: such a
lesson is read under its own game's rules, the same whatever game and options are in
force, so it is read once for all of them (the checker loads every lesson under every
option)."""


@lru_cache(maxsize=256)
def _read_unchanged(path: Path, stamp: tuple[int, int], lesson_id: str, topic: str | None,
                    rules: Rules, kind: str = "lesson") -> "Lesson | GuidedHand | UnavailableLesson":
    return _READERS[kind](path, lesson_id, topic, rules)


_READERS = {"lesson": read_lesson, "hand": read_hand}
"""How each kind of index entry is read (``index.KINDS``)."""


def file_stamp(path: Path) -> tuple[int, int]:
    """A file's change stamp (time and size): a changed file is read again."""
    try:
        info = path.stat()
    except OSError:
        return (0, -1)
    return (info.st_mtime_ns, info.st_size)
