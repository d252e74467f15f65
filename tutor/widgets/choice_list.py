"""A list of answers to pick from: labels or card pictures, each behind its number key.

The widget knows nothing about lessons: it is given the options in display order and
calls ``on_pick(option)`` with the option's own index.  Nothing is focused or
highlighted until the learner acts; Enter never picks (only a number key, a click, or
Space on an option moved to with ↑/↓).  ``marks`` outline the options picked wrong
and, once known, the right one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from engine.cards import Card
from engine.rules import TrumpContext

from ..text import TextLayout, fit_text
from ..theme import FOCUS, GREEN, INK, PANEL, PANEL_EDGE, RED
from .base import Widget, panel
from .button import NUMBER_KEYS
from .card_art import ASPECT
from .text_panel import TextSource, resolve

if TYPE_CHECKING:
    from ..services import Services

HOVER = (255, 236, 178)
WRONG, RIGHT = "wrong", "right"


@dataclass(frozen=True)
class Choice:
    """One option as shown: its own index, a label (msgid or function) or cards."""

    index: int
    label: TextSource | None = None
    cards: tuple[Card, ...] = ()


class ChoiceList(Widget):
    def __init__(self, services: "Services", on_pick: Callable[[int], None]) -> None:
        super().__init__(services)
        self.on_pick = on_pick
        self.choices: list[Choice] = []
        self.ctx: TrumpContext | None = None
        self.marks: dict[int, str] = {}
        self.focus: int | None = None
        self.hover: int | None = None
        self.enabled = True
        self.rects: list[pygame.Rect] = []
        self.px = 19

    def set_choices(self, choices: Sequence[Choice], ctx: TrumpContext | None = None) -> None:
        self.choices, self.ctx = list(choices), ctx
        self.marks, self.focus, self.hover = {}, None, None

    # ----------------------------------------------------------------- geometry

    @property
    def pictures(self) -> bool:
        return any(c.cards and not c.label for c in self.choices)

    def place(self, rect: pygame.Rect | tuple[int, int, int, int], metrics) -> None:
        super().place(rect, metrics)
        m, r, n = self.metrics, self.rect, len(self.choices)
        gap = m.px(10)
        per_row = 2 if self.pictures and n > 2 else 1
        rows = max(1, -(-n // per_row))
        h = min(m.px(120) if self.pictures else m.px(62), (r.height - gap * (rows - 1)) // rows)
        w = (r.width - gap * (per_row - 1)) // per_row
        self.rects = [pygame.Rect(r.left + (i % per_row) * (w + gap), r.top + (i // per_row) * (h + gap), w, h)
                      for i in range(n)]

    def key_box(self, rect: pygame.Rect) -> pygame.Rect:
        size = min(rect.height - self.metrics.px(12), self.metrics.px(30))
        return pygame.Rect(rect.left + self.metrics.px(8), rect.centery - size // 2, size, size)

    def content_box(self, rect: pygame.Rect) -> pygame.Rect:
        key = self.key_box(rect)
        left = key.right + self.metrics.px(10)
        return pygame.Rect(left, rect.top + self.metrics.px(4), rect.right - left - self.metrics.px(30),
                           rect.height - self.metrics.px(8))

    def card_rects(self, i: int) -> list[pygame.Rect]:
        """The card pictures of choice ``i``, overlapping left to right."""
        cards = self.choices[i].cards
        box = self.content_box(self.rects[i])
        n = len(cards)
        if not n:
            return []
        h = box.height
        w = round(h / ASPECT)
        if w * (1 + 0.45 * (n - 1)) > box.width:
            w = int(box.width / (1 + 0.45 * (n - 1)))
            h = round(w * ASPECT)
        step = min(round(w * 0.7), (box.width - w) // (n - 1)) if n > 1 else 0
        return [pygame.Rect(box.left + k * step, box.centery - h // 2, w, h) for k in range(n)]

    def label_layout(self, i: int) -> TextLayout:
        box = self.content_box(self.rects[i])
        return fit_text(self.services.fonts, resolve(self.choices[i].label or ""), self.metrics.fpx(self.px),
                        box.width, box.height, min_px=self.metrics.fpx(14), colour=INK,
                        four_colour=self.services.four_colour)

    def key_layout(self, i: int) -> TextLayout:
        box = self.key_box(self.rects[i])
        return fit_text(self.services.fonts, str(i + 1), self.metrics.fpx(16), box.width, box.height, bold=True,
                        align="center", min_px=9)

    def text_layouts(self) -> list[TextLayout]:
        found = []
        for i, choice in enumerate(self.choices):
            found.append(self.key_layout(i))
            if choice.label:
                found.append(self.label_layout(i))
        return found

    # ----------------------------------------------------------------- events

    def pick(self, i: int) -> None:
        if self.enabled and 0 <= i < len(self.choices):
            self.on_pick(self.choices[i].index)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and self.choices:
            number = NUMBER_KEYS.get(event.key)
            if number is not None and number <= len(self.choices):
                self.focus = number - 1
                self.pick(number - 1)
                return None
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if event.key in (pygame.K_UP, pygame.K_LEFT) else 1
                start = -1 if self.focus is None and step > 0 else len(self.choices) if self.focus is None else self.focus
                self.focus = (start + step) % len(self.choices)
                return None
            if event.key == pygame.K_SPACE and self.focus is not None:
                self.pick(self.focus)
                return None
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    self.focus = i
                    self.pick(i)
                    return None
        return event

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        for i, (choice, rect) in enumerate(zip(self.choices, self.rects)):
            mark = self.marks.get(choice.index)
            lit = self.enabled and (i == self.hover or i == self.focus) and mark is None
            edge = {WRONG: RED, RIGHT: GREEN}.get(mark or "", FOCUS if i == self.focus and self.enabled else PANEL_EDGE)
            width = 3 if mark or (i == self.focus and self.enabled) else 1
            panel(surface, rect, HOVER if lit else PANEL, edge, m.px(10), width)
            key = self.key_box(rect)
            panel(surface, key, (255, 255, 255), PANEL_EDGE, m.px(6))
            layout = self.key_layout(i)
            layout.draw(surface, (key.left, key.centery - layout.height // 2))
            if choice.label:
                layout = self.label_layout(i)
                box = self.content_box(rect)
                layout.draw(surface, (box.left, box.centery - layout.height // 2))
            for card, card_rect in zip(choice.cards, self.card_rects(i)):
                trump = self.ctx is not None and self.ctx.is_trump(card)
                face = self.services.cards.face(card, card_rect.width, trump=trump, four_colour=self.services.four_colour)
                surface.blit(face, card_rect)
            if mark:
                self._draw_mark(surface, rect, mark)

    def _draw_mark(self, surface: pygame.Surface, rect: pygame.Rect, mark: str) -> None:
        """A tick for the right answer, a cross for a wrong pick, at the right end."""
        m = self.metrics
        size = m.px(10)
        cx, cy = rect.right - m.px(18), rect.centery
        width = max(2, m.px(3))
        if mark == RIGHT:
            pygame.draw.lines(surface, GREEN, False, [(cx - size, cy), (cx - size // 3, cy + size * 2 // 3),
                                                      (cx + size, cy - size * 2 // 3)], width)
        else:
            pygame.draw.line(surface, RED, (cx - size, cy - size), (cx + size, cy + size), width)
            pygame.draw.line(surface, RED, (cx - size, cy + size), (cx + size, cy - size), width)
