"""The practice table.  Until the game issue wires it to ``engine``, it shows a demo
position: level 10 with ♥ trumps, a spade pair led and the player to follow."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine import TrumpContext, parse_cards

from ..i18n import N_, _, ngettext
from ..scene import Scene
from ..theme import FELT, Metrics
from ..widgets import Button, HandFan, HintLine, Menu, PointsPanel, SeatLabel, StatusPanel, TrickView, table_layout

if TYPE_CHECKING:
    from ..services import Services

DEMO_HAND = (
    "BJ H10 C10 HA HK H8 H3 SA SQ SQ S9 S6 S4 DA DK DJ D9 D7 D5 CK CJ C8 C6 C4 C3"
)
DEMO_TRICK = [(3, "SK SK"), (0, None), (1, None), (2, None)]
SEAT_NAMES = (N_("You"), N_("Ming"), N_("Hong"), N_("Gang"))
"""Seat 0 is the player; 1 is on the right (下家), 2 the partner, 3 on the left."""


class PracticeTableScene(Scene):
    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.ctx = TrumpContext(level="10", trump="H", rules=services.store.settings.rule_set())
        self.hand = HandFan(services, parse_cards(DEMO_HAND), self.ctx, on_change=self._selection_changed)
        self.trick = TrickView(services, viewer=0)
        self.trick.set_trick([(3, parse_cards("SK SK"))], winner=3, ctx=self.ctx)
        self.status = StatusPanel(services)
        self.status.set_status("10", "H", SEAT_NAMES[3], ((N_("Our level"), "8"), (N_("Their level"), "10")))
        self.points = PointsPanel(services)
        self.points.set_points(35, parse_cards("SK S10 D5 D5 C5"))
        roles = (N_("Attacker"), N_("Attacker"), N_("Partner · attacker"), N_("Dealer"))
        self.seats = [SeatLabel(services, SEAT_NAMES[s], roles[s]) for s in range(4)]
        for seat in self.seats[1:]:
            seat.cards_left = 24
        self.seats[0].active = True
        self.hand.set_selectable([c for c in self.hand.cards if self.ctx.suit_of(c) == "S"])
        self.hint = HintLine(services, self.hint_text)
        self.play = Button(services, N_("Play"), self._play, hotkey=1, enabled=False)
        self.menu = Menu([self.play], horizontal=True)

    def hint_text(self) -> str:
        chosen = len(self.hand.selected)
        if chosen < 2:
            return _("♠ pair led: follow with 2 ♠ cards, and with your ♠ pair if you have one.")
        return ngettext("{n} card selected: press Play.", "{n} cards selected: press Play.", chosen).format(n=chosen)

    def _selection_changed(self, cards) -> None:
        self.play.enabled = len(cards) == 2

    def _play(self) -> None:
        played = self.hand.selected_cards()
        self.trick.set_trick(self.trick.plays + [(0, played)], winner=3, ctx=self.ctx)
        self.hand.set_cards([c for i, c in enumerate(self.hand.cards) if i not in self.hand.selected], self.ctx)
        self.hand.set_selectable([])
        self.play.enabled = False

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        rects = table_layout(metrics)
        self.layout = rects
        self.status.place(rects.status, metrics)
        self.points.place(rects.points, metrics)
        for seat, rect in zip(self.seats, rects.seats):
            seat.place(rect, metrics)
        self.trick.place(rects.trick, metrics)
        self.hint.place(rects.hint, metrics)
        self.play.place(rects.buttons, metrics)
        self.hand.place(rects.hand, metrics)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play.activate()
            return None
        for handler in (self.menu, self.hand):
            if handler.handle_event(event) is None:
                return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        self.status.draw(surface)
        self.points.draw(surface)
        for seat in self.seats:
            seat.draw(surface)
        self.trick.draw(surface)
        self.hint.draw(surface)
        self.menu.draw(surface)
        self.hand.draw(surface)
