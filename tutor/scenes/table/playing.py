"""The tricks: the learner plays from the hand; the trick's corner says which trick
it is, the cards left in the hand and the points on the trick."""

from __future__ import annotations

from engine import points

from ...i18n import _, ngettext
from ...practice import Words
from .phase import TablePhase


class PlayingPhase(TablePhase):
    def info_words(self) -> Words:
        scene = self.scene
        game = scene.table.game
        if game.ctx is None:
            return str
        plays, _leader = self.trick_source()
        number = scene.clock.shown.number if scene.clock.shown is not None else len(game.tricks) + 1
        left = len(game.hand(scene.table.learner))
        on_trick = sum(points(cards) for _seat, cards in plays)
        return lambda: "\n".join((
            _("Trick {k}").format(k=number),
            ngettext("{n} card left in your hand", "{n} cards left in your hand", left).format(n=left),
            ngettext("{p} point on this trick", "{p} points on this trick", on_trick).format(p=on_trick)))
