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

This module is the rules' one entry point: the registry of card rules and the verdict,
answers and ideas of any task.  The rules themselves live by family: ``hand_rules``
(the learner's own hand), ``play_rules`` (a play to a trick), ``choice_rules`` (the
options of a ``choose`` step); ``answers`` lists a hand's answers and ``ideas`` names
what a position asks the learner to know.
"""

from __future__ import annotations

from typing import Sequence

from engine import Card, TrumpContext

from .answers import CardRule, Judgement
from .choice_rules import CHOICE_RULES
from .hand_rules import GROUP_RULES, DeclarationRule, SafeBury
from .model import Answer, answer_key
from .play_rules import BestPlay, FollowRule, PointsRule, StandingThrow, TopCard, WinningLead, WinTrick
from .steps import CardTask, Choose, Step, Task

CARD_RULES: dict[str, CardRule] = {
    rule.name: rule
    for rule in (
        *GROUP_RULES,
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
