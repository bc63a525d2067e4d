"""Hit, miss and rejection counters of one cache instance, safe to bump from any thread.

They count what this process saw since the cache was built; they are not persisted and
not shared between processes (the entry counts in ``stats()`` come from the store).
"""

from __future__ import annotations

import threading
from collections import Counter


class CacheCounters:
    """Named event counts behind a lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()

    def bump(self, name: str, by: int = 1) -> None:
        with self._lock:
            self._counts[name] += by

    def snapshot(self) -> dict[str, int]:
        with self._lock:
            return dict(self._counts)
