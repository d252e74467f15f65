"""Read lesson files into the model, with ``file:line: field: problem`` errors.

YAML is parsed by a ``yaml.SafeLoader`` subclass that remembers the line of every key
and list item, refuses duplicate keys and refuses every tag that is not plain data
(``!!python/object`` and friends).  A file that does not load, or whose tasks the
engine cannot answer under the rules in force, becomes an ``UnavailableLesson`` that
carries the problems: the app shows them instead of crashing.
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import yaml

from engine import Card, Rules, parse_cards

from .model import (
    SEATS,
    Choose,
    Declare,
    Lesson,
    Narration,
    Option,
    PlayTrick,
    Position,
    Problem,
    Recap,
    SelectCards,
    Step,
    Task,
    Trick,
    UnavailableLesson,
)
from .rules import CARD_RULES, CHOICE_RULES, PointsRule, correct_options

from ..resources import LESSONS as LESSON_DIR


# --------------------------------------------------------------------------- YAML with lines


class Map(dict):
    """A YAML mapping that knows the line of itself and of each key (1-based)."""

    line: int = 1
    lines: dict[Any, int]


class Seq(list):
    """A YAML sequence that knows the line of itself and of each item (1-based)."""

    line: int = 1
    lines: list[int]


class LessonYAMLError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


class _Loader(yaml.SafeLoader):
    """Safe YAML that records line numbers; unknown tags are errors, never objects."""

    def construct_undefined(self, node: yaml.Node) -> Any:  # type: ignore[override]
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise LessonYAMLError(node.start_mark.line + 1, f"tag {tag} is not allowed: lessons are plain data")


def _mapping(loader: _Loader, node: yaml.MappingNode) -> Map:
    loader.flatten_mapping(node)
    result = Map()
    result.line, result.lines = node.start_mark.line + 1, {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise LessonYAMLError(key_node.start_mark.line + 1, f"duplicate key {key!r}")
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = key_node.start_mark.line + 1
    return result


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> Seq:
    result = Seq(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor("tag:yaml.org,2002:map", _mapping)
_Loader.add_constructor("tag:yaml.org,2002:seq", _sequence)
# only the tags yaml.safe_load knows are constructed; every other one is refused
_Loader.add_constructor(None, _Loader.construct_undefined)  # type: ignore[arg-type]


def parse_yaml(text: str) -> Any:
    """Parse ``text`` like ``yaml.safe_load`` but with line-aware containers."""
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise LessonYAMLError(mark.line + 1 if mark else 1, f"not valid YAML: {exc.problem}") from exc


# --------------------------------------------------------------------------- reading fields


class _Invalid(Exception):
    """A field could not be read; the problem is already recorded."""


_STEP_TYPES: dict[str, type[Step]] = {
    t.kind: t for t in (Narration, Choose, SelectCards, PlayTrick, Declare, Recap)
}
_COMMON = {"kind", "goal", "text", "hint", "explain", "only_if"}
_TASK = _COMMON | {"answer", "level", "trump", "question", "praise"}
_ALLOWED = {
    "narration": _COMMON | {"cards", "highlight", "caption", "table", "level", "trump"},
    "choose": _TASK | {"options", "cards", "trick", "lead", "others",
                       "tricks", "last_trick", "points", "dealer"},
    "select_cards": _TASK | {"hand", "lead", "trick", "others", "count"},
    "play_trick": _TASK | {"hand", "trick"},
    "declare": _TASK | {"hand", "shown"},
    "recap": _COMMON | {"recap", "heading"},
}
_DATA_KEYS = ("tricks", "last_trick", "points", "dealer")
_TOP = {"id", "title", "summary", "concept", "topic", "level", "trump", "steps"}


class _Reader:
    """Turns parsed YAML into the model, collecting problems instead of stopping."""

    def __init__(self, path: str, rules: Rules) -> None:
        self.path, self.rules = path, rules
        self.problems: list[Problem] = []

    def problem(self, line: int, field: str, message: str) -> None:
        self.problems.append(Problem(self.path, line, field, message))

    @staticmethod
    def line_of(m: Map, key: str) -> int:
        return m.lines.get(key, m.line) if isinstance(m, Map) else 1

    def get(self, m: Map, key: str, where: str, convert: Callable[[Any, int, str], Any],
            required: bool = False, default: Any = None) -> Any:
        field = f"{where}.{key}" if where else key
        if key not in m or m[key] is None:
            if required:
                self.problem(m.line, field, "missing")
                raise _Invalid
            return default
        return convert(m[key], self.line_of(m, key), field)

    # converters: (value, line, field) -> value, raising _Invalid after recording

    def text(self, value: Any, line: int, field: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.problem(line, field, f"expected text, got {value!r} (quote it)")
            raise _Invalid
        if value != value.strip() or "\n" in value:
            # the msgid is the value as YAML gives it: a block scalar's newline would
            # make it differ from the catalog entry of the same sentence
            self.problem(line, field, "line breaks or outer spaces in text; use a plain or quoted string")
            raise _Invalid
        return value

    def cards(self, value: Any, line: int, field: str) -> tuple[Card, ...]:
        if not isinstance(value, str):
            self.problem(line, field, f"expected cards like 'S10 S10 BJ', got {value!r}")
            raise _Invalid
        try:
            return tuple(parse_cards(value))
        except ValueError as exc:
            self.problem(line, field, str(exc))
            raise _Invalid from None

    def seat(self, value: Any, line: int, field: str) -> int:
        if value not in SEATS:
            self.problem(line, field, f"unknown seat {value!r}; use one of {', '.join(SEATS)}")
            raise _Invalid
        return SEATS.index(value)

    def boolean(self, value: Any, line: int, field: str) -> bool:
        if not isinstance(value, bool):
            self.problem(line, field, f"expected true or false, got {value!r}")
            raise _Invalid
        return value

    def number(self, value: Any, line: int, field: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem(line, field, f"expected a whole number, got {value!r}")
            raise _Invalid
        return value

    def word(self, value: Any, line: int, field: str) -> str:
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            self.problem(line, field, f"expected a word or number, got {value!r} (quote yes/no)")
            raise _Invalid
        return str(value)

    def mapping(self, value: Any, line: int, field: str) -> Map:
        if not isinstance(value, Map):
            self.problem(line, field, "expected a mapping (key: value lines)")
            raise _Invalid
        return value

    def sequence(self, value: Any, line: int, field: str) -> Seq:
        if not isinstance(value, Seq):
            self.problem(line, field, "expected a list")
            raise _Invalid
        return value

    def texts(self, value: Any, line: int, field: str) -> tuple[str, ...]:
        items = self.sequence(value, line, field)
        return tuple(self.text(v, items.lines[i], f"{field}[{i}]") for i, v in enumerate(items))

    def hands(self, value: Any, line: int, field: str) -> tuple[tuple[Card, ...], ...]:
        items = self.sequence(value, line, field)
        return tuple(self.cards(v, items.lines[i], f"{field}[{i}]") for i, v in enumerate(items))

    def level(self, value: Any, line: int, field: str) -> str:
        level = str(value).upper()
        if level not in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
            self.problem(line, field, f"unknown level rank {value!r}")
            raise _Invalid
        return level

    def trump(self, value: Any, line: int, field: str) -> str | None:
        text = str(value).upper()
        if text in ("NT", "NONE"):
            return None
        if text not in ("S", "H", "D", "C"):
            self.problem(line, field, f"unknown trump {value!r}; use S, H, D, C or NT")
            raise _Invalid
        return text

    def only_if(self, value: Any, line: int, field: str) -> tuple[tuple[str, Any], ...]:
        options = self.mapping(value, line, field)
        try:
            Rules(**options)
        except ValueError as exc:
            self.problem(line, field, str(exc))
            raise _Invalid from None
        return tuple(sorted(options.items()))

    def trick(self, value: Any, line: int, field: str) -> Trick:
        m = self.mapping(value, line, field)
        leader = self.get(m, "leader", field, self.seat, required=True)
        plays_seq = self.get(m, "plays", field, self.sequence, required=True)
        plays: list[tuple[Card, ...] | None] = []
        for i, item in enumerate(plays_seq):
            where = f"{field}.plays[{i}]"
            plays.append(None if item == "you" else self.cards(item, plays_seq.lines[i], where))
        if len(plays) != 4:
            self.problem(plays_seq.line, f"{field}.plays", f"a trick has 4 plays, not {len(plays)}")
            raise _Invalid
        trick = Trick(leader, tuple(plays))
        you = trick.your_index
        if you is not None and trick.seat_of(you) != 0:
            want = (0 - leader) % 4
            self.problem(plays_seq.line, f"{field}.plays",
                         f"'you' must be play {want + 1} when {SEATS[leader]} leads")
            raise _Invalid
        sizes = {len(p) for p in plays if p is not None}
        if len(sizes) > 1:
            self.problem(plays_seq.line, f"{field}.plays", "every play must have as many cards as the lead")
            raise _Invalid
        return trick

    def shown(self, value: Any, line: int, field: str) -> tuple[int, tuple[Card, ...]]:
        m = self.mapping(value, line, field)
        return (self.get(m, "seat", field, self.seat, required=True),
                self.get(m, "cards", field, self.cards, required=True))

    def option(self, value: Any, line: int, field: str) -> Option:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"label", "value", "cards", "correct", "feedback"}, field)
        cards = self.get(m, "cards", field, self.cards, default=())
        return Option(
            label=self.get(m, "label", field, self.text, required=not cards),
            value=self.get(m, "value", field, self.word),
            cards=cards,
            correct=self.get(m, "correct", field, self.boolean, default=False),
            feedback=self.get(m, "feedback", field, self.text),
        )

    def options(self, value: Any, line: int, field: str) -> tuple[Option, ...]:
        items = self.sequence(value, line, field)
        found, failed = [], False
        for i, item in enumerate(items):
            try:
                found.append(self.option(item, items.lines[i], f"{field}[{i}]"))
            except _Invalid:
                failed = True
        if failed:
            raise _Invalid
        return tuple(found)

    def unknown_keys(self, m: Map, allowed: set[str], where: str) -> None:
        for key in m:
            if key not in allowed:
                name = f"{where}.{key}" if where else str(key)
                self.problem(self.line_of(m, key), name, "unknown field")

    # ----------------------------------------------------------------- lesson and steps

    def lesson(self, data: Any, lesson_id: str) -> Lesson | None:
        if not isinstance(data, Map):
            self.problem(1, "lesson", "a lesson file must be a mapping with id, title, steps")
            return None
        self.unknown_keys(data, _TOP, "")
        try:
            file_id = self.get(data, "id", "", self.word, required=True)
            if file_id != lesson_id:
                self.problem(self.line_of(data, "id"), "id",
                             f"{file_id!r} does not match the file name (expected {lesson_id!r})")
            head = {k: self.get(data, k, "", self.text, required=True) for k in ("title", "summary", "concept")}
            topic = self.get(data, "topic", "", self.word)
            position = self.position(data, "", None)
            steps_seq = self.get(data, "steps", "", self.sequence, required=True)
        except _Invalid:
            return None
        steps = []
        for i, item in enumerate(steps_seq):
            try:
                steps.append(self.step(item, steps_seq.lines[i], f"steps[{i}]", position))
            except _Invalid:
                continue
        if not steps_seq:
            self.problem(steps_seq.line, "steps", "a lesson needs at least one step")
        return Lesson(id=lesson_id, path=self.path, steps=tuple(steps), rules_topic=topic, **head)

    def position(self, m: Map, where: str, default: Position | None) -> Position | None:
        level = self.get(m, "level", where, self.level)
        has_trump = "trump" in m
        trump = self.get(m, "trump", where, self.trump)
        if level is None and not has_trump:
            return default
        if level is None:
            if default is None:
                self.problem(self.line_of(m, "trump"), f"{where}.level", "a trump needs a level")
                raise _Invalid
            level = default.level
        if not has_trump:
            trump = default.trump if default is not None else None
        return Position(level, trump)

    def step(self, value: Any, line: int, where: str, default: Position | None) -> Step:
        m = self.mapping(value, line, where)
        kind = self.get(m, "kind", where, self.word, required=True)
        if kind not in _STEP_TYPES:
            self.problem(self.line_of(m, "kind"), f"{where}.kind",
                         f"unknown step kind {kind!r}; use one of {', '.join(_STEP_TYPES)}")
            raise _Invalid
        self.unknown_keys(m, _ALLOWED[kind], where)
        cls = _STEP_TYPES[kind]
        values: dict[str, Any] = {"line": m.line}
        readers: dict[str, Callable[[Any, int, str], Any]] = {
            "goal": self.text, "text": self.text, "hint": self.text, "explain": self.text,
            "question": self.text, "praise": self.text, "caption": self.text, "heading": self.text,
            "answer": self.word, "only_if": self.only_if, "cards": self.cards,
            "highlight": self.cards, "table": self.boolean, "hand": self.cards, "lead": self.cards,
            "others": self.hands, "count": self.number, "trick": self.trick, "shown": self.shown,
            "options": self.options, "recap": self.texts,
        }
        names = {f.name for f in fields(cls)}
        failed = False
        for key, read in readers.items():
            if key in names and key in m:
                try:
                    values[key] = self.get(m, key, where, read)
                except _Invalid:
                    failed = True
        if "position" in names:
            values["position"] = self.position(m, where, default)
        if cls is Choose:
            data = {}
            for key in _DATA_KEYS:
                try:
                    data[key] = self.get(m, key, where, self.word)
                except _Invalid:
                    failed = True
            values["data"] = tuple((k, v) for k, v in data.items() if v is not None)
        if failed:
            raise _Invalid
        step = cls(**{k: v for k, v in values.items() if v is not None})
        self.check_step(step, m, where)
        return step

    # ----------------------------------------------------------------- meaning

    def check_step(self, step: Step, m: Map, where: str) -> None:
        """Everything the schema alone cannot say: the rule exists and fits the step, the
        data it needs is there, and under the rules in force it has a right answer and
        a wrong one."""
        at = lambda key: self.line_of(m, key)  # noqa: E731
        if isinstance(step, Narration) and not (step.text or step.goal):
            self.problem(m.line, f"{where}.text", "a narration needs text")
        if isinstance(step, Recap) and not step.recap:
            self.problem(m.line, f"{where}.recap", "a recap needs at least one line")
        if not isinstance(step, Task):
            if isinstance(step, Narration) and step.highlight and not set(step.highlight) <= set(step.cards):
                self.problem(at("highlight"), f"{where}.highlight", "highlights cards that are not shown")
            return
        if not step.goal:
            self.problem(m.line, f"{where}.goal", "every task needs a one-line goal")
        if isinstance(step, Choose):
            self.check_choose(step, m, where)
            return
        rule = CARD_RULES.get(step.answer or "")
        if rule is None or not isinstance(step, rule.step_types):
            known = sorted(n for n, r in CARD_RULES.items() if isinstance(step, r.step_types))
            self.problem(at("answer"), f"{where}.answer",
                         f"unknown rule {step.answer!r} for {step.kind}; use one of {', '.join(known)}")
            return
        missing = [key for key in ("hand",) + rule.needs if not getattr(step, key, None)]
        if isinstance(step, PlayTrick) and step.trick is None:
            missing.append("trick")
        if step.answer == "legal_follow" and isinstance(step, SelectCards) and not (step.lead or step.trick):
            missing.append("lead")
        if self.lacks_inputs(step, m, where, missing, "a task"):
            return
        if isinstance(step, PlayTrick) and step.trick is not None and step.trick.your_index in (None, 0):
            self.problem(at("trick"), f"{where}.trick", "put 'you' among the plays after the lead")
            return
        if not step.applies(self.rules):
            return
        self.evaluate(step, where, at("answer"), rule)

    def lacks_inputs(self, step: Any, m: Map, where: str, missing: list[str], what: str) -> bool:
        """Report the keys a step's rule needs but the step lacks, then a missing
        position; ``True`` when anything was reported (the rule cannot be evaluated)."""
        for key in missing:
            self.problem(m.line, f"{where}.{key}", f"missing (rule {step.answer} needs it)")
        if missing:
            return True
        if step.position is None:
            self.problem(m.line, f"{where}.level", f"missing: {what} needs a level (and trump)")
            return True
        return False

    def evaluate(self, step: Task, where: str, line: int, rule: Any) -> None:
        assert step.position is not None
        try:
            ctx = step.position.context(self.rules)
            if not rule.answers(step, ctx):
                self.problem(line, f"{where}.answer", f"no answer satisfies {step.answer} here")
            elif rule.wrong_answer(step, ctx) is None:
                self.problem(line, f"{where}.answer", f"every answer satisfies {step.answer}: the task cannot be failed")
            if isinstance(rule, PointsRule) and isinstance(step, PlayTrick):
                wins = rule.team_wins(step, ctx)
                if wins is not (rule.most):
                    side = "your side must win the trick whatever you play" if rule.most else \
                        "the opponents must win the trick whatever you play"
                    self.problem(line, f"{where}.answer", f"{step.answer} needs a trick where {side}")
        except Exception as exc:  # noqa: BLE001 - reported as a problem of the file, not raised
            self.problem(line, f"{where}.answer", f"the engine cannot judge this step: {exc}")

    def check_choose(self, step: Choose, m: Map, where: str) -> None:
        at = lambda key: self.line_of(m, key)  # noqa: E731
        if len(step.options) < 2:
            self.problem(at("options"), f"{where}.options", "a choice needs at least two options")
            return
        if step.answer is not None:
            rule = CHOICE_RULES.get(step.answer)
            if rule is None:
                self.problem(at("answer"), f"{where}.answer",
                             f"unknown rule {step.answer!r} for choose; use one of {', '.join(sorted(CHOICE_RULES))}")
                return
            if any(o.correct for o in step.options):
                self.problem(at("options"), f"{where}.options",
                             "an option marked correct: the rule decides which is right")
            missing = [k for k in rule.needs if not (getattr(step, k, None) or step.datum(k) is not None)]
            if self.lacks_inputs(step, m, where, missing, "a computed answer"):
                return
        if not step.applies(self.rules):
            return
        try:
            ctx = step.position.context(self.rules) if step.position else None
            right = correct_options(step, ctx)
        except Exception as exc:  # noqa: BLE001 - reported as a problem of the file, not raised
            self.problem(at("answer"), f"{where}.answer", f"the engine cannot judge this step: {exc}")
            return
        if len(right) != 1:
            found = "no option is" if not right else f"{len(right)} options are"
            self.problem(at("options"), f"{where}.options", f"{found} right; exactly one must be")


# --------------------------------------------------------------------------- entry points


def lesson_id_of(path: Path) -> str:
    """``lessons/03_trumps.yaml`` has the id ``"03"``."""
    return path.stem.split("_", 1)[0]


def load_lesson(path: str | Path, rules: Rules | None = None) -> Lesson | UnavailableLesson:
    """Read one lesson file; problems of any kind give an ``UnavailableLesson``."""
    path = Path(path)
    name, lesson_id = str(path), lesson_id_of(path)
    rules = rules if rules is not None else Rules()
    reader = _Reader(name, rules)
    try:
        data = parse_yaml(path.read_text(encoding="utf-8"))
        lesson = reader.lesson(data, lesson_id)
    except LessonYAMLError as exc:
        reader.problem(exc.line, "yaml", str(exc))
        lesson = None
    except (OSError, UnicodeDecodeError) as exc:
        reader.problem(1, "file", str(exc))
        lesson = None
    except Exception as exc:  # noqa: BLE001 - a lesson file must never take the app down
        reader.problem(1, "lesson", f"cannot be read: {exc!r}")
        lesson = None
    if lesson is None or reader.problems:
        title = lesson.title if lesson is not None else None
        return UnavailableLesson(lesson_id, name, tuple(reader.problems), title)
    return lesson


def lesson_paths(directory: Path = LESSON_DIR) -> list[Path]:
    return sorted(directory.glob("[0-9][0-9]_*.yaml"))


def load_all(directory: Path = LESSON_DIR, rules: Rules | None = None) -> list[Lesson | UnavailableLesson]:
    """Every shipped lesson, in order; broken ones as ``UnavailableLesson``.

    Each file is read and checked once per rule set: later calls (every browser, rules
    or review screen) reuse the lesson until the file changes (size or time stamp)."""
    rules = rules if rules is not None else Rules()
    return [_load_unchanged(path, _stamp(path), rules) for path in lesson_paths(directory)]


@lru_cache(maxsize=256)
def _load_unchanged(path: Path, stamp: tuple[int, int], rules: Rules) -> Lesson | UnavailableLesson:
    return load_lesson(path, rules)


def _stamp(path: Path) -> tuple[int, int]:
    try:
        info = path.stat()
    except OSError:
        return (0, -1)
    return (info.st_mtime_ns, info.st_size)
