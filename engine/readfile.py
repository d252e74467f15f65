"""Reading a file that a user may have put anything in: the one bounded way to do it.

``read_limited(path, limit)`` returns the file's bytes only if it is a regular file
of at most ``limit`` bytes, and never reads more than ``limit + 1`` bytes: a device
(``/dev/zero``, ``/dev/urandom``), a FIFO, a folder, or a link to any of them is refused
before anything is read, and so is a file whose size says it is too large.  The file is
opened without blocking, so opening a FIFO with no writer cannot hang.

Refusals are ``OSError`` subclasses with a readable ``strerror``, so a caller that
already says "cannot be read: {strerror}" needs nothing more; ``NotRegularFile`` and
``TooLarge`` let a caller tell them apart.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class NotRegularFile(OSError):
    """The path is a folder, a device, a pipe or a socket, not a file."""


class TooLarge(OSError):
    """The file is larger than the caller accepts; ``size`` is how large (at least)."""

    size: int = 0


def _too_large(path: str | Path, limit: int, size: int) -> TooLarge:
    exc = TooLarge(errno.EFBIG, f"it is larger than {limit} bytes", str(path))
    exc.size = size
    return exc


def _regular(mode: int, path: str | Path) -> None:
    if stat.S_ISDIR(mode):
        raise NotRegularFile(errno.EISDIR, "it is a folder, not a file", str(path))
    if not stat.S_ISREG(mode):
        raise NotRegularFile(errno.EINVAL, "it is not a regular file", str(path))


def read_limited(path: str | Path, limit: int) -> bytes:
    """The bytes of regular file ``path`` (at most ``limit``); see the module docstring."""
    _regular(os.stat(path).st_mode, path)  # a FIFO is never opened; Windows cannot open a folder
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        _regular(info.st_mode, path)  # it was replaced since
        if info.st_size > limit:
            raise _too_large(path, limit, info.st_size)
        with os.fdopen(os.dup(fd), "rb") as fh:
            raw = fh.read(limit + 1)
    finally:
        os.close(fd)
    if len(raw) > limit:  # it grew while it was read
        raise _too_large(path, limit, len(raw))
    return raw
