"""The lesson model: plain data read from ``lessons/*.yaml`` (schema: ``lessons/README.md``).

Every user-visible string is kept as its English msgid (a ``Phrase`` when it has
parameters) and translated where it is shown, so a language switch changes a lesson
that is already open.  Cards are engine ``Card`` values.  A task names the rule that
judges it (``tutor.lessons.rules``) and states the answer its author expects
(``expect``); the checker fails when the two disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterator

from engine import Card, Rules, TrumpContext

from tutor.i18n import N_

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
class Step:
    """Fields common to every step kind.

    ``only_if`` holds rule options (``{"constant_twos": True}``): the step is shown only
    when the rules in force have those values.  ``with_rules`` holds rule options the
    step is played under whatever the rules in force (a step showing what an option
    changes, to a learner whose table may not play it).  ``teaches``/``needs`` name rule ideas
    (the teaching-order check makes sure every idea a task needs was taught on an
    earlier screen); ``defines`` names glossary terms this step defines.
    """

    line: int
    goal: str | None = None
    heading: str | None = None
    text: str | None = None
    hint: str | None = None
    explain: str | None = None
    only_if: tuple[tuple[str, Any], ...] = ()
    with_rules: tuple[tuple[str, Any], ...] = ()
    decks: int | None = None
    """The game the step's lesson teaches (its ``decks``): the step is played under that
    game's rules whatever game the rules in force play; ``None``: the game in force."""
    teaches: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    sort: str = "rank"

    kind = "step"
    is_task = False

    def applies(self, rules: Rules) -> bool:
        return all(getattr(rules, key) == value for key, value in self.only_if)

    def rules_for(self, rules: Rules) -> Rules:
        """The rules this step is played under: ``rules`` with ``with_rules`` applied.

        A step of another game (``decks``, or ``decks`` in ``with_rules``) is played
        under that game's own rules (``Rules(decks=N)`` with its presets: three decks
        score the kitty by ``power``, four decks make the 2s constant trumps); the
        options of the game in force do not carry over to it."""
        options = dict(self.with_rules)
        rules = game_rules(rules, options.pop("decks", self.decks))
        return Rules(**{**rules.to_dict(), **options}) if options else rules

    def texts(self) -> Iterator[str]:
        """Every user-visible English string of the step (for catalogs and tests)."""
        for value in (self.goal, self.heading, self.text, self.hint, self.explain):
            if value:
                yield value


@dataclass(frozen=True)
class Narration(Step):
    """Text to read, optionally with cards (``highlight`` marks some), the table, or
    a few finished tricks."""

    cards: tuple[Card, ...] = ()
    highlight: tuple[Card, ...] = ()
    caption: str | None = None
    table: bool = False
    tricks: tuple[Trick, ...] = ()
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

    is_task = True

    def texts(self) -> Iterator[str]:
        yield from super().texts()
        for value in (self.question, self.praise):
            if value:
                yield value


@dataclass(frozen=True)
class Choose(Task):
    """Multiple choice; the ``answer`` rule computes which option is right and
    ``expect`` names the option (its ``value``) the author says is right."""

    options: tuple[Option, ...] = ()
    expect: str | None = None
    table: bool = False
    """Draw the four seats (a question about the table)."""
    cards: tuple[Card, ...] = ()
    trick: Trick | None = None
    tricks: tuple[Trick, ...] = ()
    lead: tuple[Card, ...] = ()
    others: tuple[tuple[Card, ...], ...] = ()
    declarations: tuple[tuple[int, tuple[Card, ...]], ...] = ()
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
class CardTask(Task):
    """A task answered with cards from ``hand``; ``expect`` is every right answer (the
    first is the one shown when the learner is given the answer)."""

    hand: tuple[Card, ...] = ()
    expect: tuple[Answer, ...] = ()
    strategy: bool = False
    """The task asks for a good play, not merely a legal one: the checker proves its
    answers with the engine's review and the search advisor (``tutor.lessons.proof``)."""
    dealer: int | None = None
    """Who deals this hand (a play task; the proof's default: the left opponent)."""
    kitty: tuple[Card, ...] = ()
    """The kitty's cards, for the proof of a play task near the end of the hand (its
    points, multiplied, go to the attackers if they win the last trick)."""
    taken: int | None = None
    """The attackers' points so far (a play task; the proof's default: 40, mid-band,
    so that it weighs the points a play wins or loses rather than a level threshold)."""


@dataclass(frozen=True)
class SelectCards(CardTask):
    """Pick cards from ``hand``; ``lead``/``others``/``count`` feed the rule."""

    lead: tuple[Card, ...] = ()
    others: tuple[tuple[Card, ...], ...] = ()
    count: int | None = None

    kind = "select_cards"


@dataclass(frozen=True)
class PlayTrick(CardTask):
    """Play into a scripted trick: the other seats' cards are fixed, yours is judged."""

    trick: Trick | None = None

    kind = "play_trick"


@dataclass(frozen=True)
class Lead(CardTask):
    """Lead to a new trick.  ``others`` are the other hands (right, partner, left) when
    the rule needs them; ``played`` are the cards already played this hand, for tasks
    about which top cards are still out."""

    others: tuple[tuple[Card, ...], ...] = ()
    played: tuple[Card, ...] = ()

    kind = "lead"


@dataclass(frozen=True)
class Declare(CardTask):
    """One decision of a scripted deal: show level cards (or jokers), or pass (an
    empty answer).  ``shown`` is the declaration on the table (seat, cards), if any."""

    shown: tuple[int, tuple[Card, ...]] | None = None

    kind = "declare"


@dataclass(frozen=True)
class Drill(Step):
    """Fresh positions from the named ``generator`` until ``streak`` are right in a row."""

    generator: str = ""
    streak: int = 3

    kind = "drill"


@dataclass(frozen=True)
class Quiz(Step):
    """``count`` fresh questions, one from each of ``pool``'s generators in turn (the
    pool shuffled per learner); each is answered once."""

    pool: tuple[str, ...] = ()
    count: int = 10

    kind = "quiz"


@dataclass(frozen=True)
class Recap(Step):
    """The lesson's summary card: a few short lines."""

    recap: tuple[str, ...] = ()

    kind = "recap"

    def texts(self) -> Iterator[str]:
        yield from super().texts()
        yield from self.recap


def board_cards(step: Step) -> list[Card]:
    """Every card a step draws (its hand, tricks, other hands, options ...)."""
    cards: list[Card] = []
    for name in ("hand", "cards", "lead", "played"):
        cards.extend(getattr(step, name, ()) or ())
    for hand in getattr(step, "others", ()) or ():
        cards.extend(hand)
    trick = getattr(step, "trick", None)
    if trick is not None:
        cards.extend(trick.cards())
    for t in getattr(step, "tricks", ()) or ():
        cards.extend(t.cards())
    for option in getattr(step, "options", ()) or ():
        cards.extend(option.cards)
    for _seat, shown in getattr(step, "declarations", ()) or ():
        cards.extend(shown)
    return cards


ACTIONS = {"select_cards": N_("Check"), "play_trick": N_("Play"), "lead": N_("Lead"), "declare": N_("Show")}
"""The action button of a card task, by kind (a declaration also offers Pass)."""
PASS = N_("Pass")


def button_words(step: Step) -> tuple[str, ...]:
    """The words on a step's own buttons (they count as words the step uses)."""
    action = ACTIONS.get(step.kind)
    if action is None:
        return ()
    return (action, PASS) if step.kind == "declare" else (action,)


STEP_TYPES: dict[str, type[Step]] = {
    t.kind: t for t in (Narration, Choose, SelectCards, PlayTrick, Lead, Declare, Drill, Quiz, Recap)
}


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
