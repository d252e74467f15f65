"""What every scene and widget is given through its constructor: ``Services``.

A scene talks to the rest of the app only through these narrow services, never
through the ``App`` object or module-global state:

- ``fonts`` and ``cards`` (``CardArt``): text and card surfaces, cached;
- ``store``: settings, lesson progress and the saved match (``tutor/settings.py``);
- ``navigator`` (``Navigator``): the scene stack — ``push``, ``pop``, ``replace``,
  ``pop_to(scene)``, ``back()`` and ``quit()``;
- ``translator`` (``Translator``): the language shown now, switching it (remembered in
  the settings); ``_()`` in ``tutor.i18n`` reads the catalog the translator installed;
- ``lessons`` (``tutor.lessons.LessonLibrary``): the lessons, their index and the rules
  reference, read once (on first use: the app starts without reading them);
- ``history`` (``tutor.record.HistoryStore``): the learner's record of hands and 积分,
  opened on first use, in the store's data folder (its notices shown like the store's);
- ``window`` (``Window``): the window size and resizing it (the settings screen);
- ``scenes``: every scene class by name (``tutor/scenes/__init__.py``): a scene opens
  another by name, so no scene module imports another;
- ``options``: the command line (``--seed``, ``--deal``, ``--autoplay``) for a scene's
  demo content, or ``None``.

There is no way from a scene to the ``App`` itself: what a scene may do to the app is
exactly what these services offer.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from . import i18n
from .fonts import Fonts
from .settings import Store
from .widgets.card_art import CardArt

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .lessons import LessonLibrary
    from .record import HistoryStore
    from .scene import Scene, SceneStack


class Navigator:
    """Moves between scenes: the one way a scene opens, closes or leaves another.

    ``push(scene)`` opens ``scene`` on top (the scene below is paused); ``pop()`` closes
    the top scene; ``replace(scene)`` swaps the top scene; ``pop_to(scene)`` closes
    every scene above ``scene`` (which must be on the stack); ``back()`` closes the top
    scene unless it is the last one (the home screen has a Quit button); ``quit()``
    ends the app.
    """

    def __init__(self, stack: "SceneStack", quit: Callable[[], None]) -> None:
        self._stack = stack
        self._quit = quit

    @property
    def top(self) -> "Scene | None":
        return self._stack.top

    def is_top(self, scene: "Scene") -> bool:
        return self._stack.top is scene

    def push(self, scene: "Scene") -> None:
        self._stack.push(scene)

    def pop(self) -> "Scene":
        return self._stack.pop()

    def replace(self, scene: "Scene") -> "Scene | None":
        return self._stack.replace(scene)

    def pop_to(self, scene: "Scene") -> None:
        """Close every scene above ``scene``; ``ValueError`` if it is not on the stack."""
        if scene not in self._stack.scenes:
            raise ValueError(f"{type(scene).__name__} is not on the scene stack")
        while self._stack.top is not scene:
            self._stack.pop()

    def back(self) -> None:
        if len(self._stack) > 1:
            self._stack.pop()

    def quit(self) -> None:
        self._quit()


class Translator:
    """The language of the app: which one is shown, and switching it (saved at once).

    Scenes ask ``language`` and call ``set_language``/``next_language`` here; the
    strings themselves are translated by ``_()``/``ngettext()`` of ``tutor.i18n``,
    which read the catalog this service installed, at the moment they are drawn.
    """

    def __init__(self, store: Store, language: str | None = None) -> None:
        self._store = store
        i18n.set_language(language or store.settings.language or i18n.system_language())

    @property
    def language(self) -> str:
        return i18n.language()

    @property
    def languages(self) -> tuple[str, ...]:
        return i18n.LANGUAGES

    def other(self) -> str:
        """The next language in ``languages`` (the one F2 switches to)."""
        codes = i18n.LANGUAGES
        return codes[(codes.index(self.language) + 1) % len(codes)]

    def set_language(self, code: str) -> None:
        """Show ``code`` from now on and remember it."""
        i18n.set_language(code)
        self._store.settings.language = code
        self._store.save_settings()

    def next_language(self) -> None:
        self.set_language(self.other())

    def gettext_in(self, code: str, msgid: str) -> str:
        """``msgid`` in language ``code`` (for showing two languages side by side)."""
        return i18n.load_translations(code).gettext(msgid)


class Window:
    """The window's size and resizing it (remembered in the settings)."""

    def __init__(self, size: Callable[[], tuple[int, int]], resize: Callable[[tuple[int, int]], None]) -> None:
        self._size, self._resize = size, resize

    @property
    def size(self) -> tuple[int, int]:
        return self._size()

    def resize(self, size: tuple[int, int]) -> None:
        self._resize(size)


@dataclass
class Services:
    fonts: Fonts
    cards: CardArt
    store: Store
    navigator: Navigator
    translator: Translator
    window: Window
    options: argparse.Namespace | None = None

    _lessons: "LessonLibrary | None" = field(default=None, repr=False)
    _history: "HistoryStore | None" = field(default=None, repr=False)

    @property
    def lessons(self) -> "LessonLibrary":
        """The lesson library, read on first use."""
        if self._lessons is None:
            from .lessons import default_library

            self._lessons = default_library()
        return self._lessons

    @property
    def scenes(self) -> "Mapping[str, type[Scene]]":
        """Scene classes by name (their modules imported on first use)."""
        from .scenes import SCENES

        return SCENES

    @property
    def history(self) -> "HistoryStore":
        """The learner's record, opened on first use."""
        if self._history is None:
            from .record import HistoryStore

            self._history = HistoryStore(self.store.files)
        return self._history

    @property
    def four_colour(self) -> bool:
        return self.store.settings.four_colour
