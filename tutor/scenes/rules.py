"""The rules reference: the default rules in plain words, a page per topic.

Pages come from ``lessons/reference.yaml`` (``tutor.lessons.reference``): one per rules
topic with example cards and a link to the lesson that teaches it (the lesson index
says which), the glossary of every term the lessons use, the rule options in force
(one line each), questions, strategy tips, common mistakes and a short history.
↑/↓ or a click picks a page, the wheel or Page Up/Down scrolls a long one, L opens
the page's lesson, B shows both languages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from ..i18n import N_, _
from ..coach.naming import lesson_label
from ..lessons import Lesson, LessonLibrary
from ..lessons.index import lesson_number
from ..lessons.reference import Section
from ..scene import Scene
from ..text import TextLayout
from ..theme import ON_FELT, Metrics
from ..widgets import Button, HandFan, Menu, TextPanel
from ..widgets.base import Widget
from ..widgets.scroll_text import ScrollText
from .lessons import BILINGUAL_KEY, bilingual, library_of
from .lessons.pictures import arrange
from .lessons.words import LessonChrome

if TYPE_CHECKING:
    from ..services import Services

PAGE_BUTTON_H = 34
"""The least height (at 1280×800 scale) a page button keeps before the buttons take two columns."""

FOOTER = N_("↑/↓: page · Page Up/Down: scroll · L: open the lesson · B: both languages · Esc: back")


class RulesReferenceScene(Scene):
    def __init__(self, services: "Services", topic: str | None = None, *, term: str | None = None,
                 library: LessonLibrary | None = None) -> None:
        super().__init__(services)
        self.library = library or library_of(services)
        self.rules = services.store.settings.rule_set()
        self.reference, self.problems = self.library.reference()
        self.bilingual = False
        self.lessons = {x.id: x for x in self.library.lessons(self.rules) if isinstance(x, Lesson)}
        self.chrome = LessonChrome(services, N_("Rules reference"), FOOTER)
        titles = self.reference.headings() if self.reference else []
        self.pages = [Button(services, self._label(t), self._chooser(i), px=16) for i, t in enumerate(titles)]
        self.menu = Menu(self.pages)
        self.heading = TextPanel(services, self.heading_text, px=24, bold=True, colour=ON_FELT, background=None)
        self.body = ScrollText(services, self.body_text, px=18)
        self.example = HandFan(services)
        self.caption = TextPanel(services, self.caption_text, px=15, colour=ON_FELT, background=None)
        self.lesson_link = Button(services, self.lesson_label, self.open_lesson, px=17)
        self.both = Button(services, N_("Both languages"), self.toggle_bilingual, px=16)
        self.page = 0
        if self.reference is not None:
            if term is not None:
                self.page = self.reference.glossary_page
            elif topic is not None:
                self.page = next((i for i, s in enumerate(self.reference.sections) if s.id == topic), 0)
        self.menu.focus = self.page
        self.menu._sync()
        self._load_page()
        found = self.reference.term(term) if self.reference is not None and term else None
        if found is not None:
            self.body.scroll_to(_(found.heading))

    def _label(self, msgid: str) -> Callable[[], str]:
        return lambda: _(msgid)

    def _chooser(self, index: int) -> Callable[[], None]:
        def choose() -> None:
            self.page = index
            self._load_page()
        return choose

    @property
    def section(self) -> Section | None:
        if self.reference is None or self.page >= len(self.reference.sections):
            return None
        return self.reference.sections[self.page]

    def _lesson(self) -> Lesson | None:
        section = self.section
        lesson_id = self.library.lesson_for_section(section.id) if section else None
        return self.lessons.get(lesson_id or "")

    def _load_page(self) -> None:
        section = self.section
        example = section.examples[0] if section and section.examples else None
        ctx = example.position.context(section.rules_for(self.rules)) \
            if section is not None and example is not None and example.position is not None else None
        if example is not None:
            cards, badges = arrange(example.cards, example.sort, ctx)
            self.example.set_cards(cards, None)
            self.example.ctx = badges
        else:
            self.example.set_cards(())
        self.lesson_link.enabled = self._lesson() is not None
        self.resize(self.metrics)

    # ----------------------------------------------------------------- text

    def heading_text(self) -> str:
        if self.reference is None:
            return _("The rules reference could not be loaded.")
        return bilingual(self.reference.headings()[self.page], self.bilingual)

    def body_text(self) -> str:
        reference, on = self.reference, self.bilingual
        if reference is None:
            return "\n".join(str(p) for p in self.problems)
        section = self.section
        if section is not None:
            return "\n".join("· " + bilingual(line, on) for line in section.body)
        extra = self.page - len(reference.sections)
        if extra == 0:
            return "\n\n".join(f"● {bilingual(t.heading, on, ' / ')}\n{bilingual(t.body, on)}" for t in reference.glossary)
        if extra == 1:
            return "\n".join("· " + bilingual(line, on) for line in reference.option_lines(self.rules))
        if extra == 2:
            return "\n\n".join(f"{bilingual(f.question, on)}\n{bilingual(f.body, on)}" for f in reference.faq)
        page = reference.pages[extra - 3]
        bullet = "" if page is reference.pages[-1] else "· "  # the history reads as paragraphs
        return "\n".join(bullet + bilingual(line, on) for line in page.body)

    def caption_text(self) -> str:
        section = self.section
        if section is None or not section.examples or not section.examples[0].caption:
            return ""
        return bilingual(section.examples[0].caption, self.bilingual)

    def lesson_label(self) -> str:
        lesson = self._lesson()
        number = lesson_number(lesson.id, self.library.directory) if lesson is not None else None
        return lesson_label(number, _(lesson.title)) if lesson is not None and number is not None else ""

    # ----------------------------------------------------------------- actions

    def open_lesson(self) -> None:
        lesson = self._lesson()
        if lesson is not None:
            self.services.navigator.push(self.services.scenes["lesson"](self.services, lesson, self.rules,
                                                                          library=self.library))

    def toggle_bilingual(self) -> None:
        self.bilingual = not self.bilingual

    # ----------------------------------------------------------------- layout, events, drawing

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        area = self.chrome.place(m)
        gap = m.px(5)
        n = max(1, len(self.pages))
        # one column of page buttons while each can be tall enough to read, else two
        columns = 1 if (area.height - m.px(48)) // n - gap >= m.px(PAGE_BUTTON_H) else 2
        rows = -(-n // columns)
        left_w = min(m.px(280 if columns == 1 else 480), area.width * columns // (columns + 2))
        column_w = (left_w - gap * (columns - 1)) // columns
        h = min(m.px(40), (area.height - m.px(48) - gap * rows) // rows)
        for i, button in enumerate(self.pages):
            column, row = divmod(i, rows)
            button.place((area.left + column * (column_w + gap), area.top + row * (h + gap), column_w, h), m)
        self.both.place((area.left, area.bottom - m.px(40), left_w, m.px(40)), m)
        right = pygame.Rect(area.left + left_w + m.px(20), area.top, area.width - left_w - m.px(20), area.height)
        self.heading.place((right.left, right.top, right.width, m.px(44)), m)
        y = right.top + m.px(48)
        link_h = m.px(42) if self.lesson_link.enabled else 0
        fan_h = min(m.px(150), right.height // 4) if self.example.cards else 0
        caption_h = m.px(30) if self.example.cards else 0
        body_h = right.bottom - y - fan_h - caption_h - link_h - 3 * m.px(8)
        self.body.place((right.left, y, right.width, body_h), m)
        y += body_h + m.px(8)
        self.example.place((right.left, y, right.width, fan_h), m)
        y += fan_h
        self.caption.place((right.left, y, right.width, caption_h), m)
        y += caption_h + m.px(8)
        link_w = min(m.px(460), right.width)
        self.lesson_link.place((right.right - link_w, y, link_w, link_h), m)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        if self.body.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == BILINGUAL_KEY:
                self.toggle_bilingual()
                return None
            if event.key == pygame.K_l:
                self.open_lesson()
                return None
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.pages:
                self.menu.move(-1 if event.key == pygame.K_UP else 1)
                self.menu.buttons[self.menu.focus].activate()
                return None
        for button in (self.lesson_link, self.both):
            if button.enabled and button.handle_event(event) is None:
                return None
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        for i, button in enumerate(self.pages):
            button.focused = i == self.page
        self.menu.draw(surface)
        self.both.draw(surface)
        self.heading.draw(surface)
        self.body.draw(surface)
        if self.example.cards:
            self.example.draw(surface)
            self.caption.draw(surface)
        if self.lesson_link.enabled:
            self.lesson_link.draw(surface)

    def widgets(self) -> list[Widget]:
        shown: list[Widget] = [*self.chrome.widgets(), *self.pages, self.both, self.heading, self.body]
        if self.example.cards:
            shown.extend([self.example, self.caption])
        if self.lesson_link.enabled:
            shown.append(self.lesson_link)
        return shown

    def text_layouts(self) -> list[TextLayout]:
        return self.chrome.text_layouts() + super().text_layouts()
