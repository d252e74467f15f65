"""Where everything at the practice table goes (computed on resize and when the table
changes, never in ``draw``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from engine.cards import Card
from engine.rules import TrumpContext

from ...theme import Metrics
from ...widgets import table_layout
from ...widgets.card_art import card_height
from ...widgets.table import HAND_PX, TWO_ROW_HAND_PX
from .lanes import clear_of

if TYPE_CHECKING:
    from ...services import Services
    from ..practice import PracticeTableScene


LONGEST_ONE_ROW = 33
"""The most cards a hand holds at the table in one row (two decks: 25 and the kitty's
8); the games of longer hands get the taller hand of two rows."""


def place_all(scene: "PracticeTableScene", m: Metrics) -> None:
    """Every widget of the table at the window's size ``m``."""
    variant = scene.table.game.rules.variant
    long_hand = variant.hand_size + variant.kitty_size > LONGEST_ONE_ROW
    rects = table_layout(m, TWO_ROW_HAND_PX if long_hand else HAND_PX)
    margin = m.px(14)
    left, right = rects.seats[3], rects.seats[1]
    coach_w = m.px(270)
    bottom = rects.hint.top - m.px(10)
    scene.left_rect = pygame.Rect(margin, left.bottom + m.px(10), coach_w, bottom - left.bottom - m.px(10))
    trick = pygame.Rect(rects.trick)
    trick.left = scene.left_rect.right + margin
    trick.width = min(right.left, rects.points.left) - margin - trick.left
    scene.status.place(rects.status, m)
    scene.points.place(rects.points, m)
    learner = scene.table.learner
    for seat, rect in enumerate(rects.seats):
        scene.seats[(learner + seat) % 4].place(rect, m)
    scene.trick.place(trick, m)
    me = pygame.Rect(rects.seats[0])
    me.width = max(me.width, m.px(230), 222)  # room for the role and card count on one line
    hint = pygame.Rect(rects.hint)
    hint.left, hint.width = me.right + margin, rects.hint.right - me.right - margin
    scene.seats[learner].place(me, m)
    scene.hint.place(hint, m)
    scene.play.place(rects.buttons, m)
    scene.hand.place(rects.hand, m)
    scene.motion.place(pygame.Rect((0, 0), m.size), m)
    scene.side_rect = pygame.Rect(right.left, right.bottom + m.px(10), right.width,
                                  bottom - right.bottom - m.px(10))
    scene.info.place((trick.left, trick.top, max(m.px(120), trick.width * 17 // 50), max(m.px(70), 76)), m)


def place_side(scene: "PracticeTableScene") -> None:
    """The column of table controls on the right."""
    m = scene.metrics
    buttons = scene.side_menu.buttons
    if not buttons:
        return
    gap = m.px(6)
    h = min(m.px(44), (scene.side_rect.height - gap * (len(buttons) - 1)) // len(buttons))
    for n, button in enumerate(buttons):
        button.place((scene.side_rect.left, scene.side_rect.top + n * (h + gap), scene.side_rect.width, h), m)


def caption_box(scene: "PracticeTableScene", group: pygame.Rect, seat: int, height: int,
                width: int | None = None) -> pygame.Rect:
    """A box for words about ``seat``'s cards at ``group`` on the felt: beside them,
    toward the middle of the table, inside the trick area (``width``: as wide as that,
    at most the room beside the cards)."""
    m, r = scene.metrics, scene.trick.rect
    pos = (seat - scene.table.learner) % 4
    gap = m.px(8)
    if width is None:
        # above or below the cards the felt's width is free for the words
        width = min(m.px(460), r.width * 7 // 10) if pos in (0, 2) else min(m.px(330), r.width * 5 // 11)
    if pos in (1, 3):
        width = min(width, r.width - group.width - 2 * gap)
    box = pygame.Rect(0, 0, width, height)
    if pos == 0:
        box.midbottom = (group.centerx, group.top - gap)
    elif pos == 2:
        box.midtop = (group.centerx, group.bottom + gap)
    elif pos == 1:
        box.midright = (group.left - gap, group.centery)
    else:
        box.midleft = (group.right + gap, group.centery)
    return box.clamp(r)


def caption_candidates(scene: "PracticeTableScene", height: int, flying: bool = True,
                       width: int | None = None) -> list[pygame.Rect]:
    """Boxes for words on the felt, best first: under the kitty on show, else over it;
    else beside the declaration standing (toward the middle of the table) or in the
    middle, then the table's corners (clear of the declaration).  With ``flying``, the
    boxes clear of the lanes of the cards that fly now or may start come first."""
    m, r = scene.metrics, scene.trick.rect
    wide = width or max(min(m.px(330), r.width * 5 // 11), r.width * 7 // 10)
    width = width or min(m.px(330), r.width * 5 // 11)
    group = scene.declaring.standing_box()
    standing = scene.table.standing()
    boxes: list[pygame.Rect] = []
    covered: list[pygame.Rect] = []
    if scene.kitty_rects:
        row = scene.kitty_rects[0].unionall(scene.kitty_rects)
        covered.append(row)
        box = pygame.Rect(0, 0, wide, height)
        box.midtop = (r.centerx, row.bottom + m.px(10))
        boxes.append(box.clamp(r))
        box.midbottom = (r.centerx, row.top - m.px(10))
        boxes.append(box.clamp(r))
    else:
        if group is not None and standing is not None:
            covered.append(group)
            boxes.append(caption_box(scene, group, standing.seat, height))
        else:
            box = pygame.Rect(0, 0, width, height)
            box.center = r.center
            boxes.append(box)
        inner = r.inflate(-m.px(8), -m.px(8))
        for corner in ("topleft", "topright", "bottomleft", "bottomright"):
            box = pygame.Rect(0, 0, width, height)
            setattr(box, corner, getattr(inner, corner))
            if group is not None and box.colliderect(group):  # narrowed to end beside the declaration
                box = box.clip(pygame.Rect(inner.left, box.top, group.left - m.px(6) - inner.left, height)
                               if group.centerx > box.centerx else
                               pygame.Rect(group.right + m.px(6), box.top, inner.right - group.right, height))
            boxes.append(box)
    lanes = scene.flights.lanes() if flying else []
    good = [box for box in boxes if clear_of(box, lanes) and box.collidelist(covered) < 0]
    return good + [box for box in boxes if box not in good]


def place_caption(scene: "PracticeTableScene") -> None:
    """The caption on the felt, at the best of ``caption_candidates``."""
    m = scene.metrics
    scene.caption.place(caption_candidates(scene, max(m.px(96), 100))[0], m)


def kitty_rects(scene: "PracticeTableScene", cards: Sequence[Card]) -> list[pygame.Rect]:
    """A row of ``cards`` (the kitty) across the top of the table."""
    r, m = scene.trick.rect, scene.metrics
    if not cards:
        return []
    w = scene.trick.card_width()
    step = min(w + m.px(6), (r.width - m.px(40) - w) // max(1, len(cards) - 1))
    x0 = r.centerx - (w + step * (len(cards) - 1)) // 2
    top = r.top + m.px(10)  # room under it for the words, the kitty's moment too
    return [pygame.Rect(x0 + k * step, top, w, card_height(w)) for k in range(len(cards))]


def draw_cards(surface: pygame.Surface, services: "Services", ctx: TrumpContext | None,
               cards: Sequence[tuple[Card, pygame.Rect]]) -> None:
    """Card faces at their rectangles (trumps badged when trumps are known)."""
    for card, rect in cards:
        surface.blit(services.cards.face(card, rect.width, trump=ctx is not None and ctx.is_trump(card),
                                         four_colour=services.four_colour), rect)
