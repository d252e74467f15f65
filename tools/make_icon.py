"""Draw the app icon, ``assets/icon.png`` (256×256): two fanned cards on green felt,
the front one marked 升 (the "rise" of 升级).

Run ``.venv/bin/python tools/make_icon.py`` after changing the design; the PNG is
checked in, so builds need nothing but the file.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.resources import FONT  # noqa: E402
from tutor.theme import ACCENT, FELT, FELT_DARK, PANEL, PANEL_EDGE, RED  # noqa: E402

SIZE = 256


def card(mark: str | None, font: pygame.font.Font, angle: float) -> pygame.Surface:
    """A card turned by ``angle`` degrees: its face shows ``mark``, or it is a back."""
    surface = pygame.Surface((120, 168), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, PANEL, rect, border_radius=18)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=4, border_radius=18)
    if mark is None:
        pygame.draw.rect(surface, ACCENT, rect.inflate(-28, -28), border_radius=10)
    else:
        glyph = font.render(mark, True, RED)
        surface.blit(glyph, glyph.get_rect(center=rect.center))
    return pygame.transform.rotozoom(surface, angle, 1.0)


def draw() -> pygame.Surface:
    pygame.font.init()
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, FELT_DARK, icon.get_rect(), border_radius=48)
    pygame.draw.rect(icon, FELT, icon.get_rect().inflate(-16, -16), border_radius=40)
    font = pygame.font.Font(str(FONT), 108)
    back = card(None, font, 14)
    icon.blit(back, back.get_rect(center=(104, 124)))
    front = card("升", font, -10)
    icon.blit(front, front.get_rect(center=(152, 136)))
    return icon


if __name__ == "__main__":
    out = ROOT / "assets" / "icon.png"
    pygame.image.save(draw(), str(out))
    print(f"wrote {out}")
