"""The learner's seat played by its AI *through the scene's event handling* (synthetic
clicks on the cards and buttons): the headless demo (``--autoplay``), ``play_out`` and
the tests drive the table the way a player would."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Callable

import pygame

from engine.cards import Card
from engine.game import DECLARING, HAND_OVER, MATCH_OVER

from ...practice import PracticeTable

if TYPE_CHECKING:
    from ..practice import PracticeTableScene


PLAY_OUT_UPDATES = 2_000
"""``play_out`` gives up (an error, never a hang) after this many updates; a whole hand
takes about 130."""


class Autopilot:
    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene

    def click(self, pos: tuple[int, int]) -> None:
        self.scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    def act(self) -> None:
        """The learner's AI acts through clicks on the cards and the action button."""
        scene = self.scene
        move = scene.table.auto_move()
        if scene.table.phase == DECLARING:
            if move is not None:
                self.press_declare(tuple(move))
            self.click(scene.play.rect.center)
            return
        assert move is not None
        self.play_cards(move)

    def play_cards(self, cards: list[Card]) -> None:
        """Choose ``cards`` in the hand and press the action button, as a learner does
        (the autopilot and the review's demo play through here, so the table and the
        shown hand never part)."""
        scene = self.scene
        hand = scene.hand
        hand.clear()
        want = Counter(cards)
        for i, card in enumerate(hand.cards):
            if want[card] > 0 and i not in hand.selected:
                want[card] -= 1
                strip = hand.visible_strip(i)  # the part a learner sees (and clicks) now
                point = (strip.left + max(2, strip.width // 4), strip.bottom - strip.height // 3)
                assert hand.card_at(point) == i, "the card's visible strip is under the pointer"
                self.click(point)
        self.click(scene.play.rect.center)

    def declare(self) -> None:
        """While dealing: declare as the learner's AI would."""
        move = self.scene.table.auto_move()
        if move is not None:
            self.press_declare(tuple(move))

    def press_declare(self, cards: tuple[Card, ...]) -> None:
        """Click the declare button of ``cards``' face."""
        self.scene._sync_side()
        button = self.scene.declaring.button_for(cards)
        if button is not None:
            self.click(button.rect.center)

    def play_out(self, until: Callable[[PracticeTable], bool] | None = None, dt: float = 0.5) -> None:
        """Play on with the learner's seat on autopilot (through the same synthetic input
        as ``autoplay``, AI seats thinking in line) until ``until(table)`` holds, by
        default to the end of the hand; then everything in motion lands."""
        scene = self.scene
        done = until or (lambda table: table.phase in (HAND_OVER, MATCH_OVER))
        autoplay, scene.autoplay = scene.autoplay, True
        background, scene.clock.background = scene.clock.background, False
        scene.resize(scene.metrics)
        for _update in range(PLAY_OUT_UPDATES):
            if done(scene.table):
                break
            scene.update(dt)
        else:
            raise RuntimeError(f"the table did not reach its goal in {PLAY_OUT_UPDATES} updates")
        scene.autoplay, scene.clock.background = autoplay, background
        scene.busy = scene.autoplay and scene.table.phase not in (HAND_OVER, MATCH_OVER)
        scene.motion.finish()
        scene.clock.shown = None
        scene.flights.landing = 0
        scene._sync()
