"""The settings and progress store: round trip, atomic writes, damaged files set aside."""

import json

import pygame
from .conftest import key

from tutor.datafiles import LOCK_FILE
from tutor.app import App
from tutor.scenes import NoticeScene
from engine import Rules, parse_cards
from engine.declaring import declaration_error
from engine.view import Declaration
from tutor import i18n
from tutor.settings import ENV_HOME, RULE_OPTION_TEXT, Settings, Store, data_dir


def test_round_trip(tmp_path):
    store = Store(tmp_path)
    store.settings.four_colour = True
    store.settings.language = "zh_CN"
    store.settings.rules["throw_penalty"] = "flat"
    store.settings.window_size = (1600, 1000)
    store.save_settings()
    again = Store(tmp_path).settings
    assert again == store.settings
    assert again.rule_set().throw_penalty == "flat"
    assert [p.name for p in tmp_path.iterdir() if p.name != LOCK_FILE] == ["settings.json"]  # no temporary file left


def test_env_var_chooses_the_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_HOME, str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    assert Store().folder == tmp_path / "x"


def test_invalid_values_fall_back_one_by_one():
    settings = Settings.from_json(
        {"language": "fr", "four_colour": "yes", "coach": False, "window_size": [10, "a"],
         "rules": {"constant_twos": True, "kitty_multiplier": "huge", "trumps": 3}, "animation_speed": "slow"}
    )
    assert settings.language is None and settings.four_colour is False and settings.coach is False
    assert settings.window_size is None and settings.animation_speed == "slow"
    assert settings.rules["constant_twos"] is True and settings.rules["kitty_multiplier"] == "twice_cards"
    assert "trumps" not in settings.rules


def test_damaged_file_is_set_aside_and_the_app_says_so(tmp_path):
    home = tmp_path / "damaged"
    home.mkdir()
    (home / "settings.json").write_text("{not json", encoding="utf-8")
    app = App(size=(1280, 800), store=Store(home), language="en")
    assert not (home / "settings.json").exists()
    aside = list(home.glob("settings.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{not json"
    assert app.store.settings == Settings()
    app.start("home")
    assert isinstance(app.stack.top, NoticeScene)
    assert aside[0].name in app.stack.top.message()
    app.frame(0.0)
    app.handle_event(key(pygame.K_RETURN))  # OK closes the notice
    assert type(app.stack.top).__name__ == "HomeScene"


def test_progress_keeps_the_best_result(tmp_path):
    store = Store(tmp_path)
    store.record_lesson("01_trumps", completed=False, mistakes=4, stars=0)
    store.record_lesson("01_trumps", completed=True, mistakes=2, stars=2)
    store.record_lesson("01_trumps", completed=True, mistakes=5, stars=1)
    store.record_lesson("01_trumps", completed=False, mistakes=0, stars=0)
    best = Store(tmp_path).progress["01_trumps"]
    assert (best.completed, best.mistakes, best.stars) == (True, 2, 2)
    data = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert data == {"01_trumps": {"completed": True, "mistakes": 2, "stars": 2}}


def test_settings_scene_changes_and_saves(app, store):
    app.start("settings")
    scene = app.stack.top
    rows = [row.label for row in scene.rows]
    scene.menu.focus = rows.index("Four-colour suits")
    scene.menu._sync()
    app.handle_event(key(pygame.K_RIGHT))
    assert store.settings.four_colour is True and app.services.four_colour
    assert Store(store.folder).settings.four_colour is True
    scene.menu.focus = rows.index("Kitty multiplier")
    app.handle_event(key(pygame.K_RETURN))
    assert store.settings.rules["kitty_multiplier"] == "by_pairs"
    app.handle_event(key(pygame.K_LEFT))
    assert store.settings.rules["kitty_multiplier"] == "twice_cards"
    app.handle_event(key(pygame.K_ESCAPE))
    assert type(app.stack.top).__name__ == "HomeScene"


def test_settings_number_keys_and_tab_reach_every_row(app, store):
    """The footer promises number keys: they change the rows of the column holding the
    focus (numbered on its buttons); Tab moves to the other column."""
    app.start("settings")
    scene = app.stack.top
    labels = [row.label for row in scene.rows]
    left, right = scene.column_of(0), scene.column_of(scene.split)
    assert [scene.buttons[n].hotkey for n in left] == list(range(1, len(left) + 1))
    assert all(scene.buttons[n].hotkey is None for n in right)
    app.handle_event(key(pygame.K_1 + labels.index("Opponents")))
    assert store.settings.opponents == "hard" and scene.menu.focus == labels.index("Opponents")
    app.handle_event(key(pygame.K_1 + labels.index("Card counter")))
    assert store.settings.card_counter is True
    app.handle_event(key(pygame.K_TAB))
    assert scene.menu.focus in right and all(scene.buttons[n].hotkey is None for n in left)
    app.handle_event(key(pygame.K_1 + labels.index("Kitty multiplier") - right.start))
    assert store.settings.rules["kitty_multiplier"] == "by_pairs"
    assert Store(store.folder).settings.opponents == "hard"
    for n in range(len(scene.rows)):  # every row is reached by its column's number
        column = scene.column_of(n)
        if scene.menu.focus not in column:
            app.handle_event(key(pygame.K_TAB))
        app.handle_event(key(pygame.K_1 + n - column.start))
        assert scene.menu.focus == n


def test_opponents_level_chooses_the_opponents_player_kind(app, store, monkeypatch):
    from tutor import practice
    from tutor.scenes.practice import PracticeTableScene

    made = []
    real = practice.make_player
    monkeypatch.setattr(practice, "make_player", lambda kind, seed=0: (made.append(kind), real(kind, seed))[1])
    store.settings.opponents = "easy"
    scene = PracticeTableScene(app.services, seed=3)
    assert made == ["ai", "ai:easy", "ai", "ai:easy"], "the partner and the coach's advisor stay normal"
    assert scene.table.opponents == "ai:easy"
    again = type(scene.table).from_dict(scene.table.to_dict())
    assert again.opponents == "ai:easy"


def test_the_game_chosen_is_remembered_with_its_presets(tmp_path):
    """Choosing three decks brings its kitty multiplier (powers of 2); an option the
    player changed stays; back to two decks, the two-deck value returns; the lessons'
    rules stay two decks."""
    store = Store(tmp_path)
    settings = store.settings
    settings.rules["throw_penalty"] = "flat"
    settings.choose_game(3)
    store.save_settings()
    again = Store(tmp_path).settings
    assert again.decks == 3 and again.rules["kitty_multiplier"] == "power"
    rules = again.practice_rules()
    assert (rules.decks, rules.kitty_multiplier, rules.throw_penalty) == (3, "power", "flat")
    assert again.rule_set().decks == 2
    assert again.practice_rules(4).constant_twos and again.practice_rules(4).kitty_multiplier == "twice_cards"
    again.rules["kitty_multiplier"] = "by_pairs"
    again.choose_game(4)
    assert (again.practice_rules().kitty_multiplier, again.practice_rules().constant_twos) == ("by_pairs", True)
    again.choose_game(2)
    assert again.practice_rules() == Rules(throw_penalty="flat", kitty_multiplier="by_pairs")


def test_a_stored_game_out_of_range_falls_back_to_two_decks(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"decks": 5}), encoding="utf-8")
    assert Store(tmp_path).settings.decks == 2


def test_override_yourself_says_it_does_not_apply_with_four_decks():
    """The engine ignores the option with four decks (nobody overrides their own
    face-down call), so its explanation in Settings says so, in both languages."""
    own = Declaration(0, tuple(parse_cards("S5")))
    for decks, refused in ((2, None), (4, "own_declaration")):
        rules = Rules(decks=decks, self_override=True)
        assert declaration_error(0, parse_cards("H5 H5"), parse_cards("S5 H5 H5"), "5", own, rules) == refused
    explain = RULE_OPTION_TEXT["self_override"][1]
    assert "four decks" in i18n._(explain)
    i18n.set_language("zh_CN")
    assert "四副扑克" in i18n._(explain)
