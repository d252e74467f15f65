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

Schemas are built from small checks (``datachecks``): a check returns the clean value
or raises ``Invalid`` naming the keys it refused and what of the value is still usable.
Decoding and encoding a file's content is ``datajson``'s.
"""

from __future__ import annotations

import errno
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

from .datachecks import Check, merge, validate
from .datajson import MAX_BYTES, TOO_LARGE, Damaged, decode, encode
from .i18n import N_, _

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


@dataclass(frozen=True)
class Notice:
    """A message for the user, translated when shown: ``_(msgid).format(**params)``;
    a parameter may itself be a ``Notice`` (a translatable part of the message)."""

    msgid: str
    params: tuple[tuple[str, "str | Notice"], ...] = ()

    def text(self) -> str:
        return _(self.msgid).format(**{k: v.text() if isinstance(v, Notice) else v for k, v in self.params})


A_FOLDER = Notice(N_("it is a folder, not a file"))
NOT_A_FILE = Notice(N_("it is not a regular file"))


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
            self.set_aside(name, Notice(TOO_LARGE))
            return None
        except OSError as exc:
            self.blocked.add(name)
            self._notice(UNREADABLE, name, why=why(exc))
            return None
        try:
            return decode(raw)
        except Damaged as exc:
            self.set_aside(name, Notice(exc.problem))
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
