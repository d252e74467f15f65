"""How the coach names cards, suits and seats, in the current language.

Cards are named as the lessons name them (``tutor.hints``), so a card reads the same in
a lesson and at the table; suits are shown as symbols.  Seats are named from the
learner's chair: play goes to the right, so the learner's 下家 (the opponent on the
right) is seat ``learner + 1``, its 上家 seat ``learner + 3``, its 对家 the partner.
"""

from __future__ import annotations

from typing import Sequence

from engine import Card, TrumpContext
from engine.cards import SUIT_SYMBOLS
from engine.rules import TRUMP

from ..hints import cards_text
from ..i18n import N_, _

SEAT_LABELS = (N_("You"), N_("Right opponent"), N_("Partner"), N_("Left opponent"))
"""A seat's label on the table (the seat widgets)."""
SEAT_STARTS = (N_("You"), N_("The opponent on your right"), N_("Your partner"),
               N_("The opponent on your left"))
"""A seat at the start of a sentence."""
SEAT_NAMES = (N_("you"), N_("the opponent on your right"), N_("your partner"),
              N_("the opponent on your left"))
"""A seat inside a sentence (lower case in English)."""


def seat_label(seat: int, learner: int) -> str:
    """A seat as labelled on the table, from the learner's chair."""
    return _(SEAT_LABELS[(seat - learner) % 4])


def seat_name(seat: int, learner: int, start: bool = False) -> str:
    """A seat in a sentence: ``start`` for the first word of one."""
    return _((SEAT_STARTS if start else SEAT_NAMES)[(seat - learner) % 4])


def suit_label(suit: str) -> str:
    """An effective suit: a symbol, or the word for trumps."""
    return _("trumps") if suit == TRUMP else SUIT_SYMBOLS[suit]


def cards_label(cards: Sequence[Card], ctx: TrumpContext | None = None) -> str:
    """Cards in hand order (when ``ctx`` is known), named as the lessons name them."""
    return cards_text(ctx.sorted(cards) if ctx is not None else cards)


def then(first: str, second: str) -> str:
    """Two sentences in a row: a space between them in English, none in Chinese."""
    if not first or not second:
        return first or second
    # TRANSLATORS: two sentences one after the other; Chinese needs no space between them.
    return _("{first} {second}").format(first=first, second=second)


def lesson_label(lesson_id: str, title: str) -> str:
    """A lesson by its number (never zero-padded) and its title."""
    number = lesson_id.lstrip("0") or lesson_id
    return _("Lesson {n}: {title}").format(n=number, title=title)
