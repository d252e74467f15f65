"""One view per kind of step (``VIEWS``): its pictures and how the learner answers.

The views are ``step_view.StepView``s: ``text_views`` (narration, recap),
``card_task`` (answered with cards) and ``choice`` (answered by picking an answer);
``pictures`` holds the cards and tricks they draw.
"""

from __future__ import annotations

from ...lessons import LessonRun
from ...lessons.steps import Step
from .card_task import CardTaskView
from .choice import ChoiceView
from .step_view import StepView
from .text_views import NarrationView, RecapView


VIEWS: dict[str, type[StepView]] = {
    "narration": NarrationView,
    "choose": ChoiceView,
    "select_cards": CardTaskView,
    "play_trick": CardTaskView,
    "lead": CardTaskView,
    "declare": CardTaskView,
    "recap": RecapView,
}
"""The view of each step kind (a drill or quiz question shows its task's view)."""


def view_kind(step: Step, run: LessonRun) -> str:
    task = run.task
    return task.kind if task is not None else step.kind
