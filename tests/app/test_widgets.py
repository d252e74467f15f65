"""Card art, the hand fan and the table widgets, driven with synthetic events."""

import pygame
import pytest
from .conftest import click, key

from engine import TrumpContext, parse_cards
from engine.cards import ALL_FACES
from tutor import i18n
from tutor.theme import Metrics
from tutor.widgets import HandFan, PointsPanel, StatusPanel, TrickView, card_height, table_layout
from tutor.widgets.card_art import INDEX_SHOWS, TRUMP_FACE
from tutor.widgets.scroll_text import ScrollText

HAND = "BJ H10 C10 HA HK H8 H3 SA SQ SQ S9 S6 S4 DA DK DJ D9 D7 D5 CK CJ C8 C6 C4 C3"


def test_every_face_and_the_back_render_at_small_and_large_sizes(app):
    art = app.services.cards
    for width in (36, 90):
        for card in ALL_FACES:
            surf = art.face(card, width, trump=card.suit == "H")
            assert surf.get_size() == (width, card_height(width))
        assert art.back(width).get_size() == (width, card_height(width))


def test_faces_are_cached_and_variants_differ(app):
    art = app.services.cards
    card = parse_cards("D9")[0]
    plain = art.face(card, 80)
    assert art.face(card, 80) is plain
    assert art.face(card, 80, dimmed=True) is not plain
    corner = (30, 30)
    assert sum(art.face(card, 80, dimmed=True).get_at(corner)[:3]) < sum(plain.get_at(corner)[:3])
    # four colours: diamonds turn blue
    red = art.face(card, 80)
    blue = art.face(card, 80, four_colour=True)
    assert red is not blue


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_corner_index_ends_where_a_second_row_of_cards_begins(app, language):
    """A hand of two rows covers a first-row card below ``INDEX_SHOWS`` of its height:
    the rank, suit and ★ (a joker's label and ★, "JOKER" the longest) end above it at
    every width a hand draws."""
    i18n.set_language(language)
    art = app.services.cards
    for width in range(40, 131, 6):
        h = card_height(width)
        top, bottom = round(h * INDEX_SHOWS), h - max(3, width // 12) - 1  # above the rounded corner
        column = pygame.Rect(2, top, round(width * 0.37) - 2, bottom - top)  # left of the joker's crown
        for card in parse_cards("BJ LJ H10 SQ"):
            face = art.face(card, width, trump=True)
            plain = pygame.mask.from_threshold(face.subsurface(column), TRUMP_FACE + (255,), (40, 40, 40, 255))
            assert plain.count() == column.width * column.height, (language, card, width)
    i18n.set_language("en")


def test_joker_label_follows_language(app):
    art = app.services.cards
    big = parse_cards("BJ")[0]
    english = art.face(big, 80)
    i18n.set_language("zh_CN")
    assert art.face(big, 80) is not english


@pytest.fixture
def fan(app):
    fan = HandFan(app.services, parse_cards(HAND), TrumpContext(level="10", trump="H"))
    m = Metrics(960, 600)
    fan.place(table_layout(m).hand, m)
    return fan


def test_hand_sorted_trumps_first_and_fits(fan):
    ctx = fan.ctx
    assert [str(c) for c in fan.cards[:7]] == ["BJ", "H10", "C10", "HA", "HK", "H8", "H3"]
    assert all(ctx.is_trump(c) for c in fan.cards[:7]) and not ctx.is_trump(fan.cards[7])
    rects = fan.card_rects()
    assert len(rects) == 25 and all(fan.rect.contains(r) for r in rects)
    assert all(b.left > a.left for a, b in zip(rects, rects[1:]))
    # each card shows at least its corner index (rank and suit)
    visible = min(b.left - a.left for a, b in zip(rects, rects[1:]))
    assert visible >= 0.4 * fan.card_width()


def test_click_selects_raises_and_respects_selectable(fan):
    changes = []
    fan.on_change = changes.append
    fan.set_selectable([c for c in fan.cards if c.suit == "S"])
    sq = [i for i, c in enumerate(fan.cards) if str(c) == "SQ"]
    first = fan.card_rects()[sq[0]]
    assert fan.handle_event(click((first.left + 3, first.centery))) is None
    assert fan.selected == {sq[0]}
    assert fan.card_rects()[sq[0]].top < fan.card_rects()[sq[1]].top  # lifted
    assert [str(c) for c in changes[-1]] == ["SQ"]
    trump = fan.card_rects()[0]
    fan.handle_event(click((trump.left + 3, trump.centery)))
    assert fan.selected == {sq[0]}  # a dimmed card cannot be chosen
    fan.set_selectable([])  # nothing selectable: the selection drops
    assert fan.selected == set() and changes[-1] == []


def test_keyboard_moves_and_selects(fan):
    assert fan.handle_event(key(pygame.K_RIGHT)) is None
    assert fan.focus == 0
    fan.handle_event(key(pygame.K_UP))
    assert fan.selected == {0}
    fan.handle_event(key(pygame.K_UP))
    assert fan.selected == {0}
    fan.handle_event(key(pygame.K_LEFT))
    assert fan.focus == 24
    fan.handle_event(key(pygame.K_SPACE))
    fan.handle_event(key(pygame.K_DOWN))
    assert fan.selected == {0}
    assert fan.handle_event(key(pygame.K_a)) is not None  # not the fan's key


def test_trick_plays_sit_in_front_of_their_seats(app):
    m = Metrics(1280, 800)
    trick = TrickView(app.services, viewer=0)
    trick.place(table_layout(m).trick, m)
    trick.set_trick([(1, parse_cards("S5 S5 S6 S6")), (2, parse_cards("SA")), (3, parse_cards("C3")),
                     (0, parse_cards("S2"))], winner=2)
    rects = trick.play_rects()
    assert rects[0][0].centery > rects[2][0].centery  # me at the bottom, partner at the top
    assert rects[1][0].centerx > rects[3][0].centerx  # 下家 on the right
    for seat_rects in rects.values():
        assert all(trick.rect.contains(r) for r in seat_rects)


def test_status_and_points_panels(app):
    m = Metrics(960, 600)
    rects = table_layout(m)
    status = StatusPanel(app.services)
    status.place(rects.status, m)
    status.set_status("10", None, "Gang", (("Our level", "8"), ("Their level", "10")))
    i18n.set_language("zh_CN")
    texts = [line.text for layout in status.text_layouts() for line in layout.lines]
    assert "无主" in texts and "本局打" in texts and "庄家" in texts
    points = PointsPanel(app.services)
    points.place(rects.points, m)
    points.set_points(35, parse_cards("SK S10 D5 D5 C5"))
    assert points.header_layout().lines[0].text.startswith("闲分 35")
    assert all(points.rect.contains(r) for r in points.card_rects())
    # under a throw penalty rule the number and the cards differ: the header says why
    points.set_points(45, parse_cards("SK S10 D5 D5 C5"), penalties=10)
    header = points.header_layout()
    assert [line.text for line in header.lines] == ["闲分 45（甩牌罚分 +10）", "再得 35 分上台"]
    assert header.width <= points.rect.width


def test_table_layout_regions_do_not_overlap():
    for size in ((960, 600), (1280, 800), (1920, 1080), (2560, 1440)):
        rects = table_layout(Metrics(*size)).all()
        screen = pygame.Rect(0, 0, *size)
        for i, a in enumerate(rects):
            assert screen.contains(a), (size, a)
            for b in rects[i + 1:]:
                assert not a.colliderect(b), (size, a, b)


def test_suit_and_star_sit_at_the_same_height_on_every_rank(app):
    """The ★ under the index is at one height whatever the rank's ink (Q's tail, 10)."""
    from tutor.theme import TRUMP_STAR

    art = app.services.cards

    def star_top(card: str, width: int) -> int:
        face = art.face(parse_cards(card)[0], width, trump=True)
        for y in range(face.get_height()):
            for x in range(face.get_width() // 2):
                if face.get_at((x, y))[:3] == TRUMP_STAR:
                    return y
        raise AssertionError("no star")

    for width in (48, 84):
        tops = {card: star_top(card, width) for card in ("SQ", "S10", "SA", "S7", "HQ", "H10")}
        assert max(tops.values()) - min(tops.values()) <= 1, tops


@pytest.mark.parametrize("count", [25, 33])
def test_focus_frame_covers_one_card_exactly(app, count):
    cards = parse_cards(HAND + " SA SK SK S3 S3 DQ DQ C9")[:count]
    for size in ((960, 600), (1280, 800)):
        fan = HandFan(app.services, cards, TrumpContext(level="10", trump="H"))
        m = Metrics(*size)
        fan.place(table_layout(m).hand, m)
        rects = fan.card_rects()
        for i in range(count):
            strip = fan.visible_strip(i)
            assert strip.height == rects[i].height == card_height(fan.card_width()), "as tall as the card drawn"
            assert strip.top == rects[i].top
            assert rects[i].contains(strip)
            if i + 1 < count:
                assert strip.right <= rects[i + 1].left


def test_button_text_contrast_is_readable():
    from tutor.theme import BUTTON, BUTTON_DISABLED, BUTTON_PRESSED, INK, INK_DISABLED, INK_SOFT, PANEL, contrast

    assert contrast(INK_DISABLED, BUTTON_DISABLED) >= 4.5
    assert contrast(INK, BUTTON) >= 4.5 and contrast(INK, BUTTON_PRESSED) >= 4.5
    assert contrast(INK_SOFT, PANEL) >= 4.5


def test_kitty_marks_follow_the_faces_given(fan):
    fan.set_marked(parse_cards("SQ SQ D5"))
    assert sorted(str(fan.cards[i]) for i in fan.marked) == ["D5", "SQ", "SQ"]
    fan.set_cards(fan.cards, fan.ctx)
    assert not fan.marked


def test_a_scrolling_panel_shrinks_first_then_scrolls_to_its_last_line_and_restarts_at_the_top(app):
    """The coach's panel: words that fit at a smaller font are shrunk (as little as
    needed), never cut; words too long even at the smallest size scroll, and the next
    text starts at its top."""
    words = {"text": "Trick 8: your partner discarded. " * 3}
    m = Metrics(960, 600)
    panel = ScrollText(app.services, lambda: words["text"], px=17, min_px=11)
    panel.place((10, 10, 200, 110), m)
    sizes = {px: ScrollText(app.services, lambda: words["text"], px=px) for px in range(11, 18)}
    for widget in sizes.values():
        widget.place(panel.rect, m)
    fitting = [px for px, widget in sizes.items() if widget.max_offset() == 0]
    assert 11 < max(fitting) < 17, "a text that needs shrinking, but not to the smallest size"
    assert panel.max_offset() == 0 and panel.layout().px == m.fpx(max(fitting))
    surface = pygame.Surface((960, 600))
    for text in ("Tip: dealers, do not spend all your trumps early; keep a pair for the last trick. " * 6,
                 "The next trick's long words. " * 40):
        words["text"] = text
        panel.draw(surface)
        assert panel.offset == 0, "a new text is shown from its top"
        assert panel.layout().px == m.fpx(11) and panel.max_offset() > 0
        panel.handle_event(key(pygame.K_END))
        panel.draw(surface)
        last = panel.layout().lines[-1]
        assert panel.offset > 0
        assert panel.inner().top - panel.offset + last.rect[1] + last.rect[3] <= panel.inner().bottom


def test_a_scrolling_panel_shows_whole_lines_only_wherever_it_is_scrolled_or_resized(app):
    """No line is drawn cut in half: the window starts at a line's top and ends after
    the last line that fits, after any scroll (a wheel step is less than a page) and
    after a resize left the offset mid-line."""
    m = Metrics(960, 600)
    panel = ScrollText(app.services, "第 2 墩：上家用同一门更大的牌赢了这一墩。小窍门：庄家不要过早打光主牌。" * 4,
                       px=17, min_px=11)
    surface = pygame.Surface((960, 600))

    def shown_lines_are_whole() -> int:
        panel.draw(surface)
        window, box = panel.window(), panel.inner()
        assert box.contains(window)
        rects = [r.move(0, -panel.offset) for r in panel.layout().line_rects(box.topleft)]
        shown = [r for r in rects if r.colliderect(window)]
        assert shown and all(window.contains(r) for r in shown), "a line cut by the window's edge"
        assert shown[0].top == window.top
        return len(shown)

    moves = 0
    for height in (97, 131, 83):
        panel.place((10, 10, 200, height), m)
        panel.scroll(7)  # a resize may leave the offset mid-line
        panel.offset += 3
        assert shown_lines_are_whole() < len(panel.layout().lines)
        for delta in (m.px(40),) * 20 + (-m.px(40),) * 3 + (10**6, -1, -10**6):
            before = panel.offset
            panel.scroll(delta)
            moves += panel.offset != before
            shown_lines_are_whole()
        assert panel.offset == 0
    assert moves > 20, "the wheel and the keys moved the window (else this checks nothing)"
