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
script (or its AI) between stops.  The checker (``check_hand``) replays the script
with the script's own answers at the stops and compares each stop's ``expect`` with
the engine's judgement there, like a lesson task's; it fails when a moment does not
fire, fires out of order, or a stop cannot be failed.

Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from engine import Card, Rules
from engine.claims import CanRuff, Claim, LeadKind, OpponentWinning, PartnerWinning, Void
from engine.claims import Position as ClaimPosition
from engine.game import BURYING, DEALING, DECLARING, HAND_OVER, KITTY_SIZE, MATCH_OVER, SEED_LIMIT, TRICKS, Bury, \
    Game, GameError, PlayCards
from engine.view import Decision, PlayerView, Reason

from .fieldreader import FieldReader, Invalid
from .meaning import MeaningChecker
from .model import (
    SEATS,
    Answer,
    CardTask,
    Declare,
    Narration,
    PlayTrick,
    Position,
    Problem,
    SelectCards,
    Step,
    Trick,
    UnavailableLesson,
    answer_key,
    context_for,
)
from .play_rules import PointsRule
from .rules import CARD_RULES
from .yamlfile import Map, Seq, read_file

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


# ---------------------------------------------------------------------------------- reading

_TOP = {"title", "summary", "concept", "seed", "moments", "script"}
_MOMENT = {"at", "heading", "text", "answer", "goal", "hint", "explain", "praise", "expect", "when"}


class _HandReader:
    """Reads a guided hand, collecting every problem (``file:line: field: problem``)."""

    def __init__(self, path: str, rules: Rules) -> None:
        self.r = FieldReader(path, rules)
        self.path = path

    @property
    def problems(self) -> list[Problem]:
        return self.r.problems

    def hand(self, data: Any, hand_id: str, topic: str | None) -> GuidedHand | None:
        r = self.r
        if not isinstance(data, Map):
            r.problem(1, "hand", "a guided hand must be a mapping with title, summary, concept, seed, moments "
                                 "and script")
            return None
        r.unknown_keys(data, _TOP, "")
        try:
            head = {k: r.get(data, k, "", r.text, required=True) for k in ("title", "summary", "concept")}
            seed = r.get(data, "seed", "", self.seed, required=True)
            script = self.script(r.get(data, "script", "", r.mapping, required=True))
            items = r.get(data, "moments", "", r.sequence, required=True)
        except Invalid:
            return None
        moments = []
        for i, item in enumerate(items):
            try:
                moments.append(self.moment(item, items.lines[i], f"moments[{i}]"))
            except Invalid:
                continue
        if not items:
            r.problem(items.line, "moments", "a guided hand needs at least one moment")
        for i in range(1, len(moments)):
            if moments[i].at.order() < moments[i - 1].at.order():
                r.problem(moments[i].line, f"moments[{i}].at",
                          f"{moments[i].at} comes before {moments[i - 1].at}: list moments in the order they come")
        return GuidedHand(id=hand_id, path=self.path, seed=seed, moments=tuple(moments), script=script,
                          rules_topic=topic, **head)

    def seed(self, value: Any, line: int, field: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SEED_LIMIT:
            self.r.problem(line, field, f"expected a deal seed from 0 to {SEED_LIMIT - 1}, got {value!r}")
            raise Invalid
        return value

    def at(self, value: Any, line: int, field: str) -> At:
        r = self.r
        if isinstance(value, str) and value in WHEN and value not in ("dealt", "trick"):
            return At(value)
        if isinstance(value, Map) and len(value) == 1:
            (key, n), = value.items()
            limit = {"dealt": 100, "trick": 25}.get(key)
            if limit is not None and isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= limit:
                return At(key, n)
        r.problem(line, field, f"expected deal, {{dealt: 1-100}}, kitty, {{trick: 1-25}}, last_trick, scoring "
                               f"or summary, got {value!r}")
        raise Invalid

    def moment(self, value: Any, line: int, where: str) -> Moment:
        r = self.r
        m = r.mapping(value, line, where)
        r.unknown_keys(m, _MOMENT, where)
        at = r.get(m, "at", where, self.at, required=True)
        texts = {k: r.get(m, k, where, r.text) for k in ("heading", "text", "goal", "hint", "explain", "praise")}
        answer = r.get(m, "answer", where, r.word)
        when = r.get(m, "when", where, r.words, default=())
        for name in when:
            if name not in CONDITIONS:
                r.problem(r.line_of(m, "when"), f"{where}.when",
                          f"unknown condition {name!r}; use one of {', '.join(CONDITIONS)}")
                raise Invalid
        if when and answer is None:
            r.problem(r.line_of(m, "when"), f"{where}.when", "only a stop has conditions")
        expect: tuple[Answer, ...] = ()
        if answer is not None:
            if answer not in STOP_PHASES:
                r.problem(r.line_of(m, "answer"), f"{where}.answer",
                          f"unknown rule {answer!r} for a stop; use one of {', '.join(STOP_PHASES)}")
                raise Invalid
            if not texts["goal"]:
                r.problem(m.line, f"{where}.goal", "every stop needs a one-line goal")
            if not texts["hint"]:
                r.problem(m.line, f"{where}.hint", "every stop needs a hint that points at the rule")
            if "expect" not in m:
                r.problem(m.line, f"{where}.expect", "missing: every stop states its right answers")
            else:
                expect = r.get(m, "expect", where, r.card_answers)
        elif "expect" in m or texts["goal"]:
            r.problem(m.line, f"{where}.answer", "a stop names the rule that judges it (answer)")
        elif not texts["text"]:
            r.problem(m.line, f"{where}.text", "a narration needs text")
        if at.when == "summary" and answer is not None:
            r.problem(m.line, f"{where}.at", "the summary only narrates")
        return Moment(line=m.line, at=at, answer=answer, expect=expect, when=tuple(when), **texts)

    def script(self, m: Map) -> Script:
        r = self.r
        r.unknown_keys(m, {"declare", "bury", "tricks"}, "script")
        declarations = []
        items = r.get(m, "declare", "script", r.sequence, default=Seq())
        for i, item in enumerate(items):
            where = f"script.declare[{i}]"
            d = r.mapping(item, items.lines[i], where)
            r.unknown_keys(d, {"dealt", "seat", "cards"}, where)
            declarations.append(ScriptedDeclaration(r.get(d, "dealt", where, r.number, required=True),
                                                    r.get(d, "seat", where, r.seat, required=True),
                                                    r.get(d, "cards", where, r.cards, required=True)))
        bury = r.get(m, "bury", "script", r.cards, required=True)
        lines = r.get(m, "tricks", "script", r.sequence, required=True)
        tricks = []
        for i, text in enumerate(lines):
            tricks.append(self.trick(text, lines.lines[i], f"script.tricks[{i}]"))
        if any(t is None for t in tricks):
            raise Invalid
        return Script(tuple(declarations), bury, tuple(tricks), tuple(lines.lines))  # type: ignore[arg-type]

    def trick(self, value: Any, line: int, field: str) -> tuple[ScriptedPlay, ...] | None:
        """``"you: SA =sure_winner | right: S3 | partner: S4 | left: S5"``: each play in
        turn, its seat, its cards, and for the learner the reason its AI chose it."""
        r = self.r
        if not isinstance(value, str):
            r.problem(line, field, "expected 'seat: cards | seat: cards | ...'")
            return None
        plays = []
        try:
            for part in value.split("|"):
                seat_word, _colon, rest = part.partition(":")
                cards_text, _eq, reason = rest.partition("=")
                seat = r.seat(seat_word.strip(), line, field)
                plays.append(ScriptedPlay(seat, r.cards(cards_text.strip(), line, field), reason.strip() or None))
        except Invalid:
            return None
        if len(plays) != 4 or len({p.seat for p in plays}) != 4:
            r.problem(line, field, "a trick has 4 plays, one per seat")
            return None
        return tuple(plays)


def read_hand(path: str | Path, hand_id: str, topic: str | None = None,
              rules: Rules | None = None) -> GuidedHand | UnavailableLesson:
    """Read and check one guided hand; any problem gives an ``UnavailableLesson``."""
    path = Path(path)
    rules = rules if rules is not None else Rules()
    reader = _HandReader(str(path), rules)
    hand = None
    try:
        result = read_file(path)
        for p in result.problems:
            reader.r.problem(p.line, p.field, p.message)
        if result.data is not None or not result.problems:
            hand = reader.hand(result.data, hand_id, topic)
        if hand is not None and not reader.problems:
            steps, found = check_hand(hand, rules)
            reader.problems.extend(found)
            hand = GuidedHand(**{**hand.__dict__, "steps": tuple(steps)})
    except OSError as exc:
        reader.r.problem(1, "file", exc.strerror or str(exc))
    except Exception as exc:  # noqa: BLE001 - a lesson file must never take the app down
        reader.r.problem(1, "hand", f"cannot be read: {exc!r}")
    if hand is None or reader.problems:
        title = hand.title if hand is not None else None
        return UnavailableLesson(hand_id, str(path), tuple(sorted(reader.problems, key=lambda p: p.line)), title)
    return hand


# ---------------------------------------------------------------------------------- checking


def check_hand(hand: GuidedHand, rules: Rules) -> tuple[list[Step], list[Problem]]:
    """Replay the script, the learner answering every stop with the script's answer:
    every moment must fire in its turn, every stop fit its moment, and its ``expect``
    must be exactly the answers the engine judges right there (the lessons' check).
    Returns the moments as lesson steps on that path (for the teaching-order check)
    and the problems."""
    problems: list[Problem] = []
    steps: list[Step] = []
    game = Game(rules, hand.seed)
    script = hand.script
    moments = list(enumerate(hand.moments))

    def problem(line: int, field: str, message: str) -> None:
        problems.append(Problem(hand.path, line, field, message))

    def fire(i: int, moment: Moment) -> None:
        where = f"moments[{i}]"
        if not moment.is_stop:
            steps.append(Narration(line=moment.line, heading=moment.heading, text=moment.text))
            return
        answer = script_answer(moment, script, game)
        task = stop_task(moment, game.view(LEARNER), answer)
        if task is None:
            problem(moment.line, f"{where}.answer", f"rule {moment.answer} does not fit the hand at {moment.at}")
            return
        steps.append(task)
        reader = MeaningChecker(hand.path, rules)
        reader.compare(set(task.expect), set(moment.expect), moment.answer, where, moment.line)
        reader.check_model(task, context_for(task, rules), CARD_RULES[moment.answer or ""], where, moment.line)
        problems.extend(reader.problems)
        if answer is None or answer_key(answer) not in task.expect:
            problem(moment.line, f"{where}.expect", "the script's own move here is not a right answer")
            return
        if moment.answer == "declaration":
            if answer:
                game.declare(LEARNER, list(answer))
        elif moment.answer == "safe_bury":
            game.bury(LEARNER, list(answer))
        else:
            game.play(LEARNER, list(answer))

    try:
        while True:
            while moments and due(moments[0][1].at, game):
                fire(*moments.pop(0))
            while moments and passed(moments[0][1].at, game):
                i, moment = moments.pop(0)
                problem(moment.line, f"moments[{i}].at", f"the hand never reaches {moment.at}")
            if game.phase in (HAND_OVER, MATCH_OVER):
                break
            if not _scripted_step(script, game):
                problem(*_script_line(script, game), f"the script does not replay: {_where(game)}")
                return steps, problems
    except GameError as exc:
        problem(*_script_line(script, game), f"the script does not replay: {_where(game)}: {exc}")
        return steps, problems
    for i, moment in moments:
        if moment.at.when != "summary":
            problem(moment.line, f"moments[{i}].at", f"the hand never reaches {moment.at}")
        else:
            steps.append(Narration(line=moment.line, heading=moment.heading, text=moment.text))
    mine = script.learner_declaration()
    if mine is not None and not any(m.answer == "declaration" for m in hand.moments):
        problem(1, "script.declare", "the learner's declaration needs a stop (answer: declaration)")
    return steps, problems


def _script_line(script: Script, game: Game) -> tuple[int, str]:
    """Where in the file the script stopped replaying: the trick's line, else the script's."""
    k = len(game.tricks)
    if game.phase == TRICKS and k < len(script.lines):
        return script.lines[k], f"script.tricks[{k}]"
    return (script.lines[0] if script.lines else 1), "script"


def _where(game: Game) -> str:
    if game.phase == TRICKS:
        return f"trick {len(game.tricks) + 1}, {SEATS[game.turn or 0]} to play"
    return f"{game.phase}, {game.dealt} cards dealt"


def _scripted_step(script: Script, game: Game) -> bool:
    """One move of the script (no AI): a card dealt with the declarations made then,
    the window closed, the bury or a play.  False when the script has no move here."""
    phase = game.phase
    if phase == DEALING:
        game.deal()
        for d in scripted_declarations(script, game):
            game.declare(d.seat, list(d.cards))
        return True
    if phase == DECLARING:
        game.close_declaring()
        return game.phase == BURYING
    seat = game.turn
    if seat is None:
        return False
    move = scripted_move(script, game, seat)
    if move is None:
        return False
    if phase == BURYING:
        game.bury(seat, list(move.cards))
    else:
        game.play(seat, list(move.cards))
    return True
