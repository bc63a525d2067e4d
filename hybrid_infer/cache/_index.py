"""One namespace's vectors in faiss, searched by inner product on unit vectors.

Small indexes are exact (``IndexFlatIP`` in ``IndexIDMap2``, so ids can be removed); from
:data:`HNSW_MIN_VECTORS` vectors on it becomes HNSW, where removed ids are tombstones. It
holds no texts or answers and does not know which ids (the store's generation numbers) are
still live.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import faiss
import numpy as np

if TYPE_CHECKING:
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]

HNSW_MIN_VECTORS = 20_000
"""Above this size exact search costs more than embedding the query (``bench/``)."""
HNSW_NEIGHBOURS = 32
HNSW_EF_CONSTRUCTION = 40
HNSW_EF_SEARCH = 64
_COMPACT_RATIO = 0.2


class VectorIndex:
    """Unit vectors keyed by integer id; nearest neighbours by cosine similarity."""

    def __init__(self, dim: int, *, hnsw_min_vectors: int = HNSW_MIN_VECTORS) -> None:
        self.dim = dim
        self.hnsw_min_vectors = hnsw_min_vectors
        self._index: Any = _flat(dim)
        self._hnsw = False
        self._ids: set[int] = set()
        self._tombstones: set[int] = set()
        self._oldest: list[int] | None = None
        """A min-heap over the ids (removed ones are skipped when they surface), built by the
        first :meth:`remove_upto` (a cache that never evicts never pays its memory): the store
        evicts in generation order, so evicted ids are popped from here, not found by a scan."""

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, vector_id: int) -> bool:
        return vector_id in self._ids

    @property
    def kind(self) -> str:
        return "hnsw" if self._hnsw else "flat"

    def add(self, ids: list[int], vectors: Vectors) -> None:
        """Add vectors under new ids (ids already present are skipped)."""
        keep = [i for i, vector_id in enumerate(ids) if vector_id not in self._ids]
        if not keep:
            return
        if vectors.ndim != 2 or vectors.shape[1] != self.dim:
            raise ValueError(f"expected vectors of dimension {self.dim}, got {vectors.shape}")
        new_ids = np.asarray([ids[i] for i in keep], dtype=np.int64)
        self._index.add_with_ids(np.ascontiguousarray(vectors[keep], dtype=np.float32), new_ids)
        for vector_id in new_ids:
            self._ids.add(int(vector_id))
            if self._oldest is not None:
                heapq.heappush(self._oldest, int(vector_id))
        if not self._hnsw and len(self._ids) >= self.hnsw_min_vectors:
            self._rebuild(hnsw=True)

    def remove(self, vector_id: int) -> None:
        if vector_id in self._ids:
            self._remove([vector_id])

    def remove_upto(self, limit: int) -> int:
        """Remove every id ``limit`` or lower (entries the store evicted, oldest first);
        return how many were live."""
        if self._oldest is None:
            self._oldest = sorted(self._ids)  # (a sorted list is a heap)
        oldest = self._oldest
        gone: list[int] = []
        while oldest and oldest[0] <= limit:
            vector_id = heapq.heappop(oldest)
            if vector_id in self._ids:
                gone.append(vector_id)
        if gone:
            self._remove(gone)
        return len(gone)

    def _remove(self, ids: list[int]) -> None:
        """Remove live ids at once (a flat index rewrites its arrays once per call)."""
        self._ids.difference_update(ids)
        if self._hnsw:
            self._tombstones.update(ids)
            if len(self._tombstones) > _COMPACT_RATIO * max(1, len(self._ids)):
                self._rebuild(hnsw=len(self._ids) >= self.hnsw_min_vectors)
        else:
            self._index.remove_ids(np.asarray(ids, dtype=np.int64))

    def search(self, vector: Vectors, k: int) -> list[tuple[int, float]]:
        """Up to ``k`` live ``(id, cosine)`` pairs, most similar first: fewer only when the
        index holds fewer live vectors (a caller widens its search on a full answer).

        Removed HNSW vectors stay in the graph as tombstones until compaction. A first search
        fetches a few more than ``k``; if tombstones still crowd out live ids (a popular prompt
        stored, replaced and expired over and over), a second fetches ``k`` plus every
        tombstone, which must hold ``k`` live ids if there are that many.
        """
        if not self._ids or k <= 0:
            return []
        query = vector.reshape(1, -1).astype(np.float32)
        fetch = min(k + min(len(self._tombstones), 4 * k), self._index.ntotal)
        while True:
            with _one_omp_thread():
                scores, found = self._index.search(query, fetch)
            out = [
                (int(i), float(s))
                for i, s in zip(found[0], scores[0], strict=True)
                if i >= 0 and int(i) not in self._tombstones
            ]
            widest = min(k + len(self._tombstones), self._index.ntotal)
            if len(out) >= k or fetch >= widest:
                return out[:k]
            fetch = widest

    def to_bytes(self) -> bytes:
        """The faiss serialisation of the live vectors (tombstones compacted away)."""
        if self._tombstones:
            self._rebuild(hnsw=self._hnsw)
        data: bytes = faiss.serialize_index(self._index).tobytes()
        return data

    @classmethod
    def from_bytes(cls, data: bytes, dim: int, *, hnsw_min_vectors: int = HNSW_MIN_VECTORS) -> VectorIndex:
        """Load a serialised index; raises ``ValueError`` if it is not one of ours."""
        try:
            index = faiss.deserialize_index(np.frombuffer(data, dtype=np.uint8))
        except RuntimeError as exc:
            raise ValueError(f"unreadable faiss index: {exc}") from exc
        if not isinstance(index, faiss.IndexIDMap2) or index.d != dim:
            raise ValueError("not an id-mapped index of the expected dimension")
        out = cls(dim, hnsw_min_vectors=hnsw_min_vectors)
        out._index = index
        inner: Any = faiss.downcast_index(index.index)
        out._hnsw = isinstance(inner, faiss.IndexHNSWFlat)
        if out._hnsw:
            inner.hnsw.efSearch = HNSW_EF_SEARCH
        out._ids = {int(i) for i in faiss.vector_to_array(index.id_map)}
        if len(out._ids) != index.ntotal:
            raise ValueError("index holds duplicate ids")
        return out

    def _rebuild(self, *, hnsw: bool) -> None:
        ids = faiss.vector_to_array(self._index.id_map).astype(np.int64)
        vectors = self._index.index.reconstruct_n(0, self._index.ntotal)
        live = np.asarray([int(i) not in self._tombstones for i in ids], dtype=bool)
        self._index = _hnsw(self.dim) if hnsw else _flat(self.dim)
        if live.any():
            self._index.add_with_ids(np.ascontiguousarray(vectors[live]), ids[live])
        self._hnsw = hnsw
        self._tombstones.clear()
        self._oldest = None


def _flat(dim: int) -> Any:
    return faiss.IndexIDMap2(faiss.IndexFlatIP(dim))


def _hnsw(dim: int) -> Any:
    inner: Any = faiss.IndexHNSWFlat(dim, HNSW_NEIGHBOURS, faiss.METRIC_INNER_PRODUCT)
    inner.hnsw.efConstruction = HNSW_EF_CONSTRUCTION
    inner.hnsw.efSearch = HNSW_EF_SEARCH
    return faiss.IndexIDMap2(inner)


@contextmanager
def _one_omp_thread() -> Iterator[None]:
    """Search one query on the calling thread alone, then restore its OpenMP setting.

    faiss splits even a single-query flat search across OpenMP threads. On a busy host
    that turns a sub-millisecond lookup into milliseconds (the threads spin waiting for
    each other; ``bench/busy_host.py`` and docs/performance.md). The thread count is
    OpenMP state of the calling thread only, so other threads and the host's own faiss
    use are untouched.
    """
    before = faiss.omp_get_max_threads()
    faiss.omp_set_num_threads(1)
    try:
        yield
    finally:
        faiss.omp_set_num_threads(before)
