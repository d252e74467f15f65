"""Named rules: what a right answer is, decided by the engine.

A lesson task names a rule (``answer: all_trumps``) and states the answer its author
expects (``expect``).  The rule judges a learner's answer and returns a ``Judgement``:
right or wrong, a reason code and the cards the reason is about.  A rule also lists
*every* right answer, so the checker can compare the author's ``expect`` with the
engine's judgement (a wrong rule or a wrong lesson cannot ship alone), gives one wrong
answer (a task that cannot be failed teaches nothing) and names the rule ideas a
position needs the learner to know (``needs``; see ``tutor.lessons.teaching``).

Nothing here re-derives a rule of the game: card order, following, trick winners,
throws, declarations, scores and dealers all come from ``engine``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import islice, product
from typing import Callable, Iterable, Iterator, Sequence

from engine import (
    TRUMP,
    Card,
    Component,
    LeadShape,
    TrumpContext,
    check_follow,
    check_lead,
    classify_follow,
    deck,
    decompose,
    hand_outcome,
    hand_result,
    kitty_multiplier,
    lead_shape,
    level_change,
    matches_lead,
    points,
    trick_winner,
)
from engine.cards import RANKS
from engine.events import Redealt
from engine.game import KITTY_SIZE, SEATS as SEAT_COUNT, Game, declaration_error, legal_declarations, team_of
from engine.play import iter_legal_follows
from engine.view import Declaration as EngineDeclaration

from .model import (
    SEATS,
    Answer,
    CardTask,
    Choose,
    Declare,
    Lead,
    PlayTrick,
    SelectCards,
    Step,
    Task,
    Trick,
    answer_key,
)

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


def _minus(a: Sequence[Card], b: Sequence[Card]) -> tuple[Card, ...]:
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


def moved_suit(cards: Iterable[Card], ctx: TrumpContext) -> bool:
    """Whether any card's effective suit differs from its printed suit (a level card or
    a 2 that became a trump outside the trump suit)."""
    return any(not c.is_joker and ctx.is_trump(c) and c.suit != ctx.trump for c in cards)


def shows_trumps(cards: Iterable[Card], ctx: TrumpContext | None) -> bool:
    return ctx is not None and any(ctx.is_trump(c) for c in cards)


def ties(plays: Sequence[Sequence[Card]], ctx: TrumpContext) -> bool:
    """Whether the winning play is equal to another play of the trick, so that it
    wins only by being played first."""
    win = list(plays[trick_winner(plays, ctx)])
    shape = lead_shape(plays[0], ctx)
    for play in plays:
        if list(play) != win and matches_lead(shape, play, ctx) and \
                trick_winner([win, list(play)], ctx) == 0 and trick_winner([list(play), win], ctx) == 0:
            return True
    return False


def _by_shape(shape: LeadShape, throw: str, tractor: str, pair: str) -> set[str]:
    """The idea for a lead of this shape: a throw, a tractor, a pair (none for a single),
    and with three or four decks the sets wider than a pair it holds."""
    kinds = {c.kind for c in shape.components}
    if shape.is_throw:
        found = {throw}
    else:
        found = {tractor} if "tractor" in kinds else {pair} if "pair" in kinds else set()
    return found | wide_ideas(shape.components)


def wide_ideas(parts: Iterable[Component]) -> set[str]:
    """The three- and four-deck ideas these components show: a triple, a quad, a
    泰坦尼克 (a tractor of triples), a tractor of quads."""
    found: set[str] = set()
    for part in parts:
        if part.width == 3:
            found |= {"triple", "titanic"} if part.kind == "tractor" else {"triple"}
        elif part.width == 4:
            found |= {"quad", "quad_tractor"} if part.kind == "tractor" else {"quad"}
    return found


def trick_needs(plays: Sequence[Sequence[Card]], ctx: TrumpContext) -> set[str]:
    """The ideas needed to see who wins a trick."""
    shape = lead_shape(plays[0], ctx)
    needs = {"highest_wins"} | _by_shape(shape, "throw", "tractor_beats", "pair_beats")
    for play in plays[1:]:
        if classify_follow(plays[0], play, ctx) == "ruff":
            needs.add("ruff")
            if shape.pairs:
                needs.add("ruff_shape")
    if any(ctx.is_trump(c) for play in plays for c in play):
        needs.add("trumps")
        if shape.suit == TRUMP:
            needs.add("trump_order")
    if moved_suit([c for play in plays for c in play], ctx):
        needs.add("level_card_suit")
    if ties(plays, ctx):
        needs.add("equal_first")
    return needs


def follow_needs(hand: Sequence[Card], lead: Sequence[Card], ctx: TrumpContext) -> set[str]:
    """The ideas needed to follow ``lead`` from ``hand``."""
    shape = lead_shape(lead, ctx)
    needs = {"trick", "follow_suit"} | _by_shape(shape, "follow_throw", "follow_tractor", "follow_pair")
    needs |= {follow for idea, follow in (("triple", "follow_triple"), ("titanic", "follow_titanic"))
              if idea in needs}
    held = [c for c in hand if ctx.suit_of(c) == shape.suit]
    if len(held) < shape.size:
        needs.add("void")
    if shape.suit == TRUMP:
        needs.add("follow_trump")
    if moved_suit(list(hand) + list(lead), ctx):
        needs.add("level_card_suit")
    return needs


# --------------------------------------------------------------------------- card rules


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
        extra = _minus(picked, target)
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
        rest = _minus(step.hand, target)
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


def _tractor_ideas(step: CardTask, ctx: TrumpContext) -> set[str]:
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


class FollowRule(CardRule):
    """Any play the engine accepts as a follow; subclasses add a goal on top of legality.

    The lead comes from ``lead`` (select_cards) or from the first play of ``trick``.
    """

    name = "legal_follow"
    step_types = (SelectCards, PlayTrick)

    def lead(self, step: CardTask) -> list[Card]:
        trick: Trick | None = getattr(step, "trick", None)
        if trick is not None and trick.plays[0] is not None:
            return list(trick.plays[0])
        return list(getattr(step, "lead", ()))

    def legal_plays(self, step: CardTask, ctx: TrumpContext) -> list[Answer]:
        lead = self.lead(step)
        return legal_follows(step.hand, lead, ctx)

    def judge(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        lead = self.lead(step)
        verdict = check_follow(list(step.hand), lead, list(picked), ctx)
        if not verdict.legal:
            return Judgement(False, verdict.reason, tuple(lead) if verdict.reason == "wrong_count" else ())
        return self.judge_legal(step, ctx, picked)

    def judge_legal(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        return Judgement(True, "legal")

    def answers(self, step: CardTask, ctx: TrumpContext) -> list[Answer]:
        return [p for p in self.legal_plays(step, ctx) if self.judge_legal(step, ctx, p).correct]

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        for n, play in enumerate(iter_subsets(step.hand, len(self.lead(step)))):
            if n == MAX_CANDIDATES:
                raise TooOpen()
            if not self.judge(step, ctx, play).correct:
                return play
        return None

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        return follow_needs(step.hand, self.lead(step), ctx)


def _winner_seat(step: PlayTrick, ctx: TrumpContext, picked: Sequence[Card]) -> int:
    trick = step.trick
    assert trick is not None
    return trick.seat_of(trick_winner(trick.with_play(picked), ctx))


class WinTrick(FollowRule):
    """Legal, and the trick is yours once every scripted card is down."""

    name = "win_trick"
    step_types = (PlayTrick,)

    def judge_legal(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        assert isinstance(step, PlayTrick) and step.trick is not None
        if _winner_seat(step, ctx, picked) == 0:
            return Judgement(True, "wins")
        if not matches_lead(lead_shape(self.lead(step), ctx), picked, ctx):
            return Judgement(False, "shape_mismatch", tuple(self.lead(step)))
        trick = step.trick
        winner = trick.with_play(picked)[trick_winner(trick.with_play(picked), ctx)]
        return Judgement(False, "beaten", tuple(winner))

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        assert isinstance(step, PlayTrick) and step.trick is not None
        needs = super().needs(step, ctx)
        for answer in self.answers(step, ctx):
            needs |= trick_needs(step.trick.with_play(answer), ctx)
        return needs


class PointsRule(FollowRule):
    """Legal, and carrying the most (``most=True``) or fewest points a legal play can.

    Used when the trick's owner is settled by the scripted cards: feed your partner's
    winning trick, or keep points away from an opponent's.
    """

    step_types = (PlayTrick,)

    def __init__(self, name: str, most: bool) -> None:
        self.name, self.most = name, most

    def best_points(self, step: CardTask, ctx: TrumpContext) -> int:
        pick = max if self.most else min
        return pick(points(p) for p in self.legal_plays(step, ctx))

    def judge_legal(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        if points(picked) == self.best_points(step, ctx):
            return Judgement(True, "most_points" if self.most else "fewest_points")
        return Judgement(False, "more_points" if self.most else "fewer_points")

    def team_wins(self, step: PlayTrick, ctx: TrumpContext) -> bool | None:
        """Whether your side takes the trick whatever legal play you make (None: it depends)."""
        winners = {team_of(_winner_seat(step, ctx, p)) == team_of(0) for p in self.legal_plays(step, ctx)}
        return winners.pop() if len(winners) == 1 else None

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        return super().needs(step, ctx) | {"points", "feeding" if self.most else "saving"}


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


def _leads(hand: Sequence[Card], ctx: TrumpContext) -> list[Answer]:
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


def _plain_lead(picked: Sequence[Card], ctx: TrumpContext) -> bool:
    return bool(picked) and len({ctx.suit_of(c) for c in picked}) == 1 and len(decompose(list(picked), ctx)) == 1


class StandingThrow(CardRule):
    """A lead of several components in one suit that no other hand can beat."""

    name = "a_standing_throw"
    step_types = (Lead,)
    needs_fields = ("others",)

    def judge(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        assert isinstance(step, Lead)
        if not picked:
            return Judgement(False, "not_a_throw")
        result = check_lead(list(picked), [list(h) for h in step.others], ctx)
        if result.reason == "mixed_suits":
            return Judgement(False, "mixed_suits", tuple(picked))
        if len(decompose(list(picked), ctx)) < 2:
            return Judgement(False, "not_a_throw")
        if not result.ok:
            beaten = [card for part in result.beaten for card in part.cards]
            return Judgement(False, "throw_beaten", tuple(beaten))
        return Judgement(True, "throw_stands")

    def answers(self, step: CardTask, ctx: TrumpContext) -> list[Answer]:
        found = []
        for group in by_suit(step.hand, ctx).values():
            for size in range(2, len(group) + 1):
                found.extend(p for p in subsets(group, size) if self.judge(step, ctx, p).correct)
        return found

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        for group in by_suit(step.hand, ctx).values():
            if len(group) >= 2 and not self.judge(step, ctx, group).correct:
                return answer_key(group)
        return answer_key(step.hand[:1])

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        return {"leading", "throw", "throw_fail"}


class WinningLead(CardRule):
    """A single, pair or tractor that wins the trick whatever the others legally play
    (``others``: the right opponent's, your partner's and the left opponent's hands)."""

    name = "winning_lead"
    step_types = (Lead,)
    needs_fields = ("others",)

    def follows(self, hand: Sequence[Card], lead: Sequence[Card], ctx: TrumpContext) -> list[list[Card]]:
        return [list(p) for p in legal_follows(hand, lead, ctx)]

    def beaten_by(self, step: Lead, ctx: TrumpContext, lead: Sequence[Card]) -> tuple[Card, ...] | None:
        """A play of another seat that takes the trick from ``lead``, if any can."""
        replies = [self.follows(hand, lead, ctx) for hand in step.others]
        for plays in product(*replies):
            trick = [list(lead), *plays]
            winner = trick_winner(trick, ctx)
            if winner:
                return tuple(trick[winner])
        return None

    def judge(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        assert isinstance(step, Lead)
        if not _plain_lead(picked, ctx):
            return Judgement(False, "plain_lead")
        beaten = self.beaten_by(step, ctx, picked)
        if beaten is not None:
            return Judgement(False, "lead_beaten", beaten)
        return Judgement(True, "lead_wins")

    def answers(self, step: CardTask, ctx: TrumpContext) -> list[Answer]:
        return [lead for lead in _leads(step.hand, ctx) if self.judge(step, ctx, lead).correct]

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        return next((lead for lead in _leads(step.hand, ctx) if not self.judge(step, ctx, lead).correct), None)

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        needs = {"leading", "highest_wins"}
        if shows_trumps(step.hand, ctx):
            needs.add("trumps")
        if any(len(a) == 2 for a in self.answers(step, ctx)):
            needs.add("pair_beats")
        return needs


class TopCard(CardRule):
    """A single or pair that nothing still out can beat in its own suit: the unseen
    cards are the two decks minus your hand and the cards already ``played``."""

    name = "top_card"
    step_types = (Lead,)
    needs_fields = ("played",)

    def unseen(self, step: Lead, ctx: TrumpContext) -> list[Card]:
        return list(_minus(_minus(deck(ctx.rules.decks), step.hand), step.played))

    def beaten_by(self, step: Lead, ctx: TrumpContext, lead: Sequence[Card]) -> tuple[Card, ...] | None:
        suit = ctx.suit_of(lead[0])
        out = Counter(c for c in self.unseen(step, ctx) if ctx.suit_of(c) == suit)
        for card, count in out.items():
            play = [card] * len(lead)
            if count >= len(lead) and trick_winner([list(lead), play], ctx) == 1:
                return tuple(play)
        return None

    def judge(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        assert isinstance(step, Lead)
        if not picked or len(picked) > 2 or not _plain_lead(picked, ctx):
            return Judgement(False, "single_or_pair")
        beaten = self.beaten_by(step, ctx, picked)
        if beaten is not None:
            return Judgement(False, "still_out", beaten)
        return Judgement(True, "top_card")

    def answers(self, step: CardTask, ctx: TrumpContext) -> list[Answer]:
        return [lead for lead in _leads(step.hand, ctx) if len(lead) <= 2 and self.judge(step, ctx, lead).correct]

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        return next((lead for lead in _leads(step.hand, ctx) if not self.judge(step, ctx, lead).correct), None)

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        needs = {"leading", "top_cards", "highest_wins"}
        if any(len(a) == 2 for a in self.answers(step, ctx)):
            needs.add("pair_beats")
        return needs


class BestPlay(CardRule):
    """A good play: legal, and one of the plays ``expect`` lists.  The lesson names them
    all, and the checker proves them (``tutor.lessons.proof``): each is the search
    advisor's choice or within its noise of the best play, every other play clearly
    worse, and the review flags none.  A follow (``play_trick``) or a lead."""

    name = "best_play"
    step_types = (PlayTrick, Lead)

    def legal(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement | None:
        """Why ``picked`` may not be played here, if it may not."""
        if isinstance(step, PlayTrick):
            follow = FollowRule()
            verdict = follow.judge(step, ctx, picked)
            return None if verdict.correct else verdict
        if not picked or len({ctx.suit_of(c) for c in picked}) != 1:
            return Judgement(False, "mixed_suits", tuple(picked))
        return None

    def judge(self, step: CardTask, ctx: TrumpContext, picked: Sequence[Card]) -> Judgement:
        illegal = self.legal(step, ctx, picked)
        if illegal is not None:
            return illegal
        if answer_key(picked) in step.expect:
            return Judgement(True, "good_play")
        return Judgement(False, "weaker_play")

    def answers(self, step: CardTask, ctx: TrumpContext) -> list[Answer]:
        return [a for a in step.expect if self.legal(step, ctx, a) is None]

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        size = len(FollowRule().lead(step)) if isinstance(step, PlayTrick) else 1
        return next((p for p in subsets(step.hand, size) if not self.judge(step, ctx, p).correct), None)

    def needs(self, step: CardTask, ctx: TrumpContext) -> set[str]:
        if isinstance(step, PlayTrick):
            return FollowRule().needs(step, ctx)
        return {"leading"}


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


CARD_RULES: dict[str, CardRule] = {
    rule.name: rule
    for rule in (
        ExactCards("all_trumps", _trumps, "missed_trumps", "not_trumps", _trump_ideas),
        ExactCards("cards_worth_points", _point_cards, "missed_points", "no_points", lambda s, c: {"points"},
                   positional=False),
        ExactCards("tractors", _tractors, "missed_tractors", "not_tractors", _tractor_ideas),
        ExactCards("pairs", _pairs, "missed_pairs", "not_pairs", lambda s, c: {"pair"}),
        FollowRule(),
        WinTrick(),
        PointsRule("feed_partner", most=True),
        PointsRule("save_points", most=False),
        SafeBury(),
        StandingThrow(),
        WinningLead(),
        TopCard(),
        BestPlay(),
        DeclarationRule(),
    )
}


# --------------------------------------------------------------------------- choice rules


class ChoiceRule:
    """Computes which options of a ``choose`` step are right."""

    name = ""
    needs_fields: tuple[str, ...] = ()
    positional = True
    """False for a rule that does not depend on the level and trumps (seats, scores)."""
    needs_trump = True
    """False for a rule that needs the level only (the deal, before trumps are chosen)."""
    by_value = True
    """True: the rule computes a value and the right option has that ``value``;
    False: the rule tests each option's ``cards``."""

    def __init__(self, name: str, needs_fields: tuple[str, ...],
                 ideas: Callable[[Choose, TrumpContext | None], set[str]]) -> None:
        self.name, self.needs_fields, self._ideas = name, needs_fields, ideas

    def value(self, step: Choose, ctx: TrumpContext | None) -> str:
        raise NotImplementedError

    def test(self, cards: list[Card], step: Choose, ctx: TrumpContext | None) -> bool:
        raise NotImplementedError

    def correct(self, step: Choose, ctx: TrumpContext | None) -> set[int]:
        if self.by_value:
            value = self.value(step, ctx)
            return {i for i, o in enumerate(step.options) if o.value == value}
        return {i for i, o in enumerate(step.options) if self.test(list(o.cards), step, ctx)}

    def needs(self, step: Choose, ctx: TrumpContext | None) -> set[str]:
        return self._ideas(step, ctx)


class ValueRule(ChoiceRule):
    def __init__(self, name: str, needs_fields: tuple[str, ...],
                 compute: Callable[[Choose, TrumpContext | None], str],
                 ideas: Callable[[Choose, TrumpContext | None], set[str]], positional: bool = True,
                 needs_trump: bool = True) -> None:
        super().__init__(name, needs_fields, ideas)
        self._compute, self.positional, self.needs_trump = compute, positional, needs_trump

    def value(self, step: Choose, ctx: TrumpContext | None) -> str:
        return self._compute(step, ctx)


class CardsTest(ChoiceRule):
    by_value = False

    def __init__(self, name: str, needs_fields: tuple[str, ...],
                 test: Callable[[list[Card], Choose, TrumpContext | None], bool],
                 ideas: Callable[[Choose, TrumpContext | None], set[str]]) -> None:
        super().__init__(name, needs_fields, ideas)
        self._test = test

    def test(self, cards: list[Card], step: Choose, ctx: TrumpContext | None) -> bool:
        return self._test(cards, step, ctx)


def _ctx(ctx: TrumpContext | None) -> TrumpContext:
    assert ctx is not None, "this rule needs a position"
    return ctx


def _one_component(kind: str, width: int | None = None) -> Callable[[list[Card], Choose, TrumpContext | None], bool]:
    """The option's cards are one component of ``kind`` (of sets ``width`` wide, if given)."""
    def test(cards: list[Card], step: Choose, ctx: TrumpContext | None) -> bool:
        c = _ctx(ctx)
        if len({c.suit_of(card) for card in cards}) != 1:
            return False
        parts = decompose(cards, c)
        return len(parts) == 1 and parts[0].kind == kind and width in (None, parts[0].width)
    return test


def _component_ideas(kind: str) -> Callable[[Choose, TrumpContext | None], set[str]]:
    def ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
        needs = {"pair", kind}
        for option in step.options:
            if kind == "tractor" and option.cards:
                needs |= _tractor_ideas(CardTask(line=0, hand=option.cards), _ctx(ctx)) - {"tractor"}
                if shows_trumps(option.cards, ctx):
                    needs.add("trump_tractor")
        return needs
    return ideas


def _strongest(cards: list[Card], step: Choose, ctx: TrumpContext | None) -> bool:
    """The option's single card beats every other option's card, led first or not."""
    c = _ctx(ctx)
    others = [o.cards[0] for o in step.options if list(o.cards) != cards and o.cards]
    return len(cards) == 1 and all(c.beats(cards[0], other) for other in others)


def _strongest_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    cards = [o.cards[0] for o in step.options if o.cards]
    needs = {"highest_wins"}
    if shows_trumps(cards, ctx):
        needs |= {"trumps", "trump_order"}
    if moved_suit(cards, _ctx(ctx)):
        needs.add("level_card_suit")
    return needs


def _trick_winner(step: Choose, ctx: TrumpContext | None) -> str:
    assert step.trick is not None
    plays = [list(p or ()) for p in step.trick.plays]
    return SEATS[step.trick.seat_of(trick_winner(plays, _ctx(ctx)))]


def _trick_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    assert step.trick is not None
    return {"trick"} | trick_needs([list(p or ()) for p in step.trick.plays], _ctx(ctx))


def _attackers_total(step: Choose, ctx: TrumpContext | None) -> str:
    """The engine's total for the hand: ``taken`` in tricks, plus the kitty (``cards``)
    multiplied when the attackers won the last trick, led with ``lead``."""
    won_last = step.datum("last_trick") == "attackers"
    outcome = hand_outcome(int(step.datum("taken") or 0), list(step.cards), list(step.lead), won_last, 0,
                           ["2", "2"], _ctx(ctx))
    return str(outcome.attacker_points)


def _hand_result(step: Choose, ctx: TrumpContext | None) -> str:
    result = hand_result(int(step.datum("points")), _ctx(ctx).rules)
    return f"{'attackers' if result.attackers_take_over else 'dealers'}+{result.levels}"


def _result_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    value = int(step.datum("points"))
    return {"dealers", "take_over"} if 80 <= value < 120 else {"dealers", "take_over", "level_table"}


def _next_dealer(step: Choose, ctx: TrumpContext | None) -> str:
    """The engine's next dealer (RULES.md §8) after ``points`` with ``dealer`` dealing."""
    dealer = SEATS.index(step.datum("dealer"))
    rules = _ctx(ctx).rules
    change = level_change(["2", "2"], dealer, hand_result(int(step.datum("points")), rules), rules)
    return SEATS[change.next_dealer]


def _attackers_points(step: Choose, ctx: TrumpContext | None) -> str:
    """Points in the ``tricks`` the attackers won; ``attackers: us`` means your team."""
    attackers = team_of(0) if step.datum("attackers") == "us" else team_of(1)
    total = 0
    for trick in step.tricks:
        plays = [list(p or ()) for p in trick.plays]
        if team_of(trick.seat_of(trick_winner(plays, _ctx(ctx)))) == attackers:
            total += points(c for p in plays for c in p)
    return str(total)


def _counting_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    needs = {"counting", "points", "dealers"}
    for trick in step.tricks:
        needs |= trick_needs([list(p or ()) for p in trick.plays], _ctx(ctx))
    return needs


def _first_dealer(step: Choose, ctx: TrumpContext | None) -> str:
    """The seat of the last declaration that was allowed when it was made."""
    current: EngineDeclaration | None = None
    c = _ctx(ctx)
    for seat, cards in step.declarations:
        hand = list(cards)
        if declaration_error(seat, hand, hand, c.level, current, c.rules) is None:
            current = EngineDeclaration(seat, cards)
    return SEATS[current.seat] if current is not None else "nobody"


def _seat_datum(step: Choose) -> int:
    return SEATS.index(step.datum("seat") or "you")


def _partner(step: Choose, ctx: TrumpContext | None) -> str:
    seat = _seat_datum(step)
    return SEATS[next(s for s in range(SEAT_COUNT) if s != seat and team_of(s) == team_of(seat))]


def _next_player(step: Choose, ctx: TrumpContext | None) -> str:
    return SEATS[(_seat_datum(step) + 1) % SEAT_COUNT]  # RULES.md §1: seat i's 下家 is i + 1


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _throw_forced(cards: list[Card], step: Choose, ctx: TrumpContext | None) -> bool:
    played = check_lead(list(step.lead), [list(h) for h in step.others], _ctx(ctx)).played
    return answer_key(cards) == answer_key(played)


def _penalty_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    return {"throw", "throw_fail"} | ({"throw_penalty"} if _ctx(ctx).rules.throw_penalty != "none" else set())


def _wins_match(step: Choose, ctx: TrumpContext | None) -> str:
    """Whether the hand ends the match: ``dealer``'s team deals at this step's level, the
    other team is at 2, and the attackers scored ``points`` (RULES.md §9)."""
    c = _ctx(ctx)
    dealer = SEATS.index(step.datum("dealer"))
    levels = ["2", "2"]
    levels[dealer % 2] = c.level  # a team's index in the levels is its seats modulo 2
    change = level_change(levels, dealer, hand_result(int(step.datum("points")), c.rules), c.rules)
    return _yes(change.wins_match)


def _wins_match_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    return {"match", "take_over", "level_table"} | ({"must_defend_a"} if _ctx(ctx).rules.must_defend_a else set())


def _no_bid(step: Choose, ctx: TrumpContext | None) -> str:
    """What the engine does when nobody declares in the first hand of a match and the
    kitty's top card is ``cards``: ``redeal``, or the trump suit that card sets
    (``NT`` for a joker)."""
    rules = _ctx(ctx).rules
    cards = deck(rules.decks)
    cards.remove(step.cards[0])
    cards.insert(len(cards) + 1 - KITTY_SIZE, step.cards[0])  # the kitty is dealt last
    game = Game(rules, stacked=cards)
    while game.undealt:
        game.deal()
    if any(isinstance(event, Redealt) for event in game.close_declaring()):
        return "redeal"
    return game.trump or "NT"


def _is_trump_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    needs = {"trumps"}
    if moved_suit(step.cards, _ctx(ctx)):
        needs.add("level_card_suit")
    return needs


def _fixed(*ideas: str) -> Callable[[Choose, TrumpContext | None], set[str]]:
    return lambda step, ctx: set(ideas)


CHOICE_RULES: dict[str, ChoiceRule] = {
    rule.name: rule
    for rule in (
        ValueRule("partner", (), _partner, _fixed("teams"), positional=False),
        ValueRule("next_player", (), _next_player, _fixed("turn"), positional=False),
        ValueRule("kitty_size", (), lambda s, c: str(_ctx(c).rules.variant.kitty_size), _fixed("deck"),
                  positional=False),
        ValueRule("trick_winner", ("trick",), _trick_winner, _trick_ideas),
        ValueRule("points", ("cards",), lambda s, c: str(points(s.cards)), _fixed("points"), positional=False),
        ValueRule("is_trump", ("cards",), lambda s, c: _yes(all(_ctx(c).is_trump(x) for x in s.cards)),
                  _is_trump_ideas),
        ValueRule("throw_stands", ("lead", "others"),
                  lambda s, c: _yes(check_lead(list(s.lead), [list(h) for h in s.others], _ctx(c)).ok),
                  _fixed("throw")),
        ValueRule("throw_penalty", ("lead", "others"),
                  lambda s, c: str(check_lead(list(s.lead), [list(h) for h in s.others], _ctx(c)).penalty),
                  _penalty_ideas),
        ValueRule("wins_match", ("dealer", "points"), _wins_match, _wins_match_ideas, needs_trump=False),
        ValueRule("no_bid", ("cards",), _no_bid, _fixed("declare", "first_dealer"), positional=False,
                  needs_trump=False),
        ValueRule("kitty_multiplier", ("lead",), lambda s, c: str(kitty_multiplier(list(s.lead), _ctx(c))),
                  _fixed("kitty", "kitty_multiplier")),
        ValueRule("attackers_total", ("taken", "last_trick"), _attackers_total,
                  _fixed("points", "kitty", "kitty_multiplier")),
        ValueRule("hand_result", ("points",), _hand_result, _result_ideas, positional=False),
        ValueRule("next_dealer", ("dealer", "points"), _next_dealer, _fixed("take_over", "next_dealer"),
                  positional=False),
        ValueRule("attackers_points", ("tricks", "attackers"), _attackers_points, _counting_ideas),
        ValueRule("first_dealer", ("declarations",), _first_dealer, _fixed("declare", "override", "first_dealer"),
                  needs_trump=False),
        CardsTest("tractor", (), _one_component("tractor"), _component_ideas("tractor")),
        CardsTest("pair", (), _one_component("pair"), _component_ideas("pair")),
        CardsTest("triple", (), _one_component("triple"), _fixed("triple")),
        CardsTest("quad", (), _one_component("quad"), _fixed("quad")),
        CardsTest("titanic", (), _one_component("tractor", 3), _fixed("triple", "titanic")),
        CardsTest("strongest", (), _strongest, _strongest_ideas),
        CardsTest("throw_forced", ("lead", "others"), _throw_forced, _fixed("throw", "throw_fail")),
    )
}
"""Value rules compare the computed value with each option's ``value``: a seat name,
a number, ``yes``/``no``, ``attackers+N``/``dealers+N``, ``nobody``, ``redeal`` or a
trump suit (``S H D C NT``)."""


def correct_options(step: Choose, ctx: TrumpContext | None) -> set[int]:
    return CHOICE_RULES[step.answer or ""].correct(step, ctx)


def judge(step: Step, ctx: TrumpContext, answer: Sequence[Card] | int) -> Judgement:
    """Judge the learner's answer: an option index for ``choose``, else the cards picked
    (``ctx``: ``model.context_for(step, rules)``)."""
    if isinstance(step, Choose):
        assert isinstance(answer, int)
        return Judgement(answer in correct_options(step, ctx), "option")
    assert isinstance(step, CardTask) and step.answer is not None
    assert not isinstance(answer, int)
    return CARD_RULES[step.answer].judge(step, ctx, answer)


def right_answers(step: Task, ctx: TrumpContext | None) -> list[Answer] | set[int]:
    """Every right answer the engine accepts: option indexes, or card answers."""
    if isinstance(step, Choose):
        return correct_options(step, ctx)
    assert isinstance(step, CardTask) and ctx is not None
    return [answer_key(a) for a in CARD_RULES[step.answer or ""].answers(step, ctx)]


def wrong_answer(step: Task, ctx: TrumpContext | None) -> Answer | int | None:
    """One answer the engine refuses (for tests, the checker and the gallery)."""
    if isinstance(step, Choose):
        wrong = sorted(set(range(len(step.options))) - correct_options(step, ctx))
        return wrong[0] if wrong else None
    assert isinstance(step, CardTask) and ctx is not None
    return CARD_RULES[step.answer or ""].wrong_answer(step, ctx)


GAME_IDEAS = {1: "one_deck", 3: "three_decks", 4: "four_decks"}
"""The idea of each game other than two decks: a task of that game needs it."""
RULE_IDEAS: dict[tuple[int, str], str] = {
    (1, "hand_result"): "bands", (3, "hand_result"): "bands", (4, "hand_result"): "bands",
    (3, "declaration"): "grab_declare", (4, "declaration"): "hidden_call",
    (3, "kitty_multiplier"): "power_multiplier",
}
"""What a rule asks in another game beyond its two-deck ideas: its bands, its way of
declaring, its last trick."""


def task_needs(step: Task, ctx: TrumpContext | None) -> set[str]:
    """The rule ideas a task needs, as its rule and position show them; a task of a
    game of one, three or four decks also needs that game, and what the rule changes
    in it."""
    if isinstance(step, Choose):
        found = CHOICE_RULES[step.answer or ""].needs(step, ctx)
    else:
        assert isinstance(step, CardTask) and ctx is not None
        found = CARD_RULES[step.answer or ""].needs(step, ctx)
    decks = ctx.rules.decks if ctx is not None else 2
    return found | {idea for idea in (GAME_IDEAS.get(decks), RULE_IDEAS.get((decks, step.answer or ""))) if idea}


def is_positional(step: Task) -> bool:
    """Whether the step's rule depends on the level and the trumps (it needs a position)."""
    rules: dict = CHOICE_RULES if isinstance(step, Choose) else CARD_RULES
    rule = rules.get(step.answer or "")
    return rule is None or rule.positional
