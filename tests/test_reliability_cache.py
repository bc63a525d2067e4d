"""The cache under many processes, a SIGKILL mid-write, and random tenants.

Four processes do 500 mixed exact/semantic reads and writes each on one directory; then
every written entry must be readable and the index consistent with the store. A writer
killed with SIGKILL leaves a cache the next process opens and repairs. A property test
shows a lookup in one namespace never returns another namespace's entry.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hybrid_infer._request import build_request
from hybrid_infer._results import Result
from hybrid_infer.cache import CacheConfig, ResponseCache
from hybrid_infer.cache.testing import HashingEmbedder

WORKERS = 4
OPS = 500


def open_cache(path: str) -> ResponseCache:
    return ResponseCache(CacheConfig(path=path, embedder=HashingEmbedder(), similarity_threshold=0.9, guard=False))


_VOCABULARY = [f"w{n}" for n in range(2000)]


def prompt(worker: int, i: int) -> str:
    """Eight words drawn for (worker, i): distinct prompts share few words, so a toy
    word-hashing embedder tells them apart and a semantic hit must be the entry itself."""
    words = random.Random(worker * 100_000 + i).sample(_VOCABULARY, 8)
    return " ".join(words)


def mixed_workload(path: str, worker: int) -> None:
    """Half writes of its own prompts, half reads (exact and semantic) of anyone's."""
    rng = random.Random(worker)
    cache = open_cache(path)
    written = 0
    for op in range(OPS):
        if op % 2 == 0:
            request = build_request(prompt(worker, written))
            cache.store(request, Result(text=f"{worker}:{written}", provider="p", model="m", kind="local"))
            written += 1
        else:
            other, i = rng.randrange(WORKERS), rng.randrange(OPS // 2)
            request = build_request(prompt(other, i))
            hit = cache.lookup_exact(request) if op % 4 == 1 else cache.lookup_semantic(request)
            if hit is not None:  # whatever it finds must be the right answer
                assert hit.answer.text == f"{other}:{i}", (hit.answer.text, other, i)
    cache.close()


@pytest.mark.timeout(600)
def test_many_processes_share_one_cache(tmp_path: Path) -> None:
    path = str(tmp_path / "shared")
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=mixed_workload, args=(path, w)) for w in range(WORKERS)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(300)
    assert [p.exitcode for p in workers] == [0] * WORKERS

    cache = open_cache(path)
    written = OPS // 2
    for worker in range(WORKERS):
        for i in range(written):
            hit = cache.lookup_exact(build_request(prompt(worker, i)))
            assert hit is not None, (worker, i)
            assert hit.answer.text == f"{worker}:{i}"
    # The index agrees with the store: every entry is indexed, and finds itself.
    for worker in range(WORKERS):
        for i in random.Random(1).sample(range(written), 20):
            hit = cache.lookup_semantic(build_request(prompt(worker, i)))
            assert hit is not None
            assert hit.answer.text == f"{worker}:{i}"
    stats = cache.stats()
    assert stats["entries"] == WORKERS * written
    assert stats["index"]["sizes"] == {"default": WORKERS * written}
    cache.close()


KILLED_WRITER = """
import sys
from hybrid_infer._request import build_request
from hybrid_infer._results import Result
from hybrid_infer.cache import CacheConfig, ResponseCache
from hybrid_infer.cache.testing import HashingEmbedder
cache = ResponseCache(CacheConfig(path=sys.argv[1], embedder=HashingEmbedder(), guard=False))
i = 0
while True:
    cache.store(build_request(f"entry {i} written before the kill"),
                Result(text=f"answer {i}", provider="p", model="m", kind="local"))
    i += 1
    if i == 20:
        print("WRITING", flush=True)
"""


@pytest.mark.timeout(120)
def test_a_writer_killed_mid_write_leaves_a_repairable_cache(tmp_path: Path) -> None:
    path = str(tmp_path / "killed")
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, path], stdout=subprocess.PIPE, text=True, env={**os.environ}
    )
    assert writer.stdout is not None
    assert writer.stdout.readline().strip() == "WRITING"
    time.sleep(0.3)
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(10)

    cache = open_cache(path)
    stats = cache.stats()
    assert stats["entries"] >= 20
    for i in range(20):
        hit = cache.lookup_exact(build_request(f"entry {i} written before the kill"))
        assert hit is not None
        assert hit.answer.text == f"answer {i}"
    semantic = cache.lookup_semantic(build_request("entry 5 written before the kill"))
    assert semantic is not None
    assert semantic.answer.text == "answer 5"
    cache.store(build_request("written after the repair"), Result(text="fine", provider="p", model="m", kind="local"))
    assert cache.stats()["index"]["sizes"] == {"default": cache.stats()["entries"]}
    cache.close()


namespaces = st.sampled_from(["tenant-a", "tenant-b", "tenant-c"])
words = st.sampled_from(["invoice", "refund", "password", "reset", "order", "status", "account", "delete"])
entries = st.lists(
    st.tuples(namespaces, st.lists(words, min_size=1, max_size=4).map(" ".join)), min_size=1, max_size=12
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(entries=entries, semantic=st.booleans())
def test_a_lookup_never_returns_another_namespaces_entry(entries: list[tuple[str, str]], semantic: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cache = ResponseCache(CacheConfig(path=tmp, embedder=HashingEmbedder(), similarity_threshold=0.5, guard=False))
        for namespace, text in entries:
            request = build_request(text, namespace=namespace)
            cache.store(request, Result(text=f"{namespace}|{text}", provider="p", model="m", kind="local"))
        for namespace in ("tenant-a", "tenant-b", "tenant-c", "tenant-d"):
            for _, text in entries:
                request = build_request(text, namespace=namespace)
                hits = [cache.lookup_exact(request), cache.lookup_semantic(request) if semantic else None]
                hits.append(cache.fallback(request))
                for hit in hits:
                    if hit is not None:
                        assert hit.answer.text.split("|", 1)[0] == namespace
        cache.close()
