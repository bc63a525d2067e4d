"""Entries of one store read or written lately, kept in memory for the next exact hit.

An exact hit read from SQLite costs a query, a JSON parse and a validation: most of what a
hit costs. One served from memory costs a dictionary lookup. This class only keeps
entries, bounded in count and bytes, least recently used first out; whether what it holds
is still what the database holds is the store's decision (``EntryStore._sync_recent``),
which clears it when it cannot tell.

A read that raced a change must not put an old row back after the change cleared or
replaced it: a reader takes :attr:`epoch` before it reads the database, and :meth:`fill`
drops its row if anything changed the memory meanwhile (every :meth:`put_if`, :meth:`drop`
and :meth:`clear` moves the epoch on, and so does :meth:`settle`, after a write commits);
a writer's :meth:`put_if` likewise does nothing if memory was cleared since it looked.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class _Kept(Generic[T]):
    value: T
    expires_at: float | None
    """Wall-clock time (``time.time()``) the row expires on disk, or None."""
    size: int


class RecentEntries(Generic[T]):
    """A bounded, thread-safe LRU map from database key to a parsed row and its expiry."""

    def __init__(self, *, max_entries: int, max_bytes: int) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._rows: OrderedDict[str, _Kept[T]] = OrderedDict()
        self._bytes = 0
        self._epoch = 0

    @property
    def epoch(self) -> int:
        """Moves on with every change (take it before reading the database; see :meth:`fill`)."""
        return self._epoch

    def __len__(self) -> int:
        return len(self._rows)

    def get(self, key: str, now: float) -> T | None:
        """The row kept for ``key`` if it has not expired at ``now`` (``time.time()``)."""
        with self._lock:
            kept = self._rows.get(key)
            if kept is None:
                return None
            if kept.expires_at is not None and kept.expires_at <= now:
                self._forget(key)
                return None
            self._rows.move_to_end(key)
            return kept.value

    def fill(self, key: str, value: T, *, expires_at: float | None, size: int, epoch: int) -> None:
        """Keep a row just read from the database, unless something changed since ``epoch``."""
        with self._lock:
            if epoch == self._epoch:
                self._keep(key, _Kept(value, expires_at, size))

    def put_if(self, key: str, value: T, *, expires_at: float | None, size: int, epoch: int) -> bool:
        """Keep a row this process just wrote, and drop reads that raced it, unless something
        changed memory since ``epoch`` (then False)."""
        with self._lock:
            if epoch != self._epoch:
                return False
            self._epoch += 1
            self._keep(key, _Kept(value, expires_at, size))
            return True

    def settle(self) -> None:
        """Drop reads in flight: a write they may have raced has just committed."""
        with self._lock:
            self._epoch += 1

    def drop(self, key: str) -> None:
        """Forget ``key`` (deleted), and drop reads in flight."""
        with self._lock:
            self._epoch += 1
            self._forget(key)

    def clear(self) -> None:
        """Forget everything, and drop reads in flight."""
        with self._lock:
            self._epoch += 1
            self._rows.clear()
            self._bytes = 0

    def _keep(self, key: str, kept: _Kept[T]) -> None:
        self._forget(key)
        if kept.size > self.max_bytes:
            return
        self._rows[key] = kept
        self._bytes += kept.size
        while len(self._rows) > self.max_entries or self._bytes > self.max_bytes:
            _, oldest = self._rows.popitem(last=False)
            self._bytes -= oldest.size

    def _forget(self, key: str) -> None:
        kept = self._rows.pop(key, None)
        if kept is not None:
            self._bytes -= kept.size
