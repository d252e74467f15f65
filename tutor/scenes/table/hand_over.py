"""The hand's end: the kitty turned up on the table — when the attackers take it (抠底),
its moment with the multiplier, held until the learner goes on — then the hand summary
(found by name among the scenes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.events import HandScored

from ...i18n import _
from ...practice import Words
from .deal_moments import KittyMoment
from .layout import draw_cards, place_caption
from .phase import TablePhase

if TYPE_CHECKING:
    from engine.cards import Card

    from ..practice import PracticeTableScene


class HandOverPhase(TablePhase):
    def __init__(self, scene: "PracticeTableScene") -> None:
        super().__init__(scene)
        self.reveal: HandScored | None = None
        """The scoring whose kitty is on the table."""
        self.landed = 0
        """The kitty's cards that have landed on the table."""
        self.left = 0.0
        self.done = False

    def forget(self) -> None:
        """A new hand: nothing turned up."""
        self.reveal, self.done = None, False

    def action_label(self) -> str:
        return _("Summary")

    def action_ready(self, selected: list["Card"]) -> bool:
        return True

    def submit(self) -> None:
        self.scene._open_summary()

    def caption_words(self) -> Words:
        """The kitty's words once it has landed (no card flies over them)."""
        if self.reveal is None or self.landed < len(self.reveal.kitty):
            return str
        return self._kitty_words(self.reveal)

    def kitty_cards(self) -> tuple["Card", ...]:
        return self.reveal.kitty if self.reveal is not None else ()

    def update(self, dt: float) -> bool:
        """The kitty turned up on the table for a moment (a game with one), then the summary."""
        scene = self.scene
        if self.reveal is None and not self.done and scene.table.kitty_size:
            scored = next((e for e in reversed(scene.table.game.events) if isinstance(e, HandScored)), None)
            # the kitty is turned up at every speed when it counts (抠底): that moment is held
            if scored is not None and (scene.pace.kitty > 0 or self._taken(scored)):
                self._reveal(scored)
                return True
        if self.reveal is not None:
            self.left -= dt
            if self.left > 0 or scene.motion.active:
                return True
        scene._open_summary()
        return True

    def skip(self) -> None:
        """Any key while the kitty is turned up: the summary comes at once."""
        self.left = 0.0
        self.scene.motion.finish()

    def _reveal(self, scored: HandScored) -> None:
        scene = self.scene
        self.reveal, self.left, self.done = scored, scene.pace.kitty, True
        scene.place_kitty()
        place_caption(scene)
        self.landed = 0
        scene.flights.kitty(scored.dealer, scored.kitty, scene.kitty_rects, self._landed)
        if self._taken(scored):
            scene.moments.took(KittyMoment(scene, scored))  # shown once the kitty has landed
        scene._sync_words()

    def _taken(self, scored: HandScored) -> bool:
        """Whether the attackers took the kitty (抠底), a moment of its own."""
        return scored.kitty_multiplier is not None and self.scene.deal_moments

    def _landed(self) -> None:
        self.landed += 1
        if self.reveal is not None and self.landed == len(self.reveal.kitty):
            self.scene._sync_words()

    def draw(self, surface: pygame.Surface) -> None:
        """The kitty turned up at the end of the hand (its flights landed)."""
        if self.reveal is not None:
            scene = self.scene
            draw_cards(surface, scene.services, scene.table.game.ctx,
                       list(zip(self.reveal.kitty, scene.kitty_rects))[:self.landed])

    @staticmethod
    def _kitty_words(scored: HandScored) -> Words:
        def words() -> str:
            p, m = scored.kitty_points, scored.kitty_multiplier
            if m is not None and not p:
                return _("The attackers won the last trick, but the kitty holds no points.")
            if m is not None:
                return _("The kitty: {p} points × {m} = {total} for the attackers, who won the last trick.").format(
                    p=p, m=m, total=p * m)
            if not p:
                return _("The kitty holds no points, and the dealers won the last trick.")
            return _("The kitty: {p} points. The dealers won the last trick, so they do not count.").format(p=p)
        return words
