"""The guided hand's file: read into a ``GuidedHand`` and checked by replaying it.

``read_hand`` reads the schema (``lessons/README.md``), collecting every problem as
``file:line: field: problem``; ``check_hand`` replays the script with the script's own
answers at the stops and compares each stop's ``expect`` with the engine's judgement
there, like a lesson task's; it fails when a moment does not fire, fires out of order,
or a stop cannot be failed.  Apart from ``hand``, which the table plays from, because
only the lesson loader and the checker read and replay files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import Rules
from engine.game import BURYING, DEALING, DECLARING, HAND_OVER, MATCH_OVER, SEED_LIMIT, TRICKS, Game, GameError

from .fieldreader import FieldReader, Invalid
from .hand import (
    CONDITIONS,
    LEARNER,
    STOP_PHASES,
    WHEN,
    At,
    GuidedHand,
    Moment,
    Script,
    ScriptedDeclaration,
    ScriptedPlay,
    due,
    passed,
    script_answer,
    scripted_declarations,
    scripted_move,
    stop_task,
)
from .meaning import MeaningChecker
from .model import SEATS, Answer, Problem, UnavailableLesson, answer_key, context_for
from .rules import CARD_RULES
from .steps import Narration, Step
from .yamlfile import Map, Seq, read_file

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
