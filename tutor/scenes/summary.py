"""The hand summary overlay (filled by the game issue): who scored what, levels gained."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import N_, _
from ..scene import Scene
from ..theme import PANEL, PANEL_EDGE, Metrics
from ..widgets import Button, Menu, TextPanel
from ..widgets.base import panel

if TYPE_CHECKING:
    from ..services import Services


class HandSummaryScene(Scene):
    opaque = False

    def __init__(self, services: "Services", attacker_points: int = 85, kitty_points: int = 10) -> None:
        super().__init__(services)
        self.attacker_points, self.kitty_points = attacker_points, kitty_points
        self.box = pygame.Rect(0, 0, 0, 0)
        self.title = TextPanel(services, N_("Hand over"), px=30, bold=True, background=None, align="center")
        self.body = TextPanel(services, self.body_text, px=21, background=None)
        self.next = Button(services, N_("Next hand"), services.app.back, hotkey=1)
        self.menu = Menu([self.next])

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        from .practice import PracticeTableScene

        return [PracticeTableScene(services), cls(services)]

    def body_text(self) -> str:
        return _(
            "The attackers took {points} points, {kitty} of them from the kitty. "
            "With 80 or more they take over as dealers, without going up a level."
        ).format(points=self.attacker_points, kitty=self.kitty_points)

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        self.box = pygame.Rect(0, 0, min(m.px(640), m.width - m.px(40)), m.px(320))
        self.box.center = (m.width // 2, m.height // 2)
        pad = m.px(24)
        inner = self.box.inflate(-2 * pad, -2 * pad)
        self.title.place((inner.left, inner.top, inner.width, m.px(48)), m)
        self.body.place((inner.left, inner.top + m.px(60), inner.width, inner.height - m.px(130)), m)
        self.next.place((inner.centerx - m.px(110), inner.bottom - m.px(50), m.px(220), m.px(50)), m)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return event
        self.menu.handle_event(event)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, (0, 0))
        panel(surface, self.box, PANEL, PANEL_EDGE, self.metrics.px(14))
        self.title.draw(surface)
        self.body.draw(surface)
        self.menu.draw(surface)
