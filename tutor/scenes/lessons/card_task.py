"""The steps answered with cards: select cards, play to a trick, lead or declare."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from engine import Card, legal_follow, trick_winner

from ...i18n import N_
from ...lessons import LessonRun
from ...lessons.feedback import tr
from ...lessons.steps import ACTIONS, Declare, declare_buttons, Lead, PlayTrick, SelectCards
from ...text import TextLayout
from ...theme import Metrics
from ...widgets.base import Widget
from ...widgets.card_rows import CardGroup, CardRow, CardRows
from .pictures import FACE_DOWN_CALL, ShownCards, TrickPicture, arrange, select, show, without
from .step_view import Answer, StepView, visible
from .words import SEAT_LABELS

if TYPE_CHECKING:
    from ...services import Services


class CardTaskView(StepView):
    """Select cards, play to a trick, lead or declare: the hand at the bottom, the
    trick (or the declaration on the table) above it, other hands or the cards
    already played at the top."""

    def __init__(self, services: "Services", answer: Answer, changed: Callable[[], None],
                 say: Callable[[str], str] = tr) -> None:
        super().__init__(services, answer, changed, say)
        self.hand = ShownCards(services, on_change=lambda _cards: changed())
        self.trick = TrickPicture(services)
        self.rows = CardRows(services)
        self.done = False
        self.has_table = False

    def load(self, run: LessonRun) -> None:
        task, state, ctx = run.task, run.state, run.display_ctx
        assert task is not None
        self.passes = isinstance(task, Declare)
        self.calls = self.passes and run.ctx.rules.variant.hidden_calls  # Call and 不叫, not Show and 不亮
        self.action = declare_buttons(task, run.rules)[0] if self.passes else ACTIONS[task.kind]
        self.done = state.done
        played = list(state.played or ())
        hand = list(getattr(task, "hand", ()))
        if self.done and isinstance(task, (PlayTrick, Lead)):
            hand = without(hand, played)
        show(self.hand, hand, task.sort, ctx)
        if self.done and isinstance(task, SelectCards):
            select(self.hand, played)
        replies = self._replies(run, played)
        rows: list[CardRow] = []
        if isinstance(task, Lead) and task.played:
            rows.append(CardRow(N_("Played so far"), (CardGroup(tuple(arrange(task.played, "rank", ctx)[0])),)))
        others = getattr(task, "others", ())
        for seat, cards in zip((1, 2, 3), others):
            label = SEAT_LABELS[seat] if isinstance(task, Lead) else N_("Another hand")
            left = without(cards, replies.get(seat, ()))
            rows.append(CardRow(label, (CardGroup(tuple(arrange(left, "rank", ctx)[0])),)))
        self.rows.set_rows(rows, ctx)
        self.has_table = isinstance(task, (PlayTrick, Declare, Lead))
        self._set_trick(run, played, replies)

    def _replies(self, run: LessonRun, played: list[Card]) -> dict[int, list[Card]]:
        """After a lead is answered, what each other seat plays to it (the engine's
        cheapest legal follow)."""
        task = run.task
        if not (isinstance(task, Lead) and task.others and self.done and played):
            return {}
        if any(len(hand) < len(played) for hand in task.others):
            return {}  # only part of the other hands is known (a throw's suit): no trick to show
        return {seat: legal_follow(list(hand), played, run.ctx) for seat, hand in zip((1, 2, 3), task.others)}

    def _set_trick(self, run: LessonRun, played: list[Card], replies: dict[int, list[Card]]) -> None:
        task, ctx, judge_ctx = run.task, run.display_ctx, run.ctx
        if isinstance(task, PlayTrick) and task.trick is not None:
            trick, yours = task.trick, task.trick.your_index or 0
            plays = [(trick.seat_of(i), list(p) if p is not None else played)
                     for i, p in enumerate(trick.plays) if p is not None or self.done]
            later = set() if self.done else {trick.seat_of(i) for i in range(yours + 1, 4)}
            winner = trick.seat_of(trick_winner(trick.with_play(played), judge_ctx)) if self.done else None
            self.trick.set(plays, winner, ctx, later)
        elif isinstance(task, Declare):
            plays = [(task.shown[0], list(task.shown[1]))] if task.shown is not None else []
            if self.done and played:
                plays = [p for p in plays if p[0] != 0] + [(0, played)]
            # four decks call face down (暗叫) until the deal ends: another seat's call shows its backs
            hidden = {seat for seat, _cards in plays if seat != 0} if judge_ctx.rules.variant.hidden_calls else set()
            self.trick.set(plays, None, ctx, hidden, FACE_DOWN_CALL)
        elif isinstance(task, Lead) and self.done and played:
            plays = [(0, played)] + sorted(replies.items())
            winner = plays[trick_winner([p for _s, p in plays], judge_ctx)][0] if replies else None
            self.trick.set(plays, winner, ctx)
        else:
            self.trick.set([], None, None)

    def place(self, rect: pygame.Rect, m: Metrics) -> None:
        """The hand at the bottom; above it the trick, with the other hands or the
        cards played so far beside it (or above the hand when there is no trick)."""
        super().place(rect, m)
        gap = m.px(10)
        rows = len(self.rows.rows)
        hand_h = min(m.px(190), rect.height * 9 // 20 if self.has_table or rows else rect.height)
        self.hand.place((rect.left, rect.bottom - hand_h, rect.width, hand_h), m)
        above = pygame.Rect(rect.left, rect.top, rect.width, rect.height - hand_h - gap)
        if not self.has_table:
            self.trick.place(pygame.Rect(0, 0, 0, 0), m)
            self.rows.place(above if rows else (0, 0, 0, 0), m)
            if not rows:
                self.hand.place((rect.left, rect.top + (rect.height - hand_h) // 2, rect.width, hand_h), m)
            return
        if rows:
            side = int(above.width * 0.42)
            self.rows.place((above.left, above.top, side, min(above.height, rows * m.px(130))), m)
            self.trick.place(pygame.Rect(above.left + side + gap, above.top, above.width - side - gap, above.height), m)
        else:
            self.rows.place((0, 0, 0, 0), m)
            self.trick.place(pygame.Rect(above.left + above.width // 6, above.top, above.width * 2 // 3, above.height), m)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if not self.done and self.hand.cards:
            return self.hand.handle_event(event)
        return event

    def draw(self, surface: pygame.Surface) -> None:
        if visible(self.rows):
            self.rows.draw(surface)
        self.trick.draw(surface)
        self.hand.draw(surface)

    def widgets(self) -> list[Widget]:
        return [w for w in (self.rows, self.trick.view, self.hand) if visible(w)]

    def text_layouts(self) -> list[TextLayout]:
        return super().text_layouts() + [layout for layout, _pos in self.trick.captions()]

    def ready(self) -> bool:
        return not self.done and bool(self.hand.selected)

    def submit(self) -> None:
        if self.ready():
            self.answer(self.hand.selected_cards())

    def pass_(self) -> None:
        if self.passes and not self.done:
            self.answer([])
