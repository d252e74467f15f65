"""The table's standing facts: the seats' names, roles and cards left, the status panel
(level, trumps, dealer, both teams' levels), 闲分, and the labels of the toggles."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Callable

from engine.game import BURYING, HAND_OVER, MATCH_OVER, TRICKS, Game

from ... import coach
from ...i18n import N_, _
from ...settings import GAME_TEXT, SPEED_TEXT
from ...widgets.status import UNDECIDED

if TYPE_CHECKING:
    from ..practice import PracticeTableScene


GAME_SHORT = {1: N_("1 deck"), 2: N_("2 decks"), 3: N_("3 decks"), 4: N_("4 decks")}
"""The games named short, for the game button's "this match → the next" (one line at
14 px in a 960×600 window)."""

class TableStatus:
    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene
        self.hand_key: tuple | None = None
        """What the hand fan shows (set anew, clearing the selection, only when it changes)."""

    def sync_hand(self) -> None:
        """The learner's hand as the table shows it (cards still flying left out),
        sorted by the trumps known now, the cards picked up from the kitty outlined."""
        table, hand = self.scene.table, self.scene.hand
        cards = tuple(table.shown_hand())
        ctx = table.trump_context()
        key = (Counter(cards), ctx, table.phase)
        if key != self.hand_key:
            self.hand_key = key
            hand.set_cards(cards, ctx)
            hand.set_marked(table.picked_up())

    def seat_name(self, seat: int) -> Callable[[], str]:
        return lambda: coach.seat_label(seat, self.scene.table.learner)

    def seat_role(self, seat: int) -> Callable[[], str]:
        def role() -> str:
            dealer = self.scene.table.game.dealer
            if dealer is None:
                return ""
            if seat == dealer:
                return _("Dealer")
            return _("Dealer's side") if seat % 2 == dealer % 2 else _("Attacker")
        return role

    def speed_label(self) -> str:
        return _("Speed: {speed}").format(speed=_(SPEED_TEXT[self.scene.services.store.settings.animation_speed]))

    def game_label(self) -> str:
        """The game chooser: the game on the table, and the one chosen for the next
        match when that is another."""
        playing, chosen = self.scene.table.game.rules.decks, self.scene.services.store.settings.decks
        if playing == chosen:
            return _("Game: {game}").format(game=_(GAME_TEXT[playing]))
        # TRANSLATORS: the game on the table → the game of the next match
        return _("{game} → {chosen}").format(game=_(GAME_SHORT[playing]), chosen=_(GAME_SHORT[chosen]))

    def coach_label(self) -> str:
        return _("Coach: on") if self.scene.table.coached else _("Coach: off")

    def counter_label(self) -> str:
        return _("Counter: on") if self.scene.services.store.settings.card_counter else _("Counter: off")

    def sync(self) -> None:
        scene = self.scene
        table, game = scene.table, scene.table.game
        for seat, label in enumerate(scene.seats):
            label.cards_left = len(game.hand(seat)) - scene.flights.inbound_seats[seat]
            label.active = game.turn == seat and game.phase in (BURYING, TRICKS)
        declaration = table.standing()  # a call face down stays hidden
        trump = game.trump if game.ctx is not None else (declaration.trump if declaration else UNDECIDED)
        # the first hand's dealer is the last to declare: the one standing, as the engine has it
        dealer = game.dealer if game.dealer is not None or declaration is None else game.dealer_now()
        mine, theirs = team_level(game, table.learner % 2), team_level(game, 1 - table.learner % 2)
        scene.status.set_status(
            game.level, trump,
            (lambda: coach.seat_label(dealer, table.learner)) if dealer is not None else N_("Last to declare"),
            ((N_("Our level"), mine), (N_("Their level"), theirs)))
        scene.points.set_points(table.view.attacker_points, table.attacker_cards(), game.penalties,
                                game.rules.variant.take_over)


def team_level(game: Game, team: int) -> str:
    """A team's level; once the hand is scored, where it went from ("5 → 7"), so the
    new levels never sit unexplained beside the level this hand was played at."""
    now, before = game.team_levels[team], game.start_levels[team]
    if game.phase in (HAND_OVER, MATCH_OVER) and now != before:
        return f"{before} → {now}"
    return now
