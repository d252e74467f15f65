"""Text shared by the lesson scenes and the rules reference: the bilingual view, seat
names, a lesson's status line, and the footer of the lesson screens."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _
from ...lessons import Lesson, UnavailableLesson
from ...lessons.feedback import tr
from ...seats import LABELS as SEAT_LABELS
from ...text import TextLayout, fit_text
from ...theme import ON_FELT_SOFT
from ...widgets.text_panel import TextSource, resolve
from ..common import Chrome

if TYPE_CHECKING:
    from ...services import Services

BILINGUAL_KEY = pygame.K_b


def bilingual(text: str | None, on: bool, sep: str = "\n") -> str:
    """``text`` (a msgid or ``Phrase``) in the current language; with ``on`` the other
    language follows, under it (``sep`` a line break) or beside it (" / ")."""
    first = tr(text)
    if not on or not text:
        return first
    other = next(code for code in i18n.LANGUAGES if code != i18n.language())
    second = tr(text, i18n.load_translations(other))
    return f"{first}{sep}{second}" if second != first else first


def seat_labels() -> list[str]:
    return [_(label) for label in SEAT_LABELS]


def stars_text(stars: int) -> str:
    stars = max(0, min(3, stars))
    return "★" * stars + "☆" * (3 - stars)


def lesson_status(services: "Services", lesson: Lesson | UnavailableLesson) -> str:
    """One line: unavailable, not started, started, or completed with its stars."""
    if not lesson.available:
        return _("Unavailable: open it to see the problems.")
    progress = services.store.progress.get(lesson.id)
    if progress is None:
        return _("Not started")
    if not progress.completed:
        return _("Started")
    return _("Completed") + "  " + stars_text(progress.stars)


class LessonChrome(Chrome):
    """The title bar and Back button of every screen, with the lesson screens' keys
    in the footer."""

    def __init__(self, services: "Services", title, footer: TextSource) -> None:
        super().__init__(services, title)
        self.footer_source = footer

    def footer_layout(self) -> TextLayout:
        m = self.metrics
        return fit_text(self.services.fonts, resolve(self.footer_source), m.fpx(14), m.width - m.px(40),
                        self.footer.height, colour=ON_FELT_SOFT, min_px=9)
