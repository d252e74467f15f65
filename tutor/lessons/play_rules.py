"""Card rules about a play to a trick: a legal follow, a follow that wins the trick or
feeds or saves points, a lead that stands (a throw, a winning lead, a top card), and
the proven good play.

Apart from ``hand_rules`` because each of these weighs the other seats: the trick's
scripted plays, the other hands, or the cards still out.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Sequence

from engine import Card, TrumpContext, check_follow, check_lead, deck, decompose, lead_shape, matches_lead, points, \
    trick_winner
from engine.game import team_of

from .answers import MAX_CANDIDATES, CardRule, Judgement, TooOpen, by_suit, iter_subsets, legal_follows, minus, \
    plain_leads, subsets
from .ideas import follow_needs, shows_trumps, trick_needs
from .model import Answer, Trick, answer_key
from .steps import CardTask, Lead, PlayTrick, SelectCards


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
        return [lead for lead in plain_leads(step.hand, ctx) if self.judge(step, ctx, lead).correct]

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        return next((lead for lead in plain_leads(step.hand, ctx) if not self.judge(step, ctx, lead).correct), None)

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
        return list(minus(minus(deck(ctx.rules.decks), step.hand), step.played))

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
        return [lead for lead in plain_leads(step.hand, ctx) if len(lead) <= 2 and self.judge(step, ctx, lead).correct]

    def wrong_answer(self, step: CardTask, ctx: TrumpContext) -> Answer | None:
        return next((lead for lead in plain_leads(step.hand, ctx) if not self.judge(step, ctx, lead).correct), None)

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
