"""The hint line above the hand: what the next play must be, read off the engine's
follow ladder (``engine.follow_requirements``) and stated as claims."""

from __future__ import annotations

from engine import lead_shape
from engine.claims import CanRuff, Holds, HoldsOnly, Leading, LeadKind, MustFollow, Void
from engine.combos import TRACTOR, decompose, face_counts, pack_runs
from engine.play import ANY, PAIRS, SUIT, TRACTOR_RUNG
from engine.rules import TRUMP
from engine.view import PlayerView

from ..i18n import N_, ngettext
from .claims import position
from .said import Choices, Said, SuitRef, joined, keep, plural

LEAD_LINE = N_("Your lead: {options}.")
LEAD_SINGLE = N_("a single")
LEAD_PAIR = N_("a pair")
LEAD_TRIPLE = N_("a triple")
LEAD_QUAD = N_("a quad")
LEAD_TRACTOR = N_("a tractor")
LEAD_THROW = N_("several cards of one suit at once (a throw)")

FOLLOW = plural("@follow", lambda n: ngettext(
    "Follow with {n} {suit} card.", "Follow with {n} {suit} cards.", n))
FOLLOW_TRUMPS = plural("@follow_trumps", lambda n: ngettext(
    "Follow with {n} trump.", "Follow with {n} trumps.", n))
MUST_TRACTOR = N_("You must play a tractor of {length} pairs.")
MUST_TRACTOR_QUADS_TOO = plural("@tractor_quads_too", lambda n: ngettext(
    "You must play a tractor of {length} pairs (or {n} quad, which counts as one).",
    "You must play a tractor of {length} pairs (or {n} quads, which count as one).", n))
MUST_TITANIC = N_("You must play a tractor of {length} triples (a Titanic).")
MUST_QUAD_TRACTOR = N_("You must play a tractor of {length} quads.")
TRIPLES = plural("@triples", lambda n: ngettext(
    "You must play {n} triple.", "You must play {n} triples.", n))
QUADS = plural("@quads", lambda n: ngettext(
    "You must play {n} quad.", "You must play {n} quads.", n))
PAIRS_IN_ALL = {
    3: plural("@pairs_in_all_3", lambda n: ngettext(
        "In all your play must hold {n} pair (a triple holds one).",
        "In all your play must hold {n} pairs (a triple holds one).", n)),
    4: plural("@pairs_in_all", lambda n: ngettext(
        "In all your play must hold {n} pair (a triple holds one, a quad two).",
        "In all your play must hold {n} pairs (a triple holds one, a quad two).", n)),
}
PAIRS_ONLY = plural("@pairs", lambda n: ngettext(
    "You must play {n} pair.", "You must play {n} pairs.", n))
PAIRS_MORE = plural("@pairs_more", lambda n: ngettext(
    "And {n} more pair.", "And {n} more pairs.", n))
SHORT = plural("@short", lambda n: ngettext(
    "You hold only {n} {suit} card: play it and {fill} more of any suit.",
    "You hold only {n} {suit} cards: play them all and {fill} more of any suit.", n))
SHORT_TRUMPS = plural("@short_trumps", lambda n: ngettext(
    "You hold only {n} trump: play it and {fill} more of any suit.",
    "You hold only {n} trumps: play them all and {fill} more of any suit.", n))
VOID_RUFF = plural("@void_ruff", lambda n: ngettext(
    "You have no {suit}: ruff with {n} trump, or discard any {n} card.",
    "You have no {suit}: ruff with {n} trumps, or discard any {n} cards.", n))
VOID_DISCARD = plural("@void_discard", lambda n: ngettext(
    "You have no {suit}: discard any {n} card.", "You have no {suit}: discard any {n} cards.", n))
VOID_TRUMPS = plural("@void_trumps", lambda n: ngettext(
    "You have no trumps: discard any {n} card.", "You have no trumps: discard any {n} cards.", n))
RUFF_SHAPE = N_("A ruff must have the lead's shape (its pairs and tractors) to win.")
RUFF_SHAPE_SETS = N_("A ruff must have the lead's shape (its triples, quads, pairs and tractors) "
                     "to win.")
NO_SHAPE = N_("Your trumps cannot match the lead's shape, so no play of yours can win it.")


def hint_sentences(view: PlayerView) -> list[Said]:
    """The hint line's sentences for the seat to play in ``view`` (phase ``tricks``)."""
    at = position(view)
    me = view.seat
    if view.leading:
        return keep([_lead_line(at)], at)
    req = at.requirements
    suit, size = req.suit, req.size
    rungs = {r.kind: r for r in req.rungs if r.kind != TRACTOR_RUNG}
    if not rungs[SUIT].required:
        return keep(_void(at, suit, size), at)
    if rungs[ANY].required:
        form = SHORT_TRUMPS if suit == TRUMP else SHORT
        return keep([Said(form, me, (("n", len(req.held)), ("suit", SuitRef(suit)),
                                     ("fill", req.fill)), (HoldsOnly(suit, len(req.held)),))], at)
    must = MustFollow.of(req)
    lines = [Said(FOLLOW_TRUMPS if suit == TRUMP else FOLLOW, me,
                  (("n", req.need), ("suit", SuitRef(suit))), (must,))]
    if req.shape.wide:
        pairs = rungs.get(PAIRS)
        return keep(lines + _wide_lines(at, must, pairs is not None and pairs.required), at)
    lines += [Said.of(MUST_TRACTOR, me, must, length=length) for length in req.tractors]
    loose = req.pairs - sum(req.tractors)
    if loose > 0 and rungs[PAIRS].required:
        lines.append(Said(PAIRS_MORE if req.tractors else PAIRS_ONLY, me, (("n", loose),), (must,)))
    return keep(lines, at)


def _wide_lines(at, must, pairs_required: bool) -> list[Said]:
    """What a follow must hold with three or four decks: each tractor by the width of
    its sets, the triples and quads, then the pairs in all."""
    me = at.seat
    quads_stand_in = at.view.rules.variant.quad_is_tractor
    lines = []
    for width, length in must.runs:
        if width == 3:
            lines.append(Said.of(MUST_TITANIC, me, must, length=length))
        elif width == 4:
            lines.append(Said.of(MUST_QUAD_TRACTOR, me, must, length=length))
        elif quads_stand_in and length % 2 == 0:
            lines.append(Said(MUST_TRACTOR_QUADS_TOO, me, (("length", length), ("n", length // 2)),
                              (must,)))
        else:
            lines.append(Said.of(MUST_TRACTOR, me, must, length=length))
    for width, count in must.sets:
        lines.append(Said(QUADS if width == 4 else TRIPLES, me, (("n", count),), (must,)))
    # the pairs the tractors and sets named already hold (the tractors are apart)
    named = max([sum(length * (width // 2) for width, length in must.runs)]
                + [count * (width // 2) for width, count in must.sets])
    if must.pairs > named and pairs_required:
        form = PAIRS_IN_ALL[at.view.rules.decks] if named else PAIRS_ONLY
        lines.append(Said(form, me, (("n", must.pairs),), (must,)))
    return lines


def _lead_line(at) -> Said:
    """The kinds of lead the hand allows, each backed by cards it holds: a single always;
    a pair, a tractor, a throw (two cards of one suit) only when the hand has one."""
    by_suit: dict[str, list] = {}
    for card in at.view.hand:
        by_suit.setdefault(at.ctx.suit_of(card), []).append(card)
    items, claims = [LEAD_SINGLE], [Leading()]
    components = [c for cards in by_suit.values() for c in decompose(cards, at.ctx)]
    # a tractor's pairs are pairs too: a hand whose only pairs make a tractor may
    # still lead one of them; a triple or a quad holds a pair (and a quad a triple)
    for width, msgid in ((2, LEAD_PAIR), (3, LEAD_TRIPLE), (4, LEAD_QUAD)):
        found = next((c for c in components if c.width >= width), None)
        if found is not None:
            items.append(msgid)
            claims.append(Holds(tuple(found.cards[:width])))
    tractor = next((c for c in components if c.kind == TRACTOR), None)
    if tractor is not None:
        items.append(LEAD_TRACTOR)
        claims.append(Holds(tuple(tractor.cards)))
    elif at.view.rules.decks > 2:
        # pairs of a triple or a quad next to another set make a tractor of pairs
        run = next((used for cards in by_suit.values()
                    for used, _ in pack_runs(face_counts(cards), [(2, 2)], at.ctx)), None)
        if run is not None:
            items.append(LEAD_TRACTOR)
            claims.append(Holds(tuple(f for f, n in run.items() for _ in range(n))))
    several = next((cards for cards in by_suit.values() if len(cards) >= 2), None)
    if several is not None:
        items.append(LEAD_THROW)
        claims.append(Holds(tuple(several[:2])))
    return Said(LEAD_LINE, at.seat, (("options", Choices(tuple(items))),), tuple(claims))


def _void(at, suit: str, size: int) -> list[Said]:
    me = at.seat
    if suit == TRUMP:
        return [Said(VOID_TRUMPS, me, (("n", size),), (Void(me, TRUMP),))]
    shape = lead_shape(at.plays[0], at.ctx)
    void = Void(me, suit)
    values = (("suit", SuitRef(suit)), ("n", size))
    if CanRuff(True).holds(at):
        lines = [Said(VOID_RUFF, me, values, (void, CanRuff(True)))]
        if shape.pairs:
            kind = "throw" if shape.is_throw else shape.components[0].kind
            lines.append(Said.of(RUFF_SHAPE_SETS if shape.width > 2 else RUFF_SHAPE, me,
                                 LeadKind(at.view.trick[0].seat, kind, size)))
        return lines
    lines = [Said(VOID_DISCARD, me, values, (void, CanRuff(False)))]
    if any(at.ctx.is_trump(c) for c in at.view.hand):
        lines.append(Said.of(NO_SHAPE, me, CanRuff(False)))
    return lines


def hint_line(view: PlayerView) -> str:
    """The hint line in the current language."""
    return joined(hint_sentences(view))
