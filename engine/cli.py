"""Command-line parsing that reports every mistake in one line.

``Parser`` is an ``argparse.ArgumentParser`` whose errors are a single line on stderr,
``PROG: error: argument --NAME: what is accepted, not 'VALUE'``, with exit status 2
and no usage block or traceback; the type functions below say what they accept.

>>> parser = Parser(prog="demo")
>>> _ = parser.add_argument("--hands", type=integer_in(1, 100))
>>> parser.parse_args(["--hands", "-5"])
Traceback (most recent call last):
...
SystemExit: 2
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, NoReturn, TypeVar

T = TypeVar("T")


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())  # one line, whatever the message holds
        print(f"{self.prog}: error: {text} (see --help)", file=sys.stderr)
        sys.exit(2)


def integer_in(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high`` (``None``: no top)."""
    accepted = f"a whole number from {low}" + (f" to {high}" if high is not None else " up")

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{accepted}, not {text!r}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{accepted}, not {text!r}")
        return value

    return parse


def checked(load: Callable[[str], T]) -> Callable[[str], T]:
    """An argument type from a loader that raises ``ValueError`` saying what is wrong
    (``Rules.from_yaml``, a deal code): the message becomes the argument's error."""

    def parse(text: str) -> T:
        try:
            return load(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = getattr(load, "__name__", "value")
    return parse
