"""A saved game that is not one, or does not replay, is refused with ``InvalidSaveError``
naming the place (issue 15); a good one round-trips."""

from __future__ import annotations

import copy
import json

import pytest

from engine import InvalidSaveError
from engine.game import Game
from engine.players import make_player, play_hand

GAME = Game(seed=21)
play_hand(GAME, [make_player("random", seat) for seat in range(4)])
SAVED = GAME.to_dict()
DECK = " ".join(f"{s}{r}" for s in "SHDC" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split() for _ in (0, 1))
DECK += " LJ LJ BJ BJ"


def _set(path: str, value: object):
    def change(data: dict) -> None:
        *parents, last = path.split(".")
        for part in parents:
            data = data[int(part)] if part.isdigit() else data[part]
        data[int(last) if last.isdigit() else last] = value
    return change


CASES = {
    "newer format": (_set("format", "shengji-game/2"), "newer"),
    "no format": (lambda d: d.pop("format"), "missing format"),
    "not a mapping": (lambda d: d.clear(), "missing"),
    "decks 5": (_set("rules.decks", 5), "decks=5"),
    "unknown rule": (_set("rules.trumps", 3), "trumps"),
    "rules null": (_set("rules", None), "game.rules"),
    "seed -1": (_set("start.seed", -1), "game.start.seed"),
    "seed 2**32": (_set("start.seed", 2**32), "game.start.seed"),
    "seed true": (_set("start.seed", True), "game.start.seed"),
    "levels": (_set("start.levels", ["2", "Z"]), "game.start.levels"),
    "dealer 9": (_set("start.dealer", 9), "game.start.dealer"),
    "hand 0": (_set("start.hand", 0), "game.start.hand"),
    "109 cards": (_set("start.stacked", DECK + " S3"), "game.start"),
    "a duplicated card": (_set("start.stacked", DECK.replace("S4 S4", "S4 S3", 1)), "game.start"),
    "stacked list": (_set("start.stacked", [5]), "game.start.stacked"),
    "actions null": (_set("actions", None), "game.actions"),
    "unknown action": (_set("actions.0", {"kind": "shuffle"}), "game.actions[0].kind"),
    "extra field": (_set("actions.0", {"kind": "deal", "card": "S3"}), "game.actions[0]"),
    "seat 4": (_set("actions.150.seat", 4), "seat"),
    "cards [5]": (_set("actions.150.cards", [5]), "cards"),
    "unknown card": (_set("actions.150.cards", "S11"), "S11"),
    "three jokers": (_set("actions.150.cards", "BJ BJ BJ"), "game.actions[150]"),
    "an action too many": (lambda d: d["actions"].append({"kind": "deal"}), "wrong_phase"),
    "an action missing": (lambda d: d["actions"].pop(105), "game.actions"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_bad_saved_game_is_refused_naming_the_place(case: str) -> None:
    change, named = CASES[case]
    data = copy.deepcopy(SAVED)
    assert data["actions"][150]["kind"] in ("play", "bury", "declare")
    change(data)
    with pytest.raises(InvalidSaveError, match=named.replace("[", r"\[").replace("]", r"\]")):
        Game.from_dict(data)


@pytest.mark.parametrize("junk", [None, 5, "game", [SAVED], {"game": SAVED}])
def test_what_is_not_a_mapping_is_refused(junk) -> None:
    with pytest.raises(InvalidSaveError):
        Game.from_dict(junk)  # type: ignore[arg-type]


def test_a_good_save_round_trips() -> None:
    assert Game.from_json(json.dumps(SAVED)).state() == GAME.state()
