"""The review of a finished hand: only plays that cost something measurable.

A learner play is a mistake only when, against the best alternative the learner could
have known of, it lost points or a trick (``engine.claims`` review claims):

- ``LostTrick``: a legal play would have won the trick for sure (no opponent to come
  could beat it in any deal consistent with what the learner had seen), and the
  opponents took it with its points;
- ``GavePoints``: the opponents were sure to take the trick, and a legal play with
  fewer points would not have won it either;
- ``TrumpsWasted``: the partner was sure to win, and a legal play with fewer trumps
  (and no fewer points) would have left the trick to the partner;
- ``KittyLost``: the learner buried points that the attackers then won with the last
  trick, when it held eight cards without points.

A play that is as good as the alternatives is never flagged.  Each note states its
cost as a claim, shows the learner's cards and the alternative in that order, and
links the lesson that teaches the idea.  The link is data: the note's kind
(``NoteKind``, what the claim says the play cost) is mapped by ``LESSON_TOPICS`` to a
topic, and ``lessons/index.yaml`` to the first lesson teaching it.  Every noted play was
legal, so the idea is the better play and the link goes to the strategy lesson that
teaches it (送分 and saving points, ruff or discard, what to bury), not to the rule
lesson.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from types import MappingProxyType
from typing import Callable, Mapping, Sequence

from engine import Card, kitty_multiplier, points
from engine.claims import (
    GAVE_POINTS,
    LOST_TRICK,
    GavePoints,
    KittyLost,
    KittyScored,
    LostTrick,
    Position,
    TrumpsWasted,
    mistake,
)
from engine.rules import TRUMP
from engine.view import PlayerView

from ..i18n import _, ngettext
from ..lessons.index import lesson_for_topic, lesson_number
from .claims import cards_ref, position
from .naming import lesson_label
from .said import Said, keep, plural


@dataclass(frozen=True)
class LearnerPlay:
    """A decision of the learner as the review needs it: the view before, the play made."""

    trick: int
    view: PlayerView
    cards: tuple[Card, ...]


class NoteKind(StrEnum):
    """What a noted play cost, as its claim says it (and so the idea the better play
    needed)."""

    GAVE_POINTS = "gave_points"
    """``GavePoints``: points played to a trick the opponents were sure to win."""
    TRUMPS_WASTED = "trumps_wasted"
    """``TrumpsWasted``: trumps spent on a trick the partner was sure to win."""
    NOT_TAKEN = "not_taken"
    """``LostTrick``, the sure winner a higher card of the suit led (or a higher trump)."""
    NOT_RUFFED = "not_ruffed"
    """``LostTrick``, out of the suit led: a ruff would have won it for sure."""
    KITTY_LOST = "kitty_lost"
    """``KittyLost``: points buried that the attackers multiplied."""


LESSON_TOPICS: Mapping[NoteKind, str] = MappingProxyType({
    NoteKind.GAVE_POINTS: "giving_points",
    NoteKind.TRUMPS_WASTED: "ruff_or_discard",
    NoteKind.NOT_TAKEN: "taking_points",
    NoteKind.NOT_RUFFED: "ruff_or_discard",
    NoteKind.KITTY_LOST: "dealers_play",
})
"""The one link from a note to the lesson it opens: its kind's topic, taught by the first
lesson of ``lessons/index.yaml`` listing it (the strategy lessons: 送分 and taking
points with the partner, ruff or discard, the dealers' burial)."""


@dataclass(frozen=True)
class ReviewNote:
    """A learner play that cost something: the sentence (with its cost claim), the
    cards played and the better alternative, its kind (the lesson it links follows
    from it) and the learner's view when deciding."""

    trick: int | None
    """The trick (0-based), or ``None`` for the kitty."""
    played: tuple[Card, ...]
    alternative: tuple[Card, ...]
    said: Said
    kind: NoteKind
    decision: PlayerView | None = None
    """What the learner saw when deciding: before the play, or when burying (``None``
    when that decision was not seen at this table)."""

    @property
    def topic(self) -> str:
        return LESSON_TOPICS[self.kind]

    @property
    def lesson(self) -> str | None:
        """The id of the lesson that teaches the better play."""
        return lesson_for_topic(self.topic)

    def text(self) -> str:
        return self.said.text()

    def lesson_text(self) -> str:
        """The lesson to open, by number and title ("" when none teaches the topic)."""
        title = lesson_titles().get(self.lesson or "")
        number = lesson_number(self.lesson or "")
        return lesson_label(number, _(title)) if title and number is not None else ""


@lru_cache(maxsize=1)
def lesson_titles() -> dict[str, str]:
    """The title (a msgid) of every shipped lesson by id, read from the lesson files once."""
    from ..lessons import load_all

    return {lesson.id: lesson.title for lesson in load_all() if lesson.available}


GAVE_ATTACKERS = plural("@gave_attackers", lambda n: ngettext(
    "Trick {k}: you played {played}, {n} point more than {alt}, which was legal too. The "
    "attackers were sure to win this trick, so you gave them that point.",
    "Trick {k}: you played {played}, {n} points more than {alt}, which was legal too. The "
    "attackers were sure to win this trick, so you gave them those points.", n))
GAVE_DEALERS = plural("@gave_dealers", lambda n: ngettext(
    "Trick {k}: you played {played}, {n} point more than {alt}, which was legal too. The "
    "dealers were sure to win this trick, so your team lost that point.",
    "Trick {k}: you played {played}, {n} points more than {alt}, which was legal too. The "
    "dealers were sure to win this trick, so your team lost those points.", n))
LOST_TRICK_NOTE = plural("@lost_trick_stake", lambda n: ngettext(
    "Trick {k}: you played {played} and lost the trick, with {n} point on it once you had "
    "played; {alt} would have won it for sure.",
    "Trick {k}: you played {played} and lost the trick, with {n} points on it once you had "
    "played; {alt} would have won it for sure.", n))
TRUMPS_WASTED = plural("@trumps_wasted", lambda n: ngettext(
    "Trick {k}: you played {played}, spending {n} trump more than needed: your partner was "
    "sure to win the trick, and {alt} would have left it to your partner.",
    "Trick {k}: you played {played}, spending {n} trumps more than needed: your partner was "
    "sure to win the trick, and {alt} would have left it to your partner.", n))
KITTY_LOST = plural("@kitty_hindsight", lambda n: ngettext(
    "As it turned out, the attackers won the last trick: the {n} point you buried in "
    "{played} counted ×{m}, {total} for them. Burying {alt} would have kept it out of the "
    "kitty.",
    "As it turned out, the attackers won the last trick: the {n} points you buried in "
    "{played} counted ×{m}, {total} for them. Burying {alt} would have kept them out of the "
    "kitty.", n))


def review(plays: Sequence[LearnerPlay], final: PlayerView,
           burial_advice: Callable[[], Sequence[Card] | None] | None = None,
           burial: PlayerView | None = None) -> list[ReviewNote]:
    """The notes on the learner's plays of a finished hand (``final``: the learner's
    view at its end, every trick and the kitty face up).  ``burial_advice``: the coach's
    burial for the learner's burying decision, ``burial`` the learner's view then
    (``None`` when unknown)."""
    at = position(final)
    notes = [note for item in plays if (note := _judge(item, at)) is not None]
    kitty = _kitty(at, burial_advice, burial)
    return notes + ([kitty] if kitty is not None else [])


def _judge(item: LearnerPlay, final: Position) -> ReviewNote | None:
    """A note when the engine's ``mistake`` judged the play a sure cost and, for a
    trick lost, the opponents did take it with points."""
    before = position(item.view)
    if not before.following or item.trick >= len(final.view.tricks):
        return None
    found = mistake(before, item.cards)
    if found is None:
        return None
    record = final.view.tricks[item.trick]
    cards, alt, k = tuple(item.cards), found.alternative, item.trick + 1
    lost = record.winner % 2 != final.seat % 2
    if found.kind == LOST_TRICK:
        # the points at stake when the learner played (later seats' points may have come
        # only because the learner lost it)
        if not lost or not found.amount:
            return None
        return _note(final, item, alt, LostTrick(item.trick, cards, alt, found.amount),
                     _lost_kind(before, alt), LOST_TRICK_NOTE, found.amount, k)
    if found.kind == GAVE_POINTS:
        form = GAVE_ATTACKERS if final.view.is_dealer_side() else GAVE_DEALERS
        return _note(final, item, alt, GavePoints(item.trick, cards, alt, found.amount),
                     NoteKind.GAVE_POINTS, form, found.amount, k)
    return _note(final, item, alt, TrumpsWasted(item.trick, cards, alt, found.amount),
                 NoteKind.TRUMPS_WASTED, TRUMPS_WASTED, found.amount, k)


def _lost_kind(before: Position, alt: Sequence[Card]) -> NoteKind:
    """A lost trick's kind: a ruff out of the suit led would have won it, or a higher
    card."""
    if before.requirements.suit != TRUMP and all(before.ctx.is_trump(c) for c in alt):
        return NoteKind.NOT_RUFFED
    return NoteKind.NOT_TAKEN


def _note(final: Position, item: LearnerPlay, alt: Sequence[Card], claim, kind: NoteKind,
          form: str, n: int, k: int) -> ReviewNote | None:
    said = Said(form, final.seat, (("k", k), ("played", cards_ref(item.cards, final)),
                                   ("n", n), ("alt", cards_ref(alt, final))), (claim,))
    if not keep([said], final):
        return None
    return ReviewNote(item.trick, tuple(item.cards), tuple(alt), said, kind, item.view)


def _kitty(final: Position, burial_advice: Callable[[], Sequence[Card] | None] | None,
           burial: PlayerView | None) -> ReviewNote | None:
    """Hindsight on a burial with points that the attackers multiplied, unless the coach
    would have buried points too (or its advice is not known): who wins the last trick
    is not known when burying, so the note is said as what turned out, and it never
    blames a burial the coach would have made."""
    view = final.view
    if view.dealer != final.seat or view.kitty is None or not view.tricks:
        return None
    p = points(view.kitty)
    if not p:
        return None
    last = view.tricks[-1]
    if last.winner % 2 == view.dealer % 2:
        return None
    advised = burial_advice() if burial_advice is not None else None
    if advised is None or points(advised):
        return None
    m = kitty_multiplier(list(last.plays[0].cards), final.ctx)
    if not KittyScored(p, m).holds(final):
        return None
    held = Counter(view.kitty) + Counter(c for r in view.tricks for pl in r.plays
                                         if pl.seat == final.seat for c in pl.cards)
    blanks = sorted((c for c in held.elements() if not c.points),
                    key=lambda c: (final.ctx.is_trump(c), final.ctx.position(c), c.index))
    size = view.rules.variant.kitty_size
    if len(blanks) < size:
        return None
    alt = tuple(blanks[:size])
    claim = KittyLost(tuple(view.kitty), alt, p, m)
    said = Said(KITTY_LOST, final.seat, (("played", cards_ref(view.kitty, final)), ("n", p),
                                         ("m", m), ("total", p * m),
                                         ("alt", cards_ref(alt, final))), (claim,))
    if not keep([said], final):
        return None
    return ReviewNote(None, tuple(view.kitty), alt, said, NoteKind.KITTY_LOST, burial)
