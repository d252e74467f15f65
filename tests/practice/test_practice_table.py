"""The practice table without pixels: whole hands with the learner's seat driven by
its AI, refusals, undo, the review and saving a match."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.game import BURYING, HAND_OVER, TRICKS, Game
from tutor import coach
from tutor.i18n import set_language
from tutor.practice import PracticeTable


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def run_until_learner(table: PracticeTable, limit: int = 2000) -> None:
    """Automatic moves until the learner must act; the learner's AI may declare after
    each dealing segment, as the other seats do."""
    for _ in range(limit):
        if table.learner_to_act or table.phase == HAND_OVER:
            return
        table.step()
        if table.declaring_chance:
            move = table.auto_move()
            if move is not None:
                table.declare(move)
    raise AssertionError("the table never stopped")


def learner_moves(table: PracticeTable) -> None:
    """The learner's seat acts as its AI would, through the learner's own entry points."""
    move = table.auto_move()
    if table.phase == TRICKS or table.phase == BURYING:
        assert move is not None
        for i, card in enumerate(move):
            options = table.selectable(move[:i])
            assert options is None or card in options
        assert table.can_submit(move)
        result = table.submit(move)
        assert result.refusal is None and result.events
    elif move is not None:
        table.declare(move)
        table.close_declaring()
    else:
        table.close_declaring()


def play_hand(table: PracticeTable) -> None:
    for _ in range(200):
        run_until_learner(table)
        if table.phase == HAND_OVER:
            return
        learner_moves(table)
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_hand_with_the_learner_seat_on_autopilot(seed: int) -> None:
    table = PracticeTable(Game(seed=seed), learner=0, seed=seed)
    play_hand(table)
    result = table.game.result
    assert result is not None
    assert len(table.learner_plays) == len(table.game.tricks)  # one play per trick
    assert table.messages, "a coached hand explains what happened"
    assert sum(1 for m in table.messages if "won the trick" in m.text()) <= 4  # each kind once


def test_hint_line_and_refusal_while_following() -> None:
    for seed in range(1, 30):
        table = PracticeTable(Game(seed=seed), learner=0, seed=seed)
        while table.phase != HAND_OVER:
            run_until_learner(table)
            if table.phase == TRICKS and table.view.lead:
                view = table.view
                suit = view.ctx.suit_of(view.lead[0])
                held = [c for c in view.hand if view.ctx.suit_of(c) == suit]
                other = [c for c in view.hand if view.ctx.suit_of(c) != suit]
                if held and other and len(view.lead) == 1:
                    line = table.hint_line([])
                    assert "Follow with 1" in line
                    assert other[0] not in table.selectable([])
                    assert "follow" in table.why_not([], other[0])
                    refused = table.submit([other[0]])
                    assert refused.refusal and not refused.events
                    assert "follow" in refused.refusal()
                    set_language("zh_CN")  # F2 while the refusal shows: it is worded again
                    assert "跟" in refused.refusal() and "follow" not in refused.refusal()
                    assert "选" in table.submit([]).refusal()  # "Choose the cards to play first."
                    return
            if table.phase == HAND_OVER:
                break
            learner_moves(table)
    pytest.fail("no position with a single led and a card of another suit")


def test_undo_takes_back_the_learners_last_play() -> None:
    table = PracticeTable(Game(seed=5), learner=0, seed=5)
    while not table.learner_plays:
        run_until_learner(table)
        learner_moves(table)
    run_until_learner(table)
    assert table.phase == TRICKS and table.learner_to_act
    hand_before = Counter(table.game.hand(0))
    tricks = len(table.game.tricks)
    last = table.learner_plays[-1]
    assert table.undo()
    assert Counter(table.game.hand(0)) == hand_before + Counter(last.cards)
    assert table.game.turn == 0 and len(table.game.tricks) <= tricks
    assert table.learner_plays[-1:] != [last]


def test_hint_ladder_counts_and_resets() -> None:
    table = PracticeTable(Game(seed=8), learner=0, seed=8)
    while not (table.phase == TRICKS and table.learner_to_act):
        run_until_learner(table)
        if not (table.phase == TRICKS and table.learner_to_act):
            learner_moves(table)
    steps = [table.hint() for _ in range(4)]
    assert [s.rung for s in steps] == [0, 1, 2, 3]
    assert table.hints_used == 1, "four rungs of one decision count as one decision helped"
    answer = list(steps[3].cards)
    assert table.can_submit(answer)
    table.submit(answer)
    run_until_learner(table)
    if table.phase == TRICKS:
        assert table.hint().rung == 0


def test_the_hint_ladder_buries_with_the_coach() -> None:
    """While the learner buries, the ladder climbs to the advisor's 8 cards; chosen, they
    get the coach's reasons, not warnings against them."""
    table = PracticeTable(Game(seed=11, dealer=0, hand=2), learner=0, seed=11)
    run_until_learner(table)
    while table.phase != BURYING:
        learner_moves(table)
        run_until_learner(table)
    assert table.can_hint
    steps = [table.hint() for _ in range(4)]
    assert [s.rung for s in steps] == [0, 1, 2, 3]
    assert table.hints_used == 1
    answer = list(steps[3].cards)
    assert Counter(answer) == Counter(table.ladder().decision.cards)
    assert len(answer) == 8 and not Counter(answer) - Counter(table.game.hand(0))
    assert "The coach would bury" in steps[2].text and steps[2].cards == steps[3].cards
    reasons = " ".join(said.text() for said in table.bury_advice(answer))
    assert "Careful" not in reasons and "instead" not in reasons and "keep them in your hand" not in reasons
    assert table.submit(answer).refusal is None and table.phase == TRICKS


def test_coach_off_is_silent() -> None:
    table = PracticeTable(Game(seed=4), learner=0, coached=False, seed=4)
    play_hand(table)
    assert table.messages == [] and not table.can_undo


def test_review_after_a_hand() -> None:
    """A learner who feeds points to the opponents' tricks gets notes that say what it
    cost; one who always plays the cheapest legal cards gets none for giving points."""
    from .test_practice_scene import poor_follow

    def play(follow) -> list:
        table = PracticeTable(Game(seed=6), learner=0, seed=6, advisor_kind="ai")
        run_until_learner(table)
        while table.phase != HAND_OVER:
            if table.phase == TRICKS:
                view = table.view
                cards = follow(table) if view.lead else [view.hand[-1]]
                assert table.submit(list(cards)).refusal is None
            else:
                learner_moves(table)
            run_until_learner(table)
        return table.review()

    notes = play(poor_follow)
    assert notes, "feeding the opponents costs points"
    for note in notes:
        assert note.lesson is not None and note.topic
        assert Counter(note.alternative) != Counter(note.played)
        assert "points" in note.text() or "trump" in note.text()
    cheap = play(lambda table: table.game.legal_follow(0))
    assert not [n for n in cheap if n.topic == "giving_points"]


def test_match_saves_and_resumes() -> None:
    table = PracticeTable(Game(seed=9), learner=0, seed=9)
    for _ in range(150):
        run_until_learner(table)
        if table.learner_to_act:
            learner_moves(table)
    saved = json.loads(json.dumps(table.to_dict()))
    again = PracticeTable.from_dict(saved)
    assert again.game.state() == table.game.state()
    assert again.phase == table.phase


def test_bury_refuses_the_wrong_count() -> None:
    table = PracticeTable(Game(seed=11, dealer=0, hand=2), learner=0, seed=11)
    run_until_learner(table)
    while table.phase != BURYING:
        learner_moves(table)
        run_until_learner(table)
    assert table.game.turn == 0
    hand = list(table.game.hand(0))
    assert len(hand) == 33
    assert table.submit(hand[:7]).refusal
    assert table.selectable(hand[:7]) is None and table.selectable(hand[:8]) == set()
    risky = sorted(hand, key=lambda c: -c.points)[:8]
    total = sum(c.points for c in risky)
    assert f"{total} points in the kitty." in table.hint_line(risky)
    assert f"{total} points in the kitty count double" in table.bury_advice(risky)[0].text()
    assert not any("in the kitty count" in s.text() for s in table.bury_advice(hand[:0]))
    assert table.submit(hand[:8]).refusal is None
    assert table.phase == TRICKS


def test_a_tip_the_coachs_shown_play_goes_against_is_left_out() -> None:
    """Before a hint the tip of the moment shows; once the hint ladder has shown the
    coach's play, a tip that play goes against is left out (seed 5: the coach leads
    one card of its pair of trumps while the tip says to keep it, among others)."""
    table = PracticeTable(Game(seed=5), learner=0, seed=5)
    left_out = 0
    for _ in range(200):
        run_until_learner(table)
        if table.phase == HAND_OVER:
            break
        if table.phase == TRICKS:
            before = table.tip()
            table.hint()
            after = table.tip()
            play = table.ladder().decision.cards
            if before is not None and coach.goes_against(table.view, before, play):
                assert after is None
                left_out += 1
            else:
                assert after == before
        learner_moves(table)
    assert left_out


def test_a_tip_is_shown_at_few_decisions_of_a_hand() -> None:
    """Tips take turns, the least shown first, and each stops after
    ``TIP_REPEATS`` decisions of the hand: a tip read at every trick stops being read."""
    from tutor.coach.advice import TIP_REPEATS

    table = PracticeTable(Game(seed=5), learner=0, seed=5)
    shown: Counter = Counter()
    for _ in range(200):
        run_until_learner(table)
        if table.phase == HAND_OVER:
            break
        if table.phase == TRICKS:
            tip = table.tip()
            assert table.tip() == tip  # the same tip for the whole decision
            if tip is not None:
                shown[tip.msgid] += 1
        learner_moves(table)
    assert len(shown) >= 3 and max(shown.values()) == TIP_REPEATS, shown
