"""``python -m tests.practice.advice_lines``: the coach's advice, with its numbers and its
words, for a few positions of every game, one JSON line each.

``test_same_advice`` runs it in two processes under different ``PYTHONHASHSEED``
values, which iterate sets of strings (suits) in different orders, and asks for the
same lines: advice may depend on the position and its seed only, never on the process.

The positions of each game:

- a lead where three side suits (four at no-trump) each hold a throw nobody can beat,
  of the same size and points: which one the AI leads is a tie, and a tie broken in a
  set's order differs between processes;
- the learner's decisions in the last tricks of a seeded deal played by random players
  (cheap to reach), seen at a practice table: the advisor's play and its estimate, and
  every text the coach shows then.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Iterator

from engine.game import DECLARING, HAND_OVER, MATCH_OVER, TRICKS, Game
from engine.rules import Rules
from engine.view import Decision, PlayerView
from tests.ai.views import _make_view, _record
from tutor.coach import HintLadder
from tutor.coach.transcript import decision_texts
from tutor.i18n import set_language
from tutor.practice import PracticeTable, advisor_for

DECKS = (1, 2, 3, 4)
TIE_TRUMPS = {1: "S", 2: "H", 3: "C", 4: None}
"""Each game's tie with another trump, so that the suits tied (and the sets holding
them) differ from game to game."""
LATE = 2
"""The learner's decisions are recorded from this many cards in hand down."""
DEALS = {1: 5, 2: 6, 3: 3, 4: 5}
"""Each game's deal: one in which the advisor searches a late decision of the learner's
(an estimate to compare) at little cost."""
LANGS = ("en", "zh_CN")


def tie_view(decks: int) -> PlayerView:
    """Seat 0 to lead, the opponents out of trumps (a trump lead showed it), every side
    suit holding every copy of its ace and a king: one throw per suit, all sure."""
    trump = TIE_TRUMPS[decks]
    sides = [s for s in "SHDC" if s != trump]
    hand = " ".join(f"{s}A " * decks + f"{s}K" for s in sides)
    lead, partner = ("BJ", "LJ") if trump is None else (f"{trump}6", f"{trump}7")
    # the opponents discard a 3 of a side suit: no card of the throws, nor a trump
    return _make_view(hand, decks=decks, trump=trump,
                      tricks=[_record(0, (0, lead), (1, f"{sides[0]}3"), (2, partner), (3, f"{sides[1]}3"))])


def late_decisions(decks: int) -> Iterator[PracticeTable]:
    """A practice table at each of the learner's last ``LATE`` decisions of the game's
    deal (``DEALS``), every seat played by random players."""
    table = PracticeTable(Game(Rules(decks=decks), seed=DEALS[decks]), ai_kind="random")
    while table.phase not in (HAND_OVER, MATCH_OVER):
        if not table.learner_to_act:
            table.step()
        elif table.phase == DECLARING:
            table.close_declaring()
        else:
            if table.phase == TRICKS and len(table.view.hand) <= LATE:
                yield table
            move = table.auto_move()
            assert move is not None
            table.submit(move)


def decision_dict(decision: Decision) -> dict[str, Any]:
    """A decision as plain data, its estimate's numbers in full (``repr`` of the floats)."""
    out: dict[str, Any] = {"cards": " ".join(map(str, decision.cards)),
                           "reason": repr(decision.reason)}
    if decision.estimate is not None:
        out["estimate"] = repr(decision.estimate)
    return out


def advise(view: PlayerView) -> Decision:
    return advisor_for(view).play(view)


def lines() -> Iterator[dict[str, Any]]:
    for decks in DECKS:
        view = tie_view(decks)
        for lang in LANGS:
            set_language(lang)
            steps = HintLadder(view, advise).all_steps()
            yield {"decks": decks, "position": "tie", "lang": lang, **decision_dict(advise(view)),
                   "texts": [said.to_dict() for step in steps for said in step.said]}
        for n, table in enumerate(late_decisions(decks)):
            for lang in LANGS:
                set_language(lang)
                texts = [{"where": where, **said.to_dict()} for where, said in decision_texts(table)]
                yield {"decks": decks, "position": f"late {n}", "lang": lang,
                       **decision_dict(table.ladder().decision), "texts": texts}


def main() -> int:
    for line in lines():
        print(json.dumps(line, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
