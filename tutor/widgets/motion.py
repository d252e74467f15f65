"""Cards in motion: a card dealt to a seat, played to the table, gathered by the winner.

``Motion`` keeps the cards in flight.  Its owner adds a ``Flight`` (a card, where it
starts and lands, how long it takes, an optional delay and a function called when it
lands), advances time with ``update(dt)`` and draws it last, over the table.  Nothing
waits for a flight: the owner keeps taking input, and ``finish()`` lands every flight
at once (a skipped deal, an undo, leaving the table).  Time comes only from ``dt``, so
a flight is as smooth at 30 frames a second as at 144, and tests step it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from engine.cards import Card

from .base import Widget

if TYPE_CHECKING:
    from ..services import Services


@dataclass
class Flight:
    """One card travelling from ``start`` to ``end`` (screen rectangles; the size changes
    on the way).  ``card`` ``None`` flies face down.  ``vanish``: it shrinks into
    ``end`` and is gone (a trick gathered by its winner)."""

    card: Card | None
    start: pygame.Rect
    end: pygame.Rect
    duration: float
    delay: float = 0.0
    trump: bool = False
    vanish: bool = False
    on_land: Callable[[], None] | None = None
    elapsed: float = 0.0

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def rect(self) -> pygame.Rect:
        """Where the card is now: eased out (fast start, gentle landing)."""
        t = min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration)) if self.duration > 0 else 1.0
        t = 1 - (1 - t) ** 3
        a, b = self.start, self.end
        return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                           max(1, round(a.w + (b.w - a.w) * t)), max(1, round(a.h + (b.h - a.h) * t)))


class Motion(Widget):
    """The cards in flight, drawn over everything else (see the module docstring)."""

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.flights: list[Flight] = []

    @property
    def active(self) -> bool:
        return bool(self.flights)

    def add(self, flight: Flight) -> None:
        if flight.duration <= 0 and flight.delay <= 0:
            if flight.on_land is not None:
                flight.on_land()
            return
        self.flights.append(flight)

    def update(self, dt: float) -> None:
        """Advance every flight by ``dt`` seconds; call ``on_land`` of those that landed,
        in the order they were added."""
        landed = []
        for flight in self.flights:
            flight.elapsed += dt
            if flight.done:
                landed.append(flight)
        if landed:
            self.flights = [f for f in self.flights if not f.done]
            for flight in landed:
                if flight.on_land is not None:
                    flight.on_land()

    def finish(self) -> None:
        """Land every flight now."""
        self.update(max((f.delay + f.duration - f.elapsed for f in self.flights), default=0.0) + 1.0)

    def draw(self, surface: pygame.Surface) -> None:
        art = self.services.cards
        for flight in self.flights:
            if not flight.started:
                continue
            rect = flight.rect()
            width = flight.end.w if not flight.vanish else flight.start.w
            face = (art.face(flight.card, width, trump=flight.trump, four_colour=self.services.four_colour)
                    if flight.card is not None else art.back(width))
            if face.get_size() != rect.size:
                face = pygame.transform.scale(face, rect.size)
            surface.blit(face, rect)
