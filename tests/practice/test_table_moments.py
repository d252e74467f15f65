"""Table events that need their moment, driven headless through the scene: a failed
throw is shown at the leader's seat (attempted cards, those that can be beaten, what is
played instead) until the learner goes on, coach on or off, and the coach says before
the play that the throw fails; the trick's winner carries a tag saying how it wins."""

from __future__ import annotations

import pygame
import pytest

from engine.game import TRICKS
from tools.table_shots import failing_throw

from .test_table_view import key, make_app, open_table, run


def learner_leads_a_failing_throw(app, seed: int):
    scene = open_table(app, seed=seed)
    for _ in range(30):
        run(app, scene, lambda s: s.table.phase == TRICKS and s.table.learner_to_act and not s.table.view.trick
            and not s.motion.active and s.clock.shown is None)
        throw = failing_throw(scene.table.view)
        if throw is not None:
            return scene, throw
        scene._autopilot()
    pytest.skip("no failing throw in this hand")


@pytest.mark.parametrize("coached", [True, False])
def test_a_failed_throw_is_shown_until_the_learner_goes_on(tmp_path, coached: bool) -> None:
    app = make_app(tmp_path, speed="off", size=(960, 600))
    scene, throw = learner_leads_a_failing_throw(app, seed=5)
    if scene.table.coached != coached:
        scene.controls.coach.activate()
    scene._select(throw)
    if coached:
        assert "fails for sure" in scene.words.hint_text()
        assert all(layout.fits for layout in scene.hint.text_layouts()), "the warning fits the hint line"
    else:
        assert "fails" not in scene.words.hint_text()
    scene.play.activate()
    moment = scene.moments.now
    assert moment is not None and tuple(sorted(moment.event.attempted)) == tuple(sorted(throw))
    assert "tried to throw" in scene.moments.text() and "can beat" in scene.moments.text()
    plays = len(scene.table.game.trick)
    app.frame(1 / 60)
    for _ in range(20):  # ten seconds: nothing moves on
        scene.update(0.5)
    assert scene.moments.now is moment and len(scene.table.game.trick) == plays
    assert scene.moment_panel in scene.widgets()
    assert moment.card_rects[0].unionall(moment.card_rects).colliderect(scene.trick.rect)
    app.handle_event(key(pygame.K_SPACE))
    assert scene.moments.now is None
    run(app, scene, lambda s: len(s.table.game.trick) > plays or s.table.phase != TRICKS, act=False)


def test_the_winner_is_tagged_with_how_it_wins(tmp_path) -> None:
    app = make_app(tmp_path, speed="off")
    scene = open_table(app, seed=3)
    seen = set()
    for _ in range(6):
        run(app, scene, lambda s: len(s.table.game.trick) >= 2 or s.table.phase != TRICKS and s.table.game.tricks)
        if scene.table.phase != TRICKS:
            break
        if scene.trick.how is not None:
            seen.add(scene.trick.how)
            tag = scene.trick.winning_layout()
            assert tag is not None and tag[0].px >= 14
        run(app, scene, lambda s: len(s.table.game.trick) < 2 or s.table.phase != TRICKS)
    assert "higher" in seen or "lead" in seen


def test_the_coach_panel_says_more_instead_of_dropping_a_paragraph(tmp_path) -> None:
    """At 960×600 the burial advice keeps every paragraph it has at 1280×800; what does
    not fit scrolls, and the panel says "more" while text goes on below."""
    from engine.game import BURYING, Game
    from tutor.practice import PracticeTable
    from tutor.scenes.practice import PracticeTableScene

    counts = {}
    for size in ((1280, 800), (960, 600)):
        app = make_app(tmp_path / str(size[0]), speed="off", size=size)
        game = Game(app.services.store.settings.rule_set(), 1, dealer=0, hand=2)
        scene = PracticeTableScene(app.services, PracticeTable(game, seed=1), seed=1)
        app.stack.push(scene)
        run(app, scene, lambda s: s.table.phase == BURYING and s.table.learner_to_act)
        hand, ctx = scene.hand, scene.table.game.ctx
        risky = [i for i, c in enumerate(hand.cards) if not ctx.is_trump(c) and c.rank in ("A", "10", "K")]
        for i in risky[:2] + [len(hand.cards) - 1]:  # points and an ace buried: the coach warns
            hand.toggle(i)
        app.frame(0.0)
        counts[size] = len(scene.words.coach)
        panel = scene.coach_panel
        if size == (960, 600):
            assert panel.max_offset() > 0, "this burial's advice needs the scroll at 960×600"
            assert panel.more_layout() is not None and panel.more_layout().fits
            panel.scroll(10**6)
            assert panel.offset == panel.max_offset()
    assert counts[(960, 600)] == counts[(1280, 800)] >= 2
