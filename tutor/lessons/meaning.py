"""What a lesson step means, checked against the engine: everything its schema alone
cannot say.

- every task states its answer (``expect``) and the engine, through the named rule,
  must judge exactly that answer right (and every other option or card answer
  wrong): a disagreement is a problem, so neither a wrong rule nor a wrong lesson
  ships alone;
- a task can be failed (some answer is wrong);
- every position is one a deal can produce (no more copies of a card than the decks
  hold, no hand larger than a deal gives).

Apart from the reading of a step (``loader``) because these checks ask the rules and
the engine, not the file: they run on a step already read.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Iterable, Sequence

from engine import Card, Rules, TrumpContext
from engine.errors import InvalidCardsError

from .choice_rules import CHOICE_RULES
from .fieldreader import FieldReader
from .hand_rules import SafeBury
from .model import VARIANTS, Answer, Trick, context_for
from .play_rules import PointsRule
from .replay import replay_problems
from .rules import CARD_RULES, correct_options, is_positional, right_answers
from .steps import CardTask, Choose, Declare, Drill, Narration, PlayTrick, Quiz, Recap, SelectCards, Step, Task
from .yamlfile import Map


class MeaningChecker(FieldReader):
    """Checks each step read against the rules in force, recording problems."""

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


