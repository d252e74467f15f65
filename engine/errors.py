"""The engine's typed errors.

Every error the engine raises for bad input is a ``ShengjiError``; each is also a
``ValueError``, so ``except ValueError`` (and ENGINE-API.md's "bad input raises
ValueError naming the token") keeps working.  Callers that want to tell bad cards from
a bad trick catch the subclass.

>>> from engine import parse_cards
>>> try:
...     parse_cards("S11")
... except InvalidCardsError as exc:
...     print(type(exc).__name__, exc)
InvalidCardsError unknown card 'S11'
"""

from __future__ import annotations


class ShengjiError(ValueError):
    """Base of every error the engine raises for input it refuses."""


class InvalidCardsError(ShengjiError):
    """Not cards, unknown card notation, or cards no deal can produce (more copies of a
    face than the decks hold, a hand larger than a seat can hold)."""


class InvalidTrickError(ShengjiError):
    """A lead, follow or trick of the wrong shape: empty, mixed suits where one suit is
    required, plays of different sizes, more plays than seats, a hand too small to
    follow the lead."""


class InvalidRulesError(ShengjiError):
    """An unknown rule option, a value it does not take, or a rule-set file that cannot
    be read as one."""


class InvalidArgumentError(ShengjiError):
    """Any other argument of the wrong type or out of range (a trump context that is not
    one, non-integer points, a seed out of range)."""


class InvalidSaveError(ShengjiError):
    """Saved game data that does not describe a game this engine can replay."""
