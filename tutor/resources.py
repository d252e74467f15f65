"""Where the app's data files are: lessons, translation catalogs, font and icon.

The repository keeps them in the top-level folders ``lessons/``, ``locale/`` and
``assets/``.  A build (the wheel's ``hatch_build.py``, the PyInstaller spec) copies each
folder into the package as ``tutor/data/<folder>`` and compiles the catalogs, so an
installed or frozen copy finds them through ``importlib.resources`` wherever it runs
from.  A source checkout (or an editable install) has no ``tutor/data``: there the
top-level folders themselves are used.  Nothing here reads a file.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

PACKAGE_DATA = "data"
"""The folder inside the ``tutor`` package that a build puts the data folders in."""
DATA_FOLDERS = ("lessons", "locale", "assets")
"""The top-level folders shipped as package data, under their own names."""

_packaged = files(__package__ or "tutor") / PACKAGE_DATA
INSTALLED = isinstance(_packaged, Path) and _packaged.is_dir()
"""True in a built copy (wheel or one-file build), False in a source checkout."""
_root = _packaged if INSTALLED else Path(__file__).resolve().parent.parent


def data_path(folder: str) -> Path:
    """The folder ``folder`` (one of ``DATA_FOLDERS``) of this copy of the app."""
    if folder not in DATA_FOLDERS:
        raise ValueError(f"unknown data folder {folder!r}; choose one of {', '.join(DATA_FOLDERS)}")
    return Path(_root) / folder


LESSONS = data_path("lessons")
LOCALE = data_path("locale")
ASSETS = data_path("assets")
FONT = ASSETS / "fonts" / "NotoSansSC-Subset.otf"
ICON = ASSETS / "icon.png"
