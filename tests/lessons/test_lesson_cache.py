"""Lessons are read once per rule set and again only when a file changes."""

import os
import shutil

from engine import Rules
from tutor.lessons import LESSON_DIR, load_all


def test_lessons_are_read_once_and_again_when_a_file_changes(tmp_path):
    for path in sorted(LESSON_DIR.glob("0[12]_*.yaml")):
        shutil.copy(path, tmp_path)
    first = load_all(tmp_path)
    assert [x.id for x in first] == ["01", "02"] and all(x.available for x in first)
    again = load_all(tmp_path)
    assert again is not first and all(a is b for a, b in zip(first, again))

    changed = next(tmp_path.glob("02_*.yaml"))
    changed.write_text(changed.read_text(encoding="utf-8").replace("title:", "title: Changed", 1), encoding="utf-8")
    stamp = changed.stat().st_mtime_ns + 1_000_000_000
    os.utime(changed, ns=(stamp, stamp))
    after = load_all(tmp_path)
    assert after[0] is first[0] and after[1] is not first[1]


def test_each_rule_set_has_its_own_lessons(tmp_path):
    shutil.copy(next(LESSON_DIR.glob("03_*.yaml")), tmp_path)
    plain, twos = load_all(tmp_path, Rules()), load_all(tmp_path, Rules(constant_twos=True))
    assert plain[0] is not twos[0]
    assert load_all(tmp_path, Rules(constant_twos=True))[0] is twos[0]
