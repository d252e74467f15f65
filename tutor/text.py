"""Line breaking for mixed Chinese/English text with coloured inline suit symbols.

``layout_text`` returns a ``TextLayout``: the lines, each line's rectangle relative to
the box, and whether everything fits, so tests can check that text stays inside its
box without looking at pixels.

Breaking rules:
- Chinese (and other CJK) text may break between any two characters, except that no
  line starts with closing punctuation (，。！？、；：）」 …) and none ends with opening
  punctuation (（「 …): such a character stays with its neighbour.
- Latin text breaks at spaces; a word longer than the line is split by characters.
- ``\\n`` starts a new line.
- ♠♥♦♣ are drawn in their suit colour (four-colour aware); everything else in ``colour``.

>>> tokens = _units("打♥A，好。Play ♠K now")
>>> [u.text for u in tokens]
['打', '♥A，', '好。', 'Play', '♠K', 'now']
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Callable

import pygame

from .fonts import Fonts
from .glyphs import drawable
from .theme import INK, SUIT_OF_SYMBOL, Colour, suit_colour

SUIT_SYMBOLS = frozenset(SUIT_OF_SYMBOL)
"""The characters drawn in their suit's colour."""
NO_LINE_START = frozenset("，。！？、；：）」』》〉】〕”’…·,.!?;:)]}%")
"""Characters that never begin a line (they stay with the character before)."""
NO_LINE_END = frozenset("（「『《〈【〔“‘([{")
"""Characters that never end a line (they move down with the character after)."""


READABLE_PX = 14
"""The smallest text, in pixels, a widget with this floor draws at any window size
(the practice table's widgets: ``Widget.text_floor``)."""

BULLETS = ("·", "●", "•")
"""A paragraph starting with one of these (then a space) hangs its wrapped lines."""


def is_cjk(ch: str) -> bool:
    """A character that may be broken around: wide (East Asian) characters."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


@dataclass(frozen=True)
class _Unit:
    """An unbreakable piece of text and whether a space precedes it."""

    text: str
    space_before: bool
    hard_break: bool = False


def _atoms(paragraph: str) -> list[tuple[str, bool]]:
    """Split into (atom, space_before): single CJK characters and space-free Latin runs."""
    atoms: list[tuple[str, bool]] = []
    word, space = "", False
    for ch in paragraph:
        if ch.isspace():
            if word:
                atoms.append((word, space))
                word = ""
            space = True
        elif is_cjk(ch):
            if word:
                atoms.append((word, space))
                word, space = "", False
            atoms.append((ch, space))
            space = False
        else:
            word += ch
    if word:
        atoms.append((word, space))
    return atoms


def _in_parentheses(before: str, atom: str) -> bool:
    """A Chinese term in half-width parentheses inside Latin text ("the kitty (底牌)")
    stays whole: its characters glue while the parenthesis is open."""
    return before.startswith("(") and ")" not in before and is_cjk(atom[0])


@lru_cache(maxsize=1024)
def _units(text: str) -> tuple[_Unit, ...]:
    """Glue atoms that must not be separated (kinsoku) into breakable units (cached:
    ``fit_text`` breaks the same text at each size it tries)."""
    units: list[_Unit] = []
    for p, paragraph in enumerate(text.split("\n")):
        first = True
        for atom, space in _atoms(paragraph):
            glue = (
                units
                and not first
                and not space
                and (atom[0] in NO_LINE_START or units[-1].text[-1] in NO_LINE_END
                     or _in_parentheses(units[-1].text, atom))
            )
            if glue:
                units[-1] = _Unit(units[-1].text + atom, units[-1].space_before, units[-1].hard_break)
            else:
                units.append(_Unit(atom, space and not first, hard_break=first and p > 0))
            first = False
        if first and p > 0:  # an empty paragraph still makes a line
            units.append(_Unit("", False, hard_break=True))
    return tuple(units)


@dataclass(frozen=True)
class Run:
    """A piece of one line in one colour, at ``x`` from the line's left edge."""

    text: str
    colour: Colour
    x: int


@dataclass(frozen=True)
class Line:
    text: str
    runs: tuple[Run, ...]
    rect: tuple[int, int, int, int]
    """(x, y, width, height) relative to the box's top-left corner."""
    indent: int = 0
    """How far a hanging line is pushed right (already in ``rect``'s x)."""

    @property
    def prect(self) -> pygame.Rect:
        return pygame.Rect(self.rect)


@dataclass(frozen=True)
class TextLayout:
    lines: tuple[Line, ...]
    box: tuple[int, int]
    """(width, height) of the box; height 0 means unbounded."""
    px: int
    bold: bool
    fonts: Fonts

    @property
    def width(self) -> int:
        return max((line.indent + line.rect[2] for line in self.lines), default=0)

    @property
    def height(self) -> int:
        return self.lines[-1].rect[1] + self.lines[-1].rect[3] if self.lines else 0

    @property
    def fits(self) -> bool:
        """Every line inside the box (no word wider than the box, not too many lines)."""
        return self.width <= self.box[0] and (self.box[1] == 0 or self.height <= self.box[1])

    def line_rects(self, topleft: tuple[int, int]) -> list[pygame.Rect]:
        """Each line's rectangle on screen when drawn at ``topleft``."""
        return [line.prect.move(topleft) for line in self.lines]

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int]) -> None:
        x0, y0 = topleft
        for line in self.lines:
            lx, ly = x0 + line.rect[0], y0 + line.rect[1]
            for run in line.runs:
                surface.blit(self.fonts.render(run.text, self.px, run.colour, self.bold), (lx + run.x, ly))


def _colour_runs(text: str, colour: Colour, four_colour: bool) -> list[tuple[str, Colour]]:
    runs: list[tuple[str, Colour]] = []
    for ch in text:
        c = suit_colour(ch, four_colour) if ch in SUIT_OF_SYMBOL else colour
        if runs and runs[-1][1] == c:
            runs[-1] = (runs[-1][0] + ch, c)
        else:
            runs.append((ch, c))
    return runs


def _split_long(unit: str, measure: Callable[[str], int], width: int) -> list[str]:
    """Cut a unit wider than the line into pieces that fit (at least one char each),
    still keeping closing marks off the start and opening marks off the end of a piece."""
    pieces, piece = [], ""
    for ch in unit:
        if piece and measure(piece + ch) > width:
            cut = len(piece)
            while cut > 1 and (piece[cut - 1] in NO_LINE_END or (piece[cut:] + ch)[0] in NO_LINE_START):
                cut -= 1
            pieces.append(piece[:cut])
            piece = piece[cut:]
        piece += ch
    return pieces + [piece]


def layout_text(
    fonts: Fonts,
    text: str,
    px: int,
    width: int,
    height: int = 0,
    *,
    colour: Colour = INK,
    bold: bool = False,
    four_colour: bool = False,
    align: str = "left",
    spacing: float = 1.15,
) -> TextLayout:
    """Break ``text`` into lines no wider than ``width`` pixels (cached).

    ``align`` is "left", "center" or "right"; ``spacing`` multiplies the font height.
    """
    return _layout(fonts, latin_quotes(text), px, width, height, colour, bold, four_colour, align, spacing)


_CURLY = re.compile("“([^“”]*)”")
_CJK = re.compile("[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def latin_quotes(text: str) -> str:
    """“Quotes” round words without Chinese drawn as straight quotes: the shipped font's
    curly quotes are full-width (CJK) glyphs, which look like stray spaces in English."""
    return _CURLY.sub(lambda m: m.group(0) if _CJK.search(m.group(1)) else f'"{m.group(1)}"', text)


@lru_cache(maxsize=1024)
def _layout(
    fonts: Fonts,
    text: str,
    px: int,
    width: int,
    height: int,
    colour: Colour,
    bold: bool,
    four_colour: bool,
    align: str,
    spacing: float,
) -> TextLayout:
    measure = partial(fonts.width, px=px, bold=bold)
    text = drawable(text)

    def drawn_width(row_text: str) -> int:
        """The row's width as drawn (run by run), not the sum of its words' widths,
        which kerning makes differ by a pixel or two."""
        if SUIT_SYMBOLS.isdisjoint(row_text):  # one colour: one run
            return measure(row_text)
        return sum(measure(run_text) for run_text, _c in _colour_runs(row_text, colour, four_colour))

    rows: list[tuple[str, int]] = []
    """Each line's text and its indent: a bulleted paragraph's wrapped lines hang under
    its first word, not under the bullet."""
    row, indent, hang = "", 0, 0
    for n, unit in enumerate(_units(text)):
        if n == 0 or unit.hard_break:
            hang = measure(unit.text + " ") if unit.text in BULLETS else 0
        pieces = [unit.text]
        unit_w = measure(unit.text)
        if unit_w > width - hang:
            pieces = _split_long(unit.text, measure, width - hang)
        for i, piece in enumerate(pieces):
            gap = unit.space_before and i == 0 and bool(row)
            longer = row + (" " if gap else "") + piece
            if unit.hard_break and i == 0:
                rows.append((row, indent))
                row, indent = piece, 0
            elif row and drawn_width(longer) > width - indent:
                rows.append((row, indent))
                row, indent = piece, hang
            else:
                row = longer
    rows.append((row, indent))
    linesize = fonts.linesize(px, bold)
    line_h = round(linesize * spacing)
    lines, y = [], 0
    for row_text, indent in rows:
        if not row_text:  # a blank line between paragraphs: half a line is enough
            lines.append(Line("", (), (indent, y, 0, line_h // 2), indent))
            y += line_h // 2
            continue
        runs, x = [], 0
        for run_text, run_colour in _colour_runs(row_text, colour, four_colour):
            runs.append(Run(run_text, run_colour, x))
            x += measure(run_text)
        lx = {"left": indent, "center": (width - x) // 2, "right": width - x}[align]
        lines.append(Line(row_text, tuple(runs), (lx, y, x, linesize),
                          indent if align == "left" else 0))
        y += line_h
    return TextLayout(tuple(lines), (width, height), px, bold, fonts)


def fit_text(
    fonts: Fonts, text: str, px: int, width: int, height: int, *, min_px: int = 10, **kwargs
) -> TextLayout:
    """``layout_text`` at ``px``, shrinking the font until the text fits the box."""
    while True:
        layout = layout_text(fonts, text, px, width, height, **kwargs)
        if layout.fits or px <= min_px:
            return layout
        px -= 1
