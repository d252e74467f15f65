"""Placeholders for the lesson browser and the lesson player (the lessons issue fills them)."""

from __future__ import annotations

from ..i18n import N_
from .common import PlaceholderScene


class LessonBrowserScene(PlaceholderScene):
    title = N_("Lessons")
    body = N_("Every lesson will be listed here with your stars. Nothing is locked: start anywhere.")


class LessonPlayerScene(PlaceholderScene):
    title = N_("Lesson")
    body = N_(
        "A lesson shows one short goal at a time, for example: “Select all your trumps (the cards with ★).” "
        "You answer on a real hand and the coach tells you at once why an answer is right or wrong."
    )
