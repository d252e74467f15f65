"""The one home of the seat names, said from the learner's chair.

Play goes counter-clockwise, so the seat after the learner's is the opponent on the
right, the learner's 下家; then the partner, the 对家; then the opponent on the left,
the 上家 (lesson 1 defines the three words on its first screen).  Each tuple is indexed
by the seat counted from the learner's: 0 you, 1 right, 2 partner, 3 left.  The Chinese
catalog words every form with 你 / 下家 / 对家 / 上家, except the answers a learner picks,
which say 我.
"""

from __future__ import annotations

from .i18n import N_, _

LABELS = (N_("You"), N_("Right opponent"), N_("Partner"), N_("Left opponent"))
"""A seat's label beside its cards (the table, the review, the lessons' seat diagram)."""
SHORT = (N_("You"), N_("Right"), N_("Partner"), N_("Left"))
"""A seat under small cards (the lessons' trick rows)."""
STARTS = (N_("You"), N_("The opponent on your right"), N_("Your partner"), N_("The opponent on your left"))
"""A seat at the start of a sentence."""
NAMES = (N_("you"), N_("the opponent on your right"), N_("your partner"), N_("the opponent on your left"))
"""A seat inside a sentence (lower case in English)."""
ANSWERS = (N_("Me"), N_("The opponent on my right"), N_("My partner"), N_("The opponent on my left"))
"""A seat as an answer the learner picks, in the learner's own voice."""


def relative(seat: int, learner: int = 0) -> int:
    """``seat`` counted from the learner's: 0 you, 1 right, 2 partner, 3 left."""
    return (seat - learner) % 4


def seat_label(seat: int, learner: int = 0) -> str:
    """A seat as labelled beside its cards."""
    return _(LABELS[relative(seat, learner)])


def seat_name(seat: int, learner: int = 0, start: bool = False) -> str:
    """A seat in a sentence: ``start`` for the first word of one."""
    return _((STARTS if start else NAMES)[relative(seat, learner)])
