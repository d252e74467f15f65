"""The lesson screens checked on their pixels, not on their layout rectangles: a
rectangle test passes whenever the boxes are apart, even if a frame or a dialog is
drawn over the text anyway, and cannot tell a picture that moved from one that did not.

Each check renders a screen twice, with and without the thing that could spoil it,
and compares the pixels that matter:

- the winner's highlight (its frame and its tag) leaves every seat label's glyphs, and
  the pixel round each, exactly as they are without it;
- a task's picture is drawn on the same pixels before any answer and with the
  feedback the second wrong answer brings (the box grows; nothing above it moves);
- the end of the guided hand: the summary dialog covers none of the guide's words
  (``check_guide_clear_of_the_summary``, on the summary the first-hand test renders).

``make test`` checks the steps where learners saw these defects at the smallest size,
each in one of the two languages' runs; ``make soak`` checks every step in both
languages at both sizes."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tutor.app import App  # noqa: E402
from tutor.lessons import Lesson, load_all  # noqa: E402
from tutor.lessons.rules import wrong_answer  # noqa: E402
from tutor.scenes.first_hand import GuidedHandScene, GuidedSummaryScene  # noqa: E402
from tutor.scenes.lessons import LessonPlayerScene  # noqa: E402
from tutor.scenes.lessons.pictures import TrickPicture  # noqa: E402
from tutor.settings import Store  # noqa: E402
from tests.volume import VOLUME  # noqa: E402

LESSONS = {x.id: x for x in load_all() if isinstance(x, Lesson)}
SMALL, LARGE = (960, 600), (1280, 800)
LANGUAGES = ["en", "zh_CN"]
SIZES = [SMALL, LARGE] if VOLUME >= 1 else [SMALL]

HIGHLIGHTED = ["01-12", "01-14", "03-09", "05-04", "05-06", "06-12", "07-11", "08-09", "08-10"]
"""Steps whose winner's highlight once covered the seat labels (after the answer)."""
JUMPED = ["01-05", "01-11", "01-14"]
"""Steps whose picture once jumped when the feedback grew."""


def steps_for(listed: list[str], language: str) -> list[str]:
    """``make soak``: every step; ``make test``: the listed steps, shared between the
    two languages' runs (each run checks every other one)."""
    if VOLUME >= 1:
        return [f"{lesson.id}-{i + 1:02d}" for lesson in LESSONS.values() for i in range(len(lesson.steps))]
    turn = LANGUAGES.index(language)
    return [name for i, name in enumerate(listed) if (i + turn) % 2 == 0]


@pytest.fixture
def make_app(tmp_path, monkeypatch, language):
    monkeypatch.setenv("SHENGJI_TUTOR_HOME", str(tmp_path / "home"))

    def make(size: tuple[int, int]) -> App:
        app = App(size=size, store=Store(tmp_path / "home"), language=language)
        app.store.settings.animation_speed = "off"
        return app

    return make


def shot(app: App) -> pygame.Surface:
    app.frame(0.0)
    return app.screen.copy()


def open_step(app: App, name: str) -> LessonPlayerScene:
    lesson_id, number = name.rsplit("-", 1)
    scene = LessonPlayerScene(app.services, LESSONS[lesson_id], seed=3)
    app.stack.push(scene)
    scene.furthest = len(scene.run.steps) - 1
    scene.go(int(number) - 1)
    return scene


def show_the_answer(scene: LessonPlayerScene) -> None:
    """Two wrong answers: the feedback at its longest, the answer on the table."""
    while scene.run.is_task and not scene.run.state.done:
        scene.answer(wrong_answer(scene.run.task, scene.run.ctx))


def glyphs(size: tuple[int, int], texts) -> pygame.mask.Mask:
    """The pixels the texts' glyphs cover, and one pixel round each (an outline drawn
    under a glyph changes its anti-aliased edge, one drawn beside it the pixel next
    to it)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    for layout, pos in texts:
        layout.draw(surface, pos)
    return pygame.mask.from_surface(surface, 0).convolve(pygame.mask.Mask((3, 3), fill=True), None, (-1, -1))


def difference(a: pygame.Surface, b: pygame.Surface) -> pygame.mask.Mask:
    """The pixels where the two pictures differ."""
    ab, ba = a.copy(), b.copy()
    ab.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    ba.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    ab.blit(ba, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(ab, (0, 0, 0, 255), (1, 1, 1, 255))
    same.invert()
    return same


def within(mask: pygame.mask.Mask, rect: pygame.Rect) -> pygame.mask.Mask:
    """``mask`` with only the bits inside ``rect`` kept."""
    keep = pygame.mask.Mask(mask.get_size())
    keep.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    return mask.overlap_mask(keep, (0, 0))


def check_labels_clear_of_the_highlight(app: App, name: str) -> int:
    """The seat labels' glyphs are the same with and without the winner's highlight;
    the number of label pixels compared."""
    scene = open_step(app, name)
    show_the_answer(scene)
    trick = getattr(scene.view, "trick", None)
    compared = 0
    if isinstance(trick, TrickPicture) and trick.view.winner is not None:
        with_highlight = shot(app)
        labels = glyphs(app.screen.get_size(), trick.captions())
        trick.view.winner, trick.view.how = None, None
        covered = difference(with_highlight, shot(app)).overlap_area(labels, (0, 0))
        assert not covered, f"{name}: the winner's highlight covers {covered} pixels of the seat labels"
        compared = labels.count()
    app.stack.pop()
    return compared


@pytest.mark.parametrize("size", SIZES)
def test_the_winners_highlight_covers_no_seat_label(make_app, size, language) -> None:
    app = make_app(size)
    compared = {name: check_labels_clear_of_the_highlight(app, name) for name in steps_for(HIGHLIGHTED, language)}
    assert all(compared.get(name, 1) for name in HIGHLIGHTED), "each listed step shows a winner and its labels"


@pytest.mark.parametrize("size", SIZES)
def test_the_picture_stays_put_when_the_feedback_grows(make_app, size, language) -> None:
    app = make_app(size)
    for name in steps_for(JUMPED, language):
        scene = open_step(app, name)
        if not scene.run.is_task:
            app.stack.pop()
            continue
        before = shot(app)
        show_the_answer(scene)
        grown = scene.feedback.text()
        app.stack.pop()
        # the same step as it opened, with only the feedback's words those of the answer
        scene = open_step(app, name)
        prompt = pygame.Rect(scene.feedback.rect)
        scene.feedback.text = lambda: grown  # type: ignore[method-assign]
        scene.resize(scene.metrics)
        after = shot(app)
        above = pygame.Rect(0, 0, app.screen.get_width(), min(prompt.top, scene.feedback.rect.top))
        moved = within(difference(before, after), above).count()
        assert not moved, f"{name}: the picture moves when the feedback grows ({moved} pixels differ)"
        app.stack.pop()


def check_guide_clear_of_the_summary(app: App, table: GuidedHandScene, summary: GuidedSummaryScene) -> None:
    """The end of the guided hand (``table`` on top of the stack, ``summary`` its
    dialog): the guide's words, drawn without the dialog, are the same pixels under it
    (none of them is hidden or cut)."""
    words = shot(app)
    text = table.coach_panel.text
    table.coach_panel.text = lambda: ""  # type: ignore[method-assign]
    blank = shot(app)
    table.coach_panel.text = text  # type: ignore[method-assign]
    app.stack.push(summary)
    written = within(difference(words, blank), table.coach_panel.rect)
    hidden = difference(shot(app), words).overlap_area(written, (0, 0))
    assert not hidden, f"the summary dialog covers {hidden} pixels of the guide's words"
