"""Sentences for the learner, made from engine verdicts.

The engine says *what* (a reason code and the cards involved); this module says it in
words, in the current language, at the moment it is shown.  Everything here is a
function of (reason, cards, context) returning strings, with no pygame and no state.
The lessons word their own judgements (``tutor.lessons.feedback``) and name cards
with the helpers here, so a card reads the same in a lesson and at the table.

Naming cards: ``card_name`` gives ``♠Q``, ``♥10`` and the jokers by name (大王 / big
joker, in lower case: a name is worded for inside a sentence); ``cards_text`` joins
several.  Sentences are filled with ``format_sentence``, which capitalises a name that
begins one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from engine import Card, TrumpContext, lead_shape
from engine.cards import SUIT_SYMBOLS

from tutor.i18n import N_, NP_, _, format_sentence, ngettext

SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"),
              "T": N_("trumps")}


def declaring_words(calls: bool) -> tuple[str, str]:
    """The msgids of the two buttons of a declaring moment, the lesson player's and the
    practice table's: Show and Pass (亮 / 不亮), or where trumps are called face down
    (four decks, 暗叫) Call and Pass (叫主 / 不叫)."""
    if calls:
        return N_("Call"), NP_("face-down call", "Pass")
    return N_("Show"), N_("Pass")


def pass_label(calls: bool) -> str:
    """The words of the button that passes on declaring, translated: 不亮, or 不叫
    where trumps are called face down; "Pass" in English either way."""
    return _(declaring_words(calls)[1])


# --------------------------------------------------------------------------- naming


def card_name(card: Card, gettext: Callable[[str], str] = _) -> str:
    """``♠Q``, ``♥10``; jokers by name (大王 / big joker), worded for inside a sentence
    (``gettext``: the language, the current one unless given)."""
    if card.is_joker:
        # TRANSLATORS: a card's name inside a sentence (lower case in English; the app
        # capitalises it where it begins one).
        return gettext("big joker") if str(card) == "BJ" else gettext("little joker")
    return SUIT_SYMBOLS[card.suit] + card.rank


def cards_text(cards: Iterable[Card], gettext: Callable[[str], str] = _) -> str:
    return " ".join(card_name(card, gettext) for card in cards)


@dataclass(frozen=True)
class CardsRef:
    """Cards a sentence names, in the order given (put them in hand order when
    building), named when the sentence is worded, in its language (a joker's name is a
    word: 大王 / big joker)."""

    cards: tuple[Card, ...]


def suit_name(suit: str) -> str:
    """The name of an effective suit: ``"S"`` spades … ``"T"`` trumps."""
    return _(SUIT_NAMES[suit])


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
    return format_sentence(_(template), {
        "cards": cards_text(cards),
        "suit": suit_name(suit) if suit else "",
        "level": ctx.level if ctx is not None else "",
    })


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
