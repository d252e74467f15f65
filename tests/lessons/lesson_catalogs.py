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
    """The app's catalog (if any) with the lessons' part added: what the app will show
    once the integrator has merged the part into ``messages.po``."""
    catalog = part_catalog(code)
    app_po = ROOT / "locale" / code / "LC_MESSAGES" / "messages.po"
    if app_po.exists():
        with app_po.open("rb") as fh:
            merged = read_po(fh, locale=code)
        for message in catalog:
            if message.id:
                merged[message.id] = message
        catalog = merged
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)
