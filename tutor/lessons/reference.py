"""The rules reference (``lessons/reference.yaml``): the default rules in plain words.

One section per rules topic; the lesson index (``lessons/index.yaml``) says which
lesson belongs to which section, so the reference and the lessons link to each other
through that one place.  The glossary defines every term the lessons use (each term
names the words that spell it, so the teaching-order check can find its first use).
The rule options have one line per value, and ``option_lines`` picks the lines of the
options in force.  Every string shown sits under a key the catalog extractor reads
(``heading``, ``body``, ``text``, ``question``, ``caption``).  Read with the lessons'
line-aware safe loader and the same error format.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Iterator

from engine import Card, Rules

from .fieldreader import Invalid
from .loader import LESSON_DIR, _Reader
from .model import Position, Problem, game_rules
from .yamlfile import Map, read_file

REFERENCE_PATH = LESSON_DIR / "reference.yaml"


@dataclass(frozen=True)
class Example:
    cards: tuple[Card, ...]
    position: Position | None
    caption: str | None
    sort: str = "rank"


@dataclass(frozen=True)
class Section:
    id: str
    heading: str
    body: tuple[str, ...]
    examples: tuple[Example, ...] = ()
    decks: int = 2
    """The game the page describes: its examples are read and drawn under its rules."""

    def rules_for(self, rules: Rules) -> Rules:
        return game_rules(rules, self.decks)


@dataclass(frozen=True)
class Term:
    """A glossary entry: ``match`` holds the words that spell the term, per language
    (``en``, ``zh_CN``), for the teaching-order check."""

    id: str
    heading: str
    body: str
    match: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def words(self, language: str) -> tuple[str, ...]:
        return dict(self.match).get(language, ())


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
    glossary_heading: str
    glossary: tuple[Term, ...]
    pages: tuple[Page, ...]
    """Strategy tips, common mistakes, history: in that order."""

    def section(self, topic: str) -> Section | None:
        return next((s for s in self.sections if s.id == topic), None)

    def term(self, term_id: str) -> Term | None:
        return next((t for t in self.glossary if t.id == term_id), None)

    def headings(self) -> list[str]:
        """Every page's heading in display order: topics, glossary, options, questions,
        the rest."""
        return [s.heading for s in self.sections] + [self.glossary_heading, self.options_heading,
                                                     self.faq_heading] + [p.heading for p in self.pages]

    @property
    def glossary_page(self) -> int:
        return len(self.sections)

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
        yield self.glossary_heading
        for term in self.glossary:
            yield term.heading
            yield term.body
        for page in self.pages:
            yield page.heading
            yield from page.body


class _ReferenceReader(_Reader):
    def example(self, value: Any, line: int, field: str) -> Example:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"cards", "level", "trump", "caption", "sort"}, field)
        return Example(self.get(m, "cards", field, self.cards, required=True),
                       self.position(m, field, None), self.get(m, "caption", field, self.text),
                       self.get(m, "sort", field, self.sort, default="rank"))

    def section(self, value: Any, line: int, field: str) -> Section:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"id", "heading", "body", "examples", "decks"}, field)
        examples = self.get(m, "examples", field, self.sequence, default=[])
        decks = self.get(m, "decks", field, self.decks, default=2)
        rules, self.rules = self.rules, game_rules(self.rules, decks)  # its examples are its game's cards
        try:
            return Section(
                id=self.get(m, "id", field, self.word, required=True),
                heading=self.get(m, "heading", field, self.text, required=True),
                body=self.get(m, "body", field, self.texts, required=True),
                examples=tuple(self.example(e, examples.lines[i], f"{field}.examples[{i}]")
                               for i, e in enumerate(examples)),
                decks=decks,
            )
        finally:
            self.rules = rules

    def term(self, value: Any, line: int, field: str) -> Term:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"id", "heading", "body", "match"}, field)
        match = self.get(m, "match", field, self.mapping, required=True)
        self.unknown_keys(match, {"en", "zh_CN"}, f"{field}.match")
        words = tuple((lang, self.get(match, lang, f"{field}.match", self.texts, default=()))
                      for lang in ("en", "zh_CN"))
        return Term(self.get(m, "id", field, self.word, required=True),
                    self.get(m, "heading", field, self.text, required=True),
                    self.get(m, "body", field, self.text, required=True), words)

    def option(self, value: Any, line: int, field: str) -> tuple[str, tuple[tuple[Any, str], ...]]:  # type: ignore[override]
        m = self.mapping(value, line, field)
        name = self.get(m, "option", field, self.word, required=True)
        if name not in {f.name for f in fields(Rules)}:
            self.problem(self.line_of(m, "option"), f"{field}.option", f"unknown rule option {name!r}")
            raise Invalid
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
                raise Invalid from None
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
            raise Invalid
        self.unknown_keys(data, {"title", "summary", "sections", "glossary", "options", "faq", "strategy",
                                 "mistakes", "history"}, "")
        options_heading, options = self.block(data, "options", "items")
        faq_heading, faq = self.block(data, "faq", "items")
        glossary_heading, glossary = self.block(data, "glossary", "terms")
        return Reference(
            title=self.get(data, "title", "", self.text, required=True),
            summary=self.get(data, "summary", "", self.text, required=True),
            sections=self.listed(data, "sections", "", self.section),
            options_heading=options_heading,
            options=self.listed(options, "items", "options", self.option),
            faq_heading=faq_heading,
            faq=self.listed(faq, "items", "faq", self.faq),
            glossary_heading=glossary_heading,
            glossary=self.listed(glossary, "terms", "glossary", self.term),
            pages=tuple(self.page(data, key) for key in ("strategy", "mistakes", "history")),
        )


def load_reference(path: str | Path = REFERENCE_PATH) -> tuple[Reference | None, list[Problem]]:
    """The reference, or ``None`` with the problems that stopped it (shown instead)."""
    reader = _ReferenceReader(str(path), Rules())
    reference = None
    try:
        result = read_file(path)
        for p in result.problems:
            reader.problem(p.line, p.field, p.message)
        if not result.problems:
            reference = reader.reference(result.data)
    except OSError as exc:
        reader.problem(1, "file", str(exc))
        reference = None
    except Invalid:
        reference = None
    except Exception as exc:  # noqa: BLE001 - a damaged file is shown, never raised
        reader.problem(1, "reference", f"cannot be read: {exc!r}")
        reference = None
    if reader.problems:
        return None, reader.problems
    return reference, []
