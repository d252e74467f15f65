"""``ai:hard``: a search over deals consistent with what the seat has seen.

The same question decides much of it: does an opponent hold what beats this card or
pair?  The default player estimates it from card counts (``Table.beat_risk``); the
search answers it on consistent deals drawn from the ``Sampler``, where it is a plain
fact of each deal.  The deals are drawn with the sampler's priors (the dealer buried
few trumps, points and aces; the declarer's trumps are long): over 1,000 paired hands
of distinct deals against ``ai`` that won 58.5 % and 58.9 % (deal seeds 1 and 2)
where uniform draws won 57.3 % and 57.8 %.  What better inference could still gain,
measured by handing every search the true deal in place of the sampled ones (a
measurement only; 1,000 paired hands, deal seed 1, without the wall-clock cap): against
``ai`` 77.7 % won (+0.72 levels a hand) where the sampled deals won 65.9 % (+0.41);
against ``greedy`` 97.1 % either way (+1.73 levels against +1.56).  The hands still
lost to ``greedy`` are not lost to what the seat cannot see.  Tried and not kept: a
prior that a seat which followed low onto a trick an opponent kept holds few cheaper
cards without points in that suit (weight 0.4): against ``ai``, 67.3 % against 65.9 %
on seed 1, and 65.1 % on seed 2 against 65.8 % (both seeds without the cap): within
the noise.  Nor a prior that a seat which, out of the suit led, let an opponent keep a
trick with points rather than ruff it holds fewer trumps (weight 0.4 a time, counted
twice at most): 65.2 % against 65.9 % on seed 1.

Leads: the default player chooses with its risks read from ``LEAD_THREAT`` sampled
deals (``threat_games``), and the candidates (its choice first) are then played out to
the end of the hand in each of further deals with the fast policy of ``playout`` (the
same deals for every candidate, so their differences are measured, not their luck).
A playout is scored for the seat's side by the attackers' points (tricks, throw
penalties, the kitty and its multiplier) plus ``WIN_BONUS`` when the side wins the hand
(the attackers reach 80 or not), since a hand is won or lost at that line.  The
default's choice is kept unless another is better by ``KEEP_DEFAULT`` points and
``SWITCH_Z`` standard errors over the same deals: playouts in which every seat sees
every card flatter plays that keep options open, so a switch needs clear evidence.
More deals make that evidence: a budget of 15,000 simulated cards a lead won 60.7 % and
58.9 % of 1,000 paired hands against ``ai`` (deal seeds 1 and 2; more levels and a
larger points edge on both) where 6,000 won 58.5 % and 58.9 %; 30,000 (seed 1: 60.2 %)
runs into the wall-clock cap.

Burials are played out the same way, from the dealer's first lead, but the best mean is
buried with no margin to overcome: over 1,000 paired hands against ``ai`` that won
63.5 % and 60.8 % (deal seeds 1 and 2) where keeping the default player's burial unless
another was clearly better won 60.7 % and 58.9 %.  Tried on seed 1 and not kept: three
times the budget (63.4 % with the margin, 64.2 % without: within the noise, at some
240 ms a burial), a larger bonus for a void in the default's order (62.5 %), more
candidates that shorten one side suit (61.6 %).  Measured first by playing the default
player's choice and the search's from the same position, both finished by ``ai``,
wherever they differed (1,000 hands, seed 1): where the search buried other cards (154
times) its side made 12.2 points more (± 2.1) and won 30 more hands; where it led
otherwise (3,239 times) 1.9 points more (± 0.3) and 85 more hands; where it followed
otherwise (456 times) 0.7 (± 0.7) and 8 more hands.

Follows (a single or a pair led) are judged first on the trick: each candidate gets
the default follower's value (``follow.value``: the trick's points won or given, the
point cards spent, the power used) in every sampled deal, with the side keeping the
trick exactly when no later opponent holds what beats the card winning it for the side
in that deal (``trick_threat``), and the best mean is chosen.  The same numbers give
the coach its estimate (``Estimate``): how often the play wins the trick, and by how
much it leads the best other follow.  Then the chosen follow and the next
``FOLLOW_RIVALS`` best are played out to the end of the hand on further deals, like
leads, and another is played only when clearly better by the same bar
(``clearly_better``).  Letting playouts alone choose follows lost hands (measured
early on); as a check on the trick's judgement, with ``FOLLOW_PLAYOUT_WORK`` 3,000
cards, it won 66.4 % and 65.6 % of 1,000 paired hands against ``ai`` (deal seeds 1
and 2, run like the experiments below) where the trick's judgement alone won 63.7 % and
61.8 %: +2.7 and +3.8 points of hands won (standard errors 1.4 and 1.35), the points
edge +2.3 and +2.8 (0.8 each).

Measured with ``bench/ai_bench.py`` over 1,000 paired hands of distinct deals against
``ai`` (without the priors): 57.3 % won (+0.25 levels a hand) with deal seed 1, 57.8 %
(+0.24) with seed 2.  The steps that built it (judging follows on the deals, the
leads' risks from the deals, the best follow mean without a margin) were chosen on an
earlier plan of the benchmark that replayed about 60 deals per 1,000 hands.  Two later
choices made there lost hands on distinct deals and were undone: leaving the
attackers' leads to the default player (54.8 % where playing them out won 56.0 %) and
a guess of 0.15 that a later partner takes a trick an opponent is winning (0.3 won
55.6 %).  Tried on distinct deals (seed 1, against 57.3 %) and not kept, each within
the noise or worse: playing out follows once a hand holds 6 cards or fewer (57.8 %),
playing out tractor and throw follows (57.7 %), a lower bar to switch from the
default's lead (``SWITCH_Z`` 1.0, ``KEEP_DEFAULT`` 0.5: 56.2 %); with the priors,
``WIN_BONUS`` 60 won 58.9 % and 56.8 % (seeds 1 and 2) against 58.5 % and 58.9 %.
Also tried on seed 1 and not kept: playouts in which every seat judges threats only
from the cards it cannot see and the voids shown (58.2 % against 58.5 %), a follow's
chance that the later partner takes the trick read from each deal instead of the
guess of 0.3 (56.4 % against 58.5 %); and with the budget of 15,000 (60.7 %): follows
judged on four times the deals (60.1 %), a lead's challenger chosen on half the budget
and tested against the default's choice on fresh deals (60.3 %), ``SWITCH_Z`` 2.0
(58.2 %).  With the best-mean burial, on a slower machine (63.7 % there): burial
candidates dropped once 2 standard errors behind (62.7 %), two more candidates that
bury points or keep them against the default's judgement of the last trick (63.2 %),
``SWITCH_Z`` 1.0 with ``KEEP_DEFAULT`` 0.5 (63.1 %), declaring for the deal only at the
plain threshold (63.0 %: the dealer's share fell from 60 % to 50 %, the levels per hand
from +0.35 to +0.22), and playouts in which a dealer holding two trumps more than
either opponent draws trumps first (60.4 %: the playouts' policy matters).  Run two
games at a time on two cores, meant to be without the wall-clock cap but (as found
later) under each player's own cap of 0.18 s, so that the load could move a result a
little (62.6 % on seed 1): never ruffing a trick without points, not even with a cheap trump
(``CHEAP_RUFF`` 0: 62.1 %), attackers planning the last trick from 10 cards left
instead of 6 (61.0 %), up to 10 lead candidates instead of 7 (62.9 %; seven cut
some side singles from 52 of 191 leads), and playouts without the low lead to a
partner's sure winner (62.1 %).  Playouts in which a follower of a single never takes
the trick with a card of the suit that no later opponent beats won only 53.4 %: the
playouts' following is where the search's judgement comes from.  Later, the same way
(against 62.6 %): tractor and throw followers in the playouts taking the trick
only with a play no later opponent beats (62.6 %: hardly a hand changes), a second
seat feeding points when its partner, last to play, tops the winning card and the
third seat's best (61.9 %), twice the lead budget (30,000 cards: 61.4 %: more deals
do not help, the playouts' judgement is the limit), ``follow.COST_WEIGHT`` at 0,
0.08 and 0.25 for the searched follows (59.8 %, 63.3 % and 59.9 %: 0.15 is near its
best), and the attackers' leads left to the default player (58.7 %; against
``greedy`` 95.7 % where searching them won 96.4 %).  Kept since: playouts leading
low from the longest side suit instead of the shortest (run the same way, +1.1 points
of hands won on seed 1 and +1.1 on seed 2, each with a standard error of 1.4; a later
run of seed 1 gave 63.7 % against 62.1 %; with the cap, 63.7 % where the table before
it had 62.9 %).  Tried with it and not kept (seed 1, the same way, against 63.7 %):
a switch confirmed on fresh deals (half the budget again, for the default's choice and
the challenger only) before it is made (61.9 %: -1.8, s.e. 1.1), a bar to switch that
grows by 0.25 standard errors for each challenger still alive beyond the first (62.2 %:
-1.5, s.e. 1.1), a looser bar of ``SWITCH_Z`` 1.25 (63.7 %: the same share of hands,
the points edge 0.5 larger, s.e. 0.5), ``WIN_BONUS`` 15 (63.3 %),
``follow.COST_WEIGHT`` 0.08 (60.6 %: -3.1, s.e. 1.4), and playouts that lead a low
card of a suit the partner can ruff while both opponents must follow (60.6 %: -3.1,
s.e. 1.3).  The switches the stricter bars undo were worth making.  Against
``greedy`` (1,000 paired hands, deal seed 1, without the cap, against 97.0 %, before
``claims.sure_lost`` asked about later partners), each
within the noise or worse: follows played out with twice the work and one more rival
(96.0 %), a follow's switch bar of 1.0 or 2.0 standard errors (96.1 % and 96.9 %),
``LEVEL_BONUS`` 5 (96.0 %: -1.0, s.e. 0.5) and ``WIN_BONUS`` 50 (96.4 %: -0.6, s.e. 0.5).

The search is anytime: it stops at a budget counted in cards simulated (so a seed
fixes every decision) or at a wall-clock cap, whichever comes first, and drops
candidates that fall clearly behind on the way.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from math import sqrt
from typing import Callable, Sequence

from ..cards import Card
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
PRUNE_Z = 2.5
"""A candidate is dropped when its mean difference to the leader is this many standard
errors below zero."""


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


def decide(t: Table, rng: random.Random, seconds: float | None = SECONDS) -> Decision:
    """The searched decision at ``t`` (the default player's when there is no choice)."""
    started = time.perf_counter()
    evaluate: Evaluate
    if t.view.leading:
        if LEAD_THREAT:
            t.threats = threat_games(t, rng, LEAD_THREAT)
        base = lead.decide(t)
        budget = Budget(LEAD_WORK, seconds=seconds, started=started)
        evaluate = playout
    else:
        base = follow.decide(t)
        shape = t.shape
        assert shape is not None
        if not single_or_pair(shape):
            return base
        budget = Budget(FOLLOW_WORK, seconds=seconds, started=started)
        evaluate = trick_threat
    options = candidates(t, list(base.cards))
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
        chosen = played_out(t, rng, chosen, scores, Budget(FOLLOW_PLAYOUT_WORK, seconds=seconds,
                                                              started=started))
        decided = base if chosen is scores[0] else follow.explain(t, chosen.play)
        return with_estimate(decided, chosen, scores)
    if best is scores[0] or not clearly_better(best, scores[0]):
        return with_estimate(base, scores[0], scores)
    return with_estimate(explain(t, best.play), best, scores)


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
    if top is found[0] or not clearly_better(top, found[0]):
        return chosen
    return rivals[found.index(top) - 1]


def race(t: Table, options: list[list[Card]], rng: random.Random, budget: Budget,
         evaluate: Evaluate, prune: bool) -> tuple[list[Score], list[Score]]:
    """Play every candidate on the same sampled deals until the budget is spent (with
    ``prune``, dropping those clearly behind on the way); the scores of all of them and
    of those still in the race."""
    sampler = Sampler(t.mem, t.hand, kitty=t.view.kitty)
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


def clearly_better(score: Score, default: Score) -> bool:
    """Does ``score`` beat the default's choice by ``KEEP_DEFAULT`` and ``SWITCH_Z``
    standard errors over the same deals?"""
    mean, error, n = _diffs(score, default)
    return n >= 2 and mean > KEEP_DEFAULT and mean > SWITCH_Z * error


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
    sampler = Sampler(t.mem, t.hand, kitty=t.view.kitty)
    games = []
    for _ in range(count):
        deal = sampler.draw(rng)
        if deal is None:
            break
        games.append(_start(t, [group(h, t.ctx) for h in deal[0]], deal[1]))
    return games


def trick_threat(t: Table, deal: Deal, held: list[Held], play: Sequence[Card]) -> tuple[float, bool, int]:
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
        return follow.value(t, play, team_win), False, 1
    game = _start(t, held, deal[1])
    led = game.suit[t.plays[0][0].index]
    top = max(target, key=lambda c: game.pos[c.index])
    safe = not game.beaten(t.later_opponents, top, shape.size == 2, led)
    return follow.value(t, play, float(safe)), wins and safe, 4


def bury(view: PlayerView, rng: random.Random, work: int | None = None,
         seconds: float | None = SECONDS) -> Decision:
    """The dealer's burial: the cheapest few options of the default player (which short
    suits to void), each played out from the first lead over the same sampled deals of
    the other hands; the best mean is buried, with what the search measured for it."""
    assert view.ctx is not None and view.dealer is not None
    started = time.perf_counter()
    work = BURY_WORK if work is None else work
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


def candidates(t: Table, base: list[Card]) -> list[list[Card]]:
    """The default player's play first, then distinct others worth trying."""
    if t.view.leading:
        others = lead.candidates(t)
    else:
        others = sorted(follow.candidates(t), key=lambda p: -follow.utility(t, p))
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
