"""The shape of a saved game (``Game.to_dict``), checked before it is replayed.

``Game.from_dict`` imports this module when it runs (it needs ``engine.game``'s
actions, so it cannot be imported by ``engine.game`` at load time).

``check_game_data`` refuses, with an ``InvalidSaveError`` naming the place, anything
``Game.to_dict`` does not write: another format (a newer version's save), unknown or
missing keys, values of the wrong type or out of range, too many actions.  It looks
at shapes only; whether the actions are legal is found out by replaying them, which
``Game.from_dict`` does (and reports the same way).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Mapping

from .cards import RANKS, _short
from .errors import InvalidSaveError
from .game import SEED_LIMIT, Action

FORMAT = "shengji-game/1"
"""The format ``Game.to_dict`` writes; another one is refused."""
MAX_ACTIONS = 100_000
"""Far more than any match takes (a hand is about 170 actions, a match a few dozen hands)."""
MAX_HAND_NUMBER = 100_000
MAX_TEXT = 1_000
"""Characters of a card string (a stacked deal of 108 cards is about 330, of 216 about 660)."""


def _need(ok: bool, where: str, what: str, value: object) -> None:
    if not ok:
        raise InvalidSaveError(f"{where}: {what}, not {_short(value)}")


def _integer(value: object, low: int, high: int, where: str) -> None:
    _need(type(value) is int and low <= value <= high, where, f"an integer {low}-{high}", value)  # type: ignore[operator]


def _text(value: object, where: str) -> None:
    _need(isinstance(value, str) and len(value) <= MAX_TEXT, where,
          f"a string of cards (at most {MAX_TEXT} characters)", value)


def _keys(data: object, required: set[str], where: str, optional: set[str] = frozenset()) -> Mapping[str, Any]:  # type: ignore[assignment]
    _need(isinstance(data, dict), where, "a mapping", data)
    assert isinstance(data, dict)
    keys = set(data)
    if not required <= keys <= required | optional:
        missing, unknown = sorted(required - keys), sorted(map(str, keys - required - optional))
        raise InvalidSaveError(f"{where}: " + "; ".join(
            part for part in (missing and f"missing {', '.join(missing)}",
                              unknown and f"unknown {', '.join(unknown)[:80]}") if part))
    return data


def check_game_data(data: object) -> None:
    """Raise ``InvalidSaveError`` unless ``data`` has the shape of a saved game."""
    action_fields = {kind: tuple(f.name for f in fields(cls)) for kind, cls in Action._registry.items()}
    game = _keys(data, {"format", "rules", "start", "actions"}, "game")
    fmt = game["format"]
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("shengji-game/"):
            raise InvalidSaveError(f"game: format {fmt[:40]!r} is newer than this version reads ({FORMAT!r})")
        raise InvalidSaveError(f"game: not a saved game (format {_short(fmt)})")
    _need(isinstance(game["rules"], dict), "game.rules", "a mapping", game["rules"])
    start = _keys(game["start"], {"seed", "levels", "dealer", "hand"}, "game.start", {"stacked"})
    _integer(start["seed"], 0, SEED_LIMIT - 1, "game.start.seed")
    levels = start["levels"]
    _need(isinstance(levels, list) and len(levels) == 2 and all(level in RANKS for level in levels),
          "game.start.levels", "two ranks", levels)
    if start["dealer"] is not None:
        _integer(start["dealer"], 0, 3, "game.start.dealer")
    _integer(start["hand"], 1, MAX_HAND_NUMBER, "game.start.hand")
    if start.get("stacked") is not None:
        _text(start["stacked"], "game.start.stacked")
    actions = game["actions"]
    _need(isinstance(actions, list) and len(actions) <= MAX_ACTIONS, "game.actions",
          f"a list of at most {MAX_ACTIONS} actions", type(actions).__name__)
    for n, action in enumerate(actions):
        where = f"game.actions[{n}]"
        _need(isinstance(action, dict), where, "a mapping", action)
        kind = action.get("kind")
        _need(isinstance(kind, str) and kind in action_fields, f"{where}.kind",
              f"one of {', '.join(sorted(action_fields))}", kind)
        _keys(action, {"kind", *action_fields[kind]}, where)
        if "seat" in action:
            _integer(action["seat"], 0, 3, f"{where}.seat")
        if "cards" in action:
            _text(action["cards"], f"{where}.cards")
