"""The lesson model: plain data read from ``lessons/*.yaml`` (schema: ``lessons/README.md``).

Every user-visible string is kept as its English msgid and translated where it is shown,
so a language switch changes a lesson that is already open.  Cards are engine ``Card``
values; what counts as a right answer is never stored here, only the *name* of the rule
(``tutor.lessons.rules``) that decides it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from engine import Card, Rules, TrumpContext

SEATS = ("you", "right", "partner", "left")
"""Seat names as lessons write them; the index is the seat number (you are seat 0).

Play goes counter-clockwise, so the opponent on your right (下家) plays after you.
"""


@dataclass(frozen=True)
class Position:
    """The level rank and the trump suit (``None``: no-trump) a step is played under."""

    level: str
    trump: str | None

    def context(self, rules: Rules) -> TrumpContext:
        return TrumpContext(level=self.level, trump=self.trump, rules=rules)


@dataclass(frozen=True)
class Trick:
    """A trick in play order from ``leader``; ``None`` in ``plays`` marks the learner's play."""

    leader: int
    plays: tuple[tuple[Card, ...] | None, ...]

    def seat_of(self, index: int) -> int:
        """The seat that made play number ``index``."""
        return (self.leader + index) % 4

    @property
    def your_index(self) -> int | None:
        return next((i for i, p in enumerate(self.plays) if p is None), None)

    def with_play(self, cards: list[Card]) -> list[list[Card]]:
        """Every play as lists, the learner's filled in with ``cards``."""
        return [list(cards) if p is None else list(p) for p in self.plays]


@dataclass(frozen=True)
class Option:
    """One answer of a ``choose`` step; ``feedback`` says why it is wrong.  An option
    showing ``cards`` needs no label."""

    label: str | None = None
    value: str | None = None
    cards: tuple[Card, ...] = ()
    correct: bool = False
    feedback: str | None = None


@dataclass(frozen=True)
class Step:
    """Fields common to every step kind.

    ``only_if`` holds rule options (``{"constant_twos": True}``): the step is shown only
    when the rules in force have those values, so text that depends on an option lives
    in steps guarded this way.
    """

    line: int
    goal: str | None = None
    text: str | None = None
    hint: str | None = None
    explain: str | None = None
    only_if: tuple[tuple[str, Any], ...] = ()

    kind = "step"

    def applies(self, rules: Rules) -> bool:
        return all(getattr(rules, key) == value for key, value in self.only_if)

    def texts(self) -> Iterator[str]:
        """Every user-visible English string of the step (for catalogs and tests)."""
        for value in (self.goal, self.text, self.hint, self.explain):
            if value:
                yield value


@dataclass(frozen=True)
class Narration(Step):
    """Text to read, optionally with cards (``highlight`` marks some) or the table."""

    cards: tuple[Card, ...] = ()
    highlight: tuple[Card, ...] = ()
    caption: str | None = None
    table: bool = False
    position: Position | None = None

    kind = "narration"

    def texts(self) -> Iterator[str]:
        yield from super().texts()
        if self.caption:
            yield self.caption


@dataclass(frozen=True)
class Task(Step):
    """A step the learner must answer; ``answer`` names the rule that judges it."""

    answer: str | None = None
    position: Position | None = None
    question: str | None = None
    praise: str | None = None

    def texts(self) -> Iterator[str]:
        yield from super().texts()
        for value in (self.question, self.praise):
            if value:
                yield value


@dataclass(frozen=True)
class Choose(Task):
    """Multiple choice.  The right option is marked ``correct`` (a fact of the table, such
    as who your partner is) or computed by the ``answer`` rule (a fact of the rules)."""

    options: tuple[Option, ...] = ()
    cards: tuple[Card, ...] = ()
    trick: Trick | None = None
    lead: tuple[Card, ...] = ()
    others: tuple[tuple[Card, ...], ...] = ()
    data: tuple[tuple[str, Any], ...] = ()
    """Rule inputs that are plain numbers or words (``points``, ``dealer``, ...)."""

    kind = "choose"

    def datum(self, key: str) -> Any:
        return dict(self.data).get(key)

    def texts(self) -> Iterator[str]:
        yield from super().texts()
        for option in self.options:
            if option.label:
                yield option.label
            if option.feedback:
                yield option.feedback


@dataclass(frozen=True)
class SelectCards(Task):
    """Pick cards from ``hand``; ``lead``/``trick``/``others``/``count`` feed the rule."""

    hand: tuple[Card, ...] = ()
    lead: tuple[Card, ...] = ()
    trick: Trick | None = None
    others: tuple[tuple[Card, ...], ...] = ()
    count: int | None = None

    kind = "select_cards"


@dataclass(frozen=True)
class PlayTrick(Task):
    """Play into a scripted trick: the other seats' cards are fixed, yours is judged."""

    hand: tuple[Card, ...] = ()
    trick: Trick | None = None

    kind = "play_trick"


@dataclass(frozen=True)
class Declare(Task):
    """One decision of a scripted deal: show level cards (or jokers) or pass.

    ``shown`` is the declaration on the table (seat, cards), if any.
    """

    hand: tuple[Card, ...] = ()
    shown: tuple[int, tuple[Card, ...]] | None = None

    kind = "declare"


@dataclass(frozen=True)
class Recap(Step):
    """The lesson's summary card: a few short lines."""

    recap: tuple[str, ...] = ()
    heading: str | None = None

    kind = "recap"

    def texts(self) -> Iterator[str]:
        yield from super().texts()
        if self.heading:
            yield self.heading
        yield from self.recap


@dataclass(frozen=True)
class Lesson:
    id: str
    path: str
    title: str
    summary: str
    concept: str
    steps: tuple[Step, ...]
    rules_topic: str | None = None
    """The rules-reference section this lesson teaches (for links both ways)."""

    available = True

    def steps_for(self, rules: Rules) -> list[Step]:
        """The steps shown under ``rules`` (see ``Step.only_if``)."""
        return [step for step in self.steps if step.applies(rules)]

    def texts(self) -> Iterator[str]:
        yield self.title
        yield self.summary
        yield self.concept
        for step in self.steps:
            yield from step.texts()


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a lesson file, printed as ``file:line: field: problem``."""

    path: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.field}: {self.message}"


@dataclass(frozen=True)
class UnavailableLesson:
    """What the loader returns for a broken file, so the browser can say why."""

    id: str
    path: str
    problems: tuple[Problem, ...] = field(default_factory=tuple)
    title: str | None = None

    available = False

    @property
    def message(self) -> str:
        return "\n".join(str(p) for p in self.problems)
