"""What every lesson view is: the middle of the player's screen for one kind of step.

The player scene owns the frame (goal, text, feedback, buttons) and asks the view of
the current step (``views.VIEWS``) for the middle of the screen.  A view is given the
services and two callbacks: ``answer(cards_or_option)`` and ``changed()`` (the
selection changed); it reads the run it is shown, never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from ...lessons import LessonRun
from ...lessons.feedback import tr
from ...text import TextLayout
from ...theme import Metrics
from ...widgets.base import Widget

if TYPE_CHECKING:
    from ...services import Services

Answer = Callable[[object], None]


class StepView:
    """The middle of the screen for one kind of step."""

    action: str | None = None
    """The action button's label (a msgid), if the step is answered with cards."""
    passes = False
    """Whether the step offers Pass (declaring)."""
    calls = False
    """Whether trumps are called face down (four decks, 暗叫): Pass is 不叫."""

    def __init__(self, services: "Services", answer: Answer, changed: Callable[[], None],
                 say: Callable[[str], str] = tr) -> None:
        self.services, self.answer, self.changed, self.say = services, answer, changed, say
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.metrics = Metrics(1280, 800)

    def load(self, run: LessonRun) -> None:
        """Show the run's current step."""

    def place(self, rect: pygame.Rect, metrics: Metrics) -> None:
        self.rect, self.metrics = pygame.Rect(rect), metrics

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets():
            widget.draw(surface)

    def widgets(self) -> list[Widget]:
        return []

    def text_layouts(self) -> list[TextLayout]:
        return [layout for widget in self.widgets() for layout in widget.text_layouts()]

    def room(self, free: int, m: Metrics) -> int:
        """The height the view keeps for itself out of ``free`` (the text gets the rest)."""
        return free * 3 // 5

    def ready(self) -> bool:
        """The action button may be pressed."""
        return False

    def submit(self) -> None:
        """Press the action button."""


def visible(widget: Widget) -> bool:
    return widget.rect.width > 0 and widget.rect.height > 0
