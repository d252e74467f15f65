"""The application: window, services, scene stack, the main loop and the command line.

``main(argv)`` is what ``main.py``, ``python -m tutor`` and the installed
``shengji-tutor`` command run.  ``--screenshot`` renders one frame of a scene and
exits, which also works headless (``SDL_VIDEODRIVER=dummy``).  A command-line mistake
is one line naming the argument and what it accepts, with exit code 2.
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
# Linux: the window class the desktop entry names (assets/shengji-tutor.desktop), so the
# dock shows the app's name and icon rather than Python's
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "shengji-tutor")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "shengji-tutor")

import pygame  # noqa: E402

from engine.cli import run, stop_on_signals  # noqa: E402

from . import STARTED, i18n, resources  # noqa: E402
from .fonts import Fonts  # noqa: E402
from .i18n import N_, _  # noqa: E402
from .scene import SceneStack  # noqa: E402
from .services import Navigator, Services, Translator, Window  # noqa: E402
from .settings import Store  # noqa: E402
from .theme import DESIGN_SIZE, MIN_SIZE, Metrics  # noqa: E402
from .widgets.card_art import CardArt  # noqa: E402

LANGUAGE_KEYS = (pygame.K_F2,)
"""Keys that switch the language from any scene (the home and settings scenes also
have a button)."""
TITLE = N_("Shengji Tutor")
"""The window title, in the language shown."""
MAX_SIZE = (7680, 4320)
"""The largest ``--size``: an 8K screen (about 300 MB and 2 s for a screenshot); beyond it
a window fits no display and only costs memory and time."""
NAME_MAX = 255
"""The longest file or folder name most file systems take, in bytes."""
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")
"""The image files ``--screenshot`` can write (pygame picks the format by suffix)."""
AUTOPLAY_DT = 0.25
AUTOPLAY_FRAMES = 5_000
"""``--screenshot`` keeps running frames (of ``AUTOPLAY_DT`` seconds) while the scene on
top says it is ``busy`` (the practice table playing a hand by itself: about 500 frames
from the deal), at most this many: then it says so and exits with status 1."""


class App:
    def __init__(self, size: tuple[int, int] | None = None, store: Store | None = None, language: str | None = None):
        self.store = store if store is not None else Store()
        settings = self.store.settings
        translator = Translator(self.store, language)
        pygame.display.init()
        pygame.font.init()
        stop_on_signals()  # SDL's own handlers only queue a quit event, unread while rendering headless
        # a size asked for on the command line is taken as is; a remembered one must
        # still fit the desktop (the window may have been on a larger monitor)
        if size:
            size = _at_least_minimum(size)
        else:
            size = _fit_to_desktop(settings.window_size) if settings.window_size else _first_window_size()
        _set_icon()
        self._title_language = ""
        self._title()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        _set_minimum_window_size()
        fonts = Fonts()
        self.stack = SceneStack(Metrics(*self.screen.get_size()))
        self.services = Services(
            fonts=fonts, cards=CardArt(fonts), store=self.store,
            navigator=Navigator(self.stack, self.quit), translator=translator,
            window=Window(lambda: self.screen.get_size(), self.set_window_size))
        self.running = True

    @property
    def options(self) -> argparse.Namespace | None:
        """The command line, for scenes' demo content (``--seed``, ``--deal``, ``--autoplay``)."""
        return self.services.options

    @options.setter
    def options(self, value: argparse.Namespace | None) -> None:
        self.services.options = value

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

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window (as the settings screen does) and remember the size."""
        size = _fit_to_desktop(size)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized(self.screen.get_size())
        self.store.save_settings()

    def back(self) -> None:
        """Leave the top scene (the last one stays: the home screen has a Quit button)."""
        self.services.navigator.back()

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
                self.services.translator.next_language()

    def frame(self, dt: float) -> None:
        self.show_notices()
        self.stack.update(dt)
        self.stack.draw(self.screen)
        self._title()

    def _title(self) -> None:
        """The window title in the language shown (whatever switched it)."""
        if self._title_language != i18n.language():
            self._title_language = i18n.language()
            pygame.display.set_caption(_(TITLE))

    def run(self) -> None:
        """The main loop until the window closes; the settings are saved however it ends
        (Ctrl-C and SIGTERM too)."""
        clock = pygame.time.Clock()
        try:
            while self.running and len(self.stack):
                for event in pygame.event.get():
                    self.handle_event(event)
                self.frame(clock.tick(60) / 1000)
                pygame.display.flip()
        finally:
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


def _set_icon() -> None:
    """The window's icon (title bar, task bar); a missing or damaged file keeps SDL's."""
    try:
        pygame.display.set_icon(pygame.image.load(str(resources.ICON)))
    except (pygame.error, OSError):
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
    (low_w, low_h), (high_w, high_h) = MIN_SIZE, MAX_SIZE
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        w = h = 0
    if not (low_w <= w <= high_w and low_h <= h <= high_h):
        raise argparse.ArgumentTypeError(
            f"width x height from {low_w}x{low_h} to {high_w}x{high_h}, such as 1280x800, not {text!r}")
    return (w, h)


def _language(text: str) -> str:
    """``zh`` or ``en`` (or a full code of ``i18n.LANGUAGES``) -> the language code."""
    code = i18n.language_code(text)
    if code is None:
        names = " or ".join(code.split("_")[0] for code in i18n.LANGUAGES)
        raise argparse.ArgumentTypeError(f"{names}, not {text!r}")
    return code


def _screenshot(text: str) -> Path:
    path = Path(text)
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise argparse.ArgumentTypeError(f"a file name ending in {', '.join(IMAGE_SUFFIXES)}, not {text!r}")
    if os.path.isdir(path):
        raise argparse.ArgumentTypeError(f"{text!r} is a folder; give a file name such as {path / 'shot.png'}")
    longest = max(len(os.fsencode(part)) for part in path.parts)
    if longest > NAME_MAX:
        raise argparse.ArgumentTypeError(f"a name in {text!r} is {longest} bytes long; the most is {NAME_MAX}")
    return path


def _deal_code(text: str) -> str:
    """``text`` itself, once it decodes (``dealcode.decode`` says what is wrong); the
    practice table plays every game a code names (one to four decks)."""
    from engine import dealcode

    dealcode.decode(text)
    return text


def _prog() -> str:
    """How the user started the app, for ``--help`` and error lines."""
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    return "python -m tutor" if name == "__main__.py" else (name or "shengji-tutor")


def make_parser() -> argparse.ArgumentParser:
    from engine.cli import Parser, checked, integer_in
    from engine.game import SEED_LIMIT

    from .scenes import SCENES

    parser = Parser(prog=_prog(), description="Shengji Tutor: learn and practise Shengji (升级 / Tractor).",
                     epilog="Headless screenshots: set SDL_VIDEODRIVER=dummy.  The record of practice hands: "
                            f"{_prog()} history export --json FILE (or --csv FILE), {_prog()} history import FILE.")
    parser.add_argument("--scene", choices=sorted(SCENES), default="home",
                        help="open this scene with demo content (default: home)")
    parser.add_argument("--lang", type=_language, metavar="{zh,en}",
                        help="language (default: the saved one, else the system's)")
    parser.add_argument("--size", type=_size, metavar="WxH",
                        help=f"window size in pixels, from {MIN_SIZE[0]}x{MIN_SIZE[1]} to "
                             f"{MAX_SIZE[0]}x{MAX_SIZE[1]}, e.g. 1280x800")
    parser.add_argument("--screenshot", type=_screenshot, metavar="FILE.png",
                        help="render the scene to this image and exit (missing folders are created)")
    parser.add_argument("--lesson", metavar="ID", help="lesson scene: open this lesson, e.g. 03")
    parser.add_argument("--step", type=integer_in(1), metavar="N", help="lesson scene: open at step N (1 is the first)")
    parser.add_argument("--seed", type=integer_in(0, SEED_LIMIT - 1), metavar="N",
                        help=f"practice, summary, review: the seed of the first deal (0 to {SEED_LIMIT - 1})")
    parser.add_argument("--deal", metavar="CODE", type=checked(_deal_code),
                        help="practice, summary, review: play the deal of this deal code")
    parser.add_argument("--decks", type=int, choices=(1, 2, 3, 4),
                        help="practice, summary, review: play this game (one to four decks; default: the one "
                             "chosen in Settings)")
    parser.add_argument("--autoplay", action="store_true",
                        help="practice: your seat plays itself; with --screenshot, the hand summary is saved")
    return parser


def check_args(parser: argparse.ArgumentParser, args: argparse.Namespace, store: Store) -> None:
    """What ``parser`` alone cannot check: ``--lesson``/``--step`` against the lessons under
    the saved rules (``--lesson ID`` becomes that lesson), then the folder of
    ``--screenshot``, created only once everything else is right.  A mistake exits."""
    if args.scene != "lesson":
        for name in ("lesson", "step"):
            if getattr(args, name) is not None:
                parser.error(f"argument --{name}: only with --scene lesson")
    elif args.lesson is not None or args.step is not None:
        _find_lesson(parser, args, store)
    if args.screenshot is not None:
        folder = args.screenshot.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            parser.error(f"argument --screenshot: cannot create the folder {folder}: {exc.strerror or exc}")
        if not os.access(folder, os.W_OK):
            parser.error(f"argument --screenshot: cannot write into the folder {folder}")


def _find_lesson(parser: argparse.ArgumentParser, args: argparse.Namespace, store: Store) -> None:
    from .lessons import GuidedHand, LessonRun, load_all

    if args.lesson is None:
        parser.error("argument --step: give the lesson too (--lesson ID)")
    rules = store.settings.rule_set()
    lessons = [x for x in load_all(rules=rules) if x.available]
    found = next((x for x in lessons if x.id == args.lesson), None)
    if found is None:
        parser.error(f"argument --lesson: one of {', '.join(x.id for x in lessons)}, not {args.lesson!r}")
    steps = len(found.moments) if isinstance(found, GuidedHand) else len(LessonRun(found, rules).steps)
    if args.step is not None and args.step > steps:
        parser.error(f"argument --step: lesson {found.id} has steps 1 to {steps}, not {args.step}")
    args.lesson = found


def main(argv: list[str] | None = None) -> int:
    """The app's exit status: 0, 1 when the screenshot could not be made, 2 for a
    command-line mistake, 130 after Ctrl-C, 143 after SIGTERM (each with one line)."""
    return run(lambda: _main(argv), _prog())


def _main(argv: list[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["history"]:
        from .history_cli import main as history_main

        return history_main(argv[1:], _prog())
    parser = make_parser()
    args = parser.parse_args(argv)
    store = Store()
    check_args(parser, args, store)
    app = App(size=args.size, store=store, language=args.lang)
    app.options = args
    app.start(args.scene)
    if args.screenshot is None:
        app.run()
        return 0
    app.frame(0.0)
    first_frame = time.perf_counter()
    for _frame in range(AUTOPLAY_FRAMES):
        if app.stack.top is None or not app.stack.top.busy:
            break
        app.frame(AUTOPLAY_DT)
    else:
        pygame.quit()
        print(f"{_prog()}: the scene was still busy after {AUTOPLAY_FRAMES} frames; no screenshot saved",
              file=sys.stderr)
        return 1
    try:
        pygame.image.save(app.screen, str(args.screenshot))
    except (pygame.error, OSError) as exc:
        print(f"{_prog()}: cannot save {args.screenshot}: {exc}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
    print(f"first frame {first_frame - STARTED:.3f} s after start; saved {time.perf_counter() - first_frame:.3f} s "
          f"later: {args.screenshot}", file=sys.stderr)
    return 0
