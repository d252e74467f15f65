"""``ai:hard``: a search over deals consistent with what the seat has seen.

The same question decides much of it: does an opponent hold what beats this card or
pair?  The default player estimates it from card counts (``Table.beat_risk``); the
search answers it on consistent deals drawn from the ``Sampler`` (with its priors),
where it is a plain fact of each deal.

Leads: the default player chooses with its risks read from ``LEAD_THREAT`` sampled
deals (``threat_games``), and the candidates (its choice first) are then played out to
the end of the hand in each of further deals with the fast policy of ``playout`` (the
same deals for every candidate, so their differences are measured, not their luck).
A playout is scored for the seat's side by the attackers' points (tricks, throw
penalties, the kitty and its multiplier) plus ``WIN_BONUS`` when the side wins the
hand and ``LEVEL_BONUS`` for each level it gains (less for each the other side gains).
The default's choice is kept unless another is better by ``KEEP_DEFAULT`` points and
``SWITCH_Z`` standard errors over the same deals: playouts in which every seat sees
every card flatter plays that keep options open, so a switch needs clear evidence.

Burials are played out the same way, from the dealer's first lead, but the best mean is
buried with no margin to overcome.

Follows (a single or a pair led) are judged first on the trick: each candidate gets
the default follower's value (``follow.value``: the trick's points won or given, the
point cards spent, the power used) in every sampled deal, with the side keeping the
trick exactly when no later opponent holds what beats the card winning it for the side
in that deal (``trick_threat``), and the best mean is chosen.  The same numbers give
the coach its estimate (``Estimate``): how often the play wins the trick, and by how
much it leads the best other follow.  Then the chosen follow and the next
``FOLLOW_RIVALS`` best are played out to the end of the hand on further deals, like
leads, and another is played only when clearly better (``clearly_better``, by
``FOLLOW_SWITCH_Z`` standard errors): better by what it gives up on the trick itself as
well, so that a handful of deals cannot talk the coach into throwing both jokers onto a
pair it cannot beat.  A seat that discards also tries emptying a side suit
(``follow.void_discards``): what the void is worth shows only in the playouts.  Tractor
and throw follows are left to the default player.

The default player (``ai``) runs the same search in the one-deck game's last
``ENDGAME_CARDS`` tricks, on ``ENDGAME_WORK`` and with its own keep share
(``follow.keep_shares``), seeded by the decision itself (``decision_rng``).

The search is anytime: it stops at a budget counted in cards simulated (so a seed
fixes every decision) or at a wall-clock cap, whichever comes first, and drops
candidates that fall clearly behind on the way.  The budgets are per game
(``work_for``): with three and four decks a whole-hand playout costs too much for a
decision's time, so there the search judges follows on the trick and leads' risks on
sampled deals, and plays leads out only from a hand already short.

What each of these choices measured in ``bench/ai_bench.py``, and what was tried
instead and not kept: ``bench/NOTES.md``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from math import sqrt
from typing import Callable, Sequence

from ..cards import Card, format_cards
from ..play import lead_shape
from ..rules import Rules
from ..scoring import hand_result
from ..view import Decision, Estimate, PlayerView
from . import follow, lead
from .bury import explain as explain_bury
from .bury import options as bury_options
from .memory import CardMemory
from .playout import Held, Playout, group
from .reasons import decision
from .sampler import Deal, Sampler
from .table import Table, single_or_pair


@dataclass(frozen=True)
class Budget:
    """How much one decision may search."""

    work: int
    """Cards simulated, over all playouts (deterministic)."""
    max_samples: int = 200
    min_samples: int = 6
    """Deals every surviving candidate is played on before any is dropped."""
    seconds: float | None = None
    """Wall-clock cap (``None``: only ``work`` counts, every decision reproducible)."""
    started: float = field(default_factory=time.perf_counter)
    """When the decision began (``perf_counter``): the cap counts its whole time, the
    default player's choice and the deals that judge its risks included."""


SECONDS = 0.18
"""The default wall-clock cap of one whole decision: a safety net on a busy machine (in
the benchmark, two games at a time on two cores, the budgets in simulated cards stop
all but at most 1 % of decisions before it: the p99 is 176-179 ms since follows are
played out too).
When it capped only the playouts, at 0.15 s, a machine running a third slower took the
p99 to 188-194 ms; capping the whole decision at 0.15 s brought it to 156 ms but left
the playouts so little time that hands won fell from 63.7 % to 60.5 % (1,000 paired
hands against ``ai``, deal seed 1)."""
LEAD_WORK = 15_000
"""About 150 whole-hand playouts at the start of a hand (some 20 deals for each of seven
candidates before the pruning), many more later in the hand."""
FOLLOW_WORK = 400
"""Deals a follow is judged on (counted as 4 cards each: about 100 deals)."""
FOLLOW_PLAYOUT_WORK = 3_000
"""Cards simulated playing out the best follows to the end of the hand."""
FOLLOW_RIVALS = 2
"""Follows played out against the one judged best on the trick alone."""
BURY_WORK = 15_000
BURY_CANDIDATES = 5
MAX_CANDIDATES = 7
WIN_BONUS = 30.0
"""Points a playout is worth more when the seat's side wins the hand."""
LEVEL_BONUS = 15.0
"""Points a playout is worth more for every level the seat's side gains (less for every
level the other side gains)."""
LEAD_THREAT = 100
"""Deals on which ``Table.beat_risk`` judges the singles and pairs a lead could be."""
KEEP_DEFAULT = 1.0
"""Points another play must gain over the default player's choice."""
SWITCH_Z = 1.5
"""Standard errors (of the mean difference over the same deals) it must gain them by."""
FOLLOW_SWITCH_Z = 2.0
"""The bar for a follow's whole-hand playouts to overturn the trick's own judgement: few
deals (some 25), whose values swing by the hand's bonuses."""
PRUNE_Z = 2.5
"""A candidate is dropped when its mean difference to the leader is this many standard
errors below zero."""


@dataclass(frozen=True)
class Work:
    """The search's budgets in one game: cards simulated for leads, follows played out
    and burials (0: no playouts, the default player's choice stands), deals judging a
    lead's risks and deals (4 cards each) judging a follow on the trick."""

    lead: int
    lead_threat: int
    follow: int
    follow_playout: int
    bury: int
    lead_hand: int | None = None
    """Leads are played out only from a hand of at most this many cards (``None``: any):
    a playout's cost grows with the cards left to play."""


WIDE_WORK = {
    3: Work(lead=3_000, lead_threat=40, follow=200, follow_playout=0, bury=0, lead_hand=30),
    4: Work(lead=3_000, lead_threat=30, follow=160, follow_playout=0, bury=0, lead_hand=24),
}
"""Three and four decks: a whole-hand playout of 39- or 54-card hands costs 5 to 15
times one of two decks (the engine judges every triple, quad and wider tractor), so
follows are judged on the trick alone, and leads are played out (some 3,000 cards)
only once the hand has come down to ``lead_hand`` cards, where a playout costs a few
milliseconds (measured: ``bench/NOTES.md``)."""


ENDGAME_CARDS = 5
"""The default player (``ai``) searches the one-deck game's last this many tricks."""
ENDGAME_WORK = Work(lead=4_000, lead_threat=0, follow=FOLLOW_WORK, follow_playout=FOLLOW_PLAYOUT_WORK, bury=0)
"""Its budgets there: playouts of five cards a hand or fewer are short, so a decision
costs at most some 45 ms of CPU (measured: ``bench/NOTES.md``); its leads' risks stay
the estimates of the default player."""


def endgame_work(view: PlayerView) -> Work | None:
    """The default player's search budgets at ``view``: ``ENDGAME_WORK`` in the last
    ``ENDGAME_CARDS`` tricks of the one-deck game, else ``None`` (no search)."""
    return ENDGAME_WORK if view.rules.decks == 1 and len(view.hand) <= ENDGAME_CARDS else None


def work_for(rules: Rules) -> Work:
    """The budgets of ``rules``' game (the module's constants with one or two decks)."""
    return WIDE_WORK.get(rules.decks) or Work(LEAD_WORK, LEAD_THREAT, FOLLOW_WORK,
                                              FOLLOW_PLAYOUT_WORK, BURY_WORK)


@dataclass
class Score:
    """What the playouts of one candidate gave, deal by deal."""

    play: list[Card]
    values: list[float] = field(default_factory=list)
    wins: int = 0

    @property
    def samples(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else float("-inf")


Evaluate = Callable[[Table, Deal, list[Held], Sequence[Card]], tuple[float, bool, int]]
"""A playout of one candidate in one deal: (value for the seat's side, whether the play
won the trick it is in, cards simulated)."""


def decide(t: Table, rng: random.Random, seconds: float | None = SECONDS, work: Work | None = None,
           keep: dict[bool, float] = follow.KEEP_SHARE) -> Decision:
    """The searched decision at ``t`` (the default player's when there is no choice), on
    ``work`` (default: ``work_for`` the game), with ``keep`` as ``follow.KEEP_SHARE``."""
    started = time.perf_counter()
    work = work or work_for(t.view.rules)
    evaluate: Evaluate
    if t.view.leading:
        if work.lead_threat:
            t.threats = threat_games(t, rng, work.lead_threat)
        base = lead.decide(t)
        if not work.lead or (work.lead_hand is not None and len(t.hand) > work.lead_hand):
            return base
        budget = Budget(work.lead, seconds=seconds, started=started)
        evaluate = playout
    else:
        base = follow.decide(t, keep)
        shape = t.shape
        assert shape is not None
        if not single_or_pair(shape):
            return base
        budget = Budget(work.follow, seconds=seconds, started=started)
        evaluate = partial(trick_threat, keep=keep)
    options = candidates(t, list(base.cards), keep)
    if len(options) < 2:
        return base
    scores, alive = race(t, options, rng, budget, evaluate, prune=t.view.leading)
    if not scores[0].samples:
        return base
    best = max(alive, key=lambda s: s.mean)
    if not t.view.leading:
        # a follow's value in a deal is judged on the deal itself, not guessed by a
        # playout, so the best mean decides with no margin to overcome; then whole-hand
        # playouts may still find one of the next best clearly better
        chosen = best if best is not scores[0] and best.mean > scores[0].mean else scores[0]
        if work.follow_playout:
            chosen = played_out(t, rng, chosen, scores, Budget(work.follow_playout, seconds=seconds,
                                                                  started=started))
        decided = base if chosen is scores[0] else follow.explain(t, chosen.play)
        return with_estimate(decided, chosen, scores)
    if best is scores[0] or not clearly_better(best, scores[0]):
        return with_estimate(base, scores[0], scores)
    return with_estimate(explain(t, best.play), best, scores)


def decision_rng(seed: int | None, view: PlayerView) -> random.Random:
    """A generator seeded by ``seed`` and the decision ``view`` shows (the hand and every
    play seen), so the same decision gets the same search whatever came before it
    (a resumed or replayed hand included) and whatever the hash seed."""
    tricks = [p for record in view.tricks for p in record.plays] + list(view.trick)
    key = " ".join([str(seed), str(view.seat), format_cards(view.hand)]
                   + [f"{p.seat}:{format_cards(p.cards)}" for p in tricks])
    return random.Random(key)


def played_out(t: Table, rng: random.Random, chosen: Score, scores: list[Score],
               budget: Budget) -> Score:
    """``chosen`` (the follow judged best on the trick alone), unless a whole-hand playout
    of it and the ``FOLLOW_RIVALS`` next best finds another clearly better: then that
    one (its score on the trick, which the coach's estimate reports)."""
    rivals = sorted((s for s in scores if s.samples and s is not chosen), key=lambda s: -s.mean)
    rivals = rivals[:FOLLOW_RIVALS]
    if not rivals:
        return chosen
    found, alive = race(t, [chosen.play] + [s.play for s in rivals], rng, budget, playout,
                        prune=True)
    top = max(alive, key=lambda s: s.mean)
    if top is found[0]:
        return chosen
    rival = rivals[found.index(top) - 1]
    # what the rival gives up on the trick itself (points, power spent) stays the prior:
    # the playouts must make it up as well
    return rival if clearly_better(top, found[0], chosen.mean - rival.mean, FOLLOW_SWITCH_Z) else chosen


def race(t: Table, options: list[list[Card]], rng: random.Random, budget: Budget,
         evaluate: Evaluate, prune: bool) -> tuple[list[Score], list[Score]]:
    """Play every candidate on the same sampled deals until the budget is spent (with
    ``prune``, dropping those clearly behind on the way); the scores of all of them and
    of those still in the race."""
    sampler = t.sampler
    scores = [Score(play) for play in options]
    alive = list(scores)
    work = 0
    for sample in range(budget.max_samples):
        deal = sampler.draw(rng)
        if deal is None:
            break
        held = [group(h, t.ctx) for h in deal[0]]
        for score in alive:
            value, won, cost = evaluate(t, deal, held, score.play)
            score.values.append(value)
            score.wins += won
            work += cost
        if prune and sample + 1 >= budget.min_samples:
            alive = drop_behind(alive, scores[0])
        if len(alive) == 1 or work >= budget.work:
            break
        if budget.seconds is not None and time.perf_counter() - budget.started > budget.seconds:
            break
    return scores, alive


def _diffs(score: Score, other: Score) -> tuple[float, float, int]:
    """Mean and standard error of ``score`` minus ``other`` over their common deals."""
    diffs = [a - b for a, b in zip(score.values, other.values)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean, sqrt(var / n), n


def drop_behind(alive: list[Score], default: Score) -> list[Score]:
    """Drop candidates clearly behind the leader (the default's choice stays)."""
    leader = max(alive, key=lambda s: s.mean)
    kept = []
    for score in alive:
        if score is leader or score is default:
            kept.append(score)
            continue
        mean, error, _ = _diffs(score, leader)
        if mean + PRUNE_Z * error >= 0:
            kept.append(score)
    return kept


def clearly_better(score: Score, default: Score, extra: float = 0.0, z: float = SWITCH_Z) -> bool:
    """Does ``score`` beat the default's choice by ``KEEP_DEFAULT`` (and ``extra``) and
    ``z`` standard errors over the same deals?"""
    mean, error, n = _diffs(score, default)
    return n >= 2 and mean > KEEP_DEFAULT + extra and mean > z * error


def with_estimate(chosen: Decision, score: Score, scores: list[Score]) -> Decision:
    """``chosen`` with what the search measured for it (``score``)."""
    others = [s for s in scores if s.samples and s is not score]
    runner = max(others, key=lambda s: s.mean) if others else None
    # the margin and its error over the same deals: a runner-up dropped early was
    # played on fewer deals than ``score``
    margin, error, _ = _diffs(score, runner) if runner else (0.0, 0.0, 0)
    estimate = Estimate(
        samples=score.samples,
        wins_trick=score.wins / score.samples,
        value=score.mean,
        runner_up=tuple(runner.play) if runner else (),
        margin=margin,
        margin_error=error,
    )
    return Decision(chosen.cards, chosen.reason, estimate)


def explain(t: Table, play: list[Card]) -> Decision:
    """The reason for a lead the search chose over the default player's."""
    if len(lead_shape(play, t.ctx).components) > 1:
        return decision(play, "throw_likely_stands")
    return decision(play, "search_best")


def hand_value(attackers: int, start: int, dealer_side: bool, rules: Rules) -> float:
    """A finished playout for one side: the attackers' points gained since ``start``
    (lost, for the dealers), plus ``WIN_BONUS`` if the side wins the hand, plus
    ``LEVEL_BONUS`` for each level it gains (minus for each the other side gains)."""
    gained = attackers - start
    result = hand_result(attackers, rules)
    won = result.attackers_take_over != dealer_side
    levels = result.levels if won else -result.levels
    return (-gained if dealer_side else gained) + (WIN_BONUS if won else 0.0) + LEVEL_BONUS * levels


def _start(t: Table, held: list[Held], kitty: Sequence[Card]) -> Playout:
    view = t.view
    assert view.dealer is not None
    leader = view.trick[0].seat if view.trick else t.seat
    hands = [{s: list(cards) for s, cards in h.items()} for h in held]
    return Playout(t.ctx, view.dealer, hands, kitty, [(p.seat, p.cards) for p in view.trick],
                   view.attacker_points, leader)


def playout(t: Table, deal: Deal, held: list[Held], play: Sequence[Card]) -> tuple[float, bool, int]:
    """Play ``play`` in ``deal`` (its hands grouped as ``held``) and the rest of the hand
    with the fast policy: (the hand's value for the seat's side, whether the play won
    the trick it is in, cards simulated)."""
    game = _start(t, held, deal[1])
    game.play(t.seat, play)
    game.run()
    value = hand_value(game.attackers, t.view.attacker_points, t.dealer_side, t.view.rules)
    return value, game.first_winner == t.seat, sum(len(h) for h in deal[0])


def threat_games(t: Table, rng: random.Random, count: int) -> list[Playout]:
    """``count`` consistent deals, each ready to answer who can beat what."""
    sampler = t.sampler
    games = []
    for _ in range(count):
        deal = sampler.draw(rng)
        if deal is None:
            break
        games.append(_start(t, [group(h, t.ctx) for h in deal[0]], deal[1]))
    return games


def trick_threat(t: Table, deal: Deal, held: list[Held], play: Sequence[Card],
                 keep: dict[bool, float] = follow.KEEP_SHARE) -> tuple[float, bool, int]:
    """``follow.value`` of ``play`` in ``deal``: the side keeps the trick unless a later
    opponent holds what beats the card winning it for the side (``play`` or the
    partner's), judged on the sampled hands.  For a single or a pair led (``decide``
    keeps the default player's follow for other shapes)."""
    shape = t.shape
    assert shape is not None
    play = list(play)
    wins = t.wins_now(play)
    target = play if wins else t.plays[t.winner_index] if t.is_partner(t.winner_seat) else None
    if target is None:
        team_win = follow.PARTNER_LATER_WIN if t.partner in t.later else 0.0
        return follow.value(t, play, team_win, keep), False, 1
    game = _start(t, held, deal[1])
    led = game.suit[t.plays[0][0].index]
    top = max(target, key=lambda c: game.pos[c.index])
    safe = not game.beaten(t.later_opponents, top, shape.size == 2, led)
    return follow.value(t, play, float(safe), keep), wins and safe, 4


def bury(view: PlayerView, rng: random.Random, work: int | None = None,
         seconds: float | None = SECONDS) -> Decision:
    """The dealer's burial: the cheapest few options of the default player (which short
    suits to void), each played out from the first lead over the same sampled deals of
    the other hands; the best mean is buried, with what the search measured for it."""
    assert view.ctx is not None and view.dealer is not None
    started = time.perf_counter()
    work = work_for(view.rules).bury if work is None else work
    found = bury_options(view)
    base = explain_bury(found[0][1], found[0][2])
    seen: set[tuple[int, ...]] = set()
    options = []
    for _, cards, voided in found:
        if _tag(cards) not in seen and len(options) < BURY_CANDIDATES:
            seen.add(_tag(cards))
            options.append((cards, voided))
    if len(options) < 2:
        return base
    sampler = Sampler(CardMemory.from_view(view), view.hand)
    scores = [Score(cards) for cards, _ in options]
    kept = [Counter(view.hand) - Counter(cards) for cards, _ in options]
    spent = 0
    while spent < work and (seconds is None or time.perf_counter() - started < seconds):
        deal = sampler.draw(rng)
        if deal is None:
            break
        for score, hand in zip(scores, kept):
            hands = list(deal[0])
            hands[view.seat] = list(hand.elements())
            game = Playout(view.ctx, view.dealer, [group(h, view.ctx) for h in hands], score.play,
                           [], 0, view.dealer)
            game.run()
            score.values.append(hand_value(game.attackers, 0, True, view.rules))
            spent += len(view.hand) + 75
    best = max(scores, key=lambda s: s.mean)
    if not best.samples:
        return base
    chosen = base if best is scores[0] else explain_bury(*options[scores.index(best)])
    return with_estimate(chosen, best, scores)


def candidates(t: Table, base: list[Card], keep: dict[bool, float] = follow.KEEP_SHARE) -> list[list[Card]]:
    """The default player's play first, then distinct others worth trying."""
    if t.view.leading:
        others = lead.candidates(t)
    else:
        others = sorted(follow.candidates(t, voids=True), key=lambda p: -follow.utility(t, p, keep))
    found = [base]
    tags = {_tag(base)}
    for play in others:
        tag = _tag(play)
        if tag not in tags and len(found) < MAX_CANDIDATES:
            tags.add(tag)
            found.append(play)
    return found


def _tag(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.index for c in cards))
