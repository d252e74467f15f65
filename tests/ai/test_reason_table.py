"""The reason-code table is the one place the coach reads: no code missing, none dead."""

import re
from pathlib import Path

import pytest

import engine.ai
from engine.ai import REASON_CODES
from engine.ai.reasons import check_code

SOURCES = [p for p in Path(engine.ai.__file__).parent.glob("*.py") if p.name != "reasons.py"]


def test_every_code_in_the_table_is_used_by_some_decision():
    text = "\n".join(p.read_text(encoding="utf-8") for p in SOURCES)
    unused = [code for code in REASON_CODES if f'"{code}"' not in text]
    assert not unused


def test_every_code_meaning_is_a_sentence_of_its_own():
    for code, meaning in REASON_CODES.items():
        assert re.fullmatch(r"[a-z_]+", code)
        assert len(meaning) > 20


def test_an_unknown_code_is_refused():
    with pytest.raises(KeyError):
        check_code("partner_winning_giv_points")
