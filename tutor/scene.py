"""Scenes and the scene stack.

A ``Scene`` is one screen or overlay.  The ``SceneStack`` owns them; only the top
scene gets events and updates, and drawing starts at the highest *opaque* scene so an
overlay (``opaque = False``) is drawn over the scene below it.

Lifecycle, in the order the stack calls it:

- ``resize(metrics)`` before ``enter`` and whenever the window changes size: compute
  every rectangle here (``draw`` and ``handle_event`` only read them);
- ``enter()`` when pushed; ``exit()`` when popped or replaced;
- ``pause()`` when another scene is pushed on top; ``resume()`` when it is popped;
- ``handle_event(event)`` returns ``None`` when the scene consumed the event, else the
  event (the app then applies the global keys: Esc goes back, F2 switches language);
- ``update(dt)`` advances time (``dt`` in seconds);
- ``draw(surface)`` paints and never changes state.  Translate strings here (``_()``),
  so a language switch shows at once;
- ``widgets()`` lists the widgets on screen and ``text_layouts()`` every text block, so
  tests can check that nothing is off screen and all text fits its box.

Scenes get their services (fonts, card art, the settings store, the navigator, the
translator, the lesson library: ``tutor/services.py``) through the constructor:
``SomeScene(services, ...)``.  To open another scene, construct it and call
``self.services.navigator.push(scene)`` (or ``pop``, ``replace``, ``pop_to(scene)``,
``back()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .theme import DESIGN_SIZE, Metrics

if TYPE_CHECKING:
    from .services import Services
    from .text import TextLayout
    from .widgets.base import Widget


class Scene:
    opaque = True
    """False for overlays: the scenes below stay visible."""
    busy = False
    """True while the scene plays by itself (the practice table's ``--autoplay``):
    ``--screenshot`` keeps running frames until no scene is busy."""

    def __init__(self, services: "Services") -> None:
        self.services = services
        self.metrics = Metrics(*DESIGN_SIZE)

    @classmethod
    def demo(cls, services: "Services") -> list["Scene"]:
        """The scenes ``--scene NAME`` pushes to show this one with demo content.

        The default is ``[cls(services)]``; a scene whose constructor needs more than
        the services, or an overlay that needs a scene below it, overrides this.
        """
        return [cls(services)]

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    def resize(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def widgets(self) -> list["Widget"]:
        """The widgets on screen (tests check they stay on screen and their text fits)."""
        return []

    def text_layouts(self) -> list["TextLayout"]:
        """Every text block drawn now: the widgets' and the scene's own."""
        return [layout for widget in self.widgets() for layout in widget.text_layouts()]


class SceneStack:
    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.resize(self.metrics)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene for ``scene`` (the one below is not resumed)."""
        old = self.scenes.pop() if self.scenes else None
        if old is not None:
            old.exit()
        self.scenes.append(scene)
        scene.resize(self.metrics)
        scene.enter()
        return old

    def resize(self, metrics: Metrics) -> None:
        self.metrics = metrics
        for scene in self.scenes:
            scene.resize(metrics)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return self.scenes[-1].handle_event(event) if self.scenes else event

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)
