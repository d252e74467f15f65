"""Cards in motion at the table: the deal card by card, plays from the hand or a seat
to the trick, a finished trick to its winner, the kitty turned up.  Nothing waits for a
flight: ``update`` moves them and input is taken all the time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from engine.cards import Card
from engine.events import Declared, Event, Overridden, PlayMade, Redealt, Reinforced, ThrowFailed, TrickWon
from engine.game import DEALING, DECLARING, HAND_OVER, MATCH_OVER

from ...widgets import HandFan
from ...widgets.card_art import card_height
from ...widgets.motion import Flight
from .deal_moments import DeclarationMoment
from .lanes import Lane, lane
from .moments import ThrowMoment
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
        scene.moments.forget()

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
            elif isinstance(event, (Declared, Overridden, Reinforced)) and scene.deal_moments \
                    and not scene.table.calls_face_down:  # calls face down: who called what is secret
                scene.moments.took(DeclarationMoment(scene, event))
            elif isinstance(event, ThrowFailed):
                scene.moments.took(ThrowMoment(scene, event))
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

    def door(self, seat: int, width: int) -> pygame.Rect:
        """A card of ``width`` just outside ``seat``'s name plate, on the side that faces
        the table: where the seat's cards come from and where the cards dealt to it and
        the tricks it wins disappear (its name stays readable).  The learner's door is
        the bottom of the trick area, above the hint line."""
        scene = self.scene
        plate, table = scene.seats[seat].rect, scene.trick.rect
        rect = pygame.Rect(0, 0, width, card_height(width))
        gap = scene.metrics.px(4)
        pos = (seat - scene.table.learner) % 4
        if pos == 1:
            rect.midright = (plate.left - gap, plate.centery)
        elif pos == 3:
            rect.midleft = (plate.right + gap, plate.centery)
        elif pos == 2:
            rect.midtop = (plate.centerx, plate.bottom + gap)
        else:
            rect.midbottom = (table.centerx, table.bottom)
        return rect

    def deck(self) -> pygame.Rect:
        """Where the cards are dealt from: the middle of the table."""
        scene = self.scene
        w = scene.trick.card_width() * 3 // 4
        rect = pygame.Rect(0, 0, w, card_height(w))
        rect.center = scene.trick.rect.center
        return rect

    def lanes(self) -> list[Lane]:
        """The areas the cards in the air, and those this phase may set flying, pass
        through (the table's words are placed outside them)."""
        scene = self.scene
        out = [lane(f.start, f.end) for f in scene.motion.flights]
        phase, learner = scene.table.phase, scene.table.learner
        small = max(8, scene.trick.card_width() // 3)
        if phase in (DEALING, DECLARING):
            deck = self.deck()
            out += [lane(deck, self.door(seat, small)) for seat in range(4) if seat != learner]
            out.append(lane(deck, scene.hand.rect))
        elif phase in (HAND_OVER, MATCH_OVER) and scene.hand_over.reveal is not None:
            door = self.door(scene.hand_over.reveal.dealer, scene.trick.card_width())
            out += [lane(door, rect) for rect in scene.kitty_rects]
        return out

    def _trump(self, card: Card) -> bool:
        ctx = self.scene.table.game.ctx
        return ctx is not None and ctx.is_trump(card)

    # ------------------------------------------------------------ flights

    def deal(self, seat: int, card: Card, duration: float) -> None:
        scene = self.scene
        w = scene.trick.card_width()
        start = self.deck()
        self.inbound_seats[seat] += 1
        if seat == scene.table.learner:
            scene.table.in_flight[card] += 1
            end = scene.hand.landing_rect(card)
            trump = scene.table.trump_context().is_trump(card)
            scene.motion.add(Flight(card, start, end, duration, trump=trump,
                                    on_land=lambda: self._landed_dealt(seat, card)))
        else:
            end = self.door(seat, max(8, w // 3))
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
            starts.append(pool.pop(match)[1] if match is not None else self.door(seat, ends[0].width // 2))
        self.landing += 1
        last = len(ordered) - 1
        for k, (card, start, end) in enumerate(zip(ordered, starts, ends)):
            scene.motion.add(Flight(card, start, end, duration, trump=self._trump(card),
                                    on_land=self._landed_play if k == last else None))

    def _landed_play(self) -> None:
        self.landing = max(0, self.landing - 1)
        self.scene.trick_changed()

    def gather(self) -> None:
        """The finished trick on show goes to its winner's seat: its cards come together
        in the middle, then the pile goes (so they never cross the corners of the table,
        where its words are)."""
        scene = self.scene
        shown, scene.clock.shown = scene.clock.shown, None
        if shown is not None and scene.pace.gather_flight > 0:
            half = scene.pace.gather_flight / 2
            end = self.door(shown.winner, max(8, scene.trick.card_width() // 3))
            middle = pygame.Rect(0, 0, scene.trick.card_width(), card_height(scene.trick.card_width()))
            middle.center = scene.trick.rect.center
            pile = [(card, rect) for seat, rects in scene.trick.play_rects().items()
                    for card, rect in zip(next((c for s, c in scene.trick.plays if s == seat), []), rects)]
            for k, (card, rect) in enumerate(pile):
                last = k == len(pile) - 1
                scene.motion.add(Flight(card, rect, middle, half, trump=self._trump(card),
                                        on_land=(lambda card=card: scene.motion.add(Flight(
                                            card, middle, end, half, vanish=True, trump=self._trump(card))))
                                        if last else None))
        self.landing = 0
        scene.trick_changed()

    def kitty(self, dealer: int, cards: Sequence[Card], rects: Sequence[pygame.Rect],
              on_land: Callable[[], None]) -> None:
        """The kitty from the dealer's seat to ``rects`` on the table, one after another."""
        scene = self.scene
        start = self.door(dealer, scene.trick.card_width())
        for k, (card, rect) in enumerate(zip(cards, rects)):
            scene.motion.add(Flight(card, start, rect, scene.pace.play_flight, delay=0.06 * k,
                                    trump=self._trump(card), on_land=on_land))
