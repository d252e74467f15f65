"""Shared fixture for the lesson tests: run a test in each language."""

from __future__ import annotations

from typing import Iterator

import pytest

from tutor import i18n


@pytest.fixture(params=["en", "zh_CN"])
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Run the test in each language, through the app's own catalogs."""
    code = request.param
    previous = i18n.language()
    i18n.set_language(code)
    yield code
    i18n.set_language(previous)
