"""The words players use at the table: Pass (不亮) while declaring, "Previous trick"
(上一墩) for the trick before, override (反主) in the hint line, jokers that read as
jokers, one style of Chinese quotation marks, the table's keys on its buttons."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import parse_cards
from engine.game import DEALING, DECLARING, TRICKS
from engine.rules import Rules
from engine.view import Declaration, PlayerView
from tutor import i18n
from tutor.coach import joined
from tutor.coach.declaring import declare_line
from tutor.hints import pass_label
from tutor.scenes.table.declaring import DeclaringPhase
from tutor.widgets.card_art import JOKER_LABELS

from .test_table_view import make_app, open_table, run

CATALOG = Path(__file__).resolve().parents[2] / "locale" / "zh_CN" / "LC_MESSAGES" / "messages.po"


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


def test_the_table_says_pass_and_previous_trick_and_shows_its_keys(tmp_path) -> None:
    app = make_app(tmp_path, speed="off", size=(960, 600))
    scene = open_table(app, seed=4)
    run(app, scene, lambda s: s.table.phase in (DEALING, DECLARING), act=False)
    assert scene.play.text() == "Pass"
    i18n.set_language("zh_CN")
    assert scene.play.text() == "不亮"
    i18n.set_language("en")
    run(app, scene, lambda s: s.table.phase == TRICKS and bool(s.table.game.tricks) and s.table.learner_to_act)
    assert scene.controls.last.text() == "Previous trick (L)"
    scene._toggle_peek("last")
    assert scene.words.hint_text().startswith("Previous trick (trick ")
    for key, button in scene.input.keys().items():
        letter = chr(key).upper()
        assert button.text().endswith(f"({letter})"), button.text()


def view_with(declared_by: int | None, hand: str, phase: str = "dealing", decks: int = 2) -> PlayerView:
    declared = () if declared_by is None else (Declaration(declared_by, tuple(parse_cards("H2"))),)
    return PlayerView(seat=0, phase=phase, rules=Rules(decks=decks), level="2", team_levels=("2", "2"),
                      dealer=None, hand=tuple(parse_cards(hand)), ctx=None,
                      declaration=declared[0] if declared else None, declarations=declared)


@pytest.mark.parametrize("phase", ["dealing", "declaring"])
def test_the_hint_line_says_override_when_another_seat_declared(phase: str) -> None:
    other = joined(declare_line(view_with(1, "S2 S2 C5 D7", phase)))
    mine = joined(declare_line(view_with(0, "S2 S2 C5 D7", phase)))
    assert "override" in other and "override" not in mine
    i18n.set_language("zh_CN")
    assert "反主" in joined(declare_line(view_with(1, "S2 S2 C5 D7", phase)))


def test_jokers_read_as_jokers_in_both_languages() -> None:
    assert {i18n._(label).lower() for label in JOKER_LABELS.values()} == {"joker"}
    i18n.set_language("zh_CN")
    assert sorted(i18n._(label) for label in JOKER_LABELS.values()) == sorted(["大王", "小王"])


def test_one_style_of_chinese_quotation_marks() -> None:
    text = CATALOG.read_text(encoding="utf-8")
    assert "「" not in text and "」" not in text and "“" in text


@pytest.mark.parametrize("trump", [None, "S", "H", "D", "C"])
def test_the_hand_alternates_the_colours_of_its_side_suits(trump) -> None:
    from engine.rules import TrumpContext
    from tutor.widgets.hand import in_hand_order

    ctx = TrumpContext("7", trump)
    cards = in_hand_order(parse_cards("SA S3 HA H3 DA D3 CA C3 BJ S7"), ctx)
    assert ctx.is_trump(cards[0]) and ctx.is_trump(cards[1])
    suits = []
    for card in cards[2:]:
        if not suits or suits[-1] != card.suit:
            suits.append(card.suit)
    colours = ["red" if s in "HD" else "black" for s in suits]
    changes = sum(a != b for a, b in zip(colours, colours[1:]))
    assert changes == min(colours.count("red"), colours.count("black")) * 2 - (colours.count("red") == colours.count("black"))
    if trump is None:
        assert suits == ["S", "H", "C", "D"]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_summary_says_first_who_won_the_hand(seed: int) -> None:
    from engine.game import Game
    from tutor.practice import PracticeTable
    from tutor.scenes.summary import summary_lines

    from .test_practice_table import play_hand

    table = PracticeTable(Game(seed=seed), learner=0, seed=seed)
    play_hand(table)
    first = summary_lines(table)[0]
    ours = table.outcome().change.team == 0
    assert first.startswith("Your team wins the hand" if ours else "The opponents win the hand"), first
    assert str(table.outcome().attacker_points) in first


def test_the_points_header_never_reads_as_a_fraction_past_80(tmp_path) -> None:
    from tutor.widgets.status import PointsPanel

    panel = PointsPanel(make_app(tmp_path).services)
    panel.place((0, 0, 300, 130), panel.metrics)
    panel.set_points(60, [])
    lines = [line.text for line in panel.header_layout().lines]
    assert "60" in lines[0] and "20 more to take over" in lines[1], "what 80 means, in words"
    panel.set_points(120, [])
    assert "/ 80" not in " ".join(line.text for line in panel.header_layout().lines)


@pytest.mark.parametrize("decks", [2, 3])
@pytest.mark.parametrize("phase", ["dealing", "declaring"])
def test_the_hint_line_says_reinforce_when_the_learner_adds_to_its_own_declaration(phase: str, decks: int) -> None:
    """The learner's single ♥2 stands and a second ♥2 arrived: 加固, as the table's
    moment names it, not 亮主."""
    view = view_with(0, "H2 H2 C5 D7", phase, decks)
    assert "reinforce your declaration" in joined(declare_line(view))
    i18n.set_language("zh_CN")
    line = joined(declare_line(view))
    assert "加固" in line and "亮主" not in line, line


@pytest.mark.parametrize("phase", ["dealing", "declaring"])
def test_four_decks_say_call_and_that_it_stays_face_down(phase: str) -> None:
    """Four decks (暗叫): 叫主 / 不叫 and "Call" / "Pass", face down (the caption says
    until when: ``test_four_decks_calls_are_face_down_until_the_deal_ends``); the other
    games keep 亮 / 不亮."""
    view = view_with(None, "S2 S2 C5 D7", phase, decks=4)
    line = joined(declare_line(view))
    assert "call face down now" in line, line
    face = parse_cards("S2")[0]
    assert DeclaringPhase._face_text(face, (face, face), True) == "Call a pair of ♠2"
    assert pass_label(True) == pass_label(False) == "Pass"
    i18n.set_language("zh_CN")
    line = joined(declare_line(view))
    assert "暗叫主" in line and "亮" not in line, line
    assert (DeclaringPhase._face_text(face, (face, face), True), pass_label(True)) == ("叫一对♠2", "不叫")
    assert (DeclaringPhase._face_text(face, (face, face), False), pass_label(False)) == ("亮一对♠2", "不亮")


def test_joker_declarations_in_the_hint_line_are_counted_not_repeated() -> None:
    """Three decks: "3 × big joker", not "big joker big joker big joker" (one line at 960×600)."""
    view = view_with(1, "BJ BJ BJ C5 D7", "declaring", decks=3)
    line = joined(declare_line(view))
    assert "2 × big joker / 3 × big joker" in line, line
    i18n.set_language("zh_CN")
    assert "2 张大王 / 3 张大王" in joined(declare_line(view))
