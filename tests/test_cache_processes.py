"""Several processes sharing one cache directory see each other's entries, uncorrupted."""

from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path

from hybrid_infer._request import build_request
from hybrid_infer._results import Result
from hybrid_infer.cache import CacheConfig, ResponseCache
from hybrid_infer.cache._store import EntryStore
from hybrid_infer.cache.testing import HashingEmbedder

N_PER_WORKER = 40


def open_cache(path: str) -> ResponseCache:
    return ResponseCache(CacheConfig(path=path, embedder=HashingEmbedder(), similarity_threshold=0.8, guard=False))


def write_entries(path: str, worker: int) -> None:
    cache = open_cache(path)
    cache.lookup_semantic(build_request("load the index first"))
    for i in range(N_PER_WORKER):
        request = build_request(f"worker {worker} question {i} about routers")
        cache.store(request, Result(text=f"{worker}:{i}", provider="p", model="m", kind="local"))
    cache.close()


def test_processes_see_each_others_entries(tmp_path: Path) -> None:
    path = str(tmp_path / "shared")
    reader = open_cache(path)
    assert reader.lookup_semantic(build_request("worker 0 question 3 about routers")) is None

    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=write_entries, args=(path, w)) for w in range(3)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(60)
        assert process.exitcode == 0

    for worker in range(3):
        for i in (0, N_PER_WORKER - 1):
            exact = reader.lookup_exact(build_request(f"worker {worker} question {i} about routers"))
            assert exact is not None
            assert exact.answer.text == f"{worker}:{i}"
    similar = reader.lookup_semantic(build_request("worker 2 question 17 about routers please"))
    assert similar is not None
    assert similar.answer.text == "2:17"
    stats = reader.stats()
    assert stats["entries"] == 3 * N_PER_WORKER
    assert stats["index"]["sizes"] == {"default": 3 * N_PER_WORKER}
    assert stats["generation"] == 3 * N_PER_WORKER

    fresh = open_cache(path)
    assert fresh.lookup_semantic(build_request("worker 1 question 5 about routers please"))
    assert fresh.stats()["index"]["sizes"] == {"default": 3 * N_PER_WORKER}


def race_to_open(path: Path, openers: int) -> list[BaseException]:
    """Open ``path`` from ``openers`` threads released at once; return what they raised."""
    start = threading.Barrier(openers)
    failures: list[BaseException] = []

    def open_once() -> None:
        start.wait(10)
        try:
            EntryStore(path).close()
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=open_once) for _ in range(openers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return failures


def test_many_openers_of_one_new_cache_all_succeed(tmp_path: Path) -> None:
    """Several openers racing to create one cache directory all get a working store.

    diskcache creates its tag index on a connection with no busy timeout, so an open
    that lands inside another opener's set-up failed at once with "database is locked"
    (seen in CI: one of four processes opening one new cache died)."""
    for attempt in range(15):
        failures = race_to_open(tmp_path / f"new-{attempt}", openers=6)
        assert failures == [], f"attempt {attempt}: {failures!r}"
