"""The lesson scenes: the browser (``browser``) and the player (``player``, with one
view per kind of step in ``views``); the guided hand plays at the table
(``tutor/scenes/first_hand.py``)."""

from .browser import LessonBrowserScene
from .player import LessonPlayerScene, continue_scene, lesson_scene, library_of
from .words import BILINGUAL_KEY, bilingual

__all__ = ["LessonBrowserScene", "LessonPlayerScene", "BILINGUAL_KEY", "bilingual", "continue_scene", "lesson_scene",
           "library_of"]
