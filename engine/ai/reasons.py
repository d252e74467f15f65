"""The reason codes of the AI players: the one table the coach renders in both languages.

Every ``Decision`` an AI returns carries ``Reason(code, cards, seat)``.  ``cards`` are the
cards the reason is about: the cards chosen, except for ``save_last_trick``, whose cards
are the combination kept for the last trick; ``seat`` the other seat concerned
(the partner being fed, the opponent being ruffed), when there is one.  Codes are stable:
add new ones, never change what an existing one means.
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card
from ..view import Decision, Reason

REASON_CODES: dict[str, str] = {
    # declaring during the deal
    "declare_long_suit": "declares the suit it holds most of (length and high cards), not merely a level card",
    "declare_for_deal": "declares a suit that is not very long in the first hand, where the declarer's side becomes the dealers",
    "declare_pair_override": "overrides an opponent's declaration with a level pair in a long suit",
    "declare_reinforce": "adds the second identical level card to its own single declaration, so pairs cannot override",
    "declare_no_trump": "declares no-trump with a joker pair: its jokers and level cards make its strongest trumps",
    # burying the kitty
    "bury_void_suit": "buries a short side suit entirely, to ruff it later",
    "bury_low_cards": "buries low side cards without points, keeping trumps, pairs and high cards",
    "bury_points_safe": "buries points because it expects to hold the last trick",
    # leading
    "sure_tractor": "leads a tractor unlikely to be beaten or ruffed",
    "sure_pair": "leads a pair unlikely to be beaten or ruffed",
    "sure_set": "leads a triple or a quad (three or four decks) unlikely to be beaten or ruffed",
    "sure_throw": "throws several components of one suit: no unseen combination beats any of them",
    "sure_winner": "leads a single card unlikely to be beaten or ruffed",
    "drawing_trumps": "leads trumps to pull the opponents' trumps",
    "lead_partner_void": "leads a suit the partner is void in, so the partner can ruff",
    "lead_short_suit": "leads a low card of a short suit, to be void in it soon and ruff it",
    "lead_low": "leads a low card without points, giving little away",
    "save_last_trick": "near the end, cashes another sure lead and keeps for the last trick the sure combination that multiplies the kitty most (the reason's cards)",
    "lead_for_last_trick": "near the end, leads its whole sure hand at once: the last trick's lead sets the kitty's multiplier",
    # following
    "partner_winning_give_points": "the partner is winning the trick and is likely to keep it: adds points",
    "partner_winning_follow_low": "the partner is winning the trick: follows with the cheapest cards, no over-ruffing",
    "win_trick": "plays the cheapest cards that win the trick and are likely to hold",
    "win_points": "wins a trick that carries points",
    "ruff": "void in the led suit: ruffs with trumps",
    "ruff_points": "void in the led suit: ruffs a trick that carries points",
    "overruff": "an opponent has ruffed: ruffs higher",
    "follow_low": "cannot (or need not) win: follows with the cheapest cards, keeping points and structure",
    "cheapest_discard": "void in the led suit and not ruffing: discards the cheapest cards",
    "must_follow": "the rules leave this one play (identical cards count as one)",
    "search_best": "sampled the unseen cards and played ahead: this play scored best",
    "throw_likely_stands": "throws several components of one suit although an unseen combination could beat one: in most deals consistent with what it has seen, none can",
    "highest_card": "baseline: plays its highest cards",
    "dump_points": "baseline: the partner is winning, so it dumps points",
}
"""Code -> what the player meant, in English (the coach translates from its catalogs)."""


def check_code(code: str) -> str:
    """Return ``code``; raise ``KeyError`` for a code missing from the table (a typo)."""
    if code not in REASON_CODES:
        raise KeyError(f"reason code {code!r} is not in REASON_CODES")
    return code


def decision(cards: Iterable[Card], code: str, seat: int | None = None,
             about: Iterable[Card] | None = None) -> Decision:
    """A ``Decision`` for ``cards`` whose reason is about those same cards, or about
    ``about`` when given."""
    chosen = tuple(cards)
    return Decision(chosen, Reason(check_code(code), chosen if about is None else tuple(about), seat))
