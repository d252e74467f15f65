"""Declaring advice and the hint line while cards are dealt: declaring, overriding
(反主), reinforcing one's own declaration (加固), and with four decks calling face down
(暗叫).

Every sentence states claims about the learner's view: the declarations it may make
now (``CanDeclare``), how many trumps a suit would give it (``TrumpsIfDeclared``),
what the advisor would declare (``Declarable``) and why a shorter suit wins the deal
(``DeclarationDeals``).
"""

from __future__ import annotations

from typing import Sequence

from engine import Card, TrumpContext
from engine.claims import CanDeclare, Declarable, DeclarationDeals, HasKitty, Level, TrumpsIfDeclared
from engine.game import view_declarations
from engine.view import Decision, PlayerView

from ..i18n import N_, ngettext
from .claims import position
from .reasons import PRINCIPLES
from .said import CardChoices, CardsRef, Said, SuitRef, keep, plural


def declare_options(view: PlayerView) -> tuple[tuple[Card, ...], ...]:
    return tuple(sorted(d.cards for d in view_declarations(view)))


def declare_line(view: PlayerView) -> list[Said]:
    """The hint line while cards are dealt or the declaring window is open: declaring,
    overriding (反主) or reinforcing one's own declaration (加固); with four decks,
    calling face down (暗叫)."""
    at = position(view)
    me = view.seat
    options = declare_options(view)
    dealt = view.phase == "declaring"
    calls = view.rules.variant.hidden_calls
    if not options:
        if dealt:
            return keep([Said.of(CANNOT_CALL if calls else CANNOT_DECLARE, me, CanDeclare(()))], at)
        return keep([Said.of(DEALING_LINE.get(view.rules.decks, DEALING_LINE[2]), me, Level(view.level),
                             CanDeclare(()), level=view.level)], at)
    own = view.declaration
    if own is not None and own.seat == me and all(cards[0] is own.cards[0] for cards in options):
        kind = "reinforce"
    elif own is not None and own.seat != me or view.hidden_call:
        kind = "override"
    else:
        kind = "declare"
    lines = (CALL_LINES if calls else DECLARE_LINES)[dealt]
    return keep([Said.of(lines.get(kind, lines["declare"]), me, CanDeclare(options), options=_option_cards(options))], at)


DECLARE_LINES = {
    True: {"declare": N_("All cards are dealt: declare now with {options}, or press Pass."),
           "override": N_("All cards are dealt: override now with {options} (反主), or press Pass."),
           "reinforce": N_("All cards are dealt: reinforce your declaration now with {options} (加固), "
                           "or press Pass.")},
    False: {"declare": N_("Dealing. You can declare trumps now with {options}: use a declare button."),
            "override": N_("Dealing. You can override now with {options} (反主): use a declare button."),
            "reinforce": N_("Dealing. You can reinforce your declaration now with {options} (加固): "
                            "use a declare button.")},
}
"""The hint line when the learner may declare, by whether all cards are dealt and
whether a declaration would be the first, an override or the learner's own made
stronger."""
CALL_LINES = {
    True: {"declare": N_("All cards are dealt: call face down now with {options}, or press Pass."),
           "reinforce": N_("All cards are dealt: add to your call now with {options} (加固), or press Pass.")},
    False: {"declare": N_("Dealing. You can call face down now with {options}: use a call button."),
            "reinforce": N_("Dealing. You can add to your call now with {options} (加固): use a call button.")},
}
"""The same with four decks, where trumps are called face down (暗叫): an override is
a call like any other, with more cards (the caption says how long a call stays face
down)."""
CANNOT_DECLARE = N_("All cards are dealt and you cannot declare: press Pass.")
CANNOT_CALL = N_("All cards are dealt and you cannot call trumps: press Pass.")


DEALING_LINE = {
    1: N_("Dealing. Level {level}: a level card lets you declare trumps, and the first "
          "declaration stands."),
    2: N_("Dealing. Level {level}: a level card or a pair of jokers lets you declare trumps."),
    4: N_("Dealing. Level {level}: level cards let you call trumps face down (暗叫); a call "
          "with more cards overrides one with fewer."),
}
"""The dealing line when the learner cannot declare, by the number of decks (three
decks as two: two or three identical jokers call no-trump)."""


def _option_cards(options: Sequence[tuple[Card, ...]]) -> CardChoices:
    return CardChoices(tuple(options))


TRUMPS_IF = plural("@trumps_if", lambda n: ngettext(
    "With {suit} as trumps, {n} of your {m} cards would be a trump.",
    "With {suit} as trumps, {n} of your {m} cards would be trumps.", n))
TRUMPS_IF_NT = plural("@trumps_if_nt", lambda n: ngettext(
    "In no-trump, {n} of your {m} cards would be a trump.",
    "In no-trump, {n} of your {m} cards would be trumps.", n))


def declare_advice(view: PlayerView, decision: Decision | None) -> list[Said]:
    """The coach's view on declaring now: what it would declare (``decision``, from the
    advisor) and how many trumps each declaration open to the learner would give."""
    at = position(view)
    me = view.seat
    options = declare_options(view)
    if not options:
        return []
    out: list[Said] = []
    calls = view.rules.variant.hidden_calls
    own = view.declaration
    if decision is not None:
        if own is not None and own.seat == me and decision.cards[0] is own.cards[0]:
            said = N_("The coach would add to your call (加固): {cards}.") if calls else \
                N_("The coach would reinforce your declaration (加固): {cards}.")
        else:
            said = N_("The coach would call trumps with {cards}.") if calls else N_("The coach would declare {cards}.")
        out.append(Said.of(said, me,
                           Declarable(tuple(decision.cards)), cards=CardsRef(tuple(decision.cards))))
        if decision.reason is not None and decision.reason.code == "declare_for_deal":
            # why a shorter suit: declaring now also wins the deal
            out.append(Said.of(PRINCIPLES["deal"].msgid, me, DeclarationDeals(), HasKitty()))
            out.append(Said.of(PRINCIPLES["deal_no_kitty"].msgid, me, DeclarationDeals(), HasKitty(False)))
    elif view.phase == "declaring":  # the last chance: no "yet" about it
        out.append(Said.of(N_("The coach would not call.") if calls else N_("The coach would not declare."),
                           me, CanDeclare(options)))
    else:
        out.append(Said.of(N_("The coach would not call yet.") if calls else N_("The coach would not declare yet."),
                           me, CanDeclare(options)))
    seen: set[str | None] = set()
    for cards in options:
        trump = None if cards[0].is_joker else cards[0].suit
        if trump in seen:
            continue
        seen.add(trump)
        count = _trumps_if(view, trump)
        values = (("n", count), ("m", len(view.hand)))
        if trump is None:
            out.append(Said(TRUMPS_IF_NT, me, values, (TrumpsIfDeclared(None, count),)))
        else:
            out.append(Said(TRUMPS_IF, me, values + (("suit", SuitRef(trump)),),
                            (TrumpsIfDeclared(trump, count),)))
    return keep(out, at)


def _trumps_if(view: PlayerView, trump: str | None) -> int:
    ctx = TrumpContext(view.level, trump, view.rules)
    return sum(ctx.is_trump(c) for c in view.hand)
