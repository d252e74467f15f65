"""The review of a finished hand, trick by trick.

Each trick is shown as it was played, each play captioned with its seat, the leader
tagged and the winner framed, the cards of a play in the order the sentences name
them; where the learner's play cost something measurable (``tutor.coach.review``:
points given, a trick lost that a legal play would have won for sure, trumps spent for
nothing, kitty points lost), the learner's cards are marked, the better play is shown
with what the mistake cost, and the lesson that teaches the idea is one button away
(the button is there only then).  ←/→ step through the tricks, N jumps to the
next marked one.

Beside each trick is the learner's decision in it as the table recorded it
(``PracticeTable.learner_plays``; for the kitty's note, the burial): the hand then, in
the table's order with the cards chosen raised, and the level, the trumps and 闲分 at
that moment, read from that view, never worked out again.  A trick whose decision
the table did not see (a match resumed from a save) shows the trick alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from engine import Card
from engine.game import BURYING
from engine.view import PlayerView

from .. import coach
from ..i18n import N_, _
from ..practice import PracticeTable
from ..scene import Scene
from ..theme import ON_FELT, SELECTED, Metrics
from ..widgets import Button, HandFan, Menu, TextPanel, TrickView
from ..widgets.base import Widget
from ..widgets.status import trump_label
from .common import Chrome

if TYPE_CHECKING:
    from ..services import Services
    from .practice import PracticeTableScene


class ReviewScene(Scene):
    def __init__(self, services: "Services", table: PracticeTable) -> None:
        super().__init__(services)
        self.table = table
        tricks = table.game.tricks
        self.notes: dict[int, coach.ReviewNote] = {}
        for note in table.review():
            # the kitty's note belongs to the last trick, which decided it
            self.notes.setdefault(note.trick if note.trick is not None else len(tricks) - 1, note)
        self.index = min(self.notes) if self.notes else 0
        self.decisions = {p.trick: (p.view, p.cards) for p in table.learner_plays}
        """The learner's view before its play in each trick, and the cards played."""
        self.chrome = Chrome(services, N_("Review"))
        self.trick = TrickView(services, viewer=table.learner,
                               names=lambda seat: coach.seat_label(seat, table.learner))
        self.text = TextPanel(services, self.trick_text, px=20, min_px=11)
        self.facts = TextPanel(services, self.facts_text, px=18, min_px=14, background=None, colour=ON_FELT)
        self.hand = HandFan(services)
        self.prev = Button(services, N_("Previous trick"), lambda: self.go(-1), hotkey=1)
        self.next = Button(services, N_("Next trick"), lambda: self.go(1), hotkey=2)
        self.marked = Button(services, N_("Next mistake"), self.next_marked, hotkey=3)
        self.lesson = Button(services, self.lesson_label, self.open_lesson, hotkey=4)
        """Shown only for a trick whose mistake a lesson teaches."""
        self.menu = Menu([self.prev, self.next, self.marked, self.lesson], horizontal=True)
        self.alt_label = TextPanel(services, N_("The better play:"), px=18, min_px=11, background=None,
                                   colour=ON_FELT)
        self.count = len(tricks)
        self._show()

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        """``--scene review``: the practice demo's deal played to its end, the learner
        following badly — the most points it can while an opponent is winning, the
        fewest otherwise — so there are costly plays to show, opened from that hand's
        summary."""
        from engine import points
        from engine.claims import Position
        from engine.game import HAND_OVER, MATCH_OVER, TRICKS
        from engine.play import iter_legal_follows

        table_scene = cast("PracticeTableScene", services.scenes["practice"].demo(services)[0])
        table = table_scene.table

        def following(t: PracticeTable) -> bool:
            return t.phase in (HAND_OVER, MATCH_OVER) or (t.phase == TRICKS and t.learner_to_act and bool(t.view.lead))

        table_scene.play_out(until=following)
        while table.phase == TRICKS:
            view = table.view
            winner = Position(view).winner
            feed = winner is not None and winner % 2 != view.seat % 2
            legal = iter_legal_follows(view.hand, view.lead or (), view.ctx)
            table_scene.autopilot.play_cards(list(max(legal, key=lambda p: points(p) if feed else -points(p))))
            table_scene.play_out(until=following)
        return [table_scene, services.scenes["summary"](services, table_scene), cls(services, table)]  # type: ignore[call-arg]

    # ------------------------------------------------------------ content

    def trick_text(self) -> str:
        record = self.table.game.tricks[self.index]
        learner = self.table.learner
        lines = [coach.trick_line(record.leader, record.winner, record.points, self.index + 1, self.count, learner)]
        note = self.notes.get(self.index)
        if note is None:
            lines.append(_("Your play in this trick cost nothing the coach could measure."))
        else:
            lines.append(note.text())
        lines.append(_("Decisions that cost something this hand: {n}.").format(n=len(self.notes)))
        return "\n\n".join(lines)

    def decision(self) -> tuple[PlayerView, tuple[Card, ...]] | None:
        """The decision shown beside this trick: the learner's view then and the cards
        chosen (the burial for the kitty's note); ``None`` when the table did not see it."""
        note = self.notes.get(self.index)
        if note is not None and note.decision is not None:
            return note.decision, note.played
        return self.decisions.get(self.index)

    def facts_text(self) -> str:
        """The level, the trumps and 闲分 when the learner decided, from its view then."""
        shown = self.decision()
        if shown is None:
            return ""
        view = shown[0]
        trump = trump_label(view.ctx.trump if view.ctx is not None else None)
        template = (_("When you buried: level {level} · trumps: {trump} · attackers' points: {points}")
                    if view.phase == BURYING else
                    _("Before you played: level {level} · trumps: {trump} · attackers' points: {points}"))
        return template.format(level=view.level, trump=trump, points=view.attacker_points)

    def lesson_label(self) -> str:
        note = self.notes.get(self.index)
        return note.lesson_text() if note is not None else ""

    def _show(self) -> None:
        record = self.table.game.tricks[self.index]
        self.trick.set_trick([(p.seat, p.cards) for p in record.plays], record.winner,
                             self.table.game.ctx, record.leader)
        shown = self.decision()
        self.hand.set_cards(shown[0].hand if shown else (), shown[0].ctx if shown else None)
        self.hand.select(shown[1] if shown else ())
        self.prev.enabled = self.index > 0
        self.next.enabled = self.index < self.count - 1
        self.marked.enabled = any(k > self.index for k in self.notes)
        note = self.notes.get(self.index)
        self.lesson.enabled = note is not None and bool(note.lesson_text())
        self.menu.buttons = [self.prev, self.next, self.marked] + ([self.lesson] if self.lesson.enabled else [])
        self.menu.focus = min(self.menu.focus, len(self.menu.buttons) - 1)
        self.menu._sync()

    # ------------------------------------------------------------ actions

    def go(self, delta: int) -> None:
        self.index = max(0, min(self.count - 1, self.index + delta))
        self._show()

    def next_marked(self) -> None:
        later = [k for k in sorted(self.notes) if k > self.index]
        if later:
            self.index = later[0]
            self._show()

    def open_lesson(self) -> None:
        """Open the lesson named on the button (the lessons list if it cannot be read)."""
        note = self.notes.get(self.index)
        if note is None:
            return
        lesson = self.services.lessons.lesson(note.lesson, self.services.store.settings.rule_set()) \
            if note.lesson else None
        scenes = self.services.scenes
        self.services.navigator.push(scenes["lesson"](self.services, lesson) if lesson is not None
                                     else scenes["lessons"](self.services))

    # ------------------------------------------------------------ scene

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        area = self.chrome.place(m)
        button_h = m.px(48)
        gap = m.px(12)
        text_w = min(m.px(460), area.width // 2 - gap)
        body = pygame.Rect(area.left, area.top, area.width, area.height - button_h - gap)
        left = pygame.Rect(body.left, body.top, body.width - text_w - gap, body.height)
        facts_h, hand_h = m.px(30), m.px(132)
        self.facts.place((left.left, left.top, left.width, facts_h), m)
        self.hand.place((left.left, left.bottom - hand_h, left.width, hand_h), m)
        self.trick.place((left.left, left.top + facts_h, left.width, left.height - facts_h - hand_h - gap), m)
        self.text.place((body.right - text_w, body.top, text_w, body.height - m.px(140)), m)
        label_w = m.px(150)
        self.alt_label.place((body.right - text_w, body.bottom - m.px(130), label_w, m.px(130)), m)
        self.alt_box = pygame.Rect(body.right - text_w + label_w, body.bottom - m.px(130), text_w - label_w,
                                   m.px(130))
        step_w = (area.width - 3 * gap) * 2 // 9  # three step buttons, the lesson link the rest
        x = area.left
        for button in self.menu.buttons[:3]:
            button.place((x, area.bottom - button_h, step_w, button_h), m)
            x += step_w + gap
        self.lesson.place((x, area.bottom - button_h, area.right - x, button_h), m)

    def widgets(self) -> list[Widget]:
        shown: list[Widget] = [self.trick, self.text, *self.menu.buttons]
        decided: list[Widget] = [self.facts, self.hand] if self.decision() is not None else []
        return shown + decided + ([self.alt_label] if self.index in self.notes else [])

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.go(-1 if event.key == pygame.K_LEFT else 1)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.next_marked()
            return None
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        self.trick.draw(surface)
        self.text.draw(surface)
        if self.decision() is not None:
            self.facts.draw(surface)
            self.hand.draw(surface)
        note = self.notes.get(self.index)
        if note is not None:
            self.alt_label.draw(surface)
            self._mark(surface, note)
        self.menu.draw(surface)

    def _mark(self, surface: pygame.Surface, note: coach.ReviewNote) -> None:
        """Outline the learner's play (blue: the trick's winner is outlined in yellow;
        not for the kitty's note, whose cards were buried) and draw the coach's play
        under the text."""
        m = self.metrics
        rects = self.trick.play_rects().get(self.table.learner, []) if note.trick is not None else []
        if rects:
            box = rects[0].unionall(rects).inflate(m.px(14), m.px(14))
            pygame.draw.rect(surface, SELECTED, box, m.px(4), border_radius=m.px(10))
        h = self.alt_box.height - m.px(10)
        w = round(h / 1.4)
        step = min(w + m.px(4), (self.alt_box.width - w) // max(1, len(note.alternative) - 1)) \
            if len(note.alternative) > 1 else 0
        ctx = self.table.game.ctx
        for k, card in enumerate(note.alternative):
            trump = ctx is not None and ctx.is_trump(card)
            face = self.services.cards.face(card, w, trump=trump, four_colour=self.services.four_colour)
            surface.blit(face, (self.alt_box.left + k * step, self.alt_box.top + m.px(5)))
