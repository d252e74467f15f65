"""No flying card covers the table's words or a seat's name plate, measured: every
flight the table starts — a card dealt to each seat while a declaration stands at each
seat with its caption, a play from each seat, a trick gathered to each seat, the kitty
turned up from each dealer — is followed frame by frame against every seat label and
every text on the felt (the caption's lines, the trick's corner facts), at 960×600 and
1280×800.  And the 闲分 strip keeps each card's corner index whole at 120 points."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from engine import parse_cards
from engine.events import HandScored
from engine.game import TRICKS, Game
from engine.view import Declaration
from tutor.practice import PracticeTable
from tools.table_shots import played_to
from tutor.scenes.practice import PracticeTableScene
from tutor.scenes.table.timing import Shown
from tutor.widgets.status import INDEX_WIDTH

from ..volume import count
from .test_table_view import make_app

SIZES = ((960, 600), (1280, 800))
FRAME = 1 / 60


def words_on_felt(scene: PracticeTableScene) -> list[tuple[str, pygame.Rect]]:
    """The rectangles of every line of words on the felt and of every name plate."""
    out = [(f"seat {seat}", label.rect) for seat, label in enumerate(scene.seats)]
    for name, panel in (("caption", scene.caption), ("corner facts", scene.info)):
        layout = panel.text_layout()
        out += [(name, rect) for rect in layout.line_rects(panel.inner().topleft) if layout.lines]
    return out


def covered(scene: PracticeTableScene) -> list[str]:
    """What the flights now in the air (and those their landing starts) cover at any
    frame until they have all landed."""
    found = []
    for _frame in range(1_000):
        if not scene.motion.flights:
            break
        felt = words_on_felt(scene)
        for flight in scene.motion.flights:
            if flight.started:
                rect = flight.rect()
                found += [f"{flight.card} over {name}" for name, box in felt if rect.colliderect(box)]
        scene.motion.update(FRAME)
    return sorted(set(found))


@pytest.mark.parametrize("size", SIZES)
def test_no_flying_card_covers_words_or_a_seat_label(tmp_path, size) -> None:
    app = make_app(tmp_path, speed="normal", size=size)
    found: dict[str, list[str]] = {}
    # the deal, with its caption: nobody has declared, then a declaration at each seat
    scene = PracticeTableScene(app.services, PracticeTable(Game(seed=1), seed=1), seed=1)
    app.stack.push(scene)
    game = scene.table.game
    for card in parse_cards("S5 H9 DK CA BJ S2"):
        game.hands[0].append(card)
    for seat in (None, 0, 1, 2, 3):
        game.declarations = (Declaration(seat, tuple(parse_cards("S2"))),) if seat is not None else ()
        scene._sync()
        assert scene.words.caption_text(), "the caption says who declared"
        for to in range(4):
            for card in game.hands[0][:6] if to == 0 else game.hands[0][:1]:
                scene.flights.deal(to, card, 0.2)
        found.update({f"deal, declared at {seat}: {c}": [] for c in covered(scene)})
        scene.table.in_flight.clear()
    app.stack.pop()
    # the tricks: a play from each seat, a trick gathered to each seat
    table = played_to(Game(seed=2), lambda t: t.phase == TRICKS)
    scene = PracticeTableScene(app.services, table, seed=2)
    app.stack.push(scene)
    scene._sync()
    plays = tuple((seat, tuple(parse_cards("S5 S5 S6 S6"))) for seat in range(4))
    for seat in range(4):
        for count in (1, 4):
            scene.flights.play(seat, plays[seat][1][:count], 0.26)
        scene.trick.set_trick([(s, c) for s, c in plays], seat, table.game.ctx, 0)
        scene.clock.shown = Shown(plays, seat, 0, 1)
        scene.flights.gather()
        scene.words.info = scene.phase.info_words()
        found.update({f"trick, won by {seat}: {c}": [] for c in covered(scene)})
    app.stack.pop()
    # the hand's end: the kitty turned up from each dealer
    table = played_to(Game(seed=25))
    scored = next(e for e in table.game.events if isinstance(e, HandScored))
    scene = PracticeTableScene(app.services, table, seed=25)
    app.stack.push(scene)
    for dealer in range(4):
        scene.hand_over.forget()
        scene.hand_over._reveal(dataclasses.replace(scored, dealer=dealer))
        found.update({f"kitty from {dealer}: {c}": [] for c in covered(scene)})
        scene.moments.forget()
    assert not found, sorted(found)


def test_the_points_strip_keeps_every_corner_index_whole_at_960x600(tmp_path) -> None:
    """Each card of the 闲分 strip shows its index whole, inside the panel; when they are
    too many for that (120 points: eight 10s, four Ks, eight 5s), they are counted by
    rank instead; the header says what 80 means."""
    app = make_app(tmp_path, size=(960, 600))
    scene = PracticeTableScene(app.services, PracticeTable(Game(seed=1), seed=1), seed=1)
    app.stack.push(scene)
    panel = scene.points
    for points, cards in ((40, "S10 SK H10 DK"), (120, "S10 S10 H10 H10 D10 D10 C10 C10 SK HK DK CK S5 S5 H5 H5"
                                                      " D5 D5 C5 C5")):
        panel.set_points(points, parse_cards(cards))
        rects = panel.card_rects()
        assert all(panel.rect.contains(r) for r in rects)
        for a, b in zip(rects, rects[1:]):
            assert b.left - a.left >= a.width * INDEX_WIDTH, "the next card leaves the index whole"
        tally = panel.tally_layout()
        assert bool(rects) == (points < 80) and (tally is None) == (points < 80)
        if tally is not None:
            assert tally.fits and tally.px >= 14 and [line.text for line in tally.lines] == ["K ×4 · 10 ×8 · 5 ×8"]
        header = panel.header_layout()
        assert header.fits and header.px >= 14 and "take over" in header.lines[1].text


@pytest.mark.parametrize("language", ["zh_CN", "en"][:count(2)])  # both under make soak
def test_with_the_counter_on_the_coach_keeps_four_lines_at_960x600(tmp_path, language: str) -> None:
    """The counter under the coach's panel pairs its side suits rather than squeeze the
    coach to a line; each row says its count in words ("13 left", "13张"), never as a
    card, and the heading says what ×2 means; nothing under 14 px, nothing outside."""
    from tutor import i18n

    app = make_app(tmp_path, size=(960, 600))
    app.services.store.settings.card_counter = True
    i18n.set_language(language)
    table = played_to(Game(seed=11), lambda t: t.phase == TRICKS)
    scene = PracticeTableScene(app.services, table, seed=11)
    app.stack.push(scene)
    app.frame(0.0)
    assert scene.coach_panel.rect.height >= 4 * 20 and scene.counter.rect.top > scene.coach_panel.rect.bottom
    counter = scene.counter
    assert counter.rows and counter.paired()
    left = {"en": " left", "zh_CN": "张"}[language]
    for (label, cells), place in zip(counter.row_layouts(), counter.places()):
        assert label.lines[0].text.endswith(left) and counter.rect.contains(place)
        assert all(len(layout.lines) == 1 for layout in (label, *cells))
    assert "×2" in counter.heading_layout().lines[0].text and counter.heading_layout().fits
    assert all(layout.px >= 14 for layout in counter.text_layouts())
