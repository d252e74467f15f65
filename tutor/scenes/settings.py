"""Settings: language, four-colour suits, animation speed, coach, the opponents' level,
the card counter, window size, the practice table's game (one to four decks) and the
rule options of RULES.md, each with a one-line explanation.

↑/↓ choose a row, ←/→ or Enter change it, a click on a value moves to the next value.
The number keys change the rows of the column holding the focus (their numbers are
shown on its buttons); Tab moves the focus to the other column.  Every change is saved
at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from ..i18n import N_, _
from ..scene import Scene
from ..settings import (ANIMATION_SPEEDS, GAME_ROW, GAME_TEXT, ON_OFF, OPPONENT_KINDS, RULE_OPTION_TEXT, RULE_VALUE_TEXT,
                        SPEED_TEXT, WINDOW_SIZES)
from ..text import TextLayout, fit_text
from ..theme import INK, INK_SOFT, ON_FELT, ON_FELT_SOFT, PANEL, PANEL_EDGE, Metrics
from ..widgets import Button, Menu
from ..widgets.base import Widget, panel
from ..widgets.button import NUMBER_KEYS
from .common import LANGUAGE_NAMES, Chrome

if TYPE_CHECKING:
    from ..services import Services

OPPONENT_TEXT = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
FOOTER = N_("F2: 中文 / English · Esc: back · ↑/↓ choose · ←/→ or Enter change · "
            "number keys: this column · Tab: other column")


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
        self.chrome = Chrome(services, N_("Settings"), footer=FOOTER)
        app_rows = self._app_rows()
        self.rows = app_rows + self._rule_rows()
        self.split = len(app_rows)
        """Rows before this index go in the left column (the app), the rest on the right (rules)."""
        self.buttons = [Button(services, self._value_text(row), lambda row=row: row.step(1), px=17) for row in self.rows]
        self.menu = Menu(self.buttons)
        self._number_column()
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
        translator, window = self.services.translator, self.services.window
        return [
            Row(N_("Language"), N_("Also F2 on any screen."), translator.languages, lambda: translator.language,
                translator.set_language, LANGUAGE_NAMES.__getitem__),
            Row(N_("Four-colour suits"), N_("♠ black, ♥ red, ♦ blue, ♣ green: suits are easier to tell apart."),
                (False, True), lambda: settings.four_colour, lambda v: self._save(four_colour=v),
                lambda v: _(ON_OFF[v]), four_colour_text=True),
            Row(N_("Animation speed"), N_("How fast cards move to the table."), ANIMATION_SPEEDS,
                lambda: settings.animation_speed, lambda v: self._save(animation_speed=v),
                lambda v: _(SPEED_TEXT[v])),
            Row(N_("Coach"), N_("Hints and explanations while you practise."), (True, False),
                lambda: settings.coach, lambda v: self._save(coach=v), lambda v: _(ON_OFF[v])),
            Row(N_("Opponents"), N_("How strongly the two opponents play in practice."), tuple(OPPONENT_KINDS),
                lambda: settings.opponents, lambda v: self._save(opponents=v), lambda v: _(OPPONENT_TEXT[v])),
            Row(N_("Card counter"), N_("At the practice table: the top cards of each suit still out."),
                (False, True), lambda: settings.card_counter, lambda v: self._save(card_counter=v),
                lambda v: _(ON_OFF[v])),
            Row(N_("Window size"), N_("You can also drag the window's edge."), WINDOW_SIZES,
                lambda: window.size, window.resize, lambda v: f"{v[0]} × {v[1]}"),
        ]

    def _rule_rows(self) -> list[Row]:
        rules = self.services.store.settings.rules

        def setter(name: str) -> Callable[[Any], None]:
            def set_rule(value: Any) -> None:
                rules[name] = value
                self.services.store.save_settings()

            return set_rule

        settings = self.services.store.settings
        def choose_game(decks: int) -> None:
            settings.choose_game(decks)
            self.services.store.save_settings()

        game = Row(*GAME_ROW, tuple(GAME_TEXT), lambda: settings.decks, choose_game, lambda v: _(GAME_TEXT[v]))
        return [game] + [
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

    def heading_layouts(self, active: int = 0) -> list[TextLayout]:
        """The two column headings; the column holding the focus (its first row is
        ``active``) is bright, the other soft."""
        m = self.metrics
        return [
            fit_text(self.services.fonts, _(heading), m.fpx(20), column.width, m.px(30),
                     colour=ON_FELT if start == active else ON_FELT_SOFT, bold=True)
            for column, heading, start in zip(self.columns, (N_("App"), N_("Rules (from the next practice match)")),
                                              (0, self.split))
        ]

    # events and drawing ----------------------------------------------------------------------

    def column_of(self, n: int) -> range:
        """The row indices of the column holding row ``n``."""
        return range(0, self.split) if n < self.split else range(self.split, len(self.rows))

    def _number_column(self) -> None:
        """Number the buttons of the column holding the focus 1, 2, …; the other column's
        buttons carry no number (Tab moves there)."""
        column = self.column_of(self.menu.focus)
        for n, button in enumerate(self.buttons):
            button.hotkey = n - column.start + 1 if n in column and n - column.start < 9 else None

    def _focus(self, n: int) -> None:
        self.menu.focus = n
        self.menu._sync()
        self._number_column()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.chrome.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.rows[self.menu.focus].step(-1 if event.key == pygame.K_LEFT else 1)
                return None
            if event.key == pygame.K_TAB:
                column = self.column_of(self.menu.focus)
                other = self.column_of(self.split if column.start == 0 else 0)
                self._focus(min(other.start + self.menu.focus - column.start, other.stop - 1))
                return None
            number = NUMBER_KEYS.get(event.key)
            column = self.column_of(self.menu.focus)
            if number is not None and 1 <= number <= len(column):
                self._focus(column.start + number - 1)
                self.rows[self.menu.focus].step(1)
                return None
        result = self.menu.handle_event(event)
        self._number_column()
        return result

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        m = self.metrics
        for column, title in zip(self.columns, self.heading_layouts(self.column_of(self.menu.focus).start)):
            title.draw(surface, (column.left, column.top - m.px(32)))
        for n, rect in enumerate(self.row_rects):
            panel(surface, rect, PANEL, PANEL_EDGE, m.px(8))
            label, explain = self.row_layouts(n)
            button = self.buttons[n].rect
            label.draw(surface, (rect.left + m.px(10), button.centery - label.height // 2))
            explain.draw(surface, (rect.left + m.px(10), button.bottom + m.px(2)))
        self.menu.draw(surface)
