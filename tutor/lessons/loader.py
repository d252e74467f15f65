"""Read lesson files into the model, with ``file:line: field: problem`` errors.

Files are read through ``tutor.lessons.yamlfile`` (bounded, safe, line-aware).  The
reader collects every problem it finds instead of stopping at the first.  Beyond the
schema it checks what a lesson means, under the rules in force:

- every task states its answer (``expect``) and the engine, through the named rule,
  must judge exactly that answer right (and every other option or card answer
  wrong): a disagreement is a problem, so neither a wrong rule nor a wrong lesson
  ships alone;
- a task can be failed (some answer is wrong);
- every position is one a deal can produce (no more copies of a card than the decks
  hold, no hand larger than a deal gives).

A file with problems becomes an ``UnavailableLesson`` carrying them: the app lists
them instead of crashing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from engine import Card, Rules, TrumpContext, check_dealable, parse_cards
from engine.errors import InvalidCardsError
from engine.cards import RANKS

from .answers import MAX_CANDIDATES, TooOpen, subsets
from .choice_rules import CHOICE_RULES
from .hand_rules import SafeBury
from .model import (
    VARIANTS,
    SEATS,
    SORTS,
    STEP_TYPES,
    Answer,
    CardTask,
    Choose,
    Declare,
    Drill,
    Lesson,
    Narration,
    Option,
    PlayTrick,
    Position,
    Problem,
    Quiz,
    Recap,
    SelectCards,
    Step,
    Task,
    Trick,
    UnavailableLesson,
    answer_key,
    context_for,
    game_rules,
)
from .play_rules import PointsRule
from .replay import replay_problems
from .rules import CARD_RULES, correct_options, is_positional, right_answers
from .yamlfile import Map, Seq, read_file

from ..resources import LESSONS as LESSON_DIR

if TYPE_CHECKING:
    from .hand import GuidedHand


class _Invalid(Exception):
    """A field could not be read; the problem is already recorded."""


_COMMON = {"kind", "goal", "heading", "text", "hint", "explain", "only_if", "with_rules", "teaches", "needs", "defines", "sort"}
_TASK = _COMMON | {"answer", "expect", "level", "trump", "question", "praise"}
_ALLOWED = {
    "narration": _COMMON | {"cards", "highlight", "caption", "table", "tricks", "level", "trump"},
    "choose": _TASK | {"options", "table", "cards", "trick", "tricks", "lead", "others", "declarations",
                       "taken", "last_trick", "points", "dealer", "attackers", "seat"},
    "select_cards": _TASK | {"hand", "lead", "others", "count"},
    "play_trick": _TASK | {"hand", "trick", "strategy", "dealer", "taken", "kitty"},
    "lead": _TASK | {"hand", "others", "played", "strategy", "dealer", "taken", "kitty"},
    "declare": _TASK | {"hand", "shown"},
    "drill": _COMMON | {"generator", "streak"},
    "quiz": _COMMON | {"pool", "count"},
    "recap": _COMMON | {"recap"},
}
_DATA_KEYS = ("taken", "last_trick", "points", "dealer", "attackers", "seat")
_TOP = {"title", "summary", "concept", "decks", "level", "trump", "steps"}


class _Reader:
    """Turns parsed YAML into the model, collecting problems instead of stopping."""

    def __init__(self, path: str, rules: Rules) -> None:
        self.path, self.rules = path, rules
        self.problems: list[Problem] = []
        self.over: set[str] = set()
        """Deal problems already reported in the current step."""

    def problem(self, line: int, field: str, message: str) -> None:
        self.problems.append(Problem(self.path, line, field, message))

    @staticmethod
    def line_of(m: Any, key: str) -> int:
        return m.lines.get(key, m.line) if isinstance(m, Map) else 1

    def get(self, m: Map, key: str, where: str, convert: Callable[[Any, int, str], Any],
            required: bool = False, default: Any = None) -> Any:
        field = f"{where}.{key}" if where else key
        if key not in m or m[key] is None:
            if required:
                self.problem(m.line, field, "missing")
                raise _Invalid
            return default
        return convert(m[key], self.line_of(m, key), field)

    # converters: (value, line, field) -> value, raising _Invalid after recording

    def text(self, value: Any, line: int, field: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.problem(line, field, f"expected text, got {value!r} (quote it)")
            raise _Invalid
        if value != value.strip() or "\n" in value:
            # the msgid is the value as YAML gives it: a block scalar's newline would
            # make it differ from the catalog entry of the same sentence
            self.problem(line, field, "line breaks or outer spaces in text; use a plain or quoted string")
            raise _Invalid
        return value

    def cards(self, value: Any, line: int, field: str) -> tuple[Card, ...]:
        if not isinstance(value, str):
            self.problem(line, field, f"expected cards like 'S10 S10 BJ', got {value!r}")
            raise _Invalid
        try:
            cards = tuple(parse_cards(value))
        except ValueError as exc:
            self.problem(line, field, str(exc))
            raise _Invalid from None
        self.copies([cards], line, field)
        return cards

    def copies(self, groups: Iterable[Sequence[Card]], line: int, field: str) -> None:
        """Report a position no deal can produce (the engine's ``check_dealable``: no
        card more often than the decks hold it), once per step."""
        try:
            check_dealable([list(g) for g in groups], self.rules)
        except InvalidCardsError as exc:
            if str(exc) not in self.over:
                self.over.add(str(exc))
                self.problem(line, field, f"{exc}: no deal gives this")

    def seat(self, value: Any, line: int, field: str) -> int:
        if value not in SEATS:
            self.problem(line, field, f"unknown seat {value!r}; use one of {', '.join(SEATS)}")
            raise _Invalid
        return SEATS.index(value)

    def boolean(self, value: Any, line: int, field: str) -> bool:
        if not isinstance(value, bool):
            self.problem(line, field, f"expected true or false, got {value!r}")
            raise _Invalid
        return value

    def number(self, value: Any, line: int, field: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1000:
            self.problem(line, field, f"expected a whole number from 0 to 1000, got {value!r}")
            raise _Invalid
        return value

    def word(self, value: Any, line: int, field: str) -> str:
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            self.problem(line, field, f"expected a word or number, got {value!r} (quote yes/no)")
            raise _Invalid
        return str(value)

    def words(self, value: Any, line: int, field: str) -> tuple[str, ...]:
        items = self.sequence(value, line, field)
        return tuple(self.word(v, items.lines[i], f"{field}[{i}]") for i, v in enumerate(items))

    def mapping(self, value: Any, line: int, field: str) -> Map:
        if not isinstance(value, Map):
            self.problem(line, field, "expected a mapping (key: value lines)")
            raise _Invalid
        return value

    def sequence(self, value: Any, line: int, field: str) -> Seq:
        if not isinstance(value, Seq):
            self.problem(line, field, "expected a list")
            raise _Invalid
        return value

    def texts(self, value: Any, line: int, field: str) -> tuple[str, ...]:
        items = self.sequence(value, line, field)
        return tuple(self.text(v, items.lines[i], f"{field}[{i}]") for i, v in enumerate(items))

    def hands(self, value: Any, line: int, field: str) -> tuple[tuple[Card, ...], ...]:
        items = self.sequence(value, line, field)
        return tuple(self.cards(v, items.lines[i], f"{field}[{i}]") for i, v in enumerate(items))

    def level(self, value: Any, line: int, field: str) -> str:
        level = str(value).upper()
        if level not in RANKS:
            self.problem(line, field, f"unknown level rank {value!r}; use 2 to 10, J, Q, K or A")
            raise _Invalid
        return level

    def trump(self, value: Any, line: int, field: str) -> str | None:
        text = str(value).upper()
        if text == "NT":
            return None
        if text not in ("S", "H", "D", "C"):
            self.problem(line, field, f"unknown trump {value!r}; use S, H, D, C or NT")
            raise _Invalid
        return text

    def sort(self, value: Any, line: int, field: str) -> str:
        if value not in SORTS:
            self.problem(line, field, f"unknown sort {value!r}; use one of {', '.join(SORTS)}")
            raise _Invalid
        return str(value)

    def decks(self, value: Any, line: int, field: str) -> int:
        if value not in (1, 2, 3, 4) or isinstance(value, bool):
            self.problem(line, field, f"expected the number of decks, 1 to 4, got {value!r}")
            raise _Invalid
        return int(value)

    def only_if(self, value: Any, line: int, field: str) -> tuple[tuple[str, Any], ...]:
        options = self.mapping(value, line, field)
        try:
            Rules(**options)
        except ValueError as exc:
            self.problem(line, field, str(exc))
            raise _Invalid from None
        return tuple(sorted(options.items()))

    def trick(self, value: Any, line: int, field: str, you: bool = True) -> Trick:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"leader", "plays", "winner", "points"}, field)
        leader = self.get(m, "leader", field, self.seat, required=True)
        winner = self.get(m, "winner", field, self.seat)
        stated = self.get(m, "points", field, self.number)
        plays_seq = self.get(m, "plays", field, self.sequence, required=True)
        plays: list[tuple[Card, ...] | None] = []
        for i, item in enumerate(plays_seq):
            where = f"{field}.plays[{i}]"
            plays.append(None if item == "you" and you else self.cards(item, plays_seq.lines[i], where))
        if len(plays) != 4:
            self.problem(plays_seq.line, f"{field}.plays", f"a trick has 4 plays, not {len(plays)}")
            raise _Invalid
        trick = Trick(leader, tuple(plays), winner, stated)
        yours = trick.your_index
        if yours is not None and trick.seat_of(yours) != 0:
            want = (0 - leader) % 4
            self.problem(plays_seq.line, f"{field}.plays", f"'you' must be play {want + 1} when {SEATS[leader]} leads")
            raise _Invalid
        sizes = {len(p) for p in plays if p is not None}
        if len(sizes) > 1:
            self.problem(plays_seq.line, f"{field}.plays", "every play must have as many cards as the lead")
            raise _Invalid
        self.copies([p for p in plays if p is not None], plays_seq.line, f"{field}.plays")
        return trick

    def tricks(self, value: Any, line: int, field: str) -> tuple[Trick, ...]:
        items = self.sequence(value, line, field)
        found = tuple(self.trick(v, items.lines[i], f"{field}[{i}]", you=False) for i, v in enumerate(items))
        self.copies([p for t in found for p in t.plays if p is not None], line, field)
        return found

    def shown(self, value: Any, line: int, field: str) -> tuple[int, tuple[Card, ...]]:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"seat", "cards"}, field)
        return (self.get(m, "seat", field, self.seat, required=True),
                self.get(m, "cards", field, self.cards, required=True))

    def declarations(self, value: Any, line: int, field: str) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        items = self.sequence(value, line, field)
        return tuple(self.shown(v, items.lines[i], f"{field}[{i}]") for i, v in enumerate(items))

    def option(self, value: Any, line: int, field: str) -> Option:
        m = self.mapping(value, line, field)
        self.unknown_keys(m, {"label", "value", "cards", "feedback"}, field)
        cards = self.get(m, "cards", field, self.cards, default=())
        value_ = self.get(m, "value", field, self.word, required=not cards)
        return Option(
            value=value_ if value_ is not None else " ".join(str(c) for c in cards),
            label=self.get(m, "label", field, self.text, required=not cards),
            cards=cards,
            feedback=self.get(m, "feedback", field, self.text),
        )

    def options(self, value: Any, line: int, field: str) -> tuple[Option, ...]:
        items = self.sequence(value, line, field)
        found, failed = [], False
        for i, item in enumerate(items):
            try:
                found.append(self.option(item, items.lines[i], f"{field}[{i}]"))
            except _Invalid:
                failed = True
        if failed:
            raise _Invalid
        values = [o.value for o in found]
        for i, v in enumerate(values):
            if v in values[:i]:
                self.problem(items.lines[i], f"{field}[{i}].value", f"two options have the value {v!r}")
                raise _Invalid
        return tuple(found)

    def card_answers(self, value: Any, line: int, field: str) -> tuple[Answer, ...]:
        """``expect`` of a card task: one answer (cards, or ``pass``), a list of every
        right answer, or ``{pick: N, from: CARDS}`` (every N of those cards)."""
        if isinstance(value, Map):
            self.unknown_keys(value, {"pick", "from"}, field)
            n = self.get(value, "pick", field, self.number, required=True)
            pool = self.get(value, "from", field, self.cards, required=True)
            try:
                picks = subsets(pool, n)
            except TooOpen:
                self.problem(line, field, f"more than {MAX_CANDIDATES} answers: too many for a lesson task")
                raise _Invalid from None
            first = answer_key(pool[:n])  # the first n as written: the answer shown
            return (first, *(p for p in picks if p != first))
        items = value if isinstance(value, Seq) else [value]
        lines = value.lines if isinstance(value, Seq) else [line]
        found: list[Answer] = []
        for i, item in enumerate(items):
            where = f"{field}[{i}]" if isinstance(value, Seq) else field
            answer = () if item == "pass" else answer_key(self.cards(item, lines[i], where))
            if answer not in found:
                found.append(answer)
        return tuple(found)

    def unknown_keys(self, m: Map, allowed: set[str], where: str) -> None:
        for key in m:
            if key not in allowed:
                name = f"{where}.{key}" if where else str(key)
                self.problem(self.line_of(m, key), name, "unknown field")

    # ----------------------------------------------------------------- lesson and steps

    def lesson(self, data: Any, lesson_id: str, topic: str | None) -> Lesson | None:
        if not isinstance(data, Map):
            self.problem(1, "lesson", "a lesson file must be a mapping with title, summary, concept and steps")
            return None
        self.unknown_keys(data, _TOP, "")
        try:
            head = {k: self.get(data, k, "", self.text, required=True) for k in ("title", "summary", "concept")}
            decks = self.get(data, "decks", "", self.decks, default=2)
            position = self.position(data, "", None)
            steps_seq = self.get(data, "steps", "", self.sequence, required=True)
        except _Invalid:
            return None
        self.rules = game_rules(self.rules, decks)  # every card and answer is read under the lesson's game
        steps = []
        for i, item in enumerate(steps_seq):
            try:
                steps.append(self.step(item, steps_seq.lines[i], f"steps[{i}]", position, decks))
            except _Invalid:
                continue
        if not steps_seq:
            self.problem(steps_seq.line, "steps", "a lesson needs at least one step")
        return Lesson(id=lesson_id, path=self.path, steps=tuple(steps), rules_topic=topic, decks=decks, **head)

    def position(self, m: Map, where: str, default: Position | None) -> Position | None:
        level = self.get(m, "level", where, self.level)
        has_trump = "trump" in m
        trump = self.get(m, "trump", where, self.trump) if has_trump else None
        if level is None and not has_trump:
            return default
        if level is None:
            if default is None:
                self.problem(self.line_of(m, "trump"), f"{where}.level" if where else "level", "a trump needs a level")
                raise _Invalid
            level = default.level
        if not has_trump and default is not None and default.level == level:
            return default
        return Position(level, trump, decided=has_trump)

    def step(self, value: Any, line: int, where: str, default: Position | None, decks: int | None = None) -> Step:
        self.over = set()
        m = self.mapping(value, line, where)
        kind = self.get(m, "kind", where, self.word, required=True)
        if kind not in STEP_TYPES:
            self.problem(self.line_of(m, "kind"), f"{where}.kind",
                         f"unknown step kind {kind!r}; use one of {', '.join(STEP_TYPES)}")
            raise _Invalid
        self.unknown_keys(m, _ALLOWED[kind], where)
        cls = STEP_TYPES[kind]
        values: dict[str, Any] = {"line": m.line, "decks": decks}
        readers: dict[str, Callable[[Any, int, str], Any]] = {
            "goal": self.text, "heading": self.text, "text": self.text, "hint": self.text, "explain": self.text,
            "question": self.text, "praise": self.text, "caption": self.text, "answer": self.word,
            "only_if": self.only_if, "with_rules": self.only_if, "teaches": self.words, "needs": self.words, "defines": self.words,
            "sort": self.sort, "cards": self.cards, "highlight": self.cards, "table": self.boolean,
            "hand": self.cards, "lead": self.cards, "played": self.cards, "others": self.hands,
            "count": self.number, "trick": self.trick, "tricks": self.tricks, "shown": self.shown,
            "declarations": self.declarations, "options": self.options, "recap": self.texts,
            "generator": self.word, "streak": self.number, "pool": self.words,
            "strategy": self.boolean, "dealer": self.seat, "taken": self.number, "kitty": self.cards,
        }
        names = {f.name for f in fields(cls)}
        failed = False
        for key, read in readers.items():
            if key in names and key in m:
                try:
                    values[key] = self.get(m, key, where, read)
                except _Invalid:
                    failed = True
        if "count" in m and cls is Quiz:
            values["count"] = self.get(m, "count", where, self.number)
        if "expect" in m:
            try:
                read_expect = self.word if cls is Choose else self.card_answers
                values["expect"] = self.get(m, "expect", where, read_expect)
            except _Invalid:
                failed = True
        if "position" in names:
            try:
                values["position"] = self.position(m, where, default)
            except _Invalid:
                failed = True
        if cls is Choose:
            data = {}
            for key in _DATA_KEYS:
                try:
                    data[key] = self.get(m, key, where, self.word)
                except _Invalid:
                    failed = True
            values["data"] = tuple((k, v) for k, v in data.items() if v is not None)
        if any(key == "decks" for key, _ in values.get("with_rules", ())):
            self.problem(self.line_of(m, "with_rules"), f"{where}.with_rules",
                         "a game of other decks is the lesson's: give `decks` at the top of the file")
            failed = True
        if failed:
            raise _Invalid
        step = cls(**{k: v for k, v in values.items() if v is not None})
        self.check_step(step, m, where)
        return step

    # ----------------------------------------------------------------- meaning

    def check_step(self, step: Step, m: Map, where: str) -> None:
        """Everything the schema alone cannot say: the rule exists and fits the step,
        the data it needs is there, the position can be dealt, and under the rules in
        force the engine judges exactly the author's ``expect`` right."""
        at = lambda key: self.line_of(m, key)  # noqa: E731
        if isinstance(step, Narration):
            if not (step.text or step.goal):
                self.problem(m.line, f"{where}.text", "a narration needs text")
            if step.highlight and Counter(step.highlight) - Counter(step.cards):
                self.problem(at("highlight"), f"{where}.highlight", "highlights cards that are not shown")
            if step.tricks:
                self.copies([step.cards, *(p for t in step.tricks for p in t.plays if p is not None)],
                            m.line, where)
                self.replay(step, at("tricks"), where)
            return
        if isinstance(step, Recap):
            if not step.recap:
                self.problem(m.line, f"{where}.recap", "a recap needs at least one line")
            return
        if isinstance(step, (Drill, Quiz)):
            self.check_generated(step, m, where)
            return
        assert isinstance(step, Task)
        if not step.goal:
            self.problem(m.line, f"{where}.goal", "every task needs a one-line goal")
        if "expect" not in m:
            self.problem(m.line, f"{where}.expect", "missing: every task states its right answer")
            return
        if isinstance(step, Choose):
            self.check_choose(step, m, where)
            return
        assert isinstance(step, CardTask)
        rule = CARD_RULES.get(step.answer or "")
        if rule is None or not isinstance(step, rule.step_types):
            known = sorted(n for n, r in CARD_RULES.items() if isinstance(step, r.step_types))
            self.problem(at("answer"), f"{where}.answer",
                         f"unknown rule {step.answer!r} for {step.kind}; use one of {', '.join(known)}")
            return
        missing = [key for key in ("hand",) + rule.needs_fields if not getattr(step, key, None)]
        if isinstance(step, PlayTrick) and step.trick is None:
            missing.append("trick")
        if step.answer == "legal_follow" and isinstance(step, SelectCards) and not step.lead:
            missing.append("lead")
        if self.lacks_inputs(step, m, where, missing, isinstance(step, Declare)):
            return
        if isinstance(step, PlayTrick) and step.trick is not None and step.trick.your_index in (None, 0):
            self.problem(at("trick"), f"{where}.trick", "put 'you' among the plays after the lead")
            return
        self.check_deal(step, m, where)
        if step.applies(self.rules):
            self.evaluate(step, where, at("expect"), rule)
            self.check_shows_options(step, at("with_rules"), where)

    def check_deal(self, step: CardTask, m: Map, where: str) -> None:
        """The position is one a deal can produce: hand sizes, and no card shown more
        often than the decks hold it across everything on the table."""
        game = step.rules_for(self.rules).variant
        dealt = game.hand_size
        limit = dealt + game.kitty_size if isinstance(step, SelectCards) and step.answer == "safe_bury" else dealt
        if len(step.hand) > limit:
            self.problem(self.line_of(m, "hand"), f"{where}.hand",
                         f"{len(step.hand)} cards: a hand holds at most {limit} here")
        for i, hand in enumerate(getattr(step, "others", ())):
            if len(hand) > dealt:
                self.problem(self.line_of(m, "others"), f"{where}.others[{i}]",
                             f"{len(hand)} cards: a hand holds at most {dealt}")
        groups: list[Sequence[Card]] = [step.hand]
        trick: Trick | None = getattr(step, "trick", None)
        if trick is not None:
            groups.extend(p for p in trick.plays if p is not None)
            lead = trick.plays[0] or ()
            if len(lead) > len(step.hand):
                self.problem(self.line_of(m, "trick"), f"{where}.trick",
                             f"the lead has {len(lead)} cards but your hand only {len(step.hand)}")
        groups.extend(getattr(step, "others", ()))
        groups.append(getattr(step, "played", ()))
        groups.append(step.kitty)
        shown = getattr(step, "shown", None)
        if shown is not None and shown[0] != 0:
            groups.append(shown[1])
        self.copies(groups, m.line, f"{where}")

    def lacks_inputs(self, step: Task, m: Map, where: str, missing: list[str], undecided_ok: bool = False) -> bool:
        """Report the keys a step's rule needs but the step lacks, then a missing
        position; ``True`` when anything was reported (the rule cannot be evaluated)."""
        for key in missing:
            self.problem(m.line, f"{where}.{key}", f"missing (rule {step.answer} needs it)")
        if missing:
            return True
        if step.position is None and not is_positional(step):
            return False
        if step.position is None:
            self.problem(m.line, f"{where}.level", "missing: this task needs a level and a trump")
            return True
        if not step.position.decided and not undecided_ok:
            self.problem(m.line, f"{where}.trump", "missing: this task needs a trump (S, H, D, C or NT)")
            return True
        return False

    def evaluate(self, step: CardTask, where: str, line: int, rule: Any) -> None:
        try:
            ctx = context_for(step, self.rules)
            engine = set(rule.answers(step, ctx))
            self.compare(engine, set(step.expect), step.answer, where, line)
            if () in engine and not isinstance(step, Declare):
                self.problem(line, f"{where}.answer", "the answer is to pick no card, which cannot be played or checked")
            self.check_model(step, ctx, rule, where, line)
            if rule.wrong_answer(step, ctx) is None:
                self.problem(line, f"{where}.answer",
                             f"every answer satisfies {step.answer}: the task cannot be failed")
            if isinstance(rule, PointsRule) and isinstance(step, PlayTrick):
                if rule.team_wins(step, ctx) is not rule.most:
                    side = "your side must win the trick whatever you play" if rule.most else \
                        "the opponents must win the trick whatever you play"
                    self.problem(line, f"{where}.answer", f"{step.answer} needs a trick where {side}")
        except Exception as exc:  # noqa: BLE001 - reported as a problem of the file, not raised
            self.problem(line, f"{where}.answer", f"the engine cannot judge this step: {exc}")

    def check_model(self, step: CardTask, ctx: TrumpContext, rule: Any, where: str, line: int) -> None:
        """The answer shown (the first of ``expect``) is a good model: for a burial,
        one that empties as many side suits and buries cards as small as any safe one
        (the proofs of play tasks are ``tutor.lessons.proof``'s)."""
        if not isinstance(rule, SafeBury) or not step.expect:
            return
        answers = rule.answers(step, ctx)
        if rule.merit(step, ctx, step.expect[0]) != min(rule.merit(step, ctx, a) for a in answers):
            model = rule.model_first(step, ctx, answers)[0]
            self.problem(line, f"{where}.expect", f"the answer shown buries {' '.join(map(str, step.expect[0]))}; "
                         f"a better burial empties more suits or keeps higher cards: {' '.join(map(str, model))}")

    def compare(self, engine: set[Answer], expected: set[Answer], rule: str | None, where: str, line: int) -> None:
        def show(answers: Iterable[Answer]) -> str:
            return "; ".join(" ".join(str(c) for c in a) or "pass" for a in sorted(answers, key=str))

        refused, extra = expected - engine, engine - expected
        if refused or extra:
            parts = []
            if refused:
                parts.append(f"the engine refuses {show(refused)}")
            if extra:
                parts.append(f"the engine also accepts {show(extra)}")
            self.problem(line, f"{where}.expect", f"disagrees with rule {rule}: {', and '.join(parts)}")

    def check_choose(self, step: Choose, m: Map, where: str) -> None:
        at = lambda key: self.line_of(m, key)  # noqa: E731
        if len(step.options) < 2:
            self.problem(at("options"), f"{where}.options", "a choice needs at least two options")
            return
        rule = CHOICE_RULES.get(step.answer or "")
        if rule is None:
            self.problem(at("answer"), f"{where}.answer",
                         f"unknown rule {step.answer!r} for choose; use one of {', '.join(sorted(CHOICE_RULES))}")
            return
        values = [o.value for o in step.options]
        if step.expect not in values:
            self.problem(at("expect"), f"{where}.expect",
                         f"{step.expect!r} is no option's value; the values are {', '.join(values)}")
            return
        missing = [k for k in rule.needs_fields if not (getattr(step, k, None) or step.datum(k) is not None)]
        if self.lacks_inputs(step, m, where, missing, not rule.needs_trump):
            return
        for i, option in enumerate(step.options):
            self.copies([option.cards], at("options"), f"{where}.options[{i}]")
        groups: list[Sequence[Card]] = [step.cards, step.lead, *step.others]
        if step.trick is not None:
            groups.extend(p for p in step.trick.plays if p is not None)
        groups.extend(p for t in step.tricks for p in t.plays if p is not None)
        self.copies(groups, m.line, where)
        if not step.applies(self.rules):
            return
        self.replay(step, at("tricks"), where)
        try:
            right = correct_options(step, context_for(step, self.rules))
        except Exception as exc:  # noqa: BLE001 - reported as a problem of the file, not raised
            self.problem(at("answer"), f"{where}.answer", f"the engine cannot judge this step: {exc}")
            return
        if right != {values.index(step.expect)}:
            judged = ", ".join(values[i] for i in sorted(right)) or "no option"
            self.problem(at("expect"), f"{where}.expect",
                         f"says {step.expect}, but rule {step.answer} judges {judged} right")
        self.check_shows_options(step, at("with_rules"), where)

    def check_shows_options(self, step: Task, line: int, where: str) -> None:
        """A task played under ``with_rules`` is there to show what an option changes:
        its right answers must differ under another value of one of those options."""
        if not step.with_rules:
            return
        try:
            right = right_answers(step, context_for(step, self.rules))
            for key, value in step.with_rules:
                for options in (Rules().to_dict(), *VARIANTS):
                    if key in options and options[key] != value:
                        other = replace(step, with_rules=tuple(sorted({**dict(step.with_rules), key: options[key]}.items())))
                        if right_answers(other, context_for(other, self.rules)) != right:
                            return
        except Exception as exc:  # noqa: BLE001 - reported as a problem of the file, not raised
            self.problem(line, f"{where}.with_rules", f"the engine cannot judge this step: {exc}")
            return
        self.problem(line, f"{where}.with_rules",
                     "the right answer is the same whatever the value of these rule options: "
                     "the task does not show what they change")

    def replay(self, step: Step, line: int, where: str) -> None:
        """A run of tricks is one hand's: replayed through the engine (``replay``)."""
        tricks = getattr(step, "tricks", ())
        if not tricks:
            return
        try:
            found = replay_problems(tricks, context_for(step, self.rules))
        except InvalidCardsError:
            return  # more copies than the decks hold: reported by ``copies``
        except Exception as exc:  # noqa: BLE001 - reported as a problem of the file, not raised
            self.problem(line, f"{where}.tricks", f"the engine cannot replay these tricks: {exc}")
            return
        for n, message in found:
            self.problem(line, f"{where}.tricks[{n}]", message)

    def check_generated(self, step: Drill | Quiz, m: Map, where: str) -> None:
        from .drills import GENERATORS, generate

        names = (step.generator,) if isinstance(step, Drill) else step.pool
        field = "generator" if isinstance(step, Drill) else "pool"
        unknown = [n for n in names if n not in GENERATORS]
        if not names or unknown:
            self.problem(self.line_of(m, field), f"{where}.{field}",
                         f"unknown generator {unknown[0] if unknown else ''!r}; use one of {', '.join(sorted(GENERATORS))}")
            return
        if not step.applies(self.rules):
            return
        for name in names:
            try:
                for seed in range(3):
                    task = generate(name, seed, self.rules)
                    for n, message in replay_problems(getattr(task, "tricks", ()), context_for(task, self.rules)):
                        self.problem(self.line_of(m, field), f"{where}.{field}",
                                     f"generator {name}, seed {seed}: {message}")
            except Exception as exc:  # noqa: BLE001 - reported as a problem of the file, not raised
                self.problem(self.line_of(m, field), f"{where}.{field}", f"generator {name} fails: {exc}")


# --------------------------------------------------------------------------- entry points


def read_lesson(path: str | Path, lesson_id: str, topic: str | None = None,
                rules: Rules | None = None) -> Lesson | UnavailableLesson:
    """Read one lesson file; problems of any kind give an ``UnavailableLesson``."""
    path = Path(path)
    name = str(path)
    rules = rules if rules is not None else Rules()
    reader = _Reader(name, rules)
    lesson = None
    try:
        result = read_file(path)
        for p in result.problems:
            reader.problem(p.line, p.field, p.message)
        if result.data is not None or not result.problems:
            lesson = reader.lesson(result.data, lesson_id, topic)
    except OSError as exc:
        reader.problem(1, "file", exc.strerror or str(exc))
    except Exception as exc:  # noqa: BLE001 - a lesson file must never take the app down
        reader.problem(1, "lesson", f"cannot be read: {exc!r}")
    if lesson is None or reader.problems:
        title = lesson.title if lesson is not None else None
        return UnavailableLesson(lesson_id, name, tuple(sorted(reader.problems, key=lambda p: p.line)), title)
    return lesson


def lesson_id_of(path: Path) -> str:
    """A file outside the index is named by its number: ``lessons/03_x.yaml`` → ``"03"``."""
    return path.stem.split("_", 1)[0]


def load_lesson(path: str | Path, rules: Rules | None = None) -> "Lesson | GuidedHand | UnavailableLesson":
    """Read one lesson file (or guided hand), its id and topic taken from the index
    when it is listed."""
    from .index import entry_for_file

    entry = entry_for_file(Path(path))
    if entry is None:
        return read_lesson(path, lesson_id_of(Path(path)), None, rules)
    return _READERS[entry.kind](path, entry.id, entry.reference, rules)


def load_all(directory: Path = LESSON_DIR,
             rules: Rules | None = None) -> "list[Lesson | GuidedHand | UnavailableLesson]":
    """Every lesson (and guided hand) of the index, in teaching order; broken ones as
    ``UnavailableLesson``.

    Each file is read and checked once per rule set: later calls (every browser, rules
    or review screen) reuse the lesson until the file changes (size or time stamp)."""
    from .index import read_index

    rules = rules if rules is not None else Rules()
    index = read_index(directory, file_stamp(directory / "index.yaml"))
    if index.problems:
        return [UnavailableLesson("00", str(directory / "index.yaml"), tuple(index.problems))]
    found = []
    for e in index.entries:
        key = (directory / e.file, file_stamp(directory / e.file), e.id, e.reference, e.kind)
        lesson = _OTHER_GAMES.get(key)
        if lesson is None or lesson.decks == rules.decks:  # the game in force: its options count
            lesson = _read_unchanged(*key[:4], rules, e.kind)
            if getattr(lesson, "decks", rules.decks) != rules.decks:
                if len(_OTHER_GAMES) >= 64:
                    _OTHER_GAMES.clear()
                _OTHER_GAMES[key] = lesson
        found.append(lesson)
    return found


_OTHER_GAMES: dict[tuple[Path, tuple[int, int], str, str | None, str], Any] = {}
"""Lessons of a game other than the one in force, by file and change stamp: such a
lesson is read under its own game's rules, the same whatever game and options are in
force, so it is read once for all of them (the checker loads every lesson under every
option)."""


@lru_cache(maxsize=256)
def _read_unchanged(path: Path, stamp: tuple[int, int], lesson_id: str, topic: str | None,
                    rules: Rules, kind: str = "lesson") -> "Lesson | GuidedHand | UnavailableLesson":
    return _READERS[kind](path, lesson_id, topic, rules)


def _read_hand(path: str | Path, hand_id: str, topic: str | None, rules: Rules | None) -> "GuidedHand | UnavailableLesson":
    from .hand import read_hand

    return read_hand(path, hand_id, topic, rules)


_READERS = {"lesson": read_lesson, "hand": _read_hand}
"""How each kind of index entry is read (``index.KINDS``)."""


def file_stamp(path: Path) -> tuple[int, int]:
    """A file's change stamp (time and size): a changed file is read again."""
    try:
        info = path.stat()
    except OSError:
        return (0, -1)
    return (info.st_mtime_ns, info.st_size)
