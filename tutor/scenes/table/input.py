"""The table's input: a view over the trick closes on any key or click; the pointer
resting on a card that cannot be chosen says why, a click on it is refused with the
reason; H, U, L, K, C press their buttons; the rest goes to the menus, the hand and
the coach's panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.cards import Card

from .timing import HAND_KEYS, PASS_KEYS

if TYPE_CHECKING:
    from ...widgets import Button
    from ..practice import PracticeTableScene


class TableInput:
    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene

    def _unpickable_at(self, i: int | None) -> Card | None:
        """The card at hand position ``i`` if the learner may not add it now."""
        hand = self.scene.hand
        if i is None or i in hand.selected:
            return None
        allowed = self.scene.table.selectable(hand.selected_cards())
        card = hand.cards[i]
        return None if allowed is None or card in allowed else card

    def _refused(self, i: int | None) -> bool:
        """Refuse the card at hand position ``i`` with the reason, if it cannot be chosen."""
        scene = self.scene
        card = self._unpickable_at(i)
        if card is None:
            return False
        scene._refuse(scene.table.why_not_words(scene.hand.selected_cards(), card))
        return True

    def keys(self) -> dict[int, "Button"]:
        c = self.scene.controls
        return {pygame.K_h: c.hint, pygame.K_u: c.undo, pygame.K_l: c.last, pygame.K_k: c.kitty, pygame.K_c: c.counter}

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        scene = self.scene
        any_key = (event.type == pygame.KEYDOWN and event.key not in PASS_KEYS
                   or event.type == pygame.MOUSEBUTTONDOWN)
        if scene.moments.now is not None and any_key:
            scene.moments.dismiss()  # any key or click (the Continue button too): the table goes on
            return None
        if scene.peek is not None and any_key:
            scene._toggle_peek(scene.peek)  # any key or click goes back to the table
            return None
        if scene.hand_over.reveal is not None and any_key:
            scene.hand_over.skip()
            return None
        if event.type == pygame.MOUSEMOTION:
            card = self._unpickable_at(scene.hand.card_at(event.pos)) if scene.phase.hovers() else None
            scene.words.hover = scene.table.why_not_words(scene.hand.selected_cards(), card) if card else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if scene.phase.click(event.pos) or self._refused(scene.hand.card_at(event.pos)):
                return None
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                scene.play.activate()
                return None
            keys = self.keys()
            if event.key in keys:
                if keys[event.key] in scene.side_menu.buttons:
                    keys[event.key].activate()
                return None
            if event.key in (pygame.K_UP, pygame.K_SPACE) and scene.hand.focus is not None \
                    and self._refused(scene.hand.focus):
                return None
            if event.key in HAND_KEYS:  # the hand's, though the menus use arrows too
                return scene.hand.handle_event(event)
        for handler in (scene.main_menu, scene.side_menu, scene.hand, scene.coach_panel):
            if handler.handle_event(event) is None:
                return None
        return event
