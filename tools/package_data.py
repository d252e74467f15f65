"""What a build ships as package data, and the catalogs it compiles.

Both builds use this: the wheel (``hatch_build.py``) and the one-file app
(``shengji-tutor.spec``).  Every file of the data folders named in
``tutor.resources.DATA_FOLDERS`` goes to ``tutor/data/<folder>/...``, so a new lesson,
asset or language is shipped without touching any build file.  Compiled catalogs
(``*.mo``) are never copied from the tree, where they may be stale: each ``.po`` is
compiled afresh, without its fuzzy entries, exactly as ``make catalogs`` does.  The
``.po`` files ship too, as the app's fallback.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tutor.resources import DATA_FOLDERS, PACKAGE_DATA  # noqa: E402

SKIPPED = {".mo", ".pot", ".pyc"}
"""Suffixes never shipped from the tree: stale compiled catalogs, the extraction template."""


def shipped_files(root: Path = ROOT) -> Iterator[tuple[Path, str]]:
    """``(file in the tree, path inside the wheel)`` for every data file to ship."""
    for folder in DATA_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.suffix not in SKIPPED and "__pycache__" not in path.parts:
                yield path, _inside(path.relative_to(root))


def compile_catalogs(out: Path, root: Path = ROOT) -> Iterator[tuple[Path, str]]:
    """Compile every ``locale/<code>/LC_MESSAGES/<domain>.po`` into ``out``; yield
    ``(compiled file, path inside the wheel)``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted((root / "locale").glob("*/LC_MESSAGES/*.po")):
        relative = po.relative_to(root).with_suffix(".mo")
        mo = out / relative
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parts[-3])
        with mo.open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        yield mo, _inside(relative)


def _inside(relative: Path) -> str:
    return "/".join(("tutor", PACKAGE_DATA, *relative.parts))
