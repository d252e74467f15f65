"""Rule options (``Rules``) and the card order of one hand (``TrumpContext``).

RULES.md §2 in code: which cards are trumps, every card's *effective suit* and its
*position* in that suit.  Positions are small integers, higher is stronger, and two
pairs are adjacent for a tractor exactly when their positions differ by one.  Cards
that are equal in strength (the off-suit level cards, the off-suit 2s with
``constant_twos``) share a position, which is why two off-suit level pairs are never
adjacent while each is adjacent to its neighbours in the trump chain.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Iterable

import yaml

from .cards import ALL_FACES, BIG, JOKER, LITTLE, RANKS, SUITS, Card, _short
from .errors import InvalidArgumentError, InvalidRulesError
from .readfile import TooLarge, read_limited

TRUMP = "T"
SEATS = 4
"""Four players in two fixed partnerships (RULES.md §1)."""
KITTY_SIZE = 8
"""The cards set aside in the deal, picked up and buried by the dealer (RULES.md §2)."""
"""The effective suit of every trump."""

JOKER_TRUMP, LEVEL_TRUMP, TWO_TRUMP, SUIT_TRUMP = "joker", "level", "constant_two", "trump_suit"
"""Why a card is a trump (``TrumpContext.trump_kind``)."""

_CHOICES: dict[str, tuple[Any, ...]] = {
    "decks": (1, 2, 3, 4),
    "constant_twos": (False, True),
    "throw_penalty": ("none", "per_card", "flat"),
    "kitty_multiplier": ("twice_cards", "by_pairs", "power"),
    "self_override": (False, True),
    "no_bid_first_hand": ("redeal", "flip_kitty"),
    "must_defend_a": (False, True),
}


@dataclass(frozen=True)
class Variant:
    """What the number of decks fixes (docs/VARIANTS.md; the issue's table of games).

    The level table is RULES.md §8's with the thresholds scaled: attackers with
    ``take_over`` points become the dealers, every further ``step`` points is one
    more level, and fewer than ``step`` points is two levels for the dealers.
    """

    decks: int
    hand_size: int
    kitty_size: int
    total_points: int
    take_over: int
    step: int
    take_over_levels: int
    """Levels the attackers gain at the take-over threshold itself (four decks: 1)."""
    max_declare: int
    """The most identical cards one declaration shows."""
    quad_is_tractor: bool
    """Four identical cards count as a tractor of two pairs, and wider tractors of
    the same card count beat narrower ones (seed 001's four-deck rules)."""

    @property
    def has_kitty(self) -> bool:
        return self.kitty_size > 0

    @property
    def hidden_calls(self) -> bool:
        """Four decks call trumps face down (暗叫) until the deal ends (seed 001)."""
        return not self.has_kitty


VARIANTS: dict[int, Variant] = {
    1: Variant(1, 12, 6, 100, 40, 20, 0, 1, False),
    2: Variant(2, 25, 8, 200, 80, 40, 0, 2, False),
    3: Variant(3, 39, 6, 300, 120, 60, 0, 3, False),
    4: Variant(4, 54, 0, 400, 160, 80, 1, 4, True),
}
"""The four games of seed 001 by their number of decks (4 players each)."""

_PRESETS: dict[int, dict[str, Any]] = {
    3: {"kitty_multiplier": "power"},
    4: {"constant_twos": True},
}
"""Options a number of decks sets unless the rule set gives them: three decks score
the kitty by ``power`` (seed 001), four decks make the 2s constant trumps."""


@dataclass(frozen=True, init=False)
class Rules:
    """Every rule option of RULES.md with its default; see ENGINE-API.md.

    >>> Rules(throw_penalty="flat").throw_penalty
    'flat'
    >>> Rules(trumps=3)
    Traceback (most recent call last):
    ...
    engine.errors.InvalidRulesError: unknown rule option 'trumps'; known: constant_twos, decks, kitty_multiplier, must_defend_a, no_bid_first_hand, self_override, throw_penalty
    """

    decks: int = 2
    constant_twos: bool = False
    throw_penalty: str = "none"
    kitty_multiplier: str = "twice_cards"
    self_override: bool = False
    no_bid_first_hand: str = "redeal"
    must_defend_a: bool = False

    def __init__(self, **options: Any) -> None:
        unknown = sorted(map(repr, set(options) - set(_CHOICES)))
        if unknown:
            known = ", ".join(sorted(_CHOICES))
            raise InvalidRulesError(f"unknown rule option {', '.join(unknown)}; known: {known}")
        decks = options.get("decks", 2)
        preset = _PRESETS.get(decks, {}) if type(decks) is int else {}
        for f in fields(self):
            object.__setattr__(self, f.name, options.get(f.name, preset.get(f.name, f.default)))
        for f in fields(self):
            value = getattr(self, f.name)
            allowed = _CHOICES[f.name]
            # bool is an int subclass: check the type too, so decks=True is refused
            if not any(value == a and type(value) is type(a) for a in allowed):
                choices = ", ".join(repr(a) for a in allowed)
                raise InvalidRulesError(f"rule option {f.name}={_short(value)} is not one of {choices}")

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "rules") -> "Rules":
        """Build from a mapping; unknown keys raise ``InvalidRulesError`` naming them."""
        if not isinstance(data, dict):
            raise InvalidRulesError(f"{source}: a rule set must be a mapping of option: value")
        bad = [key for key in data if not isinstance(key, str)]
        if bad:
            raise InvalidRulesError(f"{source}: option names are words, not {_short(bad[0])}; "
                                    f"known: {', '.join(sorted(_CHOICES))}")
        try:
            return cls(**data)
        except InvalidRulesError as exc:
            raise InvalidRulesError(f"{source}: {exc}") from None

    @classmethod
    def from_yaml(cls, path: str | Path) -> "Rules":
        """Load a rule-set file: UTF-8 (a BOM is fine), plain YAML data (no tags), one
        mapping of option: value with no key twice.  ``InvalidRulesError`` says what is
        wrong with the file, naming it."""
        path = Path(path)
        try:
            raw = read_limited(path, RULES_FILE_LIMIT)
        except TooLarge:
            raise InvalidRulesError(f"{path}: too large for a rule set ({RULES_FILE_LIMIT} bytes at most)") from None
        except OSError as exc:
            raise InvalidRulesError(f"{path}: cannot be read: {exc.strerror or exc}") from None
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InvalidRulesError(f"{path}: not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
        try:
            data = yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = f" line {mark.line + 1}:" if mark else ""
            raise InvalidRulesError(f"{path}:{line} not valid YAML: {exc.problem}") from None
        except RecursionError:
            raise InvalidRulesError(f"{path}: nested too deeply for a rule set") from None
        except yaml.YAMLError as exc:
            raise InvalidRulesError(f"{path}: not valid YAML: {_short(exc)}") from None
        return cls.from_dict(data if data is not None else {}, source=str(path))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def variant(self) -> Variant:
        """What ``decks`` fixes: hand and kitty sizes, points, the level table."""
        return VARIANTS[self.decks]


RULES_FILE_LIMIT = 64 * 1024
"""A rule-set file is a handful of lines; anything larger is refused unread."""


class _StrictLoader(yaml.SafeLoader):
    """Safe YAML that refuses a key given twice (the second would silently win)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:  # a list or mapping as a key: from_dict names it
                continue
            if duplicate:
                raise yaml.constructor.ConstructorError(
                    None, None, f"option {key!r} is given twice", key_node.start_mark)
        return super().construct_mapping(node, deep=deep)


class TrumpContext:
    """The card order of one hand: level rank, trump suit (``None`` = no-trump), rules.

    >>> ctx = TrumpContext(level="10", trump="H")
    >>> ctx.suit_of(Card("S10")), ctx.suit_of(Card("SA")), ctx.is_trump(Card("H2"))
    ('T', 'S', True)
    """

    __slots__ = ("level", "trump", "rules", "suit_table", "pos_table", "top_pos", "memo")

    def __init__(self, level: str = "2", trump: str | None = None, rules: Rules | None = None):
        if type(level) is int:
            level = str(level)
        if not isinstance(level, str) or level.strip().upper() not in (*RANKS, "T"):
            raise InvalidArgumentError(f"level is one of {' '.join(RANKS)}, not {_short(level)}")
        level = level.strip().upper()
        level = "10" if level == "T" else level
        if trump is not None:
            suit = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(trump, trump) if isinstance(trump, str) else ""
            if suit.strip().upper() not in SUITS:
                raise InvalidArgumentError(f"trump is one of S H D C (or None), not {_short(trump)}")
            trump = suit.strip().upper()
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidArgumentError(f"rules must be a Rules, not {_short(rules)}")
        self.level = level
        self.trump = trump
        self.rules = rules if rules is not None else Rules()
        self.suit_table: list[str] = [""] * len(ALL_FACES)
        self.pos_table: list[int] = [0] * len(ALL_FACES)
        self._build()
        self.top_pos = max(self.pos_table)
        self.memo: dict = {}
        """Scratch space for derived facts the engine caches per context (lead shapes)."""

    def _build(self) -> None:
        twos = self.rules.constant_twos and self.level != "2"
        plain = [r for r in RANKS if r != self.level and not (twos and r == "2")]
        for suit in SUITS:
            for pos, rank in enumerate(plain):
                self._set(Card.of(suit, rank), suit, pos)
        # the trump chain, low to high
        chain: list[list[Card]] = []
        if self.trump is not None:
            chain.extend([Card.of(self.trump, rank)] for rank in plain)
        if twos:
            chain.append([Card.of(s, "2") for s in SUITS if s != self.trump])
            if self.trump is not None:
                chain.append([Card.of(self.trump, "2")])
        chain.append([Card.of(s, self.level) for s in SUITS if s != self.trump])
        if self.trump is not None:
            chain.append([Card.of(self.trump, self.level)])
        chain.append([Card.of(JOKER, LITTLE)])
        chain.append([Card.of(JOKER, BIG)])
        for pos, cards in enumerate(chain):
            for card in cards:
                self._set(card, TRUMP, pos)

    def _set(self, card: Card, suit: str, pos: int) -> None:
        self.suit_table[card.index] = suit
        self.pos_table[card.index] = pos

    def __repr__(self) -> str:
        return f"TrumpContext(level={self.level!r}, trump={self.trump!r}, rules={self.rules!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, TrumpContext)
            and (self.level, self.trump, self.rules) == (other.level, other.trump, other.rules)
        )

    def __hash__(self) -> int:
        return hash((self.level, self.trump, self.rules))

    def is_trump(self, card: Card) -> bool:
        return self.suit_table[card.index] == TRUMP

    def trump_kind(self, card: Card) -> str | None:
        """Why ``card`` is a trump (RULES.md §2), or ``None`` for a side card:
        ``"joker"``, ``"level"`` (a level card), ``"constant_two"`` (a 2 under the
        ``constant_twos`` option), ``"trump_suit"``.

        >>> ctx = TrumpContext("10", "H", Rules(constant_twos=True))
        >>> [ctx.trump_kind(Card(t)) for t in ("LJ", "S10", "H10", "S2", "H5", "S5")]
        ['joker', 'level', 'level', 'constant_two', 'trump_suit', None]
        """
        if self.suit_table[card.index] != TRUMP:
            return None
        if card.suit == JOKER:
            return JOKER_TRUMP
        if card.rank == self.level:
            return LEVEL_TRUMP
        if card.suit != self.trump:
            return TWO_TRUMP
        return SUIT_TRUMP

    def suit_of(self, card: Card) -> str:
        """The effective suit: ``"T"`` for every trump, else the printed suit."""
        return self.suit_table[card.index]

    def position(self, card: Card) -> int:
        """Strength within the effective suit (higher is stronger; equal cards tie)."""
        return self.pos_table[card.index]

    def beats(self, card: Card, other: Card) -> bool:
        """``card`` is strictly stronger than ``other`` when played after it as singles
        in a trick led in ``other``'s suit (a trump beats any side card)."""
        s1, s2 = self.suit_table[card.index], self.suit_table[other.index]
        if s1 == s2:
            return self.pos_table[card.index] > self.pos_table[other.index]
        return s1 == TRUMP

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Display order of a hand: trumps first (high to low), then ♠ ♥ ♦ ♣, each high to low."""
        suit = self.suit_table[card.index]
        group = 0 if suit == TRUMP else 1 + SUITS.index(suit)
        printed = SUITS.index(card.suit) if card.suit != JOKER else -1
        if self.trump is not None and card.suit == self.trump:
            printed = -1
        return (group, -self.pos_table[card.index], printed)

    def sorted(self, cards: Iterable[Card]) -> list[Card]:
        return sorted(cards, key=self.sort_key)
