"""The guided first hand at the table: a ``PracticeTable`` that follows a script.

``GuidedTable`` plays a ``GuidedHand`` (``tutor.lessons.hand``) from the learner's
seat.  The game waits for the learner only at a moment: a narration (``go_on``) or a
stop, where the learner declares or passes (``answer``), buries or plays (``submit``)
and a lesson rule judges the act on the live position (the first wrong answer gets
the rule, the second the answer; ``stars`` against the stops, as a lesson scores).
Everywhere else every seat, the learner's included, plays the script while the
trick in progress is the script's, else its AI; each of the learner's plays made for
it is narrated with the coach's reasons (claims checked on the view it was made from),
tagged by trick like the coach's other comments.

No pygame here: the scene (``tutor/scenes/first_hand.py``) and the tests drive the
same object.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from engine import Card, Rules
from engine.claims import LegalPlay
from engine.events import Event
from engine.game import BURYING, DEALING, DECLARING, KITTY_SIZE, TRICKS, Declare as DeclareAction, Game
from engine.view import Decision, Declaration

from . import coach
from .coach import Said
from .coach.claims import cards_ref, position
from .i18n import N_, _, ngettext
from .lessons.feedback import tr
from .lessons.hand import LEARNER, GuidedHand, Moment, due, passed, script_answer, scripted_declarations, \
    scripted_move, stop_task, waiting
from .lessons.marking import ANSWER, HINT, RIGHT, TRIES, Feedback, stars_for
from .lessons.model import context_for
from .lessons.rules import judge
from .lessons.steps import CardTask, Declare
from .practice import Comment, PracticeTable, Submitted, Thought, Words

GUIDE_PLAYED = N_("The guide played {cards} for you.")
GUIDE_PLAYED_WHY = N_("The guide played {cards} for you. {why}")


class GuidedTable(PracticeTable):
    """See the module docstring.  ``ai_kind`` plays whatever the script does not."""

    def __init__(self, hand: GuidedHand, rules: Rules | None = None, *, ai_kind: str = "ai") -> None:
        super().__init__(Game(rules, hand.seed), LEARNER, coached=True, ai_kind=ai_kind, seed=hand.seed)
        self.hand = hand
        self.todo: list[Moment] = list(hand.moments)
        """Moments still to come, in order."""
        self.pending: Moment | None = None
        """The moment the game waits on."""
        self.task: CardTask | None = None
        """The pending stop's lesson task (on the live position)."""
        self.feedback: Feedback | None = None
        """The judgement of the last answer (kept, with its praise, until the next moment)."""
        self.show_hint = False
        self.wrong = 0
        """Wrong answers to the pending stop."""
        self.mistakes = 0
        self.rights = 0
        """Stops answered right (first or second try)."""
        self.stops: list[Moment] = []
        """The stops that were asked."""
        self.skipped: list[Moment] = []
        """Stops whose rule did not fit the hand when their moment came."""
        self._declared: set[int] = set()
        """Script declarations made (indexes)."""
        self._looked = -1
        """The length of the game's log when the moments were last looked at."""
        self._praise_until = 0
        """The praise for a right answer stays until this many tricks are over."""

    # ------------------------------------------------------------ moments

    def open_due(self) -> bool:
        """Open the moment the hand has reached, if any: the next narration or stop at
        its point, or a trick stop that has been waiting from its trick on and now fits
        (a stop that does not fit where it comes is skipped).  True while a moment is
        pending.  Asked once per move of the game (it may build a lesson task)."""
        if self.pending is not None or self._looked == len(self.game.log):
            return self.pending is not None
        self._looked = len(self.game.log)
        game, i = self.game, 0
        while i < len(self.todo):
            moment = self.todo[i]
            if moment.at.when == "summary":
                break
            if waiting(moment, game):
                if game.turn == LEARNER and self._ask(moment):
                    del self.todo[i]
                    return True
                i += 1
                continue
            if due(moment.at, game):
                del self.todo[i]
                if not moment.is_stop or self._ask(moment):
                    self.pending, self.feedback, self.show_hint = moment, None, False
                    return True
                self.skipped.append(moment)
                continue
            if passed(moment.at, game):
                del self.todo[i]
                if moment.is_stop:
                    self.skipped.append(moment)
                continue
            break
        return False

    def _ask(self, moment: Moment) -> bool:
        """Make ``moment`` the pending stop if its rule fits the position now."""
        task = stop_task(moment, self.view, script_answer(moment, self.hand.script, self.game))
        if task is None:
            return False
        self.pending, self.task, self.wrong = moment, task, 0
        self.feedback, self.show_hint = None, False
        self.stops.append(moment)
        return True

    @property
    def stop(self) -> Moment | None:
        """The pending moment when it is a stop."""
        return self.pending if self.pending is not None and self.pending.is_stop else None

    @property
    def revealed(self) -> bool:
        """The pending stop's answer has been shown (after the second wrong answer)."""
        return self.stop is not None and self.wrong >= TRIES

    def go_on(self) -> None:
        """The learner has read the pending narration."""
        if self.pending is not None and not self.pending.is_stop:
            self._close()

    def _close(self) -> None:
        """The pending moment is done: look again for the next one at this point."""
        self.pending, self.task, self.show_hint = None, None, False
        self._looked = -1

    def _judge(self, cards: Sequence[Card]) -> bool:
        """Judge an answer to the pending stop; keep the feedback; True when right."""
        task = self.task
        assert task is not None
        ctx = context_for(task, self.game.rules)
        judgement = judge(task, ctx, list(cards))
        if judgement.correct:
            self.rights += 1
            self.feedback = Feedback(RIGHT, judgement, task, ctx, praise=len(self.stops))
            self._praise_until = len(self.game.tricks) + 1
            return True
        if not self.revealed:
            self.mistakes += 1
        self.wrong += 1
        self.feedback = Feedback(ANSWER if self.revealed else HINT, judgement, task, ctx)
        return False

    def answer(self, cards: Sequence[Card]) -> list[Event]:
        """Declare ``cards`` (empty: pass) at the declaring stop."""
        if self.stop is None or not isinstance(self.task, Declare) or not self._judge(cards):
            return []
        self._close()
        return self.game.declare(LEARNER, list(cards)) if cards else []

    def answer_cards(self) -> tuple[Card, ...]:
        """The answer shown once revealed (the script's own when it is right)."""
        return self.task.expect[0] if self.task is not None and self.task.expect else ()

    @property
    def stars(self) -> int:
        return stars_for(self.mistakes, self.rights)

    # ------------------------------------------------------------ automatic moves

    @property
    def learner_to_act(self) -> bool:
        return self.pending is not None

    def next_thought(self) -> Thought | None:
        if self.open_due():
            return None
        game = self.game
        seat = game.turn
        if game.phase not in (BURYING, TRICKS) or seat is None:
            return None
        move = scripted_move(self.hand.script, game, seat)
        if move is not None:
            def decide(_view, move: Decision = move) -> Decision:
                return move
        else:
            player = self.players[seat]
            decide = player.bury if game.phase == BURYING else player.play
        return Thought(len(game.log), seat, game.phase, game.view(seat), decide)

    def apply(self, thought: Thought, decision: Decision) -> list[Event]:
        if thought.seat == LEARNER and thought.phase == TRICKS and len(self.game.log) == thought.at:
            self._narrate_play(thought, decision)
        return super().apply(thought, decision)

    def _narrate_play(self, thought: Thought, decision: Decision) -> None:
        """What the guide played for the learner and why (the coach's reasons, checked on
        the view the play was chosen from)."""
        at = position(thought.view)
        cards = tuple(decision.cards)
        reasons = coach.why(at, decision)
        values = {"cards": cards_ref(cards, at)}
        if reasons:
            said = Said.of(GUIDE_PLAYED_WHY, LEARNER, LegalPlay(cards), why=reasons[0], **values)
        else:
            said = Said.of(GUIDE_PLAYED, LEARNER, LegalPlay(cards), **values)
        if coach.checked(said, at):
            self.comments.append(Comment(len(thought.view.tricks) + 1, said))

    def step(self) -> list[Event]:
        if self.open_due():
            return []
        game = self.game
        if game.phase == DEALING:
            events = game.deal()
            return events + self._declarations()
        if game.phase == DECLARING:
            events = self._declarations()
            if events:
                return events
            return self._after(game.close_declaring())
        return []

    def _declarations(self) -> list[Event]:
        """The other seats' declarations the script made at this card, where legal."""
        events: list[Event] = []
        for i, d in enumerate(self.hand.script.declarations):
            if i in self._declared or d not in scripted_declarations(self.hand.script, self.game):
                continue
            self._declared.add(i)
            if self.game.check(DeclareAction(d.seat, d.cards)) is None:
                events += self.game.declare(d.seat, list(d.cards))
        return events

    def auto_move(self) -> list[Card] | None:
        """The answer an autopilot gives at the pending stop: the script's when right,
        else the first right answer (``None``: a pass)."""
        if self.stop is None:
            return None
        answer = list(self.answer_cards())
        return answer or None

    # ------------------------------------------------------------ the learner's cards

    def needed(self) -> int:
        """Cards the pending stop asks for (0 at the declaring stop or none pending)."""
        task = self.task
        if task is None or isinstance(task, Declare):
            return 0
        if self.game.phase == BURYING:
            return KITTY_SIZE
        return len(self.game.trick[0].cards) if self.game.trick else 0

    def selectable(self, selected: Sequence[Card]) -> set[Card] | None:
        """At a stop any card may be chosen (the rule judges the play, nothing is dimmed
        to give it away), up to the number asked for."""
        need = self.needed()
        if not need:
            return set()
        return None if len(selected) < need else set()

    def why_not_words(self, selected: Sequence[Card], card: Card) -> Words:
        need = self.needed()
        if isinstance(self.task, Declare):
            return lambda: _("No card is played while trumps are chosen: declare with a button, or pass.")
        if self.game.phase in (DEALING, DECLARING):
            return lambda: _("Cards are being dealt. The guide will tell you when to act.")
        if need:
            return lambda: ngettext("You have chosen {n} card: deselect one first.",
                                    "You have chosen {n} cards: deselect one first.", need).format(n=need)
        if self.game.phase in (BURYING, TRICKS) and self.game.turn == LEARNER:
            return lambda: _("The guide plays your cards until it asks you to act.")
        return super().why_not_words(selected, card)

    def can_submit(self, selected: Sequence[Card]) -> bool:
        need = self.needed()
        return bool(need) and len(selected) == need and not Counter(selected) - Counter(self.game.hand(LEARNER))

    def submit(self, selected: Sequence[Card]) -> Submitted:
        """Bury or play ``selected`` at the pending stop, if the stop's rule judges it
        right; otherwise nothing moves and ``feedback`` says why."""
        if not self.can_submit(selected) or not self._judge(selected):
            return Submitted()
        game = self.game
        self._close()
        if game.phase == BURYING:
            return Submitted(tuple(self._after(game.bury(LEARNER, list(selected)))))
        self.learner_plays.append(coach.LearnerPlay(len(game.tricks), self.view, tuple(selected)))
        return Submitted(tuple(self._after(game.play(LEARNER, list(selected)))))

    def declare_choices(self) -> list[tuple[Card, Declaration | None]]:
        """At the declaring stop, one choice per face the learner could show (a level
        card, a joker held twice), as a pair when held twice: all offered, the rule
        judges (a weak one is a wrong answer)."""
        if not isinstance(self.task, Declare):
            return []
        hand = list(self.game.hand(LEARNER))
        counts = Counter(hand)
        faces: list[Card] = []
        for card in hand:
            if card not in faces and (card.rank == self.game.level or (card.is_joker and counts[card] >= 2)):
                faces.append(card)
        return [(face, Declaration(LEARNER, (face,) * min(2, counts[face]))) for face in faces]

    # ------------------------------------------------------------ what the table says

    def hint_words(self, selected: Sequence[Card]) -> Words:
        """The line above the hand: the stop's goal, a word to read the guide, or what
        the table is doing."""
        moment, game = self.pending, self.game
        if moment is not None and moment.is_stop:
            need = self.needed()
            goal = moment.goal
            if need:
                n = len(selected)
                return lambda: coach.then(tr(goal), ngettext("{n} chosen.", "{n} chosen.", n).format(n=n))
            return lambda: tr(goal)
        if moment is not None:
            return lambda: _("Read the guide on the left, then press Continue.")
        if game.phase in (DEALING, DECLARING):
            return lambda: _("Cards are being dealt. The guide will tell you when to act.")
        if game.phase in (BURYING, TRICKS) and game.turn == LEARNER:
            return lambda: _("The guide plays for you here: watch the trick.")
        return super().hint_words(selected)

    def guide_words(self) -> list[Words]:
        """The guide's panel: the pending narration, or the stop's goal, its hint when
        asked for and the feedback on the last answer."""
        moment, feedback = self.pending, self.feedback
        out: list[Words] = []
        if moment is not None and not moment.is_stop:
            heading, text = moment.heading, moment.text
            out.append(lambda: "\n".join(tr(t) for t in (heading, text) if t))
        elif moment is not None:
            goal, hint = moment.goal, moment.hint
            if feedback is None:  # the line above the hand says the goal too: room for the feedback
                out.append(lambda: tr(goal))
            if self.show_hint and hint:
                out.append(lambda: _("Hint: {hint}").format(hint=tr(hint)))
            elif feedback is None and hint:
                out.append(lambda: _("Stuck? Press Hint or H: it names the rule."))
        if feedback is not None and (moment is not None or len(self.game.tricks) <= self._praise_until):
            out.append(lambda: "\n".join([feedback.title(), *feedback.lines()]))
        return out

    # ------------------------------------------------------------ what the guided hand leaves out

    def hint(self) -> coach.HintStep | None:
        return None  # a stop's hint is its rule (``show_hint``), never the coach's play

    @property
    def can_undo(self) -> bool:
        return False

    def tip(self) -> Said | None:
        return None

    def declare_advice(self) -> list[Said]:
        return []

    def bury_advice(self, selected: Sequence[Card]) -> list[Said]:
        return []

    def summary_moments(self) -> list[Moment]:
        return [m for m in self.hand.moments if m.at.when == "summary"]
