"""Table events that need their moment: a failed throw (甩牌失败) is shown at the
leader's seat — the cards attempted, those another hand can beat marked, the part
played instead and the penalty under the rule option — and the table waits until the
learner goes on (a key or a click), every time, coach on or off.  Everyone at the table
sees what was attempted (RULES.md §4); which hand could beat it stays hidden."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import pygame

from engine.events import ThrowFailed

from ... import coach
from ...i18n import _, ngettext
from ...theme import FELT, FOCUS, ON_FELT
from .layout import caption_box, draw_cards

if TYPE_CHECKING:
    from ..practice import PracticeTableScene

BEATEN_COLOUR = (214, 64, 52)
"""The frame round an attempted card another hand can beat."""


class ThrowMoment:
    def __init__(self, scene: "PracticeTableScene", event: ThrowFailed) -> None:
        self.scene = scene
        self.event = event
        self.card_rects: list[pygame.Rect] = []

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
        lines.append(_("Press any key or click to go on."))
        return "\n".join(lines)

    def place(self) -> None:
        """The attempted cards at the leader's place on the table, the words beside them."""
        scene = self.scene
        self.card_rects = scene.trick.slot_rects(self.event.seat, len(self.event.attempted))
        group = self.card_rects[0].unionall(self.card_rects).inflate(2 * scene.trick.frame_margin(),
                                                                      2 * scene.trick.frame_margin())
        box = caption_box(scene, group, self.event.seat, height=scene.metrics.px(150))
        scene.moment_panel.place(box, scene.metrics)

    def draw(self, surface: pygame.Surface) -> None:
        scene, m = self.scene, self.scene.metrics
        ctx = scene.table.game.ctx
        ordered = ctx.sorted(self.event.attempted) if ctx is not None else list(self.event.attempted)
        group = self.card_rects[0].unionall(self.card_rects).inflate(2 * scene.trick.frame_margin(),
                                                                      2 * scene.trick.frame_margin())
        pygame.draw.rect(surface, FELT, group, border_radius=m.px(8))
        pygame.draw.rect(surface, ON_FELT, group, 2, border_radius=m.px(8))
        cards = list(zip(ordered, self.card_rects))
        draw_cards(surface, scene.services, ctx, cards)
        beaten, played = Counter(self.event.beaten), Counter(self.event.played)
        for card, rect in cards:
            if played[card] > 0:
                played[card] -= 1
                pygame.draw.rect(surface, FOCUS, rect.inflate(4, 4), 3, border_radius=m.px(6))
            elif beaten[card] > 0:
                beaten[card] -= 1
                pygame.draw.rect(surface, BEATEN_COLOUR, rect.inflate(4, 4), 3, border_radius=m.px(6))
        scene.moment_panel.draw(surface)


class Moments:
    """The moment on show (``None``: the table runs)."""

    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene
        self.now: ThrowMoment | None = None

    def took(self, event: ThrowFailed) -> None:
        self.now = ThrowMoment(self.scene, event)
        self.now.place()

    def place(self) -> None:
        if self.now is not None:
            self.now.place()

    def dismiss(self) -> None:
        self.now = None

    def text(self) -> str:
        return self.now.words() if self.now is not None else ""

    def draw(self, surface: pygame.Surface) -> None:
        if self.now is not None:
            self.now.draw(surface)
