"""Where data files are found, the compiled catalogs and their fallback, the desktop entry."""

import configparser
import gettext
import io
import os
import tomllib
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tutor import i18n, resources

ROOT = Path(__file__).resolve().parents[2]


def test_a_checkout_reads_its_top_level_folders():
    assert not resources.INSTALLED
    assert resources.LESSONS == ROOT / "lessons" and resources.LOCALE == ROOT / "locale"
    assert resources.FONT.is_file() and resources.ICON.is_file()
    with pytest.raises(ValueError, match="lessons, locale, assets"):
        resources.data_path("tests")


def test_every_data_folder_ships_every_file_and_a_compiled_catalog(tmp_path):
    from tools.package_data import compile_catalogs, shipped_files

    inside = {path for _, path in shipped_files()}
    assert "tutor/data/lessons/01_table.yaml" in inside
    assert "tutor/data/assets/fonts/NotoSansSC-Subset.otf" in inside and "tutor/data/assets/icon.png" in inside
    assert not any(path.endswith((".mo", ".pot")) for path in inside), "stale catalogs come from the tree"
    compiled = dict((path, mo) for mo, path in compile_catalogs(tmp_path))
    for code in i18n.LANGUAGES:
        assert f"tutor/data/locale/{code}/LC_MESSAGES/messages.po" in inside
        with compiled[f"tutor/data/locale/{code}/LC_MESSAGES/messages.mo"].open("rb") as fh:
            assert gettext.GNUTranslations(fh).gettext("Shengji Tutor")


def catalog(folder: Path, translation: str, *, compiled: str | None, mtime_order: str = "mo newer") -> None:
    """A zh_CN catalog in ``folder`` translating "Play"; ``compiled`` is the .mo's text."""
    messages = folder / "zh_CN" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    po = messages / "messages.po"
    po.write_text(f'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Play"\nmsgstr "{translation}"\n',
                  encoding="utf-8")
    if compiled is not None:
        with po.open("rb") as fh:
            cat = read_po(io.BytesIO(fh.read().replace(translation.encode(), compiled.encode())), locale="zh_CN")
        with (messages / "messages.mo").open("wb") as fh:
            write_mo(fh, cat)
        older, newer = (po, messages / "messages.mo") if mtime_order == "mo newer" else (messages / "messages.mo", po)
        os.utime(older, (1_000_000, 1_000_000))
        os.utime(newer, (2_000_000, 2_000_000))


@pytest.mark.parametrize("compiled, order, installed, shown", [
    ("出牌", "mo newer", False, "出牌"),        # the compiled catalog is used
    ("旧的", "po newer", False, "出牌"),        # a stale .mo in a checkout: the edited .po wins
    ("装好的", "po newer", True, "装好的"),     # an installed copy trusts the .mo built with it
    (None, "", False, "出牌"),                   # no .mo: the .po is compiled in memory
])
def test_which_catalog_is_read(tmp_path, monkeypatch, compiled, order, installed, shown):
    catalog(tmp_path, "出牌", compiled=compiled, mtime_order=order)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "INSTALLED", installed)
    monkeypatch.setattr(i18n, "_cache", {})
    i18n.set_language("zh_CN")
    assert i18n._("Play") == shown


def test_a_damaged_mo_falls_back_to_the_po(tmp_path, monkeypatch):
    catalog(tmp_path, "出牌", compiled="出牌")
    (tmp_path / "zh_CN" / "LC_MESSAGES" / "messages.mo").write_bytes(b"not a catalog at all")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})
    i18n.set_language("zh_CN")
    assert i18n._("Play") == "出牌"


def test_the_desktop_entry_starts_the_installed_command_under_its_translated_name():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "assets" / "shengji-tutor.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert desktop["Exec"] in scripts and desktop["StartupWMClass"] == os.environ.get("SDL_VIDEO_X11_WMCLASS")
    zh = i18n.load_translations("zh_CN")
    assert desktop["Name"] == "Shengji Tutor" and desktop["Name[zh_CN]"] == zh.gettext("Shengji Tutor")
