"""The deal and the declarations: one declare button per face the learner could
declare with (in the order the faces arrived, so they never move), the declaration
standing at its declarer's seat with a caption (each declaration and override also has
its moment: ``deal_moments``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from engine.cards import Card
from engine.game import DEALING, DECLARING

from ...hints import pass_label
from ...i18n import _
from ...practice import Words
from ...theme import ON_FELT
from ...widgets import Button
from .phase import COACH_LINES, TablePhase

if TYPE_CHECKING:
    from ..practice import PracticeTableScene

DECLARE_HOTKEYS = range(2, 8)
"""The declare buttons' numbers (there are at most six faces to declare with)."""


class DeclaringPhase(TablePhase):
    def __init__(self, scene: "PracticeTableScene") -> None:
        super().__init__(scene)
        self.buttons: list[Button] = []
        self.faces: list[Card] = []
        self.choices: list[tuple[Card, ...] | None] = []
        """What each declare button declares now (``None``: not allowed now)."""

    def action_label(self) -> str:
        return pass_label(self.scene.table.calls_face_down)

    def action_ready(self, selected: list[Card]) -> bool:
        table = self.scene.table
        if table.phase == DECLARING:
            return table.learner_to_act
        return table.can_submit(selected)

    def submit(self) -> None:
        table = self.scene.table
        if table.phase != DECLARING:
            super().submit()
            return
        table.close_declaring()
        self.scene._sync()

    def coach_words(self) -> list[Words]:
        table = self.scene.table
        tip = table.tip()
        return [said.text for said in table.declare_advice()[:COACH_LINES]] or ([tip.text] if tip else [])

    def caption_words(self) -> Words:
        return self.scene.table.declaration_words()

    def side_buttons(self) -> list[Button]:
        scene = self.scene
        choices = scene.table.declare_choices()
        faces = [face for face, _d in choices]
        if faces != self.faces:
            self.faces = faces
            self.buttons = [Button(scene.services, self._label(n), scene._declarer(n), px=18, hotkey=hotkey)
                            for n, hotkey in zip(range(len(faces)), DECLARE_HOTKEYS)]
        self.choices = [d.cards if d is not None else None for _f, d in choices]
        for button, cards in zip(self.buttons, self.choices):
            button.enabled = cards is not None
        return self.buttons + scene._declaring_buttons()

    def forget_buttons(self) -> None:
        self.faces, self.buttons = [], []

    def sync_trick(self) -> None:
        scene = self.scene
        standing = scene.table.standing()
        plays = [(standing.seat, standing.cards)] if standing is not None else []
        scene.trick.set_trick(plays, None, scene.table.trump_context())

    def hovers(self) -> bool:
        return False  # while dealing, the hint line is about declaring

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the table (not on a button) while dealing deals the rest at once."""
        scene = self.scene
        if scene.table.phase != DEALING or scene.on_button(pos):
            return False
        scene.clock.skip_deal = True  # the AI players still declare after each segment
        scene.motion.finish()
        scene.clock.wait = 0.0
        return True

    def standing_box(self) -> pygame.Rect | None:
        """The frame round the declaration standing, or ``None``."""
        scene = self.scene
        standing = scene.table.standing()
        if scene.table.phase not in (DEALING, DECLARING) or standing is None:
            return None
        rects = scene.trick.slot_rects(standing.seat, len(standing.cards))
        return rects[0].unionall(rects).inflate(2 * scene.trick.frame_margin(), 2 * scene.trick.frame_margin())

    def draw(self, surface: pygame.Surface) -> None:
        """A frame round the declaration standing."""
        box = self.standing_box()
        if box is not None:
            pygame.draw.rect(surface, ON_FELT, box.inflate(-2, -2), 2, border_radius=self.scene.metrics.px(8))

    # ------------------------------------------------------------ the declare buttons

    @staticmethod
    def _face_text(face: Card, cards: tuple[Card, ...] | None, calls: bool) -> str:
        """A declare button's words: one card, a pair of it ("亮一对♠2"), or more; with
        four decks a face-down call ("叫一对♠2")."""
        from ...hints import card_name

        if cards is not None and len(cards) == 2:
            text = _("Call a pair of {card}") if calls else _("Declare a pair of {card}")
            return text.format(card=card_name(face))
        if cards is not None and len(cards) > 2:
            text = _("Call {n} × {card}") if calls else _("Declare {n} × {card}")
            return text.format(n=len(cards), card=card_name(face))
        return (_("Call {cards}") if calls else _("Declare {cards}")).format(cards=card_name(face))

    def _label(self, n: int) -> Callable[[], str]:
        def label() -> str:
            cards = self.choices[n] if n < len(self.choices) else None
            return self._face_text(self.faces[n], cards, self.scene.table.calls_face_down)
        return label

    def declarer(self, n: int) -> Callable[[], None]:
        """What declare button ``n`` does: declare its face's strongest declaration."""
        def declare() -> None:
            scene = self.scene
            cards = self.choices[n] if n < len(self.choices) else None
            if cards is not None and any(d.cards == cards for d in scene.table.declaration_options()):
                scene._took(scene.table.declare(cards))
                scene._sync()
        return declare

    def button_for(self, cards: tuple[Card, ...]) -> Button | None:
        """The enabled declare button of ``cards``' face (it declares the strongest
        declaration of that face, at least ``cards``), as last synced."""
        for button, face, choice in zip(self.buttons, self.faces, self.choices):
            if face == cards[0] and choice is not None and button.enabled:
                return button
        return None
