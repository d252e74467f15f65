"""Where cards fly at the table, as areas: a card flying from one rectangle to another
(its corners moving in straight lines, its size changing on the way) stays inside the
convex hull of the two.  The table's words are placed outside the lanes of the flights
that may start while they show, so no flying card covers them."""

from __future__ import annotations

from typing import Iterable, Sequence

import pygame

Point = tuple[float, float]
Lane = list[Point]
"""A convex polygon, counter-clockwise."""


def lane(start: pygame.Rect, end: pygame.Rect) -> Lane:
    """Every place a card flying from ``start`` to ``end`` can be."""
    corners = sorted({(float(x), float(y)) for rect in (start, end)
                      for x, y in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright)})
    if len(corners) < 3:
        return corners

    def turn(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    hull: list[Point] = []
    for sweep in (corners, corners[::-1]):  # the lower chain, then the upper (monotone chain)
        chain: list[Point] = []
        for p in sweep:
            while len(chain) >= 2 and turn(chain[-2], chain[-1], p) <= 0:
                chain.pop()
            chain.append(p)
        hull.extend(chain[:-1])
    return hull


def _apart(points: Sequence[Point], others: Sequence[Point], axis: Point) -> bool:
    """Whether the two shapes' shadows on ``axis`` do not overlap (touching is apart)."""
    a = [p[0] * axis[0] + p[1] * axis[1] for p in points]
    b = [p[0] * axis[0] + p[1] * axis[1] for p in others]
    return max(a) <= min(b) or max(b) <= min(a)


def crosses(box: pygame.Rect, area: Lane) -> bool:
    """Whether ``box`` and the lane overlap (separating axes: the box's two and the
    lane's edge normals)."""
    if not area or box.width <= 0 or box.height <= 0:
        return False
    corners = [(float(x), float(y)) for x, y in (box.topleft, box.topright, box.bottomright, box.bottomleft)]
    axes: list[Point] = [(1.0, 0.0), (0.0, 1.0)]
    for a, b in zip(area, area[1:] + area[:1]):
        axes.append((a[1] - b[1], b[0] - a[0]))
    return not any(_apart(corners, area, axis) for axis in axes if axis != (0.0, 0.0))


def clear_of(box: pygame.Rect, lanes: Iterable[Lane]) -> bool:
    return not any(crosses(box, area) for area in lanes)
