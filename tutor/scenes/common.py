"""Pieces shared by the menu-like scenes: the felt background, a title bar with a Back
button, a footer with the global keys, and the placeholder screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import N_, _
from ..scene import Scene
from ..text import TextLayout, fit_text
from ..theme import FELT, FELT_DARK, ON_FELT, ON_FELT_SOFT, Metrics
from ..widgets import Button, Menu, TextPanel
from ..widgets.base import Widget
from ..widgets.text_panel import TextSource, resolve

if TYPE_CHECKING:
    from ..services import Services

LANGUAGE_NAMES = {"zh_CN": "中文", "en": "English"}
"""Each language named in itself (never translated)."""
FOOTER = N_("F2: 中文 / English · Esc: back · arrows and Enter, or number keys")


class Chrome:
    """Title bar and footer of a full-screen scene, with a Back button."""

    def __init__(self, services: "Services", title: TextSource, back: bool = True, footer: str = FOOTER) -> None:
        self.services = services
        self.title = title
        self.footer_text = footer
        """The keys this screen answers to (a msgid): the footer promises only what works."""
        self.back = Button(services, N_("Back"), services.navigator.back, px=18) if back else None
        self.metrics = Metrics(1280, 800)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.footer = pygame.Rect(0, 0, 0, 0)

    def place(self, m: Metrics) -> pygame.Rect:
        """Lay out the bar and footer; returns the content rectangle between them."""
        self.metrics = m
        self.bar = pygame.Rect(0, 0, m.width, m.px(64))
        self.footer = pygame.Rect(0, m.height - m.px(34), m.width, m.px(34))
        if self.back is not None:
            w = m.px(120)
            self.back.place((m.width - w - m.px(14), m.px(12), w, m.px(40)), m)
        margin = m.px(24)
        return pygame.Rect(margin, self.bar.bottom + m.px(12), m.width - 2 * margin,
                           self.footer.top - self.bar.bottom - m.px(24))

    def title_layout(self) -> TextLayout:
        m = self.metrics
        right = self.back.rect.left if self.back is not None else m.width
        return fit_text(self.services.fonts, resolve(self.title), m.fpx(30), right - m.px(40), self.bar.height,
                        colour=ON_FELT, bold=True)

    def footer_layout(self) -> TextLayout:
        m = self.metrics
        return fit_text(self.services.fonts, _(self.footer_text), m.fpx(15), m.width - m.px(40), self.footer.height,
                        colour=ON_FELT_SOFT, min_px=9)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return self.back.handle_event(event) if self.back is not None else event

    def widgets(self) -> list[Widget]:
        return [self.back] if self.back is not None else []

    def text_layouts(self) -> list[TextLayout]:
        return [self.title_layout(), self.footer_layout()]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        pygame.draw.rect(surface, FELT_DARK, self.bar)
        pygame.draw.rect(surface, FELT_DARK, self.footer)
        title = self.title_layout()
        title.draw(surface, (self.metrics.px(20), self.bar.centery - title.height // 2))
        footer = self.footer_layout()
        footer.draw(surface, (self.metrics.px(20), self.footer.centery - footer.height // 2))
        if self.back is not None:
            self.back.draw(surface)


class PlaceholderScene(Scene):
    """A screen another issue will build: its title, what it will do, and Back.

    Subclasses set ``title`` and ``body`` (msgids) and may draw demo content in
    ``content`` (the rectangle below the text) by overriding ``draw_content``.
    """

    title = ""
    body = ""

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.chrome = Chrome(services, self.title)
        self.text = TextPanel(services, self.body, px=21)
        self.content = pygame.Rect(0, 0, 0, 0)
        self.menu = Menu([])

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        area = self.chrome.place(metrics)
        text_h = metrics.px(120)
        self.text.place((area.left, area.top, area.width, text_h), metrics)
        self.content = pygame.Rect(area.left, area.top + text_h + metrics.px(16), area.width,
                                   area.height - text_h - metrics.px(16))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        self.text.draw(surface)
        self.draw_content(surface)
        self.menu.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        pass

    def widgets(self) -> list[Widget]:
        return [*self.chrome.widgets(), self.text, *self.menu.buttons]

    def text_layouts(self) -> list[TextLayout]:
        return self.chrome.text_layouts() + super().text_layouts()
