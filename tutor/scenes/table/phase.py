"""What every phase controller of the practice table answers (``TablePhase``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.claims import trick_facts
from engine.view import Play, TrickRecord

from ... import coach
from ...i18n import _
from ...practice import Words
from ...widgets import Button

if TYPE_CHECKING:
    from engine.cards import Card

    from ..practice import PracticeTableScene

from .words import joined

COACH_LINES = 3
"""The coach's latest sentences shown in its panel."""


class TablePhase:
    """One phase of the hand at the table.  The scene asks the controller of the phase
    now for the main button, the coach's words, the caption on the felt, the table
    controls and what the trick area shows; each answer is computed when the table
    changes and put into words when drawn."""

    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene

    def action_label(self) -> str:
        return _("Play")

    def action_ready(self, selected: list["Card"]) -> bool:
        return self.scene.table.can_submit(selected)

    def submit(self) -> None:
        """The main button: play (or bury) the cards chosen; a refusal is said in the hint
        line."""
        scene = self.scene
        result = scene.table.submit(scene.flights.lift(scene.hand))
        if result.refusal is not None:
            scene._refuse(result.refusal)
            return
        scene.ladder = None
        if scene.clock.shown is not None:
            scene._gather()
        scene._took(list(result.events))
        scene.clock.wait = scene.pace.play
        scene._sync()

    def hint(self) -> None:
        """The next rung of the hint ladder (its answer chosen in the hand)."""
        scene = self.scene
        step = scene.table.hint()
        if step is None:
            return
        scene.ladder = step
        if step.rung == coach.ANSWER:
            scene._select(step.cards)
        scene._sync()

    def undo(self) -> None:
        """Take back the learner's last play (coached tables only)."""
        scene = self.scene
        if scene.table.undo():
            scene.flights.land_all()
            scene.ladder = None
            scene.words.flash = None
            scene._sync()

    def coach_words(self) -> list[Words]:
        """The hint climbed, the coach's latest comments (the latest first), and a tip
        when there is room for it."""
        scene, table = self.scene, self.scene.table
        ladder: list[Words] = [lambda: "\n\n".join(self.ladder_texts())] if scene.ladder is not None else []
        room = COACH_LINES - (2 if scene.ladder is not None else 0) - (scene.metrics.scale < 0.9)
        comments = table.current_comments()[-room:] if room > 0 else []
        words = ladder + [comment.text for comment in reversed(comments)]
        tip = table.tip() if len(words) < COACH_LINES - 1 else None
        # a tip is for a moment with room: it never pushes what was said out of sight
        if tip is not None and scene.coach_panel.fits(joined(words + [tip.text])):
            words.append(tip.text)
        return words

    def ladder_texts(self) -> list[str]:
        """The last two hints climbed for this decision, in the language now chosen."""
        scene = self.scene
        if scene.ladder is None:
            return []
        steps = [scene.table.hint_again(rung) for rung in range(max(0, scene.ladder.rung - 1),
                                                                  scene.ladder.rung + 1)]
        return [step.text for step in steps if step is not None] or [scene.ladder.text]

    def last_rung(self) -> str:
        """The hint climbed last, in the language now chosen."""
        ladder = self.scene.ladder
        assert ladder is not None
        step = self.scene.table.hint_again(ladder.rung)
        return (step or ladder).text

    def caption_words(self) -> Words:
        return str

    def info_words(self) -> Words:
        """The trick's corner."""
        return str

    def side_buttons(self) -> list[Button]:
        return self.scene._playing_buttons()

    def trick_source(self) -> tuple[list[tuple[int, tuple["Card", ...]]], int | None]:
        """The plays on show (those still flying left out) and the seat that led."""
        scene = self.scene
        game = scene.table.game
        if scene.clock.shown is not None:
            plays, leader = list(scene.clock.shown.plays), scene.clock.shown.leader
        elif game.trick:
            plays, leader = [(p.seat, p.cards) for p in game.trick], game.trick[0].seat
        else:
            return [], None
        return plays[:len(plays) - min(scene.flights.landing, len(plays))], leader

    def sync_trick(self) -> None:
        """Put on the trick view what this phase shows there: the trick on show, its
        winner so far framed."""
        scene = self.scene
        ctx = scene.table.game.ctx
        plays, leader = self.trick_source()
        if not plays or ctx is None:
            scene.trick.set_trick(plays, None, ctx)
            return
        facts = trick_facts(TrickRecord(plays[0][0], tuple(Play(s, tuple(c)) for s, c in plays), 0, 0), ctx)
        scene.trick.set_trick(plays, facts.winner, ctx, leader, how=facts.how if len(plays) > 1 else None)

    def hovers(self) -> bool:
        """Whether resting the pointer on a card says why it cannot be chosen."""
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the table outside the hand's refusals; ``True`` if taken."""
        return False

    def update(self, dt: float) -> bool:
        """Time passing in this phase; ``True`` if the table waits for it (no moves)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """What this phase draws on the felt under the trick."""
