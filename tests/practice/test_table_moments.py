"""Table events that need their moment, driven headless through the scene: a failed
throw is shown at the leader's seat (attempted cards, those that can be beaten, what is
played instead) until the learner goes on, coach on or off, and the coach says before
the play that the throw fails; a declaration, an override and the kitty taken (抠底 ×N)
are held the same way, in both languages; the trick's winner carries a tag saying how
it wins."""

from __future__ import annotations

import pygame
import pytest

from engine.events import HandScored, Overridden
from engine.game import DEALING, DECLARING, TRICKS, Game
from tools.table_shots import failing_throw, played_to
from tutor import i18n
from tutor.theme import FOCUS

from ..volume import count
from .test_table_view import click, key, make_app, open_table, run


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


SPOKEN = {"en": {"Declared": "declares", "Overridden": "overrides", "Reinforced": "adds the second card"},
          "zh_CN": {"Declared": "亮主", "Overridden": "反主", "Reinforced": "加固"}}
"""What each declaring moment says it is, per language."""


@pytest.mark.parametrize("coached,language", [(False, "zh_CN"), (True, "en")][:count(2)])  # both: make soak
def test_each_declaration_and_override_is_held_until_the_learner_goes_on(tmp_path, coached: bool,
                                                                         language: str) -> None:
    """Seed 3: an opponent declares, another overrides; each is shown at the declarer's
    seat (the override beside the declaration it beats) and the deal waits ten seconds
    and more until a key, or a click on Continue."""
    app = make_app(tmp_path, speed="fast", size=(960, 600))
    i18n.set_language(language)
    scene = open_table(app, seed=3)
    if scene.table.coached != coached:
        scene.controls.coach.activate()
    seen = []
    for _ in range(2_000):
        if scene.table.phase not in (DEALING, DECLARING):
            break
        moment = scene.moments.now
        if moment is None:
            app.frame(0.05)
            continue
        kind = type(moment.event).__name__
        dealt, events = scene.table.game.dealt, len(scene.table.game.events)
        for _ in range(20):  # ten seconds: the deal waits
            app.frame(0.5)
        assert scene.moments.now is moment and scene.table.game.dealt == dealt
        assert len(scene.table.game.events) == events
        words = scene.moments.text()
        assert SPOKEN[language][kind] in words and words in scene.moment_panel.text()
        assert {scene.moment_panel, scene.moments.go_on} <= set(scene.widgets())
        assert all(layout.fits for layout in scene.moment_panel.text_layouts()), words
        assert scene.moments.box.colliderect(scene.trick.rect) and moment.card_rects
        assert not any(scene.moments.box.colliderect(seat.rect) for seat in scene.seats)
        assert scene.words.caption_text() == "", "the moment's words stand in for the caption"
        if isinstance(moment.event, Overridden):
            assert moment.previous_rects, "the declaration beaten is shown at its seat"
        if len(seen) % 2:
            app.handle_event(click(scene.moments.go_on.rect.center))
        else:
            app.handle_event(key(pygame.K_SPACE))
        assert scene.moments.now is None
        seen.append(kind)
    assert seen[:2] == ["Declared", "Overridden"]


@pytest.mark.parametrize("coached,language", [(True, "en"), (False, "zh_CN")][:count(2)])  # both: make soak
def test_the_kitty_taken_is_held_with_its_multiplier(tmp_path, coached: bool, language: str) -> None:
    """Seed 25, every seat random: the attackers win the last trick with a pair; the
    kitty is turned up at every speed, its points framed, with the multiplier and the
    points it moves, until the learner goes on; then the summary."""
    from tutor.scenes.practice import PracticeTableScene
    from tutor.scenes.summary import HandSummaryScene

    table = played_to(Game(seed=25), coached=coached)
    scored = next(e for e in table.game.events if isinstance(e, HandScored))
    assert (scored.kitty_multiplier, scored.kitty_points) == (4, 10)
    app = make_app(tmp_path, speed="off", size=(960, 600))
    i18n.set_language(language)
    scene = PracticeTableScene(app.services, table, seed=25)
    app.stack.push(scene)
    for _ in range(20):
        app.frame(0.5)
    moment = scene.moments.now
    assert moment is not None and app.stack.top is scene
    words = scene.moments.text()
    total = scored.attacker_points
    for said in ("×4", "= 40", f"{total - 40} → {total}", "抠底"):
        assert said in words, (said, words)
    assert [card for card, rect in zip(scored.kitty, scene.kitty_rects) if (rect, FOCUS) in moment.marks()] \
        == [card for card in scored.kitty if card.points]
    assert all(layout.fits for layout in scene.moment_panel.text_layouts()), words
    assert not scene.moments.box.collidelist(scene.kitty_rects) >= 0
    app.handle_event(key(pygame.K_RETURN))
    app.frame(0.05)
    assert isinstance(app.stack.top, HandSummaryScene)
