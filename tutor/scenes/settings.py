"""Settings: language, four-colour suits, animation speed, coach, window size, and the
rule options of RULES.md, each with a one-line explanation.

↑/↓ choose a row, ←/→ or Enter change it, a click on a value moves to the next value.
Every change is saved at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from .. import i18n
from ..i18n import N_, _
from ..scene import Scene
from ..settings import ANIMATION_SPEEDS, ON_OFF, RULE_OPTION_TEXT, RULE_VALUE_TEXT, WINDOW_SIZES
from ..text import TextLayout, fit_text
from ..theme import INK, INK_SOFT, ON_FELT, PANEL, PANEL_EDGE, Metrics
from ..widgets import Button, Menu
from ..widgets.base import Widget, panel
from .common import LANGUAGE_NAMES, Chrome

if TYPE_CHECKING:
    from ..services import Services

SPEED_TEXT = {"off": N_("No animation"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}


@dataclass
class Row:
    """One setting: label and explanation (msgids), its values, how to show and set one."""

    label: str
    explain: str
    values: Sequence[Any]
    get: Callable[[], Any]
    set: Callable[[Any], None]
    show: Callable[[Any], str]
    four_colour_text: bool = False
    """Draw the explanation's suit symbols in four colours even while the option is off."""

    def step(self, delta: int) -> None:
        values = list(self.values)
        current = self.get()
        index = values.index(current) if current in values else 0
        self.set(values[(index + delta) % len(values)])


class SettingsScene(Scene):
    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.chrome = Chrome(services, N_("Settings"))
        app_rows = self._app_rows()
        self.rows = app_rows + self._rule_rows()
        self.split = len(app_rows)
        """Rows before this index go in the left column (the app), the rest on the right (rules)."""
        self.buttons = [Button(services, self._value_text(row), lambda row=row: row.step(1), px=17) for row in self.rows]
        self.menu = Menu(self.buttons)
        self.row_rects: list[pygame.Rect] = []
        self.columns: list[pygame.Rect] = []

    @staticmethod
    def _value_text(row: Row) -> Callable[[], str]:
        return lambda: row.show(row.get())

    def _save(self, **changes: Any) -> None:
        settings = self.services.store.settings
        for name, value in changes.items():
            setattr(settings, name, value)
        self.services.store.save_settings()

    def _app_rows(self) -> list[Row]:
        settings = self.services.store.settings
        app = self.services.app
        return [
            Row(N_("Language"), N_("Also F2 on any screen."), i18n.LANGUAGES, i18n.language, app.set_language,
                LANGUAGE_NAMES.__getitem__),
            Row(N_("Four-colour suits"), N_("♠ black, ♥ red, ♦ blue, ♣ green: suits are easier to tell apart."),
                (False, True), lambda: settings.four_colour, lambda v: self._save(four_colour=v),
                lambda v: _(ON_OFF[v]), four_colour_text=True),
            Row(N_("Animation speed"), N_("How fast cards move to the table."), ANIMATION_SPEEDS,
                lambda: settings.animation_speed, lambda v: self._save(animation_speed=v),
                lambda v: _(SPEED_TEXT[v])),
            Row(N_("Coach"), N_("Hints above your hand while you practise."), (True, False),
                lambda: settings.coach, lambda v: self._save(coach=v), lambda v: _(ON_OFF[v])),
            Row(N_("Window size"), N_("You can also drag the window's edge."), WINDOW_SIZES,
                lambda: app.screen.get_size(), app.set_window_size, lambda v: f"{v[0]} × {v[1]}"),
        ]

    def _rule_rows(self) -> list[Row]:
        rules = self.services.store.settings.rules

        def setter(name: str) -> Callable[[Any], None]:
            def set_rule(value: Any) -> None:
                rules[name] = value
                self.services.store.save_settings()

            return set_rule

        return [
            Row(label, explain, tuple(RULE_VALUE_TEXT[name]), lambda name=name: rules[name], setter(name),
                lambda v, name=name: _(RULE_VALUE_TEXT[name][v]))
            for name, (label, explain) in RULE_OPTION_TEXT.items()
        ]

    # layout -------------------------------------------------------------------------------

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        area = self.chrome.place(m)
        gap = m.px(20)
        col_w = (area.width - gap) // 2
        heading = m.px(34)
        left = pygame.Rect(area.left, area.top + heading, col_w, area.height - heading)
        right = pygame.Rect(area.left + col_w + gap, area.top + heading, col_w, area.height - heading)
        self.columns = [left, right]
        per_column = max(self.split, len(self.rows) - self.split)
        row_h = min(m.px(96), left.height // per_column)
        self.row_rects = []
        for n, button in enumerate(self.buttons):
            column, k = (left, n) if n < self.split else (right, n - self.split)
            rect = pygame.Rect(column.left, column.top + k * row_h, column.width, row_h - m.px(6))
            self.row_rects.append(rect)
            bw = min(m.px(190), rect.width * 2 // 5)
            button.place((rect.right - bw - m.px(8), rect.top + m.px(6), bw, min(m.px(38), rect.height // 2)), m)

    def row_layouts(self, n: int) -> tuple[TextLayout, TextLayout]:
        """(label, explanation) of row ``n`` fitted to its box beside the value button."""
        m, rect, row = self.metrics, self.row_rects[n], self.rows[n]
        pad = m.px(10)
        label_w = self.buttons[n].rect.left - rect.left - 2 * pad
        label = fit_text(self.services.fonts, _(row.label), m.fpx(19), label_w, self.buttons[n].rect.height,
                         colour=INK, bold=True)
        explain_top = self.buttons[n].rect.bottom + m.px(2)
        explain = fit_text(self.services.fonts, _(row.explain), m.fpx(15), rect.width - 2 * pad,
                           rect.bottom - explain_top - m.px(2), colour=INK_SOFT, min_px=m.fpx(11),
                           four_colour=self.services.four_colour or row.four_colour_text)
        return label, explain

    def widgets(self) -> list[Widget]:
        return [*self.chrome.widgets(), *self.buttons]

    def text_layouts(self) -> list[TextLayout]:
        rows = [layout for n in range(len(self.rows)) for layout in self.row_layouts(n)]
        return self.chrome.text_layouts() + super().text_layouts() + rows + self.heading_layouts()

    def heading_layouts(self) -> list[TextLayout]:
        m = self.metrics
        return [
            fit_text(self.services.fonts, _(heading), m.fpx(20), column.width, m.px(30), colour=ON_FELT, bold=True)
            for column, heading in zip(self.columns, (N_("App"), N_("Rules (for practice games)")))
        ]

    # events and drawing ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.rows[self.menu.focus].step(-1 if event.key == pygame.K_LEFT else 1)
            return None
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        m = self.metrics
        for column, title in zip(self.columns, self.heading_layouts()):
            title.draw(surface, (column.left, column.top - m.px(32)))
        for n, rect in enumerate(self.row_rects):
            panel(surface, rect, PANEL, PANEL_EDGE, m.px(8))
            label, explain = self.row_layouts(n)
            button = self.buttons[n].rect
            label.draw(surface, (rect.left + m.px(10), button.centery - label.height // 2))
            explain.draw(surface, (rect.left + m.px(10), button.bottom + m.px(2)))
        self.menu.draw(surface)
