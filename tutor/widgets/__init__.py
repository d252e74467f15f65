"""Reusable widgets for the table and the menus.

Every widget takes the services in its constructor, is positioned by its scene with
``place(rect, metrics)`` (in ``Scene.resize``), routes ``handle_event`` (``None`` when
consumed) and draws without changing state.  Text given as a msgid is translated when
drawn; pass a function instead for text built from data.

- ``CardArt``: card faces/back surfaces (``services.cards``).
- ``HandFan``: the hand; ``set_cards(cards, ctx)``, ``set_selectable(faces)``,
  ``selected_cards()``, ``on_change``.
- ``TrickView``: ``set_trick([(seat, cards), ...], winner, ctx, leader)``; ``slot_rects``
  says where a play lands.
- ``Motion`` and ``Flight``: cards in flight, moved by ``update(dt)``.
- ``CardCounter``: the card counter (记牌器), ``set_rows(rows)``.
- ``SeatLabel``: ``name``, ``role``, ``cards_left``, ``active``.
- ``StatusPanel``: ``set_status(level, trump, dealer, ((team, level), (team, level)))``.
- ``PointsPanel``: ``set_points(points, cards)``.
- ``HintLine``, ``TextPanel``: wrapped text in a box.
- ``Button`` and ``Menu``: buttons with keyboard focus and number-key hotkeys.
- ``table_layout(metrics)``: the rectangles of the practice table.
"""

from .button import Button, Menu
from .counter import CardCounter
from .card_art import CardArt, card_height
from .hand import HandFan
from .motion import Flight, Motion
from .seat import SeatLabel
from .status import PointsPanel, StatusPanel
from .table import TableRects, table_layout
from .text_panel import HintLine, TextPanel
from .trick import TrickView, screen_position

__all__ = [
    "Button",
    "Menu",
    "CardCounter",
    "Flight",
    "Motion",
    "CardArt",
    "card_height",
    "HandFan",
    "SeatLabel",
    "StatusPanel",
    "PointsPanel",
    "TableRects",
    "table_layout",
    "HintLine",
    "TextPanel",
    "TrickView",
    "screen_position",
]
