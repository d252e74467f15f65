"""The player's hand as an overlapping fan, with mouse and keyboard selection."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Collection, Sequence

import pygame

from engine.cards import Card
from engine.rules import TRUMP, TrumpContext

from ..theme import FOCUS, KITTY_MARK
from .base import Widget
from .card_art import ASPECT, INDEX_SHOWS, card_height

if TYPE_CHECKING:
    from ..services import Services

VISIBLE = 0.42
"""Least part of a card's width left uncovered: the rank, suit and ★ column."""
GROUP_GAP = 0.4
"""Extra space between suits (trumps, ♠, ♥, ♦, ♣), in steps."""
ROW_SHOWS = INDEX_SHOWS
"""In a hand of two rows, the part of a first-row card's height the second row leaves
uncovered: the corner's rank, suit and ★."""
MIN_TWO_ROWS = 20
"""A hand this long or longer may take two rows (when that gives wider cards)."""
TWO_ROWS_COST = 0.95
"""Two rows are taken even when their cards are only this much as wide as one row's:
each card then shows a much wider strip to read and to click."""
SUIT_SPLIT_COST = 0.9
"""The second row starts at a suit when that keeps the cards at least this much as
wide as a split in the middle."""


BLACK, RED = ("S", "C"), ("H", "D")


def side_suit_order(trump: str | None) -> tuple[str, ...]:
    """The side suits as a card table lays them out: colours alternating (♠ ♥ ♣ ♦; with
    a trump suit taken out, the colour left twice goes first and last: ♠ ♦ ♣)."""
    blacks = [s for s in BLACK if s != trump]
    reds = [s for s in RED if s != trump]
    first, second = (blacks, reds) if len(blacks) >= len(reds) else (reds, blacks)
    order: list[str] = []
    for k in range(len(first)):
        order.append(first[k])
        if k < len(second):
            order.append(second[k])
    return tuple(order)


def in_hand_order(cards: Sequence[Card], ctx: TrumpContext | None) -> list[Card]:
    """``cards`` as the hand shows them: trumps first (the engine's order), then the side
    suits in alternating colours, each high to low (``side_suit_order``)."""
    if ctx is None:
        return list(cards)
    order = side_suit_order(ctx.trump)

    def key(card: Card) -> tuple:
        suit = ctx.suit_of(card)
        group = 0 if suit == TRUMP else 1 + order.index(suit)
        return (group, *ctx.sort_key(card)[1:])

    return sorted(cards, key=key)


@dataclass(frozen=True)
class _Fit:
    """How a hand is laid out: its cards' width, in one row or two (the second
    starting at card ``split``)."""

    width: int
    rows: int
    split: int


class HandFan(Widget):
    """Cards left to right in ``TrumpContext`` display order (trumps first, ★ badge).

    State: ``cards`` (display order), ``selected`` (positions in ``cards``: with two
    decks the two copies of a card are told apart by position), ``selectable`` (card
    faces that may be chosen, ``None`` for all; the others are dimmed and ignore
    clicks), ``focus`` (the keyboard cursor) and ``marked`` (positions outlined in
    ``KITTY_MARK``: the cards just picked up from the kitty).  ``on_change(selected_cards)``
    is called after every selection change.

    Keys: ←/→ move the cursor, ↑ selects, ↓ deselects, Space toggles.  A click toggles
    the topmost card under the pointer.  The rectangle given to ``place`` holds the
    cards plus the lift of selected cards above them; a long hand (three or four
    decks) takes two rows when they give wider cards, the second row over the lower
    part of the first, which keeps its corners in view.
    """

    def __init__(
        self,
        services: "Services",
        cards: Sequence[Card] = (),
        ctx: TrumpContext | None = None,
        *,
        on_change: Callable[[list[Card]], None] | None = None,
    ) -> None:
        super().__init__(services)
        self.cards: list[Card] = []
        self.ctx: TrumpContext | None = None
        self.selected: set[int] = set()
        self.selectable: frozenset[Card] | None = None
        self.focus: int | None = None
        self.marked: frozenset[int] = frozenset()
        self.on_change = on_change
        self.set_cards(cards, ctx)

    def set_cards(self, cards: Sequence[Card], ctx: TrumpContext | None = None) -> None:
        """Show ``cards`` (sorted by ``ctx`` when given); clears the selection."""
        self.ctx = ctx
        self.cards = in_hand_order(cards, ctx)
        self.selected = set()
        self.focus = None
        self.marked = frozenset()

    def _positions(self, faces: Sequence[Card]) -> set[int]:
        """One position of the hand per card of ``faces`` (two copies: two cards)."""
        want = Counter(faces)
        found = set()
        for i, card in enumerate(self.cards):
            if want[card] > 0:
                want[card] -= 1
                found.add(i)
        return found

    def set_marked(self, faces: Sequence[Card]) -> None:
        """Outline one card of the hand per card of ``faces``."""
        self.marked = frozenset(self._positions(faces))

    def select(self, faces: Sequence[Card]) -> None:
        """Choose exactly ``faces`` (a hint's answer), whether or not they may be chosen."""
        self.selected = self._positions(faces)
        self._changed()

    def set_selectable(self, faces: Collection[Card] | None) -> None:
        """Only these faces may be chosen (``None``: all); unselectable selections drop."""
        self.selectable = None if faces is None else frozenset(faces)
        before = set(self.selected)
        self.selected = {i for i in self.selected if self.can_select(i)}
        if before != self.selected:
            self._changed()

    def can_select(self, i: int) -> bool:
        return self.selectable is None or self.cards[i] in self.selectable

    def selected_cards(self) -> list[Card]:
        return [self.cards[i] for i in sorted(self.selected)]

    def toggle(self, i: int) -> None:
        if not self.can_select(i):
            return
        self.selected ^= {i}
        self._changed()

    def clear(self) -> None:
        if self.selected:
            self.selected = set()
            self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.selected_cards())

    # geometry -------------------------------------------------------------------------

    def lift(self) -> int:
        return round(self.rect.height * 0.15)

    def card_width(self) -> int:
        """The width of the cards as laid out now (every card shows its corner index)."""
        return self._fit(self.cards).width

    def _groups(self, cards: Sequence[Card] | None = None) -> list[int]:
        """Each card's group (effective suit) index, for the small gap between suits."""
        groups, last, n = [], None, -1
        for card in self.cards if cards is None else cards:
            suit = self.ctx.suit_of(card) if self.ctx is not None else card.suit
            if suit != last:
                n, last = n + 1, suit
            groups.append(n)
        return groups

    def _fit(self, cards: Sequence[Card]) -> "_Fit":
        """The widest cards that fit: one row, or two when that gives cards about as wide
        or wider (a hand of three or four decks), the second row split off at the suit boundary
        nearest the middle (or in the middle when a suit holds most of the hand)."""
        n = len(cards)
        groups = self._groups(cards)
        best = _Fit(self._row_width([groups]), 1, n)
        if n >= MIN_TWO_ROWS:
            splits = {n // 2, *(i for i in range(1, n) if groups[i] != groups[i - 1])}
            by_height = (self.rect.height - self.lift()) / (1 + ROW_SHOWS) / ASPECT
            fits = [_Fit(int(min(by_height, self._row_width([groups[:k], groups[k:]]))), 2, k) for k in splits]
            middle = next(f for f in fits if f.split == n // 2)
            at_suits = [f for f in fits if f.split != n // 2 and f.width >= middle.width * SUIT_SPLIT_COST]
            two = max(at_suits, key=lambda f: (f.width, -abs(f.split - n / 2))) if at_suits else middle
            if two.width >= best.width * TWO_ROWS_COST:
                best = two
        return best

    def _row_width(self, rows: Sequence[Sequence[int]]) -> int:
        """The widest card each of ``rows`` (their cards' groups) fits in one row each:
        as tall as the rectangle allows, narrow enough that a step is at least
        ``VISIBLE`` of a card."""
        by_height = (self.rect.height - self.lift()) / ASPECT
        widths = [by_height]
        for groups in rows:
            if groups:
                slots = len(groups) - 1 + GROUP_GAP * (groups[-1] - groups[0])
                widths.append(self.rect.width / (1 + VISIBLE * slots))
        return int(min(widths))

    def card_rects(self) -> list[pygame.Rect]:
        """Where each card is drawn (selected ones raised), left to right, the first row
        above the second."""
        return self._layout(self.cards, self.selected)

    def _layout(self, cards: Sequence[Card], selected: Collection[int] = ()) -> list[pygame.Rect]:
        n = len(cards)
        if n == 0:
            return []
        fit = self._fit(cards)
        w = fit.width
        h = min(self.rect.height - self.lift(), card_height(w))  # a narrow card is shorter, never stretched
        groups = self._groups(cards)
        rows = [range(0, fit.split), range(fit.split, n)] if fit.rows == 2 else [range(n)]
        shift = round(h * ROW_SHOWS) if fit.rows == 2 else 0
        rects: list[pygame.Rect] = []
        for r, row in enumerate(rows):
            first = row[0]
            slots = len(row) - 1 + GROUP_GAP * (groups[row[-1]] - groups[first])
            step = min(w * 0.62, (self.rect.width - w) / max(1, slots))
            x = self.rect.centerx - (w + step * slots) / 2
            bottom = self.rect.bottom - (shift if r == 0 else 0)  # the first of two rows sits higher
            for i in row:
                if i != first and groups[i] != groups[i - 1]:
                    x += GROUP_GAP * step
                top = bottom - h - (self.lift() if i in selected else 0)
                rects.append(pygame.Rect(round(x), top, w, h))
                x += step
        return rects

    def landing_rect(self, card: Card) -> pygame.Rect:
        """Where ``card`` would be drawn once added to the hand (a dealt card flies there)."""
        cards = in_hand_order([*self.cards, card], self.ctx)
        return self._layout(cards)[cards.index(card)]

    def visible_strip(self, i: int) -> pygame.Rect:
        """The part of card ``i`` not covered by the card after it in its row, nor by
        the row below: the keyboard focus frame goes round this, so it never spans two
        cards."""
        rects = self.card_rects()
        fit = self._fit(self.cards)
        split = fit.split if fit.rows == 2 else len(rects)
        rect = rects[i]
        if i + 1 < len(rects) and i + 1 != split and rects[i + 1].left < rect.right:
            rect = pygame.Rect(rect.left, rect.top, rects[i + 1].left - rect.left, rect.height)
        below = [r.top for r in rects[split:] if i < split and r.colliderect(rect)]
        if below and min(below) > rect.top:
            rect = pygame.Rect(rect.left, rect.top, rect.width, min(below) - rect.top)
        return rect

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost card under ``pos`` (later cards overlap earlier ones)."""
        for i, rect in reversed(list(enumerate(self.card_rects()))):
            if rect.collidepoint(pos):
                return i
        return None

    # events and drawing -----------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.card_at(event.pos)
            if i is not None:
                self.focus = i
                self.toggle(i)
                return None
        elif event.type == pygame.KEYDOWN and self.cards:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_LEFT else 1
                start = (-1 if step > 0 else len(self.cards)) if self.focus is None else self.focus
                self.focus = (start + step) % len(self.cards)
                return None
            if self.focus is not None and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE):
                want = {pygame.K_UP: True, pygame.K_DOWN: False}.get(event.key, self.focus not in self.selected)
                if want != (self.focus in self.selected):
                    self.toggle(self.focus)
                return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        art = self.services.cards
        w = self.card_width()
        mark = max(3, w // 18)
        for i, rect in enumerate(self.card_rects()):
            card = self.cards[i]
            face = art.face(
                card,
                w,
                trump=self.ctx is not None and self.ctx.is_trump(card),
                dimmed=not self.can_select(i),
                selected=i in self.selected,
                four_colour=self.services.four_colour,
            )
            surface.blit(face, rect)
        for i in self.marked:
            pygame.draw.rect(surface, KITTY_MARK, self.visible_strip(i), mark, border_radius=max(3, w // 12))
        if self.focus is not None and self.focus < len(self.cards):
            pygame.draw.rect(surface, FOCUS, self.visible_strip(self.focus), 3, border_radius=max(3, w // 12))
