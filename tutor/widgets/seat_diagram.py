"""The four seats seen from above: partners opposite, arrows counter-clockwise.

``labels`` gives the four seat names (you, right, partner, left) when drawn, so a
language switch shows at once; ``highlight`` outlines some seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from ..text import TextLayout, fit_text
from ..theme import ACCENT, FELT_DARK, FOCUS, PANEL, PANEL_EDGE
from .base import Widget, panel

if TYPE_CHECKING:
    from ..services import Services

TEAM = (250, 232, 170)
"""Your team's seats are tinted."""


class SeatDiagram(Widget):
    def __init__(self, services: "Services", labels: Callable[[], Sequence[str]]) -> None:
        super().__init__(services)
        self.labels = labels

    def boxes(self) -> list[pygame.Rect]:
        m, r = self.metrics, self.rect
        w, h = min(m.px(210), r.width // 3), min(m.px(40), r.height // 4)
        centres = [(r.centerx, r.bottom - h // 2), (r.right - w // 2, r.centery),
                   (r.centerx, r.top + h // 2), (r.left + w // 2, r.centery)]
        found = []
        for cx, cy in centres:
            box = pygame.Rect(0, 0, w, h)
            box.center = (cx, cy)
            found.append(box)
        return found

    def layouts(self) -> list[TextLayout]:
        m = self.metrics
        return [fit_text(self.services.fonts, label, m.fpx(17), box.width - m.px(12), box.height - m.px(4),
                         bold=seat % 2 == 0, align="center", min_px=9)
                for seat, (label, box) in enumerate(zip(self.labels(), self.boxes()))]

    def text_layouts(self) -> list[TextLayout]:
        return self.layouts()

    def draw(self, surface: pygame.Surface) -> None:
        m, r = self.metrics, self.rect
        table = r.inflate(-2 * m.px(110), -2 * m.px(50))
        if table.width > 0 and table.height > 0:
            pygame.draw.ellipse(surface, FELT_DARK, table)
        boxes = self.boxes()
        for seat, (layout, box) in enumerate(zip(self.layouts(), boxes)):
            panel(surface, box, TEAM if seat % 2 == 0 else PANEL, FOCUS if seat == 0 else PANEL_EDGE, m.px(8))
            layout.draw(surface, (box.left + m.px(6), box.centery - layout.height // 2))
        for seat in range(4):  # play order: you → right → partner → left
            a, b = boxes[seat], boxes[(seat + 1) % 4]
            start = pygame.Vector2(a.center).lerp(pygame.Vector2(b.center), 0.35)
            end = pygame.Vector2(a.center).lerp(pygame.Vector2(b.center), 0.65)
            pygame.draw.line(surface, ACCENT, start, end, max(2, m.px(4)))
            direction = (end - start).normalize()
            side = pygame.Vector2(-direction.y, direction.x)
            size = m.px(12)
            pygame.draw.polygon(surface, ACCENT, [end + direction * size, end + side * size * 0.7,
                                                  end - side * size * 0.7])
