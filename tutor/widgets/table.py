"""Where everything goes on the practice table, computed from the window size.

``table_layout(metrics)`` returns the rectangles; scenes ``place`` their widgets in
them.  Seats by screen position: 0 bottom (the player), 1 right (下家), 2 top
(partner), 3 left.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..theme import Metrics


@dataclass(frozen=True)
class TableRects:
    status: pygame.Rect
    points: pygame.Rect
    seats: tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]
    trick: pygame.Rect
    hint: pygame.Rect
    buttons: pygame.Rect
    hand: pygame.Rect

    def all(self) -> list[pygame.Rect]:
        return [self.status, self.points, *self.seats, self.trick, self.hint, self.buttons, self.hand]


HAND_PX = 150
"""The hand's height at the design size; a hand of two rows (three or four decks) takes
``TWO_ROW_HAND_PX``."""
TWO_ROW_HAND_PX = 196


def table_layout(m: Metrics, hand_px: int = HAND_PX) -> TableRects:
    W, H = m.size
    margin = m.px(14)
    status = pygame.Rect(margin, margin, m.px(270), m.px(176))
    points = pygame.Rect(W - margin - m.px(300), margin, m.px(300), m.px(130))
    hand_h = m.px(hand_px)
    hand = pygame.Rect(margin, H - margin - hand_h, W - 2 * margin, hand_h)
    row_h = max(m.px(46), 54)  # two lines of the hint line at the smallest readable size
    row_y = hand.top - m.px(6) - row_h
    buttons = pygame.Rect(W - margin - m.px(260), row_y, m.px(260), row_h)
    seat_w, seat_h = m.px(250), m.px(64)
    bottom_seat = pygame.Rect(margin, row_y, m.px(200), row_h)
    hint = pygame.Rect(bottom_seat.right + margin, row_y, buttons.left - bottom_seat.right - 2 * margin, row_h)
    top_seat = pygame.Rect(W // 2 - seat_w // 2, margin, seat_w, seat_h)
    left_seat = pygame.Rect(margin, status.bottom + m.px(30), status.width, seat_h)
    # the right plate sits under the points panel: the table controls below it need room
    right_seat = pygame.Rect(W - margin - m.px(250), points.bottom + m.px(12), m.px(250), seat_h)
    trick_top = top_seat.bottom + m.px(10)
    trick_left = max(left_seat.right, status.right) + margin
    trick_right = min(right_seat.left, points.left) - margin
    trick = pygame.Rect(trick_left, trick_top, trick_right - trick_left, row_y - m.px(10) - trick_top)
    return TableRects(status, points, (bottom_seat, right_seat, top_seat, left_seat), trick, hint, buttons, hand)
