"""An automated learner works through every lesson with ``LessonRun`` (what the lesson
player drives): answers are earned (a hint that points at the rule, then the answer
with the reason), choices are shuffled per learner and balanced, drills need three
right in a row, and stars are scored against par."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine import Rules, parse_cards
from tutor.hints import cards_text
from tutor.lessons import Lesson, LessonRun, load_all
from tutor.lessons.feedback import tr
from tutor.lessons.marking import ANSWER, HINT, RIGHT, stars_for
from tutor.lessons.model import context_for
from tutor.lessons.rules import correct_options, right_answers, wrong_answer
from tutor.lessons.steps import Choose, Drill

LESSONS = [lesson for lesson in load_all() if isinstance(lesson, Lesson)]
FINAL = next(lesson for lesson in LESSONS if lesson.id == "10")
"""The final check: the end of the two-deck course (the lessons on other games follow it)."""


def right(run: LessonRun) -> list | int:
    task = run.task
    answers = right_answers(task, run.ctx)
    return min(answers) if isinstance(task, Choose) else list(answers[0])


def wrong(run: LessonRun) -> list | int:
    answer = wrong_answer(run.task, run.ctx)
    return answer if isinstance(answer, int) else list(answer)


def play_through(run: LessonRun, slips: bool) -> None:
    """Answer everything; with ``slips`` one wrong answer first on each position."""
    for _ in range(500):
        if run.is_task:
            if slips and (not isinstance(run.step, Drill) or run.state.dealt == 1):
                feedback = run.answer(wrong(run))
                assert feedback is not None and not feedback.correct
                assert feedback.lines() and all(feedback.lines()), (run.lesson.id, run.index)
            if not run.state.done:
                assert not run.can_advance() or isinstance(run.step, Drill)
                assert run.answer(right(run)).tier == RIGHT
            if run.new_position():
                continue
        if not run.next():
            break
    assert run.finished, (run.lesson.id, run.index, run.open_steps())


OPTIONS = [{}, {"constant_twos": True}, {"kitty_multiplier": "power"}]


def _learner_runs() -> list:
    """Each two-deck lesson under each option in both languages; a lesson of another game
    plays its own rules whatever the options, so it runs once."""
    return [pytest.param(lesson, options, language, id=f"{language}-{lesson.id}-{n}")
            for n, options in enumerate(OPTIONS) for lesson in LESSONS for language in ("en", "zh_CN")
            if lesson.decks == 2 or (not options and language == "en")]


@pytest.mark.parametrize("lesson, options, language", _learner_runs(), indirect=["language"])
def test_learner_completes_every_lesson(lesson: Lesson, options: dict, language: str) -> None:
    run = LessonRun(lesson, Rules(**options), seed=3)
    play_through(run, slips=True)
    assert run.mistakes > 0 and run.stars < 3


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_no_slip_earns_three_stars(lesson: Lesson) -> None:
    run = LessonRun(lesson, seed=5)
    play_through(run, slips=False)
    assert run.mistakes == 0 and run.stars == 3


def test_stars_have_the_same_thresholds_everywhere() -> None:
    """★★★ without a wrong answer, ★★ with at most two, ★ with more right answers than
    wrong ones, else none: a final check answered mostly wrong earns no star."""
    assert [stars_for(m, 10) for m in (0, 1, 2, 3, 9, 10, 11)] == [3, 2, 2, 1, 1, 0, 0]
    assert stars_for(0, 0) == 0
    for lesson in (LESSONS[1], LESSONS[4]):  # short and long lessons alike
        run = LessonRun(lesson, seed=1)
        play_through(run, slips=False)
        run.states[0].mistakes = 2
        assert run.stars == 2
        run.states[1].mistakes = 1
        assert run.stars == 1
    final = LessonRun(FINAL, seed=11)
    for i in sorted(final.quiz):
        final.go(i)
        final.answer(wrong(final))
    assert final.rights == 0 and final.stars == 0


def mentions(text: str, words: str) -> bool:
    return re.search(r"(?<![\w♠♥♦♣])" + re.escape(words) + r"(?!\w)", text) is not None


def tasks(lesson: Lesson) -> list[tuple[LessonRun, int]]:
    run = LessonRun(lesson, seed=2)
    return [(run, i) for i, s in enumerate(run.steps) if s.is_task]


ALL_TASKS = [(lesson, i) for lesson in LESSONS for _run, i in tasks(lesson)]


@pytest.mark.parametrize("lesson, index", ALL_TASKS, ids=[f"{x.id}-{i}" for x, i in ALL_TASKS])
def test_first_hint_points_at_the_rule_second_shows_the_answer(lesson: Lesson, index: int) -> None:
    run = LessonRun(lesson, seed=2)
    run.go(index)
    task, ctx = run.task, run.ctx
    if isinstance(task, Choose):
        option = task.options[min(correct_options(task, ctx))]
        answer_text = tr(option.label) if option.label else cards_text(option.cards)
    else:
        answer_text = cards_text(ctx.sorted(task.expect[0])) if len(task.expect) == 1 and task.expect[0] else None
    first = run.answer(wrong(run))
    assert first.tier == (ANSWER if index in run.quiz else HINT)
    if first.tier == HINT:
        hint = " ".join(first.lines())
        assert first.lines() and (answer_text is None or not mentions(hint, answer_text)), hint
        assert not run.can_advance()
        second = run.answer(wrong(run))
    else:
        second = first
    assert second.tier == ANSWER and run.can_advance()
    assert run.answer(right(run)) is None, "a shown answer is not answered again"
    shown = " ".join(second.lines())
    if answer_text:
        assert mentions(shown, answer_text)


def test_choices_are_shuffled_per_learner_and_stable_while_open() -> None:
    lesson = LESSONS[0]
    orders = {tuple(tuple(LessonRun(lesson, seed=s).order(i)) for i, st in enumerate(LessonRun(lesson).steps)
                    if isinstance(st, Choose)) for s in range(6)}
    assert len(orders) > 1
    run = LessonRun(lesson, seed=4)
    first = [run.order(i) for i, st in enumerate(run.steps) if isinstance(st, Choose)]
    run.go(3)
    run.go(1)
    assert first == [run.order(i) for i, st in enumerate(run.steps) if isinstance(st, Choose)]


@pytest.mark.parametrize("lesson", LESSONS[:9], ids=lambda x: x.id)
def test_no_place_holds_the_right_answer_more_than_its_share(lesson: Lesson) -> None:
    """Within one learner's lesson, among the choices with n options, each place holds
    the right answer within one of its share; over many learners every place gets it
    about as often."""
    overall: Counter[tuple[int, int]] = Counter()
    for seed in range(200):
        run = LessonRun(lesson, seed=seed)
        count: Counter[tuple[int, int]] = Counter()
        for i, step in enumerate(run.steps):
            if isinstance(step, Choose):
                order = run.order(i)
                place = order.index(min(correct_options(step, context_for(step, run.rules))))
                count[len(order), place] += 1
        overall.update(count)
        for n in {n for n, _p in count}:
            places = [count[n, p] for p in range(n)]
            assert max(places) - min(places) <= 1, (seed, n, places)
    for n in {n for n, _p in overall}:
        mean = sum(overall[n, p] for p in range(n)) / n
        for p in range(n):  # within four standard deviations of an even spread
            assert abs(overall[n, p] - mean) <= 4 * mean**0.5 + 1, (n, p, overall)


def test_drill_needs_three_right_in_a_row() -> None:
    lesson = LESSONS[1]
    run = LessonRun(lesson, seed=9)
    run.go(next(i for i, s in enumerate(run.steps) if isinstance(s, Drill)))
    seen = []
    for _ in range(2):
        seen.append(run.task)
        assert run.answer(right(run)).correct
        assert not run.can_advance() and run.position_done()
        assert run.new_position()
    run.answer(wrong(run))
    run.answer(right(run))
    assert run.state.streak == 0, "a slip starts the count again"
    for _ in range(3):
        run.new_position()
        seen.append(run.task)
        run.answer(right(run))
    assert run.state.solved and run.can_advance()
    assert len({id(t) for t in seen}) == len(seen) and seen[0] != seen[1], "every position is dealt fresh"


def test_final_check_asks_ten_questions_once_each() -> None:
    run = LessonRun(FINAL, seed=11)
    assert len(run.quiz) == 10
    kinds = set()
    for i in sorted(run.quiz):
        run.go(i)
        kinds.add(run.task.goal)
        feedback = run.answer(wrong(run))
        assert feedback.tier == ANSWER and run.can_advance()
    assert len(kinds) == 10, "ten different questions"
    other = LessonRun(FINAL, seed=12)
    assert [other.steps[i] for i in sorted(other.quiz)] != [run.steps[i] for i in sorted(run.quiz)]


def step_of(lesson_id: str, goal_start: str, rules: Rules | None = None) -> LessonRun:
    lesson = next(x for x in LESSONS if x.id == lesson_id)
    run = LessonRun(lesson, rules, seed=1)
    run.go(next(i for i, s in enumerate(run.steps)
                if (s.goal or "").startswith(goal_start) or (s.is_task and (s.text or "").startswith(goal_start))))
    return run


# A wrong pick and the first sentence that must explain it (English): the rule, never the answer.
WRONG = [
    ("03", "You have no clubs", "DA",  # a single led: no word of pairs and tractors
     "That cannot win: on this lead only a higher card of the suit led or, when you have none of that suit, "
     "a trump can."),
    ("05", "♥Q ♥Q is led", "HK H10", "A pair was led and you hold a pair of hearts: you must answer with a pair."),
    ("01", "♦K is led", "SA",
     "You still hold diamonds, the suit that was led: while you have cards of the suit led, you must play them."),
    ("06", "♣8 ♣8 ♣9 ♣9 is led", "CK CK C4 C4",
     "A tractor was led and you hold a tractor of clubs: you must play it."),
    ("06", "♠3 ♠3 ♠4 ♠4 is led", "SK SK S10 S8",
     "The lead has pairs and you hold pairs of spades: play as many pairs as the lead has, as far as yours go."),
    ("07", "♣K ♣K is led", "BJ SA",
     "That cannot win: only a play of the lead's shape can, all of the suit led or all trumps, with as many "
     "pairs and tractors as the lead."),
    ("07", "Your partner's ♦A", "S5", "That follows the rules, but it does not win: ♠8 beats it."),
    ("03", "Pick every trump", "BJ S6 D6 H9 H4 LJ SA", "♠A: not a trump."),
    ("04", "The opponent on your left shows ♣5.", "H5",
     "♥5 is not strong enough: two identical level cards beat one, two identical jokers beat a level pair, "
     "big jokers beat little jokers."),
    ("04", "Another deal. You showed ♦5", "H5",
     "You cannot override your own declaration; you may only add the identical second card."),
    ("08", "Every club the others hold", "CA CK CK C6 C6",
     "Another player holds something higher than ♣6 ♣6 in that suit, so this throw would fail."),
    ("09", "Bury 8 cards safely.", "SA SQ S9 S3 H8 H7 H6 CK",
     "Points in the kitty: ♣K. If the attackers win the last trick, they count several times over."),
    ("05", "Lead a card that no card", "HQ",
     "A higher card of that suit is still out: count which ones have been played."),
]


@pytest.mark.parametrize("lesson_id, goal, pick, sentence", WRONG, ids=[w[2] for w in WRONG])
def test_wrong_pick_names_the_rule(lesson_id: str, goal: str, pick: str, sentence: str) -> None:
    run = step_of(lesson_id, goal)
    feedback = run.answer(parse_cards(pick))
    assert feedback.tier == HINT
    assert feedback.lines()[0] == sentence


def test_missed_trumps_points_at_the_rule() -> None:
    run = step_of("03", "Pick every trump")
    feedback = run.answer(parse_cards("BJ S6 H9 H4 LJ"))
    assert feedback.lines() == ["Some trumps are still in your hand. Trumps are both jokers, every level card "
                                "and every card of the trump suit."]


def test_constant_twos_changes_the_trump_answer() -> None:
    """The engine, not the lesson, decides: with constant twos a side-suit 2 is a trump."""
    from tutor.lessons.drills import generate

    twos = Rules(constant_twos=True)
    changed = 0
    for seed in range(40):
        task = generate("find_trumps", seed, twos)
        side_two = any(c.rank == "2" and c.suit != task.position.trump for c in task.hand) and task.position.level != "2"
        plain_answer = right_answers(task, context_for(task, Rules()))
        twos_answer = right_answers(task, context_for(task, twos))
        assert (plain_answer != twos_answer) == side_two
        changed += side_two
    assert changed


def test_declaring_can_be_a_pass() -> None:
    run = step_of("04", "The opponent on your left shows ♣5 ♣5")
    assert run.answer([]).correct
    run = step_of("04", "Nobody has shown")
    feedback = run.answer([])
    assert feedback.tier == HINT and feedback.lines() == ["You hold something the rules let you show now."]
