"""Drill and quiz positions, dealt fresh from a seed.

A generator deals a small position (a hand, a trick, a score) at random and returns a
task step of the model, judged by the same named rules as the written tasks.  It
deals again until the engine finds at least one right and one wrong answer, so every
position can be failed and solved.  Generators never decide an answer themselves:
they only deal; ``expect`` of a generated task is the engine's verdict (the written
tasks pin the rules against their authors' answers).

``generate(name, seed, rules)`` is deterministic: the same seed gives the same task.
Here are the registry and that dealing loop; the generators are in ``card_drills`` and
``choice_drills``, dealing from ``pack``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable

from engine import Rules

from .answers import TooOpen
from .card_drills import (
    bury_safely,
    declare_now,
    feed_or_save,
    find_trumps,
    follow_pair,
    follow_single,
    point_cards,
    ruff_to_win,
    spot_tractors,
    sure_lead,
)
from .choice_drills import (
    count_points,
    kitty_factor,
    level_table,
    next_dealer,
    pick_tractor,
    seats,
    throw_check,
    trick_points,
)
from .hand_rules import SafeBury
from .model import answer_key, context_for
from .rules import CARD_RULES, right_answers, wrong_answer
from .steps import CardTask, Choose, Declare, Task

Generator = Callable[[random.Random, Rules], Task | None]
"""Deals one position; ``None`` when this deal does not make a good task (deal again)."""

ATTEMPTS = 400


GENERATORS: dict[str, Generator] = {
    "point_cards": point_cards,
    "trick_points": trick_points,
    "find_trumps": find_trumps,
    "follow_single": follow_single,
    "follow_pair": follow_pair,
    "spot_tractors": spot_tractors,
    "pick_tractor": pick_tractor,
    "ruff_to_win": ruff_to_win,
    "level_table": level_table,
    "next_dealer": next_dealer,
    "kitty_factor": kitty_factor,
    "count_points": count_points,
    "seats": seats,
    "throw_check": throw_check,
    "declare_now": declare_now,
    "bury_safely": bury_safely,
    "sure_lead": sure_lead,
    "feed_or_save": feed_or_save,
}


def generate(name: str, seed: int, rules: Rules) -> Task:
    """A task from generator ``name``: deterministic for ``seed``, with exactly the
    engine's answers as ``expect`` and at least one wrong answer."""
    rng = random.Random(f"{name}:{seed}")
    for _ in range(ATTEMPTS):
        try:
            task = GENERATORS[name](rng, rules)
        except LookupError:  # the pack ran out of a kind of card: deal again
            continue
        if task is None:
            continue
        ctx = context_for(task, rules)
        try:
            right = right_answers(task, ctx)
            if not right or wrong_answer(task, ctx) is None:
                continue
        except TooOpen:  # a deal too open to check: deal again
            continue
        if isinstance(task, Choose):
            if len(right) != 1:
                continue
            return replace(task, expect=task.options[min(right)].value)
        assert isinstance(task, CardTask)
        if () in right and not isinstance(task, Declare):
            continue  # picking nothing cannot be played or checked
        if isinstance(rule := CARD_RULES[task.answer or ""], SafeBury):
            right = rule.model_first(task, ctx, list(right))  # the answer shown is a good burial
        return replace(task, expect=tuple(answer_key(a) for a in right))
    raise RuntimeError(f"generator {name} found no good position in {ATTEMPTS} deals")

