"""Lessons: data files in ``lessons/``, judged by the engine through named rules.

``LessonLibrary`` reads the index, every lesson and the rules reference once (broken
files become ``UnavailableLesson``); ``LessonRun`` is one learner's way through one
lesson; ``GuidedHand`` is the guided first hand (``hand``), played at the table; ``python -m tutor.lessons check`` validates lesson files.  Nothing here
imports pygame.
"""

from .hand import GuidedHand
from .library import LessonLibrary, default_library
from .loader import LESSON_DIR, load_all, load_lesson
from .marking import Feedback
from .model import SEATS, Lesson, Problem, UnavailableLesson
from .session import LessonRun

__all__ = [
    "LESSON_DIR", "load_all", "load_lesson", "LessonLibrary", "default_library",
    "SEATS", "Lesson", "GuidedHand", "Problem", "UnavailableLesson",
    "Feedback", "LessonRun",
]
