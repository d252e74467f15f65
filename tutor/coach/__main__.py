"""``python -m tutor.coach transcript --seed S [--hands N] [--policy coach|random|poor]
[--lang zh|en] [--advisor KIND] [--json]``: practice hands with everything the coach
says (see ``tutor.coach.transcript``).  Bad arguments: a one-line error, exit 2."""

from __future__ import annotations

import argparse
import sys

from engine.players import PLAYERS

from .transcript import POLICIES, dump_json, print_text, transcript

LANGS = {"zh": "zh_CN", "zh_CN": "zh_CN", "en": "en"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2 (argparse prints usage too)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        sys.exit(2)


def _seed(text: str) -> int:
    value = int(text)
    if not 0 <= value < 2**32:
        raise ValueError(text)
    return value


def _hands(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 1000:
        raise ValueError(text)
    return value


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m tutor.coach")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    run = commands.add_parser("transcript", help="play practice hands and print what the coach says")
    run.add_argument("--seed", type=_seed, required=True, help="the first deal (0 to 2**32-1)")
    run.add_argument("--hands", type=_hands, default=1, help="hands of the match to play (1-1000)")
    run.add_argument("--policy", choices=POLICIES, default="coach",
                     help="how the learner's seat plays")
    run.add_argument("--lang", choices=sorted(LANGS), default="en")
    run.add_argument("--advisor", choices=sorted(PLAYERS), default="ai:hard",
                     help="the coach's advisor (default: the strongest AI)")
    run.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    records = transcript(args.seed, args.hands, args.policy, LANGS[args.lang], args.advisor)
    if args.json:
        print(dump_json(records))
    else:
        print_text(records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
