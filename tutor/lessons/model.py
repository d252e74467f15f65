"""The lesson model: plain data read from ``lessons/*.yaml`` (schema: ``lessons/README.md``).

Every user-visible string is kept as its English msgid (a ``Phrase`` when it has
parameters) and translated where it is shown, so a language switch changes a lesson
that is already open.  Cards are engine ``Card`` values.  A task names the rule that
judges it (``tutor.lessons.rules``) and states the answer its author expects
(``expect``); the checker fails when the two disagree.

Here are the values steps are made of (seats, positions, tricks, options, answers) and
the lesson a file becomes; the kinds of step are in ``steps``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator

from engine import Card, Rules, TrumpContext

if TYPE_CHECKING:
    from .steps import Step


SEATS = ("you", "right", "partner", "left")
"""Seat names as lessons write them; the index is the seat number (you are seat 0).

Play goes counter-clockwise, so the opponent on your right (下家) plays after you.
"""

SORTS = ("rank", "printed", "given")
"""How cards are laid out: ``rank`` in this hand's order with trumps first and marked ★;
``printed`` by printed suit, no ★ (when finding the trumps is the task); ``given`` in
the order written (an order the text talks about), ★ kept."""


class Phrase(str):
    """A msgid with parameters, for text made by code (drills): its value is the msgid,
    ``params`` fill its ``{placeholders}`` after translation."""

    params: dict[str, Any]

    def __new__(cls, msgid: str, **params: Any) -> "Phrase":
        phrase = super().__new__(cls, msgid)
        phrase.params = params
        return phrase


class Numbers(tuple):
    """A ``Phrase`` parameter: numbers shown as a list in the reader's language
    ("1, 3, and 5"; "1、3和5"), worded when the phrase is translated."""


VARIANTS: tuple[dict[str, object], ...] = (
    {},
    {"constant_twos": True},
    {"kitty_multiplier": "by_pairs"},
    {"kitty_multiplier": "power"},
    {"throw_penalty": "per_card"},
    {"throw_penalty": "flat"},
    {"self_override": True},
    {"no_bid_first_hand": "flip_kitty"},
    {"must_defend_a": True},
)
"""The default rule set, then each option changed on its own."""


@dataclass(frozen=True)
class Position:
    """The level rank and the trump suit a step is played under.

    ``trump`` ``None`` is no-trump when ``decided``; a position that is not ``decided``
    is a deal still in progress (declaring): the trump suit is not chosen yet.
    """

    level: str
    trump: str | None
    decided: bool = True

    def context(self, rules: Rules) -> TrumpContext:
        return _context(self.level, self.trump, rules)


@lru_cache(maxsize=64)
def _context(level: str, trump: str | None, rules: Rules) -> TrumpContext:
    """One context per (level, trump, rules): building one fills a table per card, and
    the lesson player asks for its step's context many times a frame."""
    return TrumpContext(level=level, trump=trump, rules=rules)


def context_for(step: "Step", rules: Rules) -> TrumpContext:
    """The context a step is judged in: its position's, or for a step without one
    (points, seats, scores) a plain level-2 no-trump context its rules never look at;
    either under the rules in force with the step's own ``with_rules`` applied."""
    rules = step.rules_for(rules)
    position = getattr(step, "position", None)
    if position is None:
        return _context("2", None, rules)
    return position.context(rules)


def game_rules(rules: Rules, decks: int | None) -> Rules:
    """The rules of the game of ``decks`` decks: ``rules`` when it is that game (or
    ``decks`` is ``None``), else that game's own (``Rules(decks=N)`` with its presets)."""
    return rules if decks is None or decks == rules.decks else Rules(decks=decks)


@dataclass(frozen=True)
class Trick:
    """A trick in play order from ``leader``; ``None`` in ``plays`` marks the learner's play."""

    leader: int
    plays: tuple[tuple[Card, ...] | None, ...]
    winner: int | None = None
    """The seat the lesson says wins it (checked against the engine), if it says."""
    points: int | None = None
    """The points the lesson says it holds (checked against the engine), if it says."""

    def seat_of(self, index: int) -> int:
        """The seat that made play number ``index``."""
        return (self.leader + index) % 4

    @property
    def your_index(self) -> int | None:
        return next((i for i, p in enumerate(self.plays) if p is None), None)

    def with_play(self, cards: list[Card] | tuple[Card, ...]) -> list[list[Card]]:
        """Every play as lists, the learner's filled in with ``cards``."""
        return [list(cards) if p is None else list(p) for p in self.plays]

    def cards(self) -> list[Card]:
        return [card for play in self.plays if play is not None for card in play]


@dataclass(frozen=True)
class Option:
    """One answer of a ``choose`` step; ``feedback`` points a learner who picked it at
    the rule they missed (never at the answer).  An option showing ``cards`` needs no
    label; its ``value`` is then its cards in notation."""

    value: str
    label: str | None = None
    cards: tuple[Card, ...] = ()
    feedback: str | None = None


Answer = tuple[Card, ...]
"""A card answer in canonical order (``Answer`` ``()`` is a pass)."""


def answer_key(cards: Any) -> Answer:
    """Cards in one canonical order, so answers compare as multisets."""
    return tuple(sorted(cards, key=lambda card: card.index))


@dataclass(frozen=True)
class Lesson:
    id: str
    path: str
    title: str
    summary: str
    concept: str
    steps: tuple[Step, ...]
    rules_topic: str | None = None
    """The rules-reference section this lesson teaches (from the index)."""
    decks: int = 2
    """The game the lesson teaches (``Step.decks``): the two-deck game unless the
    file says ``decks``."""

    available = True

    def rules_for(self, rules: Rules) -> Rules:
        """The rules the lesson is played under: ``rules`` if they are its game's."""
        return game_rules(rules, self.decks)

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
    rules_topic = None

    @property
    def message(self) -> str:
        return "\n".join(str(p) for p in self.problems)
