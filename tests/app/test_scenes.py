"""Every registered scene, in both languages and at several window sizes: on screen and legible."""

import pygame
import pytest
from .conftest import SIZES, click, key
from ..volume import VOLUME

from tutor import i18n
from tutor.scene import Scene, SceneStack
from tutor.scenes import SCENES, HomeScene
from tutor.theme import Metrics
from tutor.widgets import HandFan, TrickView


def test_pygame_is_ce():
    assert pygame.IS_CE


def _layouts() -> list[tuple[str, str, tuple[int, int]]]:
    """Every scene in both languages at the smallest size (the tightest case); at the
    larger sizes ``make test`` draws each scene in one language, the languages taking
    turns by scene and size, and ``make soak`` in both."""
    cases = []
    for n, name in enumerate(sorted(SCENES)):
        for s, size in enumerate(SIZES):
            for l, language in enumerate(i18n.LANGUAGES):
                if VOLUME >= 1 or s == 0 or (n + s + l) % 2 == 0:
                    cases.append((name, language, size))
    return cases


@pytest.mark.parametrize("name, language, size", _layouts())
def test_scene_on_screen_and_text_fits(make_app, name, language, size):
    app = make_app(size=size, language=language)
    app.start(name)
    app.frame(0.0)
    screen = app.screen.get_rect()
    assert screen.size == size
    for scene in app.stack.scenes:
        for widget in scene.widgets():
            assert screen.contains(widget.rect), (type(scene).__name__, type(widget).__name__, widget.rect)
            if isinstance(widget, HandFan):
                for rect in widget.card_rects():
                    assert widget.rect.contains(rect), ("card outside its hand", rect)
            if isinstance(widget, TrickView):
                for rects in widget.play_rects().values():
                    assert all(widget.rect.contains(r) for r in rects)
        for layout in scene.text_layouts():
            text = " / ".join(line.text for line in layout.lines)
            assert layout.fits, f"{type(scene).__name__} {language} {size}: {text!r} overflows {layout.box}"
            assert layout.px >= 9, f"{text!r} shrunk to {layout.px}px"


def test_home_number_keys_open_scenes(app):
    app.start("home")
    app.handle_event(key(pygame.K_2))
    assert type(app.stack.top).__name__ == "PracticeTableScene"
    app.handle_event(key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, HomeScene)
    app.handle_event(key(pygame.K_ESCAPE))  # the home screen stays
    assert isinstance(app.stack.top, HomeScene) and len(app.stack) == 1


def test_home_arrows_enter_and_mouse(app):
    app.start("home")
    home = app.stack.top
    app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_RETURN))
    assert type(app.stack.top).__name__ == "SettingsScene"
    app.stack.pop()
    app.handle_event(click(home.buttons[0].rect.center))
    assert type(app.stack.top).__name__ == "LessonBrowserScene"
    quit_button = home.buttons[-1]
    app.stack.pop()
    app.handle_event(click(quit_button.rect.center))
    assert not app.running


def test_continue_lesson_only_once_a_lesson_was_opened(app, store):
    """A brand-new user sees no "Continue lesson"; after a lesson the menu offers it."""
    app.start("home")
    home = app.stack.top
    labels = [b.text() for b in home.buttons]
    assert not any("Continue lesson" in label for label in labels) and labels[0] == "Lessons"
    app.handle_event(key(pygame.K_1))
    store.record_lesson("01", completed=False, mistakes=0, stars=0)
    app.handle_event(key(pygame.K_ESCAPE))
    assert app.stack.top is home and home.buttons[0].text() == "Continue lesson" and home.buttons[0].hotkey == 1
    app.frame(0.0)


def test_language_switch_anywhere_is_remembered(app, store):
    app.start("practice")
    hint = app.stack.top.hint
    english = hint.text_layout().lines[0].text
    app.handle_event(key(pygame.K_F2))
    assert i18n.language() == "zh_CN"
    assert hint.text_layout().lines[0].text != english  # translated at draw time
    assert type(store).__name__ == "Store" and store.settings.language == "zh_CN"
    from tutor.settings import Store

    assert Store(store.folder).settings.language == "zh_CN"


def test_resize_recomputes_layout(app):
    app.start("practice")
    table = app.stack.top
    before = table.hand.rect.copy()
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1600, y=1000))
    assert table.hand.rect != before
    assert table.metrics.size == (1600, 1000)
    assert app.store.settings.window_size == (1600, 1000)


def test_practice_table_select_and_play(app):
    """The demo table waits for the player to follow the first trick: a card that may not
    be chosen is refused with the reason; the AI's follow, clicked card by card, plays."""
    app.start("practice")
    table = app.stack.top
    view = table.table.view
    rects = table.hand.card_rects()
    blocked = [i for i in range(len(table.hand.cards)) if not table.hand.can_select(i)]
    if blocked:
        app.handle_event(click(rects[blocked[0]].move(2, 30).topleft))
        assert table.hand.selected == set() and table.words.flash
    assert not table.play.enabled
    move = table.table.auto_move()
    for card in move:
        i = next(i for i, c in enumerate(table.hand.cards) if c == card and i not in table.hand.selected)
        app.handle_event(click(table.hand.card_rects()[i].move(2, 30).topleft))
    assert len(table.hand.selected) == len(view.lead)
    assert table.play.enabled
    app.handle_event(key(pygame.K_RETURN))
    assert len(table.hand.cards) == len(view.hand) - len(move)
    # the cards fly from the hand to the table (speed "normal"), then lie in front of the seat
    assert table.motion.active and all(seat != 0 for seat, _cards in table.trick.plays)
    app.frame(0.3)
    assert not table.motion.active
    assert table.trick.plays[-1][0] == 0 and len(table.trick.plays[-1][1]) == len(move)


class Recorder(Scene):
    def __init__(self, services, log, name, opaque=True):
        super().__init__(services)
        self.log, self.name, self.opaque = log, name, opaque

    def enter(self):
        self.log.append(f"{self.name}.enter")

    def exit(self):
        self.log.append(f"{self.name}.exit")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def resize(self, metrics):
        super().resize(metrics)
        self.log.append(f"{self.name}.resize")

    def handle_event(self, event):
        self.log.append(f"{self.name}.event")
        return None

    def draw(self, surface):
        self.log.append(f"{self.name}.draw")


def test_stack_lifecycle_and_overlays(app):
    log: list[str] = []
    stack = SceneStack(Metrics(1280, 800))
    a, b, c = (Recorder(app.services, log, n, opaque=(n != "c")) for n in "abc")
    stack.push(a)
    stack.push(b)
    stack.push(c)
    assert log == ["a.resize", "a.enter", "a.pause", "b.resize", "b.enter", "b.pause", "c.resize", "c.enter"]
    log.clear()
    stack.draw(pygame.Surface((10, 10)))
    assert log == ["b.draw", "c.draw"]  # c is an overlay over b; a is hidden
    log.clear()
    assert stack.handle_event(key(pygame.K_a)) is None
    assert log == ["c.event"]
    log.clear()
    stack.pop()
    stack.replace(Recorder(app.services, log, "d"))
    assert log == ["c.exit", "b.resume", "b.exit", "d.resize", "d.enter"]
    assert [s.name for s in stack.scenes] == ["a", "d"]


def test_practice_table_by_keyboard(app):
    """Arrows and Space choose the cards the demo table's follow needs; 1 plays them."""
    app.start("practice")
    table = app.stack.top
    move = table.table.auto_move()
    for card in move:
        target = next(i for i, c in enumerate(table.hand.cards) if c == card and i not in table.hand.selected)
        while table.hand.focus != target:
            app.handle_event(key(pygame.K_RIGHT))
        app.handle_event(key(pygame.K_SPACE))
    assert len(table.hand.selected) == len(move) and table.play.enabled
    size = len(table.hand.cards)
    app.handle_event(key(pygame.K_1))  # the Play button's number
    assert len(table.hand.cards) == size - len(move)


def test_navigator_pop_to_and_back(app):
    from tutor.scenes import SCENES

    app.start("home")
    home = app.stack.top
    navigator = app.services.navigator
    navigator.push(SCENES["settings"](app.services))
    navigator.push(SCENES["rules"](app.services))
    navigator.pop_to(home)
    assert app.stack.top is home and len(app.stack) == 1
    navigator.back()  # the last scene stays
    assert app.stack.top is home
    with pytest.raises(ValueError):
        navigator.pop_to(SCENES["settings"](app.services))


def test_translator_switches_and_remembers(app, store):
    translator = app.services.translator
    assert translator.language == "en" and translator.other() == "zh_CN"
    translator.next_language()
    assert i18n.language() == "zh_CN" and store.settings.language == "zh_CN"
    assert translator.gettext_in("en", "Back") == "Back"


def test_no_scene_reaches_for_the_app():
    """Scenes use the narrow services (navigator, translator, lessons, window, options):
    the services hold no reference to the ``App``."""
    from pathlib import Path

    from tutor.services import Services

    assert "app" not in {f for f in Services.__dataclass_fields__}
    root = Path(__file__).resolve().parents[2] / "tutor"
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                   if "services.app" in p.read_text(encoding="utf-8"))
    assert users == [], users
