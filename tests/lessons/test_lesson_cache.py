"""Lessons are read once per rule set and again only when a file changes."""

import os
import shutil

from engine import Rules
from tutor.lessons import LESSON_DIR, load_all

INDEX = ('lessons:\n'
         '  - {id: "01", file: 01_table.yaml, topics: [table]}\n'
         '  - {id: "02", file: 02_points.yaml, topics: [points]}\n'
         '  - {id: "03", file: 03_trumps.yaml, topics: [trumps]}\n')


def copy_lessons(folder, names):
    for name in names:
        shutil.copy(LESSON_DIR / name, folder)
    (folder / "index.yaml").write_text(INDEX, encoding="utf-8")


def touch_later(path):
    stamp = path.stat().st_mtime_ns + 1_000_000_000
    os.utime(path, ns=(stamp, stamp))


def test_lessons_are_read_once_and_again_when_a_file_changes(tmp_path):
    copy_lessons(tmp_path, ["01_table.yaml", "02_points.yaml", "03_trumps.yaml"])
    first = load_all(tmp_path)
    assert [x.id for x in first] == ["01", "02", "03"] and all(x.available for x in first)
    again = load_all(tmp_path)
    assert again is not first and all(a is b for a, b in zip(first, again))

    changed = tmp_path / "02_points.yaml"
    changed.write_text(changed.read_text(encoding="utf-8").replace("title:", "title: Changed", 1), encoding="utf-8")
    touch_later(changed)
    after = load_all(tmp_path)
    assert after[0] is first[0] and after[1] is not first[1]


def test_a_changed_index_is_read_again(tmp_path):
    copy_lessons(tmp_path, ["01_table.yaml", "02_points.yaml", "03_trumps.yaml"])
    assert [x.id for x in load_all(tmp_path)] == ["01", "02", "03"]
    index = tmp_path / "index.yaml"
    index.write_text(INDEX.replace('  - {id: "02", file: 02_points.yaml, topics: [points]}\n', ""), encoding="utf-8")
    touch_later(index)
    assert [x.id for x in load_all(tmp_path)] == ["01", "03"]


def test_each_rule_set_has_its_own_lessons(tmp_path):
    copy_lessons(tmp_path, ["01_table.yaml", "02_points.yaml", "03_trumps.yaml"])
    plain, twos = load_all(tmp_path, Rules()), load_all(tmp_path, Rules(constant_twos=True))
    assert plain[2] is not twos[2]
    assert load_all(tmp_path, Rules(constant_twos=True))[2] is twos[2]
