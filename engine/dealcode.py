"""Deal codes: a short text that recreates a deal, for people to share and type in.

A code carries the deal's seed and every rule option; a code for a later hand of a
match also carries the two teams' levels and the dealer (the first hand of a match
needs neither: both teams are at 2 and declaring picks the dealer).  A game of one,
three or four decks puts the number of decks in one more leading character, so every
two-deck code keeps its form.

It is written in Crockford's base 32 (digits and capitals without I, L, O, U) with
two check characters, grouped by dashes.  Reading is case-insensitive, ignores dashes
and spaces, and takes I and L for 1 and O for 0.  The check is a position-weighted sum
modulo the prime 1021, so any single mistyped character and any swap of two
neighbouring characters is refused with a ``ValueError``.

>>> from engine.rules import Rules
>>> code = encode(123456789, Rules(throw_penalty="flat"))
>>> code
'0G3NQ-K8NJ2'
>>> decode(code.lower().replace("-", " ")).rules.throw_penalty
'flat'
>>> decode("0G3NQ-K8NJ3")
Traceback (most recent call last):
...
ValueError: deal code '0G3NQ-K8NJ3' does not check out: a character is mistyped
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Sequence

from .cards import MAX_DECKS, RANKS
from .rules import Rules

_DEFAULT_DECKS = 2
"""The game whose codes carry no decks character."""

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
_CHECK_MODULUS = 1021
_CHECK_CHARS = 2

_OPTIONS: tuple[tuple[str, tuple[object, ...]], ...] = (
    ("constant_twos", (False, True)),
    ("throw_penalty", ("none", "per_card", "flat")),
    ("kitty_multiplier", ("twice_cards", "by_pairs", "power")),
    ("self_override", (False, True)),
    ("no_bid_first_hand", ("redeal", "flip_kitty")),
    ("must_defend_a", (False, True)),
)
"""Every rule option but ``decks`` (its own character), in bit order."""

SEED_BITS = 32
_RULE_BITS = sum((len(values) - 1).bit_length() for _, values in _OPTIONS)
_LEVEL_BITS, _DEALER_BITS = 4, 2
_SHORT = (SEED_BITS + _RULE_BITS + 4) // 5
_LONG = (SEED_BITS + _RULE_BITS + 2 * _LEVEL_BITS + _DEALER_BITS + 4) // 5


@dataclass(frozen=True)
class DealCode:
    seed: int
    rules: Rules
    levels: tuple[str, str] | None = None
    """Team A's and team B's levels; ``None`` for the first hand of a match."""
    dealer: int | None = None


def _rule_bits(rules: Rules) -> int:
    names = {f.name for f in fields(rules)} - {"decks"}
    if names != {name for name, _ in _OPTIONS}:
        raise ValueError("deal codes do not know every rule option")
    bits, shift = 0, 0
    for name, values in _OPTIONS:
        bits |= values.index(getattr(rules, name)) << shift
        shift += (len(values) - 1).bit_length()
    return bits


def _rules_from_bits(bits: int, decks: int) -> Rules:
    options: dict[str, object] = {"decks": decks}
    for name, values in _OPTIONS:
        width = (len(values) - 1).bit_length()
        index = bits & ((1 << width) - 1)
        bits >>= width
        if index >= len(values):
            raise ValueError(f"deal code names no value of rule option {name}")
        options[name] = values[index]
    return Rules(**options)


def _check(digits: Sequence[int]) -> int:
    return sum((i + 1) * d for i, d in enumerate(digits)) % _CHECK_MODULUS


def _digits(value: int, count: int) -> list[int]:
    return [(value >> (5 * (count - 1 - i))) & 31 for i in range(count)]


def encode(
    seed: int,
    rules: Rules,
    levels: Sequence[str] | None = None,
    dealer: int | None = None,
) -> str:
    """The code of a deal: a first hand (no levels, no dealer) or a later one (both)."""
    if not 0 <= seed < 1 << SEED_BITS:
        raise ValueError(f"seed {seed} does not fit a deal code")
    value = seed | _rule_bits(rules) << SEED_BITS
    if (levels is None) != (dealer is None):
        raise ValueError("a later hand's deal code needs both the levels and the dealer")
    count = _SHORT
    if levels is not None and dealer is not None:
        shift = SEED_BITS + _RULE_BITS
        for level in levels:
            value |= RANKS.index(level) << shift
            shift += _LEVEL_BITS
        value |= dealer << shift
        count = _LONG
    digits = _digits(value, count)
    if rules.decks != _DEFAULT_DECKS:
        digits = [rules.decks] + digits
    digits += _digits(_check(digits), _CHECK_CHARS)
    text = "".join(ALPHABET[d] for d in digits)
    group = 5 if len(text) % 5 == 0 else 4
    return "-".join(text[i : i + group] for i in range(0, len(text), group))


def decode(code: str) -> DealCode:
    """Read a code typed by a person; ``ValueError`` says what is wrong with it."""
    text = "".join(ch for ch in code.upper() if ch not in "- \t")
    bad = sorted({ch for ch in text if ch not in _VALUE})
    if bad:
        raise ValueError(f"deal code {code!r} has characters that are not allowed: {''.join(bad)}")
    sizes = [n + extra + _CHECK_CHARS for n in (_SHORT, _LONG) for extra in (0, 1)]
    if len(text) not in sizes:
        raise ValueError(
            f"deal code {code!r} has {len(text)} characters; "
            f"expected {_SHORT + _CHECK_CHARS} or {_LONG + _CHECK_CHARS} "
            f"({_SHORT + _CHECK_CHARS + 1} or {_LONG + _CHECK_CHARS + 1} for a game of one, three or four decks)"
        )
    digits = [_VALUE[ch] for ch in text]
    data, check = digits[:-_CHECK_CHARS], digits[-_CHECK_CHARS:]
    if _check(data) != check[0] * 32 + check[1]:
        raise ValueError(f"deal code {code!r} does not check out: a character is mistyped")
    decks = _DEFAULT_DECKS
    if len(data) in (_SHORT + 1, _LONG + 1):
        decks, data = data[0], data[1:]
        if decks == _DEFAULT_DECKS or not 1 <= decks <= MAX_DECKS:
            raise ValueError(f"deal code {code!r} names no game")
    value = 0
    for d in data:
        value = value << 5 | d
    seed = value & ((1 << SEED_BITS) - 1)
    value >>= SEED_BITS
    rules = _rules_from_bits(value & ((1 << _RULE_BITS) - 1), decks)
    value >>= _RULE_BITS
    if len(data) == _SHORT:
        if value:
            raise ValueError(f"deal code {code!r} is not a valid code")
        return DealCode(seed, rules)
    ranks = []
    for _ in range(2):
        index = value & ((1 << _LEVEL_BITS) - 1)
        value >>= _LEVEL_BITS
        if index >= len(RANKS):
            raise ValueError(f"deal code {code!r} names no level")
        ranks.append(RANKS[index])
    dealer = value & ((1 << _DEALER_BITS) - 1)
    if value >> _DEALER_BITS:
        raise ValueError(f"deal code {code!r} is not a valid code")
    return DealCode(seed, rules, (ranks[0], ranks[1]), dealer)
