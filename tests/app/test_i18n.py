"""Catalogs complete, not fuzzy, placeholders intact; the font has every glyph; the
system locale picks the default language; the YAML extractor finds lesson text."""

import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.pofile import read_po

from tutor import i18n
from tutor.babel_yaml import TRANSLATABLE_KEYS, extract_yaml
from tutor.fonts import FONT_PATH
from tutor.lessons.teaching import wording_problems
from tutor.widgets.card_art import DRAWN_SYMBOLS

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = {code: ROOT / "locale" / code / "LC_MESSAGES" / "messages.po" for code in i18n.LANGUAGES}


def load(code):
    with CATALOGS[code].open("rb") as fh:
        return read_po(fh, locale=code)


def messages(code):
    return [m for m in load(code) if m.id]


def placeholders(text: str) -> list[str]:
    brace = [f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    percent = re.findall(r"%(?:\([^)]+\))?[#0\- +]?\d*(?:\.\d+)?[sdifr%]", text)
    return sorted(brace + [p for p in percent if p != "%%"])


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_message_translated_and_not_fuzzy(code):
    problems = []
    for m in messages(code):
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy:
            problems.append(f"fuzzy: {m.id!r}")
        elif not all(strings):
            problems.append(f"untranslated: {m.id!r}")
    assert not problems, f"{code}: " + "; ".join(problems)


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_placeholders_match(code):
    for m in messages(code):
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = placeholders(ids[-1])
        for s in strings:
            assert placeholders(s) == wanted, f"{code}: {m.id!r} -> {s!r}"


@pytest.mark.parametrize("text, wrong", [
    ("下一副", True), ("本副牌号：{code}", True), ("重打这副牌", True), ("本场第 {n} 副。", True),
    ("首副无人亮主", True), ("两副牌", True), ("下一局", False), ("两副扑克，108 张。", False),
    ("主牌大于副牌", False), ("一张副牌", False), ("副级牌", False),
])
def test_the_wording_rule_tells_a_deal_from_a_side_suit(text, wrong):
    assert bool(wording_problems(text)) is wrong


def test_chinese_never_says_fu_for_a_deal_or_a_deck():
    """A deal is 一局 everywhere (the table, the summary, the review, the settings, the
    lessons); 副 stays only in 副牌 (side cards) and 两副扑克 (two decks)."""
    found = [s for m in messages("zh_CN")
             for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if wording_problems(s)]
    assert not found, found


def test_english_says_rating_points_where_chinese_says_jifen():
    """积分 is no English word: English says "rating points" (glossed once, "(积分)")."""
    found = [m.id for m in messages("en") for s in (m.string if isinstance(m.string, tuple) else (m.string,))
             if "积分" in s.replace("(积分)", "")]
    assert not found, found


def test_catalogs_follow_the_template():
    """Every entry of the template, and none that no source uses any more (`make
    messages` drops them rather than keep them as ``#~``)."""
    with (ROOT / "locale" / "messages.pot").open("rb") as fh:
        template = {m.id for m in read_po(fh) if m.id}
    for code in i18n.LANGUAGES:
        catalog = load(code)
        assert {m.id for m in catalog if m.id} >= template, f"{code} lacks messages: run `make messages`"
        assert not catalog.obsolete, f"{code} keeps entries no source uses (#~): run `make messages`"


GLOSS = re.compile(r"\([^()]*\)")
"""A Chinese term in parentheses: the gloss of the English word before it."""
CJK = re.compile("[\u3400-\u9fff]")


def test_english_uses_chinese_words_only_as_glosses():
    """The app's English sentences use a Chinese word only in parentheses after its
    English one (the lessons also teach the seat names 对家, 上家, 下家 in sentences);
    nowhere in English is 40 分, 抢亮 or 扣底 / 抠底 used bare: they are "one deck", the
    three-deck declaring, the last trick."""
    bare = []
    for m in messages("en"):
        string = " | ".join(m.string) if isinstance(m.string, tuple) else m.string
        text = GLOSS.sub("", string).replace("中文", "")  # 中文: the language's own name
        if any(path.endswith(".py") for path, _line in m.locations) and CJK.search(text):
            bare.append(string)
        bare.extend(string for word in ("40 分", "抢亮", "扣底", "抠底") if word in text)
    assert not bare, bare


def test_template_is_up_to_date():
    """Every string marked in the code or the lessons is in messages.pot, with its context:
    the extra keywords (``NP_``) are read from the Makefile's extract line, their one home."""
    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)  # the same mapping pybabel uses
    extract = next(line for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
                   if " extract " in line)
    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(re.findall(r"-k (\S+)", extract))}
    assert "NP_" in keywords
    found = {(msg, ctx) for _f, _l, msg, _c, ctx in extract_from_dir(str(ROOT), method_map, options_map, keywords)}
    assert any(ctx for _msg, ctx in found), "no word in context was found: is NP_ extracted?"
    with (ROOT / "locale" / "messages.pot").open("rb") as fh:
        template = {(m.id, m.context) for m in read_po(fh) if m.id}
    missing = {m for m in found if m not in template}
    assert not missing, f"not in messages.pot (run `make messages`): {sorted(map(str, missing))[:5]}"


def test_font_has_a_glyph_for_every_character_we_draw():
    """Every string of every catalog in locale/."""
    ttLib = pytest.importorskip("fontTools.ttLib")
    cmap = ttLib.TTFont(FONT_PATH).getBestCmap()
    text = set(DRAWN_SYMBOLS) | set("0123456789")
    for po in sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as fh:
            catalog = read_po(fh)
        for m in (m for m in catalog if m.id):
            for s in (m.id if isinstance(m.id, tuple) else (m.id,)) + (
                m.string if isinstance(m.string, tuple) else (m.string,)
            ):
                text |= set(s)
    missing = sorted(ch for ch in text if not ch.isspace() and ord(ch) not in cmap)
    assert not missing, f"no glyph in {FONT_PATH.name} for {''.join(missing)!r}"


def test_font_is_about_two_megabytes():
    assert FONT_PATH.stat().st_size < 2.5 * 1024 * 1024


@pytest.mark.parametrize(
    "env, expected",
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh_CN"),
        ({"LANG": "zh_TW.UTF-8"}, "zh_CN"),
        ({"LANGUAGE": "zh_CN:en", "LANG": "en_US.UTF-8"}, "zh_CN"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "zh_CN.UTF-8"}, "en"),
    ],
)
def test_system_language(monkeypatch, env, expected):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert i18n.system_language() == expected


def test_po_alone_is_enough(tmp_path, monkeypatch):
    """A fresh clone has no .mo: the .po is compiled in memory, fuzzy entries left out."""
    folder = tmp_path / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Play"\nmsgstr "出牌"\n\n#, fuzzy\nmsgid "Back"\nmsgstr "旧的"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})
    i18n.set_language("zh_CN")
    assert i18n._("Play") == "出牌"
    assert i18n._("Back") == "Back"


def test_yaml_extractor_line_numbers_and_lists():
    source = """\
id: 02_pairs
title: Pairs
steps:
  - goal: >-
      Select a pair:
      two identical cards.
    cards: S5 S5 H5
    hint:
      - Same suit, same rank.
      - "H5 is not a pair with S5."
    answer: {rule: pairs}
  - prompt: |
      Which cards
      make a pair?
    label: 42
    feedback: ""
"""
    found = [(line, msg) for line, _f, msg, _c in extract_yaml(io.BytesIO(source.encode()), [], [], {})]
    assert found == [
        (2, "Pairs"),
        (4, "Select a pair: two identical cards."),
        (9, "Same suit, same rank."),
        (10, "H5 is not a pair with S5."),
        (12, "Which cards\nmake a pair?\n"),
    ]
    assert {"title", "goal", "hint", "prompt", "explain", "heading"} <= TRANSLATABLE_KEYS


def test_format_sentence_capitalises_only_a_value_that_begins_a_sentence():
    fill = i18n.format_sentence
    assert fill("{card} wins. Then {card} again? {card}!", {"card": "big joker"}) == \
        "Big joker wins. Then big joker again? Big joker!"
    assert fill("{card} wins", {"card": "big joker"}, start=False) == "big joker wins"
    assert fill("Led: {card}; {n:>3}", {"card": "big joker", "n": 7}) == "Led: big joker;   7"
    assert fill("{card} wins", {"card": "♠Q"}) == "♠Q wins"
    assert fill("{{card}} is {card}", {"card": "big joker"}) == "{card} is big joker"
    assert fill("{card}赢了。{card}", {"card": "abc"}) == "abc赢了。abc"  # Chinese: never changed
