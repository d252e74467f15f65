"""Every English string the lessons and hints show has a Chinese translation in the
app's catalog (not empty, not fuzzy, same placeholders), and what ``pybabel extract``
takes from a lesson file is exactly what the lesson shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from tutor.lessons import load_all
from tutor.lessons.reference import load_reference

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = ("card_rows", "choice_list", "lesson_tile", "progress_dots", "scroll_text", "seat_diagram")
PYTHON = ["tutor/hints.py", "tutor/seats.py", "tutor/scenes/rules.py", "tutor/guided.py", "tutor/scenes/first_hand.py",
          *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tutor" / "scenes" / "lessons").glob("*.py")),
          *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tutor" / "lessons").glob("*.py")),
          *(f"tutor/widgets/{name}.py" for name in WIDGETS)]


def app_catalog(code: str) -> Catalog:
    with (ROOT / "locale" / code / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        return read_po(fh, locale=code)


def lesson_strings() -> set[str]:
    found: set[str] = set()
    for lesson in load_all():
        assert lesson.available, lesson
        found.update(lesson.texts())
    reference, problems = load_reference()
    assert reference is not None, problems
    found.update(reference.texts())
    return found


def python_strings() -> set[str]:
    found: set[str] = set()
    for path in PYTHON:
        for _lineno, message, _comments, _context in extract_from_file("python", ROOT / path):
            found.add(message[0] if isinstance(message, tuple) else message)
    return found


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{[a-z_]*\}", text))


@pytest.mark.parametrize("code", ["zh_CN", "en"])
def test_every_string_is_translated(code: str) -> None:
    catalog = app_catalog(code)
    wanted = lesson_strings() | python_strings()
    assert len(wanted) > 300
    missing = []
    for msgid in sorted(wanted):
        message = catalog.get(msgid)
        strings = () if message is None else (message.string if isinstance(message.string, tuple) else (message.string,))
        if message is None or message.fuzzy or not all(strings):
            missing.append(msgid)
            continue
        for text in strings:
            assert placeholders(text) == placeholders(msgid), msgid
    assert missing == []


def test_chinese_catalog_is_chinese_and_english_is_identity() -> None:
    zh, en = app_catalog("zh_CN"), app_catalog("en")
    for message in zh:
        if message.id and isinstance(message.id, str) and re.search("[A-Za-z]{4}", re.sub(r"\{[^}]*\}", "", message.id)):
            assert re.search("[\u4e00-\u9fff]", message.string), message.id
    for message in en:
        if message.id and isinstance(message.id, str):
            assert message.string == message.id


def test_extractor_and_model_agree_on_every_visible_string() -> None:
    """What ``pybabel extract`` takes from a lesson file is exactly what the lesson shows."""
    from tutor.babel_yaml import extract_yaml
    from tutor.lessons.reference import REFERENCE_PATH

    reference, _problems = load_reference()
    shown = {Path(lesson.path): set(lesson.texts()) for lesson in load_all()}
    shown[REFERENCE_PATH] = set(reference.texts())
    for path, texts in shown.items():
        with path.open("rb") as fh:
            extracted = {message for _line, _func, message, _comments in extract_yaml(fh, [], [], {})}
        assert extracted == texts, path.name
