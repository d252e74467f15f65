"""One policy for the app's data files: settings, lesson progress, the saved match.

Reading a file: its bytes are decoded (UTF-8; a byte-order mark, as Windows editors
write it, is fine), parsed (JSON: one object, no key twice, no ``NaN``, nested at most
``MAX_DEPTH`` deep, at most ``MAX_BYTES``; a regular file, not a folder or a pipe) and checked against the file's schema
(types and ranges).  A file that fails is never deleted and never overwritten:

- damaged content (undecodable, not JSON, a folder where the file should be, values
  out of range) is **moved aside** as ``NAME.corrupt-<time>``; the valid part of it is
  kept and written back, the rest falls back to defaults, and a ``Notice`` says what
  was wrong and where the original now is;
- a file that cannot be read at all (no permission, an I/O error) or cannot be moved
  aside is **left alone**: it is not written for the rest of the session and a notice
  says so.

Saving is a read-merge-write under an advisory lock (``filelock``: ``fcntl`` on Linux
and macOS, ``msvcrt`` on Windows, on the folder's ``.lock`` file), so two windows of
the app lose nothing: the file is read again under the lock and what the caller changes
is merged into what is there now (``update``), and keys a schema does not know (from a
newer version of the app, or another window) are kept.  Writing is atomic (a temporary
file in the same folder, flushed, then ``os.replace``) and cannot fail on the content:
text UTF-8 cannot hold (a lone surrogate read from a ``\\ud800`` escape) is written as
a JSON escape again.  A symbolic link is written through (its target is replaced, the
link stays); the file keeps its permissions, and a file the user made read-only is left
alone with a notice.  Temporary files a killed save left behind are removed at the next
start.  An unwritable folder never stops the app: the first failed save adds one
notice ("progress cannot be saved"), later ones fail quietly and are tried again at
every save.  Paths in notices are made printable (``printable``).

Schemas are built from small checks (``boolean``, ``one_of``, ``integer``,
``optional``, ``record``, ``each``): a check returns the clean value or raises
``Invalid`` naming the keys it refused and what of the value is still usable.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
import time
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping


from engine.readfile import NotRegularFile, TooLarge, read_limited

from .i18n import N_, _

MAX_BYTES = 4 * 1024 * 1024
"""Larger files are refused unread (a long match saves a few hundred kB)."""
MAX_DEPTH = 32
"""Deeper nesting is refused (the app's files are three or four levels deep)."""
TEMP_SUFFIX = ".tmp"
LOCK_FILE = ".lock"
LOCK_SECONDS = 10.0
"""How long a save waits for another window's save of the same file (they take
milliseconds) before it fails like an unwritable folder."""


def printable(path: str | Path) -> str:
    """``path`` as text that can be shown and printed: bytes the file system name held
    that are not UTF-8 become ``\\xNN``, control and unassigned characters ``\\uNNNN``."""
    out = []
    for ch in str(path):
        code = ord(ch)
        if 0xDC80 <= code <= 0xDCFF:  # a byte os.fsdecode could not decode
            out.append(f"\\x{code - 0xDC00:02x}")
        elif unicodedata.category(ch) in ("Cc", "Cs", "Cn", "Co"):
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


def encode(data: Any) -> bytes:
    """``data`` as UTF-8 JSON: readable (Chinese as it is) unless it holds text UTF-8
    cannot encode, then with every non-ASCII character escaped, which always works."""
    text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True, indent=2, sort_keys=True).encode("ascii")


@dataclass(frozen=True)
class Notice:
    """A message for the user, translated when shown: ``_(msgid).format(**params)``;
    a parameter may itself be a ``Notice`` (a translatable part of the message)."""

    msgid: str
    params: tuple[tuple[str, "str | Notice"], ...] = ()

    def text(self) -> str:
        return _(self.msgid).format(**{k: v.text() if isinstance(v, Notice) else v for k, v in self.params})


# ---------------------------------------------------------------- decoding


class Damaged(Exception):
    """The content of a file cannot be used; ``problem`` says why (translatable)."""

    def __init__(self, problem: Notice) -> None:
        super().__init__(problem.msgid)
        self.problem = problem


NOT_UTF8 = Notice(N_("it is not UTF-8 text"))
NOT_JSON = Notice(N_("it is not valid JSON"))
DUPLICATE_KEY = Notice(N_("a key is given twice"))
NOT_OBJECT = Notice(N_("it does not hold the expected data"))
TOO_DEEP = Notice(N_("it is nested too deeply"))
TOO_LARGE = Notice(N_("it is too large"))
A_FOLDER = Notice(N_("it is a folder, not a file"))
NOT_A_FILE = Notice(N_("it is not a regular file"))


class _Duplicate(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise _Duplicate("a key is given twice")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def depth(value: Any) -> int:
    """How deeply ``value`` nests lists and objects (a scalar is 0), without recursion."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (dict, list)):
            level += 1
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                return deepest
            todo.extend((child, level) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def decode(raw: bytes) -> dict[str, Any]:
    """The JSON object in ``raw``; ``Damaged`` if it is not one (see the module docstring)."""
    if len(raw) > MAX_BYTES:
        raise Damaged(TOO_LARGE)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Damaged(NOT_UTF8) from None
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecursionError:
        raise Damaged(TOO_DEEP) from None
    except _Duplicate:
        raise Damaged(DUPLICATE_KEY) from None
    except ValueError:  # JSONDecodeError, a duplicate key, NaN, an integer of 5000 digits
        raise Damaged(NOT_JSON) from None
    if not isinstance(data, dict):
        raise Damaged(NOT_OBJECT)
    if depth(data) > MAX_DEPTH:
        raise Damaged(TOO_DEEP)
    return data


# ---------------------------------------------------------------- schemas

_NOTHING: Any = object()


class Invalid(Exception):
    """A value a check refuses: ``where`` are the refused keys (dotted paths, empty for
    the value itself); ``usable`` what is left of the value (``_NOTHING``: nothing)."""

    def __init__(self, where: list[str] | None = None, usable: Any = _NOTHING) -> None:
        super().__init__(", ".join(where or []))
        self.where = where or []
        self.usable = usable


Check = Callable[[Any], Any]
"""Returns the clean value or raises ``Invalid``."""


def boolean(value: Any) -> bool:
    if type(value) is not bool:
        raise Invalid()
    return value


def one_of(*allowed: Any) -> Check:
    def check(value: Any) -> Any:
        if not any(value == a and type(value) is type(a) for a in allowed):
            raise Invalid()
        return value
    return check


def integer(low: int, high: int) -> Check:
    def check(value: Any) -> int:
        if type(value) is not int or not low <= value <= high:
            raise Invalid()
        return value
    return check


def optional(inner: Check) -> Check:
    """``None`` or what ``inner`` accepts."""
    return lambda value: None if value is None else inner(value)


def pair(inner: Check) -> Check:
    """A list of two values ``inner`` accepts, as a tuple."""
    def check(value: Any) -> tuple[Any, Any]:
        if not isinstance(value, list) or len(value) != 2:
            raise Invalid()
        return (inner(value[0]), inner(value[1]))
    return check


def _path(key: str, inner: str) -> str:
    return f"{key}.{inner}" if inner else key


def record(checks: Mapping[str, Check], *, others: Check | None = None, keep_unknown: bool = True) -> Check:
    """A JSON object whose keys in ``checks`` pass their check (a key may be missing).
    Other keys pass ``others`` if given, else are kept as they are (``keep_unknown``)
    or refused.  A refused key is left out of the usable value."""
    def check(value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise Invalid()
        out: dict[str, Any] = {}
        bad: list[str] = []
        for key, item in value.items():
            test = checks.get(key, others)
            if test is None:
                if keep_unknown:
                    out[key] = item
                else:
                    bad.append(key)
                continue
            try:
                out[key] = test(item)
            except Invalid as exc:
                bad += [_path(key, inner) for inner in exc.where] or [key]
                if exc.usable is not _NOTHING:
                    out[key] = exc.usable
        if bad:
            raise Invalid(bad, out)
        return out
    return check


def each(inner: Check) -> Check:
    """A JSON object of any keys whose values all pass ``inner``."""
    return record({}, others=inner)


def validate(check: Check, data: Any, default: Any) -> tuple[Any, list[str]]:
    """``check(data)`` and the refused keys; what is usable of a refused value (else
    ``default``) when it does not pass."""
    try:
        return check(data), []
    except Invalid as exc:
        return (default if exc.usable is _NOTHING else exc.usable), exc.where or ["-"]


def merge(kept: Mapping[str, Any] | None, new: dict[str, Any], levels: int = 1) -> dict[str, Any]:
    """``new`` plus the keys of ``kept`` that it lacks (down to ``levels`` of nested
    objects): keys the app does not know survive a save."""
    if not kept:
        return new
    out = {key: value for key, value in kept.items() if key not in new}
    for key, value in new.items():
        old = kept.get(key)
        if levels > 1 and isinstance(value, dict) and isinstance(old, dict):
            value = merge(old, value, levels - 1)
        out[key] = value
    return out


# ---------------------------------------------------------------- the folder


CANNOT_SAVE = N_("Progress cannot be saved in {folder}: {why}. The app keeps working and tries again at every save.")
SET_ASIDE = N_("{file} has a problem: {problem}. The file was kept as {aside}. {fallback}")
NOT_MOVED = N_("{file} has a problem: {problem}. It could not be moved aside ({why}), so it is left as it is "
               "and will not be overwritten. {fallback}")
UNREADABLE = N_("{file} could not be read ({why}). It is left as it is and will not be overwritten. {fallback}")
READ_ONLY = N_("{file} is read-only, so it is left as it is and changes are not saved. {fallback}")
BAD_VALUES = N_("some values are not valid: {keys}")
IS_A_FILE = N_("it is a file, not a folder")
BUSY = N_("another window of the app kept the file locked")

_WHY = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENAMETOOLONG: N_("a name in the path is too long"),
    errno.ENOENT: N_("the folder does not exist"),
    errno.ENOTDIR: N_("a part of the path is a file, not a folder"),
    errno.EIO: N_("the disk could not be read or written"),
}
"""The operating system's reasons the user meets most, in the user's language (the
system's own words are English whatever language the app shows)."""


def why(exc: OSError) -> str | Notice:
    """Why ``exc`` happened, translatable when it is a common reason."""
    if exc.errno in _WHY:
        return Notice(_WHY[exc.errno])
    return printable(exc.strerror or exc)


def path_exists(path: Path) -> bool:
    """Whether anything (a link too) is at ``path``; never raises (``Path.exists`` does,
    for a folder the user cannot enter or a name too long)."""
    return os.path.lexists(path)


class DataFolder:
    """The files of one folder under the policy of the module docstring.

    ``notices`` collects what the user must be told, oldest first; the app shows them
    and empties the list.  ``fallbacks`` gives, per file name, the sentence saying
    what the app does instead (translatable).
    """

    def __init__(self, folder: Path, fallbacks: Mapping[str, str]) -> None:
        self.folder = folder
        self.fallbacks = dict(fallbacks)
        self.notices: list[Notice] = []
        self.blocked: set[str] = set()
        """Files that could not be read and are never written this session."""
        self._lock: Any = None
        """The folder's ``filelock.FileLock``, made at the first save (``locked``): the
        library is imported then, off the path to the first frame."""
        self._told_cannot_save = False

    def _notice(self, msgid: str, name: str, **params: str | Notice) -> None:
        fallback = Notice(self.fallbacks.get(name, ""))
        self.notices.append(Notice(msgid, (("file", name), *params.items(), ("fallback", fallback))))

    # ---------------------------------------------------------- start-up

    def start(self) -> None:
        """Remove temporary files of killed saves; find out whether saving works (one
        notice if not)."""
        try:
            for name in self.fallbacks:
                for tmp in self.folder.glob(f".{name}.*{TEMP_SUFFIX}"):
                    tmp.unlink(missing_ok=True)
        except OSError:
            pass  # an unreadable folder: the probe below says so
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=".probe.", suffix=TEMP_SUFFIX, dir=self.folder)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            self._cannot_save(exc)

    def _cannot_save(self, exc: OSError | Notice) -> None:
        if self._told_cannot_save:
            return
        self._told_cannot_save = True
        reason = exc if isinstance(exc, Notice) else why(exc)
        if os.path.exists(self.folder) and not os.path.isdir(self.folder):
            reason = Notice(IS_A_FILE)
        self.notices.append(Notice(CANNOT_SAVE, (("folder", printable(self.folder)), ("why", reason))))

    # ---------------------------------------------------------- the lock

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the folder's advisory lock (re-entrant; ``OSError`` if it cannot be had:
        the folder is unwritable, or another window held it ``LOCK_SECONDS``)."""
        import filelock

        if self._lock is None:
            self._lock = filelock.FileLock(self.folder / LOCK_FILE, timeout=LOCK_SECONDS)
        try:
            self._lock.acquire()
        except filelock.Timeout:
            raise OSError(errno.EBUSY, _(BUSY)) from None
        try:
            yield
        finally:
            self._lock.release()

    # ---------------------------------------------------------- reading

    def read(self, name: str) -> dict[str, Any] | None:
        """The JSON object in file ``name``: ``None`` if there is none, or it could not
        be read or decoded (then it was set aside or blocked, with a notice)."""
        try:
            raw = read_limited(self.folder / name, MAX_BYTES)
        except (FileNotFoundError, NotADirectoryError):
            return None  # no such file (or the folder is a file: the start-up probe said so)
        except NotRegularFile as exc:  # a folder, a pipe or a device would never end reading
            self.set_aside(name, A_FOLDER if exc.errno == errno.EISDIR else NOT_A_FILE)
            return None
        except TooLarge:
            self.set_aside(name, TOO_LARGE)
            return None
        except OSError as exc:
            self.blocked.add(name)
            self._notice(UNREADABLE, name, why=why(exc))
            return None
        try:
            return decode(raw)
        except Damaged as exc:
            self.set_aside(name, exc.problem)
            return None

    def _checked(self, name: str, check: Check | None) -> tuple[dict[str, Any], list[str]]:
        """File ``name`` as ``read`` gives it, checked: its usable part and the refused
        keys (a file with refused keys is set aside)."""
        data = self.read(name)
        if data is None:
            return {}, []
        if check is None:
            return data, []
        clean, bad = validate(check, data, {})
        if bad:
            shown = ", ".join(printable(key) for key in bad[:4]) + (", …" if len(bad) > 4 else "")
            if not self.set_aside(name, Notice(BAD_VALUES, (("keys", shown),))):
                return clean, []  # blocked: never written
        return clean, bad

    def load(self, name: str, check: Check, levels: int = 1) -> dict[str, Any]:
        """File ``name`` checked by ``check`` (a ``record``): its usable part; a file with
        refused values is set aside and the usable part written back at once."""
        try:
            with self.locked():
                clean, bad = self._checked(name, check)
                if bad:
                    self._write(name, clean)
        except OSError:  # no lock in an unwritable folder: read all the same, write nothing
            clean, _bad = self._checked(name, check)
        return clean

    def set_aside(self, name: str, problem: Notice) -> bool:
        """Move file ``name`` to a free ``NAME.corrupt-<time>`` and say so; if it cannot
        be moved, leave it, never write it, and say that.  True if it was moved."""
        path = self.folder / name
        stamp = time.strftime("%Y%m%dT%H%M%S")
        aside = path.with_name(f"{name}.corrupt-{stamp}")
        n = 1
        while path_exists(aside):
            n += 1
            aside = path.with_name(f"{name}.corrupt-{stamp}-{n}")
        try:
            os.rename(path, aside)
        except OSError as exc:
            self.blocked.add(name)
            self._notice(NOT_MOVED, name, problem=problem, why=why(exc))
            return False
        self._notice(SET_ASIDE, name, problem=problem, aside=printable(aside))
        return True

    # ---------------------------------------------------------- writing

    def update(self, name: str, change: Callable[[dict[str, Any]], dict[str, Any]],
               check: Check | None = None) -> dict[str, Any] | None:
        """Under the file's lock: read file ``name`` as it is now (checked by ``check``),
        write ``change(it)`` atomically and return that; ``None`` if the file is blocked
        or the save failed (the first failure adds a notice)."""
        if name in self.blocked:
            return None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with self.locked():
                current, _bad = self._checked(name, check)
                if name in self.blocked:
                    return None
                data = change(current)
                if not self._write(name, data):
                    return None
        except OSError as exc:
            self._cannot_save(exc)
            return None
        return data

    def write(self, name: str, data: dict[str, Any], levels: int = 1) -> bool:
        """Save ``data``, keeping the keys the file holds now that ``data`` lacks
        (``levels`` deep: keys of a newer version or of another window); see ``update``."""
        return self.update(name, lambda current: merge(current, data, levels)) is not None

    def _write(self, name: str, data: dict[str, Any]) -> bool:
        """Replace file ``name`` (a link's target) by ``data`` atomically, in its mode;
        False (with a notice) if the user made it read-only.  ``OSError`` if it fails."""
        target = Path(os.path.realpath(self.folder / name))
        try:
            mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            mode = None
        if mode is not None and not mode & stat.S_IWUSR:
            self.blocked.add(name)
            self._notice(READ_ONLY, name)
            return False
        raw = encode(data)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=TEMP_SUFFIX, dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(raw)
                fh.flush()
                os.fsync(fh.fileno())
            if mode is not None:
                os.chmod(tmp, mode)
            os.replace(tmp, target)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        return True

    def remove(self, name: str) -> None:
        """Delete file ``name`` (a finished match), unless it is blocked."""
        if name in self.blocked:
            return
        try:
            with self.locked():
                (self.folder / name).unlink(missing_ok=True)
        except (IsADirectoryError, NotADirectoryError):
            pass
        except OSError as exc:
            self._cannot_save(exc)
