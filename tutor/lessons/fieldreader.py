"""Typed fields of a lesson file: parsed YAML read into cards, seats, tricks, options
and answers, each problem recorded as ``file:line: field: problem`` instead of stopping.

Every converter takes ``(value, line, field)`` and returns the value, or records the
problem and raises ``Invalid``.  Apart from the lesson reader (``loader``) because the
guided hand (``hand``) reads its own schema with the same fields.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from engine import Card, Rules, check_dealable, parse_cards
from engine.errors import InvalidCardsError
from engine.cards import RANKS

from .answers import MAX_CANDIDATES, TooOpen, subsets
from .model import SEATS, SORTS, Answer, Option, Problem, Trick, answer_key
from .yamlfile import Map, Seq


class Invalid(Exception):
    """A field could not be read; the problem is already recorded."""


class FieldReader:
    """Reads the typed fields of parsed YAML, collecting problems instead of stopping."""

    def __init__(self, path: str, rules: Rules) -> None:
        self.path, self.rules = path, rules
        self.problems: list[Problem] = []
        self.over: set[str] = set()
        """Deal problems already reported in the current step."""

    def problem(self, line: int, field: str, message: str) -> None:
        self.problems.append(Problem(self.path, line, field, message))

    @staticmethod
    def line_of(m: Any, key: str) -> int:
        return m.lines.get(key, m.line) if isinstance(m, Map) else 1

    def get(self, m: Map, key: str, where: str, convert: Callable[[Any, int, str], Any],
            required: bool = False, default: Any = None) -> Any:
        field = f"{where}.{key}" if where else key
        if key not in m or m[key] is None:
            if required:
                self.problem(m.line, field, "missing")
                raise Invalid
            return default
        return convert(m[key], self.line_of(m, key), field)

    # converters: (value, line, field) -> value, raising Invalid after recording

    def text(self, value: Any, line: int, field: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.problem(line, field, f"expected text, got {value!r} (quote it)")
            raise Invalid
        if value != value.strip() or "\n" in value:
            # the msgid is the value as YAML gives it: a block scalar's newline would
            # make it differ from the catalog entry of the same sentence
            self.problem(line, field, "line breaks or outer spaces in text; use a plain or quoted string")
            raise Invalid
        return value

    def cards(self, value: Any, line: int, field: str) -> tuple[Card, ...]:
        if not isinstance(value, str):
            self.problem(line, field, f"expected cards like 'S10 S10 BJ', got {value!r}")
            raise Invalid
        try:
            cards = tuple(parse_cards(value))
        except ValueError as exc:
            self.problem(line, field, str(exc))
            raise Invalid from None
        self.copies([cards], line, field)
        return cards

    def copies(self, groups: Iterable[Sequence[Card]], line: int, field: str) -> None:
        """Report a position no deal can produce (the engine's ``check_dealable``: no
        card more often than the decks hold it), once per step."""
        try:
            check_dealable([list(g) for g in groups], self.rules)
        except InvalidCardsError as exc:
            if str(exc) not in self.over:
                self.over.add(str(exc))
                self.problem(line, field, f"{exc}: no deal gives this")

    def seat(self, value: Any, line: int, field: str) -> int:
        if value not in SEATS:
            self.problem(line, field, f"unknown seat {value!r}; use one of {', '.join(SEATS)}")
            raise Invalid
        return SEATS.index(value)

    def boolean(self, value: Any, line: int, field: str) -> bool:
        if not isinstance(value, bool):
            self.problem(line, field, f"expected true or false, got {value!r}")
            raise Invalid
        return value

    def number(self, value: Any, line: int, field: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1000:
            self.problem(line, field, f"expected a whole number from 0 to 1000, got {value!r}")
            raise Invalid
        return value

    def word(self, value: Any, line: int, field: str) -> str:
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            self.problem(line, field, f"expected a word or number, got {value!r} (quote yes/no)")
            raise Invalid
        return str(value)

    def words(self, value: Any, line: int, field: str) -> tuple[str, ...]:
        items = self.sequence(value, line, field)
        return tuple(self.word(v, items.lines[i], f"{field}[{i}]") for i, v in enumerate(items))

    def mapping(self, value: Any, line: int, field: str) -> Map:
        if not isinstance(value, Map):
            self.problem(line, field, "expected a mapping (key: value lines)")
            raise Invalid
        return value

    def sequence(self, value: Any, line: int, field: str) -> Seq:
        if not isinstance(value, Seq):
            self.problem(line, field, "expected a list")
            raise Invalid
        return value

    def texts(self, value: Any, line: int, field: str) -> tuple[str, ...]:
        items = self.sequence(value, line, field)
        return tuple(self.text(v, items.lines[i], f"{field}[{i}]") for i, v in enumerate(items))

    def hands(self, value: Any, line: int, field: str) -> tuple[tuple[Card, ...], ...]:
        items = self.sequence(value, line, field)
        return tuple(self.cards(v, items.lines[i], f"{field}[{i}]") for i, v in enumerate(items))

    def level(self, value: Any, line: int, field: str) -> str:
        level = str(value).upper()
        if level not in RANKS:
            self.problem(line, field, f"unknown level rank {value!r}; use 2 to 10, J, Q, K or A")
            raise Invalid
        return level

    def trump(self, value: Any, line: int, field: str) -> str | None:
        text = str(value).upper()
        if text == "NT":
            return None
        if text not in ("S", "H", "D", "C"):
            self.problem(line, field, f"unknown trump {value!r}; use S, H, D, C or NT")
            raise Invalid
        return text

    def sort(self, value: Any, line: int, field: str) -> str:
        if value not in SORTS:
            self.problem(line, field, f"unknown sort {value!r}; use one of {', '.join(SORTS)}")
            raise Invalid
        return str(value)

    def decks(self, value: Any, line: int, field: str) -> int:
        if value not in (1, 2, 3, 4) or isinstance(value, bool):
            self.problem(line, field, f"expected the number of decks, 1 to 4, got {value!r}")
            raise Invalid
        return int(value)

    def only_if(self, value: Any, line: int, field: str) -> tuple[tuple[str, Any], ...]:
        options = self.mapping(value, line, field)
        try:
            Rules(**options)
        except ValueError as exc:
            self.problem(line, field, str(exc))
            raise Invalid from None
        return tuple(sorted(options.items()))

    def trick(self, value: Any, line: int, field: str, you: bool = True) -> Trick:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"leader", "plays", "winner", "points"}, field)
        leader = self.get(m, "leader", field, self.seat, required=True)
        winner = self.get(m, "winner", field, self.seat)
        stated = self.get(m, "points", field, self.number)
        plays_seq = self.get(m, "plays", field, self.sequence, required=True)
        plays: list[tuple[Card, ...] | None] = []
        for i, item in enumerate(plays_seq):
            where = f"{field}.plays[{i}]"
            plays.append(None if item == "you" and you else self.cards(item, plays_seq.lines[i], where))
        if len(plays) != 4:
            self.problem(plays_seq.line, f"{field}.plays", f"a trick has 4 plays, not {len(plays)}")
            raise Invalid
        trick = Trick(leader, tuple(plays), winner, stated)
        yours = trick.your_index
        if yours is not None and trick.seat_of(yours) != 0:
            want = (0 - leader) % 4
            self.problem(plays_seq.line, f"{field}.plays", f"'you' must be play {want + 1} when {SEATS[leader]} leads")
            raise Invalid
        sizes = {len(p) for p in plays if p is not None}
        if len(sizes) > 1:
            self.problem(plays_seq.line, f"{field}.plays", "every play must have as many cards as the lead")
            raise Invalid
        self.copies([p for p in plays if p is not None], plays_seq.line, f"{field}.plays")
        return trick

    def tricks(self, value: Any, line: int, field: str) -> tuple[Trick, ...]:
        items = self.sequence(value, line, field)
        found = tuple(self.trick(v, items.lines[i], f"{field}[{i}]", you=False) for i, v in enumerate(items))
        self.copies([p for t in found for p in t.plays if p is not None], line, field)
        return found

    def shown(self, value: Any, line: int, field: str) -> tuple[int, tuple[Card, ...]]:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"seat", "cards"}, field)
        return (self.get(m, "seat", field, self.seat, required=True),
                self.get(m, "cards", field, self.cards, required=True))

    def declarations(self, value: Any, line: int, field: str) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        items = self.sequence(value, line, field)
        return tuple(self.shown(v, items.lines[i], f"{field}[{i}]") for i, v in enumerate(items))

    def option(self, value: Any, line: int, field: str) -> Option:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"label", "value", "cards", "feedback"}, field)
        cards = self.get(m, "cards", field, self.cards, default=())
        value_ = self.get(m, "value", field, self.word, required=not cards)
        return Option(
            value=value_ if value_ is not None else " ".join(str(c) for c in cards),
            label=self.get(m, "label", field, self.text, required=not cards),
            cards=cards,
            feedback=self.get(m, "feedback", field, self.text),
        )

    def options(self, value: Any, line: int, field: str) -> tuple[Option, ...]:
        items = self.sequence(value, line, field)
        found, failed = [], False
        for i, item in enumerate(items):
            try:
                found.append(self.option(item, items.lines[i], f"{field}[{i}]"))
            except Invalid:
                failed = True
        if failed:
            raise Invalid
        values = [o.value for o in found]
        for i, v in enumerate(values):
            if v in values[:i]:
                self.problem(items.lines[i], f"{field}[{i}].value", f"two options have the value {v!r}")
                raise Invalid
        return tuple(found)

    def card_answers(self, value: Any, line: int, field: str) -> tuple[Answer, ...]:
        """``expect`` of a card task: one answer (cards, or ``pass``), a list of every
        right answer, or ``{pick: N, from: CARDS}`` (every N of those cards)."""
        if isinstance(value, Map):
            self.unknown_keys(value, {"pick", "from"}, field)
            n = self.get(value, "pick", field, self.number, required=True)
            pool = self.get(value, "from", field, self.cards, required=True)
            try:
                picks = subsets(pool, n)
            except TooOpen:
                self.problem(line, field, f"more than {MAX_CANDIDATES} answers: too many for a lesson task")
                raise Invalid from None
            first = answer_key(pool[:n])  # the first n as written: the answer shown
            return (first, *(p for p in picks if p != first))
        items = value if isinstance(value, Seq) else [value]
        lines = value.lines if isinstance(value, Seq) else [line]
        found: list[Answer] = []
        for i, item in enumerate(items):
            where = f"{field}[{i}]" if isinstance(value, Seq) else field
            answer = () if item == "pass" else answer_key(self.cards(item, lines[i], where))
            if answer not in found:
                found.append(answer)
        return tuple(found)

    def unknown_keys(self, m: Map, allowed: set[str], where: str) -> None:
        for key in m:
            if key not in allowed:
                name = f"{where}.{key}" if where else str(key)
                self.problem(self.line_of(m, key), name, "unknown field")

