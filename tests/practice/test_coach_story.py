"""The hint ladder, the narration of tricks, the review, the reason table and tips."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import TrumpContext, parse_cards, trick_winner
from engine.claims import (FewestPoints, NoWinningPlay, OnlyLegalPlay, PairsCanStay, PartnerCanBeat,
                           PartnerWinning, Position)
from engine.view import Decision, Play, PlayerView, Reason, TrickRecord
from tutor import coach
from tutor.coach.review import LESSON_TOPICS, NoteKind
from tutor.coach.said import CardsRef, Said, SeatRef
from tutor.guided import GUIDE_PLAYED_WHY
from tutor.i18n import set_language
from tutor.lessons.index import lesson_for_topic, lesson_index

from .test_coach_hint import view_of


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def advisor_playing(text: str, code: str):
    def advise(view):
        return Decision(tuple(parse_cards(text)), Reason(code))
    return advise


def test_ladder_climbs_and_its_principle_comes_from_the_position() -> None:
    """The advisor's label says "win points", but the position has no points on the
    table and only one legal play: the principle says what holds."""
    view = view_of("S3 SQ SQ D2 D9", "S8 S8")
    ladder = coach.HintLadder(view, advisor_playing("SQ SQ", "win_points"))
    steps = [ladder.next() for _ in range(5)]
    assert [s.rung for s in steps] == [coach.PRINCIPLE, coach.FOCUS, coach.SUGGESTION,
                                       coach.ANSWER, coach.ANSWER]
    assert ladder.used == 4 and ladder.exhausted
    assert steps[0].text == "Here the rules leave you one play."
    assert any(isinstance(c, OnlyLegalPlay) for s in steps[0].said for c in s.claims)
    assert steps[1].text == "Look at your pair in ♠: ♠Q ♠Q."
    assert set(steps[1].cards) == set(parse_cards("S3 SQ"))
    assert steps[2].text.startswith("The coach would play ♠Q ♠Q. ♠Q ♠Q win the trick now.")
    assert "points" not in steps[2].text  # nothing on the table: no "carries points"
    assert steps[3].cards == tuple(parse_cards("SQ SQ"))


def test_feeding_principle_only_when_the_play_gives_points() -> None:
    ctx = TrumpContext("10", "H")
    trick = (Play(1, tuple(parse_cards("S4"))), Play(2, tuple(parse_cards("BJ"))),
             Play(3, tuple(parse_cards("S6"))))
    view = replace(view_of("SK S3 D2", ""), seat=0, trick=trick, ctx=ctx, turn=0)
    feed = coach.HintLadder(view, advisor_playing("SK", "partner_winning_give_points"))
    assert feed.step(coach.PRINCIPLE).text == "Your partner is sure to win this trick: give it points."
    low = coach.HintLadder(view, advisor_playing("S3", "partner_winning_give_points"))
    principle = low.step(coach.PRINCIPLE).text
    assert "give it points" not in principle and "partner is winning" in principle
    why = low.step(coach.SUGGESTION)
    assert any(isinstance(c, PartnerWinning) and c.certainty == "sure"
               for s in why.said for c in s.claims)


def test_unknown_reason_code_falls_back_to_the_plays_facts() -> None:
    ladder = coach.HintLadder(view_of("S3 S4", "S8"), advisor_playing("S3", "a_new_idea"))
    assert ladder.next().text
    assert "♠3" in ladder.step(coach.SUGGESTION).text


def record(leader: int, plays: list[str], ctx: TrumpContext, attempted: str = "") -> TrickRecord:
    cards = [tuple(parse_cards(p)) for p in plays]
    winner = (leader + trick_winner([list(c) for c in cards], ctx)) % 4
    points = sum(c.points for p in cards for c in p)
    return TrickRecord(leader, tuple(Play((leader + i) % 4, c) for i, c in enumerate(cards)),
                       winner, points, tuple(parse_cards(attempted)) if attempted else None)


def after(*records: TrickRecord, learner: int = 0, level: str = "10", trump: str = "H") -> PlayerView:
    ctx = TrumpContext(level, trump)
    return PlayerView(seat=learner, phase="tricks", rules=ctx.rules, level=level,
                      team_levels=(level, level), dealer=1, hand=(), ctx=ctx,
                      tricks=tuple(records))


def test_narrator_explains_each_thing_once() -> None:
    ctx = TrumpContext("10", "H")
    narrator = coach.Narrator(learner=0)
    first = record(0, ["S8", "H3", "H5", "D2"], ctx)
    text = " ".join(said.text() for said in narrator.trick(after(first)))
    assert "The opponent on your right had no ♠ and ruffed" in text
    assert "Your partner over-ruffed" in text
    assert "The opponent on your left discarded" in text
    assert "Your partner won the trick with the highest ruff." in text
    second = record(0, ["S9", "H4", "H6", "D3"], ctx)
    assert narrator.trick(after(first, second)) == []
    throw = record(1, ["SA", "SK", "S2", "SQ"], ctx, attempted="SA S5 S5")
    said = [s.text() for s in narrator.trick(after(first, second, throw))]
    assert any("tried to throw" in t for t in said)
    assert any("nobody beat the lead" in t for t in said)


def test_narration_follows_a_language_switch() -> None:
    ctx = TrumpContext("10", "H")
    said = coach.Narrator(learner=0).trick(after(record(0, ["S8", "H3", "H5", "D2"], ctx)))
    english = [s.text() for s in said]
    set_language("zh_CN")
    try:
        chinese = [s.text() for s in said]
    finally:
        set_language("en")
    assert chinese != english and "下家" in chinese[0] and "♠" in chinese[0]


def test_kitty_sentence_multiplies() -> None:
    ctx = TrumpContext("10", "H")
    last = record(1, ["S4 S4", "S6 S6", "S7 S7", "S2 S3"], ctx)
    view = replace(after(last, learner=1), phase="hand_over", dealer=0,
                   kitty=tuple(parse_cards("SK S5 D2 D3 D4 D6 D7 D8")))
    out = [said.text() for said in coach.Narrator(learner=1).kitty(view)]
    assert out == ["The attackers won the last trick: the 15 points in the kitty count ×4, "
                   "that is 60."]


def _decision(trick: list[tuple[int, str]], hand: str, learner: int = 0) -> PlayerView:
    ctx = TrumpContext("10", "H")
    plays = tuple(Play(seat, tuple(parse_cards(cards))) for seat, cards in trick)
    return PlayerView(seat=learner, phase="tricks", rules=ctx.rules, level="10",
                      team_levels=("10", "10"), dealer=1, hand=tuple(parse_cards(hand)), ctx=ctx,
                      trick=plays, turn=learner, cards_left=(len(parse_cards(hand)), 3, 3, 3))


def _finish(before: PlayerView, play: str) -> tuple[coach.LearnerPlay, PlayerView]:
    ctx = before.ctx
    plays = before.trick + (Play(before.seat, tuple(parse_cards(play))),)
    winner = plays[trick_winner([list(p.cards) for p in plays], ctx)].seat
    points = sum(c.points for p in plays for c in p.cards)
    done = TrickRecord(plays[0].seat, plays, winner, points)
    left = [c for c in before.hand]
    for card in parse_cards(play):
        left.remove(card)
    final = replace(before, phase="hand_over", trick=(), tricks=(done,), hand=tuple(left),
                    turn=None, cards_left=(len(left), 2, 2, 2))
    return coach.LearnerPlay(0, before, tuple(parse_cards(play))), final


STRATEGY_LESSON = {
    NoteKind.GAVE_POINTS: "12",  # Playing with your partner: 送分 to the partner, not the opponents
    NoteKind.NOT_TAKEN: "12",  # ... and taking the points with a higher card
    NoteKind.TRUMPS_WASTED: "14",  # Ruff or discard: no trump on the partner's sure trick
    NoteKind.NOT_RUFFED: "14",  # ... and ruff where a ruff wins the points for sure
    NoteKind.KITTY_LOST: "15",  # Playing as the dealers: what to bury
}
"""The lesson each kind of note opens: the strategy lesson teaching the better play."""


@pytest.mark.parametrize("kind", list(NoteKind))
def test_every_kind_of_note_opens_the_lesson_that_teaches_the_better_play(kind: NoteKind) -> None:
    """Every noted play was legal: its link is a strategy lesson after the guided hand,
    never the rule lesson (the old links sent 送分 to "Out of a suit")."""
    ids = [e.id for e in lesson_index()]
    lesson = lesson_for_topic(LESSON_TOPICS[kind])
    assert lesson == STRATEGY_LESSON[kind]
    assert lesson is not None and ids.index(lesson) > ids.index("hand"), (kind, lesson)


def _links_the_strategy_lesson(note: coach.ReviewNote, kind: NoteKind) -> None:
    assert note.kind == kind and note.lesson == STRATEGY_LESSON[kind]


def test_review_flags_points_given_to_a_trick_already_lost() -> None:
    before = _decision([(1, "SA"), (2, "S3"), (3, "S4")], "SK S5 S2 D3")
    item, final = _finish(before, "SK")
    notes = coach.review([item], final)
    assert len(notes) == 1
    note = notes[0]
    assert note.alternative == tuple(parse_cards("S2"))
    assert note.text() == ("Trick 1: you played ♠K, 10 points more than ♠2, which was legal too. "
                           "The dealers were sure to win this trick, so your team lost those points.")
    _links_the_strategy_lesson(note, NoteKind.GAVE_POINTS)
    assert note.lesson_text() == "Lesson 12: Playing with your partner"  # the number the lesson list shows


@pytest.mark.parametrize("lead, flagged", [("BJ", True), ("HA", False)])
def test_a_trick_no_later_partner_can_take_is_lost_for_sure(lead, flagged) -> None:
    """Second to play after the opponent's big joker, with the partner still to play:
    nothing the partner may hold beats it, so the trick is lost and ♥5 gave 5 points
    for nothing.  After the trump ace the partner may hold a 10 or a joker: not sure."""
    before = _decision([(3, lead)], "H5 H3 D3")
    item, final = _finish(before, "H5")
    notes = coach.review([item], final)
    assert [n.alternative for n in notes] == ([tuple(parse_cards("H3"))] if flagged else [])


def test_review_flags_a_trick_a_sure_play_would_have_won() -> None:
    before = _decision([(1, "S5"), (2, "S3"), (3, "S9")], "SK S2 D3")
    item, final = _finish(before, "S2")
    notes = coach.review([item], final)
    assert [n.text() for n in notes] == [
        "Trick 1: you played ♠2 and lost the trick, with 5 points on it once you had played; ♠K would "
        "have won it for sure."]
    _links_the_strategy_lesson(notes[0], NoteKind.NOT_TAKEN)


def test_a_discard_where_a_ruff_was_sure_links_ruff_or_discard() -> None:
    """Out of spades after ♠K and ♠A, the learner discarded ♦3 where the big joker would
    have won the 10 points for sure."""
    before = _decision([(1, "SK"), (2, "S3"), (3, "SA")], "BJ D3 D4")
    item, final = _finish(before, "D3")
    notes = coach.review([item], final)
    assert [n.alternative for n in notes] == [tuple(parse_cards("BJ"))]
    _links_the_strategy_lesson(notes[0], NoteKind.NOT_RUFFED)


def test_a_lost_trick_counts_the_points_at_stake_when_the_learner_played() -> None:
    """Second to play on ♥K (trumps), the learner played ♥3 where the big joker would
    have won for sure; the right opponent then fed ♥10 to its partner's trick.  The note
    counts the 10 points at stake when the learner played, not the 10 fed after."""
    before = _decision([(3, "HK")], "BJ H3 D3")
    item, final = _finish(before, "H3")
    done = final.tricks[0]
    plays = done.plays + (Play(1, tuple(parse_cards("H10"))), Play(2, tuple(parse_cards("H5"))))
    final = replace(final, tricks=(replace(done, plays=plays, points=25),))
    notes = coach.review([item], final)
    assert [n.text() for n in notes] == [
        "Trick 1: you played ♥3 and lost the trick, with 10 points on it once you had played; big "
        "joker would have won it for sure."]


def test_no_points_note_when_another_play_might_have_won() -> None:
    """The partner led ♠3 and the left opponent took it with ♠A; out of spades, the
    learner discarded ♦K where ♦3 gives nothing, but the trump ♥4 might have won: the
    trick was not lost whatever was played, so no "sure to win" note."""
    before = _decision([(2, "S3"), (3, "SA")], "H4 DK D3")
    item, final = _finish(before, "DK")
    assert coach.review([item], final) == []
    before = _decision([(2, "S3"), (3, "SA")], "C4 DK D3")  # no trump: lost whatever was played
    item, final = _finish(before, "DK")
    assert [n.alternative for n in coach.review([item], final)] == [tuple(parse_cards("D3"))]


def test_review_leaves_plays_of_equal_value_alone() -> None:
    before = _decision([(1, "SA"), (2, "S3"), (3, "S4")], "S6 S2 D3")
    item, final = _finish(before, "S6")
    assert coach.review([item], final) == []
    partner = _decision([(1, "S3"), (2, "SA"), (3, "S4")], "SK S2 D3")
    item, final = _finish(partner, "SK")  # feeding the partner's sure trick costs nothing
    assert coach.review([item], final) == []


def test_review_flags_trumps_spent_on_the_partners_sure_trick() -> None:
    before = _decision([(1, "S3"), (2, "SA"), (3, "S4")], "H3 D2 D3")
    item, final = _finish(before, "H3")
    notes = coach.review([item], final)
    assert len(notes) == 1 and notes[0].alternative == tuple(parse_cards("D2"))
    assert "spending 1 trump more than needed" in notes[0].text()
    _links_the_strategy_lesson(notes[0], NoteKind.TRUMPS_WASTED)


def test_every_ai_reason_code_has_words_and_a_principle() -> None:
    from engine.ai import REASON_CODES

    missing = [code for code in REASON_CODES if code not in coach.REASONS]
    assert not missing, f"reason codes the coach cannot word yet: {missing}"
    unknown = {code: w.principle for code, w in coach.REASONS.items()
               if w.principle not in coach.PRINCIPLES}
    assert not unknown, unknown


def test_tips_fit_the_moment() -> None:
    dealing = replace(view_of("S3", ""), phase="dealing", ctx=None, trick=())
    assert dealing.dealer is not None and "declare" in coach.tip(dealing).text()
    # a match's first hand: declaring wins the deal, so "declare a long suit" is not the
    # advice (the coach's declaring advice says a short suit is worth it there)
    assert coach.tip(replace(dealing, dealer=None)) is None
    leading = view_of("SA SA S3 D4 H4 H4", "")  # an attacker to lead, with a pair of trumps
    tips = [t.text() for t in coach.play_tips(leading)]
    assert all(t.startswith("Tip:") for t in tips)
    assert any("aces" in t for t in tips) and any("pairs and tractors" in t for t in tips)
    assert any("throw only" in t for t in tips) and not any("partner is winning" in t for t in tips)
    assert any("attackers," in t for t in tips) and not any("dealers," in t for t in tips)
    following = view_of("SA SA S3 D4", "S9")  # following, without a trump
    tips = [t.text() for t in coach.play_tips(following)]
    assert any("partner is winning" in t for t in tips)
    assert not any("aces" in t or "throw only" in t for t in tips)  # leading tips wait for a lead
    assert not any("attackers," in t for t in tips)  # no pair of trumps to keep
    assert coach.tip(replace(following, phase="burying")) is None  # the burying advice speaks then
    forced = view_of("S9 D4 D5", "S3")  # one spade: the rules leave one play
    assert coach.play_tips(forced) == [] and coach.tip(forced) is None
    single = view_of("SA D4 H4 C3", "")  # no two cards of a suit: no throw to warn about
    assert not any("throw only" in t.text() for t in coach.play_tips(single))


def test_a_sentence_whose_claim_fails_is_not_shown() -> None:
    view = view_of("S3 SQ SQ D2 D9", "S8 S8")
    at = coach.position(view)
    true = Said.of("only {cards}", 1, OnlyLegalPlay(tuple(parse_cards("SQ SQ"))), cards="x")
    false = Said.of("only {cards}", 1, OnlyLegalPlay(tuple(parse_cards("S3 D2"))), cards="x")
    assert coach.keep([true, false], at) == [true]


def test_a_sampled_share_is_worded_as_a_likelihood() -> None:
    """An advisor's estimate is said as a share of the deals it drew, with how they were
    weighted (here: the dealer's kitty hidden, drawn light), never as sure."""
    from engine.view import Estimate

    view = view_of("S3 SQ SQ D2 D9", "S8 S8")
    decision = Decision(tuple(parse_cards("SQ SQ")), Reason("win_trick"),
                        Estimate(samples=20, wins_trick=0.94, value=3.0))
    ladder = coach.HintLadder(view, lambda v: decision)
    text = ladder.step(coach.SUGGESTION).text
    assert ("It wins the trick in 94% of 20 deals drawn to fit what you have seen, with few "
            "trumps, points and aces drawn into the kitty, as dealers usually bury.") in text
    assert "sure" not in text
    set_language("zh_CN")
    try:
        assert "94%" in ladder.step(coach.SUGGESTION).text
    finally:
        set_language("en")


def test_a_joker_is_named_in_lower_case_but_a_sentence_begins_with_a_capital() -> None:
    """Card names are worded for inside a sentence; where one begins a sentence (the
    text's start, or after a full stop, even in a sentence inside another) it gets its
    capital.  Chinese is left as it is."""
    big, little = (CardsRef(tuple(parse_cards(c))) for c in ("BJ", "LJ"))
    wins = Said.of("{cards} wins the trick now.", 0, cards=big)
    ruffed = Said.of("{who} ruffed: {cards} ruffs higher and wins the trick now.", 0,
                     who=SeatRef(1, True), cards=little)
    guided = Said.of(GUIDE_PLAYED_WHY, 0, cards=little, why=wins)
    assert wins.text() == "Big joker wins the trick now."
    assert ruffed.text() == "The opponent on your right ruffed: little joker ruffs higher and wins the trick now."
    assert guided.text() == "The guide played little joker for you. Big joker wins the trick now."
    assert Said.of("Because {why}", 0, why=wins).text() == "Because big joker wins the trick now."
    assert coach.joined([ruffed, wins]).endswith("trick now. Big joker wins the trick now.")
    set_language("zh_CN")
    try:
        assert wins.text().startswith("大王") and "小王" in guided.text()
    finally:
        set_language("en")


@pytest.mark.parametrize("hand, says_ruff", [("D3 C4 C5 H4", True), ("D3 C4 C5", False)])
def test_a_short_suit_lead_promises_a_ruff_only_while_a_trump_is_held(hand, says_ruff) -> None:
    """"Lead it and you can ruff later" needs a trump to ruff with (hearts are trumps);
    on the last tricks, with only side cards left, the coach says no such thing."""
    view = view_of(hand, "")
    ladder = coach.HintLadder(view, advisor_playing("D3", "lead_short_suit"))
    text = ladder.step(coach.SUGGESTION).text
    assert ("You hold only 1 ♦ card: lead it and you can ruff ♦ later." in text) == says_ruff
    assert ("ruff" in text) == says_ruff


@pytest.mark.parametrize("hand, kept, trumps_shown_out, says", [
    ("BJ BJ SA", "BJ BJ", True, "cash a winner now and keep big joker big joker to lead the last trick: if it wins there, the kitty's points count 4 times."),
    ("BJ BJ SA", "BJ BJ", False, "lead this now and keep big joker big joker to lead the last trick"),
    ("BJ LJ SA", "BJ LJ", True, "cash a winner now and keep big joker little joker to lead the last trick"),
    ("BJ LJ SA", "", True, None),
])
def test_saving_the_last_trick_names_the_combination_kept(hand, kept, trumps_shown_out, says) -> None:
    """An attacker near the end leads ♠A and keeps a combination for the last trick: the
    plan names it and what it would multiply the kitty by.  "Cash a winner" needs ♠A
    sure (both opponents showed no trumps); otherwise it is only "lead this now"; a
    decision that names nothing kept gets no plan."""
    view = view_of(hand, "")
    if trumps_shown_out:  # a trump lead the learner's opponents (seats 0 and 2) did not follow
        view = replace(view, tricks=(record(1, ["H5", "S3", "D4", "C3"], view.ctx),))

    def advise(view):
        return Decision(tuple(parse_cards("SA")), Reason("save_last_trick", tuple(parse_cards(kept))))

    text = coach.HintLadder(view, advise).step(coach.SUGGESTION).text
    for phrase in ("cash a winner now", "lead this now"):
        assert (phrase in text) == (says is not None and says.startswith(phrase)), text
    assert says is None or says in text, text
    assert ("No opponent can beat it" in text) == trumps_shown_out


def test_the_ace_tip_needs_an_opponent_who_may_hold_the_suit() -> None:
    """"Lead your side-suit aces early, while the others still hold that suit": not once
    both opponents (seats 0 and 2) have shown they hold no ♠."""
    leading = view_of("SA S3 D4 H4", "")
    assert any("aces" in t.text() for t in coach.play_tips(leading))
    voids = replace(leading, tricks=(record(1, ["S5", "H3", "S4", "D3"], leading.ctx),))
    assert not any("aces" in t.text() for t in coach.play_tips(voids))


@pytest.mark.parametrize("hand, lead, tip, shown", [
    ("S8 S8 S5 S5", "S9", False, False),  # every legal follow plays one card of a pair
    ("S8 S8 S5 S5 S3", "S9", True, True),  # ♠3 keeps both pairs whole
    ("S5 S5 S8 D3", "S9 S9", True, False),  # the pair is played whole: the only play, no tip
    ("D8 D8 S5 S5", "", True, True),  # a lead never has to break a pair
])
def test_the_pair_tip_needs_a_play_that_keeps_a_pair(hand, lead, tip, shown) -> None:
    """"Do not break a pair just to win one more trick" is advice only when the next
    play can keep a pair whole; it is not given when every legal follow breaks one (nor
    any tip when the rules leave one play)."""
    view = view_of(hand, lead)
    tips = [t.text() for t in coach.play_tips(view)]
    assert any("do not break a pair" in t for t in tips) == shown
    at = coach.position(view)
    assert PairsCanStay(tuple(parse_cards("S5 S5"))).holds(at) == tip
    assert not PairsCanStay(tuple(parse_cards("S5 S8"))).holds(at)


def as_dealer(view: PlayerView) -> PlayerView:
    return replace(view, dealer=view.seat)


@pytest.mark.parametrize("view, tip, play, against", [
    (view_of("SA S3 D4 H4", ""), coach.ACE_TIP, "S3", True),
    (view_of("SA S3 D4 H4", ""), coach.ACE_TIP, "SA", False),
    (view_of("SK S3 D2", "SA"), coach.FEED_TIP, "SK", True),  # points to the opponent's trick
    (view_of("SK S3 D2", "SA"), coach.FEED_TIP, "S3", False),
    (view_of("SK S3 D2", "S9"), coach.FEED_TIP, "SK", False),  # it takes the trick
    (view_of("SK S5 D2", "SA"), coach.FEED_TIP, "S5", False),  # as few points as it must
    (view_of("SK S5 D2", "SA"), coach.FEED_TIP, "SK", True),
    (view_of("S5 S5 S8 D3", "S9"), coach.PAIR_TIP, "S5", True),
    (view_of("S5 S5 S8 D3", "S9"), coach.PAIR_TIP, "S8", False),
    (view_of("SA SK D4", ""), coach.THROW_TIP, "SA SK", True),  # the other ♠A is out
    (view_of("SA SA SK D4", ""), coach.THROW_TIP, "SA SA SK", False),  # nothing beats a part
    (view_of("H4 H4 S3 S7", ""), coach.TRUMP_PAIR_TIP, "H4 H4", True),
    (view_of("H4 H4 S3 S7", ""), coach.TRUMP_PAIR_TIP, "S3", False),
    (view_of("H4 H4", ""), coach.TRUMP_PAIR_TIP, "H4 H4", False),  # the last trick itself
    (as_dealer(view_of("H4 H5 S3 S7", "")), coach.TRUMPS_TIP, "H5 H4", True),
    (as_dealer(view_of("H4 H5 S3 S7", "")), coach.TRUMPS_TIP, "H5", False),
    (as_dealer(view_of("H4 H5", "")), coach.TRUMPS_TIP, "H5 H4", False),
])
def test_a_tip_the_coachs_play_goes_against(view, tip, play, against) -> None:
    """The coach's own play may rightly depart from a tip; each tip knows what departing
    from it looks like, so that the two are never shown side by side."""
    said = next(s for s in coach.play_tips(view) if s.msgid == tip)
    assert coach.goes_against(view, said, parse_cards(play)) == against


def test_a_feed_tip_is_against_a_low_card_on_a_partners_sure_trick() -> None:
    ctx = TrumpContext("10", "H")
    trick = (Play(1, tuple(parse_cards("S4"))), Play(2, tuple(parse_cards("BJ"))),
             Play(3, tuple(parse_cards("S6"))))
    view = replace(view_of("SK S3 D2", ""), seat=0, trick=trick, ctx=ctx, turn=0)
    said = next(s for s in coach.play_tips(view) if s.msgid == coach.FEED_TIP)
    assert coach.goes_against(view, said, parse_cards("S3"))
    assert not coach.goes_against(view, said, parse_cards("SK"))


def test_no_tip_beside_a_coachs_play_that_goes_against_it() -> None:
    """A dealer to lead: the tip of the first trick is the one about throws; beside a
    throw that may fail it is left out, beside a single it stays."""
    view = as_dealer(view_of("H4 H5 S3 S7", ""))
    chosen = coach.tip(view)
    assert chosen is not None and chosen.msgid == coach.THROW_TIP
    assert coach.tip(view, parse_cards("S7 S3")) is None
    assert coach.tip(view, parse_cards("S3")) == chosen


def test_the_verb_agrees_with_how_many_cards_are_played() -> None:
    """"♥K carries 10 points" but "♥6 ♥6 carry no points"; "wins" and "win" alike."""
    from engine.claims import Position
    from tutor.coach.claims import gives, wins_now

    at = Position(view_of("HK H6 H6 S3", ""))
    assert gives(at, parse_cards("HK")).text() == "♥K carries 10 points."
    assert gives(at, parse_cards("H6 H6")).text() == "♥6 ♥6 carry no points."
    assert wins_now(at, parse_cards("H6 H6")).text() == "♥6 ♥6 win the trick now."
    assert wins_now(at, parse_cards("HK")).text() == "♥K wins the trick now."


def test_the_kitty_note_is_hindsight_and_never_blames_the_coachs_burial() -> None:
    """The learner dealt and buried ♠K ♠5 with six blanks; the attackers took the last
    trick with a pair (×4).  Who wins the last trick is not known when burying: the note
    says what turned out, and only when the coach would have buried no points."""
    ctx = TrumpContext("10", "H")
    last = record(1, ["S4 S4", "S6 S6", "S7 S7", "C2 C3"], ctx)
    final = replace(after(last, learner=0), phase="hand_over", dealer=0,
                    kitty=tuple(parse_cards("SK S5 D2 D3 D4 D6 D7 D8")))
    blanks = tuple(parse_cards("D2 D3 D4 D6 D7 D8 C2 C3"))
    notes = coach.review([], final, lambda: blanks)
    assert [n.text() for n in notes] == [
        "As it turned out, the attackers won the last trick: the 15 points you buried in ♠K ♠5 "
        "♦8 ♦7 ♦6 ♦4 ♦3 ♦2 counted ×4, 60 for them. Burying ♦8 ♦7 ♦6 ♦4 ♦3 ♦2 ♣3 ♣2 would have "
        "kept them out of the kitty."]
    _links_the_strategy_lesson(notes[0], NoteKind.KITTY_LOST)
    burying = replace(final, phase="burying", tricks=())
    assert coach.review([], final, lambda: blanks, burying)[0].decision is burying  # the review shows that hand
    assert coach.review([], final, lambda: tuple(parse_cards("SK S5 D2 D3 D4 D6 D7 D8"))) == []
    assert coach.review([], final) == []  # the coach's burial not known: nothing said


@pytest.mark.parametrize("flipped, trump, words", [
    ("D9", "D", "Nobody declared, so the kitty's top card was turned over: ♦9, so ♦ is the trump suit."),
    ("LJ", None, "Nobody declared, so the kitty's top card was turned over: little joker, a joker, "
                 "so this hand has no trump suit (no-trump)."),
])
def test_a_flipped_kitty_card_is_explained(flipped, trump, words) -> None:
    """When nobody declares, the turned-over kitty card sets the trumps: the coach says
    so (the status panel alone showed a trump suit nobody chose).  The auditor agrees."""
    from engine.claims import KittyFlip

    from tests.coach.auditor import verify

    card = parse_cards(flipped)[0]
    view = replace(view_of("S3 S4", "", trump=trump), flipped=card)
    said = coach.Narrator(learner=0).flipped(view)
    assert [s.text() for s in said] == [words]
    claim = KittyFlip(card, trump)
    assert verify(claim, view, {}, 0) and not verify(KittyFlip(card, "S"), view, {}, 0)
    assert coach.Narrator(learner=0).flipped(replace(view, flipped=None)) == []


@pytest.mark.parametrize("rule, words", [
    ("none", None),
    ("flat", "The failed throw costs 10 points: they go to the other team."),
    ("per_card", "The failed throw costs 20 points: they go to the other team."),
])
def test_a_failed_throws_penalty_is_said_under_its_rule(rule, words) -> None:
    """♠A ♠5 ♠5 tried, ♠A played: two cards taken back.  With a throw penalty the coach
    says what it cost, every time (the auditor agrees); without one it says nothing."""
    from engine import Rules
    from engine.claims import ThrowPenalty

    from tests.coach.auditor import verify

    ctx = TrumpContext("10", "H", Rules(throw_penalty=rule))
    view = replace(after(record(1, ["SA", "SK", "S2", "SQ"], ctx, attempted="SA S5 S5")),
                   rules=ctx.rules, ctx=ctx)
    said = [s.text() for s in coach.Narrator(learner=0).trick(view)]
    assert (words in said) if words else not any("costs" in t for t in said)
    if words:
        n = int(words.split("costs ")[1].split()[0])
        assert verify(ThrowPenalty(0, 1, n), view, {}, 0) and not verify(ThrowPenalty(0, 1, n + 10), view, {}, 0)


def test_a_discard_on_a_trump_lead_is_explained_for_a_trump_lead() -> None:
    """When trumps are led, "neither the led suit nor trumps" says the same thing twice:
    the narration says that a play not all trumps never wins."""
    ctx = TrumpContext("10", "H")
    said = [s.text() for s in coach.Narrator(learner=0).trick(after(record(1, ["H8", "H9", "S3", "HA"], ctx)))]
    assert any("when trumps are led, a play that is not all trumps never wins" in t for t in said), said


def test_second_seat_low_play_is_explained_by_the_partner_still_to_come() -> None:
    """Second in a trick, the coach keeps ♦A and plays ♦5 (not the pointless ♦J): no
    "give fewest points" principle fits; the partner playing last does."""
    view = view_of("DA DJ D5 S3", "D8")
    ladder = coach.HintLadder(view, advisor_playing("D5", "follow_low"))
    principle = ladder.step(coach.PRINCIPLE)
    assert principle.text == ("Your partner plays after you and may beat the card now winning: "
                              "you need not spend a high card on this trick.")
    assert any(isinstance(c, PartnerCanBeat) and c.seat == 3 for s in principle.said for c in s.claims)
    why = ladder.step(coach.SUGGESTION).text
    assert "Your partner plays after you and may hold what beats ♦8." in why
    # the ace wins the trick now, the jack is not the lowest: the partner still to come
    # is no reason for either
    for play in ("DA", "DJ"):
        other = coach.HintLadder(view, advisor_playing(play, "follow_low"))
        assert "partner plays after you and may beat" not in other.step(coach.PRINCIPLE).text


def test_partner_can_beat_needs_a_deal_where_the_partner_holds_it() -> None:
    """The learner holds every ♦ above ♦8 and the partner showed it has no trump: in
    no consistent deal can the partner beat ♦8, so the claim fails."""
    ctx = TrumpContext("10", "H")
    trumps = record(2, ["H3", "S6", "H5", "H4"], ctx)  # seat 3 has no trump; seat 0 wins
    hand = "DA DA DK DK DQ DQ DJ DJ D9 D9 D5"
    view = replace(after(trumps, learner=1), hand=tuple(parse_cards(hand)),
                   trick=(Play(0, tuple(parse_cards("D8"))),), turn=1, cards_left=(28, 11, 28, 28))
    at = Position(view)
    assert not PartnerCanBeat(3, tuple(parse_cards("D5"))).holds(at)
    one_ace_out = replace(view, hand=tuple(parse_cards("DA DK DK DQ DQ DJ DJ D9 D9 D5 S3")))
    assert PartnerCanBeat(3, tuple(parse_cards("D5"))).holds(Position(one_ace_out))


def test_no_high_card_to_save_when_no_play_wins() -> None:
    """Out of trumps on a trump lead, no play wins: "need not spend a high card" would
    be empty, so the partner-to-come principle is not said."""
    view = view_of("DJ D5 S3", "H8")
    ladder = coach.HintLadder(view, advisor_playing("D5", "cheapest_discard"))
    assert "need not spend a high card" not in ladder.step(coach.PRINCIPLE).text


def test_a_likely_win_is_a_principle_only_with_a_high_sampled_share() -> None:
    """Second to play, the coach's king wins now and kept the trick in most sampled
    deals: the principle says the opponents are unlikely to beat it; with a share
    below two thirds (or no estimate) it is not said."""
    from engine.view import Estimate

    view = view_of("DK D3 S3", "D7")
    for share, said in ((0.83, True), (0.6, False), (None, False)):
        estimate = None if share is None else Estimate(samples=23, wins_trick=share, value=1.0)
        decision = Decision(tuple(parse_cards("DK")), Reason("win_points"), estimate)
        text = coach.HintLadder(view, lambda v: decision).step(coach.PRINCIPLE).text
        assert ("unlikely to beat" in text) == said, (share, text)


def test_drawing_trumps_says_how_sure_the_lead_is() -> None:
    """Both big jokers and a little joker led to draw trumps: nothing can beat them, and
    the coach says so; a low trump pair led the same way may be beaten."""
    view = view_of("BJ BJ LJ H3 H3 SA SK D3", "")
    sure = coach.HintLadder(view, advisor_playing("BJ BJ LJ", "drawing_trumps"))
    assert "No opponent can beat it, whatever cards they hold." in sure.step(coach.SUGGESTION).text
    low = coach.HintLadder(view, advisor_playing("H3 H3", "drawing_trumps"))
    assert "An opponent could still beat it" in low.step(coach.SUGGESTION).text


def test_no_winning_play_and_fewest_points_without_listing_every_follow() -> None:
    """Out of trumps on a three-card trump lead, 19 cards give 969 legal discards, more
    than the claims list; short of the suit led, no play wins and the fewest points are
    the lowest cards', so the "cannot win, give few points" principle still fits."""
    view = view_of("S3 S4 S6 S7 S8 S9 SJ SQ SK D3 D4 D5 D6 D7 D8 D9 C3 C4 C6", "HA HA HK")
    at = coach.position(view)
    assert at.legal() is None and at.fewest_points() == 0 and at.some_play_wins() is False
    assert NoWinningPlay().holds(at)
    assert FewestPoints(tuple(parse_cards("S3 S4 D3"))).holds(at)
    assert not FewestPoints(tuple(parse_cards("S3 S4 D5"))).holds(at)
    ladder = coach.HintLadder(view, advisor_playing("S3 S4 D3", "cheapest_discard"))
    assert ladder.step(coach.PRINCIPLE).text == "When you cannot win the trick, give as few points as you can."
    # a side-suit lead the hand is out of, with trumps enough to ruff: not known
    ruff = coach.position(view_of("H3 H4 H6 S3 S4 S6 S7 S8 S9 SJ SQ SK D3 D4 D6 D7 D8 D9", "C7 C7 C8"))
    assert ruff.legal() is None and ruff.some_play_wins() is None


def test_review_flags_points_discarded_with_too_many_follows_to_list() -> None:
    """Last to play, out of trumps on the opponents' three-card trump throw: 969 legal
    discards, too many to list, yet the trick was lost whatever was played, and ♠K ♦5
    gave 15 points that three blanks would not have."""
    hand = "S3 S4 S6 S7 S8 S9 SJ SQ SK D3 D4 D5 D6 D7 D8 D9 C3 C4 C6"
    before = _decision([(1, "HA HA HK"), (2, "H3 H4 H6"), (3, "H7 H8 H9")], hand)
    assert coach.position(before).legal() is None
    item, final = _finish(before, "SK D5 S3")
    notes = coach.review([item], final)
    assert len(notes) == 1
    alternative = notes[0].alternative  # three blanks of the lowest ranks
    assert len(alternative) == 3 and all(c.points == 0 and c.rank in "34" for c in alternative)
    assert "15 points more than" in notes[0].text()
    item, final = _finish(before, "S3 S4 C3")
    assert coach.review([item], final) == []


def test_the_feeding_tip_stays_when_the_play_gives_only_what_it_must() -> None:
    """Short of the suit led with too many follows to list: ♥5 must be played, so a
    play giving just those 5 points gives the opponents no more than it must; the tip
    about giving low cards stays beside it, and goes when a 10 is added."""
    from tutor.coach.advice import FEED_TIP

    view = view_of("H5 S3 S4 S6 S7 S8 S9 SJ SQ SK D3 D4 D6 D7 D8 D9 C3 C4 C6", "HA HA HK HK")
    assert coach.position(view).legal() is None
    feed = Said(FEED_TIP, view.seat)
    assert not coach.goes_against(view, feed, parse_cards("H5 S3 S4 D3"))
    assert coach.goes_against(view, feed, parse_cards("H5 SK S4 D3"))
