"""The coach's audit: seeded practice hands with mixed learner policies, every claim of
every text checked by an auditor that shares no code with the coach, the hidden cards
re-dealt to catch a leak, every review note checked against the outcome.

Kept quick for ``make test`` (the fast ``ai`` advisor); ``make audit`` runs the full
audit: 100 hands, every text in both languages, with the table's advisor.  The last tests break the
coach on purpose, to show the auditor fails when it should.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.cards import parse_cards
from engine.claims import (CannotBeBeaten, GivesPoints, LastLeadMultiplier, MustFollow, Position,
                           TrickPoints)
from engine.knowledge import Knowledge
from engine.rules import Rules, TrumpContext
from engine.scoring import kitty_multiplier
from tutor.coach.advice import goes_against
from tutor.coach.said import Said
from tutor.coach.transcript import moments

from ..memo import Memo, remember_searches
from ..practice.test_coach_hint import view_of
from ..volume import count
from .audit import OPTIONS, first_hand, later_hand, main, plan_of, run
from .auditor import Auditor, verify

HANDS = max(30, count(120))
"""At least the 30 hands the issue asks for in every run; more under ``make soak``."""
BATCHES = 3
"""The hands are audited in batches that the parallel runner spreads over its workers."""


@pytest.mark.parametrize("batch", range(BATCHES))
def test_hands_without_a_false_claim(batch: int) -> None:
    size = HANDS // BATCHES
    report = run(plan_of(size, 1 + batch * size), advisor="ai", lang="en", leak_every=2)
    assert not report.false, report.false[:5]
    assert not report.wording, report.wording[:5]
    assert not report.leaks, report.leaks[:3]
    assert not report.contradictions, report.contradictions[:3]
    assert report.hands == size and report.decisions >= 10 * size
    assert report.claims > 10 * report.decisions
    assert report.notes, "some learner plays cost points and the review says so"


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_hands_under_each_rule_option_without_a_false_claim(option) -> None:
    """Later hands (levels above 2, where constant twos change the trumps) under each
    other value of every rule option, as a learner may choose in Settings."""
    size = max(2, count(8))
    report = run(plan_of(size, 500), advisor="ai", lang="en", leak_every=3,
                 game_of=later_hand(Rules(**option)))
    assert not report.problems, report.problems[:5]
    assert report.hands == size and report.claims > 10 * report.decisions


GAME_LOOKS = {1: (2, None), 3: (1, 13), 4: (1, 11)}
"""The other games in ``make test``: hands, and moments of each (``None``: all of it);
``make audit`` plays whole hands of each in both languages."""


@pytest.mark.parametrize("decks", sorted(GAME_LOOKS))
def test_the_other_games_without_a_false_claim(decks: int) -> None:
    """One, three and four decks: the same audit, judged by the auditor's model of each
    game (sets of k identical cards, no kitty with four decks)."""
    hands, most = GAME_LOOKS[decks]
    report = run(plan_of(hands, 7), advisor="ai", lang="en", leak_every=2,
                 game_of=first_hand(decks), most=most)
    assert not report.problems, report.problems[:5]
    assert report.hands == hands and report.decisions >= 8 and report.claims > 10 * report.decisions


def _first(seed: int, policy: str, wanted) -> tuple:
    """The first text of a practice hand with a claim ``wanted`` accepts."""
    for moment in moments(seed, 1, policy, "ai", why_not=False):
        for where, said in moment.texts:
            for claim in said.all_claims():
                if wanted(claim):
                    return moment, said, claim
    raise AssertionError("no such claim in the hand")


def test_the_auditor_rejects_a_claim_that_was_made_false() -> None:
    auditor = Auditor()
    moment, said, claim = _first(2, "coach", lambda c: isinstance(c, GivesPoints) and c.points)
    assert verify(claim, moment.view, auditor.decisions_at, 0)
    assert not verify(replace(claim, points=claim.points + 5), moment.view, {}, 0)
    moment, said, claim = _first(2, "coach", lambda c: isinstance(c, CannotBeBeaten)
                                 and c.certainty == "possible")
    assert verify(claim, moment.view, {}, 0)
    assert not verify(replace(claim, certainty="sure"), moment.view, {}, 0)
    moment, said, claim = _first(3, "random", lambda c: isinstance(c, MustFollow))
    assert verify(claim, moment.view, {}, 0)
    assert not verify(replace(claim, pairs=claim.pairs + 1), moment.view, {}, 0)
    assert not verify(TrickPoints(5), moment.view, {}, 0) or not verify(TrickPoints(0), moment.view, {}, 0)


def test_the_audit_fails_when_a_predicate_is_broken(monkeypatch) -> None:
    """A knowledge model that never sees a threat makes the coach say "sure" where a
    consistent deal beats the play: the auditor finds the deal."""
    monkeypatch.setattr(Knowledge, "can_beat", lambda self, plays, seat: False)
    report = run(plan_of(4), advisor="ai", lang="en", leak_every=1000)
    assert any("certainty='sure'" in problem for problem in report.unsure), report.unsure[:3]


def test_the_audit_catches_a_leak(monkeypatch) -> None:
    """A tip that reads another hand changes when the hidden cards are re-dealt."""
    from tutor.practice import PracticeTable

    def peeking(self):
        return Said("{card}", self.learner, (("card", str(self.game.hands[1][0])),))

    monkeypatch.setattr(PracticeTable, "tip", peeking)
    report = run(plan_of(1), advisor="ai", lang="en", leak_every=1)
    assert report.leaks


def test_the_audit_catches_a_review_note_that_cost_nothing(monkeypatch) -> None:
    """Notes that flag plays equal in value (here: the alternative is the play itself)
    are caught against the outcome."""
    import importlib

    from engine.claims import GavePoints

    review_module = importlib.import_module("tutor.coach.review")

    real = review_module._judge

    def every_play(item, final):
        note = real(item, final)
        if note is not None or not item.view.trick:
            return note
        claim = GavePoints(item.trick, item.cards, item.cards, 5)
        said = Said("@gave_dealers", final.seat, (("k", 1), ("played", ""), ("n", 5), ("alt", "")),
                    (claim,))
        return review_module.ReviewNote(item.trick, item.cards, item.cards, said, review_module.NoteKind.GAVE_POINTS)

    monkeypatch.setattr(review_module, "_judge", every_play)
    monkeypatch.setattr(review_module, "keep", lambda sentences, at: list(sentences))
    report = run(plan_of(1), advisor="ai", lang="en", leak_every=1000)
    assert any("GavePoints" in problem for problem in report.false)


HARD_SEARCHES: Memo = {}
"""The hard advisor's searches of seeds 1 and 4, made once for the two tests below (the
hands are the same up to the first play ``avoid_mistake`` changes)."""


@pytest.mark.xdist_group("hard-audit-hands")
def test_the_audit_catches_advice_the_review_calls_a_mistake(monkeypatch) -> None:
    """Without the AI's last check against the engine's ``mistake``, the coach's own
    advice draws review notes (seeds 1 and 4 do, first hands with the hard advisor), and the audit
    reports each as a contradiction."""
    import engine.ai.players as players

    remember_searches(monkeypatch, HARD_SEARCHES)
    monkeypatch.setattr(players, "avoid_mistake", lambda view, chosen: chosen)
    report = run([(1, "coach"), (4, "coach")], advisor="ai:hard", lang="en",
                 leak_every=1000)
    assert report.contradictions


@pytest.mark.xdist_group("hard-audit-hands")
def test_the_coachs_advice_is_never_called_a_mistake(monkeypatch) -> None:
    remember_searches(monkeypatch, HARD_SEARCHES)
    report = run([(1, "coach"), (4, "coach")], advisor="ai:hard", lang="en",
                 leak_every=1000)
    assert not report.contradictions, report.contradictions


def test_the_transcript_marks_a_tip_that_the_coachs_play_takes_away() -> None:
    """Seed 10, trick 6: the coach plays both trumps left (with ♣10) onto its partner's
    trick, so the tip "dealers, do not spend all your trumps early" is shown only until
    a hint shows that play; every tip marked as staying agrees with the coach's play."""
    until_hint = 0
    for moment in moments(10, why_not=False):
        for where, said in moment.texts:
            if where.startswith("tip") and moment.advice is not None:
                gone = goes_against(moment.view, said, moment.advice.cards)
                assert gone == (where == "tip:until_hint"), (where, said.text())
                until_hint += gone
    assert until_hint


@pytest.mark.parametrize("argv, code", [
    (["transcript", "--seed", "x"], 2),
    (["transcript", "--seed", "1", "--policy", "lucky"], 2),
    (["transcript", "--seed", "1", "--hands", "0"], 2),
    (["transcript", "--seed", "1", "--decks", "5"], 2),
    (["transcript"], 2),
    (["audit"], 2),
])
def test_bad_arguments_get_one_line_and_exit_2(argv, code, capsys) -> None:
    from tutor.coach.__main__ import main

    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err


def test_transcript_prints_every_decision_as_json(capsys) -> None:
    import json

    from tutor.coach.__main__ import main

    assert main(["transcript", "--seed", "5", "--advisor", "ai", "--lang", "zh", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    plays = [r for r in records if r["phase"] == "tricks"]
    assert plays and records[-1]["phase"] == "review"
    first = plays[0]
    assert {"hand_cards", "trick", "cards_seen", "trump", "level", "legal_count", "coach_play",
            "played", "texts"} <= set(first)
    assert all(t["claims"] or t["where"] in ("tip", "tip:until_hint", "narration") for t in first["texts"])
    assert any("主牌" in t["text"] or "跟" in t["text"] for r in plays for t in r["texts"])


def test_transcript_plays_the_game_it_is_given(capsys) -> None:
    import json

    from tutor.coach.__main__ import main

    assert main(["transcript", "--seed", "5", "--advisor", "ai", "--decks", "1", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    first = next(r for r in records if r["phase"] == "tricks")
    assert len(first["hand_cards"].split()) == 12  # one deck: 12 cards a hand


def test_the_auditor_knows_the_cards_shown_declaring() -> None:
    """A level card shown declaring stays in its seat's hand until played (the engine's
    card memory says so): an auditor blind to it found "false" a sure claim that rests
    on it.  The dealer's shown cards may lie in the hidden kitty, so they are not known."""
    from engine.cards import parse_cards
    from engine.view import Declaration

    from tests.ai.conftest import _make_view

    from .auditor import Seen

    view = _make_view("DJ DQ S5 SK C2", seat=0, dealer=2, trick=[(3, "D10")])
    shown = (Declaration(1, tuple(parse_cards("D2"))), Declaration(2, tuple(parse_cards("H2 H2"))))
    seen = Seen(replace(view, declarations=shown))
    assert seen.known[1]["D2"] == 1 and not seen.known[2]
    assert not Seen(view).known[1]


@pytest.mark.parametrize("scheme", ["twice_cards", "by_pairs", "power"])
@pytest.mark.parametrize("kept", ["BJ BJ", "BJ LJ", "H4 H4 H5 H5", "BJ BJ H4 H4 H5 H5"])
def test_the_auditor_and_the_engine_agree_on_a_last_leads_multiplier(scheme, kept) -> None:
    """"Keep these for the last trick: the kitty counts n times" under each kitty rule
    (hearts trumps at level 10: ♥4♥4♥5♥5 is a tractor); a wrong count, a lead of two
    suits or cards not held are false for both, and so is a throw another hand could
    still break (♥6♥6♥7♥7 may be out: the throw would fail and not be the last lead),
    while big joker with little joker stands (both big jokers are held)."""
    rules = Rules(kitty_multiplier=scheme)
    view = view_of("BJ BJ LJ H4 H4 H5 H5 SA", "")
    view = replace(view, rules=rules, ctx=TrumpContext("10", "H", rules))
    cards = tuple(parse_cards(kept))
    n = kitty_multiplier(cards, view.ctx)
    stands = kept != "BJ BJ H4 H4 H5 H5"
    for claim, true in [(LastLeadMultiplier(cards, n), stands),
                        (LastLeadMultiplier(cards, n + 2), False),
                        (LastLeadMultiplier(cards + tuple(parse_cards("SA")), n), False),
                        (LastLeadMultiplier(tuple(parse_cards("C3 C3")), 4), False)]:
        assert claim.holds(Position(view)) is true and verify(claim, view, {}, 0) is true, claim


def test_what_the_dealer_showed_and_a_throw_that_stood_settle_who_can_beat() -> None:
    """Cards the dealer showed declaring are in its hand or the kitty: with the
    partner dealing, no opponent can beat ♥2 with them.  A throw of big and little joker
    that stood shows no other hand held the second big joker: the little joker is
    then sure to win.  The engine's claims and the auditor agree, both ways."""
    from engine.claims import POSSIBLE, SURE, CannotBeBeaten
    from engine.game import Declaration

    from tests.ai.conftest import _make_view, _record

    cases = []
    for dealer, sure in ((2, True), (1, False)):  # the partner deals, or an opponent
        view = _make_view("BJ BJ LJ LJ H2", seat=0, dealer=dealer, level="2", trump="S")
        shown = (Declaration(dealer, tuple(parse_cards("S2 S2"))),)
        cases.append((replace(view, declarations=shown), "H2", sure))
    stood = [_record(0, (0, "BJ LJ"), (1, "H3 H4"), (2, "H5 H6"), (3, "H7 H8"))]
    not_thrown = [_record(0, (0, "LJ"), (1, "H3"), (2, "H5"), (3, "H7"))]
    for tricks, sure in ((stood, True), (not_thrown, False)):
        view = _make_view("LJ S3 S4", seat=0, dealer=2, level="2", trump="H", tricks=tricks,
                          cards_left=(3, 3, 3, 3))
        cases.append((view, "LJ", sure))
    for view, card, sure in cases:
        for certainty, true in ((SURE, sure), (POSSIBLE, not sure)):
            claim = CannotBeBeaten(tuple(parse_cards(card)), certainty)
            assert claim.holds(Position(view)) is true and verify(claim, view, {}, 0) is true, (claim, view.dealer)


# ---------------------------------------------------------------- planted faults of each kind


def test_the_auditor_knows_the_copies_a_seat_showed_it_lacks() -> None:
    """The false sentences a seat's other copies made: "your partner may hold what beats
    ♠K ♠Q" where only the partner can hold the unseen ♠J (so it cannot ruff), and "an
    opponent could still beat it" where no opponent can hold two trumps to ruff."""
    from engine.cards import parse_cards
    from engine.claims import POSSIBLE, SURE, PartnerCanBeat

    from ..engine.test_knowledge import _position

    partner = _position("H", hand="D8 D9", tricks=[(0, ["SA SA", "S3 S4", "S5 S6", "S7 SJ"]),
                                                   (0, ["S9", "D5", "S10", "S8"])],
                        trick=["SQ SK"], leader=3, cards_left=(2, 2, 2, 2),
                        unseen="SJ SQ H3 H4 D6 D7")
    assert not verify(PartnerCanBeat(2, tuple(parse_cards("D8 D9"))), partner, {}, 0)
    ruff = _position("C", hand="SK SQ D8", tricks=[(0, ["SA SA", "S3 S4", "S5 S6", "S7 S8"]),
                                                   (0, ["CA CA", "C5 C9", "C3 C4", "D2 D3"])],
                     trick=[], leader=0, cards_left=(3, 3, 3, 3), unseen="C5 C9 C6 S9 S9 D4 D5 D6 D7")
    lead = tuple(parse_cards("SK SQ"))
    assert not verify(CannotBeBeaten(lead, POSSIBLE), ruff, {}, 0)
    assert verify(CannotBeBeaten(lead, SURE), ruff, {}, 0)


def _sentence_problems(said: Said, view) -> list[str]:
    from .audit import Report, _sentence, _wording

    report = Report("en")
    _wording(said, view.seat, "planted", report)
    _sentence(said, view, "planted", report)
    return report.problems


def test_the_audit_catches_a_partner_ruff_said_of_a_pair_without_its_shape() -> None:
    """The old lead-void principle: every claim true (the partner showed out and may hold
    a trump), the sentence false for a pair (only a trump pair ruffs it)."""
    from engine.cards import parse_cards
    from engine.claims import Leading, MayHold, MayRuff, ShowedVoid, SuitOf
    from tutor.coach.reasons import PRINCIPLES

    from .test_ruff_shape import TRUMPS_WITHOUT_A_PAIR, _position

    view = _position(**TRUMPS_WITHOUT_A_PAIR)
    pair = tuple(parse_cards("S7 S7"))
    basis = (Leading(), SuitOf(pair[0], "S"), ShowedVoid(2, "S"))
    old = Said(PRINCIPLES["lead_void"].msgid, 0, (), basis + (MayHold(2, "T"),))
    assert any("shape" in p for p in _sentence_problems(old, view))
    assert not verify(MayRuff(2, pair), view, {}, 0)
    assert verify(MayRuff(2, pair[:1]), view, {}, 0)


def test_the_audit_catches_a_lead_line_without_the_tractor_the_hand_holds() -> None:
    from tutor.coach.hintline import LEAD_LINE, LEAD_PAIR, LEAD_SINGLE, LEAD_THROW, LEAD_TRACTOR
    from tutor.coach.said import Choices

    view = view_of("D6 D6 D5 D5 S9", "")
    shadowed = Said(LEAD_LINE, 1, (("options", Choices((LEAD_SINGLE, LEAD_PAIR, LEAD_THROW))),))
    assert any("lead line" in p for p in _sentence_problems(shadowed, view))
    whole = Said(LEAD_LINE, 1, (("options", Choices((LEAD_SINGLE, LEAD_PAIR, LEAD_TRACTOR,
                                                     LEAD_THROW))),))
    assert not _sentence_problems(whole, view)


def test_the_audit_catches_a_card_named_in_english_inside_a_chinese_sentence() -> None:
    """A name fixed when the sentence was built (in English), shown after F2."""
    from engine.cards import parse_cards
    from tutor.hints import CardsRef, card_name

    view = view_of("BJ S3", "S7")
    msgid = "{card} is a trump: it cannot follow {suit} while you hold {suit} cards."
    from tutor.coach.said import SuitRef

    fixed = Said(msgid, 1, (("card", card_name(parse_cards("BJ")[0])), ("suit", SuitRef("S"))))
    assert any("English words" in p for p in _sentence_problems(fixed, view))
    named = Said(msgid, 1, (("card", CardsRef(tuple(parse_cards("BJ")))), ("suit", SuitRef("S"))))
    assert not _sentence_problems(named, view)


def test_the_audit_catches_a_share_that_does_not_say_how_its_deals_were_drawn() -> None:
    from engine.claims import WinShare
    from tutor.coach.said import Percent

    from engine.cards import parse_cards
    from tutor.coach.claims import SHARE_TEXT

    view = view_of("S3 SA D4", "S7")  # seat 1, the dealer's kitty hidden from it
    claim = WinShare(tuple(parse_cards("SA")), 0.6, 50, weights=("light_kitty",))
    assert verify(claim, view, {}, 0) and claim.holds(Position(view))
    assert not verify(replace(claim, weights=()), view, {}, 0)
    assert not replace(claim, weights=()).holds(Position(view))
    values = (("p", Percent(claim.share)), ("samples", claim.samples))
    bare = Said("It wins the trick in {p} of {samples} deals consistent with what you have seen.",
                1, values, (replace(claim, weights=None),))
    assert any("how its deals were drawn" in p for p in _sentence_problems(bare, view))
    assert not _sentence_problems(Said(SHARE_TEXT[claim.weights], 1, values, (claim,)), view)


def test_the_auditor_checks_a_card_whose_holder_cannot_be_known() -> None:
    from engine.cards import parse_cards
    from engine.claims import HolderUnknown

    from .test_ruff_shape import TRUMPS_WITHOUT_A_PAIR, _position

    # seat 0 leads ♠9: ♠10 is unseen and the partner (out of spades) cannot hold it
    view = _position(**{**TRUMPS_WITHOUT_A_PAIR, "hand": "S9 S7 S6 D9"})
    nine = tuple(parse_cards("S9"))
    ten, heart = parse_cards("S10 H5")
    assert not HolderUnknown(ten, 1, nine).holds(Position(view))
    assert not verify(HolderUnknown(ten, 1, nine), view, {}, 0)
    assert not verify(HolderUnknown(heart, 1, nine), view, {}, 0)  # another suit
    view = _position(**{**TRUMPS_WITHOUT_A_PAIR, "hand": "D9 S7 S6 S8", "unseen":
                        "H3 H5 S9 S10 D10 D3 D4 D5 D6 D7 C3 C4"})
    nine = tuple(parse_cards("D9"))
    ten = parse_cards("D10")[0]
    assert HolderUnknown(ten, 1, nine).holds(Position(view))
    assert verify(HolderUnknown(ten, 1, nine), view, {}, 0)


def test_the_audit_command_explains_itself(capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` prints the usage and a wrong game is one line, not a traceback."""
    with pytest.raises(SystemExit) as helped:
        main(["--help"])
    assert helped.value.code == 0 and "--decks" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        main(["--decks", "7"])
    assert refused.value.code == 2 and "1 to 4 decks, not 7" in capsys.readouterr().err
