"""Placeholder for the rules reference (filled by the lessons issue): the card order for now."""

from __future__ import annotations

import pygame

from engine import TrumpContext, parse_cards

from ..i18n import N_
from ..widgets import HandFan
from ..widgets.base import Widget
from .common import PlaceholderScene

ORDER_EXAMPLE = "BJ LJ H10 S10 D10 HA HK H2 SA SK S2"


class RulesReferenceScene(PlaceholderScene):
    title = N_("Rules reference")
    body = N_(
        "Level 10, ♥ trump: trumps run 大王 (big joker), 小王 (little joker), ♥10, the other 10s, then ♥A down "
        "to ♥2. Every trump beats every card of ♠, ♦ and ♣. Points: each 5 is worth 5, each 10 and K 10."
    )

    def __init__(self, services) -> None:
        super().__init__(services)
        self.fan = HandFan(services, parse_cards(ORDER_EXAMPLE), TrumpContext(level="10", trump="H"))

    def resize(self, metrics) -> None:
        super().resize(metrics)
        height = min(self.content.height, metrics.px(240))
        self.fan.place(pygame.Rect(self.content.left, self.content.top, self.content.width, height), metrics)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.fan.draw(surface)

    def widgets(self) -> list[Widget]:
        return [*super().widgets(), self.fan]
