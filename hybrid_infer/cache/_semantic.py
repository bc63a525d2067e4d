"""The semantic index kept in step with the entry store, across processes.

:class:`SemanticIndex` holds one :class:`VectorIndex` per namespace, loads the saved index
(or rebuilds it from stored vectors) on first use, and before each search replays the
journal of entries stored since, by any process. It finds candidates only: it never decides
whether a candidate is a hit.
"""

from __future__ import annotations

import base64
import importlib
import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from hybrid_infer.cache._embedder import TextEmbedder
from hybrid_infer.cache._index import HNSW_MIN_VECTORS, VectorIndex
from hybrid_infer.cache._index_file import IndexFiles, IndexLockTimeout
from hybrid_infer.cache._store import EntryRecord, EntryStore

if TYPE_CHECKING:
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]

log = logging.getLogger("hybrid_infer.cache")

REPLAY_LIMIT = 5_000
"""Catch up entry by entry up to this many new entries; rebuild from a scan beyond."""
PROGRESS_MIN_ENTRIES = 5_000
SAVE_EVERY = 1_000
"""Save after this many changes, or a quarter of the index if that is more."""
SAVE_PAUSE_S = 60.0
"""After a save gave up waiting for the index lock, the next one waits this long."""
_REBUILD_BATCH = 8192  # large batches let faiss build HNSW links in parallel
PRUNE_SLACK = 1_000
"""Vectors whose entries are gone (evicted, expired) are dropped by a rebuild from the live
entries once the index holds more than twice the store's entries plus this many."""
_PRUNE_CHECK_EVERY = 256


class SemanticIndex:
    """Per-namespace vector indexes over the store's entries, refreshed on demand."""

    def __init__(
        self,
        store: EntryStore,
        directory: Path,
        embedder: TextEmbedder,
        *,
        hnsw_min_vectors: int = HNSW_MIN_VECTORS,
    ) -> None:
        self._store = store
        self._files = IndexFiles(directory)
        self._embedder = embedder
        self._hnsw_min_vectors = hnsw_min_vectors
        self._lock = threading.RLock()
        self._indexes: dict[str, VectorIndex] = {}
        self._generation = -1  # -1: not loaded yet
        self._evicted_seen = 0
        """The store's eviction point the indexes have followed (see :meth:`_follow_evictions`)."""
        self._store_identity = ""
        """The identity of the store the loaded vectors' ids count in (see ``EntryStore.identity``)."""
        self._unsaved = 0
        self._adds = 0
        self._save_paused_until = 0.0
        """After a save found the lock held too long, saves wait until then (no request stalls)."""

    # --- reading --------------------------------------------------------------------

    def refresh(self) -> None:
        """Load on first use, then replay entries other processes stored since."""
        with self._lock:
            if self._generation < 0:
                self._load_or_rebuild()
            current = self._store.generation()
            if self._store.identity() != self._store_identity:
                # the database was replaced (moved aside as damaged, deleted): our ids name
                # that store's entries, and the new one's numbers would give them other answers
                log.info("hybrid-infer cache: the entry store was replaced; rebuilding index")
                self._rebuild()
            elif current < self._generation:
                log.info("hybrid-infer cache: store generation went back; rebuilding index")
                self._rebuild()
            elif current - self._generation > REPLAY_LIMIT:
                self._rebuild()
            elif current > self._generation:
                self._replay(current)
            self._follow_evictions()
            self._prune_if_stale()
            if self._unsaved >= max(SAVE_EVERY, sum(self.sizes().values()) // 4):
                self.save()  # amortised: a save rewrites every vector

    def search(self, namespace: str, vector: Vectors, k: int) -> list[tuple[int, float]]:
        with self._lock:
            index = self._indexes.get(namespace)
            return index.search(vector, k) if index is not None else []

    def sizes(self) -> dict[str, int]:
        with self._lock:
            return {namespace: len(index) for namespace, index in self._indexes.items()}

    def kinds(self) -> dict[str, str]:
        with self._lock:
            return {namespace: index.kind for namespace, index in self._indexes.items()}

    @property
    def loaded(self) -> bool:
        return self._generation >= 0

    # --- writing --------------------------------------------------------------------

    def add(self, seq: int, namespace: str, vector: Vectors) -> None:
        """Index an entry this process just stored (if the index is loaded at all)."""
        with self._lock:
            if self._generation < 0:
                return  # the first refresh will pick it up from the store
            self._index_for(namespace, vector.shape[-1]).add([seq], vector.reshape(1, -1))
            self._unsaved += 1
            self._adds += 1
            self._follow_evictions()  # the store that stored it may have evicted older entries
            if self._adds % _PRUNE_CHECK_EVERY == 0:
                self._prune_if_stale()

    def discard(self, namespace: str, seq: int) -> None:
        """Drop a vector whose entry is gone (expired, evicted, replaced, invalidated)."""
        with self._lock:
            index = self._indexes.get(namespace)
            if index is not None and seq in index:
                index.remove(seq)
                self._unsaved += 1

    def drop(self, namespace: str | None) -> None:
        """Forget one namespace (all when ``None``) after the entries were cleared."""
        with self._lock:
            if namespace is None:
                self._indexes.clear()
            else:
                self._indexes.pop(namespace, None)
            self._unsaved += 1
            if self._generation >= 0:
                self.save(force=True)

    def save(self, *, force: bool = False) -> None:
        """Write the index files if anything changed since the last save."""
        with self._lock:
            if self._generation < 0 or not (self._unsaved or force) or time.monotonic() < self._save_paused_until:
                return
            try:
                if not self._indexes:
                    self._files.remove()
                else:
                    self._files.save(
                        self._generation, self._indexes, embedder=self._embedder.tag, store=self._store_identity
                    )
            except IndexLockTimeout as exc:  # derived data: a later save writes it
                log.warning("hybrid-infer cache: index not saved, retrying in %.0f s: %s", SAVE_PAUSE_S, exc)
                self._save_paused_until = time.monotonic() + SAVE_PAUSE_S
                return
            self._unsaved = 0

    # --- internals ------------------------------------------------------------------

    def _follow_evictions(self) -> None:
        """Drop the vectors of entries ``max_entries`` or the size budget evicted, in this
        process or another: the store evicts in generation order and keeps the newest
        generation it evicted, so every id up to it goes (popped oldest first, no scan).
        Expired entries and other processes' invalidations still leave when a search meets
        them, or by :meth:`_prune_if_stale`."""
        evicted = self._store.evicted_upto()
        if evicted <= self._evicted_seen:
            return
        removed = sum(index.remove_upto(evicted) for index in self._indexes.values())
        self._evicted_seen = evicted
        self._unsaved += removed

    def _prune_if_stale(self) -> None:
        """Rebuild from the live entries when most vectors belong to entries that are gone.

        Entries leave the store without this index seeing them (evicted by ``max_entries``
        or the size limit, expired, deleted by another process); a lookup drops the ones it
        meets, but vectors no query comes near would stay for ever. The rebuild reads the
        stored vectors (no embedding) and costs about as much as the live entries.
        """
        indexed = sum(len(index) for index in self._indexes.values())
        if indexed > 2 * self._store_size() + PRUNE_SLACK:
            log.info("hybrid-infer cache: %d indexed vectors for fewer live entries; rebuilding index", indexed)
            self._rebuild()

    def _load_or_rebuild(self) -> None:
        try:
            identity = self._store.identity()
            saved = self._files.load(embedder=self._embedder.tag, dim=None, store=identity)
        except IndexLockTimeout as exc:  # another process stalls holding the lock: build it here
            log.warning("hybrid-infer cache: %s; rebuilding the index from the entries", exc)
            self._save_paused_until = time.monotonic() + SAVE_PAUSE_S
            self._rebuild()
            return
        if saved is None:
            self._rebuild()
            return
        for index in saved.indexes.values():
            index.hnsw_min_vectors = self._hnsw_min_vectors
        self._indexes = saved.indexes
        self._generation = saved.generation
        self._store_identity = identity

    def _replay(self, current: int) -> None:
        fresh = []
        for seq, journal in self._store.journal(self._generation, current):
            record = self._store.get(journal.key, remember=False)
            if record is not None and record.seq == seq:
                fresh.append((seq, record))
        self._add_records(fresh)
        self._generation = current

    def _rebuild(self) -> None:
        self._evicted_seen = 0  # (a replaced store counts its evictions afresh; review 66)
        generation = self._store.generation()
        self._store_identity = self._store.identity()
        self._indexes = {}
        batch: list[tuple[int, EntryRecord]] = []
        for _, record in _progress(self._store.entries(), self._store_size()):
            if record.context is None:
                continue
            batch.append((record.seq, record))
            if len(batch) >= _REBUILD_BATCH:
                self._add_records(batch)
                batch = []
        self._add_records(batch)
        self._generation = generation
        self._unsaved += 1
        self.save()

    def _add_records(self, records: list[tuple[int, EntryRecord]]) -> None:
        """Index stored entries, re-embedding those whose vector is missing or foreign."""
        usable = [(seq, r) for seq, r in records if r.context is not None]
        if not usable:
            return
        vectors: list[Vectors | None] = [self._decode(r) for _, r in usable]
        missing = [i for i, v in enumerate(vectors) if v is None]
        if missing:
            fresh = self._embedder.embed([usable[i][1].query for i in missing])
            for row, i in enumerate(missing):
                vectors[i] = fresh[row]
        by_namespace: dict[str, tuple[list[int], list[Vectors]]] = {}
        for (seq, record), vector in zip(usable, vectors, strict=True):
            assert vector is not None
            ids, rows = by_namespace.setdefault(record.namespace, ([], []))
            ids.append(seq)
            rows.append(vector)
        for namespace, (ids, rows) in by_namespace.items():
            stacked = np.stack(rows).astype(np.float32)
            self._index_for(namespace, stacked.shape[1]).add(ids, stacked)

    def _decode(self, record: EntryRecord) -> Vectors | None:
        if record.vector is None or record.embedder != self._embedder.tag:
            return None
        try:
            vector = decode_vector(record.vector)
        except ValueError:
            return None
        dim = self._dim()
        if vector.size == 0 or (dim is not None and vector.size != dim):
            return None
        if not np.isfinite(vector).all():
            return None
        norm = float(np.linalg.norm(vector))
        if norm != 0.0 and abs(norm - 1.0) > _UNIT_TOLERANCE:
            return None  # not what the embedder stores (normalised): re-embedded from the query
        return vector

    def _dim(self) -> int | None:
        for index in self._indexes.values():
            return index.dim
        return None

    def _index_for(self, namespace: str, dim: int) -> VectorIndex:
        index = self._indexes.get(namespace)
        if index is None:
            index = VectorIndex(dim, hnsw_min_vectors=self._hnsw_min_vectors)
            self._indexes[namespace] = index
        return index

    def _store_size(self) -> int:
        return self._store.approximate_rows() // 2


_UNIT_TOLERANCE = 1e-3
"""How far from length 1 a stored vector may be (float32 rounding is about 1e-7)."""


def encode_vector(vector: Vectors) -> str:
    """The JSON-safe form of a vector stored with its entry."""
    return base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode("ascii")


def decode_vector(text: str) -> Vectors:
    return np.frombuffer(base64.b64decode(text, validate=True), dtype="<f4").astype(np.float32)


def _progress(items: Iterator[tuple[str, EntryRecord]], total: int) -> Iterator[tuple[str, EntryRecord]]:
    if total <= PROGRESS_MIN_ENTRIES:
        return items
    try:
        tqdm: Any = importlib.import_module("tqdm")
    except ImportError:
        return items
    bar = tqdm.tqdm(items, total=total, desc="hybrid-infer: rebuilding semantic index", unit="entry")
    return iter(bar)
