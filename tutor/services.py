"""What every scene and widget is given: fonts, card art, the settings store, the app."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .fonts import Fonts
from .settings import Store
from .widgets.card_art import CardArt

if TYPE_CHECKING:
    from .app import App


@dataclass
class Services:
    fonts: Fonts
    cards: CardArt
    store: Store
    app: "App"

    @property
    def four_colour(self) -> bool:
        return self.store.settings.four_colour
