"""A card task's answers: listing them, and the interface that judges them.

Every card rule (``hand_rules``, ``play_rules``) is a ``CardRule``: it judges one
answer (a ``Judgement``), lists every right answer and finds one wrong answer.  The
listing happens here, the same way for all of them: every multiset of n cards of a
hand, every legal follow, every plain lead, in one canonical order, and never more
than ``MAX_CANDIDATES`` (a position that open is a lesson-writing slip, ``TooOpen``).
Kept apart from the rules so that each family of rules, and the proofs of play tasks
(``tutor.lessons.proof``), list answers alike without importing one another.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import islice
from typing import Iterable, Iterator, Sequence

from engine import Card, TrumpContext, decompose
from engine.play import iter_legal_follows

from .model import Answer, answer_key
from .steps import CardTask, SelectCards, Task

MAX_CANDIDATES = 5000
"""Enumerating answers stops here (a position this open is a lesson-writing slip):
``TooOpen`` says so, and the checker reports it as a problem of the step."""


class TooOpen(ValueError):
    """A task has more plays to weigh than ``MAX_CANDIDATES``."""

    def __init__(self) -> None:
        super().__init__(f"more than {MAX_CANDIDATES} possible plays: too open for a lesson task "
                         "(give the hand fewer cards, or a card of the suit led)")


@dataclass(frozen=True)
class Judgement:
    """The verdict on one answer: ``reason`` says why (a wrong answer: the rule it
    breaks; a right one: the fact that makes it right); ``cards`` are the cards the
    reason is about (the learner's own wrong picks, never the answer)."""

    correct: bool
    reason: str | None = None
    cards: tuple[Card, ...] = ()


def minus(a: Sequence[Card], b: Sequence[Card]) -> tuple[Card, ...]:
    return tuple((Counter(a) - Counter(b)).elements())


def iter_subsets(hand: Sequence[Card], size: int) -> Iterator[Answer]:
    """Every distinct multiset of ``size`` cards from ``hand`` (each an ``answer_key``),
    in ascending order, each found in time polynomial in the hand's size (the hand's
    duplicates are never combined twice)."""
    faces = sorted(Counter(hand).items(), key=lambda fc: fc[0].index)
    room = [0] * (len(faces) + 1)
    for i in range(len(faces) - 1, -1, -1):
        room[i] = room[i + 1] + faces[i][1]

    def walk(i: int, left: int, chosen: tuple[Card, ...]) -> Iterator[Answer]:
        if left == 0:
            yield chosen
            return
        if room[i] < left:
            return
        face, copies = faces[i]
        for k in range(min(copies, left), -1, -1):
            yield from walk(i + 1, left - k, chosen + (face,) * k)

    return walk(0, size, ())


def _at_most(answers: Iterable[Answer]) -> list[Answer]:
    """``answers`` sorted as ``subsets`` sorts; ``TooOpen`` past ``MAX_CANDIDATES``."""
    found = list(islice(answers, MAX_CANDIDATES + 1))
    if len(found) > MAX_CANDIDATES:
        raise TooOpen()
    return sorted(found, key=lambda a: [c.index for c in a])


def subsets(hand: Sequence[Card], size: int) -> list[Answer]:
    """Every distinct multiset of ``size`` cards from ``hand``, canonically ordered
    (``TooOpen`` past ``MAX_CANDIDATES``)."""
    return _at_most(iter_subsets(hand, size))


def legal_follows(hand: Sequence[Card], lead: Sequence[Card], ctx: TrumpContext) -> list[Answer]:
    """Every legal follow of ``hand`` to ``lead``, as the engine lists them, canonically
    ordered (``TooOpen`` past ``MAX_CANDIDATES``: a hand void in the suit led may
    play any cards, far too many to list)."""
    return _at_most(answer_key(p) for p in iter_legal_follows(hand, lead, ctx))


def by_suit(cards: Iterable[Card], ctx: TrumpContext) -> dict[str, list[Card]]:
    """Cards grouped by effective suit (``"T"`` for trumps)."""
    groups: dict[str, list[Card]] = {}
    for card in cards:
        groups.setdefault(ctx.suit_of(card), []).append(card)
    return groups


def components(cards: Iterable[Card], ctx: TrumpContext, kinds: tuple[str, ...]) -> list[list[Card]]:
    """The tractors/pairs/singles (``kinds``) per effective suit, as the engine
    decomposes each suit."""
    found = []
    for group in by_suit(cards, ctx).values():
        found.extend(list(c.cards) for c in decompose(group, ctx) if c.kind in kinds)
    return found


class CardRule:
    """A rule for a step where the learner answers with cards."""

    name = ""
    step_types: tuple[type[Task], ...] = (SelectCards,)
    needs_fields: tuple[str, ...] = ()
    """Step fields that must be given (checked by the loader)."""
    positional = True
    """False for a rule that does not depend on the level and trumps (points)."""

    def judge(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        raise NotImplementedError

    def answers(self, step: CardTask, ctx: TrumpContext) -> list[Answer]:
        """Every right answer."""
        raise NotImplementedError

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        """One wrong answer, or ``None`` when every answer would be accepted."""
        raise NotImplementedError

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        """The rule ideas this position asks the learner to know."""
        return set()


def plain_leads(hand: Sequence[Card], ctx: TrumpContext) -> list[Answer]:
    """The plain leads of a hand: every single card, pair and tractor (no throws)."""
    found = {answer_key([card]) for card in hand}
    for group in by_suit(hand, ctx).values():
        for part in decompose(group, ctx):
            if part.kind != "single":
                found.add(answer_key(part.cards))
                if part.kind == "tractor":  # its pairs, and its shorter runs, lead too
                    pairs = [part.cards[i:i + 2] for i in range(0, len(part.cards), 2)]
                    for size in range(1, len(pairs)):
                        for start in range(len(pairs) - size + 1):
                            found.add(answer_key(c for p in pairs[start:start + size] for c in p))
    return sorted(found, key=lambda a: [c.index for c in a])
