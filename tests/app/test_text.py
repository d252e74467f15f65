"""Line breaking: kinsoku for Chinese, spaces for English, suit symbols in colour."""

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.fonts import Fonts
from tutor.text import NO_LINE_END, NO_LINE_START, latin_quotes, layout_text
from tutor.theme import BLUE, INK, RED


def test_chinese_never_starts_a_line_with_closing_punctuation(app):
    fonts = app.services.fonts
    text = "跟牌时看手牌上方的提示行，它会写明要跟几张、跟哪一门、是不是必须出对子。点了不能出的牌不会被选中；选好以后才会出现「出牌」按钮。"
    for width in range(60, 420, 7):
        layout = layout_text(fonts, text, 18, width)
        assert "".join(line.text for line in layout.lines) == text
        box = (100, 50, width, layout.height)
        assert all(r.width <= width and pygame.Rect(box).contains(r) for r in layout.line_rects((100, 50)))
        for line in layout.lines:
            assert line.text[0] not in NO_LINE_START or line is layout.lines[0]
            assert line.text[-1] not in NO_LINE_END
            assert line.rect[2] <= width


def test_english_breaks_at_spaces(app):
    fonts = app.services.fonts
    text = "Follow suit: you hold ♥ cards, so you must play them."
    layout = layout_text(fonts, text, 18, 160)
    assert len(layout.lines) > 1
    assert " ".join(line.text for line in layout.lines) == text
    assert all(not line.text.startswith(" ") and not line.text.endswith(" ") for line in layout.lines)
    assert layout.fits


def test_suit_symbols_are_coloured(app):
    layout = layout_text(app.services.fonts, "打♥A或♦K", 18, 400, four_colour=True)
    colours = {run.text: run.colour for run in layout.lines[0].runs}
    assert colours["♥"] == RED and colours["♦"] == BLUE and colours["打"] == INK


def test_fits_reports_overflow(app):
    fonts = app.services.fonts
    assert not layout_text(fonts, "一二三四五六七八九十" * 4, 20, 100, 40).fits
    assert layout_text(fonts, "一二三", 20, 100, 40).fits


def test_newlines_and_long_words(app):
    fonts = app.services.fonts
    layout = layout_text(fonts, "one\n\ntwo", 18, 300)
    assert [line.text for line in layout.lines] == ["one", "", "two"]
    one, gap, two = (line.rect for line in layout.lines)
    step = layout_text(fonts, "one\ntwo", 18, 300).lines[1].rect[1]
    assert gap[3] == step // 2 and two[1] == step + step // 2, "a paragraph break is half a line, not a whole one"
    assert layout.height == two[1] + two[3]
    long = layout_text(fonts, "x" * 80, 18, 100)
    assert len(long.lines) > 1 and long.fits


OPENING = sorted(NO_LINE_END & set("（「“"))
CLOSING = sorted(NO_LINE_START & set("，。！？、；：）」”"))
WORDS = list("我们打牌主分对子") + ["Play", "♠A", "10"]
PIECES = st.tuples(st.sampled_from([""] + OPENING), st.sampled_from(WORDS), st.sampled_from([""] + CLOSING)).map("".join)


@settings(max_examples=80, deadline=None)
@given(st.lists(PIECES, min_size=1, max_size=40), st.integers(min_value=80, max_value=300))
def test_breaking_rules_hold_for_any_mix(pieces, width):
    """Without spaces (a space is a break opportunity before any character), the rules
    hold everywhere, even where a run of Latin text wider than the line is cut."""
    text = "".join(pieces)
    layout = layout_text(FONTS, text, 16, width)
    lines = [line.text for line in layout.lines]
    assert "".join(lines) == latin_quotes(text)  # English words' quotes drawn straight
    assert all(line for line in lines)
    assert all(line[0] not in NO_LINE_START for line in lines[1:])
    assert all(line[-1] not in NO_LINE_END for line in lines[:-1])
    assert layout.fits


FONTS = Fonts()



def test_widths_are_the_fonts_own_and_fonts_open_again_after_pygame_quits() -> None:
    """Widths and loaded sizes are shared by every ``Fonts`` of the process; pygame.quit()
    frees the fonts it opened, so a size is opened again after it (drawing with a freed
    font would crash the app)."""
    for text, px, bold in [("Follow suit: ♥K", 18, False), ("跟牌时看提示行，", 14, True), ("", 20, False)]:
        assert FONTS.width(text, px, bold) == FONTS.get(px, bold).size(text)[0]
        assert FONTS.linesize(px, bold) == FONTS.get(px, bold).get_linesize()
    before = FONTS.get(18)
    pygame.quit()
    fonts = Fonts()
    assert fonts.get(18) is not before
    assert fonts.render("Follow suit", 18, INK).get_width() == fonts.width("Follow suit", 18)

KERNED = ("Now the tricks. The dealer leads the first one, and whoever wins a trick leads the next. The guide "
          "plays your cards and says why; it stops when you must decide. Top right: the attackers' points so far.")
ENGLISH = KERNED.split()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(ENGLISH), min_size=1, max_size=40), st.integers(min_value=90, max_value=300),
       st.integers(min_value=10, max_value=18))
def test_wrapped_english_lines_stay_inside_the_box(words, width, px):
    """A line is measured as it is drawn, so kerning between its words never pushes it a
    pixel or two past the box (which made panels shrink their text needlessly)."""
    layout = layout_text(FONTS, " ".join(words), px, width)
    assert " ".join(line.text for line in layout.lines) == " ".join(words)
    assert layout.fits, [(line.text, line.rect[2]) for line in layout.lines]


def test_a_kerned_line_wraps_before_the_edge() -> None:
    assert layout_text(FONTS, KERNED, 12, 184).fits


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(ENGLISH), min_size=8, max_size=40), st.integers(min_value=120, max_value=300),
       st.sampled_from(["·", "●"]))
def test_a_bulleted_paragraph_hangs_its_wrapped_lines(words, width, bullet):
    """Wrapped lines of a bullet point start under its first word, inside the box; the
    next paragraph starts at the left edge again."""
    text = f"{bullet} " + " ".join(words) + "\nNext"
    layout = layout_text(FONTS, text, 14, width)
    hang = FONTS.get(14, False).size(f"{bullet} ")[0]
    *bulleted, last = layout.lines
    assert bulleted[0].rect[0] == 0 and last.rect[0] == 0 and last.text == "Next"
    assert all(line.rect[0] == hang for line in bulleted[1:])
    assert layout.fits and all(line.rect[0] + line.rect[2] <= width for line in layout.lines)


def test_a_chinese_term_in_parentheses_is_never_broken(app) -> None:
    """The rules page wrote "the kitty (底" on one line and "牌)" on the next."""
    fonts = app.services.fonts
    text = "Everyone gets 25 and the last 8 form the kitty (底牌). It is buried."
    broken = 0
    for width in range(120, 420, 3):
        lines = [line.text for line in layout_text(fonts, text, 18, width).lines]
        assert not any(line.rstrip().endswith(("(底", "(")) for line in lines), lines
        broken += any("(底牌)" in line for line in lines)
    assert broken > 50


def test_english_quotes_carry_no_stray_space(app):
    """The font's curly quotes are full-width: round English words they are drawn as
    straight quotes, no wider than a letter; round Chinese words they stay."""
    fonts = app.services.fonts
    quoted = layout_text(fonts, "the option “override yourself” is on", 20, 900)
    plain = layout_text(fonts, "the option override yourself is on", 20, 900)
    assert quoted.width - plain.width <= 2 * fonts.get(20).size("a")[0]
    assert layout_text(fonts, "按“下一步”继续", 20, 900).lines[0].text == "按“下一步”继续"
