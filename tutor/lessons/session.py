"""One learner working through one lesson: the state the lesson player scene draws.

No pygame here, so the automated learner in the tests drives exactly what the scene
drives.  Feedback keeps the judgement, not sentences: its text is made in the current
language each time it is asked for, so switching language mid-step retranslates it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Card, Rules, TrumpContext

from tutor import hints
from tutor.i18n import _

from .model import Choose, Lesson, Step, Task
from .rules import Judgement, judge


@dataclass(frozen=True)
class Feedback:
    correct: bool
    judgement: Judgement
    step: Step
    ctx: TrumpContext | None
    option: int | None = None
    attempt: int = 0

    @property
    def cards(self) -> tuple[Card, ...]:
        """Cards to point at: what a wrong answer should have been, or the right pick."""
        return self.judgement.cards

    def title(self) -> str:
        if self.correct:
            praise = getattr(self.step, "praise", None)
            return _(praise) if praise else hints.praise(self.attempt)
        return _("Not quite.")

    def lines(self) -> list[str]:
        """Why: for a right answer the step's explanation, else the rule's reason; for a
        wrong one the broken rule, the cards that satisfy it, and the option's note."""
        j = self.judgement
        lines = []
        if not self.correct and self.option is not None and isinstance(self.step, Choose):
            note = self.step.options[self.option].feedback
            if note:
                lines.append(_(note))
        if self.correct and self.step.explain:
            lines.append(_(self.step.explain))
        else:
            count = getattr(self.step, "count", None)
            lines.extend(hints.explain(j.reason, j.cards, self.ctx, count))
        if not self.correct and not lines:
            lines.append(_("Look again and try once more."))
        return lines


class LessonRun:
    """Progress through the steps shown under ``rules``: answers, mistakes, stars."""

    def __init__(self, lesson: Lesson, rules: Rules | None = None) -> None:
        self.lesson = lesson
        self.rules = rules if rules is not None else Rules()
        self.steps = lesson.steps_for(self.rules)
        self.index = 0
        self.solved: set[int] = set()
        self.mistakes = 0
        self.feedback: Feedback | None = None

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def ctx(self) -> TrumpContext | None:
        position = getattr(self.step, "position", None)
        return position.context(self.rules) if position is not None else None

    @property
    def is_task(self) -> bool:
        return isinstance(self.step, Task)

    @property
    def tasks(self) -> int:
        return sum(isinstance(s, Task) for s in self.steps)

    def can_advance(self) -> bool:
        return not self.is_task or self.index in self.solved

    def answer(self, answer: list[Card] | int) -> Feedback:
        """Judge an option index (choose) or the picked cards; wrong answers count as
        mistakes and leave the step open for another try."""
        step = self.step
        judgement = judge(step, self.ctx, answer)
        if judgement.correct:
            self.solved.add(self.index)
        else:
            self.mistakes += 1
        option = answer if isinstance(answer, int) else None
        self.feedback = Feedback(judgement.correct, judgement, step, self.ctx, option, self.index)
        return self.feedback

    def next(self) -> bool:
        """Move on if allowed; False at the end or while a task is unsolved."""
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

    @property
    def finished(self) -> bool:
        return self.index == len(self.steps) - 1 and self.can_advance() and \
            all(i in self.solved for i, s in enumerate(self.steps) if isinstance(s, Task))

    @property
    def stars(self) -> int:
        """3 without a mistake, 2 with one per three tasks at most, else 1."""
        if self.mistakes == 0:
            return 3
        return 2 if self.mistakes * 3 <= max(self.tasks, 1) else 1
