"""What covers the trick for a moment — the previous trick, the kitty the learner
buried — (any key or click returns), and the card counter beside the coach."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine import points

from ... import coach
from ...i18n import _, ngettext
from ...text import READABLE_PX
from ...theme import FOCUS
from ...widgets.counter import COLUMNS
from .layout import draw_cards

if TYPE_CHECKING:
    from engine.cards import Card

    from ..practice import PracticeTableScene

LAST, KITTY = "last", "kitty"
"""The names of the two views that cover the trick (``PracticeTableScene.peek``)."""


class Peek:
    """A view over the dimmed trick area, framed, with its words in the hint line."""

    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene

    def line(self) -> str:
        """What the hint line says of it ("" if there is nothing to see)."""
        return ""

    def kitty_cards(self) -> tuple["Card", ...]:
        return ()

    def sync_trick(self) -> None:
        self.scene.trick.set_trick([], None, self.scene.table.game.ctx)

    def text(self) -> str:
        line = self.line()
        return coach.then(line, _("Press any key to go back.")) if line else ""

    def draw(self, surface: pygame.Surface) -> None:
        scene, m = self.scene, self.scene.metrics
        area = scene.trick.rect
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, area)
        pygame.draw.rect(surface, FOCUS, area, m.px(3), border_radius=m.px(12))


class PreviousTrick(Peek):
    """The trick before the one in progress, with its winner."""

    def line(self) -> str:
        game, learner = self.scene.table.game, self.scene.table.learner
        if not game.tricks:
            return ""
        record = game.tricks[-1]
        return ngettext("Previous trick (trick {k}): {who} won it, {p} point.",
                        "Previous trick (trick {k}): {who} won it, {p} points.", record.points).format(
            k=len(game.tricks), who=coach.seat_name(record.winner, learner), p=record.points)

    def sync_trick(self) -> None:
        game = self.scene.table.game
        if not game.tricks:
            super().sync_trick()
            return
        record = game.tricks[-1]
        self.scene.trick.set_trick([(p.seat, p.cards) for p in record.plays], record.winner, game.ctx,
                                   record.leader)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.scene.trick.draw(surface)


class KittyView(Peek):
    """The kitty the learner buried (only the dealer sees it)."""

    def kitty_cards(self) -> tuple["Card", ...]:
        return self.scene.table.own_kitty() or ()

    def line(self) -> str:
        kitty = self.kitty_cards()
        return ngettext("Your kitty: {n} cards, {p} point. Only you can see it.",
                        "Your kitty: {n} cards, {p} points. Only you can see it.", points(kitty)).format(
            n=len(kitty), p=points(kitty))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        scene = self.scene
        draw_cards(surface, scene.services, scene.table.game.ctx, list(zip(self.kitty_cards(), scene.kitty_rects)))


class CounterOverlay:
    """The card counter (记牌器) under the coach's panel, when turned on in the settings."""

    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene

    @property
    def shown(self) -> bool:
        scene = self.scene
        return scene.services.store.settings.card_counter and scene.table.game.ctx is not None

    def place(self) -> None:
        """The coach's panel, with the counter under it when it is on."""
        scene = self.scene
        m, rect = scene.metrics, scene.left_rect
        if self.shown:
            # the coach keeps four lines at least: the counter pairs its side suits when short
            coach_h = max(m.px(110), 4 * (READABLE_PX + 6) + m.px(16))
            counter_h = min(max(m.px(190), 168), rect.height - coach_h - m.px(8))
            scene.coach_panel.place((rect.left, rect.top, rect.width, rect.height - counter_h - m.px(8)), m)
            scene.counter.place((rect.left, rect.bottom - counter_h, rect.width, counter_h), m)
        else:
            scene.coach_panel.place(rect, m)

    def sync(self) -> None:
        if self.shown:
            self.scene.counter.set_rows(self.scene.table.still_out(COLUMNS))

    def toggle(self) -> None:
        scene = self.scene
        settings = scene.services.store.settings
        settings.card_counter = not settings.card_counter
        scene.services.store.save_settings()
        scene._sync()

    def draw(self, surface: pygame.Surface) -> None:
        if self.shown:
            self.scene.counter.draw(surface)
