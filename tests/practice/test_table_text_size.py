"""No text at the practice table is under 14 px at the smallest window (960×600): every
string rendered while the scene draws is measured at each moment of a hand — the deal,
a declaration's moment, the declaring window, the burial, a trick with the card counter
and its legend on, the previous trick, the kitty, a failed throw, the kitty turned up
at the end (and its moment, 抠底, when the attackers take it); and with 54-card hands
(four decks) to the hand's summary — in Chinese (both languages under ``make soak``).
The guided hand's summary is measured where its test reaches it (``test_first_hand``)."""

from __future__ import annotations

import contextlib

import pytest

from engine.game import BURYING, DECLARING, TRICKS, Game
from tutor import i18n
from tutor.fonts import Fonts
from tutor.practice import PracticeTable
from tutor.scene import Scene
from tutor.scenes.practice import PracticeTableScene
from tutor.scenes.summary import HandSummaryScene
from tutor.widgets.card_art import CardArt

from ..volume import count
from .test_table_moments import failing_throw
from .test_table_view import make_app, run

SMALLEST = 14
"""The smallest text, in pixels, a player can read at the table."""


@contextlib.contextmanager
def measured():
    """Every (text, px) rendered inside the block, card faces left out (their corner
    indices are drawings sized to the card)."""
    sizes: list[tuple[str, int]] = []
    render, face = Fonts.render, CardArt.face
    inside_card = [0]

    def spy(self, text, px, colour, bold=False):
        if not inside_card[0] and text.strip():
            sizes.append((text, px))
        return render(self, text, px, colour, bold)

    def card(self, *args, **kwargs):
        inside_card[0] += 1
        try:
            return face(self, *args, **kwargs)
        finally:
            inside_card[0] -= 1

    Fonts.render, CardArt.face = spy, card
    try:
        yield sizes
    finally:
        Fonts.render, CardArt.face = render, face


def too_small(app, scene: Scene | None = None) -> list[tuple[str, int]]:
    """The texts under 14 px as the window draws (only ``scene`` when given: the guided
    hand's summary, ``tests/lessons/test_first_hand.py``)."""
    app.services.fonts._rendered.clear()
    with measured() as sizes:
        (scene or app.stack).draw(app.screen)
    assert sizes, "the table drew some text"
    return sorted({(text, px) for text, px in sizes if px < SMALLEST})


def moments(app, scene: PracticeTableScene):
    """What is too small at each moment measured (by name), and the function that
    draws a frame and measures it as the moment ``name``."""
    small: dict[str, list] = {}

    def moment(name: str) -> None:
        app.frame(1 / 60)
        found = too_small(app)
        if found:
            small[name] = found
    return small, moment


@pytest.mark.parametrize("language", ["zh_CN", "en"][:count(2)])  # both under ``make soak``
def test_no_text_under_14_px_at_960x600(tmp_path, language: str) -> None:
    app = make_app(tmp_path, speed="fast", size=(960, 600))
    app.services.store.settings.card_counter = True
    i18n.set_language(language)
    game = Game(app.services.store.settings.rule_set(), 6, dealer=0, hand=2)
    scene = PracticeTableScene(app.services, PracticeTable(game, seed=6), seed=6)
    app.stack.push(scene)
    small, moment = moments(app, scene)

    run(app, scene, lambda s: s.table.game.dealt >= 40, act=False)
    moment("dealing")
    run(app, scene, lambda s: s.moments.now is not None or s.table.phase != "dealing", act=False)
    assert scene.moments.now is not None, "an opponent declares while dealing"
    moment("a declaration's moment")
    run(app, scene, lambda s: s.table.phase != "dealing" and not s.motion.active, act=False)
    moment("declaring window")
    run(app, scene, lambda s: s.table.phase == BURYING and s.table.learner_to_act and not s.motion.active)
    moment("burying")
    run(app, scene, lambda s: s.table.phase == TRICKS and s.table.learner_to_act and not s.table.view.trick
        and not s.motion.active)
    throw = failing_throw(scene.table.view)
    if throw is not None:
        scene._select(throw)
        moment("throw warning")
        scene.play.activate()
        moment("failed throw")
        scene.moments.dismiss()
    run(app, scene, lambda s: s.table.phase == TRICKS and len(s.table.game.trick) >= 2 and s.table.learner_to_act
        and bool(s.table.game.tricks) and not s.motion.active)
    moment("trick and counter")
    scene._toggle_peek("last")
    moment("previous trick")
    scene._toggle_peek("kitty")
    moment("kitty")
    scene._toggle_peek("kitty")
    run(app, scene, lambda s: s.hand_over.reveal is not None and not s.motion.active)
    moment("kitty turned up")
    i18n.set_language("en")
    assert not small, small


@pytest.mark.parametrize("language", ["zh_CN", "en"][:count(2)])  # both under ``make soak``
def test_no_text_under_14_px_with_54_card_hands(tmp_path, language: str) -> None:
    """Four decks at 960×600: all 54 cards dealt in two rows with another seat's call
    face down, a trick with the card counter on, and the hand's summary (its longest)."""
    app = make_app(tmp_path, speed="off", size=(960, 600))
    app.services.store.settings.card_counter = True
    i18n.set_language(language)
    game = Game(app.services.store.settings.practice_rules(4), 2)
    while game.phase != DECLARING:
        game.deal()
    caller = next(seat for seat in (1, 2, 3) if game.legal_declarations(seat))
    game.declare(caller, game.legal_declarations(caller)[0].cards)
    scene = PracticeTableScene(app.services, PracticeTable(game, seed=2, ai_kind="greedy"), seed=2)
    app.stack.push(scene)
    small, moment = moments(app, scene)

    assert scene.table.hidden_call > 0 and len(scene.hand.cards) == 54
    moment("a call face down")
    scene.table.close_declaring()
    run(app, scene, lambda s: s.table.phase == TRICKS and s.table.learner_to_act and not s.motion.active, dt=0.25)
    moment("trick, counter and 54 cards")
    run(app, scene, lambda s: isinstance(app.stack.top, HandSummaryScene), dt=0.25)
    assert isinstance(app.stack.top, HandSummaryScene)
    moment("the hand's summary, 扣底 and the four-deck bands")
    i18n.set_language("en")
    assert not small, small
