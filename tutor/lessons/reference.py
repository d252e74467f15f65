"""The rules reference (``lessons/reference.yaml``): the default rules in plain words.

One section per topic, each naming the lesson that teaches it; lessons name their
section by ``topic``, so the reference and the lessons link to each other.  The rule
options have one line per value, and ``option_lines`` picks the lines of the options in
force.  Every string shown sits under a key the catalog extractor reads (``heading``,
``body``, ``text``, ``question``, ``caption``).  Read with the lessons' line-aware safe loader and the same error format.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Iterator

from engine import Card, Rules

from .loader import LESSON_DIR, LessonYAMLError, Map, _Invalid, _Reader, parse_yaml
from .model import Position, Problem

REFERENCE_PATH = LESSON_DIR / "reference.yaml"


@dataclass(frozen=True)
class Example:
    cards: tuple[Card, ...]
    position: Position | None
    caption: str | None


@dataclass(frozen=True)
class Section:
    id: str
    heading: str
    body: tuple[str, ...]
    lesson: str | None = None
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class Faq:
    question: str
    body: str


@dataclass(frozen=True)
class Page:
    """A page of plain lines: strategy tips, common mistakes, history."""

    heading: str
    body: tuple[str, ...]


@dataclass(frozen=True)
class Reference:
    title: str
    summary: str
    sections: tuple[Section, ...]
    options_heading: str
    options: tuple[tuple[str, tuple[tuple[Any, str], ...]], ...]
    """(option name, ((value, line), ...)) in display order."""
    faq_heading: str
    faq: tuple[Faq, ...]
    pages: tuple[Page, ...]
    """Strategy tips, common mistakes, history: in that order."""

    def section(self, topic: str) -> Section | None:
        return next((s for s in self.sections if s.id == topic), None)

    def headings(self) -> list[str]:
        """Every page's heading in display order: topics, options, questions, the rest."""
        return [s.heading for s in self.sections] + [self.options_heading, self.faq_heading] + \
            [p.heading for p in self.pages]

    def option_lines(self, rules: Rules) -> list[str]:
        """The line (English msgid) describing each option's value in ``rules``."""
        lines = []
        for name, values in self.options:
            current = getattr(rules, name)
            lines.extend(text for value, text in values if value == current and type(value) is type(current))
        return lines

    def texts(self) -> Iterator[str]:
        yield self.title
        yield self.summary
        for section in self.sections:
            yield section.heading
            yield from section.body
            yield from (e.caption for e in section.examples if e.caption)
        yield self.options_heading
        for _name, values in self.options:
            yield from (text for _value, text in values)
        yield self.faq_heading
        for faq in self.faq:
            yield faq.question
            yield faq.body
        for page in self.pages:
            yield page.heading
            yield from page.body


class _ReferenceReader(_Reader):
    def example(self, value: Any, line: int, field: str) -> Example:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"cards", "level", "trump", "caption"}, field)
        return Example(self.get(m, "cards", field, self.cards, required=True),
                       self.position(m, field, None), self.get(m, "caption", field, self.text))

    def section(self, value: Any, line: int, field: str) -> Section:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"id", "lesson", "heading", "body", "examples"}, field)
        examples = self.get(m, "examples", field, self.sequence, default=[])
        return Section(
            id=self.get(m, "id", field, self.word, required=True),
            heading=self.get(m, "heading", field, self.text, required=True),
            body=self.get(m, "body", field, self.texts, required=True),
            lesson=self.get(m, "lesson", field, self.word),
            examples=tuple(self.example(e, examples.lines[i], f"{field}.examples[{i}]")
                           for i, e in enumerate(examples)),
        )

    def option(self, value: Any, line: int, field: str) -> tuple[str, tuple[tuple[Any, str], ...]]:  # type: ignore[override]
        m = self.mapping(value, line, field)
        name = self.get(m, "option", field, self.word, required=True)
        if name not in {f.name for f in fields(Rules)}:
            self.problem(self.line_of(m, "option"), f"{field}.option", f"unknown rule option {name!r}")
            raise _Invalid
        items = self.get(m, "lines", field, self.sequence, required=True)
        lines = []
        for i, item in enumerate(items):
            where = f"{field}.lines[{i}]"
            entry = self.mapping(item, items.lines[i], where)
            option_value = entry.get("value")
            try:
                Rules(**{name: option_value})
            except ValueError as exc:
                self.problem(self.line_of(entry, "value"), f"{where}.value", str(exc))
                raise _Invalid from None
            lines.append((option_value, self.get(entry, "text", where, self.text, required=True)))
        return name, tuple(lines)

    def faq(self, value: Any, line: int, field: str) -> Faq:
        m = self.mapping(value, line, field)
        return Faq(self.get(m, "question", field, self.text, required=True),
                   self.get(m, "body", field, self.text, required=True))

    def listed(self, m: Map, key: str, where: str, read: Any) -> tuple[Any, ...]:
        field = f"{where}.{key}" if where else key
        items = self.get(m, key, where, self.sequence, required=True)
        return tuple(read(item, items.lines[i], f"{field}[{i}]") for i, item in enumerate(items))

    def block(self, data: Map, key: str, inner: str) -> tuple[str, Map]:
        """A page block: its ``heading`` and the mapping holding ``inner``."""
        m = self.get(data, key, "", self.mapping, required=True)
        self.unknown_keys(m, {"heading", inner}, key)
        return self.get(m, "heading", key, self.text, required=True), m

    def page(self, data: Map, key: str) -> Page:
        heading, m = self.block(data, key, "body")
        return Page(heading, self.get(m, "body", key, self.texts, required=True))

    def reference(self, data: Any) -> Reference:
        if not isinstance(data, Map):
            self.problem(1, "reference", "expected a mapping with title, sections, options, faq")
            raise _Invalid
        self.unknown_keys(data, {"title", "summary", "sections", "options", "faq", "strategy",
                                 "mistakes", "history"}, "")
        options_heading, options = self.block(data, "options", "items")
        faq_heading, faq = self.block(data, "faq", "items")
        return Reference(
            title=self.get(data, "title", "", self.text, required=True),
            summary=self.get(data, "summary", "", self.text, required=True),
            sections=self.listed(data, "sections", "", self.section),
            options_heading=options_heading,
            options=self.listed(options, "items", "options", self.option),
            faq_heading=faq_heading,
            faq=self.listed(faq, "items", "faq", self.faq),
            pages=tuple(self.page(data, key) for key in ("strategy", "mistakes", "history")),
        )


def load_reference(path: str | Path = REFERENCE_PATH) -> tuple[Reference | None, list[Problem]]:
    """The reference, or ``None`` with the problems that stopped it (shown instead)."""
    reader = _ReferenceReader(str(path), Rules())
    try:
        reference = reader.reference(parse_yaml(Path(path).read_text(encoding="utf-8")))
    except LessonYAMLError as exc:
        reader.problem(exc.line, "yaml", str(exc))
        reference = None
    except OSError as exc:
        reader.problem(1, "file", str(exc))
        reference = None
    except _Invalid:
        reference = None
    except Exception as exc:  # noqa: BLE001 - a damaged file is shown, never raised
        reader.problem(1, "reference", f"cannot be read: {exc!r}")
        reference = None
    if reader.problems:
        return None, reader.problems
    return reference, []
