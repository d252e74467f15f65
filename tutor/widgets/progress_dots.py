"""One dot per step of a lesson: where the learner is and what is done.

Given the state of each dot (``AHEAD``, ``REACHED``, ``OPEN`` for a task not done yet,
``DONE``) and the current one; a click on a reached dot calls ``on_pick(index)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from ..theme import ACCENT, FELT_DARK, FOCUS, ON_FELT_SOFT
from .base import Widget

if TYPE_CHECKING:
    from ..services import Services

AHEAD, REACHED, OPEN, DONE = "ahead", "reached", "open", "done"


class ProgressDots(Widget):
    def __init__(self, services: "Services", on_pick: Callable[[int], None]) -> None:
        super().__init__(services)
        self.on_pick = on_pick
        self.states: list[str] = []
        self.current = 0

    def set_states(self, states: Sequence[str], current: int) -> None:
        self.states, self.current = list(states), current

    def centres(self) -> list[tuple[int, int]]:
        n = len(self.states)
        step = min(self.metrics.px(30), self.rect.width // max(1, n))
        x0 = self.rect.centerx - step * (n - 1) // 2
        return [(x0 + i * step, self.rect.centery) for i in range(n)]

    def radius(self) -> int:
        step = min(self.metrics.px(30), self.rect.width // max(1, len(self.states)))
        return max(3, min(self.metrics.px(7), step // 3))

    def dot_at(self, pos: tuple[int, int]) -> int | None:
        reach = self.radius() + self.metrics.px(4)
        for i, centre in enumerate(self.centres()):
            if pygame.Vector2(centre).distance_to(pos) <= reach:
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.dot_at(event.pos)
            if i is not None and self.states[i] != AHEAD:
                self.on_pick(i)
                return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        radius = self.radius()
        for i, (state, centre) in enumerate(zip(self.states, self.centres())):
            colour = {DONE: ACCENT, AHEAD: FELT_DARK}.get(state, ON_FELT_SOFT)
            pygame.draw.circle(surface, colour, centre, radius)
            if state == OPEN:
                pygame.draw.circle(surface, ACCENT, centre, radius, 2)
            if i == self.current:
                pygame.draw.circle(surface, FOCUS, centre, radius + self.metrics.px(4), 3)
