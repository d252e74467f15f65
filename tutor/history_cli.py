"""``python -m tutor history``: export the record of hands, or import one exported elsewhere.

- ``history export --json FILE`` writes every hand's whole record (with its deal code)
  and every lesson result; ``--csv FILE`` one row per hand: the columns a spreadsheet
  wants, and the whole record as JSON in the last column, so the file imports too;
- ``history import FILE`` reads either kind.  Every hand is checked (its fields, then
  replayed from its deal code) before anything is written; hands already in the
  record are not doubled.  A file that is not an export, or any hand in it that does
  not check out, is one line on stderr naming it, exit status 2, and nothing changes.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from engine.cli import Parser

from .datafiles import DataFolder
from .history import replay
from .record import BadRecord, HistoryStore, check_record, variant
from .settings import data_dir

EXPORT_FORMAT = "shengji-history/1"
MAX_IMPORT_BYTES = 512 * 1024 * 1024
CSV_COLUMNS = ("finished", "deal_code", "seat", "role", "attacker_points", "rating_change", "rating_after",
               "notes", "hints", "undos", "variant", "record")


def make_parser(prog: str) -> Parser:
    parser = Parser(prog=f"{prog} history", description="Export or import the record of practice hands.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="{export,import}")
    export = commands.add_parser("export", help="write the whole record to a file")
    export.error = parser.error  # type: ignore[method-assign]  # one line, as the main parser
    kind = export.add_mutually_exclusive_group(required=True)
    kind.add_argument("--json", type=Path, metavar="FILE", help="every hand's whole record, as JSON")
    kind.add_argument("--csv", type=Path, metavar="FILE", help="one row per hand (the last column: its record)")
    imported = commands.add_parser("import", help="add the hands of an exported file")
    imported.error = parser.error  # type: ignore[method-assign]
    imported.add_argument("file", type=Path, metavar="FILE", help="a file written by history export")
    return parser


def open_store() -> HistoryStore:
    return HistoryStore(DataFolder(data_dir(), {}))


def export_json(history: HistoryStore) -> str:
    data = {"format": EXPORT_FORMAT, "hands": list(history.records()),
            "lessons": [list(entry) for entry in history.lessons()]}
    return json.dumps(data, ensure_ascii=False, indent=1)


def export_csv(history: HistoryStore) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for data in history.records():
        attacking = data["learner"] % 2 != data["dealer"] % 2
        rating = data["rating"]
        writer.writerow([data["finished"], data["deal_code"], data["learner"], "attacker" if attacking else "dealer",
                         data["outcome"]["attacker_points"], rating["change"], rating["before"] + rating["change"],
                         len(data["notes"]), data["hints"], data["undos"], _variant(data),
                         json.dumps(data, ensure_ascii=False, sort_keys=True)])
    return out.getvalue()


def _variant(data: dict[str, Any]) -> str:
    from engine import Rules

    return variant(Rules.from_dict(data["rules"]))


def read_export(raw: bytes) -> tuple[list[dict[str, Any]], list[tuple[str, str, int]]]:
    """The hands and lesson results of an exported file, each checked; ``ValueError``
    naming the first thing wrong."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("it is not UTF-8 text") from None
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise ValueError("it is not valid JSON") from None
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise ValueError(f"it is not a history export (format {EXPORT_FORMAT})")
        hands, lessons = data.get("hands"), data.get("lessons", [])
        if not isinstance(hands, list) or not isinstance(lessons, list):
            raise ValueError("hands and lessons must be lists")
    else:
        rows = list(csv.reader(io.StringIO(text)))
        if not rows or tuple(rows[0]) != CSV_COLUMNS:
            raise ValueError("it is neither a JSON nor a CSV history export")
        hands, lessons = [], []
        for n, row in enumerate(rows[1:], 2):
            if len(row) != len(CSV_COLUMNS):
                raise ValueError(f"line {n}: {len(CSV_COLUMNS)} columns, not {len(row)}")
            try:
                hands.append(json.loads(row[-1]))
            except (ValueError, RecursionError):
                raise ValueError(f"line {n}: the record column is not JSON") from None
    for n, hand in enumerate(hands):
        try:
            replay(check_record(hand))
        except BadRecord as exc:
            raise ValueError(f"hand {n + 1}: {exc}") from None
    checked = []
    for n, entry in enumerate(lessons):
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)
                and isinstance(entry[1], str) and type(entry[2]) is int and 0 <= entry[2] <= 3):
            raise ValueError(f"lesson result {n + 1}: [finished, lesson, stars 0-3]")
        checked.append((entry[0], entry[1], entry[2]))
    return hands, checked


def main(argv: list[str], prog: str) -> int:
    parser = make_parser(prog)
    args = parser.parse_args(argv)
    history = open_store()
    usable = history.usable
    for notice in history.files.notices:
        print(f"{parser.prog}: {notice.text()}", file=sys.stderr)
    if not usable:
        parser.error(f"the record {history.path} cannot be used")
    try:
        if args.command == "export":
            target: Path = args.json or args.csv
            text = export_json(history) if args.json else export_csv(history)
            try:
                target.write_text(text, encoding="utf-8")
            except OSError as exc:
                parser.error(f"cannot write {target}: {exc.strerror or exc}")
            print(f"{len(history.hands())} hands written to {target}")
            return 0
        try:
            size = args.file.stat().st_size
            if size > MAX_IMPORT_BYTES:
                parser.error(f"{args.file}: larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MB")
            raw = args.file.read_bytes()
        except OSError as exc:
            parser.error(f"cannot read {args.file}: {exc.strerror or exc}")
        try:
            hands, lessons = read_export(raw)
        except ValueError as exc:
            parser.error(f"{args.file}: {exc}")
        try:
            added = history.add_many(hands, lessons)
        except sqlite3.Error as exc:
            parser.error(f"cannot write the record: {exc}")
        print(f"{added} hands added, {len(hands) - added} already there")
        return 0
    finally:
        history.close()
