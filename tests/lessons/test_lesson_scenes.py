"""The lesson scenes driven like a learner would: synthetic keys and clicks, both
languages, headless.  Every lesson is completed through the player (a wrong answer
first, then the right one), progress is saved, and the browser and the rules
reference open each other."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections import Counter  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine import Card  # noqa: E402
from tutor.app import App  # noqa: E402
from tutor.lessons import Lesson, load_all  # noqa: E402
from tutor.lessons.model import Choose, Declare  # noqa: E402
from tutor.lessons.rules import CARD_RULES, correct_options  # noqa: E402
from tutor.scenes.lessons import CardOption, LessonBrowserScene, LessonPlayerScene  # noqa: E402
from tutor.scenes.rules import RulesReferenceScene  # noqa: E402
from tutor.settings import Store  # noqa: E402
from tutor.widgets import HandFan, TrickView  # noqa: E402

LESSONS = [x for x in load_all() if isinstance(x, Lesson)]


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


@pytest.fixture
def make_app(tmp_path, monkeypatch, language):
    monkeypatch.setenv("SHENGJI_TUTOR_HOME", str(tmp_path / "home"))

    def make(size=(1280, 800)) -> App:
        return App(size=size, store=Store(tmp_path / "home"), language=language)

    return make


def pick(app: App, scene: LessonPlayerScene, cards: list[Card]) -> None:
    """Click cards of the hand until exactly ``cards`` are selected."""
    hand = scene.hand
    for i in sorted(hand.selected):
        app.handle_event(click(hand.card_rects()[i].move(2, 0).midleft))
    want = Counter(cards)
    for i, card in enumerate(hand.cards):
        if want[card]:
            want[card] -= 1
            app.handle_event(click(hand.card_rects()[i].move(2, 0).midleft))
    assert Counter(hand.selected_cards()) == Counter(cards)


def answer(app: App, scene: LessonPlayerScene, right: bool) -> None:
    run, step = scene.run, scene.step
    if isinstance(step, Choose):
        good = correct_options(step, run.ctx)
        index = min(good) if right else min(set(range(len(step.options))) - good)
        app.handle_event(key(pygame.K_1 + index))
        return
    rule = CARD_RULES[step.answer]
    cards = rule.answers(step, run.ctx)[0] if right else rule.wrong_answer(step, run.ctx)
    if not cards and isinstance(step, Declare):
        pick(app, scene, [])
        app.handle_event(click(scene.passing.rect.center))
        return
    pick(app, scene, cards)
    app.handle_event(key(pygame.K_RETURN))


def check_on_screen(app: App) -> None:
    screen = app.screen.get_rect()
    scene = app.stack.top
    for widget in scene.widgets():
        assert screen.contains(widget.rect), (type(widget).__name__, widget.rect)
        if isinstance(widget, (HandFan, CardOption)):
            assert all(widget.rect.contains(r) for r in widget.card_rects()), type(widget).__name__
        if isinstance(widget, TrickView):
            assert all(widget.rect.contains(r) for rects in widget.play_rects().values() for r in rects)
    for layout in scene.text_layouts():
        text = " / ".join(line.text for line in layout.lines)
        assert layout.fits and layout.px >= 9, (text, layout.box, layout.px)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_learner_completes_each_lesson_through_the_scene(make_app, lesson: Lesson) -> None:
    app = make_app(size=(960, 600))
    app.stack.push(LessonBrowserScene(app.services))
    browser = app.stack.top
    app.handle_event(key(pygame.K_1 + LESSONS.index(lesson)))
    scene = app.stack.top
    assert isinstance(scene, LessonPlayerScene) and scene.lesson.id == lesson.id
    for _ in range(100):
        app.frame(0.0)
        check_on_screen(app)
        if scene.run.is_task:
            answer(app, scene, right=False)
            assert scene.run.feedback is not None and not scene.run.feedback.correct
            app.frame(0.0)
            check_on_screen(app)
            answer(app, scene, right=True)
            assert scene.run.feedback.correct, (lesson.id, scene.run.index)
        app.handle_event(key(pygame.K_RETURN))
        if app.stack.top is not scene:
            break
    assert app.stack.top is browser
    progress = app.store.progress[lesson.id]
    assert progress.completed and progress.mistakes == scene.run.tasks and progress.stars == 1
    assert Store(app.store.folder).progress[lesson.id].completed  # saved to disk


def test_language_switch_keeps_the_place(make_app, language) -> None:
    app = make_app()
    lesson = LESSONS[2]
    app.stack.push(LessonPlayerScene(app.services, lesson))
    scene = app.stack.top
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_RETURN))
    before = (scene.run.index, scene.goal_text(), scene.body_text())
    app.handle_event(key(pygame.K_F2))
    assert scene.run.index == before[0]
    assert scene.body_text() != before[2]
    app.handle_event(key(pygame.K_F2))
    assert (scene.run.index, scene.goal_text(), scene.body_text()) == before


def test_bilingual_view_shows_both_languages(make_app, language) -> None:
    app = make_app()
    app.stack.push(LessonPlayerScene(app.services, LESSONS[0]))
    scene = app.stack.top
    single = scene.body_text()
    app.handle_event(key(pygame.K_b))
    both = scene.body_text()
    assert both.startswith(single) and len(both) > len(single) + 10
    app.frame(0.0)
    check_on_screen(app)


def test_wrong_follow_names_the_rule_and_cards(make_app, language) -> None:
    app = make_app()
    lesson = next(x for x in LESSONS if x.id == "05")
    app.stack.push(LessonPlayerScene(app.services, lesson))
    scene = app.stack.top
    while not (scene.step.goal or "").startswith("♥Q ♥Q"):
        scene.go(scene.run.index + 1)
    pick(app, scene, [c for c in scene.hand.cards if str(c) in ("HK", "H10")])
    app.handle_event(click(scene.check.rect.center))
    text = scene.feedback_text()
    assert "♥6 ♥6" in text
    assert ("pair" in text) if language == "en" else ("对子" in text)
    assert not scene.next.enabled


def test_recap_links_to_the_rules_and_back(make_app) -> None:
    app = make_app()
    lesson = LESSONS[5]
    app.stack.push(LessonPlayerScene(app.services, lesson))
    scene = app.stack.top
    scene.go(len(scene.run.steps) - 1)
    app.handle_event(click(scene.link.rect.center))
    reference = app.stack.top
    assert isinstance(reference, RulesReferenceScene)
    assert reference.section is not None and reference.section.id == lesson.rules_topic
    app.handle_event(key(pygame.K_l))
    assert isinstance(app.stack.top, LessonPlayerScene) and app.stack.top.lesson.id == lesson.id


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_every_step_and_page_fits(make_app, size) -> None:
    app = make_app(size=size)
    for lesson in LESSONS:
        app.stack.push(LessonPlayerScene(app.services, lesson))
        scene = app.stack.top
        for i in range(len(scene.run.steps)):
            scene.go(i)
            for bilingual in (False, True):
                scene.bilingual = bilingual
                scene.resize(scene.metrics)
                app.frame(0.0)
                check_on_screen(app)
        app.stack.pop()
    app.stack.push(RulesReferenceScene(app.services))
    reference = app.stack.top
    for i in range(len(reference.pages)):
        reference.pages[i].activate()
        app.frame(0.0)
        check_on_screen(app)


def test_continue_opens_the_first_unfinished_lesson(make_app) -> None:
    app = make_app()
    app.store.record_lesson("01", completed=True, mistakes=0, stars=3)
    scene = LessonPlayerScene(app.services)
    assert scene.lesson.id == "02"


SHOTS = [("01", 0), ("03", 4), ("05", 6), ("06", 8), ("07", 3), ("04", 6), ("08", 10), ("09", 2), ("09", 14)]


@pytest.mark.shots
@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_screenshots(make_app, language, size) -> None:
    """Artefacts to look at (``make shots``): a few steps, the browser and a reference page in ``out/``."""
    from pathlib import Path

    out = Path(__file__).resolve().parents[2] / "out" / "lessons"
    out.mkdir(parents=True, exist_ok=True)
    app = make_app(size=size)
    tag = f"{language}-{size[0]}x{size[1]}"
    app.stack.push(LessonBrowserScene(app.services))
    app.frame(0.0)
    pygame.image.save(app.screen, str(out / f"browser-{tag}.png"))
    for lesson_id, index in SHOTS:
        lesson = next(x for x in LESSONS if x.id == lesson_id)
        app.stack.push(LessonPlayerScene(app.services, lesson))
        scene = app.stack.top
        scene.go(min(index, len(scene.run.steps) - 1))
        if scene.run.is_task and lesson_id in ("05", "07"):
            answer(app, scene, right=False)
        app.frame(0.0)
        pygame.image.save(app.screen, str(out / f"lesson{lesson_id}-step{index}-{tag}.png"))
        app.stack.pop()
    app.stack.push(RulesReferenceScene(app.services, "tractors"))
    app.frame(0.0)
    pygame.image.save(app.screen, str(out / f"rules-{tag}.png"))
    for path in out.glob(f"*-{tag}.png"):
        image = pygame.image.load(str(path))
        assert image.get_size() == size
        assert len({image.get_at((x, y))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 23)}) > 8


def test_a_broken_lesson_opens_as_its_problems(make_app, tmp_path, monkeypatch) -> None:
    import shutil

    from tutor.lessons import loader

    folder = tmp_path / "lessons"
    folder.mkdir()
    shutil.copy(loader.LESSON_DIR / "01_table.yaml", folder)
    (folder / "02_broken.yaml").write_text('id: "02"\ntitle: !!python/name:os.system\n', encoding="utf-8")
    monkeypatch.setattr(loader.load_all, "__defaults__", (folder, None))
    app = make_app(size=(960, 600))
    app.stack.push(LessonBrowserScene(app.services))
    browser = app.stack.top
    assert [t.lesson.available for t in browser.tiles] == [True, False]
    app.frame(0.0)
    check_on_screen(app)
    app.handle_event(key(pygame.K_2))
    page = app.stack.top
    assert isinstance(page, LessonPlayerScene) and "02_broken.yaml:2: yaml" in page.body_text()
    app.frame(0.0)
    check_on_screen(app)
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_ESCAPE))
    assert app.stack.top is browser and "02" not in app.store.progress


def test_keyboard_only_choice_and_cards(make_app) -> None:
    """↓ and Enter answer a choice; ←/→ and ↑ pick cards; Enter checks."""
    app = make_app()
    lesson = next(x for x in LESSONS if x.id == "01")
    app.stack.push(LessonPlayerScene(app.services, lesson))
    scene = app.stack.top
    app.handle_event(key(pygame.K_RETURN))  # narration → the partner question
    assert isinstance(scene.step, Choose)
    app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_RETURN))  # second option: wrong
    assert not scene.run.feedback.correct
    app.handle_event(key(pygame.K_UP))
    app.handle_event(key(pygame.K_RETURN))  # first option: right
    assert scene.run.feedback.correct
    app.handle_event(key(pygame.K_RETURN))
    assert scene.run.index == 2
    lesson = next(x for x in LESSONS if x.id == "02")
    app.stack.push(LessonPlayerScene(app.services, lesson))
    scene = app.stack.top
    app.handle_event(key(pygame.K_RETURN))  # to "Pick every card worth points"
    wanted = {i for i, c in enumerate(scene.hand.cards) if c.points}
    for i in range(len(scene.hand.cards)):
        app.handle_event(key(pygame.K_RIGHT))
        if i in wanted:
            app.handle_event(key(pygame.K_UP))
    assert scene.hand.selected == wanted
    app.handle_event(key(pygame.K_RETURN))
    assert scene.run.feedback.correct
