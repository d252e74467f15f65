"""The application: window, services, scene stack and the main loop.

``main(argv)`` is what ``main.py`` runs.  ``--screenshot`` renders one frame of a scene
and exits, which also works headless (``SDL_VIDEODRIVER=dummy``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Windows: let SDL see real pixels on HiDPI screens instead of a blurry upscaled window
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")

import pygame  # noqa: E402

from . import i18n  # noqa: E402
from .fonts import Fonts  # noqa: E402
from .scene import SceneStack  # noqa: E402
from .services import Services  # noqa: E402
from .settings import Store  # noqa: E402
from .theme import DESIGN_SIZE, MIN_SIZE, Metrics  # noqa: E402
from .widgets.card_art import CardArt  # noqa: E402

LANGUAGE_KEYS = (pygame.K_F2,)
"""Keys that switch the language from any scene (the home and settings scenes also
have a button)."""
TITLE = "Shengji Tutor · 升级教练"
AUTOPLAY_DT = 0.25
AUTOPLAY_FRAMES = 100_000
"""``--screenshot`` keeps running frames (of ``AUTOPLAY_DT`` seconds) while a scene says
it is ``busy`` (the practice table playing a hand by itself), at most this many."""


class App:
    def __init__(self, size: tuple[int, int] | None = None, store: Store | None = None, language: str | None = None):
        self.store = store if store is not None else Store()
        settings = self.store.settings
        i18n.set_language(language or settings.language or i18n.system_language())
        pygame.display.init()
        pygame.font.init()
        # a size asked for on the command line is taken as is; a remembered one must
        # still fit the desktop (the window may have been on a larger monitor)
        if size:
            size = _at_least_minimum(size)
        else:
            size = _fit_to_desktop(settings.window_size) if settings.window_size else _first_window_size()
        pygame.display.set_caption(TITLE)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        _set_minimum_window_size()
        fonts = Fonts()
        self.services = Services(fonts=fonts, cards=CardArt(fonts), store=self.store, app=self)
        self.stack = SceneStack(Metrics(*self.screen.get_size()))
        self.running = True
        self.options: argparse.Namespace | None = None
        """The command line, for scenes' demo content (``--seed``, ``--deal``, ``--autoplay``)."""

    def start(self, scene: str = "home") -> None:
        """Push the home screen, then scene ``scene`` (by its registered name) with its
        demo content, then a notice overlay if the store has something to say."""
        from .scenes import SCENES, HomeScene

        if scene != "home":
            self.stack.push(HomeScene(self.services))
        for instance in SCENES[scene].demo(self.services):
            self.stack.push(instance)
        self.show_notices()

    def show_notices(self) -> None:
        """Show what the store has to say (a damaged file, saving failed) over the top
        scene, as soon as it happens: called at the start and before every frame."""
        from .scenes import NoticeScene

        notices = self.store.notices
        if not notices:
            return
        top = self.stack.top
        if isinstance(top, NoticeScene):
            top.add(notices)
        else:
            self.stack.push(NoticeScene(self.services, notices))
        notices.clear()

    # services for scenes ---------------------------------------------------------------

    def set_language(self, code: str) -> None:
        """Switch language now and remember it."""
        i18n.set_language(code)
        self.store.settings.language = code
        self.store.save_settings()

    def next_language(self) -> None:
        codes = i18n.LANGUAGES
        self.set_language(codes[(codes.index(i18n.language()) + 1) % len(codes)])

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window (as the settings screen does) and remember the size."""
        size = _fit_to_desktop(size)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized(self.screen.get_size())
        self.store.save_settings()

    def back(self) -> None:
        """Leave the top scene (the last one stays: the home screen has a Quit button)."""
        if len(self.stack) > 1:
            self.stack.pop()

    def quit(self) -> None:
        self.running = False

    # the loop ---------------------------------------------------------------------------

    def _resized(self, size: tuple[int, int]) -> None:
        self.store.settings.window_size = _at_least_minimum(size)
        self.stack.resize(Metrics(*size))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._resized((event.x, event.y))
            return
        if self.stack.handle_event(event) is None:
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in LANGUAGE_KEYS:
                self.next_language()

    def frame(self, dt: float) -> None:
        self.show_notices()
        self.stack.update(dt)
        self.stack.draw(self.screen)

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running and len(self.stack):
            for event in pygame.event.get():
                self.handle_event(event)
            self.frame(clock.tick(60) / 1000)
            pygame.display.flip()
        self.store.save_settings()
        pygame.quit()


def _set_minimum_window_size() -> None:
    """Stop the user from shrinking the window below ``MIN_SIZE`` (where supported).

    pygame-ce reaches the display-module window only through ``Window.from_display_module``,
    which it flags as deprecated in favour of a ``Window``-only program.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
    except (pygame.error, AttributeError):
        pass


def _at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    return (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))


def _first_window_size() -> tuple[int, int]:
    """The first start's window: 16:10 filling about 80% of the desktop, so a HiDPI
    screen (large in pixels) gets a large, sharp window rather than a tiny one."""
    try:
        desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return DESIGN_SIZE
    w = min(desk_w * 0.8, desk_h * 0.8 * 1.6)
    return _at_least_minimum((int(w), int(w / 1.6)))


def _fit_to_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` no smaller than the minimum and no larger than the desktop."""
    w, h = _at_least_minimum(size)
    try:
        desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return (w, h)
    if desk_w >= MIN_SIZE[0] and desk_h >= MIN_SIZE[1]:
        w, h = min(w, desk_w), min(h, desk_h)
    return (w, h)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    return (w, h)


def _deal_code(text: str) -> str:
    from engine import dealcode

    try:
        dealcode.decode(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    from .scenes import SCENES

    parser = argparse.ArgumentParser(prog="main.py", description="Shengji Tutor: learn and practise Shengji.")
    parser.add_argument("--scene", choices=sorted(SCENES), default="home", help="open this scene (with demo content)")
    parser.add_argument("--lang", choices=["zh", "en", *i18n.LANGUAGES], help="language (default: saved or system)")
    parser.add_argument("--size", type=_size, help="window size, e.g. 1280x800")
    parser.add_argument("--screenshot", type=Path, help="render one frame to this PNG and exit")
    parser.add_argument("--seed", type=int, help="practice: the seed of the first deal")
    parser.add_argument("--deal", metavar="CODE", type=_deal_code, help="practice: play the deal of this deal code")
    parser.add_argument("--autoplay", action="store_true",
                        help="practice: your seat plays itself; with --screenshot, the hand summary is saved")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args = parse_args(argv)
    language = {"zh": "zh_CN"}.get(args.lang, args.lang)
    app = App(size=args.size, language=language)
    app.options = args
    app.start(args.scene)
    if args.screenshot is not None:
        app.frame(0.0)
        for _ in range(AUTOPLAY_FRAMES):
            if not any(scene.busy for scene in app.stack.scenes):
                break
            app.frame(AUTOPLAY_DT)
        pygame.image.save(app.screen, str(args.screenshot))
        print(f"first frame in {time.perf_counter() - started:.3f} s; saved {args.screenshot}", file=sys.stderr)
        pygame.quit()
        return 0
    app.run()
    return 0
