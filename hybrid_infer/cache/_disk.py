"""A diskcache ``Disk`` that stores JSON bytes and never unpickles anything.

Stock diskcache, even ``JSONDisk``, unpickles any row whose stored mode says pickle, so a
tampered cache file could run code (CVE-2025-69872); this ``Disk`` takes only
``str``/``bytes``/``int`` keys and ``bytes``/``int`` values and raises
:class:`UnreadableRow` for pickled rows and for value files outside the cache directory. It
does not parse or validate the JSON: the store does.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from typing import Any

import diskcache
from diskcache.core import MODE_BINARY, MODE_RAW, UNKNOWN

_INT64 = range(-(2**63), 2**63)


class UnreadableRow(Exception):
    """A stored row that must not be loaded: pickled, outside the directory, or unreadable."""


class NotARegularFile(OSError):
    """A FIFO, a device or a directory where a file of the cache should be."""


def read_regular_file(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """A cache file's bytes, if it is a regular file (of at most ``limit`` bytes), else
    ``OSError``: opened without following a symlink and without blocking, and checked before
    it is read, so a FIFO or a device planted in its place cannot hang a lookup (a FIFO's open
    waits for a writer; its read, for data) and a link to ``/dev/zero`` cannot read for ever."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(handle, "rb") as reader:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(f"{os.path.basename(path)} is not a regular file")
        if limit is None:
            return reader.read()
        if info.st_size > limit:
            raise OSError(
                f"{os.path.basename(path)} is larger than its contents can be ({info.st_size} > {limit} bytes)"
            )
        return reader.read(limit + 1)


def _read_value_file(path: str) -> bytes:
    """A value file's bytes (see :func:`read_regular_file`), or :class:`UnreadableRow`."""
    try:
        return read_regular_file(path)
    except NotARegularFile:
        raise UnreadableRow("refusing a value file that is not a regular file") from None
    except FileNotFoundError:
        # diskcache reads this as a miss: the row was replaced or deleted after it was selected
        # (its file went with it); the row is not damaged, and the one now under the key may be
        # a new entry another process just stored, which dropping the key would delete
        raise
    except OSError as exc:
        raise UnreadableRow(f"cannot open a value file: {exc.strerror}") from None


class RefusedKey:
    """Stands in for a pickled key met while iterating; it equals no real key."""


class JSONOnlyDisk(diskcache.Disk):  # type: ignore[misc]
    """Serialisation for diskcache that knows bytes and ints only, and refuses pickle."""

    def __init__(self, directory: str, min_file_size: int = 2**15, **_ignored: Any) -> None:
        super().__init__(directory, min_file_size=min_file_size, pickle_protocol=0)
        self._root = os.path.realpath(directory)

    # --- keys ---------------------------------------------------------------------

    def put(self, key: Any) -> tuple[Any, bool]:
        if type(key) is bytes:
            return sqlite3.Binary(key), True
        if type(key) is str or (type(key) is int and key in _INT64):
            return key, True
        raise TypeError(f"cache keys must be str, bytes or int, not {type(key).__name__}")

    def get(self, key: Any, raw: bool) -> Any:
        if not raw:
            return RefusedKey()
        return bytes(key) if isinstance(key, bytes | memoryview) else key

    # --- values -------------------------------------------------------------------

    def store(self, value: Any, read: bool, key: Any = UNKNOWN) -> tuple[int, int, Any, Any]:
        if read:
            raise TypeError("file-like cache values are not supported")
        if type(value) is int and value in _INT64:
            return 0, MODE_RAW, None, value
        if type(value) is not bytes:
            raise TypeError(f"cache values must be JSON bytes or int, not {type(value).__name__}")
        result: tuple[int, int, Any, Any] = super().store(value, False, key=key)
        return result

    def fetch(self, mode: int, filename: str | None, value: Any, read: bool) -> Any:
        if read:
            raise UnreadableRow("refusing to hand out a file handle")
        if mode == MODE_RAW:
            if isinstance(value, bytes | memoryview):
                return bytes(value)
            if isinstance(value, int | str):
                return value
            raise UnreadableRow(f"unexpected raw value of type {type(value).__name__}")
        if mode == MODE_BINARY and isinstance(filename, str):
            return _read_value_file(self._inside(filename))
        raise UnreadableRow(f"refusing a row stored with mode {mode!r}")

    def remove(self, file_path: str) -> None:
        try:
            self._inside(file_path)
        except UnreadableRow:
            return
        super().remove(file_path)

    def _inside(self, filename: str) -> str:
        full = os.path.realpath(os.path.join(self._root, filename))
        if not full.startswith(self._root + os.sep):
            raise UnreadableRow("refusing a value file outside the cache directory")
        return full
