"""A kept hand replayed trick by trick (opened from the History screen).

The hand is replayed by the engine from its deal code and actions (``tutor.history.
replay``): the trick in the middle, as at the table, with its seats; the learner's
cards as they were when the trick began underneath; on the right what happened and
the review notes about this trick (the kitty's at the last trick).  "All hands" shows
the four hands as they were in rows instead (the hand is over: nothing is hidden now).
←/→ (or the buttons) step, Home/End go to the first and last trick, a click on a dot
jumps to that trick (the dots of tricks with a note are gold); "Play this deal again"
starts a practice hand from the deal code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.game import Game

from ..coach import trick_line
from ..hints import cards_text
from ..history import cards_of, deal_again, hands_before, replay
from ..i18n import N_, _
from ..record import BadRecord, local_time
from ..scene import Scene
from ..seats import seat_label
from ..settings import AGAIN_MATCH_FILE
from ..theme import Metrics
from ..widgets import Button, HandFan, Menu, TextPanel, TrickView
from ..widgets.base import Widget
from ..widgets.card_rows import CardGroup, CardRow, CardRows
from ..widgets.progress_dots import DONE, REACHED, ProgressDots
from .common import Chrome

if TYPE_CHECKING:
    from ..services import Services

FOOTER = N_("F2: 中文 / English · Esc: back · ←/→: trick by trick · Home/End: first/last trick")


class ReplayScene(Scene):
    def __init__(self, services: "Services", hand: int | dict[str, Any]) -> None:
        """``hand``: a kept hand's id in the record, or its data."""
        super().__init__(services)
        self.data: dict[str, Any] | None = None
        self.game: Game | None = None
        self.problem = ""
        try:
            self.data = services.history.hand(hand) if isinstance(hand, int) else hand
            self.game = replay(self.data)
        except BadRecord as exc:
            self.problem = str(exc)
        self.learner = self.data["learner"] if self.data is not None else 0
        self.tricks = self.game.tricks if self.game is not None else ()
        self.notes: dict[int, list[dict[str, Any]]] = {}
        for note in self.data["notes"] if self.data is not None and self.game is not None else []:
            at = note["trick"] if note["trick"] is not None else len(self.tricks) - 1
            self.notes.setdefault(at, []).append(note)
        self.index = 0
        self.show_all = False
        self.chrome = Chrome(services, self.title_text, footer=FOOTER)
        self.trick = TrickView(services, viewer=self.learner, names=lambda seat: seat_label(seat, self.learner))
        self.hand = HandFan(services)
        self.others = CardRows(services)
        self.text = TextPanel(services, self.trick_text, px=19, min_px=11)
        self.dots = ProgressDots(services, self.go_to)
        self.prev = Button(services, N_("Previous trick"), lambda: self.go_to(self.index - 1), hotkey=1)
        self.next = Button(services, N_("Next trick"), lambda: self.go_to(self.index + 1), hotkey=2)
        self.all_button = Button(services, self.all_label, self.toggle_all, hotkey=3)
        self.again = Button(services, N_("Play this deal again"), self.play_again, hotkey=4)
        self.menu = Menu([self.prev, self.next, self.all_button, self.again], horizontal=True)
        self._show()

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        """``--scene replay``: the last hand kept, else a hand of random players played
        now (not kept), opened at its first trick with a review note."""
        rows = services.history.hands()
        if rows:
            return [cls(services, rows[-1].id)]
        from ..history import sample_hand

        scene = cls(services, sample_hand())
        if scene.notes:
            scene.go_to(min(scene.notes))
        return [scene]

    # ------------------------------------------------------------ content

    def title_text(self) -> str:
        if self.data is None:
            return _("Replay")
        return _("Replay: the hand of {when}").format(when=local_time(self.data["finished"]))

    def all_label(self) -> str:
        return _("Only my hand") if self.show_all else _("All hands")

    def trick_text(self) -> str:
        if self.game is None or not self.tricks:
            return _("This hand cannot be shown: {problem}").format(problem=self.problem or "-")
        game = self.game
        record = self.tricks[self.index]
        learner = self.learner
        lines = [trick_line(record.leader, record.winner, record.points, self.index + 1, len(self.tricks), learner)]
        language = self.services.translator.language
        for note in self.notes.get(self.index, []):
            text = note["text"]
            lines.append(text.get(language) or next(iter(text.values()), ""))
        if self.index == len(self.tricks) - 1 and self.data is not None:
            outcome = self.data["outcome"]
            kitty = cards_of(self.data.get("kitty"))
            lines.append(_("The attackers' total: {p}. The kitty: {cards}.").format(
                p=outcome["attacker_points"], cards=cards_text(game.ctx.sorted(kitty) if game.ctx else kitty)))
        return "\n\n".join(lines)

    def _show(self) -> None:
        game = self.game
        self.prev.enabled = self.index > 0
        self.next.enabled = self.index < len(self.tricks) - 1
        self.all_button.enabled = self.again.enabled = game is not None
        if game is None or not self.tricks:
            return
        record = self.tricks[self.index]
        self.trick.set_trick([(p.seat, p.cards) for p in record.plays], record.winner, game.ctx, record.leader)
        held = hands_before(self.tricks, self.index)
        self.hand.set_cards(held[self.learner], game.ctx)
        rows = [CardRow(lambda seat=seat: seat_label(seat, self.learner),
                        (CardGroup(tuple(game.ctx.sorted(held[seat])) if game.ctx else held[seat]),))
                for seat in ((self.learner + k) % 4 for k in range(4))]
        self.others.set_rows(rows, game.ctx)
        self.dots.set_states([DONE if k in self.notes else REACHED for k in range(len(self.tricks))], self.index)

    # ------------------------------------------------------------ actions

    def go_to(self, index: int) -> None:
        if self.tricks:
            self.index = max(0, min(len(self.tricks) - 1, index))
            self._show()

    def toggle_all(self) -> None:
        self.show_all = not self.show_all
        self.resize(self.metrics)

    def play_again(self) -> None:
        if self.data is not None and self.game is not None:
            table = deal_again(self.data["deal_code"], self.learner, self.services.store.settings)
            self.services.navigator.push(self.services.scenes["practice"](self.services, table, slot=AGAIN_MATCH_FILE))

    # ------------------------------------------------------------ scene

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        area = self.chrome.place(m)
        gap = m.px(12)
        button_h = m.px(46)
        dots_h = m.px(26)
        text_w = min(m.px(420), area.width * 2 // 5)
        body = pygame.Rect(area.left, area.top, area.width, area.height - button_h - dots_h - 2 * gap)
        left_w = body.width - text_w - gap
        if self.show_all:  # the four hands across the whole width, under the trick
            top_h = body.height * 2 // 5
            self.trick.place((body.left, body.top, left_w, top_h), m)
            self.text.place((body.right - text_w, body.top, text_w, top_h), m)
            self.others.place((body.left, body.top + top_h + gap, body.width, body.height - top_h - gap), m)
        else:
            hand_h = min(m.px(150), body.height // 3)
            self.trick.place((body.left, body.top, left_w, body.height - hand_h - gap), m)
            self.text.place((body.right - text_w, body.top, text_w, body.height), m)
            self.hand.place((body.left, body.bottom - hand_h, left_w, hand_h), m)
        self.dots.place((area.left, body.bottom + gap, area.width, dots_h), m)
        w = (area.width - 3 * gap) // 4
        for n, button in enumerate(self.menu.buttons):
            button.place((area.left + n * (w + gap), area.bottom - button_h, w, button_h), m)

    def widgets(self) -> list[Widget]:
        shown: list[Widget] = [self.text, *self.menu.buttons]
        if self.game is not None and self.tricks:
            shown += [self.trick, self.dots, self.others if self.show_all else self.hand]
        return shown

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_LEFT: self.index - 1, pygame.K_RIGHT: self.index + 1, pygame.K_HOME: 0,
                     pygame.K_END: len(self.tricks) - 1}
            if event.key in steps:
                self.go_to(steps[event.key])
                return None
        if self.dots.handle_event(event) is None:
            return None
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        if self.game is not None and self.tricks:
            self.trick.draw(surface)
            self.dots.draw(surface)
            (self.others if self.show_all else self.hand).draw(surface)
        self.text.draw(surface)
        self.menu.draw(surface)

