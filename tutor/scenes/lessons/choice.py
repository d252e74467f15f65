"""The steps answered by picking one of a few answers (a question, a drill's or the
final check's quiz), with the picture the question is about."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from engine import trick_winner

from ...i18n import N_
from ...lessons import LessonRun
from ...lessons.feedback import tr
from ...lessons.rules import correct_options
from ...lessons.steps import Choose
from ...text import TextLayout
from ...theme import Metrics
from ...widgets.base import Widget
from ...widgets.card_rows import CardGroup, CardRow, CardRows
from ...widgets.choice_list import RIGHT, WRONG, Choice, ChoiceList
from ...widgets.seat_diagram import SeatDiagram
from .pictures import ShownCards, TrickPicture, arrange, show, trick_rows
from .step_view import Answer, StepView, visible
from .words import SEAT_LABELS, seat_labels

if TYPE_CHECKING:
    from ...services import Services


WIDE_PLAY = 4
"""A question's trick of plays wider than this is drawn as one row per play (three
and four decks lead six or eight cards)."""

PICTURE_LABELS = {"attackers_total": (N_("The kitty"), N_("The last lead"))}
"""Row labels when a choice shows both ``cards`` and ``lead``."""


class ChoiceView(StepView):
    """A question: its picture (cards, a trick, tricks, declarations, a lead and the
    other hands) and the answers, shuffled per learner, behind number keys."""

    def __init__(self, services: "Services", answer: Answer, changed: Callable[[], None],
                 say: Callable[[str], str] = tr) -> None:
        super().__init__(services, answer, changed, say)
        self.list = ChoiceList(services, on_pick=answer)
        self.table = SeatDiagram(services, seat_labels)
        self.fan = ShownCards(services)
        self.trick = TrickPicture(services)
        self.rows = CardRows(services)
        self.picture: str | None = None

    def load(self, run: LessonRun) -> None:
        task, state, ctx, judge_ctx = run.task, run.state, run.display_ctx, run.ctx
        assert isinstance(task, Choose)
        order = run.order()
        self.list.set_choices([Choice(i, self._label(task.options[i].label), task.options[i].cards) for i in order],
                              ctx)
        marks = {i: WRONG for i in state.picks}
        if state.done:
            for i in correct_options(task, judge_ctx):
                marks[i] = RIGHT
        self.list.marks = marks
        self.list.enabled = not state.done
        self.fan.set_cards([])
        self.trick.set([], None, None)
        self.rows.set_rows([])
        self.picture = None
        if task.table:
            self.picture = "table"
        elif task.trick is not None:
            plays = [(task.trick.seat_of(i), list(p or ())) for i, p in enumerate(task.trick.plays)]
            winner = task.trick.seat_of(trick_winner([p for _s, p in plays], judge_ctx)) if state.done else None
            if len(plays[0][1]) > WIDE_PLAY:  # beside the answers the four plays would overlap: a row each
                self.rows.set_rows([CardRow(SEAT_LABELS[seat], (CardGroup(tuple(arrange(cards, task.sort, ctx)[0]),
                                                                          None, seat == winner),))
                                    for seat, cards in plays], ctx)
                self.picture = "rows"
            else:
                self.trick.set(plays, winner, ctx)
                self.picture = "trick"
        elif task.tricks:
            self.rows.set_rows(trick_rows(task.tricks, judge_ctx, state.done), ctx)
            self.picture = "rows"
        elif task.declarations:
            self.rows.set_rows([CardRow(SEAT_LABELS[seat], (CardGroup(cards),)) for seat, cards in task.declarations],
                               ctx)
            self.picture = "rows"
        elif task.lead and (task.others or task.cards):
            first, second = PICTURE_LABELS.get(task.answer or "", (N_("Cards"), N_("The lead")))
            rows = [CardRow(first, (CardGroup(tuple(arrange(task.cards, task.sort, ctx)[0])),))] if task.cards else []
            rows.append(CardRow(second if task.cards else N_("Your lead"),
                                (CardGroup(tuple(arrange(task.lead, task.sort, ctx)[0])),)))
            if task.others:
                rows.append(CardRow(N_("The other hands"),
                                    tuple(CardGroup(tuple(arrange(h, "rank", ctx)[0])) for h in task.others)))
            self.rows.set_rows(rows, ctx)
            self.picture = "rows"
        elif task.cards or task.lead:
            show(self.fan, task.cards or task.lead, task.sort, ctx)
            self.picture = "fan"

    def _label(self, label: str | None) -> Callable[[], str] | None:
        return (lambda: self.say(label)) if label else None

    def place(self, rect: pygame.Rect, m: Metrics) -> None:
        super().place(rect, m)
        gap = m.px(12)
        hidden = pygame.Rect(0, 0, 0, 0)
        self.fan.place(hidden, m)
        self.rows.place(hidden, m)
        self.trick.place(hidden, m)
        self.table.place(hidden, m)
        if self.picture is None:
            width = min(rect.width, m.px(760 if not self.list.pictures else 860))
            self.list.place((rect.centerx - width // 2, rect.top, width, rect.height), m)
            return
        left_w = int(rect.width * (0.55 if self.picture != "rows" else 0.6))
        picture = pygame.Rect(rect.left, rect.top, left_w, rect.height)
        if self.picture == "trick":
            self.trick.place(picture, m)
        elif self.picture == "table":
            h = min(picture.height, m.px(280))
            self.table.place((picture.left, picture.top + (picture.height - h) // 2, picture.width, h), m)
        elif self.picture == "rows":
            self.rows.place(picture, m)
        else:
            h = min(picture.height, m.px(170))
            self.fan.place((picture.left, picture.top + (picture.height - h) // 2, picture.width, h), m)
        self.list.place((rect.left + left_w + gap, rect.top, rect.width - left_w - gap, rect.height), m)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return self.list.handle_event(event) if self.list.enabled else event

    def draw(self, surface: pygame.Surface) -> None:
        if visible(self.table):
            self.table.draw(surface)
        if visible(self.fan):
            self.fan.draw(surface)
        if visible(self.rows):
            self.rows.draw(surface)
        self.trick.draw(surface)
        self.list.draw(surface)

    def widgets(self) -> list[Widget]:
        return [w for w in (self.table, self.fan, self.rows, self.trick.view, self.list) if visible(w)]

    def text_layouts(self) -> list[TextLayout]:
        return super().text_layouts() + [layout for layout, _pos in self.trick.captions()]
