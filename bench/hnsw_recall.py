"""HNSW recall on real embeddings: does the approximate index find the neighbour a hit needs?

``bench/cache_latency.py`` fills its large caches with random unit vectors, on which HNSW's
greedy search has nothing to follow, so its paraphrase hits fall from 43 to 22 of 100 at 1M
entries. This measures recall where it matters, on real all-MiniLM-L6-v2 embeddings: every
distinct QQP question ``a`` goes into a :class:`VectorIndex` forced to HNSW (the cache's own
parameters) and into an exact flat one; every ``b`` is searched in both. Recall@1 = share of
queries whose exact nearest neighbour, when it is at least ``--floor`` similar (a possible
hit), is also HNSW's first result. Embeddings come from ``bench/semantic_quality.py``'s cache
(computed on first use, a few minutes).

    .venv/bin/python bench/hnsw_recall.py [--floor 0.8]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from semantic_quality import QQP, EmbeddingStore, load_pairs  # noqa: E402

from hybrid_infer.cache._index import HNSW_EF_SEARCH, HNSW_NEIGHBOURS, VectorIndex  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--floor", type=float, default=0.8, help="only queries whose true neighbour is this similar")
    args = parser.parse_args()
    pairs = load_pairs(QQP)
    stored = list(dict.fromkeys(pair.a for pair in pairs))
    queries = [pair.b for pair in pairs]
    embedder = EmbeddingStore()
    embedder.ensure(stored + queries)
    vectors, query_vectors = embedder(stored), embedder(queries)
    ids = list(range(len(stored)))
    exact = VectorIndex(vectors.shape[1], hnsw_min_vectors=len(stored) + 1)
    approximate = VectorIndex(vectors.shape[1], hnsw_min_vectors=1)
    exact.add(ids, vectors)
    started = time.perf_counter()
    approximate.add(ids, vectors)
    build_s = time.perf_counter() - started
    assert (exact.kind, approximate.kind) == ("flat", "hnsw")

    found = possible = 0
    for vector in query_vectors:
        nearest = exact.search(vector, 1)
        if not nearest or nearest[0][1] < args.floor:
            continue
        possible += 1
        first = approximate.search(vector, 1)
        found += bool(first) and first[0][0] == nearest[0][0]
    print(
        f"{len(stored):,} stored questions, {len(queries):,} queries; HNSW M={HNSW_NEIGHBOURS}, "
        f"efSearch={HNSW_EF_SEARCH}, built in {build_s:.1f} s"
    )
    print(f"recall@1 where the true neighbour is >= {args.floor}: {found:,} / {possible:,} = {found / possible:.4f}")


if __name__ == "__main__":
    main()
