"""Wrapped text that scrolls when it is longer than its box.

For long pages (the glossary, the questions) and the coach's panel: the font shrinks
from ``px`` down to ``min_px`` (by default it keeps its size) to fit the box; what still
does not fit is laid out at ``min_px`` with no height limit and a window of it is drawn,
with a bar that shows where the window is.  The window holds whole lines: it starts at
a line's top and ends after the last line that fits, so no line is ever drawn cut in
half.  The mouse wheel, Page Up/Page Down and Home/End scroll (by whole lines, at least
one); ``scroll_to(text)`` brings the line holding ``text`` to the top; a new text starts
at its top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import _
from ..text import TextLayout, fit_text, layout_text
from ..theme import INK, INK_SOFT, PANEL, PANEL_EDGE, Colour
from .base import Widget, panel
from .text_panel import TextSource, resolve

if TYPE_CHECKING:
    from ..services import Services


class ScrollText(Widget):
    def __init__(self, services: "Services", text: TextSource = "", *, px: int = 18, min_px: int | None = None,
                 colour: Colour = INK, background: Colour | None = PANEL, padding: int = 12,
                 more: str | None = None) -> None:
        super().__init__(services)
        self.more = more
        """A msgid said under the window while the text goes on below it ("more ↓"):
        a panel whose reader may not think of scrolling says so."""
        self.text, self.px, self.colour = text, px, colour
        self.min_px = px if min_px is None else min_px
        self.background, self.padding = background, padding
        self.offset = 0
        self.shown = ""
        """The text ``offset`` belongs to."""

    def inner(self) -> pygame.Rect:
        pad = self.metrics.px(self.padding)
        return self.rect.inflate(-2 * pad - self.metrics.px(8), -2 * pad)

    def layout(self) -> TextLayout:
        """The whole text, sized as ``_sized`` says (a new text starts at its top)."""
        text = resolve(self.text)
        if text != self.shown:
            self.shown, self.offset = text, 0
        return self._sized(text)

    def fits(self, text: str) -> bool:
        """Whether ``text`` would show whole in the box, without scrolling."""
        return self._sized(text).height <= self.inner().height

    def _sized(self, text: str) -> TextLayout:
        """``text`` at the largest size from ``px`` to ``min_px`` whose height fits the
        box, else at ``min_px`` (it scrolls)."""
        box = self.inner()
        for px in range(self.px, self.min_px - 1, -1):
            layout = self._wrapped(text, px, box.width)
            if layout.height <= box.height:
                break
        return layout

    def _wrapped(self, text: str, px: int, width: int) -> TextLayout:
        """``text`` broken to ``width``, which narrows by a pixel or two when kerning
        makes a broken line a little wider than the sum of its words."""
        for narrower in range(0, 12, 2):
            layout = layout_text(self.services.fonts, text, self.fpx(px), width - narrower,
                                 colour=self.colour, four_colour=self.services.four_colour)
            if layout.fits:
                break
        return layout

    def more_layout(self) -> TextLayout | None:
        """The "more" line, when the text is longer than the box."""
        box = self.inner()
        if self.more is None or self.layout().height <= box.height:
            return None
        return fit_text(self.services.fonts, _(self.more), self.fpx(14), box.width, box.height, colour=INK_SOFT,
                        bold=True, align="right", min_px=self.floor(10))

    def room(self) -> int:
        """The height the text's window may take (less the "more" line under it)."""
        more, height = self.more_layout(), self.inner().height
        if more is None:
            return height
        first = self.layout().lines[0].rect[3] if self.layout().lines else 0
        return max(first, height - more.height - self.metrics.px(2))

    def max_offset(self) -> int:
        """The top of the first line from which the rest of the text fits the box."""
        layout, height = self.layout(), self.room()
        return min((line.rect[1] for line in layout.lines if layout.height - line.rect[1] <= height),
                   default=0)

    def scroll(self, delta: int) -> None:
        """Move the window by about ``delta`` pixels to a line's top: the farthest one
        within ``delta``, else the next line in that direction."""
        last = self.max_offset()
        tops = sorted({line.rect[1] for line in self.layout().lines if line.rect[1] <= last} | {0})
        target = self.offset + delta
        if delta > 0:
            ahead = [t for t in tops if t > self.offset]
            self.offset = max([t for t in ahead if t <= target] or ahead[:1] or [self.offset])
        elif delta < 0:
            behind = [t for t in tops if t < self.offset]
            self.offset = min([t for t in behind if t >= target] or behind[-1:] or [self.offset])

    def scroll_to(self, fragment: str) -> None:
        """Bring the first line containing ``fragment`` to the top."""
        for line in self.layout().lines:
            if fragment and fragment in line.text:
                self.offset = 0
                self.scroll(line.rect[1])
                return

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        page = max(1, self.inner().height - self.metrics.px(40))
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll(-event.y * self.metrics.px(40))
            return None
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_END: 10**6, pygame.K_HOME: -10**6}
            if event.key in moves:
                self.scroll(moves[event.key])
                return None
        return event

    def window(self) -> pygame.Rect:
        """Where the text shows on screen: from the top of the box down to the last whole
        line (the offset first settles on a line's top: a new text or a resize may have
        moved it)."""
        box, layout = self.inner(), self.layout()  # first: a new text resets the offset
        start = min(self.offset, self.max_offset())
        self.offset = max((line.rect[1] for line in layout.lines if line.rect[1] <= start), default=0)
        bottoms = [line.rect[1] + line.rect[3] - self.offset for line in layout.lines]
        room = self.room()
        whole = [bottom for bottom in bottoms if 0 < bottom <= room]
        return pygame.Rect(box.left, box.top, box.width, max(whole, default=room))

    def text_layouts(self) -> list[TextLayout]:
        more = self.more_layout()
        return [self.layout()] + ([more] if more is not None else [])

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        if self.background is not None:
            panel(surface, self.rect, self.background, PANEL_EDGE, m.px(10))
        box, window = self.inner(), self.window()
        layout = self.layout()
        previous = surface.get_clip()
        surface.set_clip(window.clip(previous) if previous else window)
        layout.draw(surface, (box.left, box.top - self.offset))
        surface.set_clip(previous)
        total = layout.height
        if total > box.height:  # a thin bar: where the window is in the whole text
            track = pygame.Rect(box.right + m.px(4), box.top, m.px(4), box.height)
            thumb_h = max(m.px(20), box.height * box.height // total)
            thumb_y = track.top + (track.height - thumb_h) * self.offset // max(1, self.max_offset())
            pygame.draw.rect(surface, PANEL_EDGE, track, border_radius=2)
            pygame.draw.rect(surface, INK_SOFT, (track.left, thumb_y, track.width, thumb_h), border_radius=2)
            more = self.more_layout()
            if more is not None and self.offset < self.max_offset():
                more.draw(surface, (box.left, box.bottom - more.height))  # aligned right in the box
