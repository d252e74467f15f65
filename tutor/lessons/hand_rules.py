"""Card rules about the learner's own hand, judged without a trick: the exact groups a
hand holds (its trumps, point cards, tractors, pairs), a safe bury, a declaration.

Apart from ``play_rules`` because none of these weighs another seat's play: each is
decided by the hand, the trumps and (for a declaration) the one on the table.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Sequence

from engine import Card, TrumpContext
from engine.cards import RANKS
from engine.game import declaration_error, legal_declarations
from engine.view import Declaration as EngineDeclaration

from .answers import CardRule, Judgement, components, minus, subsets
from .ideas import moved_suit
from .model import Answer, answer_key
from .steps import CardTask, Declare, SelectCards


class ExactCards(CardRule):
    """The pick must be exactly the cards of ``hand`` that ``groups`` names.

    ``groups`` returns the target as groups (a tractor, a pair, or one card each), so a
    learner who misses half a pair has missed the pair.
    """

    def __init__(self, name: str, groups: Callable[[Sequence[Card], TrumpContext], list[list[Card]]],
                 missed: str, extra: str, ideas: Callable[[CardTask, TrumpContext], set[str]],
                 positional: bool = True) -> None:
        self.name, self._groups = name, groups
        self._missed, self._extra, self._ideas = missed, extra, ideas
        self.positional = positional

    def target(self, step: CardTask, ctx: TrumpContext) -> Answer:
        return answer_key(card for group in self._groups(step.hand, ctx) for card in group)

    def judge(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        target = self.target(step, ctx)
        extra = minus(picked, target)
        if extra:
            return Judgement(False, self._extra, extra)
        left = Counter(picked)
        for group in self._groups(step.hand, ctx):
            if Counter(group) - left:
                return Judgement(False, self._missed)
            left -= Counter(group)
        return Judgement(True, self.name)

    def answers(self, step: CardTask, ctx: TrumpContext) -> list[Answer]:
        return [self.target(step, ctx)]

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        target = self.target(step, ctx)
        if target:
            return target[:-1]
        rest = minus(step.hand, target)
        return rest[:1] if rest else None

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        return self._ideas(step, ctx)


def _trumps(hand: Sequence[Card], ctx: TrumpContext) -> list[list[Card]]:
    return [[card] for card in hand if ctx.is_trump(card)]


def _trump_ideas(step: CardTask, ctx: TrumpContext) -> set[str]:
    needs = {"trumps"}
    if ctx.trump is None:
        needs.add("no_trump")
    if moved_suit(step.hand, ctx):
        needs.add("level_card_suit")
    if ctx.rules.constant_twos and any(c.rank == "2" for c in step.hand):
        needs.add("constant_twos")
    return needs


def _point_cards(hand: Sequence[Card], ctx: TrumpContext) -> list[list[Card]]:
    return [[card] for card in hand if card.points]


def _tractors(hand: Sequence[Card], ctx: TrumpContext) -> list[list[Card]]:
    return components(hand, ctx, ("tractor",))


def tractor_ideas(step: CardTask, ctx: TrumpContext) -> set[str]:
    needs = {"pair", "tractor"}
    for tractor in _tractors(step.hand, ctx):
        if ctx.is_trump(tractor[0]):
            needs.add("trump_tractor")
            continue
        ranks = sorted({RANKS.index(c.rank) for c in tractor})
        if ranks[-1] - ranks[0] >= len(ranks):  # neighbours only once the level rank is out
            needs.add("level_skip")
    return needs


def _pairs(hand: Sequence[Card], ctx: TrumpContext) -> list[list[Card]]:
    return components(hand, ctx, ("pair", "tractor"))


GROUP_RULES: tuple[ExactCards, ...] = (
    ExactCards("all_trumps", _trumps, "missed_trumps", "not_trumps", _trump_ideas),
    ExactCards("cards_worth_points", _point_cards, "missed_points", "no_points", lambda s, c: {"points"},
               positional=False),
    ExactCards("tractors", _tractors, "missed_tractors", "not_tractors", tractor_ideas),
    ExactCards("pairs", _pairs, "missed_pairs", "not_pairs", lambda s, c: {"pair"}),
)
"""The rules that ask for every card of one kind in the hand."""


class SafeBury(CardRule):
    """Exactly ``count`` cards, none a trump and none worth points."""

    name = "safe_bury"
    needs_fields = ("count",)

    def judge(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        assert isinstance(step, SelectCards) and step.count is not None
        if len(picked) != step.count:
            return Judgement(False, "wrong_number")
        scoring = tuple(card for card in picked if card.points)
        if scoring:
            return Judgement(False, "buried_points", scoring)
        trumps = tuple(card for card in picked if ctx.is_trump(card))
        if trumps:
            return Judgement(False, "buried_trumps", trumps)
        return Judgement(True, "safe_bury")

    def answers(self, step: CardTask, ctx: TrumpContext) -> list[Answer]:
        assert isinstance(step, SelectCards) and step.count is not None
        safe = [c for c in step.hand if not c.points and not ctx.is_trump(c)]
        return subsets(safe, step.count) if len(safe) >= step.count else []

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        assert isinstance(step, SelectCards) and step.count is not None
        return answer_key(step.hand[: step.count - 1])

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        return {"bury", "points", "trumps"}

    @staticmethod
    def merit(step: CardTask, ctx: TrumpContext, answer: Sequence[Card]) -> tuple[int, int]:
        """How good a safe burial is as a model, lower first: side suits it leaves
        empty (more is better: the dealer can ruff them), then the cards' ranks (small
        side cards go; aces and queens win tricks later)."""
        kept = Counter(step.hand) - Counter(answer)
        held = {ctx.suit_of(c) for c in kept.elements()}
        emptied = {ctx.suit_of(c) for c in answer} - held
        return (-len(emptied), sum(ctx.position(c) for c in answer))

    def model_first(self, step: CardTask, ctx: TrumpContext, answers: Sequence[Answer]) -> list[Answer]:
        """``answers`` with the best model burial first (``merit``)."""
        return sorted(answers, key=lambda a: self.merit(step, ctx, a))


_DECLARE_REASONS = {"cannot_declare": "not_a_declaration", "override_too_weak": "too_weak"}
"""The engine's declaring codes, renamed where the lesson wording differs."""


class DeclarationRule(CardRule):
    """Show a declaration the engine allows now, or pass (an empty answer) when none is.

    The learner is seat 0; ``shown`` is the declaration on the table.
    """

    name = "declaration"
    step_types = (Declare,)

    @staticmethod
    def _current(step: Declare) -> EngineDeclaration | None:
        return EngineDeclaration(step.shown[0], step.shown[1]) if step.shown is not None else None

    def legal(self, step: Declare, ctx: TrumpContext) -> list[Answer]:
        found = legal_declarations(0, step.hand, ctx.level, self._current(step), ctx.rules)
        return [answer_key(d.cards) for d in found]

    def judge(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        assert isinstance(step, Declare)
        if not picked:
            return Judgement(False, "could_declare") if self.legal(step, ctx) else Judgement(True, "nothing_to_declare")
        error = declaration_error(0, list(picked), step.hand, ctx.level, self._current(step), ctx.rules)
        if error:
            return Judgement(False, _DECLARE_REASONS.get(error, error), tuple(picked))
        if step.shown is not None and step.shown[0] == 0:
            return Judgement(True, "reinforces")
        if picked[0].is_joker:
            return Judgement(True, "declares_no_trump")
        return Judgement(True, "overrides" if step.shown is not None else "declares_suit")

    def answers(self, step: CardTask, ctx: TrumpContext) -> list[Answer]:
        assert isinstance(step, Declare)
        return self.legal(step, ctx) or [()]

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        assert isinstance(step, Declare)
        if self.legal(step, ctx):
            return ()
        anything = legal_declarations(0, step.hand, ctx.level, None, ctx.rules)
        return answer_key(anything[0].cards) if anything else answer_key(step.hand[:1])

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        assert isinstance(step, Declare)
        needs = {"declare"}
        if step.shown is not None:
            needs.add("reinforce" if step.shown[0] == 0 else "override")
        if any(c.is_joker for c in step.hand):
            needs.add("joker_declare")
        return needs
