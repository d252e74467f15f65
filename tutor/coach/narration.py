"""Narration: one plain sentence the first time each thing happens in a coached hand.

Sentences are built from the engine's account of a finished trick (``trick_facts``)
and stated as claims about the learner's view right after it (``TrickWon``,
``PlayedAs``, ``ShowedVoid``, ``ThrowFailed``, ``KittyScored``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.claims import (
    LEAD_HELD,
    HIGHER,
    OVERRUFFED,
    RUFFED,
    KittyFlip,
    KittyScored,
    KouDiScored,
    Position,
    PlayedAs,
    ShowedVoid,
    ThrowFailed,
    ThrowPenalty,
    TrickWon,
    trick_facts,
)
from engine.play import throw_penalty
from engine.rules import TRUMP
from engine.scoring import kitty_multiplier
from engine.view import PlayerView
from engine import points

from ..i18n import N_, ngettext
from .claims import cards_ref, position
from .said import Said, SeatRef, SuitRef, keep, plural

WON = {
    LEAD_HELD: N_("{who} won the trick: nobody beat the lead."),
    HIGHER: N_("{who} won the trick with a higher play of the led suit."),
    RUFFED: N_("{who} won the trick by ruffing."),
    OVERRUFFED: N_("{who} won the trick with the highest ruff."),
}


PENALTY = plural("@throw_penalty", lambda n: ngettext(
    "The failed throw costs {n} point: it goes to the other team.",
    "The failed throw costs {n} points: they go to the other team.", n))


@dataclass
class Narrator:
    """Says each kind of thing once per hand (``seen`` remembers which)."""

    learner: int
    seen: set[str] = field(default_factory=set)

    def _once(self, key: str, out: list[Said], said: Said) -> None:
        if key not in self.seen:
            self.seen.add(key)
            out.append(said)

    def trick(self, view: PlayerView, index: int | None = None) -> list[Said]:
        """Sentences for the finished trick ``index`` (the last one by default) of the
        learner's ``view`` (none once everything in it was explained)."""
        at = position(view)
        ctx = at.ctx
        index = len(view.tricks) - 1 if index is None else index
        record = view.tricks[index]
        me = self.learner
        lead = record.plays[0].cards
        suit = ctx.suit_of(lead[0])
        candidates: list[tuple[str, Said]] = []
        if record.attempted:
            candidates.append(("throw_failed", Said.of(N_(
                "{who} tried to throw {tried}, but another hand could beat part of it: only "
                "{played} was played.") if len(lead) == 1 else N_(
                "{who} tried to throw {tried}, but another hand could beat part of it: only "
                "{played} were played."), me,
                ThrowFailed(index, record.leader, tuple(record.attempted), tuple(lead)),
                who=SeatRef(record.leader, True), tried=cards_ref(record.attempted, at),
                played=cards_ref(lead, at))))
            penalty = throw_penalty(len(record.attempted), len(lead), view.rules)
            if penalty:  # said for every failed throw: the points change hands each time
                candidates.append((f"penalty_{index}", Said(
                    PENALTY, me, (("n", penalty),), (ThrowPenalty(index, record.leader, penalty),))))
        facts = trick_facts(record, ctx)
        if facts.ruffs:
            seat = facts.ruffs[0]
            candidates.append(("ruff", Said.of(N_(
                "{who} had no {suit} and ruffed: a trump play of the lead's shape beats any "
                "{suit} play."), me, PlayedAs(index, seat, "ruff"), ShowedVoid(seat, suit),
                who=SeatRef(seat, True), suit=SuitRef(suit))))
        if facts.overruffs:
            seat = facts.overruffs[0]
            candidates.append(("overruff", Said.of(N_(
                "{who} over-ruffed: a higher ruff beats the first one."), me,
                PlayedAs(index, seat, "overruff"), who=SeatRef(seat, True))))
        if facts.discards:
            seat = facts.discards[0]
            candidates.append(("discard", Said.of(N_(
                "{who} discarded: a play that is neither the led suit nor trumps of the "
                "lead's shape never wins.") if suit != TRUMP else N_(
                "{who} discarded: when trumps are led, a play that is not all trumps never "
                "wins."), me, PlayedAs(index, seat, "discard"),
                who=SeatRef(seat, True))))
        candidates.append(("won_" + facts.how, Said.of(
            WON[facts.how], me, TrickWon(index, facts.winner, facts.how),
            who=SeatRef(facts.winner, True))))
        out: list[Said] = []
        for key, said in candidates:
            if keep([said], at):
                self._once(key, out, said)
        return out

    def flipped(self, view: PlayerView) -> list[Said]:
        """Why trumps are what they are when nobody declared: the kitty's top card."""
        card = view.flipped
        if card is None or view.ctx is None:
            return []
        at = position(view)
        trump = view.ctx.trump
        if trump is None:
            said = Said.of(N_("Nobody declared, so the kitty's top card was turned over: {card}, "
                              "a joker, so this hand has no trump suit (no-trump)."),
                           self.learner, KittyFlip(card, None), card=cards_ref((card,), at))
        else:
            said = Said.of(N_("Nobody declared, so the kitty's top card was turned over: {card}, "
                              "so {suit} is the trump suit."), self.learner, KittyFlip(card, trump),
                           card=cards_ref((card,), at), suit=SuitRef(trump))
        out: list[Said] = []
        if keep([said], at):
            self._once("flipped", out, said)
        return out

    def kitty(self, view: PlayerView) -> list[Said]:
        """The kitty sentence at the end of the hand (the kitty face up in ``view``)."""
        at = position(view)
        if not view.rules.variant.has_kitty:
            return self._kou_di(view, at)
        kitty = view.kitty or ()
        p = points(kitty)
        if not p or not view.tricks or view.dealer is None:
            return []
        last = view.tricks[-1]
        out: list[Said] = []
        if last.winner % 2 != view.dealer % 2:
            m = kitty_multiplier(list(last.plays[0].cards), at.ctx)
            said = Said.of(N_("The attackers won the last trick: the {p} points in the kitty "
                              "count ×{m}, that is {total}."), self.learner, KittyScored(p, m),
                           p=p, m=m, total=p * m)
        else:
            said = Said.of(N_("The dealers won the last trick: the {p} points in the kitty do "
                              "not count."), self.learner, KittyScored(p, None), p=p)
        if keep([said], at):
            self._once("kitty", out, said)
        return out

    def _kou_di(self, view: PlayerView, at: Position) -> list[Said]:
        """Four decks, no kitty: the last trick's 扣底 at the end of the hand."""
        if not view.tricks or view.dealer is None:
            return []
        last = view.tricks[-1]
        attackers = last.winner % 2 != view.dealer % 2
        p = points(c for play in last.plays if play.seat % 2 != last.winner % 2 for c in play.cards)
        m = len(last.plays[0].cards)
        if not p:
            return []
        claim = KouDiScored(p, m, attackers)
        said = (Said.of(N_("The attackers won the last trick (扣底): the dealers' {p} points in it "
                           "count ×{m} for the attackers, that is {total} more."), self.learner,
                        claim, p=p, m=m, total=p * m) if attackers else
                Said.of(N_("The dealers won the last trick (扣底): the attackers' {p} points in it "
                           "count ×{m} against them, that is {total} less."), self.learner,
                        claim, p=p, m=m, total=p * m))
        out: list[Said] = []
        if keep([said], at):
            self._once("kitty", out, said)
        return out
