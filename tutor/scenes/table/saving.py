"""The match: a new one under the settings, or the one on disk — resumed when the table
opens, saved after every trick (off the frame, on ``SAVER``) and when the table
closes; a demo saves in its own slot."""

from __future__ import annotations

import random
import traceback
from concurrent.futures import Future
from typing import TYPE_CHECKING

from engine.game import MATCH_OVER, SEED_LIMIT, Game

from ...history import keep_hand
from ...practice import PracticeTable
from ...settings import DEMO_MATCH_FILE, OPPONENT_KINDS
from .timing import SAVER

if TYPE_CHECKING:
    from argparse import Namespace

    from ...record import HistoryStore
    from ...settings import Settings, Store


def new_table(settings: "Settings", seed: int | None = None, coached: bool | None = None,
              game: Game | None = None, decks: int | None = None) -> PracticeTable:
    """A new match under the settings: from ``seed`` (random when ``None``), or ``game``;
    ``decks`` plays that game instead of the one chosen."""
    seed = random.randrange(SEED_LIMIT) if seed is None else seed
    return PracticeTable(game if game is not None else Game(settings.practice_rules(decks), seed),
                         coached=settings.coach if coached is None else coached,
                         opponents=OPPONENT_KINDS[settings.opponents], seed=seed)


def demo_table(settings: "Settings", options: "Namespace | None", seed: int) -> PracticeTable | None:
    """The demo's table when the command line names its game: ``--deal CODE`` plays that
    deal, ``--decks N`` the game of N decks instead of the one chosen; else ``None``."""
    if options is not None and options.deal:
        return new_table(settings, seed, game=Game.from_deal_code(options.deal))
    if options is not None and getattr(options, "decks", None):
        return new_table(settings, seed, decks=options.decks)
    return None


class MatchSaver:
    def __init__(self, store: "Store", slot: str) -> None:
        self.store = store
        self.slot = slot
        """The file the match is saved in: a demo never overwrites the learner's match."""
        self._saving: Future | None = None

    def keep(self, history: "HistoryStore", table: PracticeTable) -> None:
        """Put the finished hand in the learner's record (a demo's hands are not theirs)."""
        if self.slot != DEMO_MATCH_FILE:
            keep_hand(history, table)

    def resume(self) -> PracticeTable | None:
        """The saved match, or ``None``.  One that does not replay is set aside with a
        notice (never deleted), whatever is wrong with it: an unforeseen error is
        printed for the developers, and the learner gets a new match."""
        data = self.store.load_match(self.slot)
        if data is None:
            return None
        try:
            return PracticeTable.from_dict(data)
        except ValueError as exc:  # InvalidSaveError and every other ShengjiError
            self.store.match_failed(exc, self.slot)
        except Exception as exc:  # noqa: BLE001 - a bug must not cost the learner the app
            traceback.print_exc()
            self.store.match_failed(exc, self.slot)
        return None

    def save(self, table: PracticeTable) -> None:
        """Save the match now (leaving the table, the hand's end), after any save still
        on its way; a match over is cleared."""
        self.wait()
        if table.phase == MATCH_OVER:
            self.store.clear_match(self.slot)
        else:
            self.store.save_match(table.to_dict(), self.slot)

    def save_soon(self, table: PracticeTable) -> None:
        """Save the match on ``SAVER`` (after each trick: closing the window gives no scene
        a chance to save, and the frame must not wait for the disk)."""
        self.wait()
        self._saving = SAVER.submit(self.store.save_match, table.to_dict(), self.slot)

    def clear(self) -> None:
        self.wait()
        self.store.clear_match(self.slot)

    def wait(self) -> None:
        """Wait for the save on its way, if any (its error, if any, is raised here)."""
        saving, self._saving = self._saving, None
        if saving is not None:
            saving.result()
