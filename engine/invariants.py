"""Checks that must hold for every ``Game`` at every step, recomputed independently of
the way the game computes them.  Self-play (``--check``) and the tests run them.

``violations(game)`` returns a list of messages; an empty list means all is well.
"""

from __future__ import annotations

from collections import Counter

from . import check_follow, check_lead, hand_result, kitty_multiplier
from .cards import RANKS, deck, points
from .game import HAND_OVER, MATCH_OVER, SEATS, Game



def violations(game: Game) -> list[str]:
    found = _conservation(game)
    if game.phase in (HAND_OVER, MATCH_OVER) and game.result is not None:
        found += _finished_hand(game)
    return found


def _conservation(game: Game) -> list[str]:
    """Every card of the decks is in exactly one place: a hand, the kitty, the cards
    still to deal, the trick in progress or a finished trick."""
    held: Counter = Counter()
    for hand in game.hands:
        held.update(hand)
    held.update(game.kitty)
    held.update(game.undealt)
    for play in game.trick:
        held.update(play.cards)
    for trick in game.tricks:
        for play in trick.plays:
            held.update(play.cards)
    if held != Counter(deck(game.rules.decks)):
        return [f"hand {game.hand_number}: cards not conserved ({sum(held.values())} cards)"]
    return []


def _finished_hand(game: Game) -> list[str]:
    ctx, result, found = game.ctx, game.result, []
    assert ctx is not None and result is not None and game.dealer is not None
    where = f"hand {game.hand_number} (seed {game.seed})"
    kitty_size = game.rules.variant.kitty_size
    if len(game.kitty) != kitty_size or any(game.hands):
        found.append(f"{where}: hands not empty or kitty not {kitty_size} cards")
    trick_total = sum(points(p.cards) for t in game.tricks for p in t.plays)
    total = game.rules.variant.total_points
    if trick_total + points(game.kitty) != total:
        found.append(f"{where}: trick points {trick_total} + kitty {points(game.kitty)} != {total}")
    attackers = sum(t.points for t in game.tricks if t.winner % 2 != game.dealer % 2)
    bonus = 0
    last = game.tricks[-1]
    if result.kitty_multiplier is not None:
        times = kitty_multiplier(list(last.plays[0].cards), ctx)
        if game.rules.variant.has_kitty:
            bonus = points(game.kitty) * times
        else:  # four decks: the side that lost the last trick gives its points in it
            lost = sum(points(p.cards) for p in last.plays if p.seat % 2 != last.winner % 2)
            bonus = lost * times * (1 if last.winner % 2 != game.dealer % 2 else -1)
    if attackers + bonus + result.penalties != result.attacker_points:
        found.append(f"{where}: attacker points {result.attacker_points} do not add up")
    expected = hand_result(result.attacker_points, game.rules)
    if (expected.attackers_take_over, expected.levels) != (
        result.attackers_take_over,
        result.levels,
    ):
        found.append(f"{where}: result differs from hand_result")
    found += _levels(game)
    found += _plays(game)
    return found


def _levels(game: Game) -> list[str]:
    """The level change the hand made matches its ``HandSummary``."""
    result = game.result
    assert result is not None
    before = game.start_levels
    team = result.next_dealer % 2
    reached = min(RANKS.index(before[team]) + result.levels, len(RANKS) - 1)
    after = list(before)
    after[team] = RANKS[reached]
    if after != [result.levels_after["A"], result.levels_after["B"]]:
        return [f"hand {result.hand}: levels {before} -> {result.levels_after} is wrong"]
    return []


def _plays(game: Game) -> list[str]:
    """Every recorded play was legal for the hand its player held at that moment."""
    ctx, found = game.ctx, []
    assert ctx is not None
    held: list[list] = [[] for _ in range(SEATS)]
    for number in range(len(game.tricks) - 1, -1, -1):
        trick = game.tricks[number]
        for play in trick.plays:
            held[play.seat].extend(play.cards)
        lead = trick.plays[0]
        others = [held[s] for s in range(SEATS) if s != lead.seat]
        if trick.attempted is not None:
            attempt = check_lead(list(trick.attempted), others, ctx)
            if attempt.ok or list(attempt.played) != list(lead.cards):
                found.append(f"hand {game.hand_number} trick {number}: wrong failed-throw play")
        elif not check_lead(list(lead.cards), others, ctx).ok:
            found.append(f"hand {game.hand_number} trick {number}: a beatable throw stood")
        for play in trick.plays[1:]:
            if not check_follow(held[play.seat], list(lead.cards), list(play.cards), ctx).legal:
                found.append(f"hand {game.hand_number} trick {number}: illegal follow")
    return found
