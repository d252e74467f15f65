"""Settings and lesson progress, stored as JSON in the user data folder.

``Store`` is the one object that reads and writes them; the app hands it to scenes as a
service.  Files live in ``platformdirs.user_data_dir("shengji-tutor")``, or in the
folder named by the ``SHENGJI_TUTOR_HOME`` environment variable (tests use it).

Writes are atomic (a temporary file in the same folder, then ``os.replace``), so a
crash never leaves half a file.  A file that cannot be read as JSON is renamed aside
(``settings.json.corrupt-<timestamp>``), the app starts with defaults and
``Store.notices`` carries a message the home screen shows.  Values of the wrong type
fall back to their defaults one by one.

Lesson progress (for the lesson player): ``store.record_lesson(id, completed=...,
mistakes=..., stars=...)`` keeps the best result per lesson; ``store.progress[id]`` reads it.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from engine import Rules

from .i18n import LANGUAGES, N_

ENV_HOME = "SHENGJI_TUTOR_HOME"
SETTINGS_FILE = "settings.json"
PROGRESS_FILE = "progress.json"
MATCH_FILE = "match.json"
"""The practice match in progress, saved on quit and resumed from the Practice button."""

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
OPPONENT_KINDS = {"easy": "ai:easy", "normal": "ai", "hard": "ai:hard"}
"""The opponents' level (a setting) → the engine's player kind for the two opponents."""
WINDOW_SIZES = ((960, 600), (1280, 800), (1600, 1000), (1920, 1080))


def data_dir() -> Path:
    """The folder holding settings and progress (``$SHENGJI_TUTOR_HOME`` if set)."""
    override = os.environ.get(ENV_HOME)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("shengji-tutor", appauthor=False))


@dataclass
class Settings:
    language: str | None = None
    """One of ``LANGUAGES``; ``None`` until chosen: the system locale decides."""
    rules: dict[str, Any] = field(default_factory=lambda: Rules().to_dict())
    animation_speed: str = "normal"
    four_colour: bool = False
    coach: bool = True
    opponents: str = "normal"
    """A key of ``OPPONENT_KINDS``: how strong the practice opponents play."""
    card_counter: bool = False
    """The practice table's card counter (记牌器), off until the learner turns it on."""
    window_size: tuple[int, int] | None = None
    """The last window size; ``None`` until the first run sizes it to the desktop."""

    def rule_set(self) -> Rules:
        return Rules.from_dict(self.rules)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size) if self.window_size else None
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Settings":
        """Every valid value of ``data``; a missing or invalid one keeps its default."""
        settings = cls()
        if data.get("language") in LANGUAGES:
            settings.language = data["language"]
        if data.get("animation_speed") in ANIMATION_SPEEDS:
            settings.animation_speed = data["animation_speed"]
        if data.get("opponents") in OPPONENT_KINDS:
            settings.opponents = data["opponents"]
        for name in ("four_colour", "coach", "card_counter"):
            if isinstance(data.get(name), bool):
                setattr(settings, name, data[name])
        size = data.get("window_size")
        if isinstance(size, list) and len(size) == 2 and all(type(v) is int and v > 0 for v in size):
            settings.window_size = (size[0], size[1])
        rules = data.get("rules")
        if isinstance(rules, dict):
            for name, value in rules.items():
                try:
                    Rules(**{name: value})
                except ValueError:
                    continue
                settings.rules[name] = value
        return settings


@dataclass
class LessonProgress:
    completed: bool = False
    mistakes: int = 0
    stars: int = 0

    @classmethod
    def from_json(cls, data: Any) -> "LessonProgress":
        entry = cls()
        if isinstance(data, dict):
            for f in fields(cls):
                value = data.get(f.name)
                if type(value) is type(getattr(entry, f.name)):
                    setattr(entry, f.name, value)
        return entry


@dataclass(frozen=True)
class Notice:
    """A message for the user, translated when shown: ``_(msgid).format(**params)``."""

    msgid: str
    params: tuple[tuple[str, str], ...] = ()


class Store:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir()
        self.notices: list[Notice] = []
        self.settings = Settings.from_json(self._read(SETTINGS_FILE))
        self.progress: dict[str, LessonProgress] = {
            str(k): LessonProgress.from_json(v) for k, v in self._read(PROGRESS_FILE).items()
        }

    def _read(self, name: str) -> dict[str, Any]:
        path = self.folder / name
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as exc:
            self.notices.append(Notice(N_("Could not read {file}: {error}"), (("file", str(path)), ("error", str(exc)))))
            return {}
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except ValueError:
            aside = path.with_name(f"{name}.corrupt-{time.strftime('%Y%m%dT%H%M%S')}")
            os.replace(path, aside)
            self.notices.append(
                Notice(
                    N_("{file} was damaged and has been set aside as {aside}. Starting fresh."),
                    (("file", name), ("aside", aside.name)),
                )
            )
            return {}
        return data

    def _write(self, name: str, data: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, ensure_ascii=False, indent=2, sort_keys=True)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.folder / name)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def save_settings(self) -> None:
        self._write(SETTINGS_FILE, self.settings.to_json())

    def save_progress(self) -> None:
        self._write(PROGRESS_FILE, {k: asdict(v) for k, v in sorted(self.progress.items())})

    def load_match(self) -> dict[str, Any] | None:
        """The saved practice match, or ``None`` (a damaged file is set aside with a notice)."""
        return self._read(MATCH_FILE) or None

    def save_match(self, data: dict[str, Any]) -> None:
        self._write(MATCH_FILE, data)

    def clear_match(self) -> None:
        """Forget the saved match (it is over, or a new one starts)."""
        (self.folder / MATCH_FILE).unlink(missing_ok=True)

    def record_lesson(self, lesson_id: str, *, completed: bool, mistakes: int, stars: int) -> LessonProgress:
        """Store a lesson result, keeping the best one (completion and stars never go
        down; fewer mistakes replace more), and save."""
        old = self.progress.get(lesson_id)
        if old is None or not old.completed:
            best = LessonProgress(completed, mistakes, stars)
        elif not completed:
            best = old
        else:
            best = LessonProgress(True, min(old.mistakes, mistakes), max(old.stars, stars))
        self.progress[lesson_id] = best
        self.save_progress()
        return best


RULE_OPTION_TEXT: dict[str, tuple[str, str]] = {
    "constant_twos": (N_("Twos are always trumps"), N_("Every 2 is a trump, just below the level cards.")),
    "throw_penalty": (N_("Failed throw penalty"), N_("Points a failed throw costs the player who tried it.")),
    "kitty_multiplier": (N_("Kitty multiplier"), N_("How much the kitty's points count when attackers win the last trick.")),
    "self_override": (N_("Override yourself"), N_("A player may re-declare trumps over their own declaration.")),
    "no_bid_first_hand": (N_("Nobody declares in hand 1"), N_("What happens when the first deal ends without a trump.")),
    "must_defend_a": (N_("Must defend A"), N_("A team at A wins only by holding as dealers at A.")),
}
"""Label and one-line explanation of each rule option the player may change (``decks``
has one value for now and is not shown)."""

ON_OFF = {False: N_("Off"), True: N_("On")}

RULE_VALUE_TEXT: dict[str, dict[Any, str]] = {
    "constant_twos": ON_OFF,
    "throw_penalty": {"none": N_("None"), "per_card": N_("10 per card"), "flat": N_("10 points")},
    "kitty_multiplier": {"twice_cards": N_("2 × cards led"), "by_pairs": N_("By pairs"), "power": N_("Powers of 2")},
    "self_override": ON_OFF,
    "no_bid_first_hand": {"redeal": N_("Redeal"), "flip_kitty": N_("Flip the kitty")},
    "must_defend_a": ON_OFF,
}
