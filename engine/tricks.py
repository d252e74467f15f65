"""Playing tricks (RULES.md §4–6 applied to the game): leads and failed throws, follows,
the trick's winner and its points.  The rules themselves live in ``engine.play``.
"""

from __future__ import annotations

from .actions import SEATS, TRICKS, Checks, GameError, PlayCards, remove_cards
from .cards import Card, format_cards, points
from .events import PlayMade, ThrowFailed, TrickWon
from .play import LeadResult, check_follow, check_lead, trick_winner
from .view import Play, TrickRecord


class Tricks(Checks):
    """The ``Game``'s play action: lead (a throw is checked against the other hands) or
    follow, and the end of each trick."""

    def _check_play(self, action: PlayCards) -> LeadResult | None:
        """For a lead, the ``LeadResult`` (a failed throw is legal: it is played as the
        forced component); for a follow, ``None``."""
        self._need_phase(TRICKS)
        self._need_turn(action.seat)
        cards = list(action.cards)
        if not cards:
            raise GameError("wrong_count", "play at least one card")
        self._need_in_hand(action.seat, cards)
        assert self.ctx is not None
        if not self.trick:
            others = [self.hands[s] for s in range(SEATS) if s != action.seat]
            lead = check_lead(cards, others, self.ctx)
            if not lead.played:
                raise GameError(lead.reason or "mixed_suits", format_cards(cards), cards)
            return lead
        led = list(self.trick[0].cards)
        verdict = check_follow(self.hands[action.seat], led, cards, self.ctx)
        if not verdict.legal:
            raise GameError(verdict.reason or "illegal", format_cards(cards), verdict.cards)
        return None

    def _apply_play(self, action: PlayCards, lead: LeadResult | None) -> None:
        seat = action.seat
        played = tuple(lead.played) if lead is not None else action.cards
        if lead is not None and not lead.ok:
            self._fail_throw(seat, action.cards, played, lead)
        remove_cards(self.hands[seat], played)
        self.trick.append(Play(seat, played))
        self._emit(PlayMade(seat, played, len(self.tricks)))
        if len(self.trick) < SEATS:
            self.turn = (seat + 1) % SEATS
        else:
            self._finish_trick()

    def _fail_throw(
        self, seat: int, attempted: tuple[Card, ...], played: tuple[Card, ...], lead: LeadResult
    ) -> None:
        penalty = lead.penalty
        signed = -penalty if self.is_attacker(seat) else penalty
        self.attacker_points += signed
        self.penalties += signed
        self.failed_throws += 1
        self.attempted = attempted
        beaten = tuple(card for component in lead.beaten for card in component.cards)
        self._emit(ThrowFailed(seat, attempted, played, beaten, penalty))

    def _finish_trick(self) -> None:
        assert self.ctx is not None
        plays = self.trick
        winner = plays[trick_winner([list(p.cards) for p in plays], self.ctx)].seat
        carried = sum(points(p.cards) for p in plays)
        if self.is_attacker(winner):
            self.attacker_points += carried
            self.trick_points += carried
        record = TrickRecord(plays[0].seat, tuple(plays), winner, carried, self.attempted)
        self.tricks += (record,)
        self.trick = []
        self.attempted = None
        self.turn = winner
        self._emit(TrickWon(winner, carried, len(self.tricks) - 1, self.attacker_points))
        if not self.hands[winner]:
            self._score_hand()
