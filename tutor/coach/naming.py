"""How the coach names cards, suits and seats, in the current language.

Cards are named as the lessons name them (``tutor.hints``), so a card reads the same in
a lesson and at the table; suits are shown as symbols.  Seats are named from the
learner's chair (``tutor.seats``, their one home).
"""

from __future__ import annotations

from typing import Sequence

from engine import Card, TrumpContext
from engine.cards import SUIT_SYMBOLS
from engine.rules import TRUMP

from ..hints import cards_text
from ..i18n import _, ngettext
from ..seats import seat_label, seat_name

__all__ = ["seat_label", "seat_name", "suit_label", "cards_label", "then", "lesson_label", "trick_line"]


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


def trick_line(leader: int, winner: int, points: int, k: int, count: int, learner: int) -> str:
    """A finished trick in a sentence or two: trick ``k`` (1-based) of ``count``, who
    led it, who won it and the points it carried (the review, a replayed hand)."""
    template = (_("Trick {k} of {n}: {who} led and won it.") if winner == leader else
                _("Trick {k} of {n}: {who} led; {winner} won it."))
    line = template.format(k=k, n=count, who=seat_name(leader, learner), winner=seat_name(winner, learner))
    if points:
        line = then(line, ngettext("It carried {p} point.", "It carried {p} points.", points).format(p=points))
    return line


def lesson_label(number: int, title: str) -> str:
    """A lesson by its number in the lesson list (``lessons.index.lesson_number``) and
    its title."""
    return _("Lesson {n}: {title}").format(n=number, title=title)
