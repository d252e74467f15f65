"""What the lesson player's frame says for the current step: the goal line, the level
and trumps, the step's text, the feedback and the buttons' words.  Read when drawn, so
F2 and the bilingual view (B) change them at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_, _
from ...lessons.feedback import tr
from ...lessons.steps import Drill, Recap
from .card_task import CardTaskView
from .words import bilingual, stars_text

if TYPE_CHECKING:
    from .player import LessonPlayerScene


class FrameText:
    """The frame's texts of ``scene`` (the scene's text panels and buttons read them)."""

    def __init__(self, scene: "LessonPlayerScene") -> None:
        self.scene = scene

    def say(self, text: str) -> str:
        """A short text (an answer's label) in the current language, and in the other
        one beside it in the bilingual view."""
        return bilingual(text, self.scene.bilingual, " / ")

    def hint(self) -> str | None:
        """The hint of the task (a drill's position) or of the step; ``None``: none."""
        task = self.scene.run.task
        return (task.hint if task is not None and task.hint else None) or self.scene.step.hint

    def goal(self) -> str:
        scene = self.scene
        step, on = scene.step, scene.bilingual
        if isinstance(step, Drill):
            return bilingual(step.goal or step.heading, on)
        target = scene.run.task or step
        return bilingual(target.goal or step.heading, on)

    def status(self) -> str:
        """The level and the trumps (``LessonRun.header``)."""
        return tr(self.scene.run.header())

    def body(self) -> str:
        scene = self.scene
        step, run, on = scene.step, scene.run, scene.bilingual
        task = run.task
        parts = []
        if run.index in run.quiz:
            number = sorted(run.quiz).index(run.index) + 1
            parts.append(_("Question {n} of {total}").format(n=number, total=len(run.quiz)))
        if step.text:
            parts.append(bilingual(step.text, on))
        if task is not None and task.question:
            parts.append(bilingual(task.question, on))
        if isinstance(step, Recap):
            parts.extend("· " + bilingual(line, on) for line in step.recap)
        if isinstance(step, Drill):
            state = run.state
            parts.append(_("Right in a row: {dots}").format(
                dots="●" * state.streak + "○" * max(0, step.streak - state.streak)))
        return "\n".join(parts)

    def feedback(self) -> str:
        scene = self.scene
        run, state = scene.run, scene.run.state
        if scene.show_hint and self.hint():
            return _("Hint: {hint}").format(hint=bilingual(self.hint(), scene.bilingual, " / "))
        feedback = run.feedback
        if feedback is not None:
            text = "\n".join([feedback.title(), *feedback.lines()])
            if run.position_done():
                text += "\n" + _("Press Enter or Another for a new position.")
            return text
        if run.is_task and not state.done:
            if isinstance(scene.view, CardTaskView):
                if scene.view.calls:
                    return _("Select the cards to call trumps with and press Call, or press Pass. "
                             "A call stays face down until the deal ends.")
                if scene.view.passes:
                    return _("Select the cards to show and press Show, or press Pass.")
                return _("Select cards in your hand, then press {button}.").format(button=_(scene.view.action or ""))
            return _("Pick an answer: click it or press its number.")
        if isinstance(scene.step, Drill) and state.solved:
            return _("Three in a row. Press Next.")
        if run.index == len(run.steps) - 1:
            if run.finished:
                return _("Lesson complete: {stars}").format(stars=stars_text(run.stars))
            return _("Some tasks are still open: use the dots to go back to them.")
        if run.is_task and state.done:
            return _("Done. Press Next.")
        return _("Press Next to go on.")

    def action_label(self) -> str:
        return _(self.scene.view.action or N_("Check"))

    def next_label(self) -> str:
        scene, run = self.scene, self.scene.run
        if run.position_done():
            return _("Another")
        if run.index < len(run.steps) - 1:
            return _("Next")
        return _(scene.way_on[0]) if scene.way_on is not None else _("Finish")

    def link_label(self) -> str:
        if self.scene.step.defines:
            return _("Glossary")
        return _("Rules: this topic")
