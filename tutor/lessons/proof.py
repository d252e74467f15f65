"""Proofs that a lesson's model answers are good plays, not only legal ones.

A task that asks for a good play (``strategy: true``, or the rule ``best_play``) is
judged twice:

- by the engine's review (``engine.claims.mistake``): no right answer is a follow the
  coach's review would flag (points given away, a trick lost, trumps wasted);
- by the search advisor (``engine.ai.search``, the ``ai:hard`` player the coach uses) on
  the step's whole deal: every candidate play (every legal play, or every plain lead)
  is played out to the end of the hand on the same deals with the advisor's playouts;
  every right answer must be the advisor's choice or within its noise of the best
  play (``search.clearly_better`` finds nothing clearly better), and every other play
  must be clearly worse than each right answer.

A task with several right answers that only asks for a legal play (or a rule's goal)
shows its first answer as the model: that one must pass the review and be within
the advisor's noise of the best right answer (``model_answer``).

The deal: the learner's hand, the trick so far, the hands a lead step gives
(``others``), and the cards already ``played``.  Whatever the step does not give is
drawn consistent with what the learner sees (the advisor's ``Sampler``: voids shown in
the trick, the hands' sizes): from the cards not seen, those beyond the hidden hands
and the kitty count as played earlier, a fresh choice each deal.  Each step is proved
with a seed from its content and a fixed number of deals, so a verdict is reproducible.

Proofs cost seconds, so verdicts are kept in ``lessons/proofs.json``, keyed by a hash
of the step's content, the rules and the proof's settings (``step_key``):
``python -m tutor.lessons prove`` recomputes them all and writes the file; ``check``
uses a verdict whose key matches and proves any other step on the spot; the tests
require a proved verdict for every current strategy task (a stale file fails them), and
``make soak`` proves everything again and compares (the advisor may change under it).
"""

from __future__ import annotations

import hashlib
import json
import random
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from engine import Card, Rules, TrumpContext, check_follow, format_cards
from engine import claims
from engine.ai import search
from engine.ai.memory import CardMemory
from engine.ai.players import avoid_mistake
from engine.ai.sampler import Deal, Sampler
from engine.ai.table import Table
from engine.readfile import read_limited
from engine.view import Play, PlayerView

from ..resources import LESSONS as LESSON_DIR
from .model import Answer, Lesson, Problem, answer_key, context_for
from .answers import plain_leads, subsets
from .steps import CardTask, Lead, PlayTrick, Step

PROOF_VERSION = 1
"""Part of every step key: bump it when the proof's method changes."""
DEALS = 200
"""Deals every candidate is played out on (the same deals for all)."""
MAX_CANDIDATES = 16
"""A position with more plays than this is too open to prove (and to teach)."""
ATTEMPTS = 30
"""Draws of the cards played earlier before a deal is given up."""
CACHE = LESSON_DIR / "proofs.json"
CACHE_LIMIT = 4 * 1024 * 1024
"""The kept verdicts are read only from a regular file this small (``engine.readfile``)."""
DEFAULT_TAKEN = 40
"""The attackers' points so far when a step does not say (``CardTask.taken``)."""
DEFAULT_DEALER = 3
"""Who deals when a step does not say: the left opponent (the learner attacks)."""


@dataclass(frozen=True)
class Verdict:
    """What the proof of one step found: ``problems`` is empty when it proved."""

    problems: tuple[str, ...]
    advisor: str
    """The advisor's choice, in notation."""
    means: tuple[tuple[str, float], ...]
    """Every candidate's mean value over the deals (for the learner's side), best first."""

    @property
    def proved(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        return {"problems": list(self.problems), "advisor": self.advisor,
                "means": [[play, mean] for play, mean in self.means]}

    @classmethod
    def from_json(cls, data: dict) -> "Verdict":
        return cls(tuple(data["problems"]), data["advisor"], tuple((p, m) for p, m in data["means"]))


def is_strategy(step: Step) -> bool:
    """Does the task ask for a good play (not merely a legal one)?"""
    return isinstance(step, (PlayTrick, Lead)) and (step.strategy or step.answer == "best_play")


def needs_model_check(step: Step) -> bool:
    """A play task with several right answers, whose first is shown as the model (a
    puzzle whose hands are not all as long as the learner's cannot be played out)."""
    return (isinstance(step, (PlayTrick, Lead)) and not is_strategy(step) and len(step.expect) > 1
            and all(len(hand) == len(step.hand) for hand in getattr(step, "others", ())))


def judged(step: Step) -> bool:
    """Does the checker prove this step?"""
    return is_strategy(step) or needs_model_check(step)


def show(cards: Iterable[Card]) -> str:
    return format_cards(list(cards))


# --------------------------------------------------------------------------- the deal


def view_of(step: CardTask, ctx: TrumpContext) -> PlayerView:
    """The learner's view (seat 0) at the step: the hand, the trick so far, who deals,
    the attackers' points so far; every seat holds as many cards as the learner did
    when the trick began."""
    assert isinstance(step, (PlayTrick, Lead))
    before: tuple[Play, ...] = ()
    if isinstance(step, PlayTrick):
        assert step.trick is not None
        mine = step.trick.your_index
        assert mine is not None
        before = tuple(Play(step.trick.seat_of(i), tuple(step.trick.plays[i] or ()))
                       for i in range(mine))
    size = len(step.hand)
    left = [size] * 4
    for play in before:
        left[play.seat] = size - len(play.cards)
    dealer = step.dealer if step.dealer is not None else DEFAULT_DEALER
    return PlayerView(seat=0, phase="tricks", rules=ctx.rules, level=ctx.level,
                      team_levels=(ctx.level, ctx.level), dealer=dealer, hand=tuple(step.hand),
                      ctx=ctx, kitty=tuple(step.kitty) if dealer == 0 else None, trick=before,
                      attacker_points=DEFAULT_TAKEN if step.taken is None else step.taken, cards_left=(left[0], left[1], left[2], left[3]),
                      turn=0)


class LessonDeals:
    """Deals consistent with what the learner sees at a step, drawn for the advisor.

    ``known`` hands (a lead step's ``others``) are fixed; the hidden hands and, when
    the learner does not deal, the kitty are drawn from the cards not seen.  When those
    are more than the hidden places hold, a fresh random share of them counts as played
    earlier in each deal (the learner has not seen which)."""

    def __init__(self, view: PlayerView, known: dict[int, Sequence[Card]], played: Sequence[Card],
                 kitty: Sequence[Card] = ()) -> None:
        assert view.ctx is not None
        self.view = view
        self.kitty_cards = list(kitty)
        memory = CardMemory.from_view(view)
        unseen = memory.unseen - Counter(played) - (Counter(kitty) if view.kitty is None else Counter())
        for cards in known.values():
            unseen -= Counter(cards)
        self.hidden = sorted(unseen.elements(), key=lambda c: c.index)
        hidden_seats = [s for s in range(1, 4) if s not in known]
        room = sum(view.cards_left[s] for s in hidden_seats)
        self.kitty = 0  # the kitty is the step's own (``kitty``), never drawn: it would be noise
        self.room = room
        if self.room > len(self.hidden):
            raise ValueError(f"the hands need {self.room} unseen cards but only {len(self.hidden)} are left")
        memory.kitty_hidden = self.kitty
        for seat, cards in known.items():
            memory.known[seat] = Counter(cards)
        self.memory = memory
        self.known = {s: list(c) for s, c in known.items()}

    def table(self) -> Table:
        """The advisor's table for the learner, reading this step's deals: its card
        memory counts the cards played earlier as seen, its sampler is this object."""
        table = Table(self.view)
        memory = self._memory(self.hidden)
        table.mem = memory
        table.__dict__["sampler"] = self  # ``Table.sampler`` is a cached property
        return table

    def _memory(self, hidden: Sequence[Card]) -> CardMemory:
        memory = CardMemory(**{**self.memory.__dict__})
        memory.unseen = Counter(hidden) + sum((Counter(c) for c in self.known.values()), Counter())
        return memory

    def draw(self, rng: random.Random) -> Deal | None:
        """One deal (four hands and the kitty), or ``None`` when none was found."""
        for _ in range(ATTEMPTS):
            hidden = list(self.hidden)
            if len(hidden) > self.room:
                rng.shuffle(hidden)
                hidden = hidden[: self.room]
            deal = Sampler(self._memory(hidden), self.view.hand, priors=False,
                           kitty=self.kitty_cards).draw(rng)
            if deal is not None:
                return deal
        return None


def known_hands(step: CardTask) -> dict[int, Sequence[Card]]:
    """The hands the step gives (a lead step's ``others``: right, partner, left)."""
    others = getattr(step, "others", ())
    return {seat: hand for seat, hand in zip((1, 2, 3), others)}


def candidates(step: CardTask, ctx: TrumpContext) -> list[Answer]:
    """The plays the proof compares: every legal follow, or every plain lead, and the
    step's right answers."""
    if isinstance(step, PlayTrick):
        assert step.trick is not None
        lead = list(step.trick.plays[0] or ())
        found = [p for p in subsets(step.hand, len(lead))
                 if check_follow(list(step.hand), lead, list(p), ctx).legal]
    else:
        found = list(plain_leads(step.hand, ctx))
    for answer in step.expect:
        if answer not in found:
            found.append(answer)
    return found


# --------------------------------------------------------------------------- the proof


def _hash(parts: dict) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:24]


def position_key(step: CardTask, ctx: TrumpContext) -> str:
    """A hash of the position alone (not its answers): the proof's deals are drawn with
    a seed from it, so that restating the answers does not change what they measure."""
    trick = getattr(step, "trick", None)
    return _hash({
        "version": PROOF_VERSION, "deals": DEALS, "level": ctx.level, "trump": ctx.trump,
        "rules": sorted((k, str(v)) for k, v in vars(ctx.rules).items()), "kind": step.kind,
        "hand": show(step.hand),
        "trick": None if trick is None else [trick.leader] + [show(p) if p else "you" for p in trick.plays],
        "others": [show(h) for h in getattr(step, "others", ())],
        "played": show(getattr(step, "played", ())), "dealer": step.dealer, "taken": step.taken,
        "kitty": show(step.kitty),
    })


def step_key(step: CardTask, ctx: TrumpContext) -> str:
    """A hash of everything the proof reads: the position, the right answers (the first
    is the model), the rule and whether the task asks for a good play."""
    return _hash({"position": position_key(step, ctx), "rule": step.answer, "strategy": is_strategy(step),
                  "expect": [show(a) for a in step.expect]})


def review_problems(view: PlayerView, answers: Iterable[Answer]) -> list[str]:
    """The right answers the coach's review would call a mistake."""
    if not view.trick:
        return []
    position = claims.Position(view)
    found = []
    for answer in answers:
        flagged = claims.mistake(position, answer)
        if flagged is not None:
            found.append(f"the review flags {show(answer)} ({flagged.kind}, "
                         f"{show(flagged.alternative)} avoids it)")
    return found


def prove(step: CardTask, ctx: TrumpContext) -> Verdict:
    """Judge the step's right answers against the review and the advisor."""
    view = view_of(step, ctx)
    known = known_hands(step)
    if any(len(hand) != view.cards_left[seat] for seat, hand in known.items()):
        return Verdict(("the hands given are not all as long as yours: no hand can be played out",), "", ())
    strategy = is_strategy(step)
    shown = list(step.expect) if strategy else list(step.expect[:1])
    problems = review_problems(view, shown)
    options = candidates(step, ctx)
    if len(options) > MAX_CANDIDATES:
        return Verdict((f"{len(options)} plays to compare: give a position with at most {MAX_CANDIDATES}",),
                       "", ())
    deals = LessonDeals(view, known, getattr(step, "played", ()), step.kitty)
    table = deals.table()
    rng = random.Random(zlib.crc32(position_key(step, ctx).encode()))
    chosen = search.decide(table, rng, seconds=None)
    if view.trick:
        chosen = avoid_mistake(view, chosen)
    advisor = answer_key(chosen.cards)
    if advisor not in options:
        options.append(advisor)
    budget = search.Budget(work=10 ** 9, max_samples=DEALS, min_samples=DEALS)
    scores, _ = search.race(table, [list(o) for o in options], rng, budget, search.playout, prune=False)
    by_play = {answer_key(s.play): s for s in scores}
    if not scores[0].samples:
        return Verdict(tuple(problems) + ("no deal agrees with the position",), show(advisor), ())
    right = [by_play[a] for a in step.expect]
    # a strategy task's answers must be as good as any play; a model answer as good as
    # any answer the task's own goal accepts
    # plays the review flags cost something for sure: never the best, never a distractor
    # that must be measured (the advisor's player avoids them too, ``avoid_mistake``)
    flagged = {a for a in by_play if review_problems(view, [a])}
    fair = [s for s in (scores if strategy else right) if answer_key(s.play) not in flagged] or right
    top = max(fair, key=lambda s: s.mean)
    for score in (by_play[a] for a in shown):
        if answer_key(score.play) != advisor and search.clearly_better(top, score):
            problems.append(f"{show(score.play)} is beaten: {show(top.play)} scores "
                            f"{top.mean - score.mean:.1f} more")
    if strategy:
        for score in scores:
            key = answer_key(score.play)
            if key in step.expect or key in flagged:
                continue
            if key == advisor:
                problems.append(f"{show(score.play)} is the advisor's choice but not a right answer")
                continue
            if not all(search.clearly_better(r, score) for r in right):
                problems.append(f"{show(score.play)} is not clearly worse than the right answers "
                                f"({score.mean:.1f} against {min(r.mean for r in right):.1f})")
    means = tuple(sorted(((show(s.play), round(s.mean, 2)) for s in scores), key=lambda x: -x[1]))
    return Verdict(tuple(problems), show(advisor), means)


# --------------------------------------------------------------------------- the cache and the checker


def load_cache(path: Path = CACHE) -> dict[str, Verdict]:
    try:
        data = json.loads(read_limited(path, CACHE_LIMIT).decode("utf-8"))
    except (OSError, ValueError):
        return {}
    return {key: Verdict.from_json(value) for key, value in data.items()}


def save_cache(verdicts: dict[str, Verdict], path: Path = CACHE) -> None:
    data = {key: verdicts[key].to_json() for key in sorted(verdicts)}
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def verdict(step: CardTask, ctx: TrumpContext, cache: dict[str, Verdict] | None = None) -> Verdict:
    """The cached verdict of the step when its key matches, else a fresh proof."""
    key = step_key(step, ctx)
    if cache is not None and key in cache:
        return cache[key]
    found = prove(step, ctx)
    if cache is not None:
        cache[key] = found
    return found


def lesson_problems(lesson: Lesson, rules: Rules, cache: dict[str, Verdict] | None = None) -> list[Problem]:
    """The proof's problems of every step it judges, as the checker prints them."""
    found = []
    for i, step in enumerate(lesson.steps):
        if not judged(step) or not step.applies(rules):
            continue
        assert isinstance(step, CardTask)
        result = verdict(step, context_for(step, rules), cache)
        what = "strategy task" if is_strategy(step) else "model answer"
        for problem in result.problems:
            found.append(Problem(lesson.path, step.line, f"steps[{i}].expect", f"{what}: {problem}"))
    return found


def tally(lesson: Lesson, rules: Rules, cache: dict[str, Verdict] | None = None) -> tuple[int, int]:
    """(strategy tasks, how many of them the proof proved)."""
    tasks = [s for s in lesson.steps_for(rules) if is_strategy(s)]
    proved = sum(verdict(s, context_for(s, rules), cache).proved for s in tasks)  # type: ignore[arg-type]
    return len(tasks), proved
