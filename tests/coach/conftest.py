"""Each test starts and ends in English (the audit switches languages)."""

import pytest

from tutor import i18n


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
