"""Table events that need their moment: a failed throw (甩牌失败), a declaration (亮主),
its reinforcement (加固), an override (反主) and the kitty taken at the hand's end
(抠底 ×N).  Each is shown beside its cards with what it means, and the table waits —
every time, coach on or off — until the learner goes on (any key, a click, or the
panel's Continue button).  A moment waits for the cards in the air to land before it
shows, so nothing flies over its words.

This module holds the manager and the failed throw; ``deal_moments`` the declarations
and the kitty."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import pygame

from engine.cards import Card
from engine.events import ThrowFailed

from ... import coach
from ...i18n import N_, _, ngettext
from ...theme import FELT, FOCUS, ON_FELT, PANEL, PANEL_EDGE
from ...widgets import Button
from ...widgets.base import panel
from .layout import caption_box, draw_cards

if TYPE_CHECKING:
    from ..practice import PracticeTableScene

BEATEN_COLOUR = (214, 64, 52)
"""The frame round a card that loses in a moment (a throw's card another hand can
beat, a declaration overridden)."""


class Moment:
    """One event held on the table: its cards at ``seat``'s place, marked, and its words
    in a panel beside them."""

    seat: int

    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene
        self.card_rects: list[pygame.Rect] = []

    def words(self) -> str:
        raise NotImplementedError

    def cards(self) -> list[Card]:
        """The cards the moment shows at its seat, in the order drawn."""
        return []

    def marks(self) -> list[tuple[pygame.Rect, tuple[int, int, int]]]:
        """Frames round some of the cards (which wins, which loses)."""
        return []

    def place_cards(self) -> None:
        self.card_rects = self.scene.trick.slot_rects(self.seat, len(self.cards()))

    def box(self, width: int, height: int) -> pygame.Rect:
        """The box for the words: beside the cards, toward the middle of the table."""
        return caption_box(self.scene, self.group(), self.seat, height, width)

    def group(self) -> pygame.Rect:
        margin = 2 * self.scene.trick.frame_margin()
        return self.card_rects[0].unionall(self.card_rects).inflate(margin, margin)

    def draw(self, surface: pygame.Surface) -> None:
        scene, m = self.scene, self.scene.metrics
        if self.card_rects:
            pygame.draw.rect(surface, FELT, self.group(), border_radius=m.px(8))
            pygame.draw.rect(surface, ON_FELT, self.group(), 2, border_radius=m.px(8))
            draw_cards(surface, scene.services, scene.table.game.ctx, list(zip(self.cards(), self.card_rects)))
        for rect, colour in self.marks():
            pygame.draw.rect(surface, colour, rect.inflate(4, 4), 3, border_radius=m.px(6))


class ThrowMoment(Moment):
    """A failed throw at the leader's seat: the cards attempted, those another hand can
    beat framed red, the part played instead framed, the penalty under the rule option.
    Everyone at the table sees what was attempted (RULES.md §4); which hand could beat
    it stays hidden."""

    def __init__(self, scene: "PracticeTableScene", event: ThrowFailed) -> None:
        super().__init__(scene)
        self.event = event
        self.seat = event.seat

    def cards(self) -> list[Card]:
        ctx = self.scene.table.game.ctx
        return ctx.sorted(self.event.attempted) if ctx is not None else list(self.event.attempted)

    def marks(self) -> list[tuple[pygame.Rect, tuple[int, int, int]]]:
        beaten, played = Counter(self.event.beaten), Counter(self.event.played)
        out = []
        for card, rect in zip(self.cards(), self.card_rects):
            if played[card] > 0:
                played[card] -= 1
                out.append((rect, FOCUS))
            elif beaten[card] > 0:
                beaten[card] -= 1
                out.append((rect, BEATEN_COLOUR))
        return out

    def words(self) -> str:
        event, table = self.event, self.scene.table
        ctx, learner = table.game.ctx, table.learner
        who = coach.seat_name(event.seat, learner, start=True)
        lines = [
            _("{who} tried to throw {tried}.").format(who=who, tried=coach.cards_label(event.attempted, ctx)),
            _("Another hand can beat {beaten} (framed red), so only {played} is played; the rest goes back "
              "to the hand.").format(beaten=coach.cards_label(event.beaten, ctx),
                                    played=coach.cards_label(event.played, ctx)),
        ]
        if event.penalty:
            attacker = table.game.dealer is not None and event.seat % 2 != table.game.dealer % 2
            lines.append((ngettext(
                "Penalty under this table's rules: the attackers lose {n} point.",
                "Penalty under this table's rules: the attackers lose {n} points.", event.penalty) if attacker
                else ngettext("Penalty under this table's rules: the attackers gain {n} point.",
                              "Penalty under this table's rules: the attackers gain {n} points.",
                              event.penalty)).format(n=event.penalty))
        return "\n".join(lines)


class Moments:
    """The moment on show (``now``; ``None``: the table runs) and those waiting for the
    cards in the air to land."""

    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene
        self.now: Moment | None = None
        self.waiting: list[Moment] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        """The moment's panel: its words, and the Continue button at the bottom."""
        self.go_on = Button(scene.services, N_("Continue (any key)"), self.dismiss, px=16)

    @property
    def held(self) -> bool:
        """Whether the table waits for a moment (on show, or about to be)."""
        return self.now is not None or bool(self.waiting)

    def took(self, moment: Moment) -> None:
        self.waiting.append(moment)
        self.update()

    def update(self) -> None:
        """The next moment waiting comes on once no card is in the air."""
        if self.now is None and self.waiting and not self.scene.motion.active:
            self.now = self.waiting.pop(0)
            self.place()
            self.scene._sync_words()  # the caption gives way to the moment's words

    def place(self) -> None:
        if self.now is None:
            return
        scene, m, r = self.scene, self.scene.metrics, self.scene.trick.rect
        self.now.place_cards()
        pad = m.px(10)
        button_h = max(m.px(34), 30)
        width = min(m.px(440), r.width * 3 // 5)
        scene.moment_panel.place((0, 0, width - 2 * pad, r.height), m)  # as tall as its words need
        height = min(r.height, scene.moment_panel.text_layout().height + 3 * pad + button_h)
        self.box = self.now.box(width, height)
        scene.moment_panel.place((self.box.left + pad, self.box.top + pad, self.box.width - 2 * pad,
                                  self.box.height - 3 * pad // 2 - button_h), m)
        width = min(self.box.width - 2 * pad, max(m.px(210), 190))
        self.go_on.place((self.box.right - pad - width, self.box.bottom - pad - button_h, width, button_h), m)

    def dismiss(self) -> None:
        """The learner goes on: the next moment waiting, or the table runs."""
        self.now = None
        self.update()
        self.scene._sync_words()

    def forget(self) -> None:
        """Everything dropped (an undo, a new hand)."""
        self.now, self.waiting = None, []

    def text(self) -> str:
        return self.now.words() if self.now is not None else ""

    def draw(self, surface: pygame.Surface) -> None:
        if self.now is None:
            return
        self.now.draw(surface)
        panel(surface, self.box, PANEL, PANEL_EDGE, self.scene.metrics.px(10), width=2)
        self.scene.moment_panel.draw(surface)
        self.go_on.draw(surface)
