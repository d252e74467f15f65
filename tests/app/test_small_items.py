"""The smaller defects of the data files and command lines, one test each."""

from __future__ import annotations

import json
import stat
import sys
import tempfile
from pathlib import Path

import pytest

from tutor import i18n
from tutor.coach.__main__ import main as coach_main
from tutor.settings import ENV_HOME, SETTINGS_FILE, Store, data_dir

POSIX = sys.platform != "win32"


def _settings(home: Path, data: object) -> Path:
    home.mkdir(parents=True, exist_ok=True)
    path = home / SETTINGS_FILE
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.skipif(not POSIX, reason="symbolic links need privileges on Windows")
def test_a_linked_settings_file_stays_a_link(tmp_path) -> None:
    target = _settings(tmp_path / "dotfiles", {"language": "en"})
    home = tmp_path / "home"
    home.mkdir()
    (home / SETTINGS_FILE).symlink_to(target)
    store = Store(home)
    store.settings.coach = False
    assert store.save_settings()
    assert (home / SETTINGS_FILE).is_symlink()
    assert json.loads(target.read_text(encoding="utf-8"))["coach"] is False


@pytest.mark.skipif(not POSIX, reason="POSIX permissions")
def test_a_save_keeps_the_files_permissions_and_leaves_a_read_only_file_alone(tmp_path) -> None:
    home = tmp_path / "home"
    path = _settings(home, {"language": "en"})
    path.chmod(0o644)
    store = Store(home)
    store.settings.coach = False
    assert store.save_settings()
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    path.chmod(0o444)
    before = path.read_bytes()
    store.settings.coach = True
    assert not store.save_settings()
    assert path.read_bytes() == before
    assert [n.text() for n in store.notices] == [
        "settings.json is read-only, so it is left as it is and changes are not saved. "
        "Settings that could not be read are back to their defaults."]


def test_a_home_given_with_a_tilde_is_in_the_users_home(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))
    monkeypatch.setenv(ENV_HOME, "~/tutor")
    assert data_dir() == tmp_path / "tutor"


def test_the_language_in_the_settings_may_be_named_as_on_the_command_line(tmp_path) -> None:
    _settings(tmp_path / "home", {"language": "zh"})
    store = Store(tmp_path / "home")
    assert store.settings.language == "zh_CN" and store.notices == []


def test_a_key_given_twice_is_said_so(tmp_path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / SETTINGS_FILE).write_text('{"coach": true, "coach": false}', encoding="utf-8")
    assert "a key is given twice" in Store(home).notices[0].text()


def test_a_chinese_notice_gives_its_reason_in_chinese(tmp_path, monkeypatch) -> None:
    def refused(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    store = Store(tmp_path / "home")
    i18n.set_language("zh_CN")
    text = store.notices[0].text()
    assert "没有权限" in text and "Permission" not in text


def test_a_seed_out_of_range_names_the_range(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        coach_main(["transcript", "--seed", "99999999999"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "a whole number from 0 to 4294967295, not '99999999999'" in err and "_seed" not in err
