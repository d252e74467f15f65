"""The Progress screen: the learner's record drawn as four plots.

- the points the attackers took, hand by hand: as attackers the learner's team wants
  many, as dealers few (two colours, each with its rolling average);
- review notes and hints per hand, with their rolling average over ``WINDOW`` hands;
- lesson stars over time: the sum of the best stars of each lesson, as results came;
- 积分 after each hand, with the title thresholds near it drawn and named.

The plots are matplotlib's (the Agg backend, no window of its own) drawn into a pygame
surface at the window's pixel size, with the app's own font so Chinese labels show.
matplotlib is imported when the screen first draws, so the app's start does not wait
for it; where it is missing (the one-file program leaves it out), the screen says so.
"""

from __future__ import annotations

from datetime import datetime
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from engine.rating import TITLES
from engine.scoring import TAKE_OVER

from ..i18n import N_, _
from ..record import TITLE_NAMES, HandRow
from ..resources import FONT
from ..scene import Scene
from ..theme import FELT, Metrics
from ..widgets import TextPanel
from ..widgets.base import Widget
from .common import Chrome

if TYPE_CHECKING:
    from ..services import Services

FOOTER = N_("F2: 中文 / English · Esc: back")
WINDOW = 10
"""Hands in a rolling average."""
NO_MATPLOTLIB = N_("The plots need the matplotlib library, which this copy of the app does not include. "
                   "Install it (pip install matplotlib) and open this screen again.")
NO_HANDS = N_("No hands yet: finish a practice hand and its points, notes, hints and rating points are drawn here.")
PAPER = "#f6f2e6"
ATTACK, DEFEND, NOTES, HINTS, RATING = "#c0392b", "#1f5fbf", "#8e44ad", "#d68910", "#117a4a"


def rolling(values: Sequence[float], window: int = WINDOW) -> list[float]:
    """The mean of each value and the ones before it, at most ``window`` of them."""
    sums = [0.0, *accumulate(values)]
    return [(sums[i + 1] - sums[max(0, i + 1 - window)]) / min(i + 1, window) for i in range(len(values))]


def stars_over_time(lessons: Sequence[tuple[str, str, int]]) -> tuple[list[datetime], list[int]]:
    """After each lesson result, the sum of each lesson's best stars so far."""
    best: dict[str, int] = {}
    times, totals = [], []
    for finished, lesson, stars in lessons:
        best[lesson] = max(stars, best.get(lesson, 0))
        times.append(datetime.fromisoformat(finished.replace("Z", "+00:00")))
        totals.append(sum(best.values()))
    return times, totals


def nearby_titles(low: int, high: int) -> list[tuple[int, str]]:
    """The title thresholds from just below ``low`` to just above ``high``."""
    inside = [n for n, t in enumerate(TITLES) if low <= t.threshold <= high]
    first = min(inside, default=max(n for n, t in enumerate(TITLES) if t.threshold <= max(low, 0)))
    last = max(inside, default=first)
    chosen = range(max(0, first - (0 if TITLES[first].threshold <= low else 1)), min(len(TITLES), last + 2))
    return [(TITLES[n].threshold, TITLES[n].name) for n in chosen]


class ProgressScene(Scene):
    def __init__(self, services: "Services", rows: list[HandRow] | None = None,
                 lessons: list[tuple[str, str, int]] | None = None) -> None:
        """``rows``/``lessons``: what to draw (default: the learner's record)."""
        super().__init__(services)
        self.rows = services.history.hands() if rows is None else rows
        self.lessons = services.history.lessons() if lessons is None else lessons
        self.chrome = Chrome(services, N_("Progress"), footer=FOOTER)
        self.message = TextPanel(services, self.message_text, px=20, min_px=12)
        self.plot_rect = pygame.Rect(0, 0, 0, 0)
        self.missing = False
        self._plot: tuple[tuple[int, int, str], pygame.Surface] | None = None

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        """``--scene progress``: the learner's record, or, when it is empty and the
        command line asked for this screen, made-up hands (``sample_rows``)."""
        if services.history.hands() or services.options is None:
            return [cls(services)]
        from ..history import sample_rows

        rows, lessons = sample_rows(60)
        return [cls(services, rows, lessons)]

    def message_text(self) -> str:
        return _(NO_MATPLOTLIB) if self.missing else _(NO_HANDS)

    @property
    def shows_message(self) -> bool:
        return self.missing or not self.rows

    # ------------------------------------------------------------ the plots

    def plot(self) -> pygame.Surface | None:
        """The plots at the size and in the language shown (drawn once for each)."""
        key = (*self.plot_rect.size, self.services.translator.language)
        if self._plot is not None and self._plot[0] == key:
            return self._plot[1]
        try:
            surface = self._draw_plots()
        except ImportError:
            self.missing = True
            return None
        self._plot = (key, surface)
        return surface

    def _draw_plots(self) -> pygame.Surface:
        from matplotlib import font_manager
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator

        font_manager.fontManager.addfont(str(FONT))
        family = font_manager.FontProperties(fname=str(FONT)).get_name()
        m = self.metrics
        dpi = 100
        size = m.fpx(14) * 72 / dpi  # points for about 14 px at the design size
        style = {"font.family": family, "font.size": size, "axes.unicode_minus": False,
                 "axes.titlesize": size * 1.1, "legend.fontsize": size * 0.9}
        from matplotlib import rc_context

        width, height = self.plot_rect.size
        with rc_context(style):
            figure = Figure(figsize=(width / dpi, height / dpi), dpi=dpi, facecolor=PAPER, layout="constrained")
            canvas = FigureCanvasAgg(figure)
            axes = figure.subplots(2, 2)
            hands = list(range(1, len(self.rows) + 1))
            self._points(axes[0][0], hands)
            self._notes(axes[0][1], hands)
            self._stars(axes[1][0])
            self._rating(axes[1][1], hands)
            for ax in axes.flat:
                ax.set_facecolor("white")
                ax.grid(alpha=0.25)
            for ax in (axes[0][0], axes[0][1], axes[1][1]):
                ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=6))
            canvas.draw()
            buffer = canvas.buffer_rgba()
            return pygame.image.frombuffer(bytes(buffer), canvas.get_width_height(), "RGBA").convert()

    def _points(self, ax: Any, hands: list[int]) -> None:
        for attacking, colour, label in ((True, ATTACK, _("As attackers: points taken")),
                                         (False, DEFEND, _("As dealers: points given"))):
            xs = [h for h, row in zip(hands, self.rows) if row.attacking == attacking]
            ys = [row.attacker_points for row in self.rows if row.attacking == attacking]
            ax.scatter(xs, ys, s=10, color=colour, alpha=0.45)
            if xs:
                ax.plot(xs, rolling(ys), color=colour, linewidth=2, label=label)
        ax.axhline(TAKE_OVER, color="#555555", linewidth=1, linestyle="--")  # the attackers take over
        ax.set_title(_("Points per hand (line: average of the last {n})").format(n=WINDOW))
        ax.set_xlabel(_("Hand"))
        ax.legend(loc="upper left")

    def _notes(self, ax: Any, hands: list[int]) -> None:
        from matplotlib.ticker import MaxNLocator

        for values, colour, label in (([row.notes for row in self.rows], NOTES, _("Review notes")),
                                      ([row.hints for row in self.rows], HINTS, _("Hints"))):
            ax.plot(hands, values, color=colour, alpha=0.3, linewidth=1)
            ax.plot(hands, rolling(values), color=colour, linewidth=2.2, label=label)
        top = max([row.notes for row in self.rows] + [row.hints for row in self.rows])
        ax.set_ylim(0, max(1, top) + 0.5)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(_("Notes and hints per hand (average of the last {n})").format(n=WINDOW))
        ax.set_xlabel(_("Hand"))
        ax.legend(loc="upper right")

    def _stars(self, ax: Any) -> None:
        from matplotlib.dates import AutoDateLocator, DateFormatter

        times, totals = stars_over_time(self.lessons)
        ax.set_title(_("Lesson stars"))
        if not times:
            ax.text(0.5, 0.5, _("No lesson finished yet"), ha="center", va="center", transform=ax.transAxes)
            ax.set_xticks([])
            ax.set_yticks([])
            return
        ax.step(times, totals, where="post", color=ATTACK, linewidth=2)
        ax.fill_between(times, totals, step="post", color=ATTACK, alpha=0.12)
        locator = AutoDateLocator(maxticks=5)
        ax.xaxis.set_major_locator(locator)
        ax.xaxis.set_major_formatter(DateFormatter("%m-%d"))
        ax.set_ylim(bottom=0)

    def _rating(self, ax: Any, hands: list[int]) -> None:
        after = [row.rating_after for row in self.rows]
        ax.plot([0, *hands], [self.rows[0].rating_before, *after], color=RATING, linewidth=2)
        low, high = min(0, *after), max(after)
        titles = nearby_titles(low, high)
        bottom = min(low, titles[0][0]) - 2
        ax.set_ylim(bottom, titles[-1][0] + max(3, (titles[-1][0] - bottom) // 8))
        for threshold, name in titles:
            ax.axhline(threshold, color="#999999", linewidth=0.8, linestyle=":")
            ax.text(0.01, threshold, _(TITLE_NAMES[name]), transform=ax.get_yaxis_transform(), va="bottom",
                    color="#555555", fontsize="small")
        ax.set_title(_("Rating points after each hand, with the titles"))
        ax.set_xlabel(_("Hand"))

    # ------------------------------------------------------------ scene

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        area = self.chrome.place(metrics)
        self.plot_rect = area
        self.message.place(area.inflate(-metrics.px(80), -area.height // 2), metrics)

    def widgets(self) -> list[Widget]:
        return [self.message] if self.shows_message else []

    def text_layouts(self) -> list[Any]:
        return self.chrome.text_layouts() + super().text_layouts()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return self.chrome.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
        plot = self.plot() if self.rows else None
        if plot is not None:
            surface.blit(plot, self.plot_rect)
        else:
            surface.fill(FELT, self.plot_rect)
            self.message.draw(surface)
