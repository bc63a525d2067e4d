"""A semantic lookup's two CPU steps on a quiet and on a busy host, by thread count.

Both faiss and torch split even one small query across threads, which spin waiting for each
other; when other work holds the cores that turns milliseconds into tens or hundreds.

* Search: ``VectorIndex.search`` runs each lookup on one OpenMP thread (the calling thread's
  setting, restored after). For flat indexes of 1k / 5k / 20k random unit vectors this times
  one-query searches through it and through the same faiss index at faiss's default thread
  count. HNSW indexes (from 20k entries) are not timed: their single-query search does not
  fan out.
* Embedding: one short text through the bundled all-MiniLM-L6-v2 at torch's default thread
  count and at ``torch.set_num_threads(1)``. hybrid-infer does not change torch's setting (it
  is process-wide); docs/performance.md says when to.

Each runs on the machine as it is ("quiet") and with a busy-looping process on every core but
one. Reports p50/p99 per call and the ratio default / one thread.

    .venv/bin/python bench/busy_host.py [--calls N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import faiss
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hybrid_infer.cache._index import VectorIndex

DIM = 384
SIZES = (1_000, 5_000, 19_999)


@contextmanager
def busy_cores(count: int) -> Iterator[None]:
    """``count`` processes spinning on a core each, stopped on exit."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        time.sleep(0.5)
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def timings(search: Callable[[int], object], calls: int) -> tuple[float, float]:
    """p50 and p99 in ms of ``calls`` single-query searches."""
    samples = []
    for i in range(calls):
        start = time.perf_counter()
        search(i)
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.99))]


def embedding_rows(host: str, calls: int) -> list[str]:
    """Table rows for one-text embeddings at torch's default thread count and at one."""
    import torch

    from hybrid_infer.cache._embedder import resolve_embedder

    embedder = resolve_embedder("all-MiniLM-L6-v2")
    texts = [f"How do I install package number {i} on Ubuntu 22.04?" for i in range(calls)]
    embedder.embed(texts[:10])  # load and warm up
    default_threads = torch.get_num_threads()
    try:
        base = timings(lambda i: embedder.embed([texts[i]]), calls)
        torch.set_num_threads(1)
        ours = timings(lambda i: embedder.embed([texts[i]]), calls)
    finally:
        torch.set_num_threads(default_threads)
    return [
        f"| {host} | embed one text ({default_threads} vs 1 torch threads) | {base[0]:.3f} / {base[1]:.3f}"
        f" | {ours[0]:.3f} / {ours[1]:.3f} | {base[0] / ours[0]:.2f}x / {base[1] / ours[1]:.2f}x |"
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=400, help="searches per measurement")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    rng = np.random.default_rng(0)
    print(f"faiss {faiss.__version__}, {cores} cores, default OpenMP threads {faiss.omp_get_max_threads()}")
    print("\n| host | step | default threads p50 / p99 ms | one thread p50 / p99 ms | ratio p50 / p99 |")
    print("|---|---|---:|---:|---:|")
    for host in ("quiet", f"{cores - 1} of {cores} cores busy"):
        with busy_cores(cores - 1 if host != "quiet" else 0):
            for size in SIZES:
                vectors = rng.standard_normal((size, DIM)).astype(np.float32)
                vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
                index = VectorIndex(DIM)
                index.add(list(range(size)), vectors)
                queries = vectors[: args.calls] + np.float32(0.01)
                raw = index._index  # the same faiss index, searched without the thread scope

                def default(i: int, raw: object = raw, queries: np.ndarray = queries) -> object:
                    return raw.search(queries[i : i + 1], 8)  # type: ignore[attr-defined]

                def scoped(i: int, index: VectorIndex = index, queries: np.ndarray = queries) -> object:
                    return index.search(queries[i], 8)

                timings(scoped, 50)  # warm up
                base = timings(default, args.calls)
                ours = timings(scoped, args.calls)
                print(
                    f"| {host} | search {size:,} entries (flat) | {base[0]:.3f} / {base[1]:.3f}"
                    f" | {ours[0]:.3f} / {ours[1]:.3f} | {base[0] / ours[0]:.2f}x / {base[1] / ours[1]:.2f}x |"
                )
            for row in embedding_rows(host, min(args.calls, 200)):
                print(row)


if __name__ == "__main__":
    main()
