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
import os
import signal
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


class Terminated(SystemExit):
    """SIGTERM or SIGHUP arrived: the status is 128 + the signal's number."""


def _terminated(signum: int, _frame: object) -> NoReturn:
    raise Terminated(128 + signum)


def stop_on_signals() -> None:
    """SIGTERM (and SIGHUP where there is one) end the program through ``SystemExit``,
    so ``finally`` blocks run; SIGINT raises ``KeyboardInterrupt`` as Python's default.
    Called again after a library (SDL) installs handlers of its own that would only
    queue the signal as an event nobody reads while a command renders headless."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _terminated)


def run(main: Callable[[], int], prog: str) -> int:
    """``main()``'s exit status, with the ways a command can be stopped from outside
    ended in one line on stderr and a non-zero status instead of a traceback: the reader
    of the output left (``| head``), the output cannot be written (``> /dev/full``), or
    Ctrl-C (130) / SIGTERM (143)."""
    stop_on_signals()
    try:
        status = main()
        sys.stdout.flush()  # a full disk shows here, not at exit
        return status
    except BrokenPipeError:
        _quiet_stdout()
        print(f"{prog}: the output was closed before the end", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except Terminated as exc:
        print(f"{prog}: stopped by a signal", file=sys.stderr)
        return int(exc.code or 1)
    except OSError as exc:
        if exc.filename is not None:
            raise  # not the output: a real error of the program
        _quiet_stdout()
        print(f"{prog}: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 1


def _quiet_stdout() -> None:
    """Point stdout at the null device so Python's final flush of what is still
    buffered fails no more (it would print "Exception ignored ...")."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
