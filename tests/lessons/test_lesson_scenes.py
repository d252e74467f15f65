"""The lesson scenes driven like a learner would: synthetic keys and clicks, both
languages, headless.  Every lesson is completed through the player (a wrong answer
first, then the right one), progress is saved, answers are earned (nothing
highlighted, Enter never answers, the pick is marked), and the browser, the player,
the rules reference and the glossary open each other."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import shutil  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine import Card  # noqa: E402
from tutor.app import App  # noqa: E402
from tutor.lessons import Lesson, LessonLibrary, load_all  # noqa: E402
from tutor.lessons.loader import LESSON_DIR  # noqa: E402
from tutor.lessons.rules import right_answers, wrong_answer  # noqa: E402
from tutor.lessons.feedback import tr  # noqa: E402
from tutor.lessons.steps import Choose, Declare, Drill, PlayTrick, button_words  # noqa: E402
from tutor.scenes.lessons import LessonBrowserScene, LessonPlayerScene  # noqa: E402
from tutor.scenes.lessons.card_task import CardTaskView  # noqa: E402
from tutor.scenes.lessons.choice import ChoiceView  # noqa: E402
from tutor.scenes.lessons.pictures import TrickPicture  # noqa: E402
from tutor.scenes.rules import RulesReferenceScene  # noqa: E402
from tutor.settings import Store  # noqa: E402
from tutor.widgets import Button, HandFan, TrickView  # noqa: E402
from tutor.widgets.choice_list import RIGHT, WRONG, ChoiceList  # noqa: E402
from tests.volume import VOLUME  # noqa: E402

LESSONS = [x for x in load_all() if isinstance(x, Lesson)]
LANGUAGES = ["en", "zh_CN"]


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
    hand = scene.view.hand
    for i in sorted(hand.selected):
        app.handle_event(click(hand.card_rects()[i].move(2, 0).midleft))
    want = Counter(cards)
    for i, card in enumerate(hand.cards):
        if want[card]:
            want[card] -= 1
            app.handle_event(click(hand.card_rects()[i].move(2, 0).midleft))
    assert Counter(hand.selected_cards()) == Counter(cards)


def answer(app: App, scene: LessonPlayerScene, right: bool) -> None:
    run, task = scene.run, scene.run.task
    if isinstance(task, Choose):
        option = min(right_answers(task, run.ctx)) if right else wrong_answer(task, run.ctx)
        app.handle_event(key(pygame.K_1 + run.order().index(option)))
        return
    cards = list(right_answers(task, run.ctx)[0] if right else wrong_answer(task, run.ctx))
    if not cards and isinstance(task, Declare):
        pick(app, scene, [])
        app.handle_event(click(scene.passing.rect.center))
        return
    pick(app, scene, cards)
    app.handle_event(key(pygame.K_c))


def check_on_screen(app: App, min_px: int = 9) -> None:
    screen = app.screen.get_rect()
    scene = app.stack.top
    for widget in scene.widgets():
        assert screen.contains(widget.rect), (type(widget).__name__, widget.rect)
        if isinstance(widget, (HandFan, ChoiceList)) and widget.rect.width:
            rects = widget.card_rects() if isinstance(widget, HandFan) else \
                [r for i in range(len(widget.choices)) for r in widget.card_rects(i)]
            assert all(widget.rect.contains(r) for r in rects), type(widget).__name__
        if isinstance(widget, TrickView):
            assert all(widget.rect.contains(r) for rects in widget.play_rects().values() for r in rects)
    for layout in scene.text_layouts():
        text = " / ".join(line.text for line in layout.lines)
        assert layout.fits and layout.px >= min_px, (text, layout.box, layout.px)
    trick = getattr(getattr(scene, "view", None), "trick", None)
    if isinstance(trick, TrickPicture):  # no seat label under the winner's frame or a card
        covers = [r for rects in trick.view.play_rects().values() for r in rects]
        frame = trick.view.winner_box()
        covers += [frame] if frame is not None else []
        for layout, pos in trick.captions():
            for box in layout.line_rects(pos):
                assert box.collidelist(covers) == -1, (layout.lines[0].text, box, covers)


def open_lesson(app: App, index: int) -> LessonPlayerScene:
    app.stack.push(LessonBrowserScene(app.services))
    browser = app.stack.top
    if index < 9:
        app.handle_event(key(pygame.K_1 + index))
    else:
        app.handle_event(click(browser.tiles[index].rect.center))
    scene = app.stack.top
    assert isinstance(scene, LessonPlayerScene)
    return scene


def _scene_runs() -> list:
    """Every lesson in both languages; under ``make test`` the lessons of other games
    take turns between the languages (both under ``make soak``)."""
    return [pytest.param(lesson, language, id=f"{language}-{lesson.id}")
            for lesson in LESSONS for n, language in enumerate(LANGUAGES)
            if VOLUME >= 1 or lesson.decks == 2 or (int(lesson.id) + n) % 2 == 0]


@pytest.mark.parametrize("lesson, language", _scene_runs(), indirect=["language"])
def test_learner_completes_each_lesson_through_the_scene(make_app, lesson: Lesson, language: str) -> None:
    app = make_app(size=(960, 600))
    scene = open_lesson(app, [x.id for x in load_all()].index(lesson.id))
    browser = app.stack.scenes[-2]
    assert scene.lesson.id == lesson.id
    for _ in range(400):
        app.frame(0.0)
        check_on_screen(app, min_px=12)
        if scene.run.is_task and not scene.run.state.done:
            first = not isinstance(scene.step, Drill) or scene.run.state.dealt == 1
            if first:
                answer(app, scene, right=False)
                assert scene.run.feedback is not None and not scene.run.feedback.correct
                app.frame(0.0)
                check_on_screen(app, min_px=12)
            if not scene.run.state.done:
                answer(app, scene, right=True)
                assert scene.run.feedback.correct, (lesson.id, scene.run.index)
        app.handle_event(key(pygame.K_RETURN))
        if app.stack.top is not scene:
            break
    ids = [x.id for x in load_all()]
    after = ids[ids.index(lesson.id) + 1:]
    onward = app.stack.top
    assert app.stack.scenes[-2] is browser, "the way on replaces the lesson, the browser stays below"
    if after:  # the next entry of the index, whatever it is
        assert getattr(onward, "lesson", getattr(onward, "guided", None)).id == after[0]
    else:  # after the last lesson, one way on: free practice
        from tutor.scenes.practice import PracticeTableScene

        assert type(onward) is PracticeTableScene
    progress = app.store.progress[lesson.id]
    assert progress.completed and progress.mistakes == scene.run.mistakes and progress.stars == scene.run.stars
    assert Store(app.store.folder).progress[lesson.id].completed  # saved to disk


def first_choice(scene: LessonPlayerScene) -> None:
    while not isinstance(scene.run.task, Choose):
        scene.run.go(scene.run.index + 1)
        scene.furthest = scene.run.index
    scene._load_step()


def test_nothing_is_highlighted_and_enter_never_answers(make_app) -> None:
    app = make_app()
    app.stack.push(LessonPlayerScene(app.services, LESSONS[0], seed=1))
    scene = app.stack.top
    first_choice(scene)
    choices = scene.view.list
    assert choices.focus is None and choices.hover is None and not choices.marks
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_KP_ENTER))
    assert scene.run.feedback is None and scene.run.state.picks == []
    app.frame(0.0)


def test_the_pick_is_marked_then_the_answer(make_app) -> None:
    app = make_app()
    app.stack.push(LessonPlayerScene(app.services, LESSONS[0], seed=1))
    scene = app.stack.top
    first_choice(scene)
    run = scene.run
    bad = wrong_answer(run.task, run.ctx)
    app.handle_event(key(pygame.K_1 + run.order().index(bad)))
    assert scene.view.list.marks == {bad: WRONG}
    assert not scene.next.enabled
    other = next(i for i in range(len(run.task.options)) if i != bad and i not in right_answers(run.task, run.ctx))
    app.handle_event(key(pygame.K_1 + run.order().index(other)))
    good = min(right_answers(run.task, run.ctx))
    assert scene.view.list.marks == {bad: WRONG, other: WRONG, good: RIGHT}
    assert scene.next.enabled and not scene.view.list.enabled
    text = scene.words.feedback()
    label = run.task.options[good].label
    assert scene.view.list.choices[run.order().index(good)].label() == _label(label)
    assert _label(label) in text


def _label(label: str) -> str:
    from tutor.lessons.feedback import tr

    return tr(label)


def test_a_played_card_leaves_the_hand(make_app) -> None:
    app = make_app()
    lesson = LESSONS[0]
    app.stack.push(LessonPlayerScene(app.services, lesson, seed=1))
    scene = app.stack.top
    while not isinstance(scene.run.task, PlayTrick):
        scene.run.go(scene.run.index + 1)
    scene.furthest = scene.run.index
    scene._load_step()
    before = list(scene.view.hand.cards)
    answer(app, scene, right=True)
    played = scene.run.state.played
    assert played and len(scene.view.hand.cards) == len(before) - len(played)
    assert not scene.view.hand.selected
    assert any(list(played) == cards for _seat, cards in scene.view.trick.view.plays)


def test_language_switch_keeps_the_place(make_app, language) -> None:
    app = make_app()
    app.stack.push(LessonPlayerScene(app.services, LESSONS[2], seed=1))
    scene = app.stack.top
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_RETURN))
    before = (scene.run.index, scene.words.goal(), scene.words.body())
    app.handle_event(key(pygame.K_F2))
    assert scene.run.index == before[0]
    assert scene.words.body() != before[2]
    app.handle_event(key(pygame.K_F2))
    assert (scene.run.index, scene.words.goal(), scene.words.body()) == before


def test_bilingual_view_shows_both_languages(make_app, language) -> None:
    app = make_app()
    app.stack.push(LessonPlayerScene(app.services, LESSONS[0], seed=1))
    scene = app.stack.top
    single = scene.words.body()
    app.handle_event(key(pygame.K_b))
    both = scene.words.body()
    assert both.startswith(single) and len(both) > len(single) + 10
    app.frame(0.0)
    check_on_screen(app)


def test_wrong_follow_names_the_rule(make_app, language) -> None:
    app = make_app()
    lesson = LESSONS[4]
    app.stack.push(LessonPlayerScene(app.services, lesson, seed=1))
    scene = app.stack.top
    while not (scene.step.goal or "").startswith("♥Q ♥Q"):
        scene.run.go(scene.run.index + 1)
    scene.furthest = scene.run.index
    scene._load_step()
    pick(app, scene, [c for c in scene.view.hand.cards if str(c) in ("HK", "H10")])
    app.handle_event(click(scene.action.rect.center))
    text = scene.words.feedback()
    assert "♥6" not in text, "the first hint points at the rule, not at the answer"
    assert ("pair" in text) if language == "en" else ("对子" in text)
    assert not scene.next.enabled


def test_every_entry_of_the_list_is_numbered_and_reached_by_the_arrows(make_app) -> None:
    """The list numbers every entry (the number the review names it by), and the arrows
    move over its grid to the entries past 9, whose number is no key."""
    app = make_app(size=(960, 600))
    app.stack.push(LessonBrowserScene(app.services))
    browser = app.stack.top
    app.frame(0.0)
    titles = [tile.layouts()[0][0].lines[0].text for tile in browser.tiles]
    assert all(title.startswith(f"{n} ") for n, title in enumerate(titles, 1)), titles
    app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_RIGHT))
    assert browser.menu.focus == browser.columns + 1
    for _ in browser.tiles:
        app.handle_event(key(pygame.K_RIGHT))
    app.handle_event(key(pygame.K_RETURN))
    scene = app.stack.top
    assert isinstance(scene, LessonPlayerScene) and scene.lesson.id == browser.lessons[-1].id


def test_recap_links_to_the_rules_and_back(make_app) -> None:
    app = make_app()
    lesson = LESSONS[5]
    app.stack.push(LessonPlayerScene(app.services, lesson, seed=1))
    scene = app.stack.top
    scene.furthest = len(scene.run.steps) - 1
    scene.go(len(scene.run.steps) - 1)
    app.handle_event(click(scene.link.rect.center))
    reference = app.stack.top
    assert isinstance(reference, RulesReferenceScene)
    assert reference.section is not None and reference.section.id == lesson.rules_topic
    app.handle_event(key(pygame.K_l))
    assert isinstance(app.stack.top, LessonPlayerScene) and app.stack.top.lesson.id == lesson.id


def test_a_step_that_defines_a_term_links_the_glossary(make_app) -> None:
    app = make_app(size=(960, 600))
    lesson = LESSONS[1]
    app.stack.push(LessonPlayerScene(app.services, lesson, seed=1))
    scene = app.stack.top
    index = next(i for i, s in enumerate(scene.run.steps) if "dealers" in s.defines)
    scene.furthest = index
    scene.go(index)
    assert scene.link.enabled
    app.handle_event(key(pygame.K_l))
    reference = app.stack.top
    assert isinstance(reference, RulesReferenceScene) and reference.page == reference.reference.glossary_page
    assert reference.body.offset > 0, "scrolled to the term"
    app.frame(0.0)
    check_on_screen(app)


SIZES = [(960, 600), (1280, 800)]
def drawn_here(step: int, turn: int) -> bool:
    """Does this run of a per-step drawing sweep draw step ``step``?  ``make soak``
    draws every step in every run; ``make test`` (volume below 1) draws each step in
    every other run, by ``turn`` (the run's language and size), so every step is still
    drawn in both languages and at both sizes."""
    return VOLUME >= 1 or (step + turn) % 2 == 0


@pytest.mark.parametrize("size", SIZES)
def test_every_step_and_page_fits(make_app, size, language) -> None:
    app = make_app(size=size)
    turn = SIZES.index(size) + LANGUAGES.index(language)
    for lesson in LESSONS:
        app.stack.push(LessonPlayerScene(app.services, lesson, seed=2))
        scene = app.stack.top
        scene.furthest = len(scene.run.steps) - 1
        for i in range(len(scene.run.steps)):
            if not drawn_here(i, turn):
                continue
            scene.go(i)
            for bilingual in (False, True) if size == (960, 600) else (False,):  # the tightest case
                scene.bilingual = bilingual
                scene.resize(scene.metrics)
                app.frame(0.0)
                check_on_screen(app, min_px=12)
                if not bilingual:  # one short goal line, at its full size beside the header
                    assert scene.goal.text_layouts()[0].px == scene.metrics.fpx(scene.goal.px), (lesson.id, i + 1)
        app.stack.pop()
    app.stack.push(RulesReferenceScene(app.services))
    reference = app.stack.top
    for i in range(len(reference.pages)):
        reference.pages[i].activate()
        app.frame(0.0)
        check_on_screen(app)


def test_every_shown_answer_draws(make_app, language) -> None:
    """Two wrong answers show the answer on the table (a play, a lead, a declaration)."""
    app = make_app(size=(960, 600))
    for lesson in LESSONS:
        app.stack.push(LessonPlayerScene(app.services, lesson, seed=3))
        scene = app.stack.top
        scene.furthest = len(scene.run.steps) - 1
        for i in range(len(scene.run.steps)):
            if not drawn_here(i, LANGUAGES.index(language)):
                continue
            scene.go(i)
            app.frame(0.0)
            before = pygame.Rect(scene.view.rect)
            while scene.run.is_task and not scene.run.state.done:
                scene.answer(wrong_answer(scene.run.task, scene.run.ctx))
            app.frame(0.0)
            check_on_screen(app, min_px=12)
            assert scene.view.rect == before, f"{lesson.id}-{i + 1}: the picture moves when the feedback grows"
        app.stack.pop()


def test_continue_opens_the_first_unfinished_lesson(make_app) -> None:
    app = make_app()
    app.store.record_lesson("01", completed=True, mistakes=0, stars=3)
    scene = LessonPlayerScene(app.services)
    assert scene.lesson.id == "02"


def test_a_broken_lesson_opens_as_its_problems(make_app, tmp_path) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    shutil.copy(LESSON_DIR / "01_table.yaml", folder)
    shutil.copy(LESSON_DIR / "reference.yaml", folder)
    long_problem = "x" * 400
    (folder / "02_broken.yaml").write_text(f'title: !!python/name:os.system\nsummary: "{long_problem}"\n',
                                           encoding="utf-8")
    (folder / "index.yaml").write_text('lessons:\n  - {id: "01", file: 01_table.yaml, topics: [table]}\n'
                                       '  - {id: "02", file: 02_broken.yaml, topics: [points]}\n', encoding="utf-8")
    app = make_app(size=(960, 600))
    library = LessonLibrary(folder)
    app.stack.push(LessonBrowserScene(app.services, library=library))
    browser = app.stack.top
    assert [t.broken for t in browser.tiles] == [False, True]
    app.frame(0.0)
    check_on_screen(app)  # the problem text is wrapped and cut inside its tile
    app.handle_event(key(pygame.K_2))
    page = app.stack.top
    assert isinstance(page, LessonPlayerScene) and "02_broken.yaml:1: yaml" in page.words.body()
    app.frame(0.0)
    check_on_screen(app)
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_ESCAPE))
    assert app.stack.top is browser and "02" not in app.store.progress


def test_keyboard_only_choice_and_cards(make_app) -> None:
    """↓ and Space answer a choice; ←/→ and ↑ pick cards; C checks them; Enter goes on."""
    app = make_app()
    app.stack.push(LessonPlayerScene(app.services, LESSONS[0], seed=1))
    scene = app.stack.top
    app.handle_event(key(pygame.K_RETURN))  # narration → the partner question
    assert isinstance(scene.view, ChoiceView)
    target = scene.run.order().index(min(right_answers(scene.run.task, scene.run.ctx)))
    for _ in range(target + 1):
        app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_SPACE))
    assert scene.run.feedback.correct
    app.handle_event(key(pygame.K_RETURN))
    assert scene.run.index == 2
    app.stack.push(LessonPlayerScene(app.services, LESSONS[1], seed=1))
    scene = app.stack.top
    app.handle_event(key(pygame.K_RETURN))  # to "Pick every card worth points"
    assert isinstance(scene.view, CardTaskView)
    hand = scene.view.hand
    wanted = {i for i, c in enumerate(hand.cards) if c.points}
    for i in range(len(hand.cards)):
        app.handle_event(key(pygame.K_RIGHT))
        if i in wanted:
            app.handle_event(key(pygame.K_UP))
    assert hand.selected == wanted
    app.handle_event(key(pygame.K_RETURN))
    assert scene.run.feedback is None, "Enter does not answer"
    app.handle_event(key(pygame.K_c))
    assert scene.run.feedback.correct


def test_a_hotkey_sits_in_its_own_key_cap(make_app, language) -> None:
    """"1" before "8 cards" must not read as "18 cards"."""
    app = make_app()
    button = Button(app.services, "8 cards", lambda: None, hotkey=1)
    button.place((10, 10, 220, 44), app.stack.metrics)
    assert button.text() == ("8 张" if language == "zh_CN" else "8 cards")
    label, number = button.text_layouts()
    assert [line.text for line in number.lines] == ["1"]
    assert button.key_box().right < button.label_box().left


def test_a_declare_step_says_call_where_trumps_are_called_face_down(make_app, language) -> None:
    """Four decks call trumps face down (暗叫): the buttons are 叫主 / 不叫 (not 亮牌 / 不亮),
    the footer's P key says 不叫 too, the step's button words (what the teaching check
    reads) are the same, and the hint says the call stays face down, in either language
    after a switch."""
    app = make_app()
    lesson = next(x for x in LESSONS if x.decks == 4)
    app.stack.push(LessonPlayerScene(app.services, lesson, seed=1))
    scene = app.stack.top
    scene.run.go(next(i for i, step in enumerate(scene.run.steps) if isinstance(step, Declare)))
    scene.furthest = scene.run.index
    scene._load_step()
    said = {"en": ("Call", "Pass", "P: Pass", "face down"), "zh_CN": ("叫主", "不叫", "P：不叫", "扣着")}
    for code in (language, *(c for c in said if c != language)):  # F2: the buttons follow
        action, passing, footer, hidden = said[code]
        assert (scene.action.text(), scene.passing.text()) == (action, passing)
        assert tuple(tr(word) for word in button_words(scene.step, scene.rules)) == (action, passing)
        assert footer in " ".join(line.text for line in scene.chrome.footer_layout().lines)
        assert hidden in scene.words.feedback()
        app.handle_event(key(pygame.K_F2))
