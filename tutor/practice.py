"""The practice hand without pixels: a ``Game``, AI players, the learner's seat, the coach.

``PracticeTable`` is what the table scene shows and what its clicks do.  The scene
owns timing and drawing; this object owns the rules of the table:

- ``step()`` makes the next automatic move (deal a card, an AI declares, buries or
  plays) and returns the game's events; it returns nothing while the learner is to act;
- the learner acts through ``declare``, ``close_declaring`` and ``submit`` (bury or
  play the selected cards); ``selectable``/``why_not`` say which cards may be picked
  and why not; a refused play comes back as a sentence, never as an exception;
- in a coached hand: the hint ladder, one sentence the first time each thing happens,
  declaring and burying advice, tips, undo of the learner's last play, and the review
  after the hand.

The coach's advisor is the strongest AI (``advisor_kind``, ``ai:hard``) whatever the
opponents' level; it decides from the learner's view alone, seeded by that view, so
the same view always gets the same advice.  The learner's seat also has an AI player
of the table's kind: it drives the seat when the scene plays by itself (``--autoplay``).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any, Sequence

from engine import Card, HandOutcome, InvalidSaveError, format_cards, hand_outcome
from engine.players import PLAYERS, make_player
from engine.events import Event, HandScored, TrickWon
from engine.game import BURYING, DEALING, DECLARING, KITTY_SIZE, SEATS, SEED_LIMIT, SEGMENT, TRICKS, Game, PlayCards
from engine.view import Decision, Declaration, PlayerView

from . import coach
from .coach import Said, joined
from .coach.said import SeatRef
from .i18n import N_, _

ADVISOR = "ai:hard"
"""The coach's advisor: the strongest AI player."""

SEGMENT_CARDS = SEGMENT * SEATS
"""The AI players may declare after each dealing segment (five cards each)."""

_NOW_BURYING = N_("{who} is burying 8 cards.")
_TO_PLAY = N_("{who} to play.")
_HAND_OVER = N_("The hand is over.")


@dataclass(frozen=True)
class Submitted:
    """What ``submit`` did: the events of an accepted move, or why it was refused."""

    events: tuple[Event, ...] = ()
    refusal: str | None = None


class PracticeTable:
    """One practice match seen from ``learner``'s seat (see the module docstring)."""

    def __init__(self, game: Game, learner: int = 0, *, coached: bool = True,
                 ai_kind: str = "ai", seed: int = 0, advisor_kind: str = ADVISOR) -> None:
        self.game = game
        self.learner = learner
        self.coached = coached
        self.ai_kind = ai_kind
        self.seed = seed
        self.advisor_kind = advisor_kind
        self.players = [make_player(ai_kind, seed + seat) for seat in range(SEATS)]
        self.narrator = coach.Narrator(learner)
        self.messages: list[Said] = []
        """The coach's sentences of this hand, oldest first."""
        self.learner_plays: list[coach.LearnerPlay] = []
        self.hints_used = 0
        self.window_open = True
        """The learner has not yet closed the declaring window after the deal."""
        self._ladder: coach.HintLadder | None = None
        self._ladder_at: tuple[int, int] | None = None
        self._declare_advice: tuple[object, list[Said]] = (None, [])

    # ------------------------------------------------------------ what the scene reads

    @property
    def view(self) -> PlayerView:
        return self.game.view(self.learner)

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def learner_to_act(self) -> bool:
        """The game waits for the learner: to bury, to play, or to close the window."""
        if self.phase == DECLARING:
            return self.window_open and bool(self.declaration_options())
        return self.phase in (BURYING, TRICKS) and self.game.turn == self.learner

    @property
    def declaring_chance(self) -> bool:
        """A dealing segment just ended: the moment the AI players consider declaring
        (the learner may declare at any time; an autopilot asks its AI here)."""
        game = self.game
        return game.phase == DEALING and game.dealt > 0 and game.dealt % SEGMENT_CARDS == 0

    def selectable(self, selected: Sequence[Card]) -> set[Card] | None:
        """Faces the learner may add to ``selected`` now (``None``: any card)."""
        if not self.learner_to_act or self.phase == DECLARING:
            return set()
        if self.phase == BURYING:
            return None if len(selected) < KITTY_SIZE else set()
        return self.game.selectable(self.learner, selected)

    def why_not(self, selected: Sequence[Card], card: Card) -> str:
        """The sentence for a card the learner may not pick now."""
        if not self.learner_to_act or self.phase == DECLARING:
            return _("Wait for your turn.")
        if self.phase == BURYING:
            return _("You have chosen 8 cards: deselect one first.")
        return joined(coach.blocked_sentences(self.view, selected, card))

    def can_submit(self, selected: Sequence[Card]) -> bool:
        if not self.learner_to_act:
            return False
        if self.phase == BURYING:
            return len(selected) == KITTY_SIZE
        if self.phase != TRICKS or not selected:
            return False
        view = self.view
        if view.lead and len(selected) != len(view.lead):
            return False
        return coach.refusal(view, selected) is None

    def hint_line(self, selected: Sequence[Card]) -> str:
        """The line above the hand: what the learner must do now, or who is acting."""
        return joined(self.hint_sentences(selected))

    def hint_sentences(self, selected: Sequence[Card]) -> list[Said]:
        """The hint line as sentences (each with the claims it states)."""
        game = self.game
        me = self.learner
        if self.phase in (DEALING, DECLARING):
            return coach.declare_line(self.view)
        if self.phase == BURYING:
            if game.turn == me:
                return coach.bury_line(self.view, selected)
            return [Said.of(_NOW_BURYING, me, who=SeatRef(game.turn, True))]
        if self.phase == TRICKS:
            if game.turn == me:
                return coach.hint_sentences(self.view)
            return [Said.of(_TO_PLAY, me, who=SeatRef(game.turn, True))]
        return [Said(_HAND_OVER, me)]

    def attacker_cards(self) -> list[Card]:
        """The point cards of the tricks the attackers won (the 闲分 counter shows them)."""
        return [card for record in self.game.tricks if self.game.is_attacker(record.winner)
                for play in record.plays for card in play.cards if card.points]

    # ------------------------------------------------------------ automatic moves

    def step(self) -> list[Event]:
        """The next automatic move, or ``[]`` when the learner is to act (or the hand is over)."""
        game = self.game
        if self.learner_to_act:
            return []
        if game.phase == DEALING:
            events = game.deal()
            if game.dealt % SEGMENT_CARDS == 0:
                events += self._ai_declarations()
            return events
        if game.phase == DECLARING:
            events = self._ai_declarations() + game.close_declaring()
            if game.phase == DEALING:  # nobody declared in hand 1: dealt anew
                self.window_open = True
            return self._after(events)
        if game.phase == BURYING:
            seat = game.turn
            assert seat is not None
            return self._after(game.bury(seat, self.players[seat].bury(game.view(seat)).cards))
        if game.phase == TRICKS:
            seat = game.turn
            assert seat is not None
            return self._after(game.play(seat, self.players[seat].play(game.view(seat)).cards))
        return []

    def _ai_declarations(self) -> list[Event]:
        """Each AI seat, in dealing order, may declare until a whole round passes."""
        game = self.game
        events: list[Event] = []
        declared = True
        while declared:
            declared = False
            for i in range(SEATS):
                seat = (game.first_seat + i) % SEATS
                if seat == self.learner or not game.legal_declarations(seat):
                    continue
                decision = self.players[seat].declare(game.view(seat))
                if decision is not None:
                    events += game.declare(seat, decision.cards)
                    declared = True
        return events

    def _after(self, events: list[Event]) -> list[Event]:
        """Let the coach comment on what just happened."""
        game = self.game
        if self.coached and game.ctx is not None:
            for event in events:
                if isinstance(event, TrickWon):
                    self.messages += self.narrator.trick(self.view, event.trick)
                elif isinstance(event, HandScored):
                    self.messages += self.narrator.kitty(self.view)
        return events

    # ------------------------------------------------------------ the learner's moves

    def declaration_options(self) -> list[Declaration]:
        return self.game.legal_declarations(self.learner)

    def declare(self, cards: Sequence[Card]) -> list[Event]:
        return self.game.declare(self.learner, list(cards))

    def close_declaring(self) -> None:
        """The learner is done declaring; the next ``step`` fixes trumps."""
        self.window_open = False

    def submit(self, selected: Sequence[Card]) -> Submitted:
        """Bury or play ``selected``; a refused play comes back with its reason."""
        game = self.game
        if not self.learner_to_act or self.phase not in (BURYING, TRICKS):
            return Submitted(refusal=_("Wait for your turn."))
        if self.phase == BURYING:
            if len(selected) != KITTY_SIZE:
                return Submitted(refusal=joined(coach.bury_line(self.view, selected)))
            return Submitted(tuple(self._after(game.bury(self.learner, list(selected)))))
        view = self.view
        if not selected:
            return Submitted(refusal=_("Choose the cards to play first."))
        if view.lead and len(selected) != len(view.lead):
            return Submitted(refusal=coach.hint_line(view))
        if coach.refusal(view, selected) is not None:
            return Submitted(refusal=joined(coach.refusal_sentences(view, selected)))
        self.learner_plays.append(coach.LearnerPlay(len(game.tricks), view, tuple(selected)))
        return Submitted(tuple(self._after(game.play(self.learner, list(selected)))))

    def auto_move(self) -> list[Card] | None:
        """What the learner's own AI would do now: declare (or ``None``), bury or play."""
        game = self.game
        player = self.players[self.learner]
        if self.phase in (DEALING, DECLARING):
            if not game.legal_declarations(self.learner):
                return None
            decision = player.declare(self.view)
            return list(decision.cards) if decision is not None else None
        if self.phase == BURYING:
            return list(player.bury(self.view).cards)
        return list(player.play(self.view).cards)

    # ------------------------------------------------------------ coaching

    def advise(self, view: PlayerView) -> Decision:
        """The advisor's play for ``view``: the strongest AI, seeded by the view."""
        return make_player(self.advisor_kind, self._seed_of(view)).play(view)

    def _seed_of(self, view: PlayerView) -> int:
        key = f"{self.seed}|{view.hand_number}|{len(view.tricks)}|{len(view.trick)}|{format_cards(view.hand)}"
        return zlib.crc32(key.encode())

    def ladder(self) -> coach.HintLadder:
        """The hint ladder of the decision in front of the learner (phase ``tricks``)."""
        at = (len(self.game.tricks), len(self.game.trick))
        if self._ladder is None or self._ladder_at != at:
            self._ladder = coach.HintLadder(self.view, self.advise)
            self._ladder_at = at
        return self._ladder

    def hint(self) -> coach.HintStep | None:
        """The next rung of the hint ladder for the decision in front of the learner."""
        if not self.coached or self.phase != TRICKS or not self.learner_to_act:
            return None
        ladder = self.ladder()
        self.hints_used += 1
        return ladder.next()

    def hint_again(self, rung: int) -> coach.HintStep | None:
        """A rung already shown, worded anew (in the language now chosen)."""
        return self._ladder.step(rung) if self._ladder is not None else None

    @property
    def can_undo(self) -> bool:
        """In a coached hand, the learner's last play of this hand can be taken back."""
        return self.coached and self.phase == TRICKS and bool(self.learner_plays)

    def undo(self) -> bool:
        """Take back the learner's last play and every move after it."""
        if not self.can_undo:
            return False
        last = self.learner_plays.pop()
        while True:
            action = self.game.undo()
            if isinstance(action, PlayCards) and action.seat == self.learner \
                    and tuple(action.cards) == last.cards:
                return True

    def review(self) -> list[coach.ReviewNote]:
        """The review of the hand just finished: the learner's plays that cost something."""
        return coach.review(self.learner_plays, self.view)

    def bury_advice(self, selected: Sequence[Card]) -> list[Said]:
        """The coach's sentences while the learner buries ``selected`` (so far)."""
        if not self.coached or self.phase != BURYING or self.game.turn != self.learner:
            return []
        return coach.bury_advice(self.view, selected)

    def declare_advice(self) -> list[Said]:
        """The coach's sentences while the learner may declare (worked out once per
        card dealt and declaration made, so a scene may ask every frame)."""
        if not self.coached or self.phase not in (DEALING, DECLARING):
            return []
        view = self.view
        if not self.declaration_options():
            return []
        key = (view.hand_number, view.phase, view.hand, view.declarations)
        if self._declare_advice[0] != key:
            advisor = make_player(self.advisor_kind, self._seed_of(view))
            self._declare_advice = (key, coach.declare_advice(view, advisor.declare(view)))
        return self._declare_advice[1]

    def tip(self) -> Said | None:
        """A strategy tip that fits the moment."""
        return coach.tip(self.view) if self.coached else None

    # ------------------------------------------------------------ the match

    def outcome(self) -> HandOutcome:
        """The end of the hand just finished, as the engine scores it (``hand_outcome``)."""
        game = self.game
        result = game.result
        assert result is not None and game.ctx is not None, "the hand is not over"
        last = game.tricks[-1]
        return hand_outcome(result.trick_points, self.view.kitty or (), last.plays[0].cards,
                            game.is_attacker(last.winner), result.dealer, game.start_levels,
                            game.ctx, result.penalties)

    def next_hand(self) -> list[Event]:
        """Start the next hand of the match (after the summary)."""
        self.messages = []
        self.learner_plays = []
        self.hints_used = 0
        self.window_open = True
        self._ladder = None
        self.narrator = coach.Narrator(self.learner)
        return self.game.next_hand()

    def to_dict(self) -> dict[str, Any]:
        """The match to save on quit: the game (its action log) and the table's settings."""
        return {"game": self.game.to_dict(), "learner": self.learner, "coached": self.coached,
                "ai_kind": self.ai_kind, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "PracticeTable":
        """A saved match; ``InvalidSaveError`` (a ``ValueError``) naming what is wrong
        if it is not one or does not replay.  Keys it does not know are ignored."""
        check_table_data(data)
        return cls(Game.from_dict(data["game"]), data["learner"], coached=data["coached"],
                   ai_kind=data["ai_kind"], seed=data["seed"])


def check_table_data(data: object) -> None:
    """The table's own part of a saved match (the game is checked by ``Game.from_dict``)."""
    if not isinstance(data, dict):
        raise InvalidSaveError(f"match: a mapping, not {type(data).__name__}")

    def need(ok: bool, key: str, what: str) -> None:
        if not ok:
            raise InvalidSaveError(f"{key}: {what}, not {repr(data.get(key, 'nothing'))[:40]}")

    need(type(data.get("learner")) is int and data["learner"] in range(SEATS), "learner", "a seat 0-3")
    need(type(data.get("coached")) is bool, "coached", "true or false")
    need(isinstance(data.get("ai_kind"), str) and data["ai_kind"] in PLAYERS, "ai_kind",
         f"one of {', '.join(sorted(PLAYERS))}")
    need(type(data.get("seed")) is int and 0 <= data["seed"] < SEED_LIMIT, "seed",
         f"an integer 0-{SEED_LIMIT - 1}")
    need(isinstance(data.get("game"), dict), "game", "a saved game")
