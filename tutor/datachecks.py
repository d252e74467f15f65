"""Schemas of the data files, built from small checks (``boolean``, ``one_of``,
``integer``, ``optional``, ``pair``, ``record``, ``each``): a check returns the clean
value or raises ``Invalid`` naming the keys it refused and what of the value is still
usable; ``validate`` runs one, and ``merge`` keeps the keys a schema does not know.

Apart from the folder's policy (``datafiles``) because each file's owner (settings,
progress, the match) states its schema with these, without the folder.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

_NOTHING: Any = object()


class Invalid(Exception):
    """A value a check refuses: ``where`` are the refused keys (dotted paths, empty for
    the value itself); ``usable`` what is left of the value (``_NOTHING``: nothing)."""

    def __init__(self, where: list[str] | None = None, usable: Any = _NOTHING) -> None:
        super().__init__(", ".join(where or []))
        self.where = where or []
        self.usable = usable


Check = Callable[[Any], Any]
"""Returns the clean value or raises ``Invalid``."""


def boolean(value: Any) -> bool:
    if type(value) is not bool:
        raise Invalid()
    return value


def one_of(*allowed: Any) -> Check:
    def check(value: Any) -> Any:
        if not any(value == a and type(value) is type(a) for a in allowed):
            raise Invalid()
        return value
    return check


def integer(low: int, high: int) -> Check:
    def check(value: Any) -> int:
        if type(value) is not int or not low <= value <= high:
            raise Invalid()
        return value
    return check


def optional(inner: Check) -> Check:
    """``None`` or what ``inner`` accepts."""
    return lambda value: None if value is None else inner(value)


def pair(inner: Check) -> Check:
    """A list of two values ``inner`` accepts, as a tuple."""
    def check(value: Any) -> tuple[Any, Any]:
        if not isinstance(value, list) or len(value) != 2:
            raise Invalid()
        return (inner(value[0]), inner(value[1]))
    return check


def _path(key: str, inner: str) -> str:
    return f"{key}.{inner}" if inner else key


def record(checks: Mapping[str, Check], *, others: Check | None = None, keep_unknown: bool = True) -> Check:
    """A JSON object whose keys in ``checks`` pass their check (a key may be missing).
    Other keys pass ``others`` if given, else are kept as they are (``keep_unknown``)
    or refused.  A refused key is left out of the usable value."""
    def check(value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise Invalid()
        out: dict[str, Any] = {}
        bad: list[str] = []
        for key, item in value.items():
            test = checks.get(key, others)
            if test is None:
                if keep_unknown:
                    out[key] = item
                else:
                    bad.append(key)
                continue
            try:
                out[key] = test(item)
            except Invalid as exc:
                bad += [_path(key, inner) for inner in exc.where] or [key]
                if exc.usable is not _NOTHING:
                    out[key] = exc.usable
        if bad:
            raise Invalid(bad, out)
        return out
    return check


def each(inner: Check) -> Check:
    """A JSON object of any keys whose values all pass ``inner``."""
    return record({}, others=inner)


def validate(check: Check, data: Any, default: Any) -> tuple[Any, list[str]]:
    """``check(data)`` and the refused keys; what is usable of a refused value (else
    ``default``) when it does not pass."""
    try:
        return check(data), []
    except Invalid as exc:
        return (default if exc.usable is _NOTHING else exc.usable), exc.where or ["-"]


def merge(kept: Mapping[str, Any] | None, new: dict[str, Any], levels: int = 1) -> dict[str, Any]:
    """``new`` plus the keys of ``kept`` that it lacks (down to ``levels`` of nested
    objects): keys the app does not know survive a save."""
    if not kept:
        return new
    out = {key: value for key, value in kept.items() if key not in new}
    for key, value in new.items():
        old = kept.get(key)
        if levels > 1 and isinstance(value, dict) and isinstance(old, dict):
            value = merge(old, value, levels - 1)
        out[key] = value
    return out
