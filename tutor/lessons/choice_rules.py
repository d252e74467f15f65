"""Choice rules: which options of a ``choose`` step are right, computed by the engine.

A value rule computes one value (a seat, a number, ``yes``/``no``, a hand result, a
dealer, a trump suit) and the right option carries it; a cards test asks of each
option's cards (a tractor, the strongest card, the cards a failed throw must play).
Apart from the card rules because a choice is judged by its options, not by cards
picked from a hand.
"""

from __future__ import annotations

from typing import Callable

from engine import Card, TrumpContext, check_lead, decompose, deck, hand_outcome, hand_result, kitty_multiplier, \
    level_change, points, trick_winner
from engine.events import Redealt
from engine.game import KITTY_SIZE, SEATS as SEAT_COUNT, Game, declaration_error, team_of
from engine.view import Declaration as EngineDeclaration

from .hand_rules import tractor_ideas
from .ideas import moved_suit, shows_trumps, trick_needs
from .model import SEATS, answer_key
from .steps import CardTask, Choose


class ChoiceRule:
    """Computes which options of a ``choose`` step are right."""

    name = ""
    needs_fields: tuple[str, ...] = ()
    positional = True
    """False for a rule that does not depend on the level and trumps (seats, scores)."""
    needs_trump = True
    """False for a rule that needs the level only (the deal, before trumps are chosen)."""
    by_value = True
    """True: the rule computes a value and the right option has that ``value``;
    False: the rule tests each option's ``cards``."""

    def __init__(self, name: str, needs_fields: tuple[str, ...],
                 ideas: Callable[[Choose, TrumpContext | None], set[str]]) -> None:
        self.name, self.needs_fields, self._ideas = name, needs_fields, ideas

    def value(self, step: Choose, ctx: TrumpContext | None) -> str:
        raise NotImplementedError

    def test(self, cards: list[Card], step: Choose, ctx: TrumpContext | None) -> bool:
        raise NotImplementedError

    def correct(self, step: Choose, ctx: TrumpContext | None) -> set[int]:
        if self.by_value:
            value = self.value(step, ctx)
            return {i for i, o in enumerate(step.options) if o.value == value}
        return {i for i, o in enumerate(step.options) if self.test(list(o.cards), step, ctx)}

    def needs(self, step: Choose, ctx: TrumpContext | None) -> set[str]:
        return self._ideas(step, ctx)


class ValueRule(ChoiceRule):
    def __init__(self, name: str, needs_fields: tuple[str, ...],
                 compute: Callable[[Choose, TrumpContext | None], str],
                 ideas: Callable[[Choose, TrumpContext | None], set[str]], positional: bool = True,
                 needs_trump: bool = True) -> None:
        super().__init__(name, needs_fields, ideas)
        self._compute, self.positional, self.needs_trump = compute, positional, needs_trump

    def value(self, step: Choose, ctx: TrumpContext | None) -> str:
        return self._compute(step, ctx)


class CardsTest(ChoiceRule):
    by_value = False

    def __init__(self, name: str, needs_fields: tuple[str, ...],
                 test: Callable[[list[Card], Choose, TrumpContext | None], bool],
                 ideas: Callable[[Choose, TrumpContext | None], set[str]]) -> None:
        super().__init__(name, needs_fields, ideas)
        self._test = test

    def test(self, cards: list[Card], step: Choose, ctx: TrumpContext | None) -> bool:
        return self._test(cards, step, ctx)


def _ctx(ctx: TrumpContext | None) -> TrumpContext:
    assert ctx is not None, "this rule needs a position"
    return ctx


def _one_component(kind: str, width: int | None = None) -> Callable[[list[Card], Choose, TrumpContext | None], bool]:
    """The option's cards are one component of ``kind`` (of sets ``width`` wide, if given)."""
    def test(cards: list[Card], step: Choose, ctx: TrumpContext | None) -> bool:
        c = _ctx(ctx)
        if len({c.suit_of(card) for card in cards}) != 1:
            return False
        parts = decompose(cards, c)
        return len(parts) == 1 and parts[0].kind == kind and width in (None, parts[0].width)
    return test


def _component_ideas(kind: str) -> Callable[[Choose, TrumpContext | None], set[str]]:
    def ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
        needs = {"pair", kind}
        for option in step.options:
            if kind == "tractor" and option.cards:
                needs |= tractor_ideas(CardTask(line=0, hand=option.cards), _ctx(ctx)) - {"tractor"}
                if shows_trumps(option.cards, ctx):
                    needs.add("trump_tractor")
        return needs
    return ideas


def _strongest(cards: list[Card], step: Choose, ctx: TrumpContext | None) -> bool:
    """The option's single card beats every other option's card, led first or not."""
    c = _ctx(ctx)
    others = [o.cards[0] for o in step.options if list(o.cards) != cards and o.cards]
    return len(cards) == 1 and all(c.beats(cards[0], other) for other in others)


def _strongest_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    cards = [o.cards[0] for o in step.options if o.cards]
    needs = {"highest_wins"}
    if shows_trumps(cards, ctx):
        needs |= {"trumps", "trump_order"}
    if moved_suit(cards, _ctx(ctx)):
        needs.add("level_card_suit")
    return needs


def _trick_winner(step: Choose, ctx: TrumpContext | None) -> str:
    assert step.trick is not None
    plays = [list(p or ()) for p in step.trick.plays]
    return SEATS[step.trick.seat_of(trick_winner(plays, _ctx(ctx)))]


def _trick_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    assert step.trick is not None
    return {"trick"} | trick_needs([list(p or ()) for p in step.trick.plays], _ctx(ctx))


def _attackers_total(step: Choose, ctx: TrumpContext | None) -> str:
    """The engine's total for the hand: ``taken`` in tricks, plus the kitty (``cards``)
    multiplied when the attackers won the last trick, led with ``lead``."""
    won_last = step.datum("last_trick") == "attackers"
    outcome = hand_outcome(int(step.datum("taken") or 0), list(step.cards), list(step.lead), won_last, 0,
                           ["2", "2"], _ctx(ctx))
    return str(outcome.attacker_points)


def _hand_result(step: Choose, ctx: TrumpContext | None) -> str:
    result = hand_result(int(step.datum("points")), _ctx(ctx).rules)
    return f"{'attackers' if result.attackers_take_over else 'dealers'}+{result.levels}"


def _result_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    value = int(step.datum("points"))
    return {"dealers", "take_over"} if 80 <= value < 120 else {"dealers", "take_over", "level_table"}


def _next_dealer(step: Choose, ctx: TrumpContext | None) -> str:
    """The engine's next dealer (RULES.md §8) after ``points`` with ``dealer`` dealing."""
    dealer = SEATS.index(step.datum("dealer"))
    rules = _ctx(ctx).rules
    change = level_change(["2", "2"], dealer, hand_result(int(step.datum("points")), rules), rules)
    return SEATS[change.next_dealer]


def _attackers_points(step: Choose, ctx: TrumpContext | None) -> str:
    """Points in the ``tricks`` the attackers won; ``attackers: us`` means your team."""
    attackers = team_of(0) if step.datum("attackers") == "us" else team_of(1)
    total = 0
    for trick in step.tricks:
        plays = [list(p or ()) for p in trick.plays]
        if team_of(trick.seat_of(trick_winner(plays, _ctx(ctx)))) == attackers:
            total += points(c for p in plays for c in p)
    return str(total)


def _counting_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    needs = {"counting", "points", "dealers"}
    for trick in step.tricks:
        needs |= trick_needs([list(p or ()) for p in trick.plays], _ctx(ctx))
    return needs


def _first_dealer(step: Choose, ctx: TrumpContext | None) -> str:
    """The seat of the last declaration that was allowed when it was made."""
    current: EngineDeclaration | None = None
    c = _ctx(ctx)
    for seat, cards in step.declarations:
        hand = list(cards)
        if declaration_error(seat, hand, hand, c.level, current, c.rules) is None:
            current = EngineDeclaration(seat, cards)
    return SEATS[current.seat] if current is not None else "nobody"


def _seat_datum(step: Choose) -> int:
    return SEATS.index(step.datum("seat") or "you")


def _partner(step: Choose, ctx: TrumpContext | None) -> str:
    seat = _seat_datum(step)
    return SEATS[next(s for s in range(SEAT_COUNT) if s != seat and team_of(s) == team_of(seat))]


def _next_player(step: Choose, ctx: TrumpContext | None) -> str:
    return SEATS[(_seat_datum(step) + 1) % SEAT_COUNT]  # RULES.md §1: seat i's 下家 is i + 1


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _throw_forced(cards: list[Card], step: Choose, ctx: TrumpContext | None) -> bool:
    played = check_lead(list(step.lead), [list(h) for h in step.others], _ctx(ctx)).played
    return answer_key(cards) == answer_key(played)


def _penalty_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    return {"throw", "throw_fail"} | ({"throw_penalty"} if _ctx(ctx).rules.throw_penalty != "none" else set())


def _wins_match(step: Choose, ctx: TrumpContext | None) -> str:
    """Whether the hand ends the match: ``dealer``'s team deals at this step's level, the
    other team is at 2, and the attackers scored ``points`` (RULES.md §9)."""
    c = _ctx(ctx)
    dealer = SEATS.index(step.datum("dealer"))
    levels = ["2", "2"]
    levels[dealer % 2] = c.level  # a team's index in the levels is its seats modulo 2
    change = level_change(levels, dealer, hand_result(int(step.datum("points")), c.rules), c.rules)
    return _yes(change.wins_match)


def _wins_match_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    return {"match", "take_over", "level_table"} | ({"must_defend_a"} if _ctx(ctx).rules.must_defend_a else set())


def _no_bid(step: Choose, ctx: TrumpContext | None) -> str:
    """What the engine does when nobody declares in the first hand of a match and the
    kitty's top card is ``cards``: ``redeal``, or the trump suit that card sets
    (``NT`` for a joker)."""
    rules = _ctx(ctx).rules
    cards = deck(rules.decks)
    cards.remove(step.cards[0])
    cards.insert(len(cards) + 1 - KITTY_SIZE, step.cards[0])  # the kitty is dealt last
    game = Game(rules, stacked=cards)
    while game.undealt:
        game.deal()
    if any(isinstance(event, Redealt) for event in game.close_declaring()):
        return "redeal"
    return game.trump or "NT"


def _is_trump_ideas(step: Choose, ctx: TrumpContext | None) -> set[str]:
    needs = {"trumps"}
    if moved_suit(step.cards, _ctx(ctx)):
        needs.add("level_card_suit")
    return needs


def _fixed(*ideas: str) -> Callable[[Choose, TrumpContext | None], set[str]]:
    return lambda step, ctx: set(ideas)


CHOICE_RULES: dict[str, ChoiceRule] = {
    rule.name: rule
    for rule in (
        ValueRule("partner", (), _partner, _fixed("teams"), positional=False),
        ValueRule("next_player", (), _next_player, _fixed("turn"), positional=False),
        ValueRule("kitty_size", (), lambda s, c: str(_ctx(c).rules.variant.kitty_size), _fixed("deck"),
                  positional=False),
        ValueRule("trick_winner", ("trick",), _trick_winner, _trick_ideas),
        ValueRule("points", ("cards",), lambda s, c: str(points(s.cards)), _fixed("points"), positional=False),
        ValueRule("is_trump", ("cards",), lambda s, c: _yes(all(_ctx(c).is_trump(x) for x in s.cards)),
                  _is_trump_ideas),
        ValueRule("throw_stands", ("lead", "others"),
                  lambda s, c: _yes(check_lead(list(s.lead), [list(h) for h in s.others], _ctx(c)).ok),
                  _fixed("throw")),
        ValueRule("throw_penalty", ("lead", "others"),
                  lambda s, c: str(check_lead(list(s.lead), [list(h) for h in s.others], _ctx(c)).penalty),
                  _penalty_ideas),
        ValueRule("wins_match", ("dealer", "points"), _wins_match, _wins_match_ideas, needs_trump=False),
        ValueRule("no_bid", ("cards",), _no_bid, _fixed("declare", "first_dealer"), positional=False,
                  needs_trump=False),
        ValueRule("kitty_multiplier", ("lead",), lambda s, c: str(kitty_multiplier(list(s.lead), _ctx(c))),
                  _fixed("kitty", "kitty_multiplier")),
        ValueRule("attackers_total", ("taken", "last_trick"), _attackers_total,
                  _fixed("points", "kitty", "kitty_multiplier")),
        ValueRule("hand_result", ("points",), _hand_result, _result_ideas, positional=False),
        ValueRule("next_dealer", ("dealer", "points"), _next_dealer, _fixed("take_over", "next_dealer"),
                  positional=False),
        ValueRule("attackers_points", ("tricks", "attackers"), _attackers_points, _counting_ideas),
        ValueRule("first_dealer", ("declarations",), _first_dealer, _fixed("declare", "override", "first_dealer"),
                  needs_trump=False),
        CardsTest("tractor", (), _one_component("tractor"), _component_ideas("tractor")),
        CardsTest("pair", (), _one_component("pair"), _component_ideas("pair")),
        CardsTest("triple", (), _one_component("triple"), _fixed("triple")),
        CardsTest("quad", (), _one_component("quad"), _fixed("quad")),
        CardsTest("titanic", (), _one_component("tractor", 3), _fixed("triple", "titanic")),
        CardsTest("strongest", (), _strongest, _strongest_ideas),
        CardsTest("throw_forced", ("lead", "others"), _throw_forced, _fixed("throw", "throw_fail")),
    )
}
"""Value rules compare the computed value with each option's ``value``: a seat name,
a number, ``yes``/``no``, ``attackers+N``/``dealers+N``, ``nobody``, ``redeal`` or a
trump suit (``S H D C NT``)."""
