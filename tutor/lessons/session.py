"""One learner working through one lesson: the state the lesson player draws.

No pygame here, so the tests drive exactly what the scene drives.

- **Answers are earned** (``marking``): a hint after the first wrong answer to a
  position, the answer with the reason after the second (the position is then done,
  with one star).  A quiz question is answered once.
- **Choices are shuffled per learner**, seeded and fixed while the lesson is open;
  the right answer's place is balanced over the lesson (among the choices with as
  many options), so no place holds it more often than its share.
- **Drills** deal fresh positions until the learner gets ``streak`` right in a row.
- **Stars** as everywhere (``marking.stars_for``).
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, field

from engine import Card, Rules, TrumpContext

from tutor.hints import SUIT_NAMES
from tutor.i18n import N_

from .drills import generate
from .marking import ANSWER, HINT, RIGHT, TRIES, Feedback, shown_answer, stars_for
from .model import Answer, Lesson, Phrase, answer_key, context_for
from .rules import correct_options, judge
from .steps import CardTask, Choose, Declare, Drill, Quiz, Step, Task, board_cards


def header(target: Step, trumps_known: bool, played: Answer | None = None) -> Phrase | None:
    """The "Level · trumps" line of a step that shows or asks about cards, from the
    screen that teaches trumps on (before it no level or trump suit is shown): the
    level and the trump suit; while trumps are being declared, the suit the declaration
    on the table names for now (the learner's own once ``played``), else "not chosen
    yet"."""
    position = getattr(target, "position", None)
    if position is None or not trumps_known or not (board_cards(target) or isinstance(target, Declare)):
        return None
    if position.decided:
        return Phrase(N_("Level {level} · trumps: {trump}"), level=position.level, trump=_suit(position.trump))
    if isinstance(target, Declare) and target.shown is not None and target.shown[0] != 0 and not played \
            and target.rules_for(Rules()).variant.hidden_calls:
        # four decks call face down (暗叫): the others see how many cards, not the suit
        return Phrase(N_("Level {level} · a face-down call of {count} cards"), level=position.level,
                      count=len(target.shown[1]))
    shown = played or (target.shown[1] if isinstance(target, Declare) and target.shown is not None else ())
    if not shown:
        return Phrase(N_("Level {level} · trumps not chosen yet"), level=position.level)
    card = next((c for c in shown if not c.is_joker), None)  # a joker pair declares no-trump
    return Phrase(N_("Level {level} · trumps for now: {trump}"), level=position.level,
                  trump=_suit(card.suit if card is not None else None))


def _suit(trump: str | None) -> Phrase:
    return Phrase(N_("no-trump")) if trump is None else Phrase(SUIT_NAMES[trump])


@dataclass
class StepState:
    """How far the learner is with one step (for a drill: its current position)."""

    wrong: int = 0
    """Wrong answers to the current position."""
    solved: bool = False
    revealed: bool = False
    picks: list[int] = field(default_factory=list)
    """Options picked for the current position (indexes into its options)."""
    played: Answer | None = None
    """The right answer given or shown (drawn in the trick)."""
    mistakes: int = 0
    """Wrong answers to this step, all positions together."""
    rights: int = 0
    """Right answers to this step, all positions together."""
    streak: int = 0
    dealt: int = 0
    task: Task | None = None
    """A drill's current position."""

    @property
    def done(self) -> bool:
        """The current position is answered (right, or the answer shown)."""
        return self.solved or self.revealed


class Balancer:
    """Places the right answer of each choice so that, among the choices with the
    same number of options, every place holds it equally often (within one)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.count: dict[int, list[int]] = {}

    def order(self, n: int, right: int) -> list[int]:
        """A display order of ``n`` options (a list of option indexes)."""
        count = self.count.setdefault(n, [0] * n)
        least = min(count)
        place = self.rng.choice([p for p in range(n) if count[p] == least])
        count[place] += 1
        wrong = [i for i in range(n) if i != right]
        self.rng.shuffle(wrong)
        wrong.insert(place, right)
        return wrong


class LessonRun:
    """Progress through the steps shown under ``rules``: answers, mistakes, stars."""

    def __init__(self, lesson: Lesson, rules: Rules | None = None, seed: int = 0,
                 known: frozenset[str] | None = None) -> None:
        self.lesson = lesson
        self.known = known
        """The rule ideas taught before this lesson (``None``: every idea)."""
        self.rules = lesson.rules_for(rules if rules is not None else Rules())
        self.seed = seed
        self.rng = random.Random(f"order:{lesson.id}:{seed}")
        self.steps: list[Step] = []
        self.quiz: set[int] = set()
        for step in lesson.steps_for(self.rules):
            if isinstance(step, Quiz):
                for item in self._draw(step):
                    self.quiz.add(len(self.steps))
                    self.steps.append(item)
            else:
                self.steps.append(step)
        self.states = [StepState() for _ in self.steps]
        self.index = 0
        self.feedback: Feedback | None = None
        self.balancer = Balancer(self.rng)
        self._orders: dict[tuple[int, int], list[int]] = {}
        for i, step in enumerate(self.steps):
            if isinstance(step, Choose):
                self.order(i)

    def _draw(self, quiz: Quiz) -> list[Task]:
        """``quiz.count`` fresh questions, going round the pool in a shuffled order."""
        pool = list(quiz.pool)
        random.Random(f"quiz:{self.lesson.id}:{self.seed}").shuffle(pool)
        return [generate(pool[i % len(pool)], self._seed("quiz", i), self.rules) for i in range(quiz.count)]

    def _seed(self, *parts: object) -> int:
        return zlib.crc32(":".join(map(str, (self.lesson.id, self.seed, *parts))).encode())

    # ----------------------------------------------------------------- where we are

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def state(self) -> StepState:
        return self.states[self.index]

    @property
    def task(self) -> Task | None:
        """What the learner answers now: the step itself, or a drill's position."""
        step = self.step
        if isinstance(step, Drill):
            state = self.state
            if state.task is None:
                state.task = generate(step.generator, self._seed(self.index, state.dealt), self.rules)
                state.dealt += 1
            return state.task
        return step if isinstance(step, Task) else None

    @property
    def ctx(self) -> TrumpContext:
        """The context the current task is judged in."""
        return context_for(self.task or self.step, self.rules)

    def taught(self, idea: str) -> bool:
        """Whether ``idea`` was taught before this lesson or on a screen up to this one."""
        if self.known is None or idea in self.known:
            return True
        return any(idea in step.teaches for step in self.steps[:self.index + 1])

    @property
    def display_ctx(self) -> TrumpContext | None:
        """The context cards are drawn in (★, order); ``None`` without a position, while
        trumps are not chosen yet (no level card is a trump then), and before the screen
        that teaches trumps."""
        target = self.task or self.step
        position = getattr(target, "position", None)
        if position is None or not position.decided or not self.taught("trumps"):
            return None
        return self.ctx

    def header(self) -> Phrase | None:
        """The current step's "Level · trumps" line (``header``)."""
        target = self.task or self.step
        played = self.state.played if isinstance(target, Declare) and self.state.done else None
        return header(target, self.taught("trumps"), played)

    @property
    def is_task(self) -> bool:
        return self.task is not None

    def order(self, index: int | None = None) -> list[int]:
        """The display order of the options of the choice at ``index`` (default: now)."""
        i = self.index if index is None else index
        state = self.states[i]
        key = (i, state.dealt)
        if key not in self._orders:
            task = state.task if isinstance(self.steps[i], Drill) else self.steps[i]
            assert isinstance(task, Choose)
            right = correct_options(task, context_for(task, self.rules))
            self._orders[key] = self.balancer.order(len(task.options), min(right))
        return self._orders[key]

    # ----------------------------------------------------------------- answering

    def answer(self, answer: list[Card] | tuple[Card, ...] | int) -> Feedback | None:
        """Judge an option index (choose) or the cards picked; ``None`` when the current
        position is already answered."""
        task, state = self.task, self.state
        if task is None or state.done:
            return None
        judgement = judge(task, self.ctx, answer)
        option = answer if isinstance(answer, int) else None
        if option is not None:
            state.picks.append(option)
        if judgement.correct:
            state.played = None if option is not None else answer_key(answer)  # type: ignore[arg-type]
            tier = RIGHT
            state.rights += 1
            self._right(state)
        else:
            state.wrong += 1
            state.mistakes += 1
            tries = 1 if self.index in self.quiz else TRIES
            tier = ANSWER if state.wrong >= tries else HINT
            if tier == ANSWER:
                state.revealed = True
                shown = shown_answer(task, self.ctx)
                state.played = shown if isinstance(task, CardTask) else None
                if isinstance(self.step, Drill):
                    state.streak = 0
        picked = answer_key(answer) if option is None else ()  # type: ignore[arg-type]
        self.feedback = Feedback(tier, judgement, task, self.ctx, option, self.index, picked)
        return self.feedback

    def _right(self, state: StepState) -> None:
        if isinstance(self.step, Drill):
            state.streak = 0 if state.wrong else state.streak + 1
            if state.streak >= self.step.streak:
                state.solved = True
            else:
                state.revealed = True  # this position is done; another follows
        else:
            state.solved = True

    def position_done(self) -> bool:
        """A drill's current position is answered and another one is due."""
        return isinstance(self.step, Drill) and self.state.done and not self.state.solved

    def new_position(self) -> bool:
        """Deal the drill's next position (after the current one is answered)."""
        if not self.position_done():
            return False
        state = self.state
        state.task, state.wrong, state.revealed, state.picks, state.played = None, 0, False, [], None
        self.feedback = None
        return True

    # ----------------------------------------------------------------- moving

    def can_advance(self) -> bool:
        step, state = self.step, self.state
        if isinstance(step, Drill):
            return state.solved
        return not isinstance(step, Task) or state.done

    def next(self) -> bool:
        """Move on if allowed; False at the end or while a task is open."""
        if not self.can_advance() or self.index + 1 >= len(self.steps):
            return False
        self.index += 1
        self.feedback = None
        return True

    def back(self) -> bool:
        if self.index == 0:
            return False
        self.index -= 1
        self.feedback = None
        return True

    def go(self, index: int) -> None:
        """Jump to a step already reached (progress dots)."""
        self.index = max(0, min(index, len(self.steps) - 1))
        self.feedback = None

    # ----------------------------------------------------------------- result

    def open_steps(self) -> list[int]:
        """Steps still to answer (tasks not done, drills not finished)."""
        return [i for i, s in enumerate(self.steps)
                if (isinstance(s, Drill) and not self.states[i].solved) or
                (isinstance(s, Task) and not self.states[i].done)]

    @property
    def finished(self) -> bool:
        return self.index == len(self.steps) - 1 and not self.open_steps()

    @property
    def tasks(self) -> int:
        return sum(isinstance(s, (Task, Drill)) for s in self.steps)

    @property
    def par(self) -> int:
        """Answers a learner makes without a slip: one per task, ``streak`` per drill."""
        return sum(s.streak if isinstance(s, Drill) else 1 for s in self.steps if isinstance(s, (Task, Drill)))

    @property
    def mistakes(self) -> int:
        return sum(state.mistakes for state in self.states)

    @property
    def rights(self) -> int:
        return sum(state.rights for state in self.states)

    @property
    def stars(self) -> int:
        return stars_for(self.mistakes, self.rights)
