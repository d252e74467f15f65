"""The lesson scenes: the browser (``browser``) and the player (``player``: its frame's
words in ``frame_text``, one view per kind of step in ``views``); ``opening`` opens an
entry of the list; the guided hand plays at the table (``tutor/scenes/first_hand.py``)."""

from .browser import LessonBrowserScene
from .opening import continue_scene, lesson_scene, library_of
from .player import LessonPlayerScene
from .words import BILINGUAL_KEY, bilingual

__all__ = ["LessonBrowserScene", "LessonPlayerScene", "BILINGUAL_KEY", "bilingual", "continue_scene", "lesson_scene",
           "library_of"]
