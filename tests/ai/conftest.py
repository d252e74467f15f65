"""Hand-made views for the AI tests: the fixtures ``make_view`` and ``record``."""

from __future__ import annotations

from typing import Callable

import pytest

from engine.view import PlayerView, TrickRecord

from .views import _make_view, _record


@pytest.fixture
def make_view() -> Callable[..., PlayerView]:
    return _make_view


@pytest.fixture
def record() -> Callable[..., TrickRecord]:
    return _record
