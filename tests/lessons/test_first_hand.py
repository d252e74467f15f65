"""The guided first hand: its data is checked against the engine like a lesson's, and
the whole hand replays with a learner's answers, right and wrong, from the deal to
the real hand summary (``tutor.guided.GuidedTable``, no pygame), then once through
the table scene in each language (``tutor.scenes.first_hand``)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine import Rules, hand_outcome, parse_cards  # noqa: E402
from engine.claims import LegalPlay  # noqa: E402
from engine.game import HAND_OVER  # noqa: E402
from tutor.guided import GUIDE_PLAYED, GUIDE_PLAYED_WHY, GuidedTable  # noqa: E402
from tutor.lessons import GuidedHand, load_all  # noqa: E402
from tutor.lessons.hand import LEARNER  # noqa: E402
from tutor.lessons.handfile import read_hand  # noqa: E402
from tutor.lessons.loader import LESSON_DIR  # noqa: E402
from tutor.lessons.marking import ANSWER, HINT, RIGHT  # noqa: E402
from tutor.lessons.model import answer_key  # noqa: E402
from tutor.lessons.steps import Declare  # noqa: E402

HAND_FILE = LESSON_DIR / "first_hand.yaml"
STOPS = [("declaration", None), ("safe_bury", None), ("legal_follow", 2), ("win_trick", 10), ("feed_partner", 12)]
"""The stops of the script's path: the rule, and the trick it is asked in."""


def guided() -> GuidedHand:
    hand = next(x for x in load_all() if isinstance(x, GuidedHand))
    return hand


def wrong_for(table: GuidedTable) -> list:
    """A wrong answer of the size the stop asks for: pass while a declaration is
    allowed, bury the first 8 cards in hand order (trumps and points), or the first
    cards the stop's rule refuses."""
    from tutor.lessons.model import context_for
    from tutor.lessons.rules import wrong_answer

    task = table.task
    assert task is not None
    if isinstance(task, Declare):
        return []
    if task.answer == "safe_bury":
        return list(table.game.hand(LEARNER)[:8])
    return list(wrong_answer(task, context_for(task, table.game.rules)))


def play(table: GuidedTable, wrong: int = 0, bury: list | None = None) -> list[tuple]:
    """Play the hand to its end: every narration read, every stop answered ``wrong``
    times wrongly, then rightly (``bury``: the learner's own right bury).  Returns what
    happened at each stop: (rule, trick, tiers of the feedback given)."""
    seen: list[tuple] = []
    tiers: list[str] = []
    for _ in range(2000):
        if table.open_due():
            moment = table.pending
            assert moment is not None
            if not moment.is_stop:
                table.go_on()
                continue
            if len(tiers) < wrong:
                answer = wrong_for(table)
            else:
                answer = bury if moment.answer == "safe_bury" and bury else list(table.answer_cards())
            trick = len(table.game.tricks) + 1
            if isinstance(table.task, Declare):
                table.answer(answer)
            else:
                table.submit(answer)
            assert table.feedback is not None
            tiers.append(table.feedback.tier)
            if table.pending is None:
                seen.append((moment.answer, trick if moment.at.when == "trick" else None, tuple(tiers)))
                tiers = []
            continue
        if table.phase == HAND_OVER:
            return seen
        thought = table.next_thought()
        if thought is not None:
            table.apply(thought, thought.think())
        else:
            table.step()
    raise AssertionError("the hand did not end")


def test_the_guided_hand_follows_lesson_9_and_the_final_check_comes_last() -> None:
    """Last of the two-deck course; only the lessons on the games of other decks follow it."""
    loaded = load_all()
    ids = [x.id for x in loaded]
    two_decks = [x.id for x in loaded if getattr(x, "decks", 2) == 2]
    assert ids.index("hand") == ids.index("09") + 1 < ids.index("10") == len(two_decks) - 1
    assert ids[:len(two_decks)] == two_decks
    hand = guided()
    assert hand.par == len(STOPS) and hand.available


def test_right_answers_ask_every_stop_and_end_on_the_engines_summary() -> None:
    table = GuidedTable(guided(), Rules())
    seen = play(table)
    assert [(rule, trick) for rule, trick, _tiers in seen] == STOPS
    assert all(tiers == (RIGHT,) for _r, _t, tiers in seen)
    assert not table.skipped and table.mistakes == 0 and table.stars == 3
    game = table.game
    last = game.tricks[-1]
    assert table.outcome() == hand_outcome(game.result.trick_points, table.view.kitty, last.plays[0].cards,
                                           game.is_attacker(last.winner), game.result.dealer, game.start_levels,
                                           game.ctx, game.result.penalties)
    assert game.dealer == LEARNER and game.trump == "S"
    assert table.outcome().change.after == "3", "the dealers hold: the learner's team goes up"


def test_a_wrong_answer_gets_the_rule_then_the_answer() -> None:
    table = GuidedTable(guided(), Rules())
    seen = play(table, wrong=2)
    assert [(rule, trick) for rule, trick, _tiers in seen] == STOPS
    assert all(tiers == (HINT, ANSWER, RIGHT) for _r, _t, tiers in seen)
    assert table.mistakes == 2 * len(STOPS) and table.stars == 0, "more wrong answers than right: no star"


def test_the_first_wrong_answer_points_at_the_rule_not_at_the_answer() -> None:
    table = GuidedTable(guided(), Rules())
    while not (table.open_due() and table.stop is not None and table.stop.answer == "legal_follow"):
        if table.pending is not None and not table.pending.is_stop:
            table.go_on()
        elif table.stop is not None:
            answer = list(table.answer_cards())
            table.answer(answer) if isinstance(table.task, Declare) else table.submit(answer)
        elif (thought := table.next_thought()) is not None:
            table.apply(thought, thought.think())
        else:
            table.step()
    wrong = wrong_for(table)
    assert table.submit(wrong).events == ()
    hint = " ".join(table.feedback.lines())
    assert table.feedback.tier == HINT and "C9" not in hint and "♣9" not in hint, hint
    assert table.submit(wrong).events == ()
    assert table.revealed and table.answer_cards() == answer_key(parse_cards("C9 C9"))
    assert table.submit(list(table.answer_cards())).events


def test_the_guides_words_about_your_plays_are_claims_that_held() -> None:
    """Each play the guide made for the learner is named with the claim that it was
    legal, and that claim names the cards the trick record shows."""
    table = GuidedTable(guided(), Rules())
    play(table)
    guide = [c for c in table.comments if c.said.msgid in (GUIDE_PLAYED, GUIDE_PLAYED_WHY)]
    assert len(guide) >= 10
    for comment in guide:
        claim = next(c for c in comment.said.claims if isinstance(c, LegalPlay))
        record = table.game.tricks[comment.trick - 1]
        mine = next(p for p in record.plays if p.seat == LEARNER)
        assert answer_key(claim.cards) == answer_key(mine.cards)


@pytest.mark.parametrize("bury, stops", [
    ("C9 C9 C8 C6 C4 C3 D3 D6", ["declaration", "safe_bury", "legal_follow", "feed_partner"]),
    ("H9 DA D9 D7 D6 D3 C8 C6", [rule for rule, _trick in STOPS]),
])
def test_another_right_bury_still_reaches_the_summary(bury: str, stops: list[str]) -> None:
    """A learner who buries other safe cards leaves the script: the AI plays on, the
    stops that fit later are still asked (here the ruff only when the ♥7 is buried),
    and the hand ends."""
    table = GuidedTable(guided(), Rules())
    seen = play(table, bury=parse_cards(bury))
    assert [rule for rule, _trick, _tiers in seen] == stops
    assert table.phase == HAND_OVER


def test_every_rule_option_keeps_the_script() -> None:
    for options in ({"kitty_multiplier": "power"}, {"throw_penalty": "per_card"}, {"constant_twos": True},
                    {"self_override": True}):
        hand = read_hand(HAND_FILE, "hand", rules=Rules(**options))
        assert isinstance(hand, GuidedHand), getattr(hand, "problems", hand)


def broken(tmp_path: Path, old: str, new: str) -> list[str]:
    text = HAND_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "first_hand.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    found = read_hand(path, "hand")
    assert not found.available
    return [str(p) for p in found.problems]


def test_the_checker_rejects_an_expect_the_engine_disagrees_with(tmp_path: Path) -> None:
    problems = broken(tmp_path, 'expect: "C9 C9"', 'expect: "C3 C3"')
    assert any("disagrees with rule legal_follow" in p and "refuses C3 C3" in p for p in problems), problems


def test_the_checker_rejects_a_stop_that_never_fits(tmp_path: Path) -> None:
    problems = broken(tmp_path, "  - at: {trick: 2}\n    answer: legal_follow", "  - at: {trick: 4}\n    answer: legal_follow")
    assert any("rule legal_follow does not fit the hand at trick 4" in p for p in problems), problems


def test_the_checker_rejects_a_script_that_does_not_replay(tmp_path: Path) -> None:
    problems = broken(tmp_path, '"left: CA CA | you: C9 C9', '"left: HJ HJ | you: C9 C9')
    assert any("script.tricks[1]: the script does not replay: trick 2, left to play" in p for p in problems), problems


def test_the_checker_rejects_moments_out_of_order(tmp_path: Path) -> None:
    problems = broken(tmp_path, "  - at: {dealt: 20}", "  - at: {dealt: 90}")
    assert any("list moments in the order they come" in p for p in problems), problems


# ------------------------------------------------------------------ the scene


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


@pytest.fixture
def make_app(tmp_path, monkeypatch, language):
    from tutor.app import App
    from tutor.settings import Store

    monkeypatch.setenv("SHENGJI_TUTOR_HOME", str(tmp_path / "home"))

    def make(size=(960, 600)) -> App:
        app = App(size=size, store=Store(tmp_path / "home"), language=language)
        app.store.settings.animation_speed = "off"
        return app

    return make


def test_the_browser_opens_the_guided_hand_and_it_ends_on_the_summary(make_app) -> None:
    from tests.lessons.test_lesson_scenes import check_on_screen, click
    from tests.practice.test_table_text_size import too_small
    from tutor.scenes.first_hand import GuidedHandScene, GuidedSummaryScene
    from tutor.scenes.lessons import LessonBrowserScene

    app = make_app()
    app.stack.push(LessonBrowserScene(app.services))
    browser = app.stack.top
    app.handle_event(click(browser.tiles[9].rect.center))
    scene = app.stack.top
    assert isinstance(scene, GuidedHandScene)
    stops = 0
    for _ in range(3000):
        app.frame(0.05)
        top = app.stack.top
        if isinstance(top, GuidedSummaryScene):
            break
        table = scene.table_guided
        if table.pending is not None:
            check_on_screen(app, min_px=10)
            assert scene.coach_panel.text(), "the guide's words are on screen while the learner acts"
            if table.stop is not None and table.stop.answer == "legal_follow" and table.wrong == 0:
                app.handle_event(key(pygame.K_h))
                assert table.show_hint and table.stop.hint in " ".join(w() for w in table.guide_words()) \
                    or app.services.translator.language != "en"
            stops += table.stop is not None
            scene._autopilot()
    assert isinstance(app.stack.top, GuidedSummaryScene)
    app.frame(0.0)
    check_on_screen(app, min_px=10)
    summary = app.stack.top
    assert not too_small(app, summary), "the summary's text is 14 px or more at 960x600 (its body scrolls)"
    progress = app.store.progress["hand"]
    assert progress.completed and progress.stars == 3
    assert [b.label for b in summary.menu.buttons] == ["Next lesson", "Play it again"]
    summary._next_lesson()
    ids = [x.id for x in load_all()]
    assert app.stack.top.lesson.id == ids[ids.index("hand") + 1] != "10", "the lesson after the hand, not the check"


def test_every_moment_renders_headless(make_app) -> None:
    """``--scene lesson --lesson hand --step N`` for a stop, the scoring and the summary,
    whose dialog covers none of the guide's words (on the pixels)."""
    from tests.lessons.test_lesson_pixels import check_guide_clear_of_the_summary
    from tests.lessons.test_lesson_scenes import check_on_screen
    from tutor.scenes.first_hand import GuidedHandScene

    hand = guided()
    app = make_app()
    for n in (3, 5, 12, len(hand.moments)):
        scenes = GuidedHandScene.demo(app.services, hand, n)
        app.stack.push(scenes[0])
        if len(scenes) == 2:
            check_guide_clear_of_the_summary(app, *scenes)
        else:
            app.frame(0.0)
        check_on_screen(app, min_px=10)
        while len(app.stack):
            app.stack.pop()


def test_a_missing_hand_file_makes_an_unavailable_entry(tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    shutil.copy(LESSON_DIR / "index.yaml", folder)
    found = {x.id: x for x in load_all(folder)}
    assert not found["hand"].available


def test_the_hand_result_agrees_with_its_counts(language: str) -> None:
    """"Every answer right" only without a wrong answer; otherwise both counts."""
    from tutor.scenes.first_hand import hand_result_line

    clean = hand_result_line(3, 0, 5)
    slipped = hand_result_line(1, 3, 5)
    assert "3" not in clean.replace("★", "") and "5" not in clean
    assert "5" in slipped and "3" in slipped.replace("★", "")
    if language == "en":
        assert clean == "Your first hand: ★★★, every answer right the first time."
        assert slipped == "Your first hand: ★☆☆: 5 right, 3 wrong answers."
