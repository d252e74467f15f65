"""The moments of the deal and of the hand's end (see ``moments``): a declaration
(亮主), its reinforcement (加固) or an override (反主) at the declarer's seat — what was
shown, what it makes trumps, what can still override it, who deals — and the kitty
taken by the attackers (抠底): which cards, the multiplier, the points moved."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.cards import Card
from engine.events import Declared, HandScored, Overridden, Reinforced

from ... import coach
from ...i18n import _, ngettext
from ...practice import override_words
from ...theme import FELT, FOCUS
from .layout import caption_candidates, draw_cards
from .moments import BEATEN_COLOUR, Moment

if TYPE_CHECKING:
    from ..practice import PracticeTableScene


class DeclarationMoment(Moment):
    """A declaration, a reinforcement or an override, at the declarer's seat; an
    override also shows the declaration it beats, framed red, at its seat."""

    def __init__(self, scene: "PracticeTableScene", event: Declared | Reinforced | Overridden) -> None:
        super().__init__(scene)
        self.event = event
        self.seat = event.declaration.seat
        self.previous_rects: list[pygame.Rect] = []

    def cards(self) -> list[Card]:
        return list(self.event.declaration.cards)

    def marks(self) -> list[tuple[pygame.Rect, tuple[int, int, int]]]:
        return [(rect, FOCUS) for rect in self.card_rects] + [(rect, BEATEN_COLOUR) for rect in self.previous_rects]

    def place_cards(self) -> None:
        event = self.event
        self.previous_rects = []
        if isinstance(event, Overridden) and event.previous.seat != event.declaration.seat:
            self.previous_rects = self.scene.trick.slot_rects(event.previous.seat, len(event.previous.cards))
        super().place_cards()

    def box(self, width: int, height: int) -> pygame.Rect:
        """Beside the declaration, moved (or narrowed) off the one it beats."""
        box = super().box(width, height)
        if not self.previous_rects:
            return box
        beaten = self.previous_rects[0].unionall(self.previous_rects).inflate(self.scene.metrics.px(8), 0)
        if box.colliderect(beaten):
            if beaten.centerx > box.centerx:
                box.right = beaten.left
            else:
                box.left = beaten.right
            box = box.clamp(self.scene.trick.rect).clip(self.scene.trick.rect)
            if box.colliderect(beaten):
                box = box.clip(pygame.Rect(box.left, box.top, beaten.left - box.left, box.height)
                               if beaten.centerx > box.centerx else
                               pygame.Rect(beaten.right, box.top, box.right - beaten.right, box.height))
        return box

    def draw(self, surface: pygame.Surface) -> None:
        event = self.event
        if self.previous_rects and isinstance(event, Overridden):
            scene = self.scene
            draw_cards(surface, scene.services, scene.table.trump_context(),
                       list(zip(event.previous.cards, self.previous_rects)))
            shade = pygame.Surface(self.previous_rects[0].unionall(self.previous_rects).size, pygame.SRCALPHA)
            shade.fill((*FELT, 120))
            surface.blit(shade, self.previous_rects[0].topleft)
        super().draw(surface)

    def words(self) -> str:
        event, table = self.event, self.scene.table
        learner = table.learner
        who = coach.seat_name(event.declaration.seat, learner, start=True)
        shown = coach.cards_label(event.declaration.cards)
        if isinstance(event, Overridden):
            head = _("{who} overrides (反主) with {cards}, beating {previous}'s {beaten}.").format(
                who=who, cards=shown, previous=coach.seat_name(event.previous.seat, learner),
                beaten=coach.cards_label(event.previous.cards))
        elif isinstance(event, Reinforced) and len(event.declaration.cards) == 2:
            head = _("{who} adds the second card (加固): {cards} is a pair now.").format(who=who, cards=shown)
        elif isinstance(event, Reinforced):  # three or four decks: a third or fourth card
            head = _("{who} adds a card (加固): {cards} now.").format(who=who, cards=shown)
        else:
            head = _("{who} declares (亮主) with {cards}.").format(who=who, cards=shown)
        trump = event.declaration.trump
        trumps = (_("Trumps are {suit} for now.").format(suit=coach.suit_label(trump)) if trump is not None
                  else _("No-trump for now: only jokers and level cards are trumps."))
        return "\n".join((head, coach.then(trumps, override_words(event.declaration, table.game.rules, table.game.level)),
                          dealer_words(self.scene)))


def dealer_words(scene: "PracticeTableScene") -> str:
    """Who deals this hand, as the engine has it now."""
    game, learner = scene.table.game, scene.table.learner
    if game.dealer is not None:
        return _("{who} deals this hand, whoever declares.").format(who=coach.seat_name(game.dealer, learner,
                                                                                      start=True))
    dealer = game.dealer_now()
    if dealer is None:
        return ""
    return _("First hand: the last to declare deals, {who} if nobody overrides.").format(
        who=coach.seat_name(dealer, learner))


class KittyMoment(Moment):
    """The attackers won the last trick: the kitty turned up in the middle of the table,
    its point cards framed, with the multiplier and the points it moves (抠底)."""

    def __init__(self, scene: "PracticeTableScene", scored: HandScored) -> None:
        super().__init__(scene)
        self.scored = scored
        self.seat = scored.dealer

    def place_cards(self) -> None:
        self.card_rects = []  # the kitty lies where it landed (drawn by the hand's end)

    def box(self, width: int, height: int) -> pygame.Rect:
        """Under the kitty (else over it)."""
        return caption_candidates(self.scene, height, flying=False, width=width)[0]

    def marks(self) -> list[tuple[pygame.Rect, tuple[int, int, int]]]:
        return [(rect, FOCUS) for card, rect in zip(self.scored.kitty, self.scene.kitty_rects) if card.points]

    def words(self) -> str:
        scored, game = self.scored, self.scene.table.game
        multiplier = scored.kitty_multiplier
        assert multiplier is not None
        lead = game.tricks[-1].plays[0].cards if game.tricks else ()
        moved = scored.kitty_points * multiplier
        kitty_points = [card for card in scored.kitty if card.points]
        head = _("The attackers won the last trick: they take the kitty (抠底) ×{m}.").format(m=multiplier)
        why = _("The last trick was led with {lead}; under this table's rules that makes the kitty count "
                "×{m}.").format(lead=coach.cards_label(lead, game.ctx), m=multiplier)
        if not kitty_points:
            sum_words = _("But the kitty holds no points: nothing moves.")
        else:
            sum_words = ngettext(
                "Kitty points {cards} = {p} point, × {m} = {total} for the attackers: {before} → {after}.",
                "Kitty points {cards} = {p} points, × {m} = {total} for the attackers: {before} → {after}.",
                scored.kitty_points).format(cards=coach.cards_label(kitty_points, game.ctx), p=scored.kitty_points,
                                            m=multiplier, total=moved, before=scored.attacker_points - moved,
                                            after=scored.attacker_points)
        return "\n".join((head, why, sum_words))
