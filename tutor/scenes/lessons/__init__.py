"""The lesson scenes: the browser (``browser``) and the player (``player``, with one
view per kind of step in ``views``)."""

from .browser import LessonBrowserScene
from .player import LessonPlayerScene, library_of
from .words import BILINGUAL_KEY, bilingual

__all__ = ["LessonBrowserScene", "LessonPlayerScene", "BILINGUAL_KEY", "bilingual", "library_of"]
