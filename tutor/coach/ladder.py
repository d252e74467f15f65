"""The hint ladder: principle → where to look → the coach's play and why → the answer
(while burying: the coach's burial).

Each rung is a list of sentences built from claims about this position and the play
the advisor recommends; the principle is chosen by what holds here (``principle``), so
a rung never says "give points" about a play that gives none.  The advisor is the
strongest AI (``ai:hard``) whatever the opponents' level.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from engine import Card
from engine.claims import Buryable, Holds, LegalPlay
from engine.combos import set_faces
from engine.game import BURYING
from engine.rules import TRUMP
from engine.view import Decision, PlayerView

from ..i18n import N_
from .claims import cards_ref, position, suit_cards
from .advice import bury_suggestion
from .reasons import PRINCIPLES, principle, why
from .said import Said, SuitRef, joined, keep

Advisor = Callable[[PlayerView], Decision]
"""Whoever recommends a play from a view."""

PRINCIPLE, FOCUS, SUGGESTION, ANSWER = range(4)

ANSWER_TEXT = N_("Answer: {cards}, selected for you.")


def _look_at(suit: str, group: tuple[Card, ...], me: int) -> Said:
    """Where to look: the seat's cards of ``suit`` (``group``)."""
    if suit == TRUMP:
        return Said.of(N_("Look at your trumps."), me, Holds(group))
    return Said.of(N_("Look at your {suit} cards."), me, Holds(group), suit=SuitRef(suit))


@dataclass(frozen=True)
class HintStep:
    """One rung of the ladder: its sentences and the cards to highlight (or select,
    for ``ANSWER``).  ``text`` is worded in the language of the moment."""

    rung: int
    said: tuple[Said, ...]
    cards: tuple[Card, ...] = ()

    @property
    def text(self) -> str:
        return joined(self.said)


LOOK_AT_SETS = {
    2: (N_("Look at your pair in {suit}: {cards}."), N_("Look at your pairs in {suit}: {cards}.")),
    3: (N_("Look at your triple in {suit}: {cards}."), N_("Look at your triples in {suit}: {cards}.")),
    4: (N_("Look at your quad in {suit}: {cards}."), N_("Look at your quads in {suit}: {cards}.")),
}
"""The focus rung's words by the width of the sets in the coach's play (one, several)."""


@dataclass
class HintLadder:
    """Hints for one decision, each more direct.  ``used`` counts the rungs shown."""

    view: PlayerView
    advisor: Advisor
    used: int = 0
    _decision: Decision | None = field(default=None, repr=False)

    @property
    def decision(self) -> Decision:
        if self._decision is None:
            self._decision = self.advisor(self.view)
        return self._decision

    @property
    def exhausted(self) -> bool:
        return self.used > ANSWER

    def step(self, rung: int) -> HintStep:
        if self.view.phase == BURYING:
            return self._bury_step(rung)
        at = position(self.view)
        decision = self.decision
        cards = tuple(decision.cards)
        me = self.view.seat
        if rung == PRINCIPLE:
            return HintStep(rung, (principle(at, decision),))
        if rung == FOCUS:
            suit = at.ctx.suit_of(cards[0])
            group = suit_cards(at, suit)
            in_suit = [c for c in cards if at.ctx.suit_of(c) == suit]
            # the widest sets the play holds: a triple followed is "your triple", not a pair of it
            width, sets = next(((w, f) for w in (4, 3, 2) if (f := set_faces(in_suit, w))), (2, []))
            if sets:
                held = tuple(c for f in sets for c in (f,) * width)
                said = Said.of(LOOK_AT_SETS[width][len(sets) > 1], me, Holds(held),
                               suit=SuitRef(suit), cards=cards_ref(held, at))
            else:
                said = _look_at(suit, group, me)
            return HintStep(rung, tuple(keep([said], at)), group)
        if rung == SUGGESTION:
            play = Said.of(N_("The coach would play {cards}."), me, LegalPlay(cards),
                           cards=cards_ref(cards, at))
            return HintStep(rung, tuple(keep([play], at) + why(at, decision)), cards)
        answer = Said.of(ANSWER_TEXT, me, LegalPlay(cards),
                         cards=cards_ref(cards, at))
        return HintStep(ANSWER, tuple(keep([answer], at)), cards)

    def _bury_step(self, rung: int) -> HintStep:
        """The rungs while burying: the principle of a burial, the side suit it takes
        most from, the coach's burial and why, and those cards selected."""
        at = position(self.view)
        cards = tuple(self.decision.cards)
        me = self.view.seat
        if rung == PRINCIPLE:
            return HintStep(rung, (Said(PRINCIPLES["bury"].msgid, me),))
        if rung == FOCUS:
            sides = Counter(at.ctx.suit_of(c) for c in cards if not at.ctx.is_trump(c))
            suit = sides.most_common(1)[0][0] if sides else TRUMP
            group = suit_cards(at, suit)
            return HintStep(rung, tuple(keep([_look_at(suit, group, me)], at)), group)
        if rung == SUGGESTION:
            return HintStep(rung, tuple(bury_suggestion(self.view, self.decision)), cards)
        answer = Said.of(ANSWER_TEXT, me, Buryable(cards), cards=cards_ref(cards, at))
        return HintStep(ANSWER, tuple(keep([answer], at)), cards)

    def next(self) -> HintStep:
        """The next rung (the answer again once the ladder is climbed)."""
        rung = min(self.used, ANSWER)
        self.used = min(self.used + 1, ANSWER + 1)
        return self.step(rung)

    def all_steps(self) -> list[HintStep]:
        """Every rung, without counting them as used (for the transcript)."""
        return [self.step(rung) for rung in range(ANSWER + 1)]
