"""The kinds of step a lesson is made of: narration, the tasks (a choice, or cards to
pick, play, lead or declare), drills, quizzes and the recap, and what a step draws and
the words on its buttons.

Apart from ``model`` (the values steps are made of: positions, tricks, options,
answers, and the lesson around them) so that each kind of step, with its own fields,
reads on its own page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from engine import Card, Rules

from tutor.hints import declaring_words
from tutor.i18n import N_

from .model import Answer, Option, Position, Trick, game_rules


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


ACTIONS = {"select_cards": N_("Check"), "play_trick": N_("Play"), "lead": N_("Lead")}
"""The action button of a card task, by kind (a declaration's two buttons:
``declare_buttons``)."""


def declare_buttons(step: Step, rules: Rules) -> tuple[str, str]:
    """A declaration's action and pass buttons (msgids): Show and Pass, or Call and Pass
    (叫主 / 不叫) in a game that calls trumps face down."""
    return declaring_words(step.rules_for(rules).variant.hidden_calls)


def button_words(step: Step, rules: Rules) -> tuple[str, ...]:
    """The words on a step's own buttons (they count as words the step uses)."""
    if step.kind == "declare":
        return declare_buttons(step, rules)
    action = ACTIONS.get(step.kind)
    return (action,) if action is not None else ()


STEP_TYPES: dict[str, type[Step]] = {
    t.kind: t for t in (Narration, Choose, SelectCards, PlayTrick, Lead, Declare, Drill, Quiz, Recap)
}
