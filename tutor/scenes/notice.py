"""An overlay with a message and OK (e.g. "settings.json was damaged…")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from ..i18n import N_
from ..scene import Scene
from ..settings import Notice
from ..text import layout_text
from ..theme import PANEL, PANEL_EDGE, Metrics
from ..widgets import Button, Menu, TextPanel
from ..widgets.base import Widget, panel, veil

if TYPE_CHECKING:
    from ..services import Services


class NoticeScene(Scene):
    opaque = False

    def __init__(self, services: "Services", notices: Sequence[Notice]) -> None:
        super().__init__(services)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.notices = list(notices)
        self.text = TextPanel(services, self.message, px=20, background=None)
        self.ok = Button(services, N_("OK"), services.navigator.back, hotkey=1)
        self.menu = Menu([self.ok])

    def message(self) -> str:
        return "\n\n".join(n.text() for n in self.notices)

    def add(self, notices: Sequence[Notice]) -> None:
        """More to say while this notice is open."""
        self.notices += notices
        self.resize(self.metrics)

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        width = min(m.px(720), m.width - m.px(40))
        text = layout_text(self.services.fonts, self.message(), m.fpx(self.text.px), width - 2 * m.px(20))
        height = min(m.height - m.px(40), max(m.px(260), text.height + m.px(110)))  # grows for a long message
        box = pygame.Rect(0, 0, width, height)
        box.center = (m.width // 2, m.height // 2)
        self.box = box
        pad = m.px(20)
        self.text.place((box.left + pad, box.top + pad, box.width - 2 * pad, box.height - m.px(70) - pad), m)
        self.ok.place((box.centerx - m.px(80), box.bottom - m.px(58), m.px(160), m.px(46)), m)

    def widgets(self) -> list[Widget]:
        return [self.text, self.ok]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return event  # the app's Back closes the notice
        self.menu.handle_event(event)
        return None  # modal: nothing reaches the scene below

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface)
        panel(surface, self.box, PANEL, PANEL_EDGE, self.metrics.px(12))
        self.text.draw(surface)
        self.menu.draw(surface)
