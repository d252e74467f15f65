"""The table's words of the moment: the hint line (a view's words, a card's refusal
under the pointer, a flash, else the table's hint), the coach's panel, the caption on
the felt and the trick's corner.  Computed when the table changes (the engine is asked
then), put into words when drawn, so a language switch shows at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card
from engine.game import BURYING

from ...i18n import _
from ...practice import Words
from .timing import FLASH_SECONDS

if TYPE_CHECKING:
    from ..practice import PracticeTableScene


def joined(paragraphs: list[Words]) -> str:
    return "\n\n".join(words() for words in paragraphs)


class TableWords:
    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene
        self.hint: Words = str
        self.coach: list[Words] = []
        """The coach's panel, paragraph by paragraph."""
        self.caption: Words = str
        self.info: Words = str
        self.flash: Words | None = None
        """A refusal (or a notice) in the hint line for a few seconds."""
        self.flash_left = 0.0
        self.hover: Words | None = None
        """Why the card under the pointer cannot be chosen."""

    def hint_text(self) -> str:
        scene = self.scene
        if scene.peek is not None:
            return scene.peeks[scene.peek].text()
        for words in (self.hover, self.flash):
            if words is not None:
                return words()
        return self.hint()

    def coach_text(self) -> str:
        return joined(self.coach)

    def caption_text(self) -> str:
        return self.caption()

    def info_text(self) -> str:
        return self.info()

    def refuse(self, words: Words, seconds: float = FLASH_SECONDS) -> None:
        self.flash, self.flash_left = words, seconds

    def tick(self, dt: float) -> None:
        if self.flash is not None:
            self.flash_left -= dt
            if self.flash_left <= 0:
                self.flash = None

    def sync(self) -> None:
        """The texts of the moment, asked of the table and the phase's controller now."""
        scene = self.scene
        table, phase = scene.table, scene.phase
        self.hint = table.hint_words(scene.hand.selected_cards())
        if not table.coached:
            self.coach = [lambda: _("The coach is off. Turn it on for hints and explanations.")]
        else:
            self.coach = phase.coach_words()
        calls = table.calls_words()
        if calls is not None and not table.game.tricks:  # the face-down calls, turned up for the first trick
            self.coach = [calls, *self.coach]
        self.caption = phase.caption_words() if scene.moments.now is None else str  # the moment says more
        self.info = phase.info_words()

    def selection(self, selected: list[Card]) -> None:
        """The cards chosen changed: the hint line, and the coach's words on a burial."""
        table = self.scene.table
        self.hint = table.hint_words(selected)
        if table.phase == BURYING and table.learner_to_act and table.coached:
            self.coach = self.scene.burying.bury_words(selected)
