"""Opening an entry of the lessons list: the lesson player, a broken file as the page
of its problems, or the table for the guided hand (scenes built by name through
``services.scenes``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import Rules

from ...i18n import N_
from ...lessons import GuidedHand, Lesson, LessonLibrary, UnavailableLesson, default_library
from ...lessons.steps import Narration
from ...scene import Scene

if TYPE_CHECKING:
    from ...services import Services


def library_of(services: "Services") -> LessonLibrary:
    """The library the services hold, else the shared one."""
    return getattr(services, "lessons", None) or default_library()


def problem_lesson(broken: UnavailableLesson) -> Lesson:
    """A broken lesson file still opens: as one page listing its problems."""
    text = "\n".join(str(p) for p in broken.problems) or broken.path
    return Lesson(id=broken.id, path=broken.path, title=N_("Lesson unavailable"), summary="", concept="",
                  steps=(Narration(line=1, goal=N_("This lesson file has a problem."), text=text),))


def lesson_scene(services: "Services", lesson: Lesson | GuidedHand | UnavailableLesson,
                 rules: Rules | None = None, library: LessonLibrary | None = None) -> Scene:
    """The scene that plays an entry of the lessons list: the lesson player, or the
    table for the guided hand."""
    if isinstance(lesson, GuidedHand):
        return services.scenes["first_hand"](services, lesson, rules, library)
    return services.scenes["lesson"](services, lesson, rules, library=library)  # type: ignore[call-arg]


def continue_scene(services: "Services") -> Scene:
    """The lessons' "continue": the first entry of the list not completed yet."""
    library = library_of(services)
    rules = services.store.settings.rule_set()
    return lesson_scene(services, library.next_lesson(services.store.progress, rules), rules, library)

