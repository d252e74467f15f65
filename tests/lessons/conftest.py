"""Shared fixture for the lesson tests: run a test in each language."""

from __future__ import annotations

from typing import Iterator

import pytest

from lesson_catalogs import part_translations
from tutor import i18n


@pytest.fixture(params=["en", "zh_CN"])
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Run the test in each language, translating through the part catalogs (the
    integrator merges them into messages.po; until then the app's catalog lacks them)."""
    code = request.param
    for each in i18n.LANGUAGES:  # both, since F2 may switch during the test
        monkeypatch.setitem(i18n._cache, each, part_translations(each))
    previous = i18n.language()
    i18n.set_language(code)
    yield code
    i18n.set_language(previous)
