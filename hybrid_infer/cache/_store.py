"""The entry store: cached answers as JSON rows in diskcache, keyed by request key.

Every store takes a number from a store-wide generation counter and journals it, so the
semantic index (which uses it as vector id) can find entries other processes wrote and tell
a live entry from a replaced one; rows that fail to parse or validate are deleted and read
as misses. It knows nothing of vectors beyond carrying them, nor of requests beyond their
keys.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import logging
import os
import random
import sqlite3
import stat
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Concatenate, NamedTuple, ParamSpec, TypeVar

import diskcache
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hybrid_infer.cache._disk import JSONOnlyDisk, UnreadableRow
from hybrid_infer.cache._models import CachedAnswer
from hybrid_infer.cache._recent import RecentEntries
from hybrid_infer.errors import CacheUnavailable

log = logging.getLogger("hybrid_infer.cache")

DEFAULT_SIZE_LIMIT = 2**30
_PAGE_BYTES = 4096
"""SQLite's default page size."""
_ROW_OVERHEAD = 256
"""Bytes an entry's rows take beyond its JSON (its journal row, keys, SQLite's record)."""
_WAL_CHECK_EVERY = 8
"""Stores between two looks at the write-ahead log's size (see ``EntryStore._shrink_log``)."""
_GENERATION = "m:generation"
_EVICTED = "m:evicted"
"""The newest generation evicted by ``max_entries`` or the size budget in any process: where
the next eviction starts, so a process that stores rarely does not walk every generation
others evicted."""
_IDENTITY = "m:identity"
"""A random number the store takes when first asked (see ``EntryStore.identity``)."""
_ENTRY = "e:"
_JOURNAL = "j:"
_SQLITE_TIMEOUT_S = 10.0
_OPEN_RETRY_FIRST_S = 0.002
_OPEN_RETRY_MAX_S = 0.1

_RECENT_ENTRIES = 4096
_RECENT_BYTES = 16 * 2**20
"""Bounds of the entries kept in memory for exact hits (see ``_recent``)."""
_OWN_SPANS_KEPT = 4096
"""Spans of change numbers of this store's own writes remembered (more writes between two
reads of one thread than this: memory is cleared, as after another process's write)."""
_COUNTER_SCHEMA = (
    # no constraints: a count damaged on disk reads as no count (memory cleared), never as a
    # write that fails
    "CREATE TABLE IF NOT EXISTS hybrid_infer_changes (id INTEGER PRIMARY KEY, n INTEGER)",
    "INSERT OR IGNORE INTO hybrid_infer_changes (id, n) VALUES (0, 0)",
    *(
        f"CREATE TRIGGER IF NOT EXISTS hybrid_infer_count_{event.lower()} AFTER {event} ON Cache "
        "BEGIN UPDATE hybrid_infer_changes SET n = n + 1 WHERE id = 0; END"
        for event in ("INSERT", "UPDATE", "DELETE")
    ),
)
"""A row SQLite itself counts every change of an entry row in: whoever writes (any process,
an older version of this library, a hand edit with sqlite3), the count moves."""
_COUNTER_PARTS = 4
"""The table and its three triggers, as ``sqlite_master`` lists them."""

_FOLLOW_EVERY_S = 1.0
"""How often a store looks whether its database file is still the one it opened."""
_DAMAGE = ("malformed", "not a database", "disk image")
"""What SQLite says of a damaged file (other errors, such as a lock, are not damage)."""

M = TypeVar("M", bound=BaseModel)
P = ParamSpec("P")
R = TypeVar("R")


def _recovering(method: Callable[Concatenate[EntryStore, P], R]) -> Callable[Concatenate[EntryStore, P], R]:
    """Run a store operation on the current database: reopened first if the file was
    replaced or deleted, moved aside and reopened empty if SQLite finds it damaged (then the
    operation runs once more, on the new database)."""

    @functools.wraps(method)
    def run(store: EntryStore, /, *args: P.args, **kwargs: P.kwargs) -> R:
        store.follow()
        used = store.database_handle
        try:
            return method(store, *args, **kwargs)
        except sqlite3.DatabaseError as error:
            if not store.recovered(error, used):
                raise
        return method(store, *args, **kwargs)

    return run


def _is_damage(error: sqlite3.DatabaseError) -> bool:
    return not isinstance(error, sqlite3.OperationalError | sqlite3.IntegrityError) and any(
        sign in str(error) for sign in _DAMAGE
    )


class EntryRecord(BaseModel):
    """One stored entry: the answer, and what the semantic layer needs to match it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int = Field(ge=0)
    namespace: str
    context: str | None
    """The context key (see ``_keys.context_key``); ``None`` when not semantically matchable."""
    query: str
    """The last user turn, compared by the false-hit guard."""
    answer: CachedAnswer
    vector: str | None = None
    """Base64 of the little-endian float32 embedding of ``query``."""
    embedder: str | None = None


class JournalRecord(BaseModel):
    """Which entry a generation number was given to."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    namespace: str


class _DatabaseState(NamedTuple):
    """What a look at the database saw: enough to tell, at a later look, whether anything but
    this store's own writes may have changed it since."""

    pid: int
    opened: int
    """``EntryStore._opened`` at the look."""
    file: tuple[int, int] | None
    schema: int
    """SQLite's schema version (dropping and re-making a counting trigger moves it)."""
    changes: int | None
    """The change counter (see ``_COUNTER_SCHEMA``), None if it is missing."""


class _MemoryChange:
    """What one write asks of memory once it commits: keep a row, drop one, or clear all."""

    def __init__(self) -> None:
        self._put: tuple[str, EntryRecord, float | None, int] | None = None
        self._drops: list[str] = []
        self._clear = False

    def put(self, key: str, record: EntryRecord, *, expires_at: float | None, size: int) -> None:
        self._put = (key, record, expires_at, size)

    def drop(self, key: str) -> None:
        self._drops.append(key)

    def clear(self) -> None:
        self._clear = True

    def apply(self, recent: RecentEntries[EntryRecord], epoch: int) -> bool:
        """Make ``recent`` follow the write; False if it must be cleared instead."""
        if self._clear:
            return False
        if self._put is not None:
            key, record, expires_at, size = self._put
            if not recent.put_if(key, record, expires_at=expires_at, size=size, epoch=epoch):
                return False  # (a lookup cleared memory since: it may have missed this write)
        for key in self._drops:
            recent.drop(key)
        return True


class EntryStore:
    """Answers on disk in one diskcache directory, shared safely between processes."""

    def __init__(self, directory: Path, *, size_limit: int | None = None, max_entries: int | None = None) -> None:
        make_private_dir(directory)
        self.directory = directory
        self.max_entries = max_entries
        self._evicted_upto: int | None = None
        self._size_limit = size_limit or DEFAULT_SIZE_LIMIT
        self._puts = 0
        # Every setting is passed explicitly so values planted in the Settings table of a
        # tampered database cannot change how rows are read.
        limit = self._size_limit
        self._settings: dict[str, Any] = dict(
            timeout=_SQLITE_TIMEOUT_S,
            disk=JSONOnlyDisk,
            statistics=0,
            tag_index=1,
            # diskcache's own cull deletes up to cull_limit of the oldest rows at once, the
            # counter rows and the entry just stored included: the store evicts by its own
            # generations instead (see _trim_to_budget) and diskcache only drops expired rows.
            eviction_policy="none",
            size_limit=limit,
            cull_limit=10,
            disk_min_file_size=2**15,
            disk_pickle_protocol=0,
            sqlite_auto_vacuum=1,
            sqlite_cache_size=2**13,
            sqlite_journal_mode="wal",
            sqlite_mmap_size=2**26,
            sqlite_synchronous=1,
            # The write-ahead log is outside diskcache's size budget: keep it a fraction of it.
            # Checkpoint after a quarter of the budget (at most SQLite's usual 1,000 pages) and
            # truncate the log back to that size after each checkpoint.
            sqlite_wal_autocheckpoint=max(16, min(1000, limit // 4 // _PAGE_BYTES)),
            sqlite_journal_size_limit=self._wal_limit(),
        )
        self._reopening = threading.Lock()
        self._cache = _open_or_replace(directory, **self._settings)
        self._file = _file_id(self._database)
        self._followed_at = time.monotonic()
        self._recent: RecentEntries[EntryRecord] = RecentEntries(max_entries=_RECENT_ENTRIES, max_bytes=_RECENT_BYTES)
        self._seen = threading.local()
        self._opened = 0
        """Times the database was reopened or closed: a new connection's data_version starts
        afresh, and change numbers on another file say nothing of this one."""
        self._own_lock = threading.Lock()
        self._write_lock = threading.Lock()
        """Held by each own write from its transaction's start until memory follows its commit."""
        self._own_spans: deque[tuple[int, int, int]] = deque(maxlen=_OWN_SPANS_KEPT)
        """(``_opened``, first change number before, last after) of each own write."""
        self._evictions = 0
        """Entries evicted by this store's writes (a put that evicts clears the memory)."""
        self._verified: _DatabaseState | None = self._state(self._file, self._opened, self._cache._con)
        """The database's state when memory was last found right (empty at open, or by a
        lookup): a thread's first lookup starts from there, not from an empty memory."""

    # --- the database file --------------------------------------------------------------

    @property
    def _database(self) -> Path:
        return self.directory / "cache.db"

    @property
    def database_handle(self) -> diskcache.Cache:
        """The open database an operation starts on (see :meth:`recovered`)."""
        return self._cache

    def follow(self) -> None:
        """Reopen the database if its file is no longer the one opened (deleted by hand, or
        moved aside as damaged by another process): otherwise this process would go on alone
        in a file nobody else sees, and lose it at exit. Looks at most once a second."""
        now = time.monotonic()
        if now - self._followed_at < _FOLLOW_EVERY_S:
            return
        self._followed_at = now
        with self._reopening:
            if _file_id(self._database) != self._file:
                self._reopen("the database file was replaced or deleted")

    def recovered(self, error: sqlite3.DatabaseError, used: diskcache.Cache) -> bool:
        """Whether an operation that failed with ``error`` on the database ``used`` may run
        again: another thread reopened the database meanwhile (its error may come from the
        moment between), or the database is damaged, and is now moved aside (unless another
        process already did) and reopened empty, as a damaged file found at open is (see
        ``_open_or_replace``). Only the thread that finds the damage first moves the file:
        the others' errors are about the file already gone, not the new one."""
        with self._reopening:
            if self._cache is not used:
                return True
            if "hybrid_infer_changes" in str(error):  # the counter table dropped by hand: its triggers fail
                _count_changes(self._cache)
                return True
            if not _is_damage(error):
                return False
            if _file_id(self._database) == self._file:
                try:
                    _move_aside(self._database, error)
                except OSError as exc:
                    raise CacheUnavailable(
                        f"the cache database is damaged ({error}) and cannot be moved aside: {exc}"
                    ) from None
            self._reopen(f"the database was damaged ({error})")
            return True

    def _reopen(self, why: str) -> None:
        """Open the database at its path again (the caller holds ``_reopening``)."""
        log.warning("hybrid-infer cache: %s; reopening %s", why, self._database)
        make_private_dir(self.directory)
        self._cache = _open_or_replace(self.directory, **self._settings)
        self._file = _file_id(self._database)
        self._evicted_upto = None  # the new database's evictions start from its own rows (review 66)
        self._opened += 1
        # the state before memory is emptied: a lookup that fills memory from the new file
        # between the two, with another client's write after it, must not be called right
        state = self._state(self._file, self._opened, self._cache._con)
        self._recent.clear()
        self._verified = state

    # --- reads ----------------------------------------------------------------------

    @_recovering
    def get(self, key: str, *, remember: bool = True) -> EntryRecord | None:
        """The live entry for ``key``, or ``None`` (missing, expired or unreadable).

        Served from memory when this process read or wrote it lately and the database has
        not changed since in a way this process cannot account for (see ``_sync_recent``);
        ``remember=False`` reads the database only and keeps nothing (index replays, which
        would push the exact hits out)."""
        db_key = _ENTRY + key
        if not remember:
            return self._read(db_key, EntryRecord)
        self._sync_recent()
        epoch = self._recent.epoch
        record = self._recent.get(db_key, time.time())
        if record is not None:
            return record
        value, expires_at = self._raw_expiring(db_key)
        record = self._validated(db_key, value, EntryRecord)
        if record is not None and isinstance(value, bytes):
            self._recent.fill(db_key, record, expires_at=expires_at, size=len(value), epoch=epoch)
        return record

    @_recovering
    def entry_for(self, seq: int) -> tuple[str, EntryRecord] | None:
        """The entry that currently owns generation ``seq``, if it is still live."""
        journal = self._read(_journal_key(seq), JournalRecord)
        if journal is None:
            return None
        record = self._read(_ENTRY + journal.key, EntryRecord)
        if record is None or record.seq != seq:
            return None
        return journal.key, record

    def journal(self, after: int, upto: int) -> Iterator[tuple[int, JournalRecord]]:
        """Journal rows numbered ``after + 1 .. upto`` that still exist, in order."""
        self.follow()
        used = self._cache
        try:
            for seq in range(after + 1, upto + 1):
                journal = self._read(_journal_key(seq), JournalRecord)
                if journal is not None:
                    yield seq, journal
        except sqlite3.DatabaseError as error:
            if not self.recovered(error, used):
                raise
            # the database was replaced or moved aside while listed: the list ends here

    def entries(self) -> Iterator[tuple[str, EntryRecord]]:
        """Every live entry (a full scan: for rebuilds and statistics)."""
        self.follow()
        used = self._cache
        try:
            for db_key in self._keys():
                if db_key.startswith(_ENTRY):
                    record = self._read(db_key, EntryRecord)
                    if record is not None:
                        yield db_key[len(_ENTRY) :], record
        except sqlite3.DatabaseError as error:
            if not self.recovered(error, used):
                raise
            # the database was replaced or moved aside while listed: the list ends here

    @_recovering
    def generation(self) -> int:
        """The number of the newest entry ever stored (cheap: one indexed row)."""
        return self._counter(_GENERATION) or 0

    @_recovering
    def evicted_upto(self) -> int:
        """Every entry of this generation or older was evicted by ``max_entries`` or the size
        budget (or cleared), in any process: its vector can leave the index (one indexed row)."""
        return self._counter(_EVICTED) or 0

    @_recovering
    def identity(self) -> str:
        """A random name this store took when first asked, kept by ``clear()``.

        Generation numbers are vector ids in the semantic index: an index built over another
        store (this directory's database replaced, deleted, or moved aside as damaged) would
        give its vectors' ids to this store's unrelated entries. The index notes the identity
        it was built over and is rebuilt when it differs."""
        number = self._counter(_IDENTITY)
        if not number:
            with self._cache.transact(retry=True):
                number = self._counter(_IDENTITY)  # another process may have named it meanwhile
                if not number:
                    number = int.from_bytes(os.urandom(8), "big") >> 1 or 1
                    self._cache.set(_IDENTITY, number, retry=True)
        return f"{number:016x}"

    @_recovering
    def approximate_rows(self) -> int:
        """Rows in the database (entries and journal rows, expired ones included)."""
        return len(self._cache)

    @_recovering
    def disk_bytes(self) -> int:
        """The database, its large-value files and its write-ahead log, in bytes."""
        volume: int = self._cache.volume()
        with contextlib.suppress(OSError):
            volume += os.path.getsize(os.path.join(self._cache.directory, "cache.db-wal"))
        return volume

    # --- writes ---------------------------------------------------------------------

    @_recovering
    def put(self, key: str, record: EntryRecord, *, ttl_s: float | None) -> int:
        """Store ``record`` under ``key`` with a fresh generation number; return it.

        Runs as one SQLite transaction, so another process sees the entry, its journal row
        and the new generation together. With ``max_entries``, entries stored
        ``max_entries`` or more generations ago are evicted (the first store of a process
        also trims a store that grew under a larger limit or none).

        Waits for the database's write lock at most the busy timeout, then raises
        ``diskcache.Timeout`` (the answer is not stored): another process may hold the lock
        for as long as it likes, and a write retried for ever would hold up closing and exit.
        """
        evictions = self._evictions
        with self._own_write() as memory:
            seq = self._next_generation()
            previous = self._read(_ENTRY + key, EntryRecord)
            if previous is not None:
                self._cache.delete(_journal_key(previous.seq), retry=True)
            stored = record.model_copy(update={"seq": seq})
            tag = _tag(record.namespace)
            payload = _json(stored)
            written_at = time.time()  # diskcache's expiry is taken after this: never earlier
            self._cache.set(_ENTRY + key, payload, expire=ttl_s, tag=tag, retry=True)
            journal = JournalRecord(key=key, namespace=record.namespace)
            self._cache.set(_journal_key(seq), _json(journal), expire=ttl_s, tag=tag, retry=True)
            if self.max_entries is not None and seq > self.max_entries:
                self._evict_upto(seq - self.max_entries)
            self._trim_to_budget(seq)
            if self._evictions != evictions:
                memory.clear()
            else:
                expires_at = None if ttl_s is None else written_at + ttl_s
                memory.put(_ENTRY + key, stored, expires_at=expires_at, size=len(payload))
        self._puts += 1
        if self._puts % _WAL_CHECK_EVERY == 0:
            self._shrink_log()
        return seq

    @_recovering
    def delete(self, key: str) -> EntryRecord | None:
        """Remove one entry; the record removed (its vector can leave the index), or None."""
        with self._own_write() as memory:  # a lock held past the busy timeout: Timeout
            record = self._read(_ENTRY + key, EntryRecord)
            deleted: bool = self._cache.delete(_ENTRY + key, retry=True)
            memory.drop(_ENTRY + key)
        return record if deleted and record is not None else None

    @_recovering
    def clear(self, namespace: str | None) -> int:
        """Remove every entry of ``namespace`` (all when ``None``); return how many."""
        if namespace is not None:
            # entries whose key went with the namespace's tag: expired ones not yet purged
            # count too (they cannot be read to see their namespace, as clear() counts them)
            with self._own_write() as memory:  # a lock held past the busy timeout: Timeout
                before = {key for key in self._keys() if key.startswith(_ENTRY)}
                self._cache.evict(_tag(namespace), retry=True)
                memory.clear()
                return len(before.difference(self._keys()))
        with self._own_write() as memory:
            removed = sum(1 for key in self._keys() if key.startswith(_ENTRY))
            generation = self._counter(_GENERATION) or 0
            identity = self._counter(_IDENTITY)
            self._cache.clear(retry=True)
            memory.clear()
            # Generation numbers never go back: they are vector ids in other processes.
            self._cache.set(_GENERATION, generation, retry=True)
            # Nothing up to here is left to evict: the next eviction starts after it, not at
            # generation 1 under the write lock (review 60: 6,000 steps after 6,000 stores).
            self._cache.set(_EVICTED, generation, retry=True)
            if identity:
                self._cache.set(_IDENTITY, identity, retry=True)
        return removed

    def close(self) -> None:
        """Close the database's connections (the store opens new ones if used again)."""
        self._opened += 1
        self._recent.clear()
        self._cache.close()

    # --- entries kept in memory ---------------------------------------------------------

    def _sync_recent(self) -> None:
        """Clear the entries kept in memory unless the database provably holds them still.

        SQLite's ``data_version`` tells a connection whether any other connection committed
        since it last asked (one cheap pragma; diskcache gives each thread its own
        connection). Unchanged: memory is right. Changed: triggers count every change of an
        entry row, whoever makes it, in a counter row (``_COUNTER_SCHEMA``), and this store
        remembers which counts its own writes made (memory followed each of them as it
        committed, see ``_own_write``). If every count since this thread last looked is
        this store's own, memory is still right; anything else (another process or store
        object, an older version of this library, a hand edit, a change nothing counted, a
        new connection after a fork or a reopen, a replaced database, another schema
        version: a counting trigger dropped and made again) clears it.

        A thread's first lookup has no ``data_version`` of its own to compare: it starts from
        the state in which a thread of this process last found memory right (``_verified``),
        if the database is still that file with the same schema version, so a server starting
        a thread per request does not empty memory on each."""
        # the connection asked: diskcache opens a new one after a fork, this store after a
        # reopen or a close, and a new connection's numbers say nothing of the old one's
        # (the file, then the reopen count, then the connection: a reopen between any two of
        # them leaves a state no other look can match, so memory is cleared)
        file, opened = self._file, self._opened
        con = self._cache._con
        connection = (os.getpid(), opened, id(con))
        version = con.execute("PRAGMA data_version").fetchone()[0]
        seen = getattr(self._seen, "state", None)
        if seen is not None and seen[0] == connection and seen[1] == version:
            return
        state = self._state(file, opened, con)
        if seen is not None and seen[0] == connection:
            right = seen[2].schema == state.schema and self._all_own(seen[2].changes, state.changes)
        else:
            right = self._all_own_since_verified(state)
        if not right:
            self._recent.clear()
        self._seen.state = (connection, version, state)
        self._verified = state

    def _state(self, file: tuple[int, int] | None, opened: int, con: sqlite3.Connection) -> _DatabaseState:
        """The database's state seen through ``con``: the schema version read before the
        count, so that a trigger dropped and made again after this read, with an edit
        between, shows as another schema to the next look, not as this state."""
        schema = con.execute("PRAGMA schema_version").fetchone()[0]
        return _DatabaseState(os.getpid(), opened, file, schema, self._changes())

    def _all_own_since_verified(self, state: _DatabaseState) -> bool:
        """Whether memory, last found right at ``_verified``, is right in ``state``, seen
        through a connection this thread has not looked through before. Only in the process
        that found it right (a forked child starts with memory cleared: a parent's thread may
        have held a lock at the fork), on the same file (the connection was opened at the path
        before ``state`` was read: the same file there now means the connection is on it; an
        open file's inode cannot be reused meanwhile) with the same schema."""
        verified = self._verified
        if verified is None or verified.file is None or verified.changes is None or state.changes is None:
            return False
        if verified[:4] != state[:4] or _file_id(self._database) != verified.file:
            return False
        return state.changes == verified.changes or self._all_own(verified.changes, state.changes)

    def _all_own(self, after: int | None, upto: int | None) -> bool:
        """Whether the changes counted after ``after`` up to ``upto`` were all this store's own,
        on the file open now."""
        if after is None or upto is None or upto <= after:
            # no counter; one that went back (another file, a backup restored); or the database
            # changed but no entry row was counted (a trigger dropped by hand, another table)
            return False
        reach = after
        with self._own_lock:
            spans = sorted((first, last) for opened, first, last in self._own_spans if opened == self._opened)
        for first, last in spans:
            if reach >= upto:
                break
            if last <= reach:
                continue
            if first > reach:
                return False
            reach = last
        return reach >= upto

    @contextlib.contextmanager
    def _own_write(self) -> Iterator[_MemoryChange]:
        """One write transaction of this store, counted as its own, and memory made to follow it.

        The body says what memory should do (put, drop, clear); that is done after the commit
        (memory never holds what may still roll back), while this process's other writes wait
        on a lock, so memory follows them in the order they commit. If anything committed
        after this write before memory could follow it (another process, another store
        object), or a lookup cleared memory meanwhile, memory is cleared or left cleared:
        it cannot tell whose change is newer. Then reads from disk that began before the
        commit are refused (they may have read the old rows)."""
        memory = _MemoryChange()
        with self._write_lock:
            opened = self._opened
            try:
                with self._cache.transact(retry=False):
                    first = self._changes()
                    yield memory
                    last = self._changes()
            except BaseException:
                self._recent.clear()
                raise
            epoch = self._recent.epoch
            if first is None or last is None or self._changes() != last or not memory.apply(self._recent, epoch):
                self._recent.clear()
            self._recent.settle()
            if first is not None and last is not None:
                with self._own_lock:
                    self._own_spans.append((opened, first, last))

    def _changes(self) -> int | None:
        """The counter row's count, or None if it is missing or not a count."""
        try:
            row = self._cache._sql("SELECT n FROM hybrid_infer_changes WHERE id = 0").fetchone()
        except sqlite3.OperationalError:  # (no such table: dropped by hand)
            return None
        count = row[0] if row else None
        return count if isinstance(count, int) else None

    # --- internals ------------------------------------------------------------------

    def _next_generation(self) -> int:
        """Count one more generation (inside the caller's transaction).

        A counter row that is not a plain non-negative int (edited on disk) is repaired from
        the newest journal row, so numbers never go back: they are vector ids.
        """
        raw = self._raw(_GENERATION)  # None: a new store, or a row refused as unsafe
        if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
            current = raw
        else:
            current = max(self._journal_numbers(), default=0)
            if raw is not None or current:
                log.warning("hybrid-infer cache: generation counter was damaged; repaired to %d", current)
        seq = current + 1
        self._cache.set(_GENERATION, seq, retry=True)
        return seq

    def _evict_upto(self, limit: int) -> None:
        """Evict every entry of generation ``limit`` or older."""
        done = self._counter(_EVICTED) or 0
        if self._evicted_upto is None:  # first time here: one scan for older leftovers
            victims: Iterable[int] = sorted(n for n in self._journal_numbers() if n <= limit)
        else:
            victims = range(max(self._evicted_upto, min(done, limit)) + 1, limit + 1)
        for victim in victims:
            self._evict_generation(victim)
        self._evicted_upto = limit
        if limit > done:
            self._cache.set(_EVICTED, limit, retry=True)

    def _trim_to_budget(self, newest: int) -> None:
        """Evict the oldest entries (in generation order, never ``newest``) until the store
        fits ``size_limit`` again; the counter rows are never evicted.

        Inside the transaction the database file does not shrink yet, so the bytes each
        eviction frees are counted from the entry itself, and the eviction watermark moves
        past the generations evicted (as ``max_entries`` moves it)."""
        excess = self._cache.volume() - self._size_limit
        if excess <= 0:
            return
        done = self._counter(_EVICTED) or 0
        victim = done
        while excess > 0 and victim + 1 < newest:
            # the next generation that still has a journal row: those in between were
            # replaced, expired or cleared, and stepping through them one by one under the
            # write lock costs as many reads as stores were ever made
            victim = min(self._next_journal(victim), newest - 1)
            owner = self.entry_for(victim)
            if owner is not None:
                excess -= len(_json(owner[1])) + _ROW_OVERHEAD
            self._evict_generation(victim)
        if victim > done:
            self._cache.set(_EVICTED, victim, retry=True)
            self._evicted_upto = max(self._evicted_upto or 0, victim)

    def _shrink_log(self) -> None:
        """Truncate the write-ahead log when it grew past its limit.

        SQLite resets the log only when a checkpoint finds no reader in it, which with
        several processes reading and writing all the time may never happen on its own; the
        log then grows outside the size budget. A truncating checkpoint waits for the
        readers (up to the busy timeout) and resets it. Best effort: a busy database is
        left for the next try."""
        try:
            wal = os.path.getsize(os.path.join(self._cache.directory, "cache.db-wal"))
        except OSError:
            return
        if wal <= self._wal_limit():
            return
        try:
            self._cache._sql("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except sqlite3.Error as exc:
            log.debug("hybrid-infer cache: write-ahead log not truncated: %s", exc)

    def _wal_limit(self) -> int:
        """The write-ahead log's size limit: a quarter of the budget, at most SQLite's usual 1,000 pages."""
        return max(16 * _PAGE_BYTES, min(1000 * _PAGE_BYTES, self._size_limit // 4))

    def _next_journal(self, after: int) -> int:
        """The generation of the first journal row after ``after`` (one seek in SQLite's key
        index: journal keys are zero-padded, so their order is the numbers' order), or
        ``after + 1`` when the index cannot be asked."""
        try:
            row = self._cache._sql(
                "SELECT key FROM Cache WHERE key > ? AND key < ? ORDER BY key LIMIT 1",
                (_journal_key(after), _JOURNAL[:-1] + chr(ord(_JOURNAL[-1]) + 1)),
            ).fetchone()
        except sqlite3.Error:
            return after + 1
        number = row[0][len(_JOURNAL) :] if row and isinstance(row[0], str) else ""
        return int(number) if number.isdigit() else after + 1

    def _journal_numbers(self) -> Iterator[int]:
        """The generation of every journal row on disk (a full scan of the keys)."""
        for key in self._keys():
            number = key[len(_JOURNAL) :]
            if key.startswith(_JOURNAL) and number.isdigit():
                yield int(number)

    def _evict_generation(self, victim: int) -> None:
        owner = self.entry_for(victim)
        if owner is not None:
            self._cache.delete(_ENTRY + owner[0], retry=True)
            self._evictions += 1  # (under the write lock: one thread at a time)
        self._cache.delete(_journal_key(victim), retry=True)

    def _keys(self) -> Iterator[str]:
        # Iterating the Cache walks rowid ranges (linear); ``iterkeys`` re-seeks by key with an
        # OR clause SQLite cannot use the index for, which is quadratic on large caches.
        for key in self._cache:
            if isinstance(key, str):  # refused (pickled) keys come back as a marker
                yield key

    def _counter(self, db_key: str) -> int | None:
        """A counter row's value: a plain non-negative int, or None (absent, or edited on disk)."""
        value = self._raw(db_key)
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None

    def _raw(self, db_key: str) -> object:
        return self._raw_expiring(db_key)[0]

    def _raw_expiring(self, db_key: str) -> tuple[object, float | None]:
        """A row's value and the time it expires (``time.time()``), or (None, None); an
        unsafe row is dropped and read as missing."""
        try:
            value, expires_at = self._cache.get(db_key, expire_time=True, retry=True)
        except UnreadableRow:
            self._drop(db_key, "unsafe row")
            return None, None
        return value, expires_at

    def _read(self, db_key: str, model: type[M]) -> M | None:
        return self._validated(db_key, self._raw(db_key), model)

    def _validated(self, db_key: str, value: object, model: type[M]) -> M | None:
        if value is None:
            return None
        if not isinstance(value, bytes):
            self._drop(db_key, "not JSON bytes")
            return None
        try:
            return model.model_validate_json(value)
        except (ValidationError, ValueError, RecursionError):
            self._drop(db_key, "invalid JSON entry")
            return None

    def _drop(self, db_key: str, why: str) -> None:
        log.warning("hybrid-infer cache: dropping %s row %r", why, db_key)
        self._cache.delete(db_key, retry=True)


def make_private_dir(directory: Path, *, ours: bool = True) -> None:
    """Create ``directory`` (and parents) readable by its owner only.

    ``ours=False`` is for a directory the user names (the cache's ``path``): if it exists
    already it keeps its mode (it may be a shared one, such as /tmp); the subdirectories
    the cache creates in it are owner-only, which is what protects the entries.
    """
    existed = directory.is_dir()
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not hasattr(os, "getuid"):  # (no owners to check: Windows)
        return
    if not ours:
        _check_ancestors(directory)
    if existed and not ours:
        _check_shared_parent(directory)
        return
    _check_own(directory)
    os.chmod(directory, 0o700)


def _check_own(directory: Path) -> None:
    """Refuse a directory of the cache's own (``entries``, ``index``) that another user
    could have planted: one owned by someone else, or a symlink. Its files would be theirs
    to read and to rewrite (answers served to us)."""
    info = directory.lstat()
    if stat.S_ISLNK(info.st_mode) or info.st_uid != os.getuid():
        raise PermissionError(
            errno.EPERM,
            f"refusing a cache directory that is a symlink or belongs to another user (uid {info.st_uid})",
            str(directory),
        )


def _check_shared_parent(directory: Path) -> None:
    """The directory the user named may be shared (such as /tmp), but only if others cannot
    rename what the cache puts in it: it is the user's own, or others may write to it only
    with the sticky bit set and it belongs to root or the user (as /tmp: the sticky bit keeps
    others from moving our subdirectories, but not the directory's owner). Its ancestors
    are held to a like rule (see :func:`_check_ancestors`)."""
    info = directory.stat()
    others_write = _others_write(info)
    if info.st_uid == os.getuid() and not others_write:
        return
    if others_write and info.st_mode & stat.S_ISVTX and info.st_uid in (0, os.getuid()):
        return
    if info.st_uid != os.getuid() and not others_write:  # another user's directory we may write to: as theirs
        raise PermissionError(
            errno.EPERM, f"refusing a cache directory that belongs to another user (uid {info.st_uid})", str(directory)
        )
    raise PermissionError(
        errno.EPERM,
        "refusing a cache directory others may write to without the sticky bit "
        "(they could swap its subdirectories): chmod it to 0700, or choose another path",
        str(directory),
    )


def _others_write(info: os.stat_result) -> int:
    """The write bits of ``info`` that let someone other than its owner and the user write."""
    others_write = info.st_mode & stat.S_IWOTH
    if info.st_mode & stat.S_IWGRP and not _private_group(info.st_gid):
        others_write |= stat.S_IWGRP
    return others_write


def _check_ancestors(directory: Path) -> None:
    """Refuse a cache under a directory that someone else could rename parts of: one that
    belongs to another user (besides root), or that others may write to without the sticky
    bit. Its owner, or such a writer, could move the cache's directory aside and put theirs
    in its place while a client runs (each thread opens the database by its path)."""
    uid = os.getuid()
    for ancestor in directory.resolve().parents:
        info = ancestor.stat()
        sticky = bool(info.st_mode & stat.S_ISVTX)
        if info.st_uid not in (0, uid) or (_others_write(info) and not sticky):
            raise PermissionError(
                errno.EPERM,
                f"refusing a cache under {ancestor}, which "
                + ("belongs to another user" if info.st_uid not in (0, uid) else "others may write to")
                + " (they could swap the cache's directories): choose a path under your home or /tmp",
                str(directory),
            )


def _private_group(gid: int) -> bool:
    """Whether ``gid`` is the user's private group (the user-private-group scheme of Debian,
    Ubuntu and Fedora, where a umask of 002 makes every new directory group-writable): the
    user's primary group, named after the user, listing no one else. Group-write to such a
    group is write by the user alone."""
    import grp
    import pwd

    try:
        user = pwd.getpwuid(os.getuid())
        group = grp.getgrgid(gid)
    except KeyError:  # an id without a name: nothing says who else is in it
        return False
    if not (gid == user.pw_gid and group.gr_name == user.pw_name and set(group.gr_mem) <= {user.pw_name}):
        return False
    # members whose primary group it is are not listed in it
    return not any(other.pw_gid == gid and other.pw_uid != user.pw_uid for other in pwd.getpwall())


def _json(model: BaseModel) -> bytes:
    return model.model_dump_json().encode("utf-8")


def _journal_key(seq: int) -> str:
    return f"{_JOURNAL}{seq:016d}"


def _tag(namespace: str) -> str:
    return f"ns:{namespace}"


def _count_changes(cache: diskcache.Cache) -> None:
    """Create the change counter and its triggers (``_COUNTER_SCHEMA``) unless they exist."""
    names = [f"hybrid_infer_count_{event}" for event in ("insert", "update", "delete")]
    present = cache._sql(
        "SELECT COUNT(*) FROM sqlite_master WHERE name IN (?, ?, ?, ?)", ("hybrid_infer_changes", *names)
    ).fetchone()[0]
    if present == _COUNTER_PARTS:
        return
    with cache.transact(retry=True):
        for statement in _COUNTER_SCHEMA:
            cache._sql(statement)


def _open_or_replace(directory: Path, **settings: object) -> diskcache.Cache:
    """Open the entry store; a database file that is not SQLite at all is moved aside.

    A cache is disposable: rather than failing every client that points at a damaged
    directory, the damaged file is kept next to it (``cache.db.damaged-<time>``) for a
    post-mortem and the store starts empty.
    """
    cache: diskcache.Cache | None = None
    try:
        cache = _open_retrying(str(directory), **settings)
        _count_changes(cache)  # (creating its table may be what reads a damaged page)
        return cache
    except sqlite3.DatabaseError as error:
        if cache is not None:
            cache.close()
        if isinstance(error, sqlite3.OperationalError):
            raise  # locked, read-only, out of space: not damage
        database = directory / "cache.db"
        if not database.exists():
            raise
        _move_aside(database, error)
        cache = _open_retrying(str(directory), **settings)
        _count_changes(cache)
        return cache


def _move_aside(database: Path, error: Exception) -> None:
    """Keep a damaged database next to its place (``cache.db.damaged-<time>``), for a
    post-mortem, with its write-ahead log gone (it belongs to the damaged file)."""
    aside = database.with_name(f"cache.db.damaged-{int(time.time())}")
    copies = 1
    while aside.exists():  # one kept already this second: keep both
        aside = database.with_name(f"cache.db.damaged-{int(time.time())}-{copies}")
        copies += 1
    log.warning("hybrid-infer cache: %s is not a usable database (%s); moved to %s", database, error, aside)
    database.replace(aside)
    for suffix in ("-wal", "-shm"):
        database.with_name(database.name + suffix).unlink(missing_ok=True)


def _file_id(path: Path) -> tuple[int, int] | None:
    """Which file is at ``path`` (device and inode), or None if there is none."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _open_retrying(directory: str, **settings: object) -> diskcache.Cache:
    """Open a diskcache directory, retrying while another process holds its write lock.

    diskcache runs part of its set-up (the tag index) on a connection with no busy
    timeout, so opening a cache while another process writes to it, or opens it too,
    can fail at once with "database is locked". That is contention, not damage: retry
    with jittered backoff for as long as a write would wait, then let the error out.
    """
    deadline = time.monotonic() + _SQLITE_TIMEOUT_S
    pause = _OPEN_RETRY_FIRST_S
    while True:
        try:
            return diskcache.Cache(directory, **settings)
        except sqlite3.OperationalError as error:
            if "database is locked" not in str(error) or time.monotonic() + pause > deadline:
                raise
            log.debug("cache %s is locked by another writer; retrying the open", directory)
        time.sleep(pause * random.uniform(0.5, 1.0))
        pause = min(pause * 2, _OPEN_RETRY_MAX_S)
