"""Settings, lesson progress and the saved practice match, stored as JSON files.

``Store`` is the one object that reads and writes them; the app hands it to scenes as a
service.  Files live in ``platformdirs.user_data_dir("shengji-tutor")``, or in the
folder named by the ``SHENGJI_TUTOR_HOME`` environment variable (tests use it).

Every file follows the policy of ``tutor.datafiles``: decoded, parsed and checked
against its schema; a damaged file is set aside (``NAME.corrupt-<time>``), never
deleted or overwritten, and ``Store.notices`` says what and where (the app shows the
notices as they come); saves are atomic and a folder that cannot be written never
stops the app.

The schemas: each ``Settings`` field is declared with ``setting(default, check)``,
so a new setting is one line; ``LessonProgress`` likewise.  Values that fail their
check fall back to their defaults one by one (the file is set aside first).

Lesson progress (for the lesson player): ``store.record_lesson(id, completed=...,
mistakes=..., stars=...)`` keeps the best result per lesson; ``store.progress[id]`` reads it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from engine import Rules
from engine.rules import VARIANTS

from .datachecks import Invalid, boolean, each, integer, one_of, optional, pair, record, validate
from .datafiles import DataFolder
from .datafiles import Notice as Notice  # the scenes take it from here
from .i18n import N_, language_code

ENV_HOME = "SHENGJI_TUTOR_HOME"
SETTINGS_FILE = "settings.json"
PROGRESS_FILE = "progress.json"
MATCH_FILE = "match.json"
"""The practice match in progress, saved on quit and resumed from the Practice button."""
AGAIN_MATCH_FILE = "deal-again.json"
"""The save slot of a deal played again from the History screen: the match the
learner has in progress stays as it was."""
DEMO_MATCH_FILE = "demo-match.json"
"""The save slot of the practice table's demos (``--scene practice``, ``--autoplay``):
a demo never overwrites the match the learner has in progress."""

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
SPEED_TEXT = {"off": N_("No animation"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}
"""What each animation speed is called (Settings, the table's speed button)."""
OPPONENT_KINDS = {"easy": "ai:easy", "normal": "ai", "hard": "ai:hard"}
"""The opponents' level (a setting) → the engine's player kind for the two opponents."""
WINDOW_SIZES = ((960, 600), (1280, 800), (1600, 1000), (1920, 1080))
MAX_WINDOW_SIDE = 65535
MAX_MISTAKES = 1_000_000

FALLBACKS = {
    SETTINGS_FILE: N_("Settings that could not be read are back to their defaults."),
    PROGRESS_FILE: N_("Lesson progress that could not be read starts again."),
    MATCH_FILE: N_("A new match starts instead."),
    AGAIN_MATCH_FILE: N_("A new match starts instead."),
    DEMO_MATCH_FILE: N_("A new match starts instead."),
}
"""What the app does instead when a file cannot be used (the last sentence of its notice)."""


def setting(default: Any, check: Any) -> Any:
    """A field of a stored record: its default (a function for a mutable one) and the
    check a stored value must pass (``tutor.datachecks``)."""
    meta = {"check": check}
    if callable(default):
        return field(default_factory=default, metadata=meta)
    return field(default=default, metadata=meta)


def _rule_option(name: str) -> Any:
    def check(value: Any) -> Any:
        try:
            Rules(**{name: value})
        except ValueError:
            raise Invalid() from None
        if name == "decks" and value != Rules().decks:
            raise Invalid()  # the game is a setting of its own (``Settings.decks``)
        return value
    return check


_RULE_OPTIONS = record({name: _rule_option(name) for name in Rules().to_dict()}, keep_unknown=False)


def rule_options(value: Any) -> dict[str, Any]:
    """A complete rule-option mapping: the valid options stored, defaults for the rest."""
    defaults = Rules().to_dict()
    try:
        return {**defaults, **_RULE_OPTIONS(value)}
    except Invalid as exc:
        raise Invalid(exc.where, {**defaults, **(exc.usable if isinstance(exc.usable, dict) else {})}) from None


def _language(value: Any) -> str | None:
    """``None`` (not chosen yet) or a language, named as ``--lang`` names it (``zh``)."""
    if value is None:
        return None
    code = language_code(value) if isinstance(value, str) else None
    if code is None:
        raise Invalid()
    return code


def data_dir() -> Path:
    """The folder holding settings and progress: ``$SHENGJI_TUTOR_HOME`` if set (a
    leading ``~`` is the user's home, as a shell would have it), else the user data
    folder of the system."""
    override = os.environ.get(ENV_HOME)
    if override:
        return Path(os.path.expanduser(override))
    return Path(platformdirs.user_data_dir("shengji-tutor", appauthor=False))


def _schema(cls: type) -> Any:
    """The ``record`` check of a dataclass whose fields were declared with ``setting``."""
    return record({f.name: f.metadata["check"] for f in fields(cls)})


def _build(cls: type, clean: dict[str, Any]) -> Any:
    return cls(**{f.name: clean[f.name] for f in fields(cls) if f.name in clean})


@dataclass
class Settings:
    language: str | None = setting(None, _language)
    """One of ``i18n.LANGUAGES``; ``None`` until chosen: the system locale decides."""
    rules: dict[str, Any] = setting(lambda: Rules().to_dict(), rule_options)
    animation_speed: str = setting("normal", one_of(*ANIMATION_SPEEDS))
    four_colour: bool = setting(False, boolean)
    coach: bool = setting(True, boolean)
    opponents: str = setting("normal", one_of(*OPPONENT_KINDS))
    """A key of ``OPPONENT_KINDS``: how strong the practice opponents play."""
    card_counter: bool = setting(False, boolean)
    """The practice table's card counter (记牌器), off until the learner turns it on."""
    window_size: tuple[int, int] | None = setting(None, optional(pair(integer(1, MAX_WINDOW_SIDE))))
    """The last window size; ``None`` until the first run sizes it to the desktop."""
    decks: int = setting(Rules().decks, one_of(*VARIANTS))
    """The game played at the practice table: one, two, three or four decks."""

    def rule_set(self) -> Rules:
        """The rule options chosen, in the two-deck game (the lessons' rules)."""
        return Rules.from_dict(self.rules)

    def practice_rules(self, decks: int | None = None) -> Rules:
        """The rules of a new practice match: the game of ``decks`` (default: the one
        chosen) with the rule options chosen (``game_options``)."""
        decks = self.decks if decks is None else decks
        return Rules(**{**self.game_options(decks), "decks": decks})

    def game_options(self, decks: int) -> dict[str, Any]:
        """The rule options for the game of ``decks``: those chosen, except that an
        option still at the chosen game's own value (its preset, such as the three-deck
        kitty multiplier) takes the other game's."""
        mine = Rules(decks=self.decks).to_dict()
        theirs = Rules(decks=decks).to_dict()
        return {name: theirs[name] if value == mine[name] else value
                for name, value in self.rules.items() if name != "decks"}

    def choose_game(self, decks: int) -> None:
        """Play the game of ``decks`` from the next practice match, its presets with it."""
        self.rules = {**self.rules, **self.game_options(decks)}
        self.decks = decks

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["rules"] = dict(self.rules)
        data["window_size"] = list(self.window_size) if self.window_size else None
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Settings":
        """Every valid value of ``data``; a missing or invalid one keeps its default."""
        return _build(cls, validate(_schema(cls), data, {})[0])


@dataclass
class LessonProgress:
    completed: bool = setting(False, boolean)
    mistakes: int = setting(0, integer(0, MAX_MISTAKES))
    stars: int = setting(0, integer(0, 3))

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def best(old: LessonProgress | None, new: LessonProgress) -> LessonProgress:
    """The better of two results of one lesson: completion and stars never go down,
    fewer mistakes replace more."""
    if old is None or not old.completed:
        return new
    if not new.completed:
        return old
    return LessonProgress(True, min(old.mistakes, new.mistakes), max(old.stars, new.stars))


_PROGRESS_SCHEMA = each(_schema(LessonProgress))


class Store:
    """Settings, lesson progress and the saved match of one data folder.  Several
    windows of the app may share the folder: a save merges into the file as it is now
    (``DataFolder.update``), so a setting changed in one window wins only if this
    window did not change it since it was read, and no lesson result is ever lost."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir()
        self.files = DataFolder(self.folder, FALLBACKS)
        self.files.start()
        self.settings = _build(Settings, self.files.load(SETTINGS_FILE, _schema(Settings)))
        self._settings_read = self.settings.to_json()
        """The settings as this window last read or saved them: a save writes only what
        changed since (another window may have changed the rest)."""
        progress = self.files.load(PROGRESS_FILE, _PROGRESS_SCHEMA, levels=2)
        self.progress: dict[str, LessonProgress] = {key: _build(LessonProgress, entry) for key, entry in progress.items()}

    @property
    def notices(self) -> list[Notice]:
        """What the user has not been told yet (the app shows them and empties this)."""
        return self.files.notices

    def save_settings(self) -> bool:
        """Save the settings this window changed; False if they could not be saved (the
        user is told once)."""
        mine = self.settings.to_json()
        changed = {key: value for key, value in mine.items() if value != self._settings_read.get(key)}
        saved = self.files.update(SETTINGS_FILE, lambda current: {**current, **changed}, _schema(Settings))
        if saved is None:
            return False
        self._settings_read = mine
        return True

    def save_progress(self) -> bool:
        """Save every lesson result, each merged with the one saved now (``best``), so a
        result another window saved meanwhile is kept; this window then sees it too."""
        def merged(current: dict[str, Any]) -> dict[str, Any]:
            out = dict(current)
            for key, mine in self.progress.items():
                there = _build(LessonProgress, current[key]) if isinstance(current.get(key), dict) else None
                out[key] = {**(current.get(key) or {}), **best(there, mine).to_json()}
            return out

        saved = self.files.update(PROGRESS_FILE, merged, _PROGRESS_SCHEMA)
        if saved is None:
            return False
        self.progress = {key: _build(LessonProgress, entry) for key, entry in sorted(saved.items())}
        return True

    def load_match(self, slot: str = MATCH_FILE) -> dict[str, Any] | None:
        """The saved practice match, or ``None`` (a damaged file is set aside with a notice).
        Its content is checked when it is replayed: ``match_failed`` if that fails."""
        return self.files.read(slot)

    def match_failed(self, error: Exception, slot: str = MATCH_FILE) -> None:
        """The saved match read from ``slot`` does not replay: set it aside with a notice."""
        detail = str(error).splitlines()[0][:160] if str(error) else type(error).__name__
        self.files.set_aside(slot, Notice(N_("the saved match does not replay ({detail})"), (("detail", detail),)))

    def save_match(self, data: dict[str, Any], slot: str = MATCH_FILE) -> bool:
        return self.files.write(slot, data)

    def clear_match(self, slot: str = MATCH_FILE) -> None:
        """Forget the saved match (it is over, or a new one starts)."""
        self.files.remove(slot)

    def record_lesson(self, lesson_id: str, *, completed: bool, mistakes: int, stars: int) -> LessonProgress:
        """Store a lesson result, keeping the best one (completion and stars never go
        down; fewer mistakes replace more), and save."""
        result = best(self.progress.get(lesson_id), LessonProgress(completed, mistakes, stars))
        self.progress[lesson_id] = result
        self.save_progress()
        return self.progress.get(lesson_id, result)


RULE_OPTION_TEXT: dict[str, tuple[str, str]] = {
    "constant_twos": (N_("Twos are always trumps"), N_("Every 2 is a trump, just below the level cards.")),
    "throw_penalty": (N_("Failed throw penalty"), N_("Points a failed throw costs the player who tried it.")),
    "kitty_multiplier": (N_("Kitty multiplier"), N_("How much the kitty's points count when attackers win the last trick.")),
    "self_override": (N_("Override yourself"), N_("A player may override their own declaration (never with four decks).")),
    "no_bid_first_hand": (N_("Nobody declares in hand 1"), N_("What happens when the first deal ends without a trump.")),
    "must_defend_a": (N_("Must defend A"), N_("A team at A wins only by holding as dealers at A.")),
}
"""Label and one-line explanation of each rule option the player may change (``decks``
has one value for now and is not shown)."""

ON_OFF = {False: N_("Off"), True: N_("On")}

GAME_TEXT = {1: N_("One deck"), 2: N_("Two decks"), 3: N_("Three decks"), 4: N_("Four decks")}
"""The games of the practice table by their number of decks (``Settings.decks``)."""
GAME_ROW = (N_("Game"), N_("The next practice match: one to four decks (one deck: 打百分)."))
"""Label and one-line explanation of the game chooser in Settings."""

RULE_VALUE_TEXT: dict[str, dict[Any, str]] = {
    "constant_twos": ON_OFF,
    "throw_penalty": {"none": N_("None"), "per_card": N_("10 per card"), "flat": N_("10 points")},
    "kitty_multiplier": {"twice_cards": N_("2 × cards led"), "by_pairs": N_("By pairs"), "power": N_("Powers of 2")},
    "self_override": ON_OFF,
    "no_bid_first_hand": {"redeal": N_("Redeal"), "flip_kitty": N_("Flip the kitty")},
    "must_defend_a": ON_OFF,
}
