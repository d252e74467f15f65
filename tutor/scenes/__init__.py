"""Every scene, registered by name for ``main.py --scene NAME``.

To add a scene:
1. write ``tutor/scenes/<name>.py`` with a ``Scene`` subclass whose constructor takes
   the services first (``MyScene(services, ...)``); compute rectangles in ``resize``,
   translate in ``draw`` (see ``tutor/scene.py`` for the lifecycle);
2. add it to ``SCENES`` below; if its constructor needs more than the services, or it
   is an overlay that needs a scene below it, override the ``demo`` classmethod to
   return the scenes to push with demo content;
3. open it from another scene by name: ``self.services.navigator.push(
   self.services.scenes["my_scene"](self.services, ...))`` (no scene module imports
   another: ``tests/app/test_scene_imports.py``);
4. render it in both languages and look at the result:
   ``.venv/bin/python main.py --scene NAME --lang zh --size 960x600 --screenshot out.png``.

A scene's module is imported when the scene is first asked for (``SCENES[name]``), so
the app starts by loading the home screen only.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from ..scene import Scene


class _Registry(Mapping[str, type[Scene]]):
    """Scene classes by name, from ``"module:Class"`` (relative to this package)."""

    def __init__(self, where: dict[str, str]) -> None:
        self._where = where

    def __getitem__(self, name: str) -> type[Scene]:
        module, _, cls = self._where[name].partition(":")
        scene: type[Scene] = getattr(import_module(module, __name__), cls)
        return scene

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


SCENES: Mapping[str, type[Scene]] = _Registry({
    "home": ".home:HomeScene",
    "settings": ".settings:SettingsScene",
    "lessons": ".lessons:LessonBrowserScene",
    "lesson": ".lessons:LessonPlayerScene",
    "rules": ".rules:RulesReferenceScene",
    "practice": ".practice:PracticeTableScene",
    "summary": ".summary:HandSummaryScene",
    "review": ".review:ReviewScene",
    "first_hand": ".first_hand:GuidedHandScene",
    "history": ".history:HistoryScene",
    "replay": ".replay:ReplayScene",
    "progress": ".progress:ProgressScene",
})
"""One line per scene.  Scenes open each other by name through ``services.scenes`` (this
mapping), never by importing another scene's module."""

from .home import HomeScene  # noqa: E402  (the first screen, always needed)
from .notice import NoticeScene  # noqa: E402

__all__ = ["SCENES", "HomeScene", "NoticeScene"]
