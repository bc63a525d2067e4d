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


def _read_regular_file(path: str) -> bytes:
    """A value file's bytes, if it is a regular file: opened without blocking and checked
    before it is read, so a FIFO or a device planted in its place cannot hang a lookup (a
    FIFO's open waits for a writer; its read, for data)."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise UnreadableRow(f"cannot open a value file: {exc.strerror}") from None
    with os.fdopen(handle, "rb") as reader:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise UnreadableRow("refusing a value file that is not a regular file")
        return reader.read()


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
            return _read_regular_file(self._inside(filename))
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
