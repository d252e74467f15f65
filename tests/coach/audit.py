"""The audit run: practice hands through the practice model, every text and claim
checked by the auditor, the hidden cards re-dealt to catch a leak.

``run(plan, advisor, language)`` plays each ``(seed, policy)`` of ``plan`` for one hand
and returns the ``Report``.  ``python -m tests.coach.audit`` runs the full audit (100
first hands under the default rules and 3 later hands under each other value of every
rule option, each at a table in English or Chinese in turn, every text worded and
checked in both; the advisor exactly as the table asks it) and prints the counts;
``--decks all`` adds the one-, three- and four-deck games (``make audit``).  Besides each claim (``auditor``), it checks what a sentence says
beyond its claims' fields: a lead line that leaves out a kind of lead the hand holds, a
partner's ruff said without its shape checked, an English word in a Chinese sentence, a
share of sampled deals that does not say how they were drawn.
"""

from __future__ import annotations

import argparse

import copy
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from engine.cards import RANKS
from engine.game import BURYING, TRICKS, Game
from engine.rules import Rules
from engine.view import PlayerView
from tutor.coach.reasons import GENERAL, HOLDER_UNKNOWN
from tutor.coach.said import Percent, Said, SeatRef
from tutor.coach.transcript import POLICIES, Moment, decision_texts, moments
from tutor.i18n import language, set_language
from tutor.practice import PracticeTable

from ..engine.oracle import Order, classes_of, pair_faces, runs
from .auditor import Auditor

ZH_SEATS = {1: "下家", 2: "对家", 3: "上家"}
"""The learner's 下家 is the next seat (play goes to the right), 上家 the one before."""
CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
"""An English word in a Chinese sentence (a card's rank is one letter: ♠K, ♥10)."""


@dataclass
class Report:
    language: str
    hands: int = 0
    decisions: int = 0
    texts: int = 0
    claims: int = 0
    false: list[str] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)
    """Claims said to be sure that a deal consistent with the learner's view contradicts
    (certainty the coach cannot have)."""
    wording: list[str] = field(default_factory=list)
    english: list[str] = field(default_factory=list)
    """Chinese sentences with an English word in them (a name fixed when the sentence
    was built in English, shown after the language changed)."""
    leaks: list[str] = field(default_factory=list)
    contradictions: list[str] = field(default_factory=list)
    """Review notes on a play the learner made exactly as the coach advised."""
    notes: int = 0
    generic: int = 0
    """Principle rungs that fell back to the generic "think about what each play can win"."""
    unknown: int = 0
    """Sentences naming a card whose holder the learner cannot know (``HolderUnknown``)."""
    seconds: float = 0.0

    def add(self, other: "Report") -> None:
        """Count ``other``'s hands in this report too."""
        for name in ("hands", "decisions", "texts", "claims", "notes", "generic", "unknown",
                     "seconds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("false", "unsure", "wording", "english", "leaks", "contradictions"):
            getattr(self, name).extend(getattr(other, name))

    @property
    def problems(self) -> list[str]:
        return (self.false + self.unsure + self.wording + self.english + self.leaks
                + self.contradictions)

    def line(self) -> str:
        return (f"{self.language}: {self.hands} hands, {self.decisions} decisions, {self.texts} "
                f"texts, {self.claims} claims checked, {len(self.false)} false, {len(self.unsure)} "
                f"unsure, "
                f"{len(self.wording)} wording problems, {len(self.english)} English words in "
                f"Chinese, {len(self.leaks)} leaks, "
                f"{len(self.contradictions)} notes on advised plays, "
                f"{self.notes} review notes, {self.generic} generic principle rungs, "
                f"{self.unknown} cards whose holder cannot be known ({self.seconds:.1f} s)")


def plan_of(hands: int, first_seed: int = 1) -> list[tuple[int, str]]:
    """Seeds with the learner's policies mixed in turn."""
    return [(first_seed + i, POLICIES[i % len(POLICIES)]) for i in range(hands)]


def run(plan: list[tuple[int, str]], advisor: str = "ai", lang: str = "en",
        leak_every: int = 1, auditor: Auditor | None = None,
        game_of: Callable[[int], Game] | None = None, most: int | None = None) -> Report:
    """Audit one hand per ``(seed, policy)`` in ``lang``; ``leak_every``: re-deal the
    hidden cards at every n-th decision; ``game_of``: the game a seed plays (default: a
    match's first hand under the default rules); ``most``: stop each hand after that
    many moments (a quick look at a long hand)."""
    before = language()
    set_language(lang)
    report = Report(lang)
    start = time.perf_counter()
    try:
        for seed, policy in plan:
            audit = auditor if auditor is not None else Auditor()
            advised: set[int | None] = set()
            game = game_of(seed) if game_of is not None else None
            for number, moment in enumerate(moments(seed, 1, policy, advisor, game=game)):
                if number == most:
                    break
                _moment(moment, audit, report, leak_every, seed)
                _contradictions(moment, advised, report, seed)
            report.hands += 1
            report.claims += audit.claims
            report.false += audit.false
            report.unsure += audit.unsure
            audit.claims, audit.false, audit.unsure = 0, [], []
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
        report.generic += said.msgid == GENERAL
        report.unknown += said.msgid == HOLDER_UNKNOWN
        report.notes += where == "review"
        _wording(said, view.seat, where, report)
        if view.ctx is not None:
            _sentence(said, view, where, report)
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
            if lang == "zh_CN" and LATIN_WORD.search(text):
                report.english.append(f"zh {where}: English words {text!r}")
            for _key, value in said.values:
                if isinstance(value, SeatRef) and lang == "zh_CN":
                    word = ZH_SEATS.get((value.seat - learner) % 4)
                    if word and word not in text:
                        report.wording.append(f"zh {where}: seat {value.seat} not {word}: {text!r}")
                if isinstance(value, SeatRef) and lang == "en" and not value.start:
                    if re.search(r"\S (The opponent|Your partner|Right opponent|Left opponent)", text):
                        report.wording.append(f"en {where}: capitalised seat {text!r}")
            if lang == "en" and _unweighted_share(said):
                report.wording.append(f"en {where}: a share that does not say how its deals "
                                      f"were drawn {text!r}")
            if lang == "en" and text[:1].islower():
                report.wording.append(f"en {where}: starts in lower case {text!r}")
            if lang == "zh_CN" and "已经没有了" in text:
                report.wording.append(f"zh {where}: 已经没有了 {text!r}")
            if re.search(r"Lesson 0\d|第 ?0\d", text):
                report.wording.append(f"{lang} {where}: zero-padded lesson {text!r}")
    finally:
        set_language(current)


LEAD_KINDS = {"a pair": "pair", "a triple": "triple", "a quad": "quad", "a tractor": "tractor",
              "several cards of one suit at once (a throw)": "throw"}
"""The lead line's options (its English words) and the combination each names."""


def _sentence(said: Said, view: PlayerView, where: str, report: Report) -> None:
    """What a sentence says beyond its claims' fields, checked with the auditor's own
    model: the lead line offers every kind of lead the hand holds and no other; a
    sentence that says the partner can ruff carries the check that the partner may hold
    trumps of the lead's whole shape (RULES.md §6), not only a trump."""
    if said.msgid == "Your lead: {options}.":
        options = said.value("options")
        offered = {LEAD_KINDS[i] for i in getattr(options, "items", ()) if i in LEAD_KINDS}
        if offered != lead_kinds(view):
            report.false.append(f"{where}: lead line offers {sorted(offered)}, the hand holds "
                                f"{sorted(lead_kinds(view))}: {said.text()!r}")
    english = said.msgid if not said.msgid.startswith("@") else ""
    if "partner" in english and "ruff" in english and not any(
            type(c).__name__ == "MayRuff" for c in said.all_claims()):
        report.false.append(f"{where}: the partner's ruff is not checked against the lead's "
                            f"shape: {said.text()!r}")


def lead_kinds(view: PlayerView) -> set[str]:
    """The kinds of lead beyond a single that ``view``'s hand holds (the auditor's oracle)."""
    assert view.ctx is not None
    order = Order(view.ctx.level, view.ctx.trump, view.rules.constant_twos)
    by_suit: dict[str, list[str]] = {}
    for card in view.hand:
        by_suit.setdefault(order.suit(str(card)), []).append(str(card))
    out = set()
    for cards in by_suit.values():
        faces = pair_faces(cards)
        if faces:
            out.add("pair")
        copies = max(Counter(cards).values())
        out |= {kind for kind, width in (("triple", 3), ("quad", 4)) if copies >= width}
        if runs(classes_of(faces, order), 2):
            out.add("tractor")
        if len(cards) >= 2:
            out.add("throw")
    return out


def _unweighted_share(said: Said) -> bool:
    """A sentence that states a share of sampled deals (a percentage) without saying
    how the deals were weighted: read as a chance over every consistent deal, it can be
    far off (the search draws the declarer's trumps long, the kitty light)."""
    return any(isinstance(v, Percent) for _k, v in said.values) and any(
        type(c).__name__ == "WinShare" and c.weights is None for c in said.claims)


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
    # the advisor searches the re-dealt table anew (on its work budget, never the clock,
    # so a changed text can only come from the hidden cards)
    other._advice = {}
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


OPTIONS = [{"constant_twos": True}, {"throw_penalty": "per_card"}, {"throw_penalty": "flat"},
           {"kitty_multiplier": "by_pairs"}, {"kitty_multiplier": "power"}, {"self_override": True},
           {"no_bid_first_hand": "flip_kitty"}, {"must_defend_a": True}]
"""Every rule option's other values, each audited on its own: the coach's sentences must
hold under the rules the learner chose in Settings, not only the default."""


def later_hand(rules: Rules) -> Callable[[int], Game]:
    """A seed's game under ``rules``: a later hand of a match, its dealer and both teams'
    levels drawn from the seed (above 2, where every option can matter: at level 2 the
    2s are level cards whatever ``constant_twos`` says)."""
    def start(seed: int) -> Game:
        levels = (RANKS[1 + seed % 12], RANKS[1 + (seed * 5 + 3) % 12])
        return Game(rules, seed, levels=levels, dealer=seed % 4, hand=2)
    return start


GAME_HANDS = {1: 20, 2: 100, 3: 12, 4: 8}
"""Hands ``make audit`` plays in each game (about 7 minutes of one core in all: a hand of
four decks costs the coach's search about six times one of two)."""


def first_hand(decks: int) -> Callable[[int], Game]:
    """A seed's game: the first hand of a match of ``decks`` decks."""
    def start(seed: int) -> Game:
        return Game(Rules(decks=decks), seed)
    return start


def batches_of(decks: int, hands: int, per_option: int
               ) -> list[tuple[list[tuple[int, str]], Callable[[int], Game] | None, str]]:
    """The plans of one game: with two decks ``hands`` first hands under the default
    rules and ``per_option`` later hands under each other value of every rule option;
    with one, three or four decks ``hands`` first hands and, from four hands, a quarter
    of them later hands (levels above 2, a dealer drawn) under the game's preset."""
    if decks == 2:
        batches: list[tuple[list[tuple[int, str]], Callable[[int], Game] | None, str]] = [
            (plan_of(hands), None, "default rules")]
        batches += [(plan_of(per_option, 1000 + 100 * i), later_hand(Rules(**option)),
                     ", ".join(f"{k}={v}" for k, v in option.items()))
                    for i, option in enumerate(OPTIONS)]
        return batches
    later = hands // 4
    name = f"{decks} deck{'s' if decks > 1 else ''}"
    batches = [(plan_of(hands - later, 5000 * decks), first_hand(decks), name)]
    if later:
        batches.append((plan_of(later, 5000 * decks + 500), later_hand(Rules(decks=decks)),
                        f"{name}, later hands"))
    return batches


def main(argv: list[str]) -> int:
    """``[--decks N[,N…]|all] [hands] [advisor] [hands per option]``: every hand is
    played once, at a table in English or Chinese in turn, and every text is worded and
    checked in both (as a learner who presses F2 sees it); the advisor is the table's
    own (``ai:hard`` on its work budget, as the coach asks it).  ``--decks``: the games
    to audit (default 2; ``all``: one to four decks, ``make audit``); ``hands``: per
    game (default ``GAME_HANDS``)."""
    parser = argparse.ArgumentParser(
        prog="python -m tests.coach.audit",
        description="Play hands at the coached table and check every coach text in both languages.")
    parser.add_argument("--decks", default="2", help="the games: 1, 2, 3, 4, a list such as 1,3, or all")
    parser.add_argument("hands", nargs="?", type=int, help="hands per game (default: each game's own)")
    parser.add_argument("advisor", nargs="?", default="ai:hard", help="the table's advisor (default ai:hard)")
    parser.add_argument("per_option", nargs="?", type=int, default=3, help="hands per rule option (default 3)")
    args = parser.parse_args(argv)
    games, hands, advisor, per_option = args.decks, args.hands, args.advisor, args.per_option
    try:
        wanted = [1, 2, 3, 4] if games == "all" else [int(d) for d in games.split(",")]
    except ValueError:
        wanted = []
    if not wanted or any(d not in (1, 2, 3, 4) for d in wanted):
        parser.error(f"--decks: games of 1 to 4 decks, not {games}")
    batches = []
    for decks in wanted:
        batches += batches_of(decks, GAME_HANDS[decks] if hands is None else hands, per_option)
    total = Report("all")
    by_game: dict[str, Report] = {}
    for plan, game_of, name in batches:
        for lang, part in (("en", plan[0::2]), ("zh_CN", plan[1::2])):
            if not part:
                continue
            report = run(part, advisor, lang, game_of=game_of)
            print(f"{name}: {report.line()}", flush=True)
            for problem in report.problems[:20]:
                print("  " + problem)
            total.add(report)
            by_game.setdefault(name.split(",")[0] if "deck" in name else "2 decks",
                               Report("all")).add(report)
    for game, report in by_game.items():
        print(f"{game}: {report.line()}")
    print(f"total: {total.line()}")
    return 1 if total.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
