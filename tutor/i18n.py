"""Translations through gettext catalogs in ``locale/`` (Babel workflow, see README).

Source strings (msgids) are English.  Mark strings with ``_()`` where they are shown
and translate at draw time, so a language switch changes every visible string at
once; use ``N_()`` to mark a string kept for later translation (for example in a
constant table).

A compiled ``.mo`` (made by ``make catalogs`` or at build time) is used when it is at
least as new as its ``.po`` (an installed copy always uses its own); otherwise the ``.po``
is compiled in memory, so a fresh clone works without a build step.  Babel, needed only
for that, is imported then.  Fuzzy entries are never used: they would show a stale
translation.

Sentences with values go through ``format_sentence``: a value that begins a sentence
gets its capital there, so values themselves are worded for inside a sentence.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
import re
import string
from pathlib import Path
from typing import Any, Mapping, Sequence

from .resources import INSTALLED
from .resources import LOCALE as LOCALE_DIR

DOMAIN = "messages"
LANGUAGES = ("zh_CN", "en")
"""Every language the app ships, in the order the language switch offers them."""

_cache: dict[str, gettext.NullTranslations] = {}
_current_code = "en"
_current: gettext.NullTranslations = gettext.NullTranslations()


def load_translations(code: str) -> gettext.NullTranslations:
    """The catalog for ``code`` (cached); a missing catalog falls back to the msgids."""
    if code not in _cache:
        folder = LOCALE_DIR / code / "LC_MESSAGES"
        po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
        _cache[code] = _read_mo(mo, po) or _compile_po(po, code) or gettext.NullTranslations()
    return _cache[code]


def _read_mo(mo: Path, po: Path) -> gettext.GNUTranslations | None:
    """The compiled catalog, unless it is missing, unreadable or (in a source checkout)
    older than the ``.po`` it was compiled from."""
    try:
        if not INSTALLED and po.exists() and mo.stat().st_mtime < po.stat().st_mtime:
            return None
        with mo.open("rb") as fh:
            return gettext.GNUTranslations(fh)
    except OSError:
        return None


def _compile_po(po: Path, code: str) -> gettext.GNUTranslations | None:
    """``po`` compiled in memory without its fuzzy entries (None if there is no ``.po``,
    or no Babel: the one-file build leaves it out, as it ships compiled catalogs)."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        return None
    if not po.exists():
        return None

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=code)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def language_code(text: str) -> str | None:
    """The code of ``LANGUAGES`` that ``text`` names — the code itself or its language
    part (``zh`` for ``zh_CN``) — or ``None``."""
    for code in LANGUAGES:
        if text in (code, code.split("_")[0]):
            return code
    return None


def set_language(code: str) -> None:
    """Switch every later ``_()`` call to ``code`` (one of ``LANGUAGES``)."""
    global _current, _current_code
    if code not in LANGUAGES:
        raise ValueError(f"unsupported language {code!r}; choose one of {', '.join(LANGUAGES)}")
    _current = load_translations(code)
    _current_code = code


def language() -> str:
    return _current_code


def system_language() -> str:
    """The shipped language closest to the user's system locale: any Chinese locale
    gives ``zh_CN``, everything else ``en``.

    The gettext variables come first (as gettext itself reads them), then the
    locale Python reports (on Windows a name such as ``Chinese (Simplified)_China``).
    """
    candidates = [os.environ.get(var, "") for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:  # an unparsable locale name in the environment
        pass
    for name in candidates:
        name = name.split(":")[0].strip()
        if not name or name in ("C", "POSIX") or name.startswith("C."):
            continue
        return "zh_CN" if name.lower().startswith(("zh", "chinese")) else "en"
    return "en"


def _(msgid: str) -> str:
    """Translate ``msgid`` into the current language (an ``InContext`` one as meant in
    its context)."""
    return translate(msgid)


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction without translating it now."""
    return msgid


class InContext(str):
    """A msgid meant in one context (gettext's msgctxt), marked now and translated
    later: one English word that other languages say differently by the moment (a
    four-deck call's "Pass" is 不叫, not 不亮).  Its value is the msgid."""

    context: str

    def __new__(cls, context: str, msgid: str) -> "InContext":
        text = super().__new__(cls, msgid)
        text.context = context
        return text


def NP_(context: str, msgid: str) -> InContext:
    """Mark ``msgid`` in ``context`` for extraction without translating it now."""
    return InContext(context, msgid)


def translate(msgid: str, translations: Any = None) -> str:
    """``msgid`` in the current language, or in ``translations`` (a gettext catalog)
    when given; an ``InContext`` msgid as meant in its context."""
    catalog = translations if translations is not None else _current
    if isinstance(msgid, InContext):
        return catalog.pgettext(msgid.context, str(msgid))
    return catalog.gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


SENTENCE_ENDS = (". ", "! ", "? ")
"""What ends a sentence inside a text (English punctuation, then a space)."""
_CJK = re.compile("[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")
_FORMATTER = string.Formatter()


def format_list(items: Sequence[str], style: str = "standard", code: str | None = None) -> str:
    """``items`` as a list in language ``code`` (default: the current one), by Babel's
    CLDR patterns ("1, 3, and 5", "1、3和5"; ``style="or"`` for alternatives).  The
    one-file build leaves Babel out (it ships compiled catalogs): then the catalog's own
    separators join them, in the current language."""
    items = list(items)
    try:
        from babel.lists import format_list as cldr_list
    except ImportError:
        if len(items) < 2:
            return "".join(items)
        last = _(" or ") if style == "or" else _(" and ")
        return _(", ").join(items[:-1]) + last + items[-1]
    return cldr_list(items, style=style, locale=code or language())


def format_sentence(template: str, values: Mapping[str, object], start: bool = True) -> str:
    """``template.format(**values)``, with a capital where a value begins a sentence.

    Values (card names, seat names, lists) are worded for inside a sentence, in lower
    case in English: "you lead the big joker".  Where a value begins the text
    (``start``: the text begins a sentence; not for a sentence inside another) or a
    sentence in it (after ". ", "! " or "? "), a lower-case ASCII first letter becomes
    a capital: "Big joker is a trump".  The template's own words are never changed, nor
    is a template with Chinese in it (Chinese has no capitals)."""
    if _CJK.search(template):
        return template.format(**values)
    out: list[str] = []
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        out.append(literal)
        if name is None:
            continue
        value, _key = _FORMATTER.get_field(name, (), values)
        value = _FORMATTER.convert_field(value, conversion)
        text = _FORMATTER.format_field(value, _FORMATTER.vformat(spec, (), values) if spec else "")
        done = "".join(out)
        begins = done.endswith(SENTENCE_ENDS) or (start and not done)
        if begins and text[:1].isascii() and text[:1].islower():
            text = text[0].upper() + text[1:]
        out.append(text)
    return "".join(out)
