"""Cards in motion at the table: the deal card by card, plays from the hand or a seat
to the trick, a finished trick to its winner, the kitty turned up.  Nothing waits for a
flight: ``update`` moves them and input is taken all the time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from engine.cards import Card
from engine.events import Event, Overridden, PlayMade, Redealt, ThrowFailed, TrickWon
from engine.game import MATCH_OVER

from ...widgets import HandFan
from ...widgets.card_art import card_height
from ...widgets.motion import Flight
from .overlays import LAST
from .timing import Shown

if TYPE_CHECKING:
    from ..practice import PracticeTableScene


class Flights:
    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene
        self.landing = 0
        """Plays at the end of the trick on show still flying to the table."""
        self.inbound_seats = [0, 0, 0, 0]
        """Cards dealt to each seat still flying there."""
        self.from_hand: list[tuple[Card, pygame.Rect]] = []
        """The learner's cards just played, where they were in the hand."""

    def lift(self, hand: HandFan) -> list[Card]:
        """The cards chosen in ``hand``, remembered where they lie (they fly from there)."""
        rects = hand.card_rects()
        self.from_hand = [(hand.cards[i], rects[i]) for i in sorted(hand.selected)]
        return hand.selected_cards()

    def land_all(self) -> None:
        """Drop every flight and pause (an undo, a new hand): show the table as it is."""
        scene = self.scene
        scene.motion.flights.clear()
        scene.clock.thinking = None
        scene.clock.shown = None
        self.landing = 0
        scene.table.in_flight.clear()
        self.inbound_seats = [0, 0, 0, 0]
        scene.peek = None
        scene.moments.dismiss()

    def took(self, events: Sequence[Event]) -> None:
        """Pace the table by what just happened and set the cards moving."""
        scene = self.scene
        pace = scene.pace
        animate = not scene.clock.skip_deal
        for event in events:
            if event.kind == "card_dealt":
                if not scene.clock.skip_deal:
                    scene.clock.wait += pace.deal
                if animate and pace.deal_flight > 0:
                    self.deal(event.seat, event.card, pace.deal_flight)
            elif isinstance(event, PlayMade):
                scene.clock.wait += pace.play
                if pace.play_flight > 0:
                    self.play(event.seat, event.cards, pace.play_flight)
            elif event.kind in ("declared", "overridden", "reinforced"):
                scene.clock.wait += pace.play  # a moment to see it before the deal goes on
                if isinstance(event, Overridden) and not scene.table.calls_face_down:  # who called is secret
                    scene.declaring.took_override(event)
            elif isinstance(event, ThrowFailed):
                scene.moments.took(event)
            elif isinstance(event, Redealt):
                self.land_all()
            elif isinstance(event, TrickWon):
                if scene.table.phase != MATCH_OVER:
                    scene._save_soon()
                record = scene.table.game.tricks[event.trick]
                if pace.show > 0:
                    scene.clock.shown = Shown(tuple((p.seat, p.cards) for p in record.plays), record.winner,
                                        record.leader, event.trick + 1)
                    scene.clock.shown_left = pace.show
                if scene.peek == LAST:
                    scene.peek = None
        self.from_hand = []

    # ------------------------------------------------------------ where cards go

    def seat_card(self, seat: int, width: int) -> pygame.Rect:
        """A card of ``width`` centred on ``seat``'s name plate."""
        rect = pygame.Rect(0, 0, width, card_height(width))
        rect.center = self.scene.seats[seat].rect.center
        return rect

    def seat_edge(self, seat: int, width: int) -> pygame.Rect:
        """A small card at the edge of ``seat``'s name plate that faces the table: where
        cards dealt to a seat and tricks it wins disappear (its name stays readable)."""
        scene = self.scene
        plate, table = scene.seats[seat].rect, scene.trick.rect
        rect = pygame.Rect(0, 0, width, card_height(width))
        pos = (seat - scene.table.learner) % 4
        if pos == 1:
            rect.midleft = (plate.left - rect.width // 2, plate.centery)
        elif pos == 3:
            rect.midright = (plate.right + rect.width // 2, plate.centery)
        elif pos == 2:
            rect.midtop = (plate.centerx, plate.bottom)
        else:
            rect.midbottom = (table.centerx, table.bottom)
        return rect

    def _trump(self, card: Card) -> bool:
        ctx = self.scene.table.game.ctx
        return ctx is not None and ctx.is_trump(card)

    # ------------------------------------------------------------ flights

    def deal(self, seat: int, card: Card, duration: float) -> None:
        scene = self.scene
        w = scene.trick.card_width()
        start = pygame.Rect(0, 0, w * 3 // 4, card_height(w * 3 // 4))
        start.center = scene.trick.rect.center
        self.inbound_seats[seat] += 1
        if seat == scene.table.learner:
            scene.table.in_flight[card] += 1
            end = scene.hand.landing_rect(card)
            trump = scene.table.trump_context().is_trump(card)
            scene.motion.add(Flight(card, start, end, duration, trump=trump,
                                    on_land=lambda: self._landed_dealt(seat, card)))
        else:
            end = self.seat_edge(seat, max(8, w // 3))
            scene.motion.add(Flight(None, start, end, duration, vanish=True,
                                    on_land=lambda: self._landed_dealt(seat, None)))

    def _landed_dealt(self, seat: int, card: Card | None) -> None:
        scene = self.scene
        self.inbound_seats[seat] = max(0, self.inbound_seats[seat] - 1)
        flying = scene.table.in_flight
        if card is not None and flying[card] > 0:
            flying[card] -= 1
            if not flying[card]:
                del flying[card]
            scene.landed_in_hand()
        scene.seats[seat].cards_left = len(scene.table.game.hand(seat)) - self.inbound_seats[seat]

    def play(self, seat: int, cards: tuple[Card, ...], duration: float) -> None:
        scene = self.scene
        ctx = scene.table.game.ctx
        ordered = ctx.sorted(cards) if ctx is not None else list(cards)
        ends = scene.trick.slot_rects(seat, len(ordered))
        starts: list[pygame.Rect] = []
        pool = list(self.from_hand) if seat == scene.table.learner else []
        for card in ordered:
            match = next((i for i, (c, _r) in enumerate(pool) if c == card), None)
            starts.append(pool.pop(match)[1] if match is not None else self.seat_card(seat, ends[0].width))
        self.landing += 1
        last = len(ordered) - 1
        for k, (card, start, end) in enumerate(zip(ordered, starts, ends)):
            scene.motion.add(Flight(card, start, end, duration, trump=self._trump(card),
                                    on_land=self._landed_play if k == last else None))

    def _landed_play(self) -> None:
        self.landing = max(0, self.landing - 1)
        self.scene.trick_changed()

    def gather(self) -> None:
        """The finished trick on show goes to its winner's seat."""
        scene = self.scene
        shown, scene.clock.shown = scene.clock.shown, None
        if shown is not None and scene.pace.gather_flight > 0:
            end = self.seat_edge(shown.winner, max(8, scene.trick.card_width() // 3))
            for seat, rects in scene.trick.play_rects().items():
                cards = next((c for s, c in scene.trick.plays if s == seat), [])
                for card, rect in zip(cards, rects):
                    scene.motion.add(Flight(card, rect, end, scene.pace.gather_flight, vanish=True,
                                            trump=self._trump(card)))
        self.landing = 0
        scene.trick_changed()

    def kitty(self, dealer: int, cards: Sequence[Card], rects: Sequence[pygame.Rect],
              on_land: Callable[[], None]) -> None:
        """The kitty from the dealer's seat to ``rects`` on the table, one after another."""
        scene = self.scene
        start = self.seat_card(dealer, scene.trick.card_width())
        for k, (card, rect) in enumerate(zip(cards, rects)):
            scene.motion.add(Flight(card, start, rect, scene.pace.play_flight, delay=0.06 * k,
                                    trump=self._trump(card), on_land=on_land))
