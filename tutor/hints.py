"""Sentences for the learner, made from engine verdicts and lesson judgements.

The engine says *what* (a reason code and the cards involved); this module says it in
words, in the current language, at the moment it is shown.  Everything here is a
function of (reason, cards, context) returning strings, with no pygame and no state,
so the lesson player, the practice table's hint line and the tests share one source.

Naming cards: ``card_name`` gives ``♠Q``, ``♥10`` and the jokers by name (大王 / Big
joker); ``cards_text`` joins several.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

from engine import Card, TrumpContext, lead_shape
from engine.cards import SUIT_SYMBOLS

from tutor.i18n import N_, _, ngettext

SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"),
              "T": N_("trumps")}
SEAT_NAMES = (N_("you"), N_("the opponent on your right"), N_("your partner"),
              N_("the opponent on your left"))
PRAISE = (N_("Well done!"), N_("Right!"), N_("Exactly."), N_("Good eye!"))


# --------------------------------------------------------------------------- naming


def card_name(card: Card) -> str:
    """``♠Q``, ``♥10``; jokers by name (大王 / Big joker)."""
    if card.is_joker:
        return _("Big joker") if str(card) == "BJ" else _("Little joker")
    return SUIT_SYMBOLS[card.suit] + card.rank


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card_name(card) for card in cards)


def suit_name(suit: str) -> str:
    """The name of an effective suit: ``"S"`` spades … ``"T"`` trumps."""
    return _(SUIT_NAMES[suit])


def seat_name(seat: int) -> str:
    return _(SEAT_NAMES[seat % 4])


def praise(n: int = 0) -> str:
    """A short word of praise; ``n`` varies it from one step to the next."""
    return _(PRAISE[n % len(PRAISE)])


# --------------------------------------------------------------------------- card facts


TRUMP_FACTS = {
    "joker": N_("{card} is a trump: both jokers always are."),
    "level": N_("{card} is a trump: every {level} is a level card this hand."),
    "constant_two": N_("{card} is a trump: with the option “constant twos” every 2 is."),
    "trump_suit": N_("{card} is a trump: it belongs to the trump suit, {suit}."),
    None: N_("{card} is not a trump: it is a plain card of {suit}."),
}
"""Why a card is or is not a trump, by the engine's ``TrumpContext.trump_kind``."""


def trump_fact(card: Card, ctx: TrumpContext) -> str:
    """Why ``card`` is or is not a trump in this hand (the engine says which rule)."""
    kind = ctx.trump_kind(card)
    suit = suit_name(card.suit) if not card.is_joker else ""
    return _(TRUMP_FACTS[kind]).format(card=card_name(card), level=ctx.level, suit=suit)


def point_fact(card: Card) -> str:
    name = card_name(card)
    if card.points:
        return _("{card} is worth {n} points.").format(card=name, n=card.points)
    return _("{card} is worth nothing: only 5s, 10s and kings carry points.").format(card=name)


def _distinct(cards: Sequence[Card]) -> list[Card]:
    return list(Counter(cards))


# --------------------------------------------------------------------------- reasons

_REASONS = {
    # engine reason codes (ENGINE-API.md)
    "not_in_hand": N_("You do not hold {cards}."),
    "mixed_suits": N_("Several cards led together must all be of one suit; all trumps count as one suit."),
    "must_follow_suit": N_("You still hold {cards} of the suit that was led ({suit}): "
                           "you must follow suit before playing anything else."),
    "must_play_pair": N_("You hold the pair {cards}: a pair was led, so you must play a pair."),
    "must_play_pairs": N_("You hold the pairs {cards}: the lead has pairs, so you must play "
                          "as many pairs as you can."),
    "must_play_tractor": N_("You hold the tractor {cards}: a tractor was led, so you must play a tractor."),
    "throw_beaten": N_("Another player can beat {cards}, so this throw fails."),
    # lesson judgements: wrong answers
    "missed_trumps": N_("You missed {cards}."),
    "not_trumps": N_("{cards}: not a trump."),
    "missed_points": N_("You missed {cards}."),
    "no_points": N_("{cards}: no points there."),
    "missed_tractors": N_("You missed {cards}: those pairs are neighbours, so they make a tractor."),
    "not_tractors": N_("Not part of any tractor: {cards}."),
    "missed_pairs": N_("You missed {cards}: identical cards make a pair."),
    "not_pairs": N_("Not part of any pair: {cards}. A pair is two identical cards."),
    "beaten": N_("That is legal, but it does not win the trick. {cards} would."),
    "shape_mismatch": N_("That cannot win: only cards of the lead's shape (all of the led suit "
                         "or all trumps, with as many pairs) can win a trick. {cards} would."),
    "more_points": N_("Legal, but your side takes this trick: {cards} would add more points."),
    "fewer_points": N_("Legal, but the opponents take this trick: {cards} would give away fewer points."),
    "buried_points": N_("Points in the kitty: {cards}. If the attackers win the last trick, "
                        "they count several times over."),
    "buried_trumps": N_("Trumps in the kitty: {cards}. Keep them in your hand, they win tricks."),
    "not_a_throw": N_("A throw is several parts (singles, pairs, tractors) of one suit led together."),
    "not_a_declaration": N_("{cards} cannot be shown: only level cards (the {level}s this hand) "
                            "or a pair of identical jokers can."),
    "own_declaration": N_("You cannot override your own declaration; you may only add the "
                          "identical second card."),
    "too_weak": N_("{cards} is not strong enough: a pair overrides a single, "
                   "a joker pair overrides a pair, big jokers override little jokers."),
    "could_declare": N_("You could show {cards} here."),
    # lesson judgements: why a right answer is right
    "all_trumps": N_("Those are all the trumps in the hand."),
    "all_points": N_("Those are all the cards worth points: every 5, 10 and king."),
    "all_tractors": N_("Those are the tractors: pairs next to each other in this hand's order."),
    "all_pairs": N_("Those are the pairs: two identical cards each."),
    "legal": N_("That is a legal follow."),
    "wins": N_("That wins the trick."),
    "most_points": N_("Your side takes this trick, so the points you add stay with your team."),
    "fewest_points": N_("The opponents take this trick, so you gave away as little as you could."),
    "safe_bury": N_("No points and no trumps in the kitty: safe."),
    "throw_stands": N_("Nobody can beat any part of it, so the throw stands."),
    "nothing_to_declare": N_("Nothing in your hand can override what is shown, so you pass."),
    "declares_suit": N_("{cards} is shown: its suit becomes the trump suit, unless someone overrides."),
    "overrides": N_("{cards} overrides: it is stronger than what was shown."),
    "reinforces": N_("{cards}: your single is now a pair, and a pair can only be overridden by jokers."),
    "declares_no_trump": N_("{cards}: a joker pair makes the hand no-trump."),
}


def reason_text(reason: str, cards: Sequence[Card] = (), ctx: TrumpContext | None = None,
                suit: str | None = None) -> str:
    """The sentence for one reason code; ``suit`` names the led suit where it matters."""
    if reason == "wrong_count":
        n = len(cards)
        return ngettext("The lead has {n} card, so play exactly {n}.",
                        "The lead has {n} cards, so play exactly {n}.", n).format(n=n)
    if reason == "must_play_pair" and len(cards) > 2:
        reason = "must_play_pairs"
    if reason == "must_play_pairs" and len(cards) <= 2:
        return _("You hold the pair {cards}: the lead has pairs, so you must play it.").format(
            cards=cards_text(cards))
    template = _REASONS.get(reason)
    if template is None:
        return ""
    if suit is None and cards and ctx is not None:
        suit = ctx.suit_of(cards[0])
    return _(template).format(
        cards=cards_text(cards),
        suit=suit_name(suit) if suit else "",
        level=ctx.level if ctx is not None else "",
    )


def wrong_number(count: int) -> str:
    return ngettext("Bury exactly {n} card.", "Bury exactly {n} cards.", count).format(n=count)


def explain(reason: str | None, cards: Sequence[Card], ctx: TrumpContext | None,
            count: int | None = None) -> list[str]:
    """Every sentence for a judgement: the reason, then the facts about each card it
    names (why this card is a trump, what that card is worth)."""
    if reason is None or reason in ("right_option", "wrong_option"):
        return []
    if reason == "wrong_number" and count is not None:
        return [wrong_number(count)]
    lines = [reason_text(reason, cards, ctx)]
    if ctx is not None and reason in ("missed_trumps", "not_trumps"):
        lines.extend(trump_fact(card, ctx) for card in _distinct(cards))
    if reason in ("missed_points", "no_points"):
        lines.extend(point_fact(card) for card in _distinct(cards))
    return [line for line in lines if line]


def follow_hint(verdict: Any, lead: Sequence[Card], ctx: TrumpContext) -> str:
    """The sentence for an illegal follow: ``verdict`` is ``check_follow``'s answer.

    The pair rule is worded by what was led: "a pair was led" only for a single pair;
    a tractor or a throw with pairs asks for as many pairs as the follow ladder says."""
    if verdict.legal:
        return ""
    if verdict.reason == "wrong_count":
        return reason_text(verdict.reason, lead, ctx)
    reason = verdict.reason
    if reason == "must_play_pair" and lead_shape(list(lead), ctx).pairs > 1:
        reason = "must_play_pairs"
    return reason_text(reason, verdict.cards or (), ctx, suit=ctx.suit_of(lead[0]))
