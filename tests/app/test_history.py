"""The learner's record (``tutor.history``): hands kept, listed, replayed, checked."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.game import DEALING, MATCH_OVER, Game
from tests.volume import count
from tutor.datafiles import DataFolder
from tutor.history import hand_actions, hand_record, hands_before, keep_hand, replay, tricks_of
from tutor.history import play_to_end as play_out
from tutor.record import HISTORY_FILE, BadRecord, HistoryStore
from tutor.practice import PracticeTable

ROOT = Path(__file__).resolve().parents[2]


def store(home: Path) -> HistoryStore:
    return HistoryStore(DataFolder(home, {}))


def test_every_stored_hand_replays_trick_by_trick(tmp_path) -> None:
    """Hands of whole matches kept, the store reopened, each replayed from its record
    alone: every trick as played, and each seat's cards as dealt."""
    history = store(tmp_path)
    originals = {}
    hands = count(100)
    seed = 0
    while len(originals) < hands:
        seed += 1
        table = PracticeTable(Game(seed=seed), learner=seed % 4, seed=seed, ai_kind="random", coached=False)
        for _ in range(min(4, hands - len(originals))):
            play_out(table)
            data = keep_hand(history, table)
            assert data is not None
            originals[data["key"]] = (table.game.tricks, [table.game.hand(s) for s in range(4)])
            if table.phase == MATCH_OVER:
                break
            table.next_hand()
    history.close()
    reopened = store(tmp_path)
    rows = reopened.hands()
    assert len(rows) == hands and reopened.skipped == 0
    for row in rows:
        data = reopened.hand(row.id)
        tricks, _left = originals[data["key"]]
        game = replay(data)
        assert game.tricks == tricks, f"hand {row.id} ({row.deal_code}) replays differently"
        assert tuple(tricks_of(data)) == tricks
        assert hands_before(game.tricks, 0)[row.learner]  # the learner's cards at the first trick
        assert sum(map(len, hands_before(game.tricks, 0))) == 100


def test_a_first_hand_redealt_replays_from_its_code() -> None:
    """Nobody declared the first deal: only the actions of the deal played are kept."""
    game = Game(seed=4)
    while game.phase == DEALING:
        game.deal()
    game.close_declaring()  # nobody declared: dealt anew
    assert game.phase == DEALING
    table = PracticeTable(game, seed=4, ai_kind="random")
    play_out(table)
    data = {"deal_code": game.deal_code(), "rules": game.rules.to_dict(),
            "actions": [a.to_dict() for a in hand_actions(game)]}
    assert replay(data).tricks == game.tricks


def test_rating_and_titles_follow_the_hands(tmp_path) -> None:
    history = store(tmp_path)
    table = PracticeTable(Game(seed=11), seed=11, ai_kind="random")
    total = 0
    for _ in range(3):
        play_out(table)
        data = keep_hand(history, table)
        assert data is not None and data["rating"]["before"] == total
        total += data["rating"]["change"]
        table.next_hand()
    assert history.rating() == total == history.hands()[-1].rating_after
    assert history.add(data) is False, "the same hand is kept once"


@pytest.mark.parametrize("content", [b"not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 5000])
def test_a_damaged_record_is_set_aside_with_a_notice(tmp_path, content) -> None:
    (tmp_path / HISTORY_FILE).write_bytes(content)
    history = store(tmp_path)
    assert history.hands() == [] and history.rating() == 0
    text = history.files.notices[0].text()
    assert len(history.files.notices) == 1 and HISTORY_FILE in text and text.endswith("A new record of your hands starts.")
    aside = list(tmp_path.glob(f"{HISTORY_FILE}.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content, "nothing lost"
    history.add_lesson("01", 3)
    assert history.lessons()[0][1:] == ("01", 3), "a new record starts"


def test_a_record_from_a_newer_version_is_set_aside(tmp_path) -> None:
    db = sqlite3.connect(tmp_path / HISTORY_FILE)
    db.execute("PRAGMA user_version=99")
    db.close()
    history = store(tmp_path)
    assert history.hands() == [] and len(history.files.notices) == 1


def test_a_hand_with_bad_data_is_refused_when_opened(tmp_path) -> None:
    history = store(tmp_path)
    table = PracticeTable(Game(seed=2), seed=2, ai_kind="random")
    play_out(table)
    data = keep_hand(history, table)
    assert data is not None
    row = history.hands()[0]
    assert history.hand(row.id)["key"] == data["key"]
    db = sqlite3.connect(tmp_path / HISTORY_FILE)
    db.execute("UPDATE hands SET data = ? WHERE id = ?", (json.dumps({**data, "hints": -1}), row.id))
    db.execute("INSERT INTO hands (key, finished, deal_code, learner, attacking, attacker_points, rating_before,"
               " rating_change, notes, hints, undos, variant, data) VALUES ('x', 'y', 'z', 'bad', 0, 0, 0, 0, 0,"
               " 0, 0, '', '{}')")
    db.commit()
    db.close()
    with pytest.raises(BadRecord):
        history.hand(row.id)
    assert [r.id for r in history.hands()] == [row.id] and history.skipped == 1


WRITER = """
import json, sys
from datetime import datetime, timedelta
from pathlib import Path
from tutor.datafiles import DataFolder
from tutor.record import HistoryStore, record_key

history = HistoryStore(DataFolder(Path(sys.argv[1]), {}))
hand = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
n = int(sys.argv[3])
while True:  # a real hand kept again and again, one transaction each, as the table keeps hands
    n += 1
    # a distinct time for every n (minutes and seconds alone repeat after an hour of n)
    hand["finished"] = (datetime(2026, 1, 1) + timedelta(seconds=n)).strftime("%Y-%m-%dT%H:%M:%SZ")
    hand["rating"]["before"] = n
    hand["key"] = record_key(hand)
    assert history.add(hand)
    print(hand["key"], flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_writer_killed_at_any_moment_loses_no_finished_hand(tmp_path) -> None:
    rng = random.Random(49)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    table = PracticeTable(Game(seed=5), seed=5, ai_kind="random", coached=False)
    play_out(table)
    template = tmp_path / "hand.json"
    template.write_text(json.dumps(hand_record(table, 0)), encoding="utf-8")
    home = tmp_path / "home"
    kept: list[str] = []
    for kill in range(count(4)):  # one kill in `make test`, twenty in `make soak`
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(home), str(template), str(1000 * kill)],
                                  cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert writer.stdout is not None
        first = writer.stdout.readline().strip()
        assert first, writer.stderr.read() if writer.stderr else ""
        time.sleep(rng.uniform(0.0, 0.3))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        kept += [first, *writer.stdout.read().split()]
        history = store(home)
        keys = {row.key for row in history.hands()}
        assert history.files.notices == [] and history.skipped == 0
        assert set(kept) <= keys, "every hand the writer had kept is there"
        for row in history.hands()[-2:]:
            replay(history.hand(row.id))
        history.close()


# ------------------------------------------------------------------ export and import


def _cli(argv: list[str], home: Path, monkeypatch, capsys) -> tuple[int, str, str]:
    from tutor.app import main

    monkeypatch.setenv("SHENGJI_TUTOR_HOME", str(home))
    try:
        code = main(["history", *argv])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def _two_hands(home: Path) -> list[str]:
    history = store(home)
    table = PracticeTable(Game(seed=21), seed=21, ai_kind="random", coached=False)
    keys = []
    for _ in range(2):
        play_out(table)
        data = keep_hand(history, table)
        assert data is not None
        keys.append(data["key"])
        table.next_hand()
    history.add_lesson("03", 2)
    history.close()
    return keys


@pytest.mark.parametrize("kind", ["json", "csv"])
def test_export_then_import_elsewhere_keeps_every_hand_once(tmp_path, monkeypatch, capsys, kind) -> None:
    keys = _two_hands(tmp_path / "a")
    target = tmp_path / f"out.{kind}"
    assert _cli(["export", f"--{kind}", str(target)], tmp_path / "a", monkeypatch, capsys)[0] == 0
    for added in (2, 0):
        code, out, _err = _cli(["import", str(target)], tmp_path / "b", monkeypatch, capsys)
        assert code == 0 and out.startswith(f"{added} hands added")
    other = store(tmp_path / "b")
    assert [row.key for row in other.hands()] == keys
    assert [r.deal_code for r in other.hands()] == [r.deal_code for r in store(tmp_path / "a").hands()]
    assert len(other.lessons()) == (1 if kind == "json" else 0)


def _tampered(text: str) -> str:
    data = json.loads(text)
    data["hands"][1]["actions"][-1]["cards"] = "BJ"
    return json.dumps(data)


@pytest.mark.parametrize("make", [
    lambda text: "not json {",
    lambda text: "{\"format\": \"something else\"}",
    lambda text: "\xff",
    _tampered,
    lambda text: text.replace('"hints": 0', '"hints": "many"', 1),
    lambda text: "finished,deal_code\n1,2\n",
])
def test_a_bad_import_is_one_line_exit_2_and_changes_nothing(tmp_path, monkeypatch, capsys, make) -> None:
    import shutil

    home = tmp_path / "b"
    shutil.copytree(_exported(tmp_path.parent / "exported", monkeypatch, capsys), home)
    before = [row.key for row in store(home).hands()]
    bad = tmp_path / "bad.json"
    good = (home / "good.json").read_text(encoding="utf-8")
    bad.write_text(make(good), encoding="utf-8", errors="surrogateescape")
    code, out, err = _cli(["import", str(bad)], home, monkeypatch, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "error:" in err
    after = store(home)
    assert [row.key for row in after.hands()] == before and len(before) == 2 and len(after.lessons()) == 1


def _exported(home: Path, monkeypatch, capsys) -> Path:
    """A record of two hands and its JSON export (``good.json``), made once."""
    if not (home / "good.json").exists():
        _two_hands(home)
        _cli(["export", "--json", str(home / "good.json")], home, monkeypatch, capsys)
    return home


def test_a_new_title_is_a_notice_once(tmp_path) -> None:
    from tutor.record import title_notice

    assert title_notice(4, 5) is not None and title_notice(19, 20) is not None
    assert title_notice(21, 20) is None, "a title reached again after a loss is not new"
    assert title_notice(5, 9) is None and title_notice(0, -3) is None
    notice = title_notice(79, 82)
    assert notice is not None and "82" in notice.text()


def test_the_summary_says_the_hands_rating_and_title(tmp_path) -> None:
    from tutor.scenes.summary import summary_lines

    history = store(tmp_path)
    table = PracticeTable(Game(seed=31), seed=31, ai_kind="random", coached=False)
    play_out(table)
    assert not any("Rating points" in line for line in summary_lines(table)), "a hand not kept has no 积分"
    data = keep_hand(history, table)
    assert data is not None and keep_hand(history, table) is data, "kept once"
    change = data["rating"]["change"]
    lines = summary_lines(table)
    assert any(f"Rating points: {change:+d}" in line for line in lines)
    assert data["rating"]["before"] == 0 and any("the losers lose as many" in line for line in lines), \
        "the first hand says what rating points are"


def test_a_record_that_cannot_be_opened_is_left_alone(tmp_path) -> None:
    """A folder where the file should be, or a home that is a file: a notice, no set-aside, no crash."""
    (tmp_path / "a" / HISTORY_FILE).mkdir(parents=True)
    blocked = store(tmp_path / "a")
    assert blocked.add_many([]) == 0 and not blocked.usable and len(blocked.files.notices) == 1
    assert (tmp_path / "a" / HISTORY_FILE).is_dir() and not list((tmp_path / "a").glob("*.corrupt-*"))
    (tmp_path / "b").write_text("a file")
    other = store(tmp_path / "b")
    other.add_lesson("01", 3)
    assert other.lessons() == [] and len(other.files.notices) == 1


def test_a_stacked_deal_is_not_kept(tmp_path) -> None:
    from engine import deck, format_cards

    table = PracticeTable(Game(stacked=format_cards(deck(2))), seed=1, ai_kind="random", coached=False)
    play_out(table)
    history = store(tmp_path)
    assert keep_hand(history, table) is None and history.hands() == []


def test_the_first_hands_summary_says_what_rating_points_are_without_scrolling(make_app) -> None:
    """At 960×600, in both languages, the first kept hand's summary shows what rating
    points are above its fold: they come before the match's housekeeping (next dealer,
    hints asked, the deal code), which may scroll."""
    from types import SimpleNamespace

    from tutor import i18n
    from tutor.record import RATING_RULE
    from tutor.scenes.summary import HandSummaryScene

    table = PracticeTable(Game(seed=31), seed=31, ai_kind="random", coached=True)
    play_out(table)
    table.kept = {"rating": {"before": 0, "change": -2}}  # as keep_hand leaves a first hand
    app = make_app(size=(960, 600))
    for code in ("en", "zh_CN"):
        i18n.set_language(code)
        scene = HandSummaryScene(app.services, SimpleNamespace(table=table))
        scene.resize(app.stack.metrics)
        lines = scene.body.layout().lines
        end = next(n for n, line in enumerate(lines) if i18n._(RATING_RULE).endswith(line.text.strip()))
        assert lines[end].rect[1] + lines[end].rect[3] <= scene.body.room(), code
