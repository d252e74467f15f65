"""The widget base: a rectangle placed by its scene, events in, pixels out.

Widgets follow the scene rules: ``place(rect, metrics)`` is called from the scene's
``resize``; ``handle_event`` returns ``None`` when it consumed the event; ``draw``
reads state and never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..text import TextLayout
from ..theme import DESIGN_SIZE, Metrics

if TYPE_CHECKING:
    from ..services import Services


class Widget:
    text_floor = 0
    """The smallest text this widget draws, in pixels; the practice table raises it to
    ``tutor.text.READABLE_PX`` (readable at 960×600); 0: the widget's own sizes."""

    def __init__(self, services: "Services") -> None:
        self.services = services
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.metrics = Metrics(*DESIGN_SIZE)

    def place(self, rect: pygame.Rect | tuple[int, int, int, int], metrics: Metrics) -> None:
        self.rect = pygame.Rect(rect)
        self.metrics = metrics

    def fpx(self, size: float) -> int:
        """A design font size in pixels for this window, never under ``text_floor``."""
        return max(self.metrics.fpx(size), self.text_floor)

    def floor(self, px: int) -> int:
        """A size in pixels (a ``min_px``), never under ``text_floor``."""
        return max(px, self.text_floor)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def text_layouts(self) -> list[TextLayout]:
        """Every text block the widget draws, as laid out now (tests check they fit)."""
        return []


def panel(surface: pygame.Surface, rect: pygame.Rect, fill, edge=None, radius: int = 8, width: int = 1) -> None:
    """A rounded box, the common background of panels and buttons."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def veil(surface: pygame.Surface, alpha: int = 120) -> None:
    """Darken everything drawn so far: the backdrop of a modal overlay."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))
