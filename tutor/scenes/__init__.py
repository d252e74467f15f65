"""Every scene, registered by name for ``main.py --scene NAME``.

To add a scene:
1. write ``tutor/scenes/<name>.py`` with a ``Scene`` subclass whose constructor takes
   the services first (``MyScene(services, ...)``); compute rectangles in ``resize``,
   translate in ``draw`` (see ``tutor/scene.py`` for the lifecycle);
2. add it to ``SCENES`` below; if its constructor needs more than the services, or it
   is an overlay that needs a scene below it, override the ``demo`` classmethod to
   return the scenes to push with demo content;
3. open it from another scene with ``self.services.navigator.push(MyScene(...))``;
4. render it in both languages and look at the result:
   ``python main.py --scene NAME --lang zh --size 960x600 --screenshot out.png``.
"""

from __future__ import annotations

from ..scene import Scene
from .home import HomeScene
from .lessons import LessonBrowserScene, LessonPlayerScene
from .notice import NoticeScene
from .practice import PracticeTableScene
from .rules import RulesReferenceScene
from .settings import SettingsScene
from .summary import HandSummaryScene

SCENES: dict[str, type[Scene]] = {
    "home": HomeScene,
    "settings": SettingsScene,
    "lessons": LessonBrowserScene,
    "lesson": LessonPlayerScene,
    "rules": RulesReferenceScene,
    "practice": PracticeTableScene,
    "summary": HandSummaryScene,
}

__all__ = ["SCENES", "HomeScene", "NoticeScene"]
