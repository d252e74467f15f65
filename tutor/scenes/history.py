"""The History screen: every practice hand kept (``tutor.record``), newest first.

One line per hand: when it finished, the rules (standard or the options changed),
the learner's side, the result, the 积分 it brought and the review notes and hints.
↑/↓ (or a click) choose a hand, PgUp/PgDn move a page; Enter or "Replay" replays it
trick by trick (the ``replay`` scene), "Play this deal again" starts a practice hand
from its deal code, "Progress" opens the plots.  Only the lines on screen are worded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..coach.naming import then
from ..history import deal_again
from ..i18n import N_, _, ngettext
from ..record import RATING_RULE, HandRow, local_time, title_text
from ..scene import Scene
from ..settings import AGAIN_MATCH_FILE
from ..text import TextLayout, fit_text
from ..theme import FELT_DARK, FOCUS, ON_FELT, ON_FELT_SOFT, Metrics
from ..widgets import Button, Menu, TextPanel
from ..widgets.base import Widget
from .common import Chrome

if TYPE_CHECKING:
    from ..services import Services

COLUMNS = (N_("Finished"), N_("Rules"), N_("Side"), N_("Result"), N_("Rating"), N_("Notes"), N_("Hints"))
WIDTHS = (0.22, 0.14, 0.13, 0.22, 0.1, 0.1, 0.09)
"""Each column's share of the list's width."""
FOOTER = N_("F2: 中文 / English · Esc: back · ↑/↓: choose a hand · Enter: replay it")


def row_cells(row: HandRow) -> tuple[str, ...]:
    """The words of one line of the list, in the language shown."""
    won = row.rating_change > 0  # the team that deals next gains 积分 (engine.rating)
    result = (_("Won, attackers {p}") if won else _("Lost, attackers {p}")).format(p=row.attacker_points)
    return (local_time(row.finished), _("Standard") if not row.variant else _("Own rules"),
            _("Attackers") if row.attacking else _("Dealers"), result, f"{row.rating_change:+d}",
            str(row.notes), str(row.hints))


class HistoryScene(Scene):
    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.chrome = Chrome(services, N_("History"), footer=FOOTER)
        history = services.history
        self.rows = list(reversed(history.hands()))
        self.skipped = history.skipped
        self.selected = 0
        self.top = 0
        self.summary = TextPanel(services, self.summary_text, px=18, min_px=14, colour=ON_FELT, background=None)
        self.replay = Button(services, N_("Replay"), self.open_replay, hotkey=1, enabled=bool(self.rows))
        self.again = Button(services, N_("Play this deal again"), self.play_again, hotkey=2, enabled=bool(self.rows))
        self.progress = Button(services, N_("Progress"), self.open_progress, hotkey=3)
        self.menu = Menu([self.replay, self.again, self.progress], horizontal=True)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 0

    # ------------------------------------------------------------ content

    def summary_text(self) -> str:
        if not self.rows:
            return _("No hands yet: every practice hand you finish is kept here, to replay and learn from.")
        points = self.services.history.rating()
        text = ngettext("{n} hand kept. Rating points: {points}; your title is {title}.",
                        "{n} hands kept. Rating points: {points}; your title is {title}.", len(self.rows)).format(
            n=len(self.rows), points=points, title=title_text(points))
        text = then(text, _(RATING_RULE))
        if self.skipped:
            text = then(text, ngettext("{n} hand could not be read and is not listed.",
                                       "{n} hands could not be read and are not listed.",
                                       self.skipped).format(n=self.skipped))
        return text

    def visible(self) -> int:
        return max(1, self.list_rect.height // max(1, self.row_h) - 1)

    def select(self, index: int) -> None:
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, index))
        page = self.visible()
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + page:
            self.top = self.selected - page + 1

    # ------------------------------------------------------------ actions

    def open_replay(self) -> None:
        if self.rows:
            self.services.navigator.push(self.services.scenes["replay"](self.services, self.rows[self.selected].id))

    def play_again(self) -> None:
        if self.rows:
            row = self.rows[self.selected]
            table = deal_again(row.deal_code, row.learner, self.services.store.settings)
            self.services.navigator.push(self.services.scenes["practice"](self.services, table, slot=AGAIN_MATCH_FILE))

    def open_progress(self) -> None:
        self.services.navigator.push(self.services.scenes["progress"](self.services))

    # ------------------------------------------------------------ scene

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        area = self.chrome.place(m)
        button_h = m.px(48)
        gap = m.px(12)
        top = m.px(110)  # the count, the title and what rating points are: up to four lines
        self.summary.place((area.left, area.top, area.width, top - m.px(6)), m)
        self.list_rect = pygame.Rect(area.left, area.top + top, area.width, area.height - top - button_h - gap)
        self.row_h = m.px(34)
        w = (area.width - 2 * gap) // 3
        for n, button in enumerate(self.menu.buttons):
            button.place((area.left + n * (w + gap), area.bottom - button_h, w, button_h), m)
        self.select(self.selected)

    def widgets(self) -> list[Widget]:
        return [self.summary, *self.menu.buttons]

    def cell_layouts(self) -> list[tuple[TextLayout, tuple[int, int]]]:
        """The header and the lines on screen, each cell fitted to its column."""
        m = self.metrics
        fonts = self.services.fonts
        rows: list[tuple[tuple[str, ...], object]] = [(tuple(_(c) for c in COLUMNS), ON_FELT_SOFT)]
        rows += [(row_cells(row), ON_FELT) for row in self.rows[self.top:self.top + self.visible()]]
        out = []
        pad = m.px(8)
        for r, (cells, colour) in enumerate(rows):
            x = self.list_rect.left
            y = self.list_rect.top + r * self.row_h
            for text, share in zip(cells, WIDTHS):
                w = int(self.list_rect.width * share)
                layout = fit_text(fonts, text, m.fpx(17), w - pad, self.row_h, min_px=9, colour=colour,
                                  bold=r == 0)
                out.append((layout, (x + pad // 2, y + (self.row_h - layout.height) // 2)))
                x += w
        return out

    def text_layouts(self) -> list[TextLayout]:
        return self.chrome.text_layouts() + super().text_layouts() + [t for t, _p in self.cell_layouts()]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible(),
                     pygame.K_PAGEDOWN: self.visible()}
            if event.key in moves:
                self.select(self.selected + moves[event.key])
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.menu.focus is None:
                self.open_replay()
                return None
        if event.type == pygame.MOUSEWHEEL:
            self.select(self.selected - event.y)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.list_rect.collidepoint(event.pos):
            index = self.top + (event.pos[1] - self.list_rect.top) // max(1, self.row_h) - 1
            if self.top <= index < min(len(self.rows), self.top + self.visible()):
                if index == self.selected:
                    self.open_replay()
                else:
                    self.select(index)
            return None
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        self.summary.draw(surface)
        m = self.metrics
        header = pygame.Rect(self.list_rect.left, self.list_rect.top, self.list_rect.width, self.row_h)
        pygame.draw.rect(surface, FELT_DARK, header)
        if self.rows:
            shown = self.selected - self.top + 1
            box = pygame.Rect(self.list_rect.left, self.list_rect.top + shown * self.row_h, self.list_rect.width,
                              self.row_h)
            pygame.draw.rect(surface, FOCUS, box, m.px(3), border_radius=m.px(6))
        for layout, pos in self.cell_layouts():
            layout.draw(surface, pos)
        self.menu.draw(surface)
