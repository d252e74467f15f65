"""Named rules: what a right answer is, decided by the engine.

A lesson names a rule (``answer: all_trumps``); the rule judges a learner's answer and
returns a ``Judgement``: right or wrong, a reason code, and the cards the reason is
about.  ``tutor.hints`` turns a judgement into sentences.  Rules also produce right
answers (for ``python -m tutor.lessons check`` and the automated learner) and one wrong
answer, because a task that cannot be failed teaches nothing.

Reason codes are the engine's (``must_follow_suit``...) plus the ones below, each
explained in ``tutor.hints``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Iterable, Sequence

from engine import (
    Card,
    TrumpContext,
    check_follow,
    check_lead,
    decompose,
    hand_result,
    kitty_multiplier,
    lead_shape,
    level_change,
    matches_lead,
    points,
    trick_winner,
)

from engine.game import declaration_error, legal_declarations
from engine.view import Declaration as EngineDeclaration

from .model import SEATS, Choose, Declare, PlayTrick, SelectCards, Step, Task


@dataclass(frozen=True)
class Judgement:
    """The verdict on one answer.

    ``reason`` says why a wrong answer is wrong (or, for a right one, which fact makes
    it right); ``cards`` are the cards that reason is about: the trumps you missed, the
    pair you hold, a play that would have won.
    """

    correct: bool
    reason: str | None = None
    cards: tuple[Card, ...] = ()


def _same(a: Sequence[Card], b: Sequence[Card]) -> bool:
    return Counter(a) == Counter(b)


def _minus(a: Sequence[Card], b: Sequence[Card]) -> tuple[Card, ...]:
    return tuple((Counter(a) - Counter(b)).elements())


def _subsets(hand: Sequence[Card], size: int) -> list[list[Card]]:
    """Every distinct multiset of ``size`` cards from ``hand``."""
    seen: set[tuple[int, ...]] = set()
    result = []
    for combo in combinations(hand, size):
        key = tuple(sorted(card.index for card in combo))
        if key not in seen:
            seen.add(key)
            result.append(list(combo))
    return result


def by_suit(cards: Iterable[Card], ctx: TrumpContext) -> dict[str, list[Card]]:
    """Cards grouped by effective suit (``"T"`` for trumps)."""
    groups: dict[str, list[Card]] = {}
    for card in cards:
        groups.setdefault(ctx.suit_of(card), []).append(card)
    return groups


def components(cards: Iterable[Card], ctx: TrumpContext, kinds: tuple[str, ...]) -> list[list[Card]]:
    """The hand's tractors/pairs/singles (``kinds``) per effective suit, as the engine
    decomposes each suit."""
    found = []
    for group in by_suit(cards, ctx).values():
        found.extend(list(c.cards) for c in decompose(group, ctx) if c.kind in kinds)
    return found


# --------------------------------------------------------------------------- select


class CardRule:
    """A rule for a step where the learner picks cards (select_cards, play_trick, declare)."""

    name = ""
    step_types: tuple[type[Task], ...] = (SelectCards,)
    needs: tuple[str, ...] = ()
    """Step fields that must be given (checked by the loader)."""

    def judge(self, step: Task, ctx: TrumpContext, picked: list[Card]) -> Judgement:
        raise NotImplementedError

    def answers(self, step: Task, ctx: TrumpContext) -> list[list[Card]]:
        """Right answers (all, or enough to show one and prove there is one)."""
        raise NotImplementedError

    def wrong_answer(self, step: Task, ctx: TrumpContext) -> list[Card] | None:
        """One wrong answer, or ``None`` when every answer would be accepted."""
        raise NotImplementedError


class ExactCards(CardRule):
    """The pick must be exactly the cards of ``hand`` that ``groups`` names.

    ``groups`` returns the target as groups (a tractor, a pair, or one card each), so
    that a learner who misses half a pair is shown the whole pair.
    """

    def __init__(self, name: str, groups: Callable[[Sequence[Card], TrumpContext], list[list[Card]]],
                 right: str, missed: str, extra: str) -> None:
        self.name, self._groups = name, groups
        self._right, self._missed, self._extra = right, missed, extra

    def target(self, step: Task, ctx: TrumpContext) -> list[Card]:
        return [card for group in self._groups(step.hand, ctx) for card in group]  # type: ignore[attr-defined]

    def judge(self, step: Task, ctx: TrumpContext, picked: list[Card]) -> Judgement:
        target = self.target(step, ctx)
        extra = _minus(picked, target)
        if extra:
            return Judgement(False, self._extra, extra)
        left = Counter(picked)
        missed: list[Card] = []
        for group in self._groups(step.hand, ctx):  # type: ignore[attr-defined]
            need = Counter(group)
            if need - left:
                missed.extend(group)
            left -= need
        if missed:
            return Judgement(False, self._missed, tuple(missed))
        return Judgement(True, self._right, tuple(target))

    def answers(self, step: Task, ctx: TrumpContext) -> list[list[Card]]:
        return [self.target(step, ctx)]

    def wrong_answer(self, step: Task, ctx: TrumpContext) -> list[Card] | None:
        target = self.target(step, ctx)
        if target:
            return target[:-1]
        rest = _minus(step.hand, target)  # type: ignore[attr-defined]
        return [rest[0]] if rest else None


def _trumps(hand: Sequence[Card], ctx: TrumpContext) -> list[list[Card]]:
    return [[card] for card in hand if ctx.is_trump(card)]


def _point_cards(hand: Sequence[Card], ctx: TrumpContext) -> list[list[Card]]:
    return [[card] for card in hand if card.points]


def _tractors(hand: Sequence[Card], ctx: TrumpContext) -> list[list[Card]]:
    return components(hand, ctx, ("tractor",))


def _pairs(hand: Sequence[Card], ctx: TrumpContext) -> list[list[Card]]:
    return components(hand, ctx, ("pair", "tractor"))


class FollowRule(CardRule):
    """Any play the engine accepts as a follow; subclasses add a goal on top of legality.

    The lead comes from ``lead`` (select_cards) or from the first play of ``trick``.
    """

    name = "legal_follow"
    step_types = (SelectCards, PlayTrick)
    right = "legal"

    def lead(self, step: Task) -> list[Card]:
        trick = getattr(step, "trick", None)
        if trick is not None and trick.plays[0] is not None:
            return list(trick.plays[0])
        return list(step.lead)  # type: ignore[attr-defined]

    def legal_plays(self, step: Task, ctx: TrumpContext) -> list[list[Card]]:
        lead = self.lead(step)
        return [p for p in _subsets(step.hand, len(lead))  # type: ignore[attr-defined]
                if check_follow(list(step.hand), lead, p, ctx).legal]  # type: ignore[attr-defined]

    def judge(self, step: Task, ctx: TrumpContext, picked: list[Card]) -> Judgement:
        lead = self.lead(step)
        verdict = check_follow(list(step.hand), lead, picked, ctx)  # type: ignore[attr-defined]
        if not verdict.legal:
            about = lead if verdict.reason == "wrong_count" else verdict.cards or ()
            return Judgement(False, verdict.reason, tuple(about))
        return self.judge_legal(step, ctx, picked)

    def judge_legal(self, step: Task, ctx: TrumpContext, picked: list[Card]) -> Judgement:
        return Judgement(True, self.right, tuple(picked))

    def answers(self, step: Task, ctx: TrumpContext) -> list[list[Card]]:
        return [p for p in self.legal_plays(step, ctx) if self.judge_legal(step, ctx, p).correct]

    def wrong_answer(self, step: Task, ctx: TrumpContext) -> list[Card] | None:
        size = len(self.lead(step))
        for play in _subsets(step.hand, size):  # type: ignore[attr-defined]
            if not self.judge(step, ctx, play).correct:
                return play
        return None


def _winner_seat(step: PlayTrick, ctx: TrumpContext, picked: list[Card]) -> int:
    trick = step.trick
    assert trick is not None
    return trick.seat_of(trick_winner(trick.with_play(picked), ctx))


class WinTrick(FollowRule):
    """Legal, and the trick is yours once every scripted card is down."""

    name = "win_trick"
    step_types = (PlayTrick,)
    needs = ("trick",)

    def judge_legal(self, step: Task, ctx: TrumpContext, picked: list[Card]) -> Judgement:
        assert isinstance(step, PlayTrick) and step.trick is not None
        winner = _winner_seat(step, ctx, picked)
        if winner == 0:
            return Judgement(True, "wins", tuple(picked))
        shape_ok = matches_lead(lead_shape(self.lead(step), ctx), picked, ctx)
        winning = [p for p in self.legal_plays(step, ctx) if _winner_seat(step, ctx, p) == 0]
        hint = tuple(winning[0]) if winning else ()
        return Judgement(False, "beaten" if shape_ok else "shape_mismatch", hint)


class PointsRule(FollowRule):
    """Legal, and carrying the most (``most=True``) or fewest points a legal play can.

    Used when the trick's owner is already settled by the scripted cards: feed your
    partner's winning trick, or keep points away from an opponent's.
    """

    step_types = (PlayTrick,)
    needs = ("trick",)

    def __init__(self, name: str, most: bool) -> None:
        self.name, self.most = name, most

    def best(self, step: Task, ctx: TrumpContext) -> list[Card]:
        plays = self.legal_plays(step, ctx)
        pick = max if self.most else min
        return pick(plays, key=points)

    def judge_legal(self, step: Task, ctx: TrumpContext, picked: list[Card]) -> Judgement:
        best = self.best(step, ctx)
        if points(picked) == points(best):
            return Judgement(True, "most_points" if self.most else "fewest_points", tuple(picked))
        return Judgement(False, "more_points" if self.most else "fewer_points", tuple(best))

    def team_wins(self, step: PlayTrick, ctx: TrumpContext) -> bool | None:
        """Whether your side takes the trick whatever legal play you make (None: it depends)."""
        winners = {_winner_seat(step, ctx, p) % 2 == 0 for p in self.legal_plays(step, ctx)}
        return winners.pop() if len(winners) == 1 else None


class SafeBury(CardRule):
    """Exactly ``count`` cards, none a trump and none worth points."""

    name = "safe_bury"
    needs = ("count",)

    def judge(self, step: Task, ctx: TrumpContext, picked: list[Card]) -> Judgement:
        assert isinstance(step, SelectCards) and step.count is not None
        if len(picked) != step.count:
            return Judgement(False, "wrong_number", tuple(picked))
        scoring = tuple(card for card in picked if card.points)
        if scoring:
            return Judgement(False, "buried_points", scoring)
        trumps = tuple(card for card in picked if ctx.is_trump(card))
        if trumps:
            return Judgement(False, "buried_trumps", trumps)
        return Judgement(True, "safe_bury", tuple(picked))

    def _safe(self, step: SelectCards, ctx: TrumpContext) -> list[Card]:
        return sorted((c for c in step.hand if not c.points and not ctx.is_trump(c)), key=ctx.position)

    def answers(self, step: Task, ctx: TrumpContext) -> list[list[Card]]:
        assert isinstance(step, SelectCards) and step.count is not None
        safe = self._safe(step, ctx)
        return [safe[: step.count]] if len(safe) >= step.count else []

    def wrong_answer(self, step: Task, ctx: TrumpContext) -> list[Card] | None:
        assert isinstance(step, SelectCards) and step.count is not None
        return list(step.hand[: step.count - 1])


class StandingThrow(CardRule):
    """A lead of several components in one suit that no other hand can beat."""

    name = "a_standing_throw"
    needs = ("others",)

    def judge(self, step: Task, ctx: TrumpContext, picked: list[Card]) -> Judgement:
        assert isinstance(step, SelectCards)
        if not picked:
            return Judgement(False, "not_a_throw")
        result = check_lead(picked, [list(h) for h in step.others], ctx)
        if result.reason == "mixed_suits":
            return Judgement(False, "mixed_suits", tuple(picked))
        if len(decompose(picked, ctx)) < 2:
            return Judgement(False, "not_a_throw", tuple(picked))
        if not result.ok:
            beaten = [card for part in result.beaten for card in part.cards]
            return Judgement(False, "throw_beaten", tuple(beaten))
        return Judgement(True, "throw_stands", tuple(picked))

    def answers(self, step: Task, ctx: TrumpContext) -> list[list[Card]]:
        assert isinstance(step, SelectCards)
        found = []
        for group in by_suit(step.hand, ctx).values():
            for size in range(2, len(group) + 1):
                found.extend(p for p in _subsets(group, size) if self.judge(step, ctx, p).correct)
        return found

    def wrong_answer(self, step: Task, ctx: TrumpContext) -> list[Card] | None:
        assert isinstance(step, SelectCards)
        for group in by_suit(step.hand, ctx).values():
            if len(group) >= 2 and not self.judge(step, ctx, group).correct:
                return group
        return list(step.hand[:1])


# --------------------------------------------------------------------------- declaring

_DECLARE_REASONS = {"cannot_declare": "not_a_declaration", "override_too_weak": "too_weak"}
"""The engine's declaring codes, renamed where the lesson wording differs."""


class DeclarationRule(CardRule):
    """Show a declaration the engine allows now, or pass (an empty pick) when none is.

    The learner is seat 0; ``shown`` is the declaration on the table.
    """

    name = "declaration"
    step_types = (Declare,)

    @staticmethod
    def _current(step: Declare) -> EngineDeclaration | None:
        return EngineDeclaration(step.shown[0], step.shown[1]) if step.shown is not None else None

    def legal(self, step: Declare, ctx: TrumpContext) -> list[list[Card]]:
        found = legal_declarations(0, step.hand, ctx.level, self._current(step), ctx.rules)
        return [list(d.cards) for d in found]

    def judge(self, step: Task, ctx: TrumpContext, picked: list[Card]) -> Judgement:
        assert isinstance(step, Declare)
        if not picked:
            legal = self.legal(step, ctx)
            if legal:
                return Judgement(False, "could_declare", tuple(legal[-1]))
            return Judgement(True, "nothing_to_declare")
        error = declaration_error(0, picked, step.hand, ctx.level, self._current(step), ctx.rules)
        if error:
            return Judgement(False, _DECLARE_REASONS.get(error, error), tuple(picked))
        return Judgement(True, _declared_as(step, picked), tuple(picked))

    def answers(self, step: Task, ctx: TrumpContext) -> list[list[Card]]:
        assert isinstance(step, Declare)
        return self.legal(step, ctx) or [[]]

    def wrong_answer(self, step: Task, ctx: TrumpContext) -> list[Card] | None:
        assert isinstance(step, Declare)
        if self.legal(step, ctx):
            return []
        anything = legal_declarations(0, step.hand, ctx.level, None, ctx.rules)
        return list(anything[0].cards) if anything else list(step.hand[:1])


def _declared_as(step: Declare, cards: list[Card]) -> str:
    if step.shown is not None and step.shown[0] == 0:
        return "reinforces"
    if cards[0].is_joker:
        return "declares_no_trump"
    return "overrides" if step.shown is not None else "declares_suit"


CARD_RULES: dict[str, CardRule] = {
    rule.name: rule
    for rule in (
        ExactCards("all_trumps", _trumps, "all_trumps", "missed_trumps", "not_trumps"),
        ExactCards("cards_worth_points", _point_cards, "all_points", "missed_points", "no_points"),
        ExactCards("tractors", _tractors, "all_tractors", "missed_tractors", "not_tractors"),
        ExactCards("pairs", _pairs, "all_pairs", "missed_pairs", "not_pairs"),
        FollowRule(),
        WinTrick(),
        PointsRule("feed_partner", most=True),
        PointsRule("save_points", most=False),
        SafeBury(),
        StandingThrow(),
        DeclarationRule(),
    )
}


# --------------------------------------------------------------------------- choose


class ChoiceRule:
    """Computes which options of a ``choose`` step are right."""

    name = ""
    needs: tuple[str, ...] = ()
    by_value = True
    """True: the rule computes a value and the right option has that ``value``;
    False: the rule tests each option's ``cards``."""

    def value(self, step: Choose, ctx: TrumpContext) -> str:
        raise NotImplementedError

    def test(self, cards: list[Card], step: Choose, ctx: TrumpContext) -> bool:
        raise NotImplementedError

    def correct(self, step: Choose, ctx: TrumpContext) -> set[int]:
        if self.by_value:
            value = self.value(step, ctx)
            return {i for i, o in enumerate(step.options) if o.value == value}
        return {i for i, o in enumerate(step.options) if self.test(list(o.cards), step, ctx)}


class ValueRule(ChoiceRule):
    def __init__(self, name: str, needs: tuple[str, ...], compute: Callable[[Choose, TrumpContext], str]):
        self.name, self.needs, self._compute = name, needs, compute

    def value(self, step: Choose, ctx: TrumpContext) -> str:
        return self._compute(step, ctx)


class CardsTest(ChoiceRule):
    by_value = False

    def __init__(self, name: str, test: Callable[[list[Card], Choose, TrumpContext], bool]):
        self.name, self._test = name, test

    def test(self, cards: list[Card], step: Choose, ctx: TrumpContext) -> bool:
        return self._test(cards, step, ctx)


def _one_component(kind: str) -> Callable[[list[Card], Choose, TrumpContext], bool]:
    def test(cards: list[Card], step: Choose, ctx: TrumpContext) -> bool:
        if len({ctx.suit_of(c) for c in cards}) != 1:
            return False
        parts = decompose(cards, ctx)
        return len(parts) == 1 and parts[0].kind == kind
    return test


def _strongest(cards: list[Card], step: Choose, ctx: TrumpContext) -> bool:
    """The option's single card beats every other option's card (led first or not)."""
    others = [o.cards[0] for o in step.options if list(o.cards) != cards and o.cards]
    return len(cards) == 1 and all(ctx.beats(cards[0], other) for other in others)


def _trick_winner(step: Choose, ctx: TrumpContext) -> str:
    assert step.trick is not None
    plays = [list(p or ()) for p in step.trick.plays]
    return SEATS[step.trick.seat_of(trick_winner(plays, ctx))]


def _attackers_total(step: Choose, ctx: TrumpContext) -> str:
    """Trick points, plus the kitty's points times the multiplier when the attackers
    won the last trick (``kitty`` is shown as ``cards``, the last lead as ``lead``)."""
    total = int(step.datum("tricks") or 0)
    if step.datum("last_trick") == "attackers":
        total += points(step.cards) * kitty_multiplier(list(step.lead), ctx)
    return str(total)


def _result_value(points: int, ctx: TrumpContext) -> str:
    result = hand_result(points, ctx.rules)
    return f"{'attackers' if result.attackers_take_over else 'dealers'}+{result.levels}"


def _next_dealer(step: Choose, ctx: TrumpContext) -> str:
    """The engine's next dealer (RULES.md §8) after ``points`` with ``dealer`` dealing."""
    dealer = SEATS.index(step.datum("dealer"))
    result = hand_result(int(step.datum("points")), ctx.rules)
    return SEATS[level_change((ctx.level, ctx.level), dealer, result, ctx.rules).next_dealer]


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


CHOICE_RULES: dict[str, ChoiceRule] = {
    rule.name: rule
    for rule in (
        ValueRule("trick_winner", ("trick",), _trick_winner),
        ValueRule("points", ("cards",), lambda s, c: str(points(s.cards))),
        ValueRule("is_trump", ("cards",), lambda s, c: _yes(all(c.is_trump(x) for x in s.cards))),
        ValueRule("throw_stands", ("lead", "others"),
                  lambda s, c: _yes(check_lead(list(s.lead), [list(h) for h in s.others], c).ok)),
        ValueRule("kitty_multiplier", ("lead",), lambda s, c: str(kitty_multiplier(list(s.lead), c))),
        ValueRule("attackers_total", ("tricks", "last_trick"), _attackers_total),
        ValueRule("hand_result", ("points",), lambda s, c: _result_value(int(s.datum("points")), c)),
        ValueRule("next_dealer", ("dealer", "points"), _next_dealer),
        CardsTest("tractor", _one_component("tractor")),
        CardsTest("pair", _one_component("pair")),
        CardsTest("strongest", _strongest),
        CardsTest("throw_forced", lambda cards, s, c: _same(
            cards, check_lead(list(s.lead), [list(h) for h in s.others], c).played)),
    )
}


def judge_choice(step: Choose, ctx: TrumpContext | None, index: int) -> Judgement:
    """Judge option ``index``; a wrong one carries the right option's cards, if any."""
    right = correct_options(step, ctx)
    if index in right:
        return Judgement(True, "right_option", step.options[index].cards)
    first = step.options[min(right)] if right else None
    return Judgement(False, "wrong_option", first.cards if first else ())


def correct_options(step: Choose, ctx: TrumpContext | None) -> set[int]:
    if step.answer is None:
        return {i for i, o in enumerate(step.options) if o.correct}
    assert ctx is not None, "a computed answer needs a position"
    return CHOICE_RULES[step.answer].correct(step, ctx)


def judge(step: Step, ctx: TrumpContext | None, answer: list[Card] | int) -> Judgement:
    """Judge the learner's answer: an option index for ``choose``, else the cards picked."""
    if isinstance(step, Choose):
        assert isinstance(answer, int)
        return judge_choice(step, ctx, answer)
    assert isinstance(step, Task) and step.answer is not None and ctx is not None
    assert isinstance(answer, list)
    return CARD_RULES[step.answer].judge(step, ctx, answer)
