"""One small view per kind of step: its pictures and how the learner answers.

The player scene owns the frame (goal, text, feedback, buttons) and asks the view of
the current step (``VIEWS[kind]``) for the middle of the screen.  A view is given the
services and two callbacks: ``answer(cards_or_option)`` and ``changed()`` (the
selection changed); it reads the run it is shown, never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from engine import Card, TrumpContext, legal_follow, trick_winner

from ...i18n import N_, _
from ...lessons import LessonRun
from ...lessons.model import ACTIONS, Choose, Declare, Lead, Narration, PlayTrick, SelectCards, Step, Trick
from ...lessons.feedback import tr
from ...lessons.rules import correct_options
from ...lessons.session import STARS_RULE
from ...text import TextLayout, fit_text
from ...theme import ON_FELT, ON_FELT_SOFT, Metrics
from ...widgets import HandFan, TextPanel, TrickView, card_height
from ...widgets.base import Widget
from ...widgets.card_rows import CardGroup, CardRow, CardRows
from ...widgets.choice_list import RIGHT, WRONG, Choice, ChoiceList
from ...widgets.seat_diagram import SeatDiagram
from .words import SEAT_LABELS, SHORT_SEATS, seat_labels, stars_text

if TYPE_CHECKING:
    from ...services import Services

Answer = Callable[[object], None]


class ShownCards(HandFan):
    """A fan that keeps the order it is given; ★ still comes from ``ctx``."""

    def set_cards(self, cards: Sequence[Card], ctx: TrumpContext | None = None) -> None:
        super().set_cards(cards, None)
        self.ctx = ctx


def arrange(cards: Sequence[Card], sort: str, ctx: TrumpContext | None) -> tuple[list[Card], TrumpContext | None]:
    """Cards in the step's order (``sort``) and the context that marks trumps ★."""
    if sort == "printed" or ctx is None:
        ordered = sorted(cards, key=lambda c: (-1 if c.is_joker else c.index // 13, -c.index))
        return (list(cards) if sort == "given" else ordered), None
    if sort == "given":
        return list(cards), ctx
    return ctx.sorted(cards), ctx


def show(fan: HandFan, cards: Sequence[Card], sort: str, ctx: TrumpContext | None) -> None:
    ordered, badges = arrange(cards, sort, ctx)
    fan.set_cards(ordered, badges)


def select(fan: HandFan, cards: Sequence[Card]) -> None:
    """Raise exactly ``cards`` in the fan (to show an answer)."""
    wanted = list(cards)
    fan.selected = set()
    for i, card in enumerate(fan.cards):
        if card in wanted:
            wanted.remove(card)
            fan.selected.add(i)


def without(cards: Sequence[Card], gone: Sequence[Card]) -> list[Card]:
    rest = list(cards)
    for card in gone:
        if card in rest:
            rest.remove(card)
    return rest


def trick_rows(tricks: Sequence[Trick], ctx: TrumpContext, outline: bool) -> list[CardRow]:
    """One row per finished trick: the plays in order, each under its seat."""
    rows = []
    for n, trick in enumerate(tricks, 1):
        plays = [list(p or ()) for p in trick.plays]
        winner = trick_winner(plays, ctx) if outline else None
        groups = tuple(CardGroup(tuple(p), SHORT_SEATS[trick.seat_of(i)], i == winner) for i, p in enumerate(plays))
        rows.append(CardRow(lambda n=n: _("Trick {n}").format(n=n), groups))
    return rows


class StepView:
    """The middle of the screen for one kind of step."""

    action: str | None = None
    """The action button's label (a msgid), if the step is answered with cards."""
    passes = False
    """Whether the step offers Pass (declaring)."""

    def __init__(self, services: "Services", answer: Answer, changed: Callable[[], None],
                 say: Callable[[str], str] = tr) -> None:
        self.services, self.answer, self.changed, self.say = services, answer, changed, say
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.metrics = Metrics(1280, 800)

    def load(self, run: LessonRun) -> None:
        """Show the run's current step."""

    def place(self, rect: pygame.Rect, metrics: Metrics) -> None:
        self.rect, self.metrics = pygame.Rect(rect), metrics

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets():
            widget.draw(surface)

    def widgets(self) -> list[Widget]:
        return []

    def text_layouts(self) -> list[TextLayout]:
        return [layout for widget in self.widgets() for layout in widget.text_layouts()]

    def room(self, free: int, m: Metrics) -> int:
        """The height the view keeps for itself out of ``free`` (the text gets the rest)."""
        return free * 3 // 5

    def ready(self) -> bool:
        """The action button may be pressed."""
        return False

    def submit(self) -> None:
        """Press the action button."""


def _visible(widget: Widget) -> bool:
    return widget.rect.width > 0 and widget.rect.height > 0


class NarrationView(StepView):
    """Text with cards, the seats, or a few finished tricks."""

    def __init__(self, services: "Services", answer: Answer, changed: Callable[[], None],
                 say: Callable[[str], str] = tr) -> None:
        super().__init__(services, answer, changed, say)
        self.fan = ShownCards(services)
        self.table = SeatDiagram(services, seat_labels)
        self.rows = CardRows(services)
        self.caption = TextPanel(services, self._caption, px=15, min_px=11, colour=ON_FELT_SOFT, background=None,
                                 align="center")
        """The cards' caption, under them (never inside the text)."""
        self.step: Narration | None = None

    def _caption(self) -> str:
        return self.say(self.step.caption) if self.step is not None and self.step.caption else ""

    def load(self, run: LessonRun) -> None:
        step = run.step
        assert isinstance(step, Narration)
        self.step = step
        ctx = run.display_ctx
        show(self.fan, step.cards, step.sort, ctx)
        select(self.fan, step.highlight)
        self.rows.set_rows(trick_rows(step.tricks, run.ctx, True) if step.tricks else [], ctx)

    def room(self, free: int, m: Metrics) -> int:
        step = self.step
        return free * 3 // 5 if step is not None and (step.cards or step.table or step.tricks) else 0

    def place(self, rect: pygame.Rect, m: Metrics) -> None:
        super().place(rect, m)
        hidden = (0, 0, 0, 0)
        for widget in (self.fan, self.table, self.rows, self.caption):
            widget.place(hidden, m)
        step = self.step
        if step is None:
            return
        if step.table:
            h = min(rect.height, m.px(300))
            self.table.place((rect.left, rect.top + (rect.height - h) // 2, rect.width, h), m)
        elif step.tricks:
            self.rows.place(rect, m)
        elif step.cards:
            below = m.px(28) if step.caption else 0
            h = min(rect.height - below, m.px(200))
            top = rect.top + (rect.height - h - below) // 2
            self.fan.place((rect.left, top, rect.width, h), m)
            if below:
                self.caption.place((rect.left, top + h + m.px(4), rect.width, below - m.px(4)), m)

    def widgets(self) -> list[Widget]:
        return [w for w in (self.table, self.rows, self.fan, self.caption) if _visible(w)]


LATER = N_("{seat}, after you")
FACE_DOWN_CALL = N_("{seat}, face down")


class TrickPicture:
    """A trick on the table with a label beside each play; plays after the learner's
    are face down until the learner has played (a table hides them)."""

    def __init__(self, services: "Services") -> None:
        self.services = services
        self.view = TrickView(services, viewer=0)
        self.later: set[int] = set()
        """Seats whose cards are drawn face down: a scripted play after the learner's, or
        a four-deck call (暗叫)."""
        self.why = LATER

    def set(self, plays: list[tuple[int, list[Card]]], winner: int | None, ctx: TrumpContext | None,
            later: set[int] = frozenset(), why: str = LATER) -> None:  # type: ignore[assignment]
        """``why`` (a msgid with ``{seat}``) labels the face-down seats."""
        self.view.set_trick(plays, winner, ctx)
        self.later, self.why = set(later), why

    def faces(self) -> list[tuple[int, list[Card]]]:
        """The plays drawn face up: every play but those still hidden."""
        return [(seat, cards) for seat, cards in self.view.plays if seat not in self.later]

    def place(self, rect: pygame.Rect, m: Metrics) -> None:
        """A few pixels shorter when the cards would be an odd number of pixels tall
        (``TrickView`` then draws the bottom play a pixel below its box)."""
        for shrink in range(8):
            self.view.place((rect.left, rect.top, rect.width, max(0, rect.height - shrink)), m)
            if card_height(self.view.card_width()) % 2 == 0:
                return

    def captions(self) -> list[tuple[TextLayout, tuple[int, int]]]:
        view, m = self.view, self.view.metrics
        if not view.rect.height:
            return []
        r, found = view.rect, []
        for seat, rects in view.play_rects().items():
            if not rects:
                continue
            # the winner's frame goes round the cards: labels keep clear of it
            cards = rects[0].unionall(rects).inflate(2 * view.frame_margin(), 2 * view.frame_margin())
            width = min(m.px(230), r.width // 2)
            text = _(SEAT_LABELS[seat])
            if seat in self.later:
                text = _(self.why).format(seat=text)
            align = "center" if seat % 2 else "right" if seat == 2 else "left"
            layout = fit_text(self.services.fonts, text, m.fpx(14), width, m.px(24), colour=ON_FELT_SOFT,
                              align=align, min_px=9)
            if seat % 2:  # left and right: above the cards
                x = min(max(r.left, cards.centerx - width // 2), r.right - width)
                y = max(r.top, cards.top - m.px(24))
            elif seat == 2:  # partner: left of the cards, clear of the right seat's label
                x = max(r.left, cards.left - m.px(6) - width)
                y = cards.centery - layout.height // 2
            else:  # you: right of the cards
                x = min(cards.right + m.px(6), r.right - width)
                y = cards.centery - layout.height // 2
            found.append((layout, (x, y)))
        return found

    def draw(self, surface: pygame.Surface) -> None:
        if not self.view.rect.height:
            return
        self.view.draw(surface)
        rects = self.view.play_rects()
        back = self.services.cards.back(self.view.card_width())
        for seat in self.later:
            for rect in rects.get(seat, ()):
                surface.blit(back, rect)
        for layout, pos in self.captions():
            layout.draw(surface, pos)


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
        self.action = ACTIONS[task.kind]
        self.passes = isinstance(task, Declare)
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
        if _visible(self.rows):
            self.rows.draw(surface)
        self.trick.draw(surface)
        self.hand.draw(surface)

    def widgets(self) -> list[Widget]:
        return [w for w in (self.rows, self.trick.view, self.hand) if _visible(w)]

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
        if _visible(self.table):
            self.table.draw(surface)
        if _visible(self.fan):
            self.fan.draw(surface)
        if _visible(self.rows):
            self.rows.draw(surface)
        self.trick.draw(surface)
        self.list.draw(surface)

    def widgets(self) -> list[Widget]:
        return [w for w in (self.table, self.fan, self.rows, self.trick.view, self.list) if _visible(w)]

    def text_layouts(self) -> list[TextLayout]:
        return super().text_layouts() + [layout for layout, _pos in self.trick.captions()]


class RecapView(StepView):
    """The stars this run has earned so far and what earns three."""

    def __init__(self, services: "Services", answer: Answer, changed: Callable[[], None],
                 say: Callable[[str], str] = tr) -> None:
        super().__init__(services, answer, changed, say)
        self.stars = TextPanel(services, "", px=40, colour=ON_FELT, background=None, align="center")
        self.par = TextPanel(services, "", px=17, colour=ON_FELT_SOFT, background=None, align="center")

    def load(self, run: LessonRun) -> None:
        done = not run.open_steps()
        self.stars.text = (lambda: stars_text(run.stars)) if done else ""
        right = sum(run.states[i].solved for i in run.quiz)

        def par() -> str:
            line = _(STARS_RULE)
            if run.quiz and done:
                line = _("Right answers: {n} of {total}.").format(n=right, total=len(run.quiz)) + "\n" + line
            return line

        self.par.text = par

    def room(self, free: int, m: Metrics) -> int:
        return min(free // 3, m.px(120))

    def place(self, rect: pygame.Rect, m: Metrics) -> None:
        super().place(rect, m)
        h = min(rect.height // 2, m.px(70))
        self.stars.place((rect.left, rect.top, rect.width, h), m)
        self.par.place((rect.left, rect.top + h, rect.width, min(rect.height - h, m.px(84))), m)

    def widgets(self) -> list[Widget]:
        return [w for w in (self.stars, self.par) if _visible(w)]


VIEWS: dict[str, type[StepView]] = {
    "narration": NarrationView,
    "choose": ChoiceView,
    "select_cards": CardTaskView,
    "play_trick": CardTaskView,
    "lead": CardTaskView,
    "declare": CardTaskView,
    "recap": RecapView,
}
"""The view of each step kind (a drill or quiz question shows its task's view)."""


def view_kind(step: Step, run: LessonRun) -> str:
    task = run.task
    return task.kind if task is not None else step.kind

