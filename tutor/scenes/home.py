"""The home screen: continue the lesson, lessons, practice, settings, rules, language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from engine import TrumpContext, parse_cards

from ..i18n import N_, _
from ..scene import Scene
from ..theme import ON_FELT, Metrics
from ..text import TextLayout
from ..widgets import Button, HandFan, Menu, TextPanel
from ..widgets.base import Widget
from .common import LANGUAGE_NAMES, Chrome

if TYPE_CHECKING:
    from ..services import Services

SHOWCASE = "BJ LJ H10 S10 HA HK SA SK S5 DQ D10 C9 C9"
TAGLINE = N_(
    "Learn Shengji (升级 / Tractor) step by step, then play hands against the computer "
    "with a coach at your side. Cards marked ★ are trumps, the strongest cards (lesson 3 "
    "explains them)."
)


class HomeScene(Scene):
    """The menu.  "Continue lesson" is offered once the learner has opened a lesson
    (a brand-new user starts from Lessons); the menu is rebuilt when the screen comes
    back to the top, so it follows the progress made meanwhile."""

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.chrome = Chrome(services, N_("Shengji Tutor"), back=False)
        self.buttons: list[Button] = []
        self.menu = Menu([])
        self._build_menu()
        self.tagline = TextPanel(services, TAGLINE, px=22, colour=ON_FELT, background=None)
        self.standing = TextPanel(services, self.standing_text, px=20, colour=ON_FELT, background=None, bold=True)
        self._rating: int | None = None
        """The learner's 积分, read at the second frame (the record is not needed to
        show the menu, so the start does not wait for it)."""
        self._frames = 0
        self.fan = HandFan(services, parse_cards(SHOWCASE), TrumpContext(level="10", trump="H"))

    def _build_menu(self) -> None:
        services = self.services
        specs = [
            (N_("Lessons"), self._opener("lessons")),
            (N_("Practice"), self._opener("practice")),
            (N_("Settings"), self._opener("settings")),
            (N_("Rules reference"), self._opener("rules")),
            (N_("History"), self._opener("history")),
            (N_("Progress"), self._opener("progress")),
            (self.language_label, services.translator.next_language),
            (N_("Quit"), services.navigator.quit),
        ]
        self.offers_continue = bool(services.store.progress)
        if self.offers_continue:
            specs.insert(0, (N_("Continue lesson"), self._continue))
        self.buttons = [Button(services, label, action, hotkey=n) for n, (label, action) in enumerate(specs, 1)]
        self.menu = Menu(self.buttons)

    def _opener(self, name: str) -> Callable[[], None]:
        """Open scene ``name``, importing its module only then (a quick start)."""

        def open_scene() -> None:
            self.services.navigator.push(self.services.scenes[name](self.services))

        return open_scene

    def _continue(self) -> None:
        """The first lesson (or the guided hand) not completed yet."""
        from .lessons import continue_scene

        self.services.navigator.push(continue_scene(self.services))

    def standing_text(self) -> str:
        """The learner's title and 积分 (``tutor.record``, from the hands played)."""
        if self._rating is None:
            return ""
        from ..record import title_text

        return _("Your title: {title} · {points} rating points").format(title=title_text(self._rating),
                                                                        points=self._rating)

    @property
    def busy(self) -> bool:
        """On top until the 积分 is read (a screenshot waits for it)."""
        return self._rating is None and self.services.navigator.is_top(self)

    def update(self, dt: float) -> None:
        self._frames += 1
        if self._frames > 1 and self._rating is None:
            self._rating = self.services.history.rating()

    def resume(self) -> None:
        self._rating = self.services.history.rating()
        if bool(self.services.store.progress) != self.offers_continue:
            self._build_menu()
            self.resize(self.metrics)

    def language_label(self) -> str:
        return _("Language: {name}").format(name=LANGUAGE_NAMES[self.services.translator.language])

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        area = self.chrome.place(metrics)
        m = metrics
        col_w = min(m.px(360), area.width // 2 - m.px(20))
        gap = m.px(10)
        button_h = min(m.px(54), (area.height - gap * (len(self.buttons) - 1)) // len(self.buttons))
        for n, button in enumerate(self.buttons):
            button.place((area.left, area.top + n * (button_h + gap), col_w, button_h), m)
        right = pygame.Rect(area.left + col_w + m.px(40), area.top, area.right - area.left - col_w - m.px(40),
                            area.height)
        self.tagline.place((right.left, right.top, right.width, m.px(110)), m)
        self.standing.place((right.left, right.top + m.px(116), right.width, m.px(34)), m)
        below = right.top + m.px(156)
        fan_h = min(m.px(240), right.bottom - below)
        self.fan.place((right.left, below + (right.bottom - below - fan_h) // 2, right.width, fan_h), m)

    def widgets(self) -> list[Widget]:
        return [*self.buttons, self.tagline, self.standing, self.fan]

    def text_layouts(self) -> list[TextLayout]:
        return self.chrome.text_layouts() + super().text_layouts()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        self.menu.draw(surface)
        self.tagline.draw(surface)
        self.standing.draw(surface)
        self.fan.draw(surface)


