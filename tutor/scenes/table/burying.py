"""The dealer's burial: the cards picked up from the kitty outlined in the hand, the
coach's warnings on the cards chosen and its burial advice."""

from __future__ import annotations

from engine.cards import Card

from ... import coach
from ...i18n import _
from ...practice import Words
from .phase import COACH_LINES, TablePhase


class BuryingPhase(TablePhase):
    def action_label(self) -> str:
        return _("Bury")

    def coach_words(self) -> list[Words]:
        scene = self.scene
        if not scene.table.learner_to_act:
            return super().coach_words()
        return self.bury_words(scene.hand.selected_cards())

    def bury_words(self, selected: list[Card]) -> list[Words]:
        """The coach's warnings on the cards chosen and its advice; once a hint is asked,
        its last rung instead (the general advice would read as a contradiction of the
        coach's burial), and after the answer what the table says of the cards chosen
        (the coach's reasons, while they are its burial)."""
        scene = self.scene
        room = COACH_LINES  # at any window size: the panel scrolls and says "more" rather than drop one
        if scene.ladder is None:
            return [said.text for said in scene.table.bury_advice(selected)[:room]]
        if scene.ladder.rung != coach.ANSWER:
            return [self.last_rung]
        return [self.last_rung] + [said.text for said in scene.table.bury_advice(selected)[:room - 1]]

    def caption_words(self) -> Words:
        table = self.scene.table
        if not table.picked_up():
            return str
        n = table.kitty_size
        return lambda: _("The {n} cards you picked up from the kitty are outlined in your hand. "
                         "Choose {n} cards to bury.").format(n=n)
