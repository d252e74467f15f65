"""How an answer is marked, in a lesson and in the guided hand alike.

- **Answers are earned.**  The first wrong answer to a position gets a hint that
  points at the rule (``HINT``); after ``TRIES`` wrong ones the answer is shown with
  the reason (``ANSWER``).
- **Stars** (``stars_for``, the same thresholds everywhere): three without a wrong
  answer, two with at most two wrong ones, one with more right answers than wrong.

``Feedback`` keeps the judgement, not sentences: its text is made in the current
language each time it is asked for, so switching language mid-step retranslates it.
Apart from the lesson run (``session``) because the guided hand (``tutor.guided``)
marks its stops the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Card, TrumpContext, lead_shape

from tutor.i18n import N_, _

from . import feedback as words
from .answers import Judgement
from .model import Answer
from .rules import correct_options, judge
from .steps import CardTask, Choose, Task

RIGHT, HINT, ANSWER = "right", "hint", "answer"
"""Feedback tiers: a right answer; a first wrong one (the rule); the answer shown."""
TRIES = 2
"""Wrong answers before the answer is shown."""


SLIPS = 2
"""Wrong answers that still earn two stars, in every lesson and the guided hand."""
STARS_RULE = N_("★★★: no wrong answer. ★★: at most 2 wrong answers. ★: more right answers than wrong ones.")
"""What the stars mean, shown wherever stars are given (the thresholds of ``stars_for``)."""


def stars_for(mistakes: int, rights: int) -> int:
    """Stars, the same in every lesson, the final check and the guided hand: three
    without a wrong answer, two with at most ``SLIPS`` wrong, one with more right
    answers than wrong ones, else none (no star for a check mostly answered wrong)."""
    if rights == 0:
        return 0
    if mistakes == 0:
        return 3
    if mistakes <= SLIPS:
        return 2
    return 1 if rights > mistakes else 0


@dataclass
class Feedback:
    tier: str
    judgement: Judgement
    task: Task
    ctx: TrumpContext
    option: int | None = None
    """The option picked (its index in the step's options), for a choice."""
    praise: int = 0
    picked: Answer = ()
    """The cards answered (a card task)."""

    @property
    def correct(self) -> bool:
        return self.tier == RIGHT

    def title(self) -> str:
        if self.tier == RIGHT:
            return words.tr(self.task.praise) if self.task.praise else words.praise(self.praise)
        return _("Not quite.") if self.tier == HINT else _("Not this time.")

    def lines(self) -> list[str]:
        task, j = self.task, self.judgement
        if self.tier == RIGHT:
            others = [a for a in getattr(task, "expect", ()) if a != self.picked] \
                if isinstance(task, CardTask) else []
            return words.right_lines(j, task.explain) + words.also_right(others)
        if self.tier == HINT:
            note = None
            if isinstance(task, Choose) and self.option is not None:
                note = task.options[self.option].feedback
            suit = None
            if isinstance(task, CardTask):
                lead = _lead_of(task)
                suit = self.ctx.suit_of(lead[0]) if lead else None
                if j.reason == "must_play_pair" and lead and lead_shape(lead, self.ctx).pairs > 1:
                    j = Judgement(False, "must_play_pairs", j.cards)  # a tractor or a throw led
                if j.reason == "shape_mismatch" and len(lead) == 1:
                    j = Judgement(False, "cannot_win_single", j.cards)  # no pairs to speak of
            return words.hint_lines(j, self.ctx, suit, getattr(task, "count", None), note, task.answer)
        shown = shown_answer(task, self.ctx)
        lines = [words.answer_line(self.ctx.sorted(shown) if isinstance(task, CardTask) else shown)]
        if task.explain:
            lines.append(words.tr(task.explain))
        elif isinstance(task, Choose):
            lines.extend(words.hint_lines(Judgement(False, "option"), self.ctx, rule=task.answer))
        else:
            lines.extend(words.right_lines(judge(task, self.ctx, list(shown)), None))
        return lines


def _lead_of(task: CardTask) -> list[Card]:
    trick = getattr(task, "trick", None)
    if trick is not None and trick.plays[0] is not None:
        return list(trick.plays[0])
    return list(getattr(task, "lead", ()))


def shown_answer(task: Task, ctx: TrumpContext) -> Answer | str:
    """The answer to show: the author's first, or for a choice the right option's label."""
    if isinstance(task, Choose):
        option = task.options[min(correct_options(task, ctx))]
        return option.label or tuple(option.cards)
    assert isinstance(task, CardTask)
    return task.expect[0] if task.expect else ()
