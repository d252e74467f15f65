"""The hand summary, over the practice table: the kitty turned up (four decks: the last
trick's 扣底 instead), the points, the row of the level table that applied and the
game's bands, the levels gained and the next dealer — all read off the engine's
``hand_outcome`` and ``Rules.variant``."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from engine import HandOutcome
from engine.game import MATCH_OVER, TEAMS, Game

from .. import coach
from ..i18n import N_, _, ngettext
from ..practice import PracticeTable
from ..record import RATING_RULE, title_text
from ..settings import GAME_TEXT
from ..text import READABLE_PX
from ..scene import Scene
from ..theme import PANEL, PANEL_EDGE, Metrics
from ..widgets import Button, Menu, TextPanel
from ..widgets.base import Widget, panel, veil
from ..widgets.scroll_text import ScrollText

if TYPE_CHECKING:
    from ..services import Services
    from .practice import PracticeTableScene


def level_table_row(outcome: HandOutcome) -> str:
    """The row of the level table (RULES.md §8) that applied, as the engine found it."""
    row = outcome.row
    if row.low is None:
        return ngettext("Attackers 0 points or less: the dealers go up {n} level.",
                        "Attackers 0 points or less: the dealers go up {n} levels.",
                        row.levels).format(n=row.levels)
    if not row.attackers_take_over:
        return ngettext("Attackers {low}–{high} points: the dealers go up {n} level.",
                        "Attackers {low}–{high} points: the dealers go up {n} levels.",
                        row.levels).format(low=row.low, high=row.high, n=row.levels)
    if row.levels == 0:
        return _("Attackers {low}–{high} points: they take over as dealers, no level "
                 "change.").format(low=row.low, high=row.high)
    return ngettext("Attackers {low}–{high} points: they take over and go up {n} level.",
                    "Attackers {low}–{high} points: they take over and go up {n} levels.",
                    row.levels).format(low=row.low, high=row.high, n=row.levels)


def last_trick_line(outcome: HandOutcome) -> str:
    """A game without a kitty (four decks): what the last trick's 扣底 moved, as the
    engine scored it (the points the losing side played in it × the multiplier)."""
    p, m = outcome.kitty_points, outcome.kitty_multiplier or 0
    if not p:
        return _("Last trick (扣底): the side that lost it played no points in it.")
    if m > 0:
        return _("The attackers won the last trick (扣底): the dealers' {p} points in it × {m} = {total} "
                 "for them.").format(p=p, m=m, total=outcome.kitty_won)
    return _("The dealers won the last trick (扣底): the attackers' {p} points in it × {m} = {total} "
             "taken from them.").format(p=p, m=-m, total=-outcome.kitty_won)


def headline(outcome: HandOutcome, learner: int) -> str:
    """Who won the hand (the team that deals next: attackers who took the deal, or
    dealers who held it), and by what."""
    ours = outcome.change.team == learner % 2
    p = outcome.attacker_points
    if outcome.result.attackers_take_over:
        return (_("Your team wins the hand: {p} points take the deal.") if ours
                else _("The opponents win the hand: {p} points take the deal.")).format(p=p)
    return (_("Your team wins the hand: the attackers got only {p} points.") if ours
            else _("The opponents win the hand: the attackers got only {p} points.")).format(p=p)


def summary_lines(table: PracticeTable, practice: bool = True) -> list[str]:
    """The summary as sentences (the kitty's cards are drawn separately); without
    ``practice``, the lines about the practice table (hints asked, the deal code to
    replay) are left out."""
    game = table.game
    result = game.result
    assert result is not None
    outcome = table.outcome()
    learner = table.learner
    lines = [headline(outcome, learner), _("The attackers won {p} points in tricks.").format(p=outcome.trick_points)]
    variant = game.rules.variant
    if not variant.has_kitty:
        lines.append(last_trick_line(outcome))
    elif not outcome.kitty_points:
        lines.append(_("The kitty holds no points."))
    elif outcome.kitty_multiplier is not None:
        lines.append(_("They won the last trick: the kitty's {p} points × {m} = {total}.").format(
            p=outcome.kitty_points, m=outcome.kitty_multiplier, total=outcome.kitty_won))
    else:
        lines.append(_("The dealers won the last trick: the kitty's {p} points do not count.").format(
            p=outcome.kitty_points))
    if outcome.penalties > 0:
        lines.append(_("Penalties for failed throws: the attackers gain {p} points.").format(p=outcome.penalties))
    elif outcome.penalties < 0:
        lines.append(_("Penalties for failed throws: the attackers lose {p} points.").format(p=-outcome.penalties))
    lines.append(_("Attackers' total: {p}.").format(p=outcome.attacker_points))
    lines.append(level_table_row(outcome))
    lines.append(_("{game}: {total} points in the deck; the attackers take over with {take}, "
                   "one level more per {step}.").format(game=_(GAME_TEXT[variant.decks]), total=variant.total_points,
                                                       take=variant.take_over, step=variant.step))
    change = outcome.change
    team = change.team
    ours = team == learner % 2
    before, after = change.before, change.after
    if after != before:
        who = _("Your team") if ours else _("The opponents")
        lines.append(_("{who}: level {before} → {after}.").format(who=who, before=before, after=after))
    if practice and table.kept is not None:  # what the hand did for the learner, before the match's housekeeping
        lines.extend(rating_lines(table.kept["rating"]))
    levels = result.levels_after
    lines.append(_("Hand {n} of the match. Levels: your team {ours}, the opponents {theirs}.").format(
        n=result.hand, ours=levels[TEAMS[learner % 2]], theirs=levels[TEAMS[1 - learner % 2]]))
    if outcome.wins_match:
        won = TEAMS[team] == TEAMS[learner % 2]
        if game.rules.must_defend_a:  # levels stop at A: the match is won by holding there
            lines.append(_("Your team held at level A as dealers and won the match!") if won
                         else _("The opponents held at level A as dealers and won the match."))
        else:
            lines.append(_("Your team passed A and won the match!") if won
                         else _("The opponents passed A and won the match."))
    else:
        lines.append(_("Next dealer: {who}.").format(who=coach.seat_name(outcome.next_dealer, learner)))
    if not practice:
        return lines
    if table.coached:
        lines.append(ngettext("You asked for hints on {n} play this hand.",
                              "You asked for hints on {n} plays this hand.",
                              table.hints_used).format(n=table.hints_used))
    lines.append(_("Deal code of this hand: {code}").format(code=game.deal_code()))
    return lines


def rating_lines(rating: dict[str, int]) -> list[str]:
    """The rating points a kept hand brought and the title they give; on a learner's
    first hand (or back at 0) also what rating points are, high enough in the summary
    to be read without scrolling at 960×600."""
    after = rating["before"] + rating["change"]
    lines = [_("Rating points: {change:+d} this hand, {points} in all; your title is {title}.").format(
        change=rating["change"], points=after, title=title_text(after))]
    if rating["before"] == 0:
        lines.append(_(RATING_RULE))
    return lines


class HandSummaryScene(Scene):
    opaque = False

    def __init__(self, services: "Services", table_scene: "PracticeTableScene") -> None:
        super().__init__(services)
        self.table_scene = table_scene
        self.box = pygame.Rect(0, 0, 0, 0)
        self.kitty_rects: list[pygame.Rect] = []
        self.title = TextPanel(services, N_("Hand over"), px=30, bold=True, background=None, align="center")
        self.kitty_label = TextPanel(services, N_("The kitty:"), px=19, background=None)
        self.body = ScrollText(services, self.body_text, px=20, min_px=READABLE_PX, background=None, padding=0,
                               more=N_("more ↓"))
        self.review = Button(services, N_("Review"), self._review, hotkey=2)
        self.next = Button(services, self._next_label, self._next, hotkey=1)
        self.replay = Button(services, N_("Replay deal"), self._replay, hotkey=3)
        self.menu = Menu([self.next, self.review, self.replay], horizontal=True)
        for widget in (self.title, self.kitty_label, self.body, *self.menu.buttons):
            widget.text_floor = READABLE_PX  # read over the table, as readable as the table
        # A body longer than its box (the guided hand's summary adds the guide's words)
        # scrolls rather than shrink under that.
        self.kitty = table_scene.table.game.view(table_scene.table.learner).kitty or ()
        """The kitty, turned up now the hand is over."""
        self._body = ("", "")
        self.update(0.0)

    @classmethod
    def demo(cls, services: "Services") -> list[Scene]:
        table_scene = cast("PracticeTableScene", services.scenes["practice"].demo(services)[0])
        table_scene.play_out()
        return [table_scene, cls(services, table_scene)]

    @property
    def table(self) -> PracticeTable:
        return self.table_scene.table

    def body_text(self) -> str:
        return self._body[1]

    def update(self, dt: float) -> None:
        """The summary's sentences are made once per language (``draw`` only paints)."""
        if self._body[0] != self.services.translator.language:
            self._body = (self.services.translator.language, "\n".join(summary_lines(self.table)))

    def _next_label(self) -> str:
        return _("New match") if self.table.phase == MATCH_OVER else _("Next hand")

    def _next(self) -> None:
        self.services.navigator.pop()
        self.table_scene.next_hand()

    def _review(self) -> None:
        self.services.navigator.push(self.services.scenes["review"](self.services, self.table))

    def _replay(self) -> None:
        """Play this very deal again, from the same levels and dealer."""
        game = self.table.game
        start = Game.from_deal_code(game.deal_code())
        self.services.navigator.pop()
        self.table_scene.replay(start)

    def resize(self, metrics: Metrics) -> None:
        super().resize(metrics)
        m = metrics
        # As tall as the window allows at its smallest: the four-deck summary has a dozen lines.
        self.box = pygame.Rect(0, 0, min(m.px(820), m.width - m.px(40)), min(m.px(700), m.height - m.px(40)))
        self.box.center = (m.width // 2, m.height // 2)
        pad = m.px(22)
        inner = self.box.inflate(-2 * pad, -2 * pad)
        self.title.place((inner.left, inner.top, inner.width, m.px(44)), m)
        kitty_top = inner.top + m.px(52)
        card_h = m.px(84)
        label_w = m.px(130)
        self.kitty_label.place((inner.left, kitty_top, label_w, card_h), m)
        w = round(card_h / 1.4)
        step = min(w + m.px(6), (inner.width - label_w - w) // (8 - 1))
        self.kitty_rects = [pygame.Rect(inner.left + label_w + k * step, kitty_top, w, card_h) for k in range(8)]
        body_top = kitty_top + card_h + m.px(14) if self.kitty else kitty_top  # four decks: no kitty
        button_h = m.px(50)
        self.body.place((inner.left, body_top, inner.width, inner.bottom - button_h - m.px(12) - body_top), m)
        bw = (inner.width - 2 * m.px(12)) // 3
        for n, button in enumerate(self.menu.buttons):
            button.place((inner.left + n * (bw + m.px(12)), inner.bottom - button_h, bw, button_h), m)

    def widgets(self) -> list[Widget]:
        kitty = [self.kitty_label] if self.kitty else []
        return [self.title, *kitty, self.body, *self.menu.buttons]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._leave()
            return None
        if self.body.handle_event(event) is None:
            return None
        self.menu.handle_event(event)
        return None

    def _leave(self) -> None:
        """Esc leaves the table too (it would only show this summary again); the match
        stays saved for Practice to resume."""
        navigator = self.services.navigator
        navigator.pop()
        if navigator.is_top(self.table_scene):
            navigator.back()

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, 110)
        panel(surface, self.box, PANEL, PANEL_EDGE, self.metrics.px(14))
        self.title.draw(surface)
        if self.kitty:
            self.kitty_label.draw(surface)
        ctx = self.table.game.ctx
        for card, rect in zip(self.kitty, self.kitty_rects):
            trump = ctx is not None and ctx.is_trump(card)
            surface.blit(self.services.cards.face(card, rect.width, trump=trump,
                                                  four_colour=self.services.four_colour), rect)
        self.body.draw(surface)
        self.menu.draw(surface)
