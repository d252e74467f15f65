"""The steps read rather than answered: a narration (text with cards, the seats or a
few finished tricks) and the recap (the stars earned and what earns three)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from ...i18n import _
from ...lessons import LessonRun
from ...lessons.feedback import tr
from ...lessons.marking import STARS_RULE
from ...lessons.steps import Narration
from ...theme import ON_FELT, ON_FELT_SOFT, Metrics
from ...widgets import TextPanel
from ...widgets.base import Widget
from ...widgets.card_rows import CardRows
from ...widgets.seat_diagram import SeatDiagram
from .pictures import ShownCards, select, show, trick_rows
from .step_view import Answer, StepView, visible
from .words import seat_labels, stars_text

if TYPE_CHECKING:
    from ...services import Services


class NarrationView(StepView):
    """Text with cards, the seats, or a few finished tricks."""

    def __init__(self, services: "Services", answer: Answer, changed: Callable[[], None],
                 say: Callable[[str], str] = tr) -> None:
        super().__init__(services, answer, changed, say)
        self.fan = ShownCards(services)
        self.table = SeatDiagram(services, seat_labels)
        self.rows = CardRows(services)
        self.caption = TextPanel(services, self._caption, px=15, min_px=11, colour=ON_FELT_SOFT, background=None,
                                 align="center")
        """The cards' caption, under them (never inside the text)."""
        self.step: Narration | None = None

    def _caption(self) -> str:
        return self.say(self.step.caption) if self.step is not None and self.step.caption else ""

    def load(self, run: LessonRun) -> None:
        step = run.step
        assert isinstance(step, Narration)
        self.step = step
        ctx = run.display_ctx
        show(self.fan, step.cards, step.sort, ctx)
        select(self.fan, step.highlight)
        self.rows.set_rows(trick_rows(step.tricks, run.ctx, True) if step.tricks else [], ctx)

    def room(self, free: int, m: Metrics) -> int:
        step = self.step
        return free * 3 // 5 if step is not None and (step.cards or step.table or step.tricks) else 0

    def place(self, rect: pygame.Rect, m: Metrics) -> None:
        super().place(rect, m)
        hidden = (0, 0, 0, 0)
        for widget in (self.fan, self.table, self.rows, self.caption):
            widget.place(hidden, m)
        step = self.step
        if step is None:
            return
        if step.table:
            h = min(rect.height, m.px(300))
            self.table.place((rect.left, rect.top + (rect.height - h) // 2, rect.width, h), m)
        elif step.tricks:
            self.rows.place(rect, m)
        elif step.cards:
            below = m.px(28) if step.caption else 0
            h = min(rect.height - below, m.px(200))
            top = rect.top + (rect.height - h - below) // 2
            self.fan.place((rect.left, top, rect.width, h), m)
            if below:
                self.caption.place((rect.left, top + h + m.px(4), rect.width, below - m.px(4)), m)

    def widgets(self) -> list[Widget]:
        return [w for w in (self.table, self.rows, self.fan, self.caption) if visible(w)]


class RecapView(StepView):
    """The stars this run has earned so far and what earns three."""

    def __init__(self, services: "Services", answer: Answer, changed: Callable[[], None],
                 say: Callable[[str], str] = tr) -> None:
        super().__init__(services, answer, changed, say)
        self.stars = TextPanel(services, "", px=40, colour=ON_FELT, background=None, align="center")
        self.par = TextPanel(services, "", px=17, colour=ON_FELT_SOFT, background=None, align="center")

    def load(self, run: LessonRun) -> None:
        done = not run.open_steps()
        self.stars.text = (lambda: stars_text(run.stars)) if done else ""
        right = sum(run.states[i].solved for i in run.quiz)

        def par() -> str:
            line = _(STARS_RULE)
            if run.quiz and done:
                line = _("Right answers: {n} of {total}.").format(n=right, total=len(run.quiz)) + "\n" + line
            return line

        self.par.text = par

    def room(self, free: int, m: Metrics) -> int:
        return min(free // 3, m.px(120))

    def place(self, rect: pygame.Rect, m: Metrics) -> None:
        super().place(rect, m)
        h = min(rect.height // 2, m.px(70))
        self.stars.place((rect.left, rect.top, rect.width, h), m)
        self.par.place((rect.left, rect.top + h, rect.width, min(rect.height - h, m.px(84))), m)

    def widgets(self) -> list[Widget]:
        return [w for w in (self.stars, self.par) if visible(w)]
