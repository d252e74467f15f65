"""The hint ladder, the narration of tricks and the review."""

from __future__ import annotations

import pytest

from engine import TrumpContext, parse_cards
from engine.view import Decision, Play, Reason, TrickRecord
from tutor import coach
from tutor.i18n import set_language

from .test_coach_hint import view_of


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def advisor_playing(text: str, code: str):
    def advise(view):
        return Decision(tuple(parse_cards(text)), Reason(code))
    return advise


def test_ladder_climbs_from_principle_to_answer() -> None:
    view = view_of("S3 SQ SQ D2 D9", "S8 S8")
    ladder = coach.HintLadder(view, advisor_playing("SQ SQ", "win_points"))
    steps = [ladder.next() for _ in range(5)]
    assert [s.rung for s in steps] == [coach.PRINCIPLE, coach.FOCUS, coach.SUGGESTION,
                                       coach.ANSWER, coach.ANSWER]
    assert ladder.used == 4 and ladder.exhausted
    assert "points" in steps[0].text and not steps[0].cards
    assert "pairs in ♠" in steps[1].text
    assert set(steps[1].cards) == set(parse_cards("S3 SQ"))
    assert "♠Q ♠Q" in steps[2].text and "win it" in steps[2].text
    assert steps[3].cards == tuple(parse_cards("SQ SQ"))


def test_unknown_reason_code_is_rendered_generically() -> None:
    assert coach.ai_reason_text(Reason("a_code_from_the_future")) == \
        "This is the play the AI found best."
    ladder = coach.HintLadder(view_of("S3 S4", "S8"), advisor_playing("S3", "a_new_idea"))
    assert ladder.next().text  # falls back to a situation principle


def record(leader: int, plays: list[str], ctx: TrumpContext, attempted: str = "") -> TrickRecord:
    from engine import trick_winner
    cards = [tuple(parse_cards(p)) for p in plays]
    winner = (leader + trick_winner([list(c) for c in cards], ctx)) % 4
    return TrickRecord(leader, tuple(Play((leader + i) % 4, c) for i, c in enumerate(cards)),
                       winner, 0, tuple(parse_cards(attempted)) if attempted else None)


def test_narrator_explains_each_thing_once() -> None:
    ctx = TrumpContext("10", "H")
    narrator = coach.Narrator(learner=0)
    first = narrator.trick(record(0, ["S8", "H3", "H5", "D2"], ctx), ctx)
    text = " ".join(said.text() for said in first)
    assert "Right opponent had no ♠ and ruffed" in text
    assert "Partner over-ruffed" in text
    assert "Left opponent discarded" in text
    assert "Partner won the trick with the highest ruff." in text
    again = narrator.trick(record(0, ["S9", "H4", "H6", "D3"], ctx), ctx)
    assert again == []
    throw = [said.text() for said in
             narrator.trick(record(1, ["SA", "SK", "S2", "SQ"], ctx, attempted="SA S5 S5"), ctx)]
    assert any("tried to throw" in t for t in throw)
    assert any("nobody beat the lead" in t for t in throw)


def test_discard_of_unmatched_trumps_is_not_a_ruff() -> None:
    ctx = TrumpContext("6", "H")
    facts = coach.trick_facts(record(0, ["S8 S8", "H2 H2", "BJ HA", "S3 S4"], ctx), ctx)
    assert facts.ruffs == (1,) and facts.discards == (2,) and facts.winner == 1


def test_kitty_sentence_multiplies() -> None:
    ctx = TrumpContext("10", "H")
    narrator = coach.Narrator(learner=1)
    out = [said.text() for said in narrator.kitty(parse_cards("S4 S4"), parse_cards("SK S5 D2"), True, ctx)]
    assert out and "×4" in out[0] and "60" in out[0]
    assert narrator.kitty(parse_cards("S4"), parse_cards("SK"), True, ctx) == []


def test_review_marks_differing_plays_with_a_lesson() -> None:
    follow = view_of("S3 SQ SQ D2", "S8 S8")
    void = view_of("D2 D3 H4 H5", "S8")
    lead = view_of("S3 S4 S4 D2", "")
    plays = [coach.LearnerPlay(0, follow, tuple(parse_cards("SQ SQ"))),
             coach.LearnerPlay(1, void, tuple(parse_cards("D2"))),
             coach.LearnerPlay(2, lead, tuple(parse_cards("S3 S4 S4")))]

    def advise(view):
        table = {follow: "SQ SQ", void: "H4", lead: "S4 S4"}
        return Decision(tuple(parse_cards(table[view])), Reason("ruff"))

    notes = coach.review(plays, advise)
    assert [(n.trick, n.lesson) for n in notes] == [(1, "07"), (2, "08")]
    assert "♥4" in notes[0].text(follow.ctx) and "ruff" in notes[0].text(follow.ctx)
    assert notes[1].lesson_text() == "Lesson 8: Throws"  # numbered as people count, not as files are named


@pytest.mark.parametrize("hand, lead, play, lesson", [
    ("S3 S3 S4 S4 D2", "S7 S7 S8 S8", "S3 S3 S4 S4", "06"),
    ("H3 D2", "H9", "H3", "03"),
    ("S3 D2", "S9", "S3", "05"),
    ("S3", "S9", "S3", "09"),
])
def test_lesson_for(hand, lead, play, lesson) -> None:
    assert coach.lesson_for(view_of(hand, lead), parse_cards(play)) == lesson


def test_narration_follows_a_language_switch() -> None:
    ctx = TrumpContext("10", "H")
    said = coach.Narrator(learner=0).trick(record(0, ["S8", "H3", "H5", "D2"], ctx), ctx)
    english = [s.text() for s in said]
    set_language("zh_CN")
    try:
        chinese = [s.text() for s in said]
    finally:
        set_language("en")
    assert chinese != english and all("♠" in t for t in chinese[:1])


def test_every_ai_reason_code_has_its_own_sentence() -> None:
    from engine.ai import REASON_CODES

    generic = coach.ai_reason_text(None)
    missing = [code for code in REASON_CODES if coach.ai_reason_text(Reason(code)) == generic]
    assert not missing, f"reason codes the coach cannot word yet: {missing}"


def test_tips_fit_the_moment() -> None:
    assert "declare" in coach.tip("dealing", 0)
    tips = {coach.tip("tricks", n) for n in range(len(coach.PLAY_TIPS))}
    assert len(tips) == len(coach.PLAY_TIPS) and all(t.startswith("Tip:") for t in tips)
