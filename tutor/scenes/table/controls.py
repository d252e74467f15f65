"""The column of table controls on the right: hint, undo, the previous trick, the
kitty (the dealer's own), the card counter, the coach on/off and the speed (under the
declare buttons while dealing, the game chooser and the speed)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

from engine.game import DEALING, DECLARING, SEED_LIMIT, TRICKS, Game

from ...i18n import N_, _
from ...settings import ANIMATION_SPEEDS, GAME_TEXT
from ...widgets import Button, Menu
from ...widgets.text_panel import TextSource, resolve
from . import layout
from .overlays import KITTY, LAST

if TYPE_CHECKING:
    from ..practice import PracticeTableScene


def keyed(label: TextSource, key: str) -> Callable[[], str]:
    """A button's label with its letter key, so the table shows its keys ("Hint (H)")."""
    return lambda: f"{resolve(label)} ({key})"


class TableControls:
    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene
        services, about = scene.services, scene.about
        self.hint = Button(services, keyed(N_("Hint"), "H"), lambda: scene._hint(), px=18, hotkey=2)
        self.undo = Button(services, keyed(N_("Undo"), "U"), scene._undo, px=18, hotkey=3)
        self.last = Button(services, keyed(N_("Previous trick"), "L"), lambda: scene._toggle_peek(LAST), px=18,
                           hotkey=4)
        self.kitty = Button(services, keyed(N_("Kitty"), "K"), lambda: scene._toggle_peek(KITTY), px=18, hotkey=5)
        self.counter = Button(services, keyed(about.counter_label, "C"), lambda: scene.counter_view.toggle(), px=18,
                              hotkey=6)
        self.coach = Button(services, about.coach_label, self._toggle_coach, px=18, hotkey=7)
        self.speed = Button(services, about.speed_label, self._cycle_speed, px=18, hotkey=8)
        self.game = Button(services, about.game_label, self._next_game, px=18, hotkey=9)
        """The game chooser (one to four decks): a new match, or from the next match."""

    def playing_buttons(self) -> list[Button]:
        """The table controls once trumps are fixed."""
        buttons = [self.hint, self.undo, self.last]
        if self.scene.table.own_kitty() is not None:
            buttons.append(self.kitty)
        return buttons + [self.counter, self.coach, self.speed]

    def sync(self) -> None:
        """The column for the phase now, each button enabled and pressed as the table is."""
        scene = self.scene
        table = scene.table
        if table.phase in (DEALING, DECLARING):
            buttons = scene.phase.side_buttons()
        else:
            scene.declaring.forget_buttons()
            buttons = scene._playing_buttons()
        if scene.side_menu.buttons != buttons:
            scene.side_menu = Menu(buttons)
            layout.place_side(scene)
        self.hint.enabled = table.can_hint
        self.undo.enabled = table.can_undo
        self.last.enabled = bool(table.game.tricks) and table.phase == TRICKS
        self.last.pressed = scene.peek == LAST
        self.kitty.enabled = table.own_kitty() is not None
        self.kitty.pressed = scene.peek == KITTY
        self.counter.enabled = table.game.ctx is not None
        self.counter.pressed = scene.services.store.settings.card_counter

    def _cycle_speed(self) -> None:
        settings = self.scene.services.store.settings
        settings.animation_speed = ANIMATION_SPEEDS[
            (ANIMATION_SPEEDS.index(settings.animation_speed) + 1) % len(ANIMATION_SPEEDS)]
        self.scene.services.store.save_settings()

    def _next_game(self) -> None:
        """The next game (one, two, three, four decks), remembered in Settings: before
        the match's first card is played it starts a new match of that game; later
        the match in progress goes on and the next one plays it."""
        scene = self.scene
        store = scene.services.store
        decks = list(GAME_TEXT)
        store.settings.choose_game(decks[(decks.index(store.settings.decks) + 1) % len(decks)])
        store.save_settings()
        table = scene.table
        if not table.game.history and table.phase in (DEALING, DECLARING):
            scene.replay(Game(store.settings.practice_rules(), random.randrange(SEED_LIMIT)))
            return
        chosen = store.settings.decks
        scene.words.refuse(lambda: _("Game of the next match: {game}. This match goes on.").format(
            game=_(GAME_TEXT[chosen])))

    def _toggle_coach(self) -> None:
        scene = self.scene
        scene.table.coached = not scene.table.coached
        scene.services.store.settings.coach = scene.table.coached
        scene.services.store.save_settings()
        scene.ladder = None
        scene._sync()
