"""The audit run: practice hands through the practice model, every text and claim
checked by the auditor, the hidden cards re-dealt to catch a leak.

``run(plan, advisor, language)`` plays each ``(seed, policy)`` of ``plan`` for one hand
and returns the ``Report``.  ``python -m tests.coach.audit`` runs the full audit (40
hands, both languages, the hard advisor) and prints the counts (``make audit``).
"""

from __future__ import annotations

import copy
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from engine.ai.players import uncapped_hard
from engine.game import BURYING, TRICKS
from engine.players import PLAYERS
from tutor.coach.said import Said, SeatRef
from tutor.coach.transcript import POLICIES, Moment, decision_texts, moments
from tutor.i18n import language, set_language
from tutor.practice import PracticeTable

from .auditor import Auditor

ZH_SEATS = {1: "下家", 2: "对家", 3: "上家"}
"""The learner's 下家 is the next seat (play goes to the right), 上家 the one before."""
CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass
class Report:
    language: str
    hands: int = 0
    decisions: int = 0
    texts: int = 0
    claims: int = 0
    false: list[str] = field(default_factory=list)
    wording: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    contradictions: list[str] = field(default_factory=list)
    """Review notes on a play the learner made exactly as the coach advised."""
    notes: int = 0
    seconds: float = 0.0

    @property
    def problems(self) -> list[str]:
        return self.false + self.wording + self.leaks + self.contradictions

    def line(self) -> str:
        return (f"{self.language}: {self.hands} hands, {self.decisions} decisions, {self.texts} "
                f"texts, {self.claims} claims checked, {len(self.false)} false, "
                f"{len(self.wording)} wording problems, {len(self.leaks)} leaks, "
                f"{len(self.contradictions)} notes on advised plays, "
                f"{self.notes} review notes ({self.seconds:.1f} s)")


def plan_of(hands: int, first_seed: int = 1) -> list[tuple[int, str]]:
    """Seeds with the learner's policies mixed in turn."""
    return [(first_seed + i, POLICIES[i % len(POLICIES)]) for i in range(hands)]


def run(plan: list[tuple[int, str]], advisor: str = "ai", lang: str = "en",
        leak_every: int = 1, auditor: Auditor | None = None) -> Report:
    """Audit one hand per ``(seed, policy)`` in ``lang``; ``leak_every``: re-deal the
    hidden cards at every n-th decision."""
    before = language()
    set_language(lang)
    report = Report(lang)
    start = time.perf_counter()
    try:
        for seed, policy in plan:
            audit = auditor if auditor is not None else Auditor()
            advised: set[int | None] = set()
            for moment in moments(seed, 1, policy, advisor):
                _moment(moment, audit, report, leak_every, seed)
                _contradictions(moment, advised, report, seed)
            report.hands += 1
            report.claims += audit.claims
            report.false += audit.false
            audit.claims, audit.false = 0, []
    finally:
        set_language(before)
    report.seconds = time.perf_counter() - start
    return report


def _moment(moment: Moment, audit: Auditor, report: Report, leak_every: int, seed: int) -> None:
    view = moment.view
    decision = moment.phase in (TRICKS, BURYING)
    if decision:
        report.decisions += 1
        if moment.phase == TRICKS:
            audit.record(moment.hand, view)
    for where, said in moment.texts:
        report.texts += 1
        report.notes += where == "review"
        _wording(said, view.seat, where, report)
        for claim in said.all_claims():
            audit.check(claim, view, moment.hand, f"seed {seed} {where}", said.text())
    if decision and moment.table is not None and report.decisions % leak_every == 0:
        _leak(moment, report, seed)


def _contradictions(moment: Moment, advised: set[int | None], report: Report,
                    seed: int) -> None:
    """Remember the tricks (``None``: the bury) where the learner played the coach's
    advice; at the review, a note on one of them contradicts the coach."""
    if moment.phase in (TRICKS, BURYING) and moment.advice is not None:
        if Counter(moment.played) == Counter(moment.advice.cards):
            advised.add(len(moment.view.tricks) if moment.phase == TRICKS else None)
    if moment.phase == "review" and moment.table is not None:
        for note in moment.table.review():
            if note.trick in advised:
                report.contradictions.append(f"seed {seed}: {note.said.text()}")


def _wording(said: Said, learner: int, where: str, report: Report) -> None:
    """The sentence renders in both languages, every placeholder filled; Chinese is
    Chinese with 上家/下家/对家; English seats are lower case inside a sentence, and a
    sentence starts with a capital."""
    current = language()
    try:
        for lang in ("en", "zh_CN"):
            set_language(lang)
            text = said.text()
            if "{" in text or "}" in text or not text.strip():
                report.wording.append(f"{lang} {where}: unfilled {text!r}")
            if lang == "zh_CN" and not CJK.search(text):
                report.wording.append(f"zh {where}: not Chinese {text!r}")
            for _key, value in said.values:
                if isinstance(value, SeatRef) and lang == "zh_CN":
                    word = ZH_SEATS.get((value.seat - learner) % 4)
                    if word and word not in text:
                        report.wording.append(f"zh {where}: seat {value.seat} not {word}: {text!r}")
                if isinstance(value, SeatRef) and lang == "en" and not value.start:
                    if re.search(r"\S (The opponent|Your partner|Right opponent|Left opponent)", text):
                        report.wording.append(f"en {where}: capitalised seat {text!r}")
            if lang == "en" and text[:1].islower():
                report.wording.append(f"en {where}: starts in lower case {text!r}")
            if lang == "zh_CN" and "已经没有了" in text:
                report.wording.append(f"zh {where}: 已经没有了 {text!r}")
            if re.search(r"Lesson 0\d|第 ?0\d", text):
                report.wording.append(f"{lang} {where}: zero-padded lesson {text!r}")
    finally:
        set_language(current)


def _leak(moment: Moment, report: Report, seed: int) -> None:
    """Re-deal every card the learner cannot see; the texts must not change."""
    table = moment.table
    assert table is not None
    original = [(where, said.text()) for where, said in decision_texts(table)]
    other = redealt(table, random.Random(seed * 7919 + report.decisions))
    again = [(where, said.text()) for where, said in decision_texts(other)]
    if again != original:
        diff = next(((a, b) for a, b in zip(original, again) if a != b), (original, again))
        report.leaks.append(f"seed {seed} decision {report.decisions}: {diff}")


def redealt(table: PracticeTable, rng: random.Random) -> PracticeTable:
    """A copy of ``table`` whose other hands (and the kitty, unless the learner buried
    it) hold the same number of cards, shuffled among them."""
    other = copy.copy(table)
    other._ladder = None
    other.game = game = copy.copy(table.game)
    game.hands = [list(hand) for hand in table.game.hands]
    game.kitty = list(table.game.kitty)
    seats = [s for s in range(4) if s != table.learner]
    pool = [c for s in seats for c in game.hands[s]]
    kitty_hidden = game.dealer != table.learner and len(game.kitty) > 0
    if kitty_hidden:
        pool += game.kitty
    rng.shuffle(pool)
    for seat in seats:
        size = len(game.hands[seat])
        game.hands[seat], pool = pool[:size], pool[size:]
        if game.ctx is not None:
            game.hands[seat].sort(key=game.ctx.sort_key)
    if kitty_hidden:
        game.kitty = pool
    return other


def main(argv: list[str]) -> int:
    hands = int(argv[0]) if argv else 40
    advisor = argv[1] if len(argv) > 1 else "ai:hard"
    if advisor == "ai:hard":
        # no wall-clock cap: the budget in simulated cards alone decides the search, so
        # a re-dealt table searches exactly as the original did and a changed text can
        # only come from the hidden cards (with the cap, a busy moment changes the deals)
        PLAYERS[advisor] = uncapped_hard
    plan = plan_of(hands)
    failed = False
    for lang in ("en", "zh_CN"):
        report = run(plan, advisor, lang)
        print(report.line())
        for problem in report.problems[:20]:
            print("  " + problem)
        failed = failed or bool(report.problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
