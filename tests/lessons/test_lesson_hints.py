"""Sentences: card names and the engine's follow reasons (``tutor.hints``), and the
lessons' card facts (``tutor.lessons.feedback``), in both languages."""

from __future__ import annotations

import pytest

from engine import TrumpContext, check_follow, parse_cards
from tutor import hints, i18n
from tutor.lessons import feedback
from tutor.lessons.answers import Judgement
from tutor.lessons.model import Phrase


def test_card_names(language: str) -> None:
    assert hints.card_name(parse_cards("SQ")[0]) == "♠Q"
    assert hints.cards_text(parse_cards("H10 D2")) == "♥10 ♦2"
    big, little = parse_cards("BJ LJ")
    if language == "zh_CN":
        assert (hints.card_name(big), hints.card_name(little)) == ("大王", "小王")
    else:
        assert (hints.card_name(big), hints.card_name(little)) == ("big joker", "little joker")


def test_a_joker_is_lower_case_inside_a_sentence_and_capital_at_its_start(language: str) -> None:
    """A card name is worded for inside a sentence; one that begins a sentence gets its
    capital there (Chinese has none to get)."""
    ctx = TrumpContext("6", "H")
    beaten = feedback.hint_lines(Judgement(False, "beaten", tuple(parse_cards("BJ"))), ctx)
    not_trumps = feedback.hint_lines(Judgement(False, "not_trumps", tuple(parse_cards("LJ"))), ctx)
    if language == "zh_CN":
        assert "大王" in beaten[0] and not_trumps[0].startswith("小王")
    else:
        assert beaten == ["That follows the rules, but it does not win: big joker beats it."]
        assert not_trumps == ["Little joker: not a trump.", "Little joker is a trump: both jokers always are."]


def test_must_play_pair_in_both_languages(language: str) -> None:
    ctx = TrumpContext("7", "S")
    hand = parse_cards("HK H10 H6 H6 SA")
    lead = parse_cards("HQ HQ")
    verdict = check_follow(hand, lead, parse_cards("HK H10"), ctx)
    text = hints.follow_hint(verdict, lead, ctx)
    expected = {
        "en": "You hold the pair ♥6 ♥6: a pair was led, so you must play a pair.",
        "zh_CN": "你有对子 ♥6 ♥6：别人领的是对子，所以你必须出对子。",
    }
    assert text == expected[language]


def test_pair_rule_of_a_tractor_lead_is_not_a_pair_lead() -> None:
    ctx = TrumpContext("7", "S")
    hand = parse_cards("HK H10 H6 H6 H3 SA")
    lead = parse_cards("HQ HQ HJ HJ")
    verdict = check_follow(hand, lead, parse_cards("HK H10 H6 H3"), ctx)
    text = hints.follow_hint(verdict, lead, ctx)
    assert "a pair was led" not in text and "♥6 ♥6" in text


def test_follow_suit_names_the_led_suit(language: str) -> None:
    ctx = TrumpContext("7", "S")
    lead = parse_cards("SK")
    hand = parse_cards("S7 H4 D3")  # the ♠7 is a level card, a trump: spades are trumps anyway
    verdict = check_follow(hand, lead, parse_cards("H4"), ctx)
    text = hints.follow_hint(verdict, lead, ctx)
    assert "♠7" in text and ("trumps" in text if language == "en" else "主牌" in text)


def test_wrong_count_uses_the_lead_size(language: str) -> None:
    ctx = TrumpContext("2", "H")
    lead = parse_cards("SA SA")
    verdict = check_follow(parse_cards("S3 S4 S5"), lead, parse_cards("S3"), ctx)
    text = hints.follow_hint(verdict, lead, ctx)
    assert "2" in text and text != ""


def test_legal_follow_has_no_hint() -> None:
    ctx = TrumpContext("2", "H")
    lead = parse_cards("SA")
    assert hints.follow_hint(check_follow(parse_cards("S3"), lead, parse_cards("S3"), ctx), lead, ctx) == ""


@pytest.mark.parametrize("card, fact", [
    ("BJ", "Big joker is a trump: both jokers always are."),
    ("D6", "♦6 is a trump: every 6 is a level card this hand."),
    ("H2", "♥2 is a trump: it belongs to the trump suit, hearts."),
    ("SA", "♠A is not a trump: it is a plain card of spades."),
])
def test_trump_facts(card: str, fact: str) -> None:
    assert feedback.trump_fact(parse_cards(card)[0], TrumpContext("6", "H")) == fact


def test_every_reason_code_of_the_engine_has_a_sentence() -> None:
    cards = parse_cards("S5 S5")
    ctx = TrumpContext("2", "H")
    for code in ("not_in_hand", "wrong_count", "mixed_suits", "must_follow_suit",
                 "must_play_pair", "must_play_tractor", "throw_beaten"):
        assert hints.reason_text(code, cards, ctx), code


def test_cards_in_a_drill_sentence_are_named_in_the_language_it_is_shown_in() -> None:
    """The bilingual view renders one ``Phrase`` in both languages: a joker it names is
    named in each (not in the language current when the drill was made)."""
    text = Phrase("Another hand can beat {cards}, so the throw fails.", cards=hints.CardsRef(tuple(parse_cards("BJ SA"))))
    assert feedback.tr(text, i18n.load_translations("en")) == \
        "Another hand can beat big joker ♠A, so the throw fails."
    assert feedback.tr(text, i18n.load_translations("zh_CN")) == "有人压得住 大王 ♠A，所以这把甩牌不成立。"


@pytest.mark.parametrize("twos", [False, True])
def test_hints_that_name_the_trumps_count_the_2s_when_they_are_trumps(twos: bool) -> None:
    """Lessons run under the learner's rules: with constant twos every 2 is a trump too."""
    from engine import Rules

    ctx = TrumpContext("6", "H", Rules(constant_twos=twos))
    missed = feedback.hint_lines(Judgement(False, "missed_trumps", ()), ctx)
    is_trump = feedback.hint_lines(Judgement(False, None, ()), ctx, rule="is_trump")
    strongest = feedback.hint_lines(Judgement(False, None, ()), ctx, rule="strongest")
    for lines in (missed, is_trump, strongest):
        assert ("2" in lines[0]) is twos, lines


def test_a_list_of_numbers_reads_as_a_list_in_each_language() -> None:
    """A drill's list of tricks is worded when translated: "1, 3, and 5", "1、3和5"."""
    from tutor.lessons.model import Numbers

    phrase = Phrase("Tricks the attackers won: {tricks}; {n} points in all.", tricks=Numbers([1, 3, 5]), n=45)
    assert feedback.tr(phrase, i18n.load_translations("en")) == "Tricks the attackers won: 1, 3, and 5; 45 points in all."
    assert "1、3和5" in feedback.tr(phrase, i18n.load_translations("zh_CN"))


def test_lists_read_right_without_babel_too(monkeypatch) -> None:
    """The one-file build leaves Babel out: lists are then joined by the catalog's own
    separators, in each language."""
    import builtins

    real = builtins.__import__

    def without_babel(name, *args, **kwargs):
        if name.startswith("babel"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_babel)
    assert i18n.format_list(["1", "3", "5"]) == "1, 3 and 5"
    assert i18n.format_list(["a", "b"], style="or") == "a or b"
    i18n.set_language("zh_CN")
    try:
        assert i18n.format_list(["1", "3", "5"]) == "1、3和5"
    finally:
        i18n.set_language("en")
