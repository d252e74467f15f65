"""Card faces and the card back, drawn in code and cached per size.

``CardArt.face(card, width, ...)`` returns a surface ``width`` × ``height(width)``:
a big rank and suit symbol in the top-left corner (the part a hand fan leaves
visible), a large pip or court letter in the middle, a ★ badge under the index for
trumps (on a warm-tinted face), dimmed for cards that cannot be chosen, outlined
when selected.  Jokers read 大王/小王 (BIG/small in English) down the corner, the big
joker red and the little one black.  Every variant is cached, so a frame only blits.
"""

from __future__ import annotations

import pygame

from engine.cards import BIG, SUIT_SYMBOLS, Card

from ..fonts import Fonts
from ..i18n import N_, _
from ..text import is_cjk
from ..theme import BLACK, RED, SELECTED, TRUMP_STAR, Colour, suit_colour

ASPECT = 1.4
"""Card height / width."""
FACE = (252, 252, 248)
TRUMP_FACE = (255, 246, 214)
EDGE = (150, 150, 150)
BACK = (150, 32, 44)
BACK_LINE = (186, 72, 80)
DIM = (150, 150, 150)
JOKER_LABELS = {BIG: N_("JOKER"), "L": N_("joker")}
"""The joker corner labels (msgids): both read as jokers (大王 / 小王 in Chinese, stacked
vertically); the big one is red, in capitals, with a filled crown, the small one black,
in small letters, with a hollow crown."""
INDEX_SHOWS = 0.70
"""The top part of a face's height that holds its whole corner index (rank, suit and ★;
a joker's label and ★): a hand of two rows leaves this much of a first-row card
uncovered (``tests/app/test_widgets.py`` checks every face at every width)."""
DRAWN_SYMBOLS = "".join(SUIT_SYMBOLS.values()) + "★"
"""Symbols the card art draws with the font (tests check the font has them)."""


def card_height(width: int) -> int:
    return round(width * ASPECT)


class CardArt:
    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._cache: dict[tuple, pygame.Surface] = {}

    def face(
        self,
        card: Card,
        width: int,
        *,
        trump: bool = False,
        dimmed: bool = False,
        selected: bool = False,
        four_colour: bool = False,
    ) -> pygame.Surface:
        width = max(1, width)  # a box squeezed to nothing still gets a (tiny) card
        label = _(JOKER_LABELS[card.rank]) if card.is_joker else ""
        key = (card.index, width, trump, dimmed, selected, four_colour, label)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._draw_face(card, width, trump, four_colour, label)
            if dimmed:
                surf.fill((*DIM, 255), special_flags=pygame.BLEND_RGBA_MULT)
            if selected:
                pygame.draw.rect(surf, SELECTED, surf.get_rect(), max(2, width // 24), border_radius=_radius(width))
            self._cache[key] = surf
        return surf

    def back(self, width: int) -> pygame.Surface:
        width = max(1, width)
        key = ("back", width)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._blank(width, BACK)
            inner = surf.get_rect().inflate(-width // 6, -width // 6)
            step = max(4, width // 8)
            clip = surf.subsurface(inner)
            for x in range(-inner.height, inner.width, step):
                pygame.draw.line(clip, BACK_LINE, (x, 0), (x + inner.height, inner.height), 1)
                pygame.draw.line(clip, BACK_LINE, (x, inner.height), (x + inner.height, 0), 1)
            pygame.draw.rect(surf, (236, 220, 200), inner, max(1, width // 40), border_radius=_radius(width) // 2)
            self._cache[key] = surf
        return surf

    def _blank(self, width: int, fill: Colour) -> pygame.Surface:
        surf = pygame.Surface((width, card_height(width)), pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, fill, rect, border_radius=_radius(width))
        pygame.draw.rect(surf, EDGE, rect, 1, border_radius=_radius(width))
        return surf

    def _glyph(self, text: str, px: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        """Rendered text cropped to its ink, for exact placement."""
        surf = self.fonts.render(text, px, colour, bold)
        return surf.subsurface(surf.get_bounding_rect())

    def _draw_face(self, card: Card, w: int, trump: bool, four_colour: bool, label: str) -> pygame.Surface:
        surf = self._blank(w, TRUMP_FACE if trump else FACE)
        h = surf.get_height()
        pad = max(2, round(w * 0.07))
        colour = (RED if card.rank == BIG else BLACK) if card.is_joker else suit_colour(card.suit, four_colour)
        strip = round(w * 0.36)
        # the suit and the ★ sit at the same height on every card: below the height of a
        # plain digit, whatever this rank's ink (the Q's tail, the narrower 10); a joker's
        # label fills the rank's and the suit's place
        suit_y = pad + self._glyph("8", round(w * 0.32), colour, bold=True).get_height() + max(3, round(w * 0.08))
        star_y = suit_y + self._glyph(SUIT_SYMBOLS["S"], round(w * 0.28), colour).get_height() + max(3, round(w * 0.07))
        if card.is_joker:
            self._joker_index(surf, label, w, pad, star_y - max(3, round(w * 0.07)) - pad, colour)
            self._crown(surf, pygame.Rect(round(w * 0.42), round(h * 0.5), round(w * 0.5), round(h * 0.3)), colour,
                        hollow=card.rank != BIG)
        else:
            rank = self._glyph(card.rank, round(w * (0.27 if card.rank == "10" else 0.32)), colour, bold=True)
            surf.blit(rank, (pad + max(0, (strip - rank.get_width()) // 2), pad))
            suit = self._glyph(SUIT_SYMBOLS[card.suit], round(w * 0.28), colour)
            surf.blit(suit, (pad + max(0, (strip - suit.get_width()) // 2), suit_y))
            self._centre(surf, card, w, h, colour)
        if trump:
            star = self._glyph("★", round(w * 0.26), TRUMP_STAR)
            surf.blit(star, (pad + max(0, (strip - star.get_width()) // 2), star_y))
        return surf

    def _centre(self, surf: pygame.Surface, card: Card, w: int, h: int, colour: Colour) -> None:
        area = pygame.Rect(round(w * 0.40), round(h * 0.22), round(w * 0.54), round(h * 0.70))
        if card.rank in ("J", "Q", "K"):
            frame = area.inflate(-w // 20, -w // 20)
            pygame.draw.rect(surf, (240, 236, 224), frame, border_radius=max(2, w // 16))
            pygame.draw.rect(surf, colour, frame, max(1, w // 40), border_radius=max(2, w // 16))
            letter = self._glyph(card.rank, round(w * 0.42), colour, bold=True)
            surf.blit(letter, letter.get_rect(center=frame.center))
        else:
            pip = self._glyph(SUIT_SYMBOLS[card.suit], round(w * (0.62 if card.rank == "A" else 0.48)), colour)
            surf.blit(pip, pip.get_rect(center=area.center))

    def _joker_index(self, surf: pygame.Surface, label: str, w: int, pad: int, room: int, colour: Colour) -> None:
        """Draw the joker's corner label in the ``room`` px below ``pad`` that a rank and
        its suit take on other cards: Chinese stacked (大 over 王), English turned on its
        side, condensed to the room."""
        strip = round(w * 0.36)
        y = pad
        if any(is_cjk(ch) for ch in label):
            for ch in label:
                glyph = self._glyph(ch, round(w * 0.27), colour, bold=True)
                surf.blit(glyph, (pad + max(0, (strip - glyph.get_width()) // 2), y))
                y += glyph.get_height() + max(1, w // 30)
            return
        glyph = self._glyph(label, round(w * 0.24), colour, bold=True)
        if glyph.get_width() > room:  # condensed, not smaller: the letters keep their height
            glyph = pygame.transform.smoothscale(glyph, (max(1, room), glyph.get_height()))
        glyph = pygame.transform.rotate(glyph, 90)
        surf.blit(glyph, (pad + max(0, (strip - glyph.get_width()) // 2), y))

    @staticmethod
    def _crown(surf: pygame.Surface, box: pygame.Rect, colour: Colour, hollow: bool = False) -> None:
        """The joker emblem: a five-point crown on a band (outlined for the small joker)."""
        x, y, bw, bh = box
        band = pygame.Rect(x, y + round(bh * 0.72), bw, round(bh * 0.28))
        points = [(x, band.top), (x, y + bh * 0.25), (x + bw * 0.25, y + bh * 0.55), (x + bw * 0.5, y),
                  (x + bw * 0.75, y + bh * 0.55), (x + bw, y + bh * 0.25), (x + bw, band.top)]
        edge = max(1, bw // 14) if hollow else 0
        pygame.draw.polygon(surf, colour, points, edge)
        pygame.draw.rect(surf, colour, band, edge)
        for px_, py_ in ((x, y + bh * 0.25), (x + bw * 0.5, y), (x + bw, y + bh * 0.25)):
            pygame.draw.circle(surf, colour, (px_, py_), max(2, bw // 12))


def _radius(width: int) -> int:
    return max(3, width // 12)
