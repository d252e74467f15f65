"""Every English string the lessons and hints show has a Chinese translation in the
lessons' part catalog: not empty, not fuzzy, with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from tutor.lessons import Lesson, load_all
from tutor.lessons.reference import load_reference

from lesson_catalogs import part_catalog

ROOT = Path(__file__).resolve().parents[2]
PYTHON = ["tutor/hints.py", "tutor/scenes/lessons.py", "tutor/scenes/rules.py",
          *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tutor" / "lessons").glob("*.py"))]


def lesson_strings() -> set[str]:
    found: set[str] = set()
    for lesson in load_all():
        assert isinstance(lesson, Lesson), lesson
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
    catalog = part_catalog(code)
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
    zh, en = part_catalog("zh_CN"), part_catalog("en")
    for message in zh:
        if message.id and isinstance(message.id, str) and re.search("[A-Za-z]{4}", message.id):
            assert re.search("[\u4e00-\u9fff]", message.string), message.id
    for message in en:
        if message.id and isinstance(message.id, str):
            assert message.string == message.id


def test_no_stale_entries() -> None:
    """Entries nobody uses any more would hide a missing translation of their new text."""
    wanted = lesson_strings() | python_strings()
    ids = {m.id[0] if isinstance(m.id, tuple) else m.id for m in part_catalog("zh_CN") if m.id}
    assert ids - wanted == set()


def test_extractor_and_model_agree_on_every_visible_string() -> None:
    """What ``pybabel extract`` takes from a lesson file is exactly what the lesson shows."""
    from tutor.babel_yaml import extract_yaml
    from tutor.lessons.loader import lesson_paths
    from tutor.lessons.reference import REFERENCE_PATH

    reference, _problems = load_reference()
    shown = {path: set(lesson.texts()) for path, lesson in zip(lesson_paths(), load_all())}
    shown[REFERENCE_PATH] = set(reference.texts())
    for path, texts in shown.items():
        with path.open("rb") as fh:
            extracted = {message for _line, _func, message, _comments in extract_yaml(fh, [], [], {})}
        assert extracted == texts, path.name


@pytest.mark.parametrize("code", ["zh_CN", "en"])
def test_app_catalog_carries_the_part(code: str) -> None:
    """The app reads messages.po: every lesson string must be there, translated alike."""
    from babel.messages.pofile import read_po

    with (ROOT / "locale" / code / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        app = read_po(fh, locale=code)
    differ = []
    for message in part_catalog(code):
        if not message.id:
            continue
        found = app.get(message.id)
        if found is None or found.fuzzy or found.string != message.string:
            differ.append(message.id)
    assert differ == []
