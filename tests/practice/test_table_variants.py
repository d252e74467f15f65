"""The practice table scene in the games of one, three and four decks, at 960×600: a
whole hand each through the scene's own clicks (the learner's seat on its AI), the
long hands in two rows whose every card can be seen and clicked, the declaring phase
of each game, no kitty with four decks and the summary's words for the game."""

from __future__ import annotations

import pytest

from engine import Rules
from engine.events import Buried
from engine.game import DEALING, DECLARING, HAND_OVER, TRICKS, Game
from tutor.i18n import set_language
from tutor.practice import PracticeTable
from tutor.scenes.practice import PracticeTableScene
from tutor.scenes.summary import HandSummaryScene

from ..volume import count
from .test_table_view import make_app

SEEDS = range(1, 1 + count(4))
"""One seeded hand per game under ``make test``; more under ``make soak``."""
NARROWEST = 44
"""The narrowest card a 960×600 hand may show (its rank still reads at 14 px)."""


def play_a_hand(tmp_path, decks: int, seed: int):
    """A hand of ``decks`` played through the scene (``play_out``: the autopilot's clicks,
    frames updated but drawn only at the end) to its summary; the phases seen, the
    widest hand's layout and whether another seat's face-down call ever showed."""
    app = make_app(tmp_path, speed="off", size=(960, 600))
    game = Game(Rules(decks=decks), seed)
    scene = PracticeTableScene(app.services, PracticeTable(game, coached=False, ai_kind="greedy", seed=seed),
                               seed=seed)
    app.stack.push(scene)
    seen = {"widest": (0, 0, 0), "leaked": False}

    def watch(table: PracticeTable) -> bool:
        if table.phase in (DEALING, DECLARING) and table.hidden_call:
            shown = {seat for seat, _cards in scene.trick.plays}
            seen["leaked"] |= bool(shown - {table.learner}) or table.trump_context().trump is not None
        hand = scene.hand
        if len(hand.cards) > seen["widest"][0]:
            seen["widest"] = (len(hand.cards), hand.card_width(), hand._fit(hand.cards).rows)
        return table.phase == HAND_OVER

    scene.play_out(watch)
    for _ in range(200):
        if isinstance(app.stack.top, HandSummaryScene):
            break
        if scene.moments.now is not None:  # a held moment (抠底): seen, go on
            scene.moments.dismiss()
        app.frame(0.25)
    assert isinstance(app.stack.top, HandSummaryScene), "the hand reached its summary"
    buried = any(isinstance(e, Buried) for e in scene.table.game.events)
    return scene, app.stack.top, buried, seen["widest"], seen["leaked"]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("decks", [1, 3, 4])
def test_a_whole_hand_of_each_game_through_the_scene(tmp_path, decks: int, seed: int) -> None:
    scene, summary, buried, (cards, width, rows), leaked = play_a_hand(tmp_path, decks, seed)
    variant = scene.table.game.rules.variant
    assert scene.table.phase == HAND_OVER
    assert buried == variant.has_kitty  # four decks: no kitty, no burying
    assert not leaked, "a face-down call showed its seat or its suit"
    assert width >= NARROWEST, (cards, width)
    assert rows == (2 if cards > 33 else 1), (cards, rows)
    text = summary.body_text()
    assert f"{variant.total_points} points in the deck" in text
    assert ("kitty" in text) == variant.has_kitty, text
    assert bool(summary.kitty) == variant.has_kitty


def test_a_54_card_hand_shows_and_takes_every_card_at_960x600(tmp_path) -> None:
    """Four decks: two rows, trumps first, every card's corner in view and under the
    pointer where the learner sees it."""
    app = make_app(tmp_path, speed="off", size=(960, 600))
    game = Game(Rules(decks=4), 2)
    while game.phase != DECLARING:
        game.deal()
    game.close_declaring()  # nobody called: spades
    scene = PracticeTableScene(app.services, PracticeTable(game, coached=False, ai_kind="greedy", seed=2), seed=2)
    app.stack.push(scene)
    assert scene.table.phase == TRICKS
    hand = scene.hand
    assert len(hand.cards) == 54 and hand._fit(hand.cards).rows == 2
    ctx = scene.table.game.ctx
    trumps = [ctx.is_trump(c) for c in hand.cards]
    assert trumps == sorted(trumps, reverse=True), "trumps first"
    rects = hand.card_rects()
    assert all(hand.rect.contains(r) for r in rects)
    for i in range(len(hand.cards)):
        strip = hand.visible_strip(i)
        assert strip.width >= hand.card_width() * 0.4 and strip.height >= hand.card_width() * 0.8
        assert hand.card_at((strip.left + strip.width // 2, strip.centery)) == i


def test_the_game_button_deals_a_new_match_before_play_and_the_next_one_after(tmp_path) -> None:
    app = make_app(tmp_path, speed="off", size=(960, 600))
    scene = PracticeTableScene(app.services, seed=4)
    app.stack.push(scene)
    assert scene.table.phase == DEALING and scene.controls.game in scene.side_menu.buttons
    scene.controls.game.activate()  # two decks -> three, before any card is played: a new match
    assert scene.table.game.rules.decks == 3 and app.services.store.settings.decks == 3
    assert scene.table.game.rules.kitty_multiplier == "power"
    assert len(scene.table.game.undealt) == 3 * 54 - 6
    table = scene.table
    while table.phase != TRICKS:
        table.close_declaring()
        table.step()
    scene._sync()
    scene.controls._next_game()  # the match goes on; the next one is of four decks
    assert scene.table.game.rules.decks == 3 and app.services.store.settings.decks == 4
    assert "Four decks" in scene.words.hint_text() and scene.about.game_label() == "3 decks → 4 decks"
    for language in ("en", "zh_CN"):  # "this match → the next" on one line at 14 px (960×600)
        set_language(language)
        for chosen in (1, 2, 4):
            app.services.store.settings.decks = chosen
            layout = scene.controls.game.text_layout()
            assert layout.fits and len(layout.lines) == 1 and layout.px >= 14, (language, scene.about.game_label())
    set_language("en")
