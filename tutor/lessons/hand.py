"""The guided first hand: a whole hand from the deal to the score, with a guide.

A guided hand is data (``lessons/first_hand.yaml``, schema in ``lessons/README.md``):
a seeded deal, a **script** (every declaration, the bury and every trick of one
recorded hand, with the reason each of the learner's plays was chosen) and a list of
**moments**.  A moment fires at a point of the hand (``at``): the deal begins, N cards
are dealt, the kitty is picked up, the learner's turn in trick N, the hand is scored,
the summary.  A moment either narrates (``heading``/``text``: teaching about the phase,
never a fact about the cards) or is a **stop**: the learner must act, and a named rule
of the lessons (``answer``: ``declaration``, ``safe_bury``, ``legal_follow``,
``win_trick``, ``feed_partner``, ``save_points``) judges the act on the live position,
through a lesson task built from the learner's view (``stop_task``), so a stop is
judged by the same rules, and worded by the same feedback, as a lesson task.

The other seats play the script while the trick in progress is the script's (and the
scripted play is legal); otherwise their AI plays.  The learner's seat plays the
script (or its AI) between stops.  The file is read and checked (its script replayed,
each stop's ``expect`` compared with the engine's judgement) in ``handfile``.

Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Sequence

from engine import Card, Rules
from engine.claims import CanRuff, Claim, LeadKind, OpponentWinning, PartnerWinning, Void
from engine.claims import Position as ClaimPosition
from engine.game import BURYING, DEALING, DECLARING, HAND_OVER, KITTY_SIZE, MATCH_OVER, TRICKS, Bury, Game, PlayCards
from engine.view import Decision, PlayerView, Reason

from .model import Answer, Position, Trick, answer_key, context_for
from .play_rules import PointsRule
from .rules import CARD_RULES
from .steps import CardTask, Declare, PlayTrick, SelectCards, Step

LEARNER = 0
"""The learner's seat (the lessons' ``you``)."""
WHEN = ("deal", "dealt", "kitty", "trick", "last_trick", "scoring", "summary")
"""The points of the hand a moment can fire at, in the order they come."""
STOP_PHASES = {
    "declaration": (DEALING, DECLARING),
    "safe_bury": (BURYING,),
    "legal_follow": (TRICKS,),
    "win_trick": (TRICKS,),
    "feed_partner": (TRICKS,),
    "save_points": (TRICKS,),
}
"""The lesson rules a stop may name, and the phases they judge in."""
LAST_TO_PLAY = ("win_trick", "feed_partner", "save_points")
"""Rules judged on a whole trick: the learner must play last, after the three others."""


def _led(view: PlayerView) -> list[Claim] | None:
    if not view.trick or view.ctx is None:
        return None
    return [LeadKind(view.trick[0].seat, "pair", 2)]


def _void(view: PlayerView) -> list[Claim] | None:
    if not view.trick or view.ctx is None:
        return None
    return [Void(LEARNER, view.ctx.suit_of(view.trick[0].cards[0])), CanRuff(True)]


def _winner(view: PlayerView, partner: bool) -> list[Claim] | None:
    at = ClaimPosition(view)
    if at.winner is None:
        return None
    return [PartnerWinning(at.winner)] if partner else [OpponentWinning(at.winner)]


CONDITIONS: dict[str, Callable[[PlayerView], list[Claim] | None]] = {
    "pair_led": _led,
    "void": _void,
    "partner_winning": lambda view: _winner(view, True),
    "opponent_winning": lambda view: _winner(view, False),
}
"""What a stop may require of the moment (``when``), as claims checked on the learner's
view: a pair was led; the learner has none of the suit led and trumps to ruff it;
the partner, or an opponent, is winning the trick so far.  A stop's words may state
what its conditions claim."""


@dataclass(frozen=True)
class At:
    """Where a moment fires: ``when`` one of ``WHEN``; ``n`` the cards dealt (``dealt``)
    or the trick, 1-based (``trick``: the learner's turn in it; a stop waits from that
    trick on for the first turn where it fits).  ``last_trick`` is the learner's turn
    in the last trick (it follows with its last cards, or leads its last card)."""

    when: str
    n: int = 0

    def order(self) -> tuple[int, int]:
        return (WHEN.index(self.when), self.n)

    def __str__(self) -> str:
        return f"{self.when} {self.n}" if self.when in ("dealt", "trick") else self.when


@dataclass(frozen=True)
class Moment:
    """A narration (``heading``/``text``) or a stop (``answer`` names the rule)."""

    line: int
    at: At
    heading: str | None = None
    text: str | None = None
    answer: str | None = None
    goal: str | None = None
    hint: str | None = None
    explain: str | None = None
    praise: str | None = None
    expect: tuple[Answer, ...] = ()
    when: tuple[str, ...] = ()
    """Conditions (``CONDITIONS``) the moment must meet for the stop to be asked."""

    @property
    def is_stop(self) -> bool:
        return self.answer is not None

    def texts(self) -> Iterator[str]:
        for value in (self.heading, self.text, self.goal, self.hint, self.explain, self.praise):
            if value:
                yield value


@dataclass(frozen=True)
class ScriptedPlay:
    seat: int
    cards: tuple[Card, ...]
    reason: str | None = None
    """The reason code of the AI that chose it (kept for the learner's own plays)."""


@dataclass(frozen=True)
class ScriptedDeclaration:
    dealt: int
    """Cards dealt when it was made (100: in the window after the deal)."""
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Script:
    """One recorded hand: the declarations, the bury and every trick's plays."""

    declarations: tuple[ScriptedDeclaration, ...]
    bury: tuple[Card, ...]
    tricks: tuple[tuple[ScriptedPlay, ...], ...]
    lines: tuple[int, ...] = ()
    """The file's line of each trick (for problems)."""

    def learner_declaration(self) -> ScriptedDeclaration | None:
        return next((d for d in self.declarations if d.seat == LEARNER), None)


@dataclass(frozen=True)
class GuidedHand:
    """A guided hand as read from its file (see the module docstring).  ``steps`` are
    its moments as lesson steps on the script's path (the teaching-order check reads
    them); ``par`` is its number of stops."""

    id: str
    path: str
    title: str
    summary: str
    concept: str
    seed: int
    moments: tuple[Moment, ...]
    script: Script
    steps: tuple[Step, ...] = ()
    rules_topic: str | None = None

    available = True

    def steps_for(self, rules: Rules) -> list[Step]:
        return list(self.steps)

    @property
    def par(self) -> int:
        return sum(m.is_stop for m in self.moments)

    def texts(self) -> Iterator[str]:
        yield self.title
        yield self.summary
        yield self.concept
        for moment in self.moments:
            yield from moment.texts()


# ---------------------------------------------------------------------------------- the hand


def due(at: At, game: Game) -> bool:
    """Is ``game`` at the point ``at`` names (never for ``summary``, shown after)?"""
    phase = game.phase
    if at.when == "deal":
        return phase == DEALING and game.dealt == 0
    if at.when == "dealt":
        return phase in (DEALING, DECLARING) and game.dealt == at.n
    if at.when == "kitty":
        return phase == BURYING
    if at.when == "trick":
        return phase == TRICKS and len(game.tricks) == at.n - 1 and game.turn == LEARNER
    if at.when == "last_trick":
        hand = game.hand(LEARNER)
        return phase == TRICKS and game.turn == LEARNER and (
            len(hand) == len(game.trick[0].cards) if game.trick else len(hand) == 1)
    if at.when == "scoring":
        return phase in (HAND_OVER, MATCH_OVER)
    return False


def waiting(moment: Moment, game: Game) -> bool:
    """A trick stop whose trick has come: it is asked at the first of the learner's
    turns where it fits, until the hand ends."""
    return (moment.is_stop and moment.at.when == "trick" and game.phase == TRICKS
            and len(game.tricks) >= moment.at.n - 1)


def passed(at: At, game: Game) -> bool:
    """Has ``game`` gone past the point ``at`` names (a narration there can no longer
    be read, a stop no longer asked)?"""
    order = (DEALING, DECLARING, BURYING, TRICKS, HAND_OVER)
    now = order.index(game.phase) if game.phase in order else len(order)
    if at.when == "deal":
        return game.dealt > 0 or now > 0
    if at.when == "dealt":
        return now > 1 or game.dealt > at.n
    if at.when == "kitty":
        return now > 2
    if at.when == "trick":
        return now > 3 or (now == 3 and (len(game.tricks) > at.n - 1 or (
            len(game.tricks) == at.n - 1 and any(p.seat == LEARNER for p in game.trick))))
    if at.when == "last_trick":
        return now > 3
    return False


def trick_actions(game: Game) -> list[PlayCards]:
    """The plays of the trick in progress as they were made (a failed throw as tried)."""
    if not game.trick:
        return []
    plays = [a for a in game.log if isinstance(a, PlayCards)]
    return plays[len(plays) - len(game.trick):]


def scripted_move(script: Script, game: Game, seat: int) -> Decision | None:
    """The script's move for ``seat`` now, when the game is where the script was: the
    bury (the script's dealer), or the next play of a trick whose plays so far are the
    script's.  ``None`` when the script has nothing legal to say here."""
    if game.phase == BURYING and game.turn == seat:
        if game.check(Bury(seat, script.bury)) is None:
            return Decision(script.bury)
        return None
    if game.phase != TRICKS or game.turn != seat or len(game.tricks) >= len(script.tricks):
        return None
    recorded = script.tricks[len(game.tricks)]
    made = trick_actions(game)
    if len(made) >= len(recorded) or any(
            (a.seat, answer_key(a.cards)) != (p.seat, answer_key(p.cards)) for a, p in zip(made, recorded)):
        return None
    play = recorded[len(made)]
    if play.seat != seat or game.check(PlayCards(seat, play.cards)) is not None:
        return None
    return Decision(play.cards, Reason(play.reason) if play.reason else None)


def scripted_declarations(script: Script, game: Game) -> list[ScriptedDeclaration]:
    """The other seats' declarations the script made with ``game.dealt`` cards dealt
    (the learner's own is a stop's answer, never made for it)."""
    return [d for d in script.declarations if d.dealt == game.dealt and d.seat != LEARNER]


def stop_task(moment: Moment, view: PlayerView, script_answer: Sequence[Card] | None = None) -> CardTask | None:
    """The lesson task a stop asks at the learner's ``view``, or ``None`` when its rule
    does not fit the moment (the wrong phase; a whole-trick rule while the learner does
    not play last; a position no answer fails, or none passes).  Its ``expect`` is every
    right answer the engine finds, the script's own first when it is one."""
    rule_name = moment.answer or ""
    rule = CARD_RULES.get(rule_name)
    if rule is None or view.phase not in STOP_PHASES.get(rule_name, ()) or not meets(moment, view):
        return None
    common: dict[str, Any] = dict(line=moment.line, goal=moment.goal, hint=moment.hint, explain=moment.explain,
                                  praise=moment.praise, answer=rule_name, hand=tuple(view.hand))
    if rule_name == "declaration":
        standing = view.declaration
        shown = (standing.seat, standing.cards) if standing is not None else None
        task: CardTask = Declare(position=Position(view.level, None, decided=False), shown=shown, **common)
    else:
        ctx = view.ctx
        if ctx is None or view.turn != LEARNER:
            return None
        position = Position(view.level, ctx.trump)
        if rule_name == "safe_bury":
            task = SelectCards(position=position, count=KITTY_SIZE, **common)
        elif rule_name == "legal_follow":
            if not view.trick:
                return None
            task = SelectCards(position=position, lead=tuple(view.trick[0].cards), **common)
        else:
            if len(view.trick) != 3:
                return None
            plays = tuple(p.cards for p in view.trick) + (None,)
            task = PlayTrick(position=position, trick=Trick(view.trick[0].seat, plays), **common)
    ctx = context_for(task, view.rules)
    answers = [answer_key(a) for a in rule.answers(task, ctx)]
    if not answers or rule.wrong_answer(task, ctx) is None:
        return None
    if isinstance(rule, PointsRule) and isinstance(task, PlayTrick) and rule.team_wins(task, ctx) is not rule.most:
        return None
    first = answer_key(script_answer) if script_answer is not None else None
    ordered = ([first] if first in answers else []) + [a for a in answers if a != first]
    return _with_expect(task, tuple(ordered))


def meets(moment: Moment, view: PlayerView) -> bool:
    """Do the stop's conditions hold at ``view`` (every claim they make checked)?"""
    if not moment.when:
        return True
    at = ClaimPosition(view)
    for name in moment.when:
        claims = CONDITIONS[name](view)
        if claims is None or not all(claim.holds(at) for claim in claims):
            return False
    return True


def _with_expect(task: CardTask, expect: tuple[Answer, ...]) -> CardTask:
    return replace(task, expect=expect)


def script_answer(moment: Moment, script: Script, game: Game) -> tuple[Card, ...] | None:
    """What the script did at a stop: the learner's declaration, the bury, or its play."""
    if moment.answer == "declaration":
        mine = script.learner_declaration()
        return mine.cards if mine is not None else ()
    move = scripted_move(script, game, LEARNER)
    return move.cards if move is not None else None
