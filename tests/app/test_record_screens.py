"""The History, replay and Progress screens, and the title on the home screen."""

from __future__ import annotations

import sys
import warnings

import pygame

from tutor.history import sample_rows
from tutor.scenes import SCENES
from tutor.scenes.progress import nearby_titles, rolling, stars_over_time


def test_rolling_average_over_the_last_ten() -> None:
    assert rolling([]) == []
    assert rolling([2, 4]) == [2, 3]
    values = list(range(1, 21))
    assert rolling(values)[9] == 5.5 and rolling(values)[19] == 15.5


def test_stars_over_time_count_each_lessons_best() -> None:
    times, totals = stars_over_time([("2026-01-01T10:00:00Z", "01", 2), ("2026-01-02T10:00:00Z", "02", 1),
                                     ("2026-01-03T10:00:00Z", "01", 1), ("2026-01-04T10:00:00Z", "01", 3)])
    assert totals == [2, 3, 3, 4] and times[0].day == 1


def test_the_titles_drawn_surround_the_points() -> None:
    assert [t for t, _n in nearby_titles(-4, 34)] == [0, 5, 10, 20, 40]
    assert [t for t, _n in nearby_titles(150, 170)] == [144, 260]


def test_the_plots_draw_in_the_apps_font(make_app) -> None:
    """In Chinese at the smallest window (English and 1280×800: ``--scene progress``)."""
    app = make_app(size=(960, 600), language="zh_CN")
    app.start("home")
    rows, lessons = sample_rows(40)
    scene = SCENES["progress"](app.services, rows, lessons)
    app.stack.push(scene)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app.frame(0.0)
    assert not [w for w in caught if "Glyph" in str(w.message)], "every label has its glyphs"
    assert not scene.shows_message
    plot = scene.plot()
    assert plot is not None and plot.get_size() == scene.plot_rect.size
    colours = {plot.get_at((x, y))[:3] for x in range(0, plot.get_width(), 7) for y in range(0, plot.get_height(), 7)}
    assert len(colours) > 20, "lines and labels were drawn"


def test_without_matplotlib_the_screen_says_what_is_missing(make_app, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    app = make_app(size=(960, 600), language="zh_CN")
    app.start("home")
    rows, lessons = sample_rows(5)
    scene = SCENES["progress"](app.services, rows, lessons)
    app.stack.push(scene)
    app.frame(0.0)
    assert scene.shows_message and "matplotlib" in scene.message_text()
    assert all(layout.fits for layout in scene.text_layouts())
    assert isinstance(app.screen, pygame.Surface)


def test_the_home_screen_shows_the_title_from_the_second_frame(make_app) -> None:
    from engine.game import Game
    from tutor.history import keep_hand, play_to_end
    from tutor.practice import PracticeTable

    app = make_app(size=(960, 600), language="zh_CN")
    table = PracticeTable(Game(seed=8), seed=8, ai_kind="random", coached=False)
    play_to_end(table)
    data = keep_hand(app.services.history, table)
    assert data is not None
    app.start("home")
    home = app.stack.top
    app.frame(0.0)
    assert home.standing_text() == "" and home.busy, "the first frame does not wait for the record"
    app.frame(0.0)
    points = data["rating"]["change"]
    assert not home.busy and f"积分 {points}" in home.standing_text() and "你的称号" in home.standing_text()


def test_history_replays_a_kept_hand_and_deals_it_again(make_app, store) -> None:
    from engine.game import Game
    from tests.app.conftest import key
    from tutor.history import keep_hand, play_to_end
    from tutor.practice import PracticeTable
    from tutor.settings import AGAIN_MATCH_FILE, MATCH_FILE

    app = make_app(size=(960, 600), language="en")
    table = PracticeTable(Game(seed=12), seed=12, ai_kind="random")
    play_to_end(table)
    data = keep_hand(app.services.history, table)
    assert data is not None
    store.save_match({"kept": "as it was"})
    app.start("history")
    history = app.stack.top
    assert [row.key for row in history.rows] == [data["key"]]
    app.handle_event(key(pygame.K_RETURN))
    replay = app.stack.top
    assert type(replay).__name__ == "ReplayScene" and replay.game is not None
    assert replay.tricks == table.game.tricks, "the replay shows the plays of the hand"
    app.handle_event(key(pygame.K_END))
    assert replay.index == len(table.game.tricks) - 1
    with_note = [k for k in replay.notes]
    assert all(note["text"]["en"] in replay.trick_text() for note in replay.notes.get(replay.index, []))
    if with_note:
        replay.go_to(with_note[0])
        assert replay.notes[with_note[0]][0]["text"]["en"] in replay.trick_text()
    replay.toggle_all()
    app.frame(0.0)
    assert all(layout.fits for layout in replay.text_layouts())
    app.handle_event(key(pygame.K_4))  # play this deal again
    practice = app.stack.top
    assert type(practice).__name__ == "PracticeTableScene" and practice.slot == AGAIN_MATCH_FILE
    assert practice.table.game.deal_code() == data["deal_code"] and practice.table.learner == data["learner"]
    assert store.files.read(MATCH_FILE) == {"kept": "as it was"}, "the match in progress stays"
