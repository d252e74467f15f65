"""Buttons and a keyboard-driven column or row of them (Menu)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from ..text import TextLayout, fit_text
from ..theme import BUTTON, BUTTON_DISABLED, BUTTON_HOVER, BUTTON_PRESSED, FOCUS, INK, INK_DISABLED, INK_SOFT, PANEL_EDGE
from .base import Widget, panel
from .text_panel import TextSource, resolve

if TYPE_CHECKING:
    from ..services import Services

NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(10)} | {
    getattr(pygame, f"K_KP{n}"): n for n in range(10)
}
"""Digit keys (top row and keypad) → 0-9; a button with ``hotkey=0`` is the tenth."""


KEY_CAP = 22
"""The smallest key cap, in pixels: room for a readable digit."""

class Button(Widget):
    """A labelled button; ``hotkey`` (0-9) is shown in a key cap in front of the label
    (apart from it, so "1" and "8 张" never read as "18 张") and pressing that number
    key activates it when the button is in a ``Menu``.  ``pressed`` shows a toggle that
    is on (a deeper fill and a thick edge)."""

    def __init__(
        self,
        services: "Services",
        label: TextSource,
        action: Callable[[], None],
        *,
        hotkey: int | None = None,
        enabled: bool = True,
        px: int = 22,
    ) -> None:
        super().__init__(services)
        self.label, self.action, self.hotkey = label, action, hotkey
        self.enabled = enabled
        self.px = px
        self.focused = False
        self.hovered = False
        self.pressed = False

    def text(self) -> str:
        return resolve(self.label)

    def key_box(self) -> pygame.Rect | None:
        """The key cap of the hotkey, at the left end."""
        if self.hotkey is None:
            return None
        size = max(1, min(self.rect.height - 4, max(self.metrics.px(24), KEY_CAP)))
        return pygame.Rect(self.rect.left + self.metrics.px(8), self.rect.centery - size // 2, size, size)

    def key_layout(self) -> TextLayout | None:
        key = self.key_box()
        if key is None:
            return None
        return fit_text(self.services.fonts, str(self.hotkey), self.fpx(14), key.width, key.height,
                        min_px=self.floor(10), bold=True, colour=INK_SOFT if self.enabled else INK_DISABLED, align="center")

    def label_box(self) -> pygame.Rect:
        pad = self.metrics.px(10)
        box = self.rect.inflate(-2 * pad, -pad)
        key = self.key_box()
        if key is not None:
            box.width -= key.right + pad // 2 - box.left
            box.left = key.right + pad // 2
        return box

    def text_layout(self) -> TextLayout:
        box = self.label_box()
        return fit_text(
            self.services.fonts, self.text(), self.fpx(self.px), box.width, box.height,
            min_px=self.fpx(12), colour=INK if self.enabled else INK_DISABLED, align="center",
        )

    def text_layouts(self) -> list[TextLayout]:
        key = self.key_layout()
        return [self.text_layout()] + ([key] if key is not None else [])

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.activate()
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        focused = self.focused and self.enabled
        if not self.enabled:
            fill = BUTTON_DISABLED
        elif self.pressed:
            fill = BUTTON_PRESSED
        else:
            fill = BUTTON_HOVER if (self.hovered or focused) else BUTTON
        edge = FOCUS if focused else INK if self.pressed else PANEL_EDGE
        panel(surface, self.rect, fill, edge, self.metrics.px(10), 3 if (focused or self.pressed) else 1)
        key, number = self.key_box(), self.key_layout()
        if key is not None and number is not None:
            pygame.draw.rect(surface, PANEL_EDGE, key, 1, border_radius=self.metrics.px(5))
            number.draw(surface, (key.left, key.centery - number.height // 2))
        layout = self.text_layout()
        layout.draw(surface, (self.label_box().left, self.rect.centery - layout.height // 2))


class Menu:
    """Keyboard and mouse for a list of buttons: arrows move the focus, Enter/Space
    presses, number keys press the button with that hotkey, the mouse hovers and clicks.

    The scene places the buttons; the menu only routes events and tracks the focus.
    """

    def __init__(self, buttons: Sequence[Button], horizontal: bool = False) -> None:
        self.buttons = list(buttons)
        self.horizontal = horizontal
        self.focus: int | None = 0
        """The focused button's index; ``None``: none (the arrows focus the first)."""
        self._sync()

    def focus_at(self, index: int | None) -> None:
        """Focus button ``index``; ``None``: none, so no button looks like the one to press."""
        self.focus = index
        self._sync()

    def _sync(self) -> None:
        for i, button in enumerate(self.buttons):
            button.focused = i == self.focus

    def move(self, delta: int) -> None:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            return
        pos = enabled.index(self.focus) if self.focus in enabled else 0
        self.focus = enabled[(pos + delta) % len(enabled)]
        self._sync()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            back, forward = (pygame.K_LEFT, pygame.K_RIGHT) if self.horizontal else (pygame.K_UP, pygame.K_DOWN)
            if event.key in (back, forward):
                self.move(-1 if event.key == back else 1)
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None \
                    and self.buttons:
                self.buttons[self.focus].activate()
                return None
            number = NUMBER_KEYS.get(event.key)
            for button in self.buttons:
                if number is not None and button.hotkey == number and button.enabled:
                    button.activate()
                    return None
            return event
        for i, button in enumerate(self.buttons):
            if event.type == pygame.MOUSEMOTION and button.rect.collidepoint(event.pos) and button.enabled:
                self.focus = i
                self._sync()
            if button.handle_event(event) is None:
                return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)
