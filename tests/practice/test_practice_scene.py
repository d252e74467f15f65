"""The practice table scene, driven headless by synthetic clicks and keys: whole hands,
refused clicks with the engine's reason, the summary, the review, saving the match."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pygame
import pytest

from engine import why_not_selectable
from engine.game import BURYING, DEALING, DECLARING, HAND_OVER, MATCH_OVER, TRICKS, Game
from engine.rules import Rules
from tutor import coach
from tutor.app import App
from tutor.practice import PracticeTable
from tutor.scenes.practice import PracticeTableScene
from tutor.scenes.review import ReviewScene
from tutor.scenes.summary import HandSummaryScene, level_table_row, summary_lines
from tutor.settings import DEMO_MATCH_FILE, Store
from tutor.widgets.status import trump_label

from ..volume import count

ROOT = Path(__file__).resolve().parents[2]


def click(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


@pytest.fixture
def app(tmp_path) -> App:
    store = Store(tmp_path / "home")
    store.settings.animation_speed = "off"
    return App(size=(1280, 800), store=store, language="en")


def open_table(app: App, seed: int, **kwargs) -> PracticeTableScene:
    scene = PracticeTableScene(app.services, seed=seed, **kwargs)
    app.stack.push(scene)
    return scene


def until(app: App, scene: PracticeTableScene, done, frames: int = 5000) -> None:
    for _ in range(frames):
        if done(scene):
            return
        if scene.moments.now is not None:
            app.handle_event(key(pygame.K_SPACE))  # a table event seen: go on
        app.frame(0.05)
    raise AssertionError("the table never got there")


def card_point(scene: PracticeTableScene, i: int) -> tuple[int, int]:
    rect = scene.hand.card_rects()[i]
    return (rect.left + 3, rect.bottom - rect.height // 3)


def click_cards(app: App, scene: PracticeTableScene, cards) -> None:
    want = Counter(cards)
    for i, card in enumerate(scene.hand.cards):
        if want[card] > 0 and i not in scene.hand.selected:
            want[card] -= 1
            app.handle_event(click(card_point(scene, i)))


def learner_turn(scene: PracticeTableScene) -> bool:
    table = scene.table
    return table.learner_to_act or table.phase == HAND_OVER


def advance_to(app: App, scene: PracticeTableScene, wanted) -> bool:
    """Let the learner's AI act (through the scene's clicks) until ``wanted(table)`` holds
    at a learner decision; ``False`` if the hand ends first."""
    while True:
        until(app, scene, learner_turn)
        if scene.table.phase == HAND_OVER:
            return False
        if wanted(scene.table):
            return True
        scene._autopilot()


def test_autoplay_plays_a_whole_hand_and_opens_the_summary(app) -> None:
    scene = open_table(app, seed=3, autoplay=True)
    until(app, scene, lambda s: isinstance(app.stack.top, HandSummaryScene))
    assert scene.table.phase == HAND_OVER and not scene.busy
    summary = app.stack.top
    assert "Deal code" in summary.body_text()
    outcome = scene.table.outcome()
    result = scene.table.game.result
    assert (outcome.attacker_points, outcome.next_dealer) == (result.attacker_points, result.next_dealer)
    assert level_table_row(outcome) in summary.body_text()
    app.frame(0.0)


def test_a_hand_played_by_clicks_with_refusals(app) -> None:
    """Every learner play is made by clicking cards and pressing Enter; before each
    follow, a click on every card that may not be chosen is refused with a reason the
    engine gives, and the hand stays unchanged."""
    scene = open_table(app, seed=12)
    refused = Counter()
    while True:
        until(app, scene, learner_turn)
        table = scene.table
        if table.phase == HAND_OVER:
            break
        if table.phase in (BURYING, DECLARING):
            scene._autopilot()
            continue
        view = table.view
        for i in range(len(scene.hand.cards)):
            if scene.hand.can_select(i):
                continue
            app.handle_event(click(card_point(scene, i)))
            assert scene.hand.selected == set()
            card = scene.hand.cards[i]
            assert scene.words.flash() == table.why_not([], card)
            verdict = why_not_selectable(view.hand, view.lead, [], card, view.ctx)
            assert not verdict.legal
            if view.lead and verdict.reason == "must_follow_suit":
                assert coach.suit_label(view.ctx.suit_of(view.lead[0])) in scene.words.flash()
            elif verdict.reason in ("must_play_pair", "must_play_tractor"):
                assert coach.cards_label(verdict.cards, view.ctx) in scene.words.flash()
            refused[verdict.reason] += 1
        move = table.auto_move()
        click_cards(app, scene, move)
        assert Counter(scene.hand.selected_cards()) == Counter(move)
        app.handle_event(key(pygame.K_RETURN))
        assert len(table.game.hand(0)) == len(view.hand) - len(table.learner_plays[-1].cards)
    assert refused["must_follow_suit"], refused
    until(app, scene, lambda s: isinstance(app.stack.top, HandSummaryScene))


def test_refused_play_explains_the_pair_rule(app) -> None:
    """A pair led, the learner holding a pair of that suit: two singles are refused
    with the pair named, before and after trying to play them."""
    for seed in range(1, 60):
        scene = open_table(app, seed=seed)

        def pair_led(table: PracticeTable) -> bool:
            lead = table.view.lead
            return table.phase == TRICKS and bool(lead) and len(lead) == 2 and lead[0] == lead[1]

        if not advance_to(app, scene, pair_led):
            app.stack.pop()
            continue
        table = scene.table
        view = table.view
        ctx = view.ctx
        suit = ctx.suit_of(view.lead[0])
        mine = [c for c in view.hand if ctx.suit_of(c) == suit]
        pairs = [c for c in set(mine) if mine.count(c) == 2]
        singles = [c for c in set(mine) if mine.count(c) == 1]
        if not pairs or not singles:
            app.stack.pop()
            continue
        i = scene.hand.cards.index(singles[0])
        app.handle_event(click(card_point(scene, i)))
        assert scene.hand.selected == set()
        assert "pair" in scene.words.flash()
        assert "pair" in scene.words.hint_text()  # the refusal shows in the hint line
        click_cards(app, scene, [singles[0]])
        return
    pytest.fail("no position with a pair led and a pair and a single held")


def test_hint_ladder_and_undo_by_keys(app) -> None:
    scene = open_table(app, seed=21)
    assert advance_to(app, scene, lambda table: table.phase == TRICKS)
    for rung in range(4):
        app.handle_event(key(pygame.K_h))
        assert scene.ladder.rung == rung
    assert Counter(scene.hand.selected_cards()) == Counter(scene.ladder.cards)
    hand = Counter(scene.table.game.hand(0))
    app.handle_event(key(pygame.K_RETURN))
    assert scene.table.learner_plays
    assert advance_to(app, scene, lambda table: table.phase == TRICKS)  # 24 tricks to go
    app.handle_event(key(pygame.K_u))
    assert Counter(scene.table.game.hand(0)) == hand
    assert scene.table.learner_to_act and not scene.table.learner_plays


def test_declare_buttons_follow_the_rules(app) -> None:
    """One declare button per face the learner could declare with, in the order the
    faces arrived (a button never moves); enabled exactly when the engine allows a
    declaration of that face, which the button makes (the strongest one)."""
    for seed in range(1, 40):
        scene = open_table(app, seed=seed)
        seen: list = []
        for _ in range(3000):
            faces = list(scene.declaring.faces)
            assert faces[:len(seen)] == seen, "a declare button moved"
            seen = faces
            legal = scene.table.declaration_options()
            for face, choice, button in zip(faces, scene.declaring.choices, scene.declaring.buttons):
                of_face = [d for d in legal if d.cards[0] == face]
                assert button.enabled == bool(of_face)
                if of_face:
                    assert choice == max(of_face, key=lambda d: d.strength).cards
            if any(b.enabled for b in scene.declaring.buttons) or scene.table.phase not in ("dealing", DECLARING):
                break
            if scene.moments.now is not None:
                app.handle_event(key(pygame.K_SPACE))  # another seat's declaration seen: go on
            app.frame(0.05)
        if scene.moments.now is not None:
            app.handle_event(key(pygame.K_SPACE))
        enabled = [n for n, b in enumerate(scene.declaring.buttons) if b.enabled]
        if not enabled:
            app.stack.pop()
            continue
        before = len(scene.table.game.declarations)
        cards = scene.declaring.choices[enabled[0]]
        app.handle_event(click(scene.declaring.buttons[enabled[0]].rect.center))
        assert len(scene.table.game.declarations) == before + 1
        assert scene.table.game.declarations[-1].seat == 0
        assert scene.table.game.declarations[-1].cards == cards
        return
    pytest.fail("the learner never could declare")


def poor_follow(table: PracticeTable) -> tuple:
    """A legal follow that feeds the opponents: the most points while one is winning."""
    from engine import points
    from engine.claims import Position
    from engine.play import iter_legal_follows

    view = table.view
    at = Position(view)
    opponent = at.winner is not None and at.winner % 2 != view.seat % 2
    legal = iter_legal_follows(view.hand, view.lead, view.ctx)
    return max(legal, key=lambda p: points(p) if opponent else -points(p))


def test_review_marks_the_plays_that_cost_points(app) -> None:
    table = PracticeTable(Game(seed=7), seed=7, advisor_kind="ai")
    scene = PracticeTableScene(app.services, table)
    app.stack.push(scene)
    while table.phase != HAND_OVER:
        until(app, scene, learner_turn)
        if table.phase == TRICKS and table.view.lead:
            scene._select(poor_follow(table))
            app.handle_event(key(pygame.K_RETURN))
        elif table.phase != HAND_OVER:
            scene._autopilot()
    until(app, scene, lambda s: isinstance(app.stack.top, HandSummaryScene))
    app.handle_event(key(pygame.K_2))
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.notes
    assert review.index == min(review.notes)
    assert review.lesson.enabled and review.lesson_label().startswith("Lesson ")
    assert "Lesson 0" not in review.lesson_label()  # never zero-padded
    assert "points" in review.trick_text()
    app.frame(0.0)
    _shows_the_decision(review, table)
    lesson = review.notes[review.index].lesson
    app.handle_event(key(pygame.K_4))  # the lesson link
    from tutor.scenes.lessons import LessonPlayerScene
    assert isinstance(app.stack.top, LessonPlayerScene) and app.stack.top.lesson.id == lesson
    app.stack.pop()
    app.handle_event(key(pygame.K_RIGHT))
    assert review.index == min(review.notes) + 1


def _shows_the_decision(review: ReviewScene, table: PracticeTable) -> None:
    """At every trick the review shows the learner's decision as the table recorded it:
    the hand then in the table's order (★ trumps first) with the cards played raised,
    and the level, trumps and 闲分 of that moment; at a trick whose decision the table
    did not see, the trick alone."""
    from tutor.widgets.hand import in_hand_order

    played, start = {p.trick: p for p in table.learner_plays}, review.index
    for index in range(review.count):
        review.index = index
        review._show()
        shown = review.widgets()
        if index not in played:
            assert review.hand not in shown and not review.facts_text()
            continue
        view, cards = played[index].view, played[index].cards
        assert review.hand in shown and review.facts in shown
        assert review.hand.cards == in_hand_order(view.hand, view.ctx)
        assert sorted(review.hand.selected_cards()) == sorted(cards)
        assert review.facts_text() == (f"Before you played: level {view.level} · trumps: "
                                       f"{trump_label(view.ctx.trump)} · attackers' points: {view.attacker_points}")
    assert any(view.attacker_points for view, _cards in review.decisions.values()), "闲分 as it stood, not 0"
    review.index = start
    review._show()


def test_match_is_saved_on_leaving_and_resumed(app) -> None:
    scene = open_table(app, seed=5)
    assert advance_to(app, scene, lambda table: table.phase == TRICKS)
    log = scene.table.game.to_dict()
    app.stack.pop()
    again = PracticeTableScene(app.services)
    assert again.table.game.to_dict() == log


def test_a_match_resumed_under_other_rules_says_it_keeps_its_own(app) -> None:
    """Settings changed while a match was saved: the match plays on under the rules it
    began with, and the table says so when it resumes (not when nothing changed)."""
    scene = open_table(app, seed=5)
    assert advance_to(app, scene, lambda table: table.phase == TRICKS)
    app.stack.pop()
    assert PracticeTableScene(app.services).words.flash is None
    app.services.store.settings.rules["kitty_multiplier"] = "power"
    again = PracticeTableScene(app.services)
    assert again.table.game.rules.kitty_multiplier == "twice_cards"
    assert again.words.flash is not None and "keeps its rules" in again.words.hint_text()


def test_escape_from_the_summary_leaves_the_table(app) -> None:
    from tutor.scenes import HomeScene

    app.stack.push(HomeScene(app.services))
    scene = open_table(app, seed=9, autoplay=True)
    until(app, scene, lambda s: isinstance(app.stack.top, HandSummaryScene))
    app.handle_event(key(pygame.K_ESCAPE))
    app.frame(0.05)
    assert isinstance(app.stack.top, HomeScene)
    resumed = PracticeTableScene(app.services, slot=scene.slot)
    assert resumed.table.phase == HAND_OVER and resumed.table.game.seed == scene.table.game.seed


def test_next_hand_continues_the_match(app) -> None:
    scene = open_table(app, seed=9, autoplay=True)
    until(app, scene, lambda s: isinstance(app.stack.top, HandSummaryScene))
    dealer = scene.table.game.result.next_dealer
    app.handle_event(key(pygame.K_1))
    assert app.stack.top is scene
    assert scene.table.game.hand_number == 2 and scene.table.game.dealer == dealer


@pytest.mark.parametrize("lang", ["zh", "en"][:count(2)])  # both under make soak (English: the deal code's run)
def test_headless_demo_exits_zero_with_a_summary_screenshot(tmp_path, lang) -> None:
    out = tmp_path / "summary.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SHENGJI_TUTOR_HOME=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "main.py", "--scene", "practice", "--seed", "4", "--autoplay", "--lang", lang,
         "--size", "960x600", "--screenshot", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (960, 600)
    saved = Store(tmp_path).load_match(DEMO_MATCH_FILE)
    assert saved is not None and saved["game"]["actions"], "the finished hand is saved in the demo slot"


def test_keyboard_play(app) -> None:
    """Arrows move the cursor, Space picks, Enter plays; Space on a card that may not be
    chosen is refused with the reason."""
    scene = open_table(app, seed=21)
    assert advance_to(app, scene, lambda table: table.phase == TRICKS)
    table = scene.table
    move = table.auto_move()
    hand_size = len(scene.hand.cards)
    for card in move:
        target = next(i for i, c in enumerate(scene.hand.cards) if c == card and i not in scene.hand.selected)
        for _ in range(hand_size):
            if scene.hand.focus == target:
                break
            app.handle_event(key(pygame.K_RIGHT))
        app.handle_event(key(pygame.K_SPACE))
    assert Counter(scene.hand.selected_cards()) == Counter(move)
    blocked = [i for i in range(hand_size) if not scene.hand.can_select(i) and i not in scene.hand.selected]
    if blocked:
        while scene.hand.focus != blocked[0]:
            app.handle_event(key(pygame.K_RIGHT))
        app.handle_event(key(pygame.K_SPACE))
        assert scene.words.flash and Counter(scene.hand.selected_cards()) == Counter(move)
    app.handle_event(key(pygame.K_RETURN))
    assert table.learner_plays and Counter(table.learner_plays[-1].cards) == Counter(move)


def test_deal_code_replays_the_same_deal(tmp_path) -> None:
    game = Game(seed=77)
    code = game.deal_code()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SHENGJI_TUTOR_HOME=str(tmp_path))
    out = tmp_path / "shot.png"
    result = subprocess.run(
        [sys.executable, "main.py", "--scene", "practice", "--deal", code, "--autoplay", "--lang", "en",
         "--size", "1280x800", "--screenshot", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    saved = Store(tmp_path).load_match(DEMO_MATCH_FILE)
    assert saved["game"]["start"]["seed"] == 77


def test_a_mistyped_deal_code_is_refused(tmp_path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SHENGJI_TUTOR_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "main.py", "--scene", "practice", "--deal", "0G3NQ-K8NJ3"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "does not check out" in result.stderr


def _played_out(rules: Rules, seed: int) -> PracticeTable:
    """A hand of ``seed`` dealt by the learner's team at level A, every seat played by
    the AI (the learner's seat by its own AI's moves)."""
    table = PracticeTable(Game(rules, seed, levels=("A", "5"), dealer=0, hand=2), learner=0,
                          coached=False, seed=seed, ai_kind="ai:easy")
    while table.phase not in (HAND_OVER, MATCH_OVER):
        if not table.learner_to_act:
            table.step()
        elif table.phase in (DEALING, DECLARING):
            move = table.auto_move()
            if move:
                table.declare(move)
            table.close_declaring()
        else:
            assert table.submit(table.auto_move()).refusal is None
    return table


def test_the_summary_says_how_the_match_was_won_under_each_rule() -> None:
    """Dealers at A who hold win the match: by passing A (default) or by holding at A
    (``must_defend_a``, where levels stop at A); the summary says which."""
    seed = next(s for s in range(1, 40)
                if not _played_out(Rules(), s).outcome().change.next_dealer % 2)
    default = " ".join(summary_lines(_played_out(Rules(), seed)))
    defended = " ".join(summary_lines(_played_out(Rules(must_defend_a=True), seed)))
    assert "Your team passed A and won the match!" in default
    assert "Your team held at level A as dealers and won the match!" in defended
    assert "passed A" not in defended
