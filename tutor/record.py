"""The learner's record: the database of finished practice hands and lesson results.

One SQLite database, ``history.sqlite3`` in the user data folder (``sqlite3``, WAL,
synchronous writes, one transaction per hand), append-only: a hand is never changed
once kept, so a kill at any moment loses at most the hand in progress.  A hand is the
JSON object ``tutor.history.hand_record`` makes; a few of its values are columns too,
so that listing thousands of hands reads no JSON, and the sum of its 积分 changes is
the learner's 积分.

The file follows the data-file policy of ``tutor.datafiles``: it is checked when
opened (SQLite's own ``quick_check``, the tables this version writes, a version not
newer than this one); one that fails is set aside as ``NAME.corrupt-<time>`` (with its
``-wal``) with a notice, and a new record starts.  A file that cannot be opened at all
(a folder in its place, no permission, another copy of the app holding it) is left
as it is, with a notice, and nothing is written this session.  A hand whose columns hold what this
version never writes is left out of the list (counted in ``skipped``); one whose data
does not check out is refused when opened (``BadRecord``).

This module imports no more than ``sqlite3`` and the engine's rules: the home screen
reads the learner's 积分 from it (after its first frame).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence

from engine import Rules
from engine.rating import TITLES, title_index, title_of

from .datafiles import Notice, path_exists
from .i18n import N_, _

if TYPE_CHECKING:
    from .datafiles import DataFolder

HISTORY_FILE = "history.sqlite3"
FALLBACK = N_("A new record of your hands starts.")
FORMAT = "shengji-hand/1"
TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
"""When a hand or lesson finished: UTC, to the second (sorts as text)."""
SCHEMA_VERSION = 1
UNREADABLE = N_("the record of hands could not be read ({detail})")
CANNOT_OPEN = N_("Your record of hands cannot be opened ({detail}): the hands of this session are not kept.")
CANNOT_KEEP = N_("Your record could not be written ({detail}).")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS hands (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    finished TEXT NOT NULL,
    deal_code TEXT NOT NULL,
    learner INTEGER NOT NULL,
    attacking INTEGER NOT NULL,
    attacker_points INTEGER NOT NULL,
    rating_before INTEGER NOT NULL,
    rating_change INTEGER NOT NULL,
    notes INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    undos INTEGER NOT NULL,
    variant TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS hands_finished ON hands (finished);
CREATE TABLE IF NOT EXISTS lessons (
    id INTEGER PRIMARY KEY,
    finished TEXT NOT NULL,
    lesson TEXT NOT NULL,
    stars INTEGER NOT NULL
);
"""
_COLUMNS = ("key", "finished", "deal_code", "learner", "attacking", "attacker_points", "rating_before",
            "rating_change", "notes", "hints", "undos", "variant")
"""The columns of a hand besides ``id`` and ``data``: what the list shows."""


TITLE_NAMES = dict(zip((t.name for t in TITLES), (
    N_("Barefoot"), N_("Shoes"), N_("Bicycle"), N_("Tricycle"), N_("Truck"), N_("Minibus"), N_("Saloon car"),
    N_("Motorhome"), N_("Tank"), N_("Glider"), N_("Helicopter"), N_("Airliner"), N_("Fighter jet"),
    N_("Space shuttle"), N_("Spaceship"), N_("Star battleship"), N_("Space fortress"), N_("God"))))
"""Each title of ``engine.rating.TITLES`` (the seed's Chinese names) as a msgid."""
NEW_TITLE = N_("New title: {title}! Your rating points reached {points}.")
RATING_RULE = N_("Rating points (积分): the winners of a practice hand gain 2 for taking over or for going up "
                 "one level as dealers, 1 more per further level; the losers lose as many. Between 80 and 300 "
                 "they count twice, above 300 three times.")
"""What earns and loses rating points (``engine.rating``), said where the learner meets
them: the first hand's summary and the History screen.  English needs the word; in
Chinese it is 积分."""


def title_text(points: int) -> str:
    """The title ``points`` of 积分 hold, in the language shown."""
    return _(TITLE_NAMES[title_of(points).name])


def title_notice(peak: int, after: int) -> Notice | None:
    """The notice for a hand that took the 积分 to ``after``, into a title higher than
    any the learner had (its 积分 at most ``peak`` before)."""
    if title_index(after) <= title_index(peak):
        return None
    return Notice(NEW_TITLE, (("title", Notice(TITLE_NAMES[title_of(after).name])), ("points", str(after))))


def local_time(finished: str) -> str:
    """A stored UTC time in the user's time zone, to the minute."""
    try:
        moment = datetime.fromisoformat(finished.replace("Z", "+00:00"))
    except ValueError:
        return finished
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def now() -> str:
    """The time now, as a hand or lesson result keeps it (``TIME_FORMAT``)."""
    return datetime.now(timezone.utc).strftime(TIME_FORMAT)


@dataclass(frozen=True)
class HandRow:
    """A hand as the list shows it (no JSON read)."""

    id: int
    key: str
    finished: str
    deal_code: str
    learner: int
    attacking: bool
    attacker_points: int
    rating_before: int
    rating_change: int
    notes: int
    hints: int
    undos: int
    variant: str

    @property
    def rating_after(self) -> int:
        return self.rating_before + self.rating_change


def variant(rules: Rules) -> str:
    """The rule options that differ from the default, as ``name=value`` (``""``: the
    default rules)."""
    default = Rules().to_dict()
    return " ".join(f"{k}={v}" for k, v in sorted(rules.to_dict().items()) if default.get(k) != v)


def record_key(data: dict[str, Any]) -> str:
    """What makes a hand the same hand wherever it is imported: when it finished, its
    deal and every action."""
    import hashlib  # only to write or check a hand: the home screen reads the record without it

    text = json.dumps([data["finished"], data["deal_code"], data["learner"], data["actions"]], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class BadRecord(ValueError):
    """A hand's data is not one this version can use; the message says where."""


def _need(ok: bool, where: str) -> None:
    if not ok:
        raise BadRecord(where)


def check_record(data: Any) -> dict[str, Any]:
    """``data`` if it is a hand this version can list and replay, else ``BadRecord``
    naming the first key that is wrong (the deal code and actions are checked by
    replaying them: ``replay``)."""
    _need(isinstance(data, dict), "a hand is an object")
    _need(data.get("format") == FORMAT, f"format: {FORMAT}")
    for key, kind in (("key", str), ("finished", str), ("deal_code", str), ("rules", dict), ("learner", int),
                      ("dealer", int), ("actions", list), ("tricks", list), ("outcome", dict),
                      ("rating", dict), ("notes", list), ("hints", int), ("undos", int)):
        _need(isinstance(data.get(key), kind) and type(data.get(key)) is not bool, key)
    _need(data["learner"] in range(4) and data["dealer"] in range(4), "learner")
    _need(data["hints"] >= 0 and data["undos"] >= 0, "hints")
    try:
        datetime.strptime(data["finished"], TIME_FORMAT)
    except ValueError:
        raise BadRecord("finished") from None
    rating = data["rating"]
    for key in ("before", "change"):
        _need(type(rating.get(key)) is int, f"rating.{key}")
    _need(type(data["outcome"].get("attacker_points")) is int, "outcome.attacker_points")
    for note in data["notes"]:
        _need(isinstance(note, dict) and isinstance(note.get("text"), dict)
              and (note.get("trick") is None or type(note.get("trick")) is int), "notes")
    _need(record_key(data) == data["key"], "key")
    return data


def _row_values(data: dict[str, Any]) -> tuple[Any, ...]:
    attacking = data["learner"] % 2 != data["dealer"] % 2
    return (data["key"], data["finished"], data["deal_code"], data["learner"], int(attacking),
            data["outcome"]["attacker_points"], data["rating"]["before"], data["rating"]["change"],
            len(data["notes"]), data["hints"], data["undos"], variant(Rules.from_dict(data["rules"])),
            json.dumps(data, ensure_ascii=False, sort_keys=True))


# ------------------------------------------------------------------ the store


class HistoryStore:
    """The database (see the module docstring).  ``files`` is the data folder whose
    policy it follows and whose notices the app shows."""

    def __init__(self, files: "DataFolder") -> None:
        self.files = files
        files.fallbacks.setdefault(HISTORY_FILE, FALLBACK)  # the last sentence of a set-aside notice
        self.path = files.folder / HISTORY_FILE
        self.blocked = False
        """The file could not be opened nor set aside: nothing is written this session."""
        self.skipped = 0
        """Hands the last ``hands()`` left out because their columns are not valid."""
        self._db: sqlite3.Connection | None = None

    def _open(self, create: bool = True) -> sqlite3.Connection | None:
        """The connection, opened (and checked) on first use; without ``create``, ``None``
        while there is no file yet (reading an empty record writes nothing)."""
        if self._db is not None or self.blocked:
            return self._db
        if not create and not path_exists(self.path):
            return None
        try:
            self._db = self._connect()
            return self._db
        except (OSError, sqlite3.OperationalError) as exc:
            # the folder or the file cannot be opened, or another copy of the app holds
            # it: nothing says the file is damaged, so it is left as it is
            self.blocked = True
            self.files.notices.append(Notice(CANNOT_OPEN, (("detail", _detail(exc)),)))
            return None
        except sqlite3.DatabaseError as exc:
            problem = Notice(UNREADABLE, (("detail", _detail(exc)),))
        if self._set_aside(problem):
            try:
                self._db = self._connect()
                return self._db
            except sqlite3.Error:
                pass
        self.blocked = True
        return None

    def _connect(self) -> sqlite3.Connection:
        self.files.folder.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"written by a newer version ({version})")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(check)
            tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if tables and not {"hands", "lessons"} <= tables:
                raise sqlite3.DatabaseError("it does not hold a record of hands")
            db.executescript(_SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(hands)")}
            if not {"id", "data", *_COLUMNS} <= columns:
                raise sqlite3.DatabaseError("the table of hands lacks columns")
            if version != SCHEMA_VERSION:
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except BaseException:
            db.close()
            raise
        return db

    def _set_aside(self, problem: Notice) -> bool:
        """The file and its write-ahead log moved aside (one notice)."""
        stamp = time.strftime("%Y%m%dT%H%M%S")
        for suffix in ("-wal", "-shm"):
            companion = self.path.with_name(HISTORY_FILE + suffix)
            if path_exists(companion):
                try:
                    os.rename(companion, companion.with_name(f"{companion.name}.corrupt-{stamp}"))
                except OSError:
                    pass  # the main file's move below says whether it worked
        return self.files.set_aside(HISTORY_FILE, problem)

    @property
    def usable(self) -> bool:
        """The record can be read and written (else a notice said why)."""
        return self._open() is not None

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # ---------------------------------------------------------- writing

    def add(self, data: dict[str, Any]) -> bool:
        """Keep one finished hand (one transaction); False if it was there already or
        cannot be written (a notice says why)."""
        try:
            return self.add_many([data]) == 1
        except sqlite3.Error as exc:
            self.files.notices.append(Notice(CANNOT_KEEP, (("detail", _detail(exc)),)))
            return False

    def add_many(self, records: Iterable[dict[str, Any]], lessons: Iterable[tuple[str, str, int]] = ()) -> int:
        """Keep hands, and lesson results ``(finished, lesson, stars)``, in one
        transaction, leaving out those already kept (a hand with the same key, the
        same result); how many hands were new.  ``sqlite3.Error`` rolls it all back."""
        db = self._open()
        if db is None:
            return 0
        rows = [_row_values(data) for data in records]
        with _transaction(db):
            before = db.total_changes
            db.executemany(f"INSERT OR IGNORE INTO hands ({', '.join(_COLUMNS)}, data) "
                           f"VALUES ({', '.join('?' * (len(_COLUMNS) + 1))})", rows)
            added = db.total_changes - before
            known = set(db.execute("SELECT finished, lesson, stars FROM lessons"))
            db.executemany("INSERT INTO lessons (finished, lesson, stars) VALUES (?, ?, ?)",
                           [entry for entry in dict.fromkeys(lessons) if entry not in known])
            return added

    def add_lesson(self, lesson: str, stars: int, finished: str | None = None) -> None:
        """A lesson finished with ``stars`` (every result, for the stars over time)."""
        db = self._open()
        if db is None:
            return
        try:
            with _transaction(db):
                db.execute("INSERT INTO lessons (finished, lesson, stars) VALUES (?, ?, ?)",
                           (finished or now(), lesson, stars))
        except sqlite3.Error as exc:
            self.files.notices.append(Notice(CANNOT_KEEP, (("detail", _detail(exc)),)))

    # ---------------------------------------------------------- reading

    def rating(self) -> int:
        """The learner's 积分 now: the sum of every hand's change."""
        db = self._open(create=False)
        if db is None:
            return 0
        total = db.execute("SELECT COALESCE(SUM(rating_change), 0) FROM hands").fetchone()[0]
        return int(total) if isinstance(total, int) else 0

    def peak(self) -> int:
        """The highest 积分 the learner has had (0 before any hand)."""
        db = self._open(create=False)
        if db is None:
            return 0
        total = best = 0
        for (change,) in db.execute("SELECT rating_change FROM hands ORDER BY id"):
            total += change if type(change) is int else 0
            best = max(best, total)
        return best

    def hands(self) -> list[HandRow]:
        """Every kept hand, oldest first (by when it finished)."""
        db = self._open(create=False)
        if db is None:
            return []
        rows = []
        self.skipped = 0
        for values in db.execute(f"SELECT id, {', '.join(_COLUMNS)} FROM hands ORDER BY finished, id"):
            row = _row(values)
            if row is None:
                self.skipped += 1
            else:
                rows.append(row)
        return rows

    def hand(self, hand_id: int) -> dict[str, Any]:
        """The whole record of hand ``hand_id``; ``BadRecord`` if it cannot be used."""
        db = self._open(create=False)
        found = db.execute("SELECT data FROM hands WHERE id = ?", (hand_id,)).fetchone() if db else None
        if found is None:
            raise BadRecord(f"no hand {hand_id}")
        try:
            return check_record(json.loads(found[0]))
        except (ValueError, TypeError) as exc:
            raise BadRecord(str(exc)) from exc

    def records(self) -> Iterator[dict[str, Any]]:
        """Every kept hand's whole record, oldest first (the unusable ones left out)."""
        for row in self.hands():
            try:
                yield self.hand(row.id)
            except BadRecord:
                continue

    def lessons(self) -> list[tuple[str, str, int]]:
        """Every lesson result: (finished, lesson id, stars), oldest first."""
        db = self._open(create=False)
        if db is None:
            return []
        return [(f, lesson, s) for f, lesson, s in
                db.execute("SELECT finished, lesson, stars FROM lessons ORDER BY finished, id")
                if isinstance(f, str) and isinstance(lesson, str) and type(s) is int]


def _row(values: Sequence[Any]) -> HandRow | None:
    """A listed hand, or ``None`` when a column holds what this version never writes."""
    ints = values[4:6] + values[6:12]
    if not all(isinstance(v, str) for v in (values[1], values[2], values[3], values[12])) \
            or not all(type(v) is int for v in (values[0], *ints)):
        return None
    return HandRow(values[0], values[1], values[2], values[3], values[4], bool(values[5]), *values[6:12],
                   values[12])


def _detail(exc: Exception) -> str:
    """The first line of an error, short enough for a notice."""
    text = getattr(exc, "strerror", None) or str(exc)
    return text.splitlines()[0][:120] if text else type(exc).__name__


class _transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on an error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *_: object) -> None:
        self.db.execute("ROLLBACK" if kind is not None else "COMMIT")


