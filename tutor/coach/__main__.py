"""``python -m tutor.coach transcript --seed S [--hands N] [--policy coach|random|poor]
[--lang zh|en] [--advisor KIND] [--decks 1-4] [--json]``: practice hands with everything the coach
says (see ``tutor.coach.transcript``), printed as each decision is played.  Bad
arguments: a one-line error, exit 2; a closed or full output: one line, exit 1."""

from __future__ import annotations

import sys

from engine.cli import Parser, integer_in, run
from engine.game import SEED_LIMIT
from engine.players import PLAYERS

from .transcript import POLICIES, print_json, print_text, records

LANGS = {"zh": "zh_CN", "zh_CN": "zh_CN", "en": "en"}
MAX_HANDS = 1000
PROG = "python -m tutor.coach"


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog=PROG)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    transcript = commands.add_parser("transcript", help="play practice hands and print what the coach says")
    transcript.add_argument("--seed", type=integer_in(0, SEED_LIMIT - 1), required=True,
                            help=f"the first deal (0 to {SEED_LIMIT - 1})")
    transcript.add_argument("--hands", type=integer_in(1, MAX_HANDS), default=1,
                            help=f"hands of the match to play (1 to {MAX_HANDS})")
    transcript.add_argument("--policy", choices=POLICIES, default="coach",
                            help="how the learner's seat plays")
    transcript.add_argument("--lang", choices=sorted(LANGS), default="en")
    transcript.add_argument("--advisor", choices=sorted(PLAYERS), default="ai:hard",
                            help="the coach's advisor (default: the strongest AI)")
    transcript.add_argument("--decks", type=integer_in(1, 4), default=2,
                            help="the game: one to four decks (default: two)")
    transcript.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    found = records(args.seed, args.hands, args.policy, LANGS[args.lang], args.advisor, args.decks)
    if args.json:
        print_json(found)
    else:
        print_text(found)
    return 0


if __name__ == "__main__":
    sys.exit(run(main, PROG))
