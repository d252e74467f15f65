"""What the lesson player says about an answer, in the current language.

Answers are earned: the first wrong answer to a task gets a sentence that points at
the rule it breaks (never at the answer), the second shows the answer with the reason.
A right answer gets praise and the step's explanation.  Everything is made from a
``Judgement`` (a reason code and the cards it is about) when it is shown, so a
language switch retranslates it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from engine import Card, TrumpContext

from tutor.hints import CardsRef, card_name, cards_text, suit_name
from tutor.i18n import N_, _, format_list, format_sentence, language, ngettext, translate

from .answers import Judgement
from .model import Numbers, Phrase

HINTS = {
    "must_follow_suit": N_("You still hold {suit}, the suit that was led: while you have cards of the suit "
                           "led, you must play them."),
    "must_play_pair": N_("A pair was led and you hold a pair of {suit}: you must answer with a pair."),
    "must_play_pairs": N_("The lead has pairs and you hold pairs of {suit}: play as many pairs as the lead "
                          "has, as far as yours go."),
    "must_play_tractor": N_("A tractor was led and you hold a tractor of {suit}: you must play it."),
    "missed_trumps": N_("Some trumps are still in your hand. Trumps are both jokers, every level card and "
                        "every card of the trump suit."),
    "not_trumps": N_("{cards}: not a trump."),
    "missed_points": N_("Some cards worth points are still in your hand: every 5, 10 and king."),
    "no_points": N_("{cards}: no points. Only 5s, 10s and kings carry points."),
    "missed_pairs": N_("A pair is still in your hand: two identical cards, the same suit and the same rank."),
    "not_pairs": N_("{cards}: not part of a pair. A pair is two identical cards."),
    "missed_tractors": N_("A tractor is still in your hand: pairs of one suit next to each other in this "
                          "hand's order."),
    "not_tractors": N_("{cards}: not part of a tractor."),
    "weaker_play": N_("The rules allow that, but it is not the best play here. Think about what the other "
                      "players can still do."),
    "beaten": N_("That follows the rules, but it does not win: {cards} beats it."),
    "shape_mismatch": N_("That cannot win: only a play of the lead's shape can, all of the suit led or "
                         "all trumps, with as many pairs and tractors as the lead."),
    "cannot_win_single": N_("That cannot win: on this lead only a higher card of the suit led or, when you "
                            "have none of that suit, a trump can."),
    "more_points": N_("That follows the rules, but your side wins this trick: give it points."),
    "fewer_points": N_("That follows the rules, but the opponents win this trick: keep your points."),
    "buried_points": N_("Points in the kitty: {cards}. If the attackers win the last trick, they count "
                        "several times over."),
    "buried_trumps": N_("Trumps in the kitty: {cards}. Keep your trumps in your hand: they win tricks."),
    "not_a_throw": N_("A throw is several parts (singles, pairs, tractors) of one suit led together."),
    "mixed_suits": N_("Cards led together must all be of one suit; all trumps count as one suit."),
    "throw_beaten": N_("Another player holds something higher than {cards} in that suit, so this throw "
                       "would fail."),
    "not_a_declaration": N_("{cards} cannot be shown: only a level card, two identical level cards or two "
                            "identical jokers can."),
    "not_in_hand": N_("You do not hold {cards}."),
    "own_declaration": N_("You cannot override your own declaration; you may only add the identical "
                          "second card."),
    "too_weak": N_("{cards} is not strong enough: two identical level cards beat one, two identical jokers "
                   "beat a level pair, big jokers beat little jokers."),
    "could_declare": N_("You hold something the rules let you show now."),
    "plain_lead": N_("Lead one card, one pair or one tractor."),
    "lead_beaten": N_("Someone can take that trick: {cards} beats it."),
    "single_or_pair": N_("Lead one card or one pair."),
    "still_out": N_("A higher card of that suit is still out: count which ones have been played."),
    "option": N_("Not this one. Think of the rule this question is about, then try again."),
}
"""The first wrong answer: which rule it breaks (``{cards}`` are the learner's own
cards or another player's, never the answer)."""

CHOICE_HINTS = {
    "partner": N_("Partners sit opposite each other."),
    "next_player": N_("Play goes counter-clockwise: next is the player on the right of whoever just played."),
    "kitty_size": N_("Two decks are 108 cards, and the four players hold 25 each."),
    "trick_winner": N_("Only a play of the lead's shape can win: the highest of the suit led, unless trumps of "
                       "that shape are played; between equal plays the first wins."),
    "points": N_("A 5 is worth 5, a 10 or a king 10, any other card nothing."),
    "is_trump": N_("Trumps are both jokers, every level card and every card of the trump suit."),
    "throw_stands": N_("Take each part on its own: does anyone hold something of the same shape in that suit "
                       "that beats it?"),
    "kitty_multiplier": N_("Look at the last lead and apply the kitty bonus of the rules in force."),
    "attackers_total": N_("Add the points from the tricks to the kitty's points times the bonus."),
    "hand_result": N_("Find the attackers' total in the level table."),
    "next_dealer": N_("If the dealers held, the dealer's partner deals; if the attackers took over, the player "
                      "on the old dealer's right."),
    "attackers_points": N_("Check who won each trick: only the attackers' tricks count."),
    "first_dealer": N_("In the first hand, the last declaration that stands decides who deals."),
    "tractor": N_("A tractor is pairs of one suit that are neighbours in this hand's order."),
    "pair": N_("A pair is two identical cards."),
    "strongest": N_("Check the order: trumps above side cards; among trumps the jokers, then the level cards, "
                    "then the trump suit."),
    "throw_forced": N_("Find every part someone can beat, then take the lowest of them."),
}
"""The first wrong answer to a question whose option has no note of its own: the rule."""

WITH_TWOS = {
    "missed_trumps": N_("Some trumps are still in your hand. Trumps are both jokers, every level card, "
                        "every 2 and every card of the trump suit."),
    "is_trump": N_("Trumps are both jokers, every level card, every 2 and every card of the trump suit."),
    "strongest": N_("Check the order: trumps above side cards; among trumps the jokers, then the level "
                    "cards, then the 2s, then the trump suit."),
}
"""The hints above that name the trumps, as they read when every 2 is a trump too (the
option ``constant_twos``): lessons run under the learner's rules."""

RIGHT = {
    "legal": N_("That follows the rules."),
    "wins": N_("That wins the trick."),
    "most_points": N_("Your side takes this trick, so the points you add stay with your team."),
    "fewest_points": N_("The opponents take this trick, so you gave away as little as you could."),
    "safe_bury": N_("No points and no trumps in the kitty: safe."),
    "throw_stands": N_("Nobody can beat any part of it, so the throw stands."),
    "lead_wins": N_("Nobody can beat it: the trick is yours."),
    "top_card": N_("No card still out beats it in its suit."),
    "nothing_to_declare": N_("Nothing in your hand can override what is shown, so you pass."),
    "declares_suit": N_("Its suit becomes the trump suit, unless someone overrides."),
    "overrides": N_("It is stronger than what was shown, so it overrides."),
    "reinforces": N_("Your single is now a pair: only a pair of jokers can override it."),
    "declares_no_trump": N_("A pair of jokers makes the hand no-trump."),
    "all_trumps": N_("Those are all the trumps in the hand."),
    "cards_worth_points": N_("Those are all the cards worth points: every 5, 10 and king."),
    "tractors": N_("Those are the tractors: pairs next to each other in this hand's order."),
    "pairs": N_("Those are the pairs: two identical cards each."),
    "good_play": N_("That is the best play here."),
}
"""Why a right answer is right, when the step has no ``explain`` of its own."""

PRAISE = (N_("Well done!"), N_("Right!"), N_("Exactly."), N_("Good eye!"))


def tr(text: str | None, translations: Any = None) -> str:
    """A lesson string in the current language, or in ``translations`` (a gettext
    catalog) when given; a ``Phrase`` gets its parameters, translated too."""
    if not text:
        return ""
    gettext = translations.gettext if translations is not None else _
    if isinstance(text, Phrase):
        locale = (translations.info().get("language") if translations is not None else None) or language()
        params = {k: tr(v, translations) if isinstance(v, Phrase) else
                  cards_text(v.cards, gettext) if isinstance(v, CardsRef) else
                  format_list([str(n) for n in v], code=locale) if isinstance(v, Numbers) else v
                  for k, v in text.params.items()}
        return format_sentence(gettext(text), params)
    return translate(text, translations)


TRUMP_FACTS = {
    "joker": N_("{card} is a trump: both jokers always are."),
    "level": N_("{card} is a trump: every {level} is a level card this hand."),
    "constant_two": N_("{card} is a trump: with the option “twos are always trumps” every 2 is."),
    "trump_suit": N_("{card} is a trump: it belongs to the trump suit, {suit}."),
    None: N_("{card} is not a trump: it is a plain card of {suit}."),
}
"""Why a card is or is not a trump, by the engine's ``TrumpContext.trump_kind``."""


def trump_fact(card: Card, ctx: TrumpContext) -> str:
    """Why ``card`` is or is not a trump in this hand (the engine says which rule)."""
    suit = suit_name(card.suit) if not card.is_joker else ""
    return format_sentence(_(TRUMP_FACTS[ctx.trump_kind(card)]), {"card": card_name(card), "level": ctx.level,
                                                                "suit": suit})


def _distinct(cards: Sequence[Card]) -> list[Card]:
    return list(Counter(cards))


def hint_lines(judgement: Judgement, ctx: TrumpContext, suit: str | None = None,
               count: int | None = None, note: str | None = None, rule: str | None = None) -> list[str]:
    """The first wrong answer: the rule it breaks (``note``: the option's own feedback;
    ``rule``: the question's rule, for an option without one)."""
    reason = judgement.reason or "option"
    if note:
        return [tr(note)]
    twos = ctx.rules.constant_twos
    if reason == "option" and rule in CHOICE_HINTS:
        return [_(WITH_TWOS[rule] if twos and rule in WITH_TWOS else CHOICE_HINTS[rule])]
    if reason == "wrong_count":
        n = len(judgement.cards)
        return [ngettext("The lead has {n} card: play exactly {n}.", "The lead has {n} cards: play exactly {n}.",
                         n).format(n=n)]
    if reason == "wrong_number" and count is not None:
        return [ngettext("Bury exactly {n} card.", "Bury exactly {n} cards.", count).format(n=count)]
    template = WITH_TWOS[reason] if twos and reason in WITH_TWOS else HINTS.get(reason, HINTS["option"])
    lines = [format_sentence(_(template), {"cards": cards_text(judgement.cards),
                                           "suit": suit_name(suit) if suit else ""})]
    if reason == "not_trumps":
        lines.extend(trump_fact(card, ctx) for card in _distinct(judgement.cards))
    return lines


def answer_line(answer: Sequence[Card] | str) -> str:
    """``The answer: ♠K.`` (cards), ``The answer: pass.`` or an option's label."""
    if isinstance(answer, str):
        return _("The answer: {answer}").format(answer=tr(answer))
    if not answer:
        return _("The answer: pass.")
    return _("The answer: {answer}").format(answer=cards_text(answer))


def right_lines(judgement: Judgement, explain: str | None) -> list[str]:
    if explain:
        return [tr(explain)]
    template = RIGHT.get(judgement.reason or "")
    return [_(template)] if template else []


ALSO_RIGHT = 4
"""At most this many other right answers are named after a right answer."""


def also_right(others: Sequence[Sequence[Card]]) -> list[str]:
    """``Also right: ♦4.``: the other right answers of a task with a few, so a learner
    who found one learns that the others were as good."""
    if not others or len(others) > ALSO_RIGHT:
        return []
    return [_("Also right: {answers}.").format(answers=format_list([cards_text(a) for a in others], style="or"))]


def praise(n: int = 0) -> str:
    """A short word of praise; ``n`` varies it from one step to the next."""
    return _(PRAISE[n % len(PRAISE)])
