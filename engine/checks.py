"""Argument checks at the engine's public boundary.

The functions of ``engine.play``, ``engine.combos`` and ``engine.scoring`` trust their
arguments: the game, the AI players and the engine's own helpers call them millions
of times with cards they dealt themselves.  ``engine/__init__.py`` publishes each of
them wrapped by ``guard`` with one of the argument checks below, so a caller from
outside (the app, a lesson, a test, a script) gets a typed error
(``engine.errors``) instead of a wrong answer or an ``AttributeError``, and the hot
path inside the engine pays nothing.

What is refused: something that is not a list of ``Card`` where cards are expected
(a string such as ``"S3 S5"`` included: it would be judged character by character),
a hand, lead or play holding more copies of a face than the rule set's decks hold, an
empty lead, a trick of more plays than seats or of plays of different sizes, a
follower holding fewer cards than the lead (no deal leads to that), points that are
not an integer.

Copies are counted in each card list on its own where the lists may come from
different deals (a hand and a lead to follow, an exercise's hands judged one by one),
and across the lists where they are one deal by definition: a lead with the other
three hands (``check_lead``) and the plays of one trick (``trick_winner``).
``check_dealable`` counts across a whole position, for callers that build positions
by hand and want only what a deal can produce (the lesson checker).
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterable, Sequence, TypeVar

from .cards import ALL_FACES, RANKS, Card, _card_list, _short
from .errors import InvalidArgumentError, InvalidCardsError, InvalidTrickError
from .play import LeadShape
from .rules import SEATS, TRUMP, Rules, TrumpContext
from .scoring import HandResult

F = TypeVar("F", bound=Callable[..., Any])

_SUITS = frozenset((TRUMP, "S", "H", "D", "C"))


def guard(fn: F, check: Callable[..., tuple]) -> F:
    """``fn`` that first passes its arguments through ``check`` (same signature;
    returns the arguments to call ``fn`` with, or raises a ``ShengjiError``)."""

    @functools.wraps(fn)
    def checked(*args: Any, **kwargs: Any) -> Any:
        return fn(*check(*args, **kwargs))

    return checked  # type: ignore[return-value]


# ---------------------------------------------------------------- building blocks


def _ctx(ctx: object) -> TrumpContext:
    if not isinstance(ctx, TrumpContext):
        raise InvalidArgumentError(f"ctx must be a TrumpContext, not {_short(ctx)}")
    return ctx


def _lead(lead: object, what: str = "the lead") -> list[Card]:
    cards = _card_list(lead, what)
    if not cards:
        raise InvalidTrickError(f"{what} is empty")
    return cards


def _copies(decks: int, *groups: Sequence[Card]) -> None:
    """No face more often in any one of ``groups`` than ``decks`` decks hold it."""
    for group in groups:
        if len(group) > decks:
            _count(decks, group)


def _count(decks: int, cards: Iterable[Card]) -> None:
    """No face more often in ``cards`` (together) than ``decks`` decks hold it."""
    seen = [0] * len(ALL_FACES)
    for card in cards:
        seen[card.index] += 1
    if max(seen) > decks:
        face = ALL_FACES[max(range(len(seen)), key=seen.__getitem__)]
        raise InvalidCardsError(
            f"{face} appears {seen[face.index]} times, but {decks} decks hold only {decks} copies")


def _can_follow(hand: Sequence[Card], lead: Sequence[Card]) -> None:
    if len(hand) < len(lead):
        raise InvalidTrickError(
            f"a follower holds at least as many cards as the lead ({len(lead)}), not {len(hand)}")


# ---------------------------------------------------------------- one check per public function
# Each takes the function's own arguments and returns them, checked (lists of cards).


def lead_args(lead: Any, other_hands: Any, ctx: Any) -> tuple:
    ctx = _ctx(ctx)
    lead = _lead(lead)
    if isinstance(other_hands, (str, bytes, dict)) or not hasattr(other_hands, "__iter__"):
        raise InvalidCardsError(f"other_hands must be a list of hands, not {_short(other_hands)}")
    others = [_card_list(hand, "each of other_hands") for hand in other_hands]
    if len(others) > 3:
        raise InvalidTrickError(f"other_hands holds the other three players' hands at most, not {len(others)}")
    _count(ctx.rules.decks, [card for cards in (lead, *others) for card in cards])
    return lead, others, ctx


def follow_args(hand: Any, lead: Any, play: Any, ctx: Any) -> tuple:
    ctx = _ctx(ctx)
    hand, lead = _card_list(hand, "hand"), _lead(lead)
    play = _card_list(play, "play")
    _copies(ctx.rules.decks, hand, lead, play)
    _can_follow(hand, lead)
    return hand, lead, play, ctx


def selectable_args(hand: Any, lead: Any, selected: Any, ctx: Any) -> tuple:
    ctx = _ctx(ctx)
    hand, selected = _card_list(hand, "hand"), _card_list(selected, "selected")
    lead = None if lead is None else _card_list(lead, "lead")
    _copies(ctx.rules.decks, hand, lead or (), selected)
    if lead:
        _can_follow(hand, lead)
    return hand, lead, selected, ctx


def why_not_args(hand: Any, lead: Any, selected: Any, card: Any, ctx: Any) -> tuple:
    hand, lead, selected, ctx = selectable_args(hand, lead, selected, ctx)
    if type(card) is not Card:
        raise InvalidCardsError(f"card must be a Card, not {_short(card)}")
    return hand, lead, selected, card, ctx


def legal_follow_args(hand: Any, lead: Any, ctx: Any) -> tuple:
    ctx = _ctx(ctx)
    hand, lead = _card_list(hand, "hand"), _lead(lead)
    _copies(ctx.rules.decks, hand, lead)
    _can_follow(hand, lead)
    return hand, lead, ctx


def trick_args(plays: Any, ctx: Any) -> tuple:
    ctx = _ctx(ctx)
    if isinstance(plays, (str, bytes, dict)) or not hasattr(plays, "__iter__"):
        raise InvalidTrickError(f"plays must be a list of plays (lists of cards), not {_short(plays)}")
    plays = [_card_list(play, "each play") for play in plays]
    if not 1 <= len(plays) <= SEATS:
        raise InvalidTrickError(f"a trick has 1 to {SEATS} plays, not {len(plays)}")
    size = len(_lead(plays[0]))
    if any(len(play) != size for play in plays):
        raise InvalidTrickError(f"every play of a trick has the lead's {size} card(s): "
                                f"{', '.join(str(len(p)) for p in plays)}")
    _count(ctx.rules.decks, [card for play in plays for card in play])
    return plays, ctx


def cards_args(cards: Any, ctx: Any) -> tuple:
    """``decompose``: any cards (mixed suits are refused by the function itself)."""
    ctx = _ctx(ctx)
    cards = _card_list(cards, "cards")
    _copies(ctx.rules.decks, cards)
    return cards, ctx


def lead_only_args(lead: Any, ctx: Any) -> tuple:
    """``lead_shape``, ``kitty_multiplier``: one non-empty lead."""
    ctx = _ctx(ctx)
    lead = _lead(lead)
    _copies(ctx.rules.decks, lead)
    return lead, ctx


def matches_args(shape: Any, play: Any, ctx: Any) -> tuple:
    ctx = _ctx(ctx)
    if not (isinstance(shape, LeadShape) and shape.suit in _SUITS and type(shape.size) is int
            and shape.size > 0 and type(shape.pairs) is int and shape.pairs >= 0
            and isinstance(shape.tractors, tuple) and all(type(n) is int and n >= 2 for n in shape.tractors)):
        raise InvalidArgumentError(f"shape must be a LeadShape from lead_shape, not {_short(shape)}")
    play = _card_list(play, "play")
    _copies(ctx.rules.decks, play)
    return shape, play, ctx


def classify_args(lead: Any, play: Any, ctx: Any) -> tuple:
    ctx = _ctx(ctx)
    lead, play = _lead(lead), _card_list(play, "play")
    _copies(ctx.rules.decks, lead, play)
    return lead, play, ctx


def points_args(attacker_points: Any, rules: Any = None) -> tuple:
    """``hand_result``: an integer (not a bool, not a float: nan and 1.0 are refused)."""
    if type(attacker_points) is not int:
        raise InvalidArgumentError(f"attacker_points must be an integer, not {_short(attacker_points)}")
    if rules is not None and not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules or None, not {_short(rules)}")
    return attacker_points, rules


# ---------------------------------------------------------------- positions built by hand


@functools.lru_cache(maxsize=None)
def hand_limit(decks: int) -> int:
    """The most cards one seat ever holds: its share of the deal plus the kitty."""
    variant = Rules(decks=decks).variant
    return variant.hand_size + variant.kitty_size


def check_dealable(hands: Iterable[Sequence[Card]], rules: Rules | None = None) -> None:
    """Refuse cards that no deal of ``rules``' decks can produce.

    ``hands`` are the cards of a position that must all come from one deal (the four
    hands, the cards already played, the kitty, in any grouping).  Raises
    ``InvalidCardsError`` when a face appears more often than the decks hold it, or a
    group holds more cards than a seat ever does (25 + the 8-card kitty with two decks);
    ``InvalidArgumentError`` when ``rules`` is not a ``Rules``.

    >>> from engine import parse_cards
    >>> check_dealable([parse_cards("BJ BJ"), parse_cards("BJ")])
    Traceback (most recent call last):
    ...
    engine.errors.InvalidCardsError: BJ appears 3 times, but 2 decks hold only 2 copies
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules, not {_short(rules)}")
    if isinstance(hands, (str, bytes, dict)) or not hasattr(hands, "__iter__"):
        raise InvalidCardsError(f"hands must be a list of card lists, not {_short(hands)}")
    groups = [_card_list(hand, "each hand") for hand in hands]
    limit = hand_limit(rules.decks)
    for group in groups:
        if len(group) > limit:
            raise InvalidCardsError(f"a hand of {len(group)} cards: a seat holds {limit} at most")
    _count(rules.decks, (card for group in groups for card in group))


def _int(value: Any, name: str) -> int:
    if type(value) is not int:
        raise InvalidArgumentError(f"{name} must be an integer, not {_short(value)}")
    return value


def _seat(seat: Any, name: str = "dealer") -> int:
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise InvalidArgumentError(f"{name} must be a seat 0-{SEATS - 1}, not {_short(seat)}")
    return seat


def _levels(levels: Any) -> list[str]:
    if isinstance(levels, (str, bytes, dict)) or not hasattr(levels, "__iter__"):
        raise InvalidArgumentError(f"levels must be the two teams' ranks, not {_short(levels)}")
    levels = list(levels)
    if len(levels) != 2 or any(level not in RANKS for level in levels):
        raise InvalidArgumentError(f"levels must be two ranks such as ['2', '5'], not {_short(levels)}")
    return levels


def level_row_args(attacker_points: Any, rules: Any = None) -> tuple:
    """``level_row``: an integer (and the rules, or ``None`` for the defaults)."""
    if rules is not None and not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules or None, not {_short(rules)}")
    return (_int(attacker_points, "attacker_points"), rules)


def level_change_args(levels: Any, dealer: Any, result: Any, rules: Any) -> tuple:
    if not isinstance(result, HandResult):
        raise InvalidArgumentError(f"result must be a HandResult from hand_result, not {_short(result)}")
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a Rules, not {_short(rules)}")
    return _levels(levels), _seat(dealer), result, rules


def outcome_args(trick_points: Any, kitty: Any, last_lead: Any, attackers_won_last: Any,
                 dealer: Any, levels: Any, ctx: Any, penalties: Any = 0, last_points: Any = 0) -> tuple:
    """``hand_outcome``: points as integers, the kitty and the last lead as cards."""
    ctx = _ctx(ctx)
    kitty, last_lead = _card_list(kitty, "kitty"), _lead(last_lead, "the last lead")
    _copies(ctx.rules.decks, kitty, last_lead)
    if type(attackers_won_last) is not bool:
        raise InvalidArgumentError(f"attackers_won_last must be True or False, not {_short(attackers_won_last)}")
    return (_int(trick_points, "trick_points"), kitty, last_lead, attackers_won_last,
            _seat(dealer), _levels(levels), ctx, _int(penalties, "penalties"),
            _int(last_points, "last_points"))
