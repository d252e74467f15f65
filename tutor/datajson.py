"""The content of a data file: bytes decoded into one JSON object, and encoded back.

Decoding is strict and bounded: UTF-8 (a byte-order mark, as Windows editors write it,
is fine), JSON holding one object, no key twice, no ``NaN``, nested at most
``MAX_DEPTH`` deep, at most ``MAX_BYTES``; anything else raises ``Damaged`` naming the
problem (a msgid the caller words as a notice).  Encoding cannot fail on the content.
Apart from the folder's policy (``datafiles``: locks, setting aside, notices) because
this is about the bytes of one file, not what is done with a bad one.
"""

from __future__ import annotations

import json
from typing import Any

from .i18n import N_

MAX_BYTES = 4 * 1024 * 1024
"""Larger files are refused unread (a long match saves a few hundred kB)."""
MAX_DEPTH = 32
"""Deeper nesting is refused (the app's files are three or four levels deep)."""


def encode(data: Any) -> bytes:
    """``data`` as UTF-8 JSON: readable (Chinese as it is) unless it holds text UTF-8
    cannot encode, then with every non-ASCII character escaped, which always works."""
    text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True, indent=2, sort_keys=True).encode("ascii")


class Damaged(Exception):
    """The content of a file cannot be used; ``problem`` says why (a msgid)."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


NOT_UTF8 = N_("it is not UTF-8 text")
NOT_JSON = N_("it is not valid JSON")
DUPLICATE_KEY = N_("a key is given twice")
NOT_OBJECT = N_("it does not hold the expected data")
TOO_DEEP = N_("it is nested too deeply")
TOO_LARGE = N_("it is too large")


class _Duplicate(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise _Duplicate("a key is given twice")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def depth(value: Any) -> int:
    """How deeply ``value`` nests lists and objects (a scalar is 0), without recursion."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (dict, list)):
            level += 1
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                return deepest
            todo.extend((child, level) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def decode(raw: bytes) -> dict[str, Any]:
    """The JSON object in ``raw``; ``Damaged`` if it is not one (see the module docstring)."""
    if len(raw) > MAX_BYTES:
        raise Damaged(TOO_LARGE)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Damaged(NOT_UTF8) from None
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecursionError:
        raise Damaged(TOO_DEEP) from None
    except _Duplicate:
        raise Damaged(DUPLICATE_KEY) from None
    except ValueError:  # JSONDecodeError, a duplicate key, NaN, an integer of 5000 digits
        raise Damaged(NOT_JSON) from None
    if not isinstance(data, dict):
        raise Damaged(NOT_OBJECT)
    if depth(data) > MAX_DEPTH:
        raise Damaged(TOO_DEEP)
    return data
