"""A finished practice hand as the record keeps it, and replaying it.

``hand_record(table, rating_before)`` is the hand's data (``tutor.record`` stores it):
the deal code and rules, every action from the deal on (they replay the hand from
the deal code: ``replay``), the tricks as played, the outcome as the engine scored it,
the learner's 积分 before the hand and its change (``engine.rating``), the review notes
(worded in every language of the app, as the review worded them), hints asked and
plays taken back.  ``keep_hand`` stores the hand at the end of a practice hand, once.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

from engine import Card, TrumpContext, format_cards, hand_outcome, parse_cards
from engine.actions import Action, CloseDeclaring, NextHand
from engine.game import DEALING, DECLARING, HAND_OVER, MATCH_OVER, Game
from engine.rating import ai_table, rating_change
from engine.view import Play, TrickRecord

from . import i18n
from .record import FORMAT, TIME_FORMAT, BadRecord, HandRow, HistoryStore, now, record_key, title_notice

if TYPE_CHECKING:
    from .practice import PracticeTable
    from .settings import Settings

def hand_actions(game: Game) -> list[Action]:
    """The current hand's actions from its deal on: what replays it from its deal code
    (after a first-hand redeal, the actions of the deals before are left out)."""
    log = list(game.log)
    starts = [n + 1 for n, a in enumerate(log) if isinstance(a, NextHand)]
    actions = log[starts[-1] if starts else 0:]
    closes = [n for n, a in enumerate(actions) if isinstance(a, CloseDeclaring)]
    return actions[closes[-2] + 1:] if len(closes) > 1 else actions


def trick_data(trick: TrickRecord) -> list[Any]:
    return [trick.leader, [[p.seat, format_cards(p.cards)] for p in trick.plays], trick.winner, trick.points,
            format_cards(trick.attempted) if trick.attempted else None]


def in_every_language(text: Any) -> dict[str, str]:
    """``text()`` worded in each language of the app (the language shown is kept)."""
    shown = i18n.language()
    try:
        out = {}
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            out[code] = text()
        return out
    finally:
        i18n.set_language(shown)


def hand_record(table: "PracticeTable", rating_before: int, finished: str | None = None) -> dict[str, Any]:
    """The finished hand at ``table`` as the data kept (see the module docstring)."""
    game = table.game
    result = game.result
    assert result is not None and game.ctx is not None, "the hand is not over"
    outcome = table.outcome()
    learner = table.learner
    notes = []
    for note in table.review() if table.coached else []:
        notes.append({"trick": note.trick, "topic": note.topic, "lesson": note.lesson,
                      "played": format_cards(note.played), "alternative": format_cards(note.alternative),
                      "text": in_every_language(note.text)})
    actions = [a.to_dict() for a in hand_actions(game)]
    code = game.deal_code()
    finished = finished or now()
    data: dict[str, Any] = {
        "format": FORMAT,
        "finished": finished,
        "deal_code": code,
        "rules": game.rules.to_dict(),
        "learner": learner,
        "coached": table.coached,
        "opponents": table.opponents,
        "dealer": result.dealer,
        "level": result.level,
        "trump": result.trump,
        "levels_before": list(game.start_levels),
        "actions": actions,
        "tricks": [trick_data(t) for t in game.tricks],
        "kitty": format_cards(game.kitty),
        "outcome": {
            "trick_points": outcome.trick_points, "penalties": outcome.penalties,
            "kitty_points": outcome.kitty_points, "kitty_multiplier": outcome.kitty_multiplier,
            "attacker_points": outcome.attacker_points,
            "take_over": outcome.result.attackers_take_over, "levels": outcome.result.levels,
            "team": outcome.change.team, "before": outcome.change.before, "after": outcome.change.after,
            "wins_match": outcome.wins_match,
        },
        "rating": {"before": rating_before, "change": rating_change(outcome, learner, ai_table(rating_before))},
        "notes": notes,
        "hints": table.hints_used,
        "undos": table.undos,
    }
    data["key"] = record_key(data)
    return data


def replay(data: dict[str, Any]) -> Game:
    """The hand replayed from its deal code and actions, to its end; ``BadRecord`` if
    they do not replay."""
    try:
        game = Game.from_deal_code(data["deal_code"])
        if game.rules.to_dict() != data["rules"]:
            raise BadRecord("rules: not the deal code's")
        for n, action in enumerate(data["actions"]):
            try:
                game.push(Action.from_dict(action))
            except (ValueError, TypeError) as exc:
                raise BadRecord(f"actions[{n}]: {exc}") from exc
    except BadRecord:
        raise
    except ValueError as exc:
        raise BadRecord(f"deal_code: {exc}") from exc
    if game.result is None:
        raise BadRecord("actions: the hand does not end")
    return game


def cards_of(text: str | None) -> tuple[Card, ...]:
    return tuple(parse_cards(text)) if text else ()


def tricks_of(data: dict[str, Any]) -> list[TrickRecord]:
    """The stored tricks as the engine's records (to compare with a replay)."""
    return [TrickRecord(leader, tuple(Play(seat, cards_of(cards)) for seat, cards in plays), winner, points,
                        cards_of(attempted) or None)
            for leader, plays, winner, points, attempted in data["tricks"]]


def hands_before(tricks: Sequence[TrickRecord], k: int) -> list[tuple[Card, ...]]:
    """Each seat's cards when trick ``k`` (0-based) began: what it played from then on."""
    held: list[list[Card]] = [[] for _ in range(4)]
    for trick in tricks[k:]:
        for play in trick.plays:
            held[play.seat].extend(play.cards)
    return [tuple(cards) for cards in held]


def deal_again(code: str, learner: int, settings: "Settings") -> "PracticeTable":
    """A practice table dealing ``code`` again, the learner in the same seat, at the
    opponents' level and with the coach as the settings say now."""
    from .practice import PracticeTable
    from .settings import OPPONENT_KINDS

    game = Game.from_deal_code(code)
    return PracticeTable(game, learner, coached=settings.coach, opponents=OPPONENT_KINDS[settings.opponents],
                         seed=game.seed)


def keep_hand(history: HistoryStore, table: "PracticeTable") -> dict[str, Any] | None:
    """Keep the hand just finished at ``table``, once (``table.kept``); its data
    (``None`` if it could not be kept: the notice says why)."""
    if table.kept is not None:
        return table.kept
    try:
        table.game.deal_code()
    except ValueError:  # a stacked deal (a lesson's) has no code to replay it from
        return None
    if not history.usable:
        return None
    peak = history.peak()
    data = hand_record(table, history.rating())
    if not history.add(data):
        return None
    table.kept = data
    rating = data["rating"]
    notice = title_notice(peak, rating["before"] + rating["change"])
    if notice is not None:
        history.files.notices.append(notice)
    return data



def sample_hand(seed: int = 7) -> dict[str, Any]:
    """A coached hand of random players, played now and not kept: the demo of the
    replay screen when the record is empty (played once per process)."""
    return json.loads(_sample_hand(seed))


@lru_cache(maxsize=2)
def _sample_hand(seed: int) -> str:
    from .practice import PracticeTable

    table = PracticeTable(Game(seed=seed), seed=seed, ai_kind="random")
    play_to_end(table)
    return json.dumps(hand_record(table, 0))


def play_to_end(table: "PracticeTable") -> None:
    """Play the hand at ``table`` to its end at once, the learner's seat by its own AI
    (demos, tests and benchmarks: no scene, no animation)."""
    while table.phase not in (HAND_OVER, MATCH_OVER):
        if table.step() or not table.learner_to_act:
            continue
        if table.phase in (DEALING, DECLARING):
            table.close_declaring()
        else:
            table.submit(table.auto_move() or [])


def sample_rows(count: int, seed: int = 49) -> tuple[list[HandRow], list[tuple[str, str, int]]]:
    """``count`` made-up hands of a learner slowly getting better (fewer notes and
    hints, more points as attackers), scored by the engine, and lesson results over
    the same days: the demo of the History and Progress screens."""
    rng = random.Random(seed)
    ctx = TrumpContext("2", "S")
    rows: list[HandRow] = []
    rating = 0
    start = datetime(2026, 1, 5, 19, 0, tzinfo=timezone.utc)
    for n in range(count):
        skill = n / max(1, count - 1)
        attacking = rng.random() < 0.5
        taken = rng.gauss(70 + 40 * skill if attacking else 95 - 40 * skill, 30)
        points = max(0, min(200, 5 * round(taken / 5)))
        dealer = 1 if attacking else 0
        outcome = hand_outcome(points, [], parse_cards("S3"), False, dealer, ["2", "2"], ctx)
        change = rating_change(outcome, 0, ai_table(rating))
        when = (start + timedelta(hours=20 * n)).strftime(TIME_FORMAT)
        notes = max(0, round(rng.gauss(4 - 3 * skill, 1.2)))
        hints = max(0, round(rng.gauss(5 - 4 * skill, 1.5)))
        rows.append(HandRow(n + 1, f"sample{n}", when, "00000-00000", 0, attacking, points, rating, change, notes,
                            hints, rng.choice((0, 0, 0, 1)), ""))
        rating += change
    lessons = [((start + timedelta(days=2 * k)).strftime(TIME_FORMAT), f"{k % 9 + 1:02d}",
                min(3, 1 + k // 6 + rng.choice((0, 1)))) for k in range(min(count, 24))]
    return rows, lessons
