"""The lesson browser: every lesson with its status and stars; nothing is locked.

Every tile shows the lesson's number (its place in ``lessons/index.yaml``, the number
the review and the rules pages name it by); a click, the arrows and Enter, or 1–9 for
the first nine, open one.  A lesson file with problems is listed with its first
problem (wrapped inside the tile) and opens as a page of all its problems.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from ...i18n import N_, _
from ...lessons import Lesson, LessonLibrary, UnavailableLesson
from ...scene import Scene
from ...text import TextLayout
from ...theme import Metrics
from ...widgets import Button, Menu
from ...widgets.base import Widget
from ...widgets.lesson_tile import LessonTile
from .opening import lesson_scene, library_of
from .words import BILINGUAL_KEY, LessonChrome, bilingual, lesson_status

if TYPE_CHECKING:
    from ...services import Services

FOOTER = N_("Click, arrows and Enter, or 1–9: open a lesson · B: both languages · Esc: back · "
            "F2: 中文 / English")


MAX_ROWS = 5
"""Rows of tiles the browser keeps to, so each tile stays tall enough for its lines:
more lessons take more columns."""


class LessonBrowserScene(Scene):
    """All lessons with title, summary and status; open any."""

    def __init__(self, services: "Services", library: LessonLibrary | None = None) -> None:
        super().__init__(services)
        self.library = library or library_of(services)
        self.rules = services.store.settings.rule_set()
        self.lessons = self.library.lessons(self.rules)
        self.bilingual = False
        self.chrome = LessonChrome(services, N_("Lessons"), FOOTER)
        self.tiles = [LessonTile(services, self._texts(lesson, n), not lesson.available, self._opener(lesson), n)
                      for n, lesson in enumerate(self.lessons, 1)]
        self.columns = 1
        self.reference = Button(services, N_("Rules reference"), self._open_reference, px=18)
        self.both = Button(services, N_("Both languages"), self._toggle_bilingual, px=18)
        self.menu = Menu(self.tiles)

    def _texts(self, lesson: Lesson | UnavailableLesson, number: int) -> Callable[[], tuple[str, str, str]]:
        def texts() -> tuple[str, str, str]:
            status = lesson_status(self.services, lesson)
            if isinstance(lesson, UnavailableLesson):
                first = str(lesson.problems[0]) if lesson.problems else lesson.path
                return (_("Lesson {n}: unavailable").format(n=number), first, status)
            return (bilingual(lesson.title, self.bilingual, " / "), bilingual(lesson.summary, self.bilingual), status)
        return texts

    def _opener(self, lesson: Lesson | UnavailableLesson) -> Callable[[], None]:
        def open_lesson() -> None:
            self.services.navigator.push(lesson_scene(self.services, lesson, self.rules, self.library))
        return open_lesson

    def _open_reference(self) -> None:
        self.services.navigator.push(self.services.scenes["rules"](self.services, library=self.library))

    def _toggle_bilingual(self) -> None:
        self.bilingual = not self.bilingual

    def _move(self, delta: int) -> None:
        """The arrows move the focus over the grid (staying on it at its edges)."""
        target = (self.menu.focus or 0) + delta
        if 0 <= target < len(self.tiles):
            self.menu.focus_at(target)

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        area = self.chrome.place(m)
        bar_h = m.px(44)
        gap = m.px(12)
        cols = self.columns = 3 if len(self.tiles) <= 9 else max(4, -(-len(self.tiles) // MAX_ROWS))
        rows = max(1, -(-len(self.tiles) // cols))
        w = (area.width - gap * (cols - 1)) // cols
        h = (area.height - bar_h - gap - gap * (rows - 1)) // rows
        for i, tile in enumerate(self.tiles):
            r, c = divmod(i, cols)
            tile.place((area.left + c * (w + gap), area.top + r * (h + gap), w, h), m)
        y = area.bottom - bar_h
        bw = m.px(230)
        self.reference.place((area.left, y, bw, bar_h), m)
        self.both.place((area.left + bw + gap, y, bw, bar_h), m)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN and event.key == BILINGUAL_KEY:
            self._toggle_bilingual()
            return None
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.columns, pygame.K_DOWN: self.columns}
        if event.type == pygame.KEYDOWN and event.key in step:
            self._move(step[event.key])
            return None
        for button in (self.reference, self.both):
            if button.handle_event(event) is None:
                return None
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        for tile in self.tiles:
            tile.draw(surface)
        self.reference.draw(surface)
        self.both.draw(surface)

    def widgets(self) -> list[Widget]:
        return [*self.chrome.widgets(), *self.tiles, self.reference, self.both]

    def text_layouts(self) -> list[TextLayout]:
        return self.chrome.text_layouts() + super().text_layouts()
