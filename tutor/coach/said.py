"""A coach sentence as data: its message, its values and the claims it states.

``Said`` keeps the msgid and the values, not the words, so a sentence already on
screen is worded anew when the language changes.  Values are plain numbers and text,
or references put into words at that moment: ``SeatRef`` (named from the learner's
chair), ``SuitRef``, ``CardsRef``, ``CardChoices``, ``Choices``, ``Percent``, or another ``Said`` (a sentence inside
a sentence).  A plural sentence names its form in ``PLURALS`` (each calls
``ngettext`` with literal strings, so the catalogs extract it).

``claims`` are the facts the sentence states (``engine.claims``): the coach shows a
sentence only when every one of them holds for the learner's view (``checked``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from engine import Card
from engine.claims import Claim, Position

from ..hints import CardsRef, cards_text
from ..i18n import _, format_list, format_sentence
from .naming import seat_name, suit_label


@dataclass(frozen=True)
class SeatRef:
    """A seat in a sentence; ``start``: it begins the sentence."""

    seat: int
    start: bool = False


@dataclass(frozen=True)
class SuitRef:
    suit: str


@dataclass(frozen=True)
class CardChoices:
    """Alternative sets of cards ("big joker big joker / ♥10"), each named when worded."""

    options: tuple[tuple[Card, ...], ...]


def _choice_text(cards: tuple[Card, ...]) -> str:
    """One set of ``CardChoices``: its cards named, or for two or more identical jokers
    their count ("3 × big joker": three decks declare with up to three)."""
    if len(cards) > 1 and cards[0].is_joker and all(card is cards[0] for card in cards):
        return _("{n} × {card}").format(n=len(cards), card=cards_text(cards[:1]))
    return cards_text(cards)


@dataclass(frozen=True)
class Choices:
    """Alternatives (msgids) said as one list ending in "or" (Babel's list patterns:
    "a single, a pair, or a throw" / "单张、对子或甩牌")."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class Percent:
    """A share shown as a whole percentage ("94%")."""

    share: float


PLURALS: dict[str, Callable[[int], str]] = {}
"""Plural sentences by key (``"@..."``): ``n -> template``.  Filled by the modules
that word them, through ``plural``."""


def plural(key: str, form: Callable[[int], str]) -> str:
    """Register the plural sentence ``key`` (``form`` calls ``ngettext``); return the key."""
    assert key.startswith("@"), "plural keys start with @"
    PLURALS[key] = form
    return key


@dataclass(frozen=True)
class Said:
    """One sentence: ``msgid`` (or a ``PLURALS`` key, counted by the value ``count``),
    its values, and the claims it states.  ``learner`` names the seats."""

    msgid: str
    learner: int = 0
    values: tuple[tuple[str, object], ...] = ()
    claims: tuple[Claim, ...] = field(default=(), compare=False)
    count: str = "n"

    @classmethod
    def of(cls, msgid: str, learner: int, *claims: Claim, **values: object) -> "Said":
        return cls(msgid, learner, tuple(values.items()), tuple(claims))

    def value(self, key: str) -> object:
        return dict(self.values)[key]

    def template(self) -> str:
        if self.msgid.startswith("@"):
            n = self.value(self.count)
            assert isinstance(n, int)
            return PLURALS[self.msgid](n)
        return _(self.msgid)

    def text(self, start: bool = True) -> str:
        """The sentence in the current language; a value that begins a sentence gets its
        capital (``start``: the text begins one, not so for a sentence inside another)."""
        words = {key: self._word(value) for key, value in self.values}
        return format_sentence(self.template(), words, start)

    def _word(self, value: object) -> object:
        if isinstance(value, SeatRef):
            return seat_name(value.seat, self.learner, value.start)
        if isinstance(value, SuitRef):
            return suit_label(value.suit)
        if isinstance(value, CardsRef):
            return cards_text(value.cards)
        if isinstance(value, CardChoices):
            return " / ".join(_choice_text(cards) for cards in value.options)
        if isinstance(value, Choices):
            return format_list([_(item) for item in value.items], style="or")
        if isinstance(value, Percent):
            return f"{round(100 * value.share)}%"
        if isinstance(value, Said):
            return value.text(start=False)
        return value

    def all_claims(self) -> tuple[Claim, ...]:
        """The claims of this sentence and of the sentences inside it."""
        inner = tuple(c for _k, v in self.values if isinstance(v, Said) for c in v.all_claims())
        return self.claims + inner

    def to_dict(self) -> dict[str, object]:
        """The sentence as the transcript shows it: its words and its claims."""
        return {"text": self.text(), "claims": [claim_dict(c) for c in self.all_claims()]}


def checked(said: Said, at: Position) -> bool:
    """Does every claim of ``said`` hold at ``at``?"""
    return all(claim.holds(at) for claim in said.all_claims())


def keep(sentences: Iterable[Said | None], at: Position) -> list[Said]:
    """The sentences whose claims all hold (``None`` entries dropped)."""
    return [s for s in sentences if s is not None and checked(s, at)]


def claim_dict(claim: Claim) -> dict[str, object]:
    """A claim as plain data: its type and its fields (cards in notation)."""
    out: dict[str, object] = {"claim": claim.name}
    for key, value in vars(claim).items():
        out[key] = _plain(value)
    return out


def _plain(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(v, Card) for v in value):
            return " ".join(map(str, value))
        return [_plain(v) for v in value]
    return value


def joined(sentences: Sequence[Said]) -> str:
    """Sentences as one paragraph, in the current language."""
    from .naming import then

    text = ""
    for said in sentences:
        text = then(text, said.text())
    return text
