"""The lessons' part catalogs (``locale/<code>/LC_MESSAGES/lessons-part.po``) for tests.

The integrator merges them into ``messages.po``; until then the app's own catalog does
not hold the lesson strings, so tests translate through these.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]


def part_catalog(code: str) -> Catalog:
    """The lessons' own catalog for ``code`` (``locale/<code>/LC_MESSAGES/lessons-part.po``)."""
    path = ROOT / "locale" / code / "LC_MESSAGES" / "lessons-part.po"
    with path.open("rb") as fh:
        return read_po(fh, locale=code)


def part_translations(code: str) -> gettext.GNUTranslations:
    buf = io.BytesIO()
    write_mo(buf, part_catalog(code), use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)
