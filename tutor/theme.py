"""Colours and the size rule every screen follows.

Layout rule: the window *is* the canvas.  Each scene computes its rectangles from the
window size in ``resize`` and scales lengths (fonts, cards, margins) by
``Metrics.scale`` = min(width / 1280, height / 800), never below 0.75 (960×600).
Text and cards are therefore rendered at their final pixel size and stay sharp at
every size; a wider window gives the table more room instead of letterbox bars.
A fixed canvas scaled to the window would be simpler but blurs 14 px hanzi when
scaled down and every glyph when scaled up.  HiDPI: on Windows the app asks for
per-monitor DPI awareness (``app.py``), so the window is measured in real pixels, the
first window is sized to the desktop and the scale grows with it: text keeps its
physical size and stays sharp.  macOS and most Linux desktops scale the whole window
themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

Colour = tuple[int, int, int]

DESIGN_SIZE = (1280, 800)
MIN_SIZE = (960, 600)

FELT: Colour = (24, 92, 62)
FELT_DARK: Colour = (17, 70, 47)
PANEL: Colour = (246, 242, 230)
PANEL_EDGE: Colour = (196, 186, 160)
INK: Colour = (34, 34, 38)
INK_SOFT: Colour = (96, 96, 104)
ON_FELT: Colour = (240, 240, 232)
ON_FELT_SOFT: Colour = (190, 214, 198)
ACCENT: Colour = (214, 160, 30)
FOCUS: Colour = (255, 206, 60)
BUTTON: Colour = (250, 248, 240)
BUTTON_HOVER: Colour = (255, 236, 178)
BUTTON_DISABLED: Colour = (200, 206, 198)
INK_DISABLED: Colour = (70, 72, 78)
"""A disabled button's label: greyer than ``INK`` yet still readable (contrast ≥ 4.5:1)."""
BUTTON_PRESSED: Colour = (255, 214, 120)
"""A toggle button that is on (the last trick shown, the kitty shown, the counter on)."""
KITTY_MARK: Colour = (0, 150, 170)
"""The outline of the cards just picked up from the kitty."""
SELECTED: Colour = (40, 110, 220)
NOTICE: Colour = (255, 236, 200)
RED: Colour = (200, 30, 40)
BLACK: Colour = (24, 24, 28)
BLUE: Colour = (26, 84, 200)
GREEN: Colour = (18, 132, 60)
TRUMP_STAR: Colour = (222, 140, 0)

def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; text wants at least 4.5)."""

    def luminance(c: Colour) -> float:
        def channel(v: int) -> float:
            x = v / 255
            return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

        r, g, b_ = (channel(v) for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


SUIT_OF_SYMBOL = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def suit_colour(suit: str, four_colour: bool = False) -> Colour:
    """Ink of a suit letter (S H D C) or symbol: red ♥♦, black ♠♣; with the four-colour
    option ♦ blue and ♣ green."""
    suit = SUIT_OF_SYMBOL.get(suit, suit)
    if suit == "H":
        return RED
    if suit == "D":
        return BLUE if four_colour else RED
    if suit == "C":
        return GREEN if four_colour else BLACK
    return BLACK


@dataclass(frozen=True)
class Metrics:
    """The layout size and the scale of every length drawn in it.

    Layouts never go below ``MIN_SIZE``: a smaller window (a window manager that ignores
    the minimum size hint, down to 1×1) shows the top-left part of the minimum layout
    rather than boxes of negative size.
    """

    width: int
    height: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "width", max(int(self.width), MIN_SIZE[0]))
        object.__setattr__(self, "height", max(int(self.height), MIN_SIZE[1]))

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @cached_property
    def scale(self) -> float:
        return max(0.75, min(self.width / DESIGN_SIZE[0], self.height / DESIGN_SIZE[1]))

    @cached_property
    def _font_scale(self) -> float:
        return self.scale**0.5

    def px(self, length: float) -> int:
        """A design length (at 1280×800) in pixels for this window."""
        return max(1, round(length * self.scale))

    def fpx(self, size: float) -> int:
        """A design font size in pixels: fonts scale by the square root of the scale, so
        small windows keep hanzi readable (15 px stays 13 px at 960×600) and large ones
        do not shout; boxes that get too small shrink the text with ``fit_text``."""
        return max(1, round(size * self._font_scale))
