"""The table's clock: how long things take at each speed, and where work happens off
the frame (AI thinking, saving)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pygame

from engine.cards import Card

from ...i18n import _


@dataclass(frozen=True)
class Pace:
    """Seconds, per speed setting: the pauses of the table and how long cards fly."""

    deal: float
    """Between two cards dealt."""
    play: float
    """After a play, before the next seat acts."""
    show: float
    """A finished trick stays on the table this long before its winner gathers it."""
    deal_flight: float
    play_flight: float
    gather_flight: float
    kitty: float
    """The kitty, turned up on the table at the end of the hand, before the summary."""


PACES: dict[str, Pace] = {
    "off": Pace(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    "fast": Pace(0.01, 0.25, 0.6, 0.12, 0.16, 0.2, 1.2),
    "normal": Pace(0.03, 0.6, 1.1, 0.2, 0.26, 0.32, 2.2),
    "slow": Pace(0.08, 1.1, 2.0, 0.32, 0.42, 0.5, 3.5),
}
"""At "off" nothing moves and nothing pauses (flights of 0 s land at once)."""
FLASH_SECONDS = 4.0
"""How long a refusal stays in the hint line."""
RULES_KEPT_SECONDS = 8.0
HAND_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE)
PASS_KEYS = (pygame.K_ESCAPE, pygame.K_F2)
"""Keys the "any key returns" views let through (back, language)."""
THINKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-thinking")
"""Where the AI seats think (a search may take a tenth of a second): the table keeps
drawing and taking input meanwhile."""
SAVER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="match-saving")
"""Where the match is saved after each trick (a flush to disk takes milliseconds);
one worker, so the saves land in order."""


def rules_kept() -> str:
    """Said when a saved match resumes under rules other than those now in Settings."""
    return _("This match keeps its rules; your new rule settings start with the next match.")


@dataclass(frozen=True)
class Shown:
    """A finished trick kept on the table a moment before its winner gathers it."""

    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int
    leader: int
    number: int
    """1-based."""
