"""Latency of the response cache: exact hits through the client, semantic lookups at scale.

Exact: a ``HybridClient`` with one deployment on a zero-latency FakeProvider (its own process) and
``CacheConfig(semantic=False)``; per-call p50/p99 of misses (lookup, provider call, store) and exact
hits through ``complete`` (sync, via the client's loop thread) and ``acomplete`` (on the caller's
loop), next to the same calls on a client without a cache and the bare ``ResponseCache.lookup_exact``.
Semantic: for each size, a cache of that many entries (synthetic random unit vectors written through
the entry store, plus real QQP questions stored with ``ResponseCache.store``), the index the cache
builds for them (kind, build time, file size, RSS) and ``lookup_semantic`` of real query texts next to
embedding the same text alone. It does not measure concurrency, streaming, several processes sharing
one cache, hit quality (``bench/semantic_quality.py``) or the latency of a real model server.

    .venv/bin/python bench/cache_latency.py [--quick] [--max-seconds S] [--markdown docs/performance.md]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import select
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the checkout's hybrid_infer importable
    sys.path.insert(0, str(ROOT))
# Before anything imports huggingface libraries or litellm: no network, no telemetry.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
os.environ.setdefault("LITELLM_TELEMETRY", "False")

from hybrid_infer import Deployment, HybridClient, Result  # noqa: E402
from hybrid_infer._request import plain_prompt_request  # noqa: E402
from hybrid_infer.cache import CacheConfig, CachedAnswer, ResponseCache, request_key  # noqa: E402
from hybrid_infer.cache._index import HNSW_MIN_VECTORS  # noqa: E402
from hybrid_infer.cache._keys import context_key  # noqa: E402
from hybrid_infer.cache._semantic import encode_vector  # noqa: E402
from hybrid_infer.cache._store import _RECENT_ENTRIES, EntryRecord  # noqa: E402

MARK_START = "<!-- cache-latency:start -->"
MARK_END = "<!-- cache-latency:end -->"
QQP = Path("/work/shared/data/qqp_dev.jsonl")
NEAR_MISS = ROOT / "bench" / "near_miss_pairs.jsonl"
MODEL = "openai/fake-model"
NAMESPACE = "default"
DIM = 384
"""all-MiniLM-L6-v2's dimension; the synthetic vectors use it too."""
BYTES_PER_ENTRY_BUDGET = 8 * 1024
"""Disk budget per entry given to the store (a stored vector alone is ~2 KiB of base64)."""
POPULATE_BATCH = 1_000
HIT_P50_TARGET_MS = 0.2
FROM_DISK = "complete, exact hit read from disk"
HIT_SPEEDUP_TARGET = 20.0
SEMANTIC_RATIO_TARGET = 1.2
PRIOR_POPULATE_S = 1 / 1_500
PRIOR_HNSW_BUILD_S = 1.5e-3
"""Seconds per entry assumed for a size before one was measured (a 2-core box, under load)."""


# --- samples and budget -----------------------------------------------------------------------


@dataclass
class Samples:
    """Per-call latencies of one phase, and calls that did not come back as the phase expects."""

    label: str
    ms: list[float] = field(default_factory=list)
    unexpected: int = 0
    capped: bool = False

    @property
    def p50(self) -> float:
        return statistics.median(self.ms) if self.ms else float("nan")

    @property
    def p99(self) -> float:
        if len(self.ms) < 2:
            return self.p50
        return statistics.quantiles(self.ms, n=100, method="inclusive")[98]


@dataclass(frozen=True)
class Budget:
    """A wall-clock deadline shared by every phase of the run."""

    deadline: float

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def over(self) -> bool:
        return self.left() <= 0


def _elapsed_ms(started: int) -> float:
    return (time.perf_counter_ns() - started) / 1e6


# --- the fake provider -------------------------------------------------------------------------


def _server_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


@contextmanager
def fake_provider(timeout_s: float = 30.0) -> Iterator[str]:
    """One zero-latency FakeProvider process on 127.0.0.1; yields its api_base once READY."""
    command = [sys.executable, "-m", "hybrid_infer.testing", "--protocol", "openai", "--port", "0"]
    process = subprocess.Popen(command, cwd=ROOT, env=_server_env(), stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], timeout_s)
        line = process.stdout.readline().split() if ready else []
        if len(line) != 2 or line[0] != "READY":
            raise RuntimeError(f"FakeProvider did not start (got {line!r})")
        yield line[1]
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# --- exact hits through the client ----------------------------------------------------------------


@dataclass(frozen=True)
class ExactSettings:
    calls: int
    warmup: int


def _prompts(tag: str, count: int) -> list[str]:
    return [f"Cache latency probe {tag} {i}: name a prime number above {i}." for i in range(count)]


def _client(api_base: str, directory: Path | None) -> HybridClient:
    deployment = Deployment(name="fake", model=MODEL, api_base=api_base, api_key="no-key", transport="native")
    cache = None if directory is None else CacheConfig(path=directory, semantic=False)
    return HybridClient([deployment], cache=cache)


def timed_calls(
    label: str, prompts: Sequence[str], call: Callable[[str], Result], expect: str, budget: Budget
) -> Samples:
    samples = Samples(label)
    for prompt in prompts:
        if budget.over():
            samples.capped = True
            break
        started = time.perf_counter_ns()
        result = call(prompt)
        samples.ms.append(_elapsed_ms(started))
        samples.unexpected += result.cache != expect
    return samples


async def atimed_calls(
    label: str, prompts: Sequence[str], call: Callable[[str], Awaitable[Result]], expect: str, budget: Budget
) -> Samples:
    samples = Samples(label)
    for prompt in prompts:
        if budget.over():
            samples.capped = True
            break
        started = time.perf_counter_ns()
        result = await call(prompt)
        samples.ms.append(_elapsed_ms(started))
        samples.unexpected += result.cache != expect
    return samples


def bare_lookups(cache: ResponseCache, prompts: Sequence[str], budget: Budget) -> list[Samples]:
    """``ResponseCache.lookup_exact`` on stored prompts, and the key hashing inside it."""
    requests = [plain_prompt_request(prompt, False) for prompt in prompts]
    # equal requests not looked up yet: a request memoises its key, so timing the key of one
    # that lookup_exact has just hashed would time the memo, not the hashing
    unhashed = [plain_prompt_request(prompt, False) for prompt in prompts]
    lookup = Samples("ResponseCache.lookup_exact (hit), no client")
    key = Samples("request_key alone (both keys: one JSON encoding, two sha256)")
    for request, fresh in zip(requests, unhashed, strict=True):
        if budget.over():
            lookup.capped = key.capped = True
            break
        started = time.perf_counter_ns()
        hit = cache.lookup_exact(request)
        lookup.ms.append(_elapsed_ms(started))
        lookup.unexpected += hit is None
        started = time.perf_counter_ns()
        request_key(fresh, NAMESPACE)
        key.ms.append(_elapsed_ms(started))
    return [lookup, key]


def sync_exact(api_base: str, directory: Path, settings: ExactSettings, budget: Budget) -> list[Samples]:
    """``complete`` without a cache, then misses and hits with one (via the client's loop thread)."""
    with _client(api_base, None) as bare:
        for prompt in _prompts("sync-warm", settings.warmup):
            bare.complete(prompt)
        floor = timed_calls(
            "complete, no cache configured", _prompts("sync-floor", settings.calls), bare.complete, "miss", budget
        )
    with _client(api_base, directory) as client:
        for prompt in _prompts("sync-warm", settings.warmup) * 2:
            client.complete(prompt)
        prompts = _prompts("sync", settings.calls)
        misses = timed_calls("complete, miss (lookup + provider + store)", prompts, client.complete, "miss", budget)
        hits = timed_calls("complete, exact hit", prompts[: len(misses.ms)], client.complete, "exact", budget)
        assert client.cache is not None
        bare_rows = bare_lookups(client.cache, prompts[: len(misses.ms)], budget)
    with _client(api_base, directory) as second:
        # a new client keeps nothing in memory yet: each hit reads SQLite, as a hit on an
        # entry another process stored (or one pushed out of memory) does
        label = f"{FROM_DISK}: a second client on the directory"
        cold = timed_calls(label, prompts[: len(misses.ms)], second.complete, "exact", budget)
    return [floor, misses, hits, *bare_rows, cold]


async def async_exact(api_base: str, directory: Path, settings: ExactSettings, budget: Budget) -> list[Samples]:
    """The same as :func:`sync_exact` through ``acomplete`` on the caller's loop."""
    async with _client(api_base, None) as bare:
        for prompt in _prompts("async-warm", settings.warmup):
            await bare.acomplete(prompt)
        floor = await atimed_calls(
            "acomplete, no cache configured", _prompts("async-floor", settings.calls), bare.acomplete, "miss", budget
        )
    async with _client(api_base, directory) as client:
        for prompt in _prompts("async-warm", settings.warmup) * 2:
            await client.acomplete(prompt)
        prompts = _prompts("async", settings.calls)
        label = "acomplete, miss (lookup + provider + store)"
        misses = await atimed_calls(label, prompts, client.acomplete, "miss", budget)
        hits = await atimed_calls("acomplete, exact hit", prompts[: len(misses.ms)], client.acomplete, "exact", budget)
    return [floor, misses, hits]


def exact_phase(settings: ExactSettings, budget: Budget) -> list[Samples]:
    with fake_provider() as api_base, tempfile.TemporaryDirectory(prefix="cache-latency-") as tmp:
        print(f"exact: FakeProvider at {api_base}", file=sys.stderr, flush=True)
        rows = sync_exact(api_base, Path(tmp) / "sync", settings, budget)
        rows += asyncio.run(async_exact(api_base, Path(tmp) / "async", settings, budget))
    return rows


# --- semantic lookups at scale ---------------------------------------------------------------------


@dataclass(frozen=True)
class QuerySet:
    """Prompts stored with real embeddings, and query texts: their paraphrases and unrelated ones."""

    stored: list[str]
    paraphrases: list[str]
    unrelated: list[str]

    def queries(self) -> list[str]:
        """Paraphrases and unrelated questions, alternating."""
        out: list[str] = []
        for pair in zip(self.paraphrases, self.unrelated, strict=False):
            out.extend(pair)
        return out


def _squash(text: str) -> str:
    return " ".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def load_queries(path: Path, count: int) -> QuerySet:
    """``count // 2`` label-1 pairs (store ``a``, query ``b``) and as many unrelated questions."""
    pairs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    half = count // 2
    used: set[str] = set()
    stored: list[str] = []
    paraphrases: list[str] = []
    for pair in pairs:
        a, b = pair["a"], pair["b"]
        if len(stored) == half:
            break
        if pair["label"] != 1 or {_squash(a), _squash(b)} & used or _squash(a) == _squash(b):
            continue
        stored.append(a)
        paraphrases.append(b)
        used |= {_squash(a), _squash(b)}
    unrelated = [p["b"] for p in pairs if p["label"] == 0 and _squash(p["b"]) not in used][:half]
    return QuerySet(stored, paraphrases, unrelated)


@dataclass
class SemanticRow:
    size: int
    kind: str = "-"
    populate_s: float = float("nan")
    build_s: float = float("nan")
    reopen_s: float = float("nan")
    index_bytes: int = 0
    rss_delta_bytes: int = 0
    store_bytes: int = 0
    embed: Samples = field(default_factory=lambda: Samples("embed"))
    lookup: Samples = field(default_factory=lambda: Samples("lookup"))
    memo: Samples = field(default_factory=lambda: Samples("lookup, embedding memoised"))
    paraphrase_hits: int = 0
    unrelated_hits: int = 0
    skipped: str | None = None

    @property
    def ratio(self) -> float:
        return self.lookup.p50 / self.embed.p50 if self.embed.ms and self.lookup.ms else float("nan")

    @property
    def paired_ratio(self) -> float:
        """Median over queries of lookup / embed of the same text (measured back to back)."""
        ratios = [lookup / embed for lookup, embed in zip(self.lookup.ms, self.embed.ms, strict=False)]
        return statistics.median(ratios) if ratios else float("nan")

    def ratio_from_parts(self, embed_ms: float) -> float:
        """(embed + lookup with the embedding memoised) / embed, for a given embedding time."""
        return (embed_ms + self.memo.p50) / embed_ms


@dataclass
class Rates:
    """Seconds per entry to populate and to build the index, measured on the sizes run so far."""

    populate_s: float = PRIOR_POPULATE_S
    hnsw_build_s: float = PRIOR_HNSW_BUILD_S

    def estimate_s(self, size: int, queries: int) -> float:
        build = self.hnsw_build_s * 1.3 if size >= HNSW_MIN_VECTORS else 1e-4
        return size * (self.populate_s + build) + queries * 0.5 + 60

    def update(self, row: SemanticRow) -> None:
        self.populate_s = row.populate_s / row.size
        if row.kind == "hnsw":
            self.hnsw_build_s = row.build_s / row.size


def _semantic_cache(directory: Path, size: int) -> ResponseCache:
    budget = max(1 << 30, size * BYTES_PER_ENTRY_BUDGET)
    return ResponseCache(CacheConfig(path=directory, semantic=True, size_limit_bytes=budget))


def _unit_rows(rng: np.random.Generator, count: int) -> np.ndarray[Any, np.dtype[np.float32]]:
    rows = rng.standard_normal((count, DIM), dtype=np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    return rows


def populate_synthetic(cache: ResponseCache, count: int, budget: Budget, seed: int = 0) -> float:
    """Write ``count`` entries as ``ResponseCache.store`` would, with random vectors instead of embeddings.

    Uses the store behind the cache (private API): there is no public way to store an answer with a
    vector computed elsewhere, and embedding a million prompts would take hours here. Returns seconds.
    """
    store, embedder = cache._store, cache._embedder
    assert embedder is not None
    rng = np.random.default_rng(seed)
    answer = CachedAnswer.from_result(Result(text="A synthetic answer.", provider="fake", model=MODEL, kind="cloud"))
    started = time.perf_counter()
    for first in range(0, count, POPULATE_BATCH):
        if budget.over():
            raise TimeoutError(f"populating stopped at {first:,} of {count:,} entries (--max-seconds)")
        vectors = _unit_rows(rng, min(POPULATE_BATCH, count - first))
        with store._cache.transact(retry=True):  # one SQLite transaction per batch
            for offset, vector in enumerate(vectors):
                request = plain_prompt_request(f"synthetic prompt {first + offset}", False)
                record = EntryRecord(
                    seq=0,
                    namespace=NAMESPACE,
                    context=context_key(request, NAMESPACE),
                    query=request.last_user_text,
                    answer=answer,
                    vector=encode_vector(vector),
                    embedder=embedder.tag,
                )
                store.put(request_key(request, NAMESPACE), record, ttl_s=None)
    return time.perf_counter() - started


def store_real(cache: ResponseCache, prompts: Sequence[str]) -> None:
    """Store answers to real prompts through the public API (embeds each with MiniLM)."""
    for i, prompt in enumerate(prompts):
        cache.store(
            plain_prompt_request(prompt, False), Result(text=f"answer {i}", provider="fake", model=MODEL, kind="cloud")
        )


def _rss_bytes() -> int:
    import psutil

    gc.collect()
    rss: int = psutil.Process().memory_info().rss
    return rss


def _tree_bytes(directory: Path) -> int:
    return sum(path.stat().st_size for path in directory.rglob("*") if path.is_file())


def _timed_lookup(cache: ResponseCache, text: str) -> tuple[float, bool]:
    request = plain_prompt_request(text, False)
    started = time.perf_counter_ns()
    hit = cache.lookup_semantic(request)
    return _elapsed_ms(started), hit is not None


def _timed_embed(cache: ResponseCache, text: str) -> float:
    embedder = cache._embedder  # the model the cache uses; ``embed`` skips the one-text memo
    assert embedder is not None
    started = time.perf_counter_ns()
    embedder.embed([text])
    return _elapsed_ms(started)


def measure_queries(cache: ResponseCache, queries: QuerySet, row: SemanticRow, budget: Budget) -> None:
    """Per query text: embedding alone and a full lookup (alternating which goes first), then the
    lookup again with the embedding memoised (search, candidate fetch and guard only)."""
    paraphrases = set(queries.paraphrases)
    texts = queries.queries()
    for i, text in enumerate(texts):
        if budget.over():
            row.lookup.capped = True
            break
        if i % 2:
            row.embed.ms.append(_timed_embed(cache, text))
        lookup_ms, hit = _timed_lookup(cache, text)
        row.lookup.ms.append(lookup_ms)
        if not i % 2:
            row.embed.ms.append(_timed_embed(cache, text))
        row.memo.ms.append(_timed_lookup(cache, text)[0])
        if hit:
            row.paraphrase_hits += text in paraphrases
            row.unrelated_hits += text not in paraphrases


def build_and_measure(directory: Path, size: int, queries: QuerySet, budget: Budget) -> SemanticRow:
    row = SemanticRow(size)
    cache = _semantic_cache(directory, size)
    try:
        print(f"semantic {size:,}: populating", file=sys.stderr, flush=True)
        row.populate_s = populate_synthetic(cache, size - len(queries.stored), budget)
        store_real(cache, queries.stored)  # loads the model, so the build below does not include it
        rss = _rss_bytes()
        print(f"semantic {size:,}: building the index (first lookup)", file=sys.stderr, flush=True)
        started = time.perf_counter()
        cache.lookup_semantic(plain_prompt_request("What is the warm-up question?", False))
        row.build_s = time.perf_counter() - started
        row.rss_delta_bytes = _rss_bytes() - rss
        row.kind = _kind(cache)
        row.index_bytes = sum(path.stat().st_size for path in (cache.directory / "index").glob("*.faiss"))
        row.store_bytes = _tree_bytes(cache.directory / "entries")
        print(f"semantic {size:,}: {row.kind} index; timing queries", file=sys.stderr, flush=True)
        measure_queries(cache, queries, row, budget)
    finally:
        cache.close()
    return row


def _kind(cache: ResponseCache) -> str:
    """The index kind without ``stats()``, which scans every entry."""
    semantic = cache._semantic
    return ",".join(semantic.kinds().values()) if semantic is not None else "-"


def time_reopen(directory: Path, size: int) -> float:
    """A new ``ResponseCache`` on the same directory: first lookup, which loads the saved index."""
    cache = _semantic_cache(directory, size)
    try:
        embedder = cache._embedder
        assert embedder is not None
        embedder.embed(["load the model first"])
        started = time.perf_counter()
        cache.lookup_semantic(plain_prompt_request("What is the reopening question?", False))
        return time.perf_counter() - started
    finally:
        cache.close()


def semantic_size(size: int, queries: QuerySet, rates: Rates, budget: Budget) -> SemanticRow:
    estimate = rates.estimate_s(size, len(queries.queries()))
    if estimate > budget.left():
        left = max(0.0, budget.left())
        return SemanticRow(size, skipped=f"not run: estimated {estimate:,.0f} s, {left:,.0f} s left (--max-seconds)")
    with tempfile.TemporaryDirectory(prefix=f"cache-latency-{size}-") as tmp:
        try:
            row = build_and_measure(Path(tmp), size, queries, budget)
        except TimeoutError as exc:
            return SemanticRow(size, skipped=f"not run: {exc}")
        gc.collect()
        row.reopen_s = time_reopen(Path(tmp), size)
    rates.update(row)
    return row


def semantic_phase(sizes: Sequence[int], queries: QuerySet, budget: Budget) -> list[SemanticRow]:
    rates = Rates()
    rows = []
    for size in sizes:
        row = semantic_size(size, queries, rates, budget)
        print(f"semantic {size:,}: {row.skipped or f'ratio {row.ratio:.2f}'}", file=sys.stderr, flush=True)
        rows.append(row)
        gc.collect()
    return rows


# --- report --------------------------------------------------------------------------------------


def _verdict(passed: bool) -> str:
    return "**PASS**" if passed else "**MISS**"


def _find(rows: Sequence[Samples], prefix: str) -> Samples:
    return next(row for row in rows if row.label.startswith(prefix))


def exact_table(rows: Sequence[Samples]) -> str:
    lines = ["| call | calls | p50 ms | p99 ms | note |", "|---|---:|---:|---:|---|"]
    for row in rows:
        notes = []
        if row.unexpected:
            notes.append(f"{row.unexpected} unexpected cache outcomes")
        if row.capped:
            notes.append("capped by --max-seconds")
        lines.append(f"| {row.label} | {len(row.ms):,} | {row.p50:.3f} | {row.p99:.3f} | {'; '.join(notes)} |")
    return "\n".join(lines)


def exact_targets(rows: Sequence[Samples]) -> list[str]:
    out = []
    cold, miss = _find(rows, FROM_DISK), _find(rows, "complete, miss")
    for call in ("complete", "acomplete"):
        miss, hit = _find(rows, f"{call}, miss"), _find(rows, f"{call}, exact hit")
        speedup = miss.p50 / hit.p50
        out.append(
            f"- `{call}` exact hit {speedup:.1f}x faster than a miss at p50 (target >= {HIT_SPEEDUP_TARGET:.0f}x) "
            f"{_verdict(speedup >= HIT_SPEEDUP_TARGET)}; hit p50 {hit.p50:.3f} ms (target <= {HIT_P50_TARGET_MS} ms) "
            f"{_verdict(hit.p50 <= HIT_P50_TARGET_MS)}"
        )
        floor = _find(rows, f"{call}, no cache")
        out.append(
            f"  - for context: the hit is {floor.p50 / hit.p50:.1f}x faster than the same call on a client without "
            f"a cache; a miss costs {miss.p50 - floor.p50:+.3f} ms over it (exact lookup and store)"
        )
    out.append(
        f"- for context: a `complete` exact hit on an entry this process holds no copy of in memory (stored by "
        f"another process, or pushed out of the {_RECENT_ENTRIES:,} kept) reads SQLite: p50 {cold.p50:.3f} ms, "
        f"{miss.p50 / cold.p50:.1f}x faster than a miss"
    )
    return out


def _mb(value: float) -> str:
    return f"{value / 1e6:,.1f}"


def build_table(rows: Sequence[SemanticRow]) -> str:
    lines = [
        "| entries | index | populate s | first lookup (index build) s | reopen: first lookup (index load) s "
        "| index file MB | index bytes per entry | index MB per 100k | RSS delta MB | store on disk MB |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        if row.skipped:
            lines.append(f"| {row.size:,} | {row.skipped} | | | | | | | | |")
            continue
        per_entry = row.index_bytes / row.size
        lines.append(
            f"| {row.size:,} | {row.kind} | {row.populate_s:,.1f} | {row.build_s:,.1f} | {row.reopen_s:,.2f} "
            f"| {_mb(row.index_bytes)} | {per_entry:,.0f} | {_mb(per_entry * 100_000)} "
            f"| {_mb(row.rss_delta_bytes)} | {_mb(row.store_bytes)} |"
        )
    return "\n".join(lines)


def latency_table(rows: Sequence[SemanticRow], pairs: int) -> str:
    lines = [
        "| entries | queries | embed alone p50 ms | lookup p50 ms | lookup p99 ms | lookup / embed (p50) "
        "| lookup / embed (median of per-query ratios) | lookup, embedding memoised p50 ms "
        "| paraphrase hits | unrelated hits |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        if row.skipped:
            continue
        capped = " (capped)" if row.lookup.capped else ""
        lines.append(
            f"| {row.size:,} | {len(row.lookup.ms)}{capped} | {row.embed.p50:.2f} | {row.lookup.p50:.2f} "
            f"| {row.lookup.p99:.2f} | {row.ratio:.2f} | {row.paired_ratio:.2f} | {row.memo.p50:.3f} "
            f"| {row.paraphrase_hits}/{pairs} | {row.unrelated_hits}/{pairs} |"
        )
    return "\n".join(lines)


def semantic_targets(rows: Sequence[SemanticRow]) -> list[str]:
    out = []
    for row in rows:
        if row.skipped:
            out.append(f"- {row.size:,} entries: {row.skipped}")
            continue
        line = f"- {row.size:,} entries ({row.kind}): lookup / embed at p50 {row.ratio:.2f}"
        if row.size >= 1_000_000:
            line += f" (target <= {SEMANTIC_RATIO_TARGET}) {_verdict(row.ratio <= SEMANTIC_RATIO_TARGET)}"
        out.append(line)
    if not any(row.size >= 1_000_000 and not row.skipped for row in rows):
        out.append(
            f"- 1,000,000 entries: not measured in this run (target <= {SEMANTIC_RATIO_TARGET}) **NOT MEASURED**"
        )
    return out


def semantic_notes(rows: Sequence[SemanticRow]) -> list[str]:
    """What the numbers say about their own stability: embedding time under load, recall, build cost."""
    measured = [row for row in rows if not row.skipped and row.embed.ms]
    if not measured:
        return []
    fastest = min(measured, key=lambda row: row.embed.p50)
    slowest = max(measured, key=lambda row: row.embed.p50)
    largest, smallest = measured[-1], measured[0]
    low = fastest.embed.p50
    drift = ": other load on the machine moved the denominator of every ratio" if slowest.embed.p50 > 1.5 * low else ""
    out = [
        f"- Embedding the same texts took {low:.1f} ms (p50, at {fastest.size:,} entries) to "
        f"{slowest.embed.p50:.1f} ms (at {slowest.size:,} entries){drift}.",
        f"- From parts at {largest.size:,} entries, (embed p50 + memoised lookup p50) / embed p50 = "
        f"{largest.ratio_from_parts(largest.embed.p50):.2f}, or {largest.ratio_from_parts(low):.2f} with this "
        f"run's fastest embedding ({low:.1f} ms).",
        f"- Paraphrases found: {smallest.paraphrase_hits} at {smallest.size:,} entries ({smallest.kind}), "
        f"{largest.paraphrase_hits} at {largest.size:,} ({largest.kind}). A lookup whose stored neighbour the "
        "index does not return skips the candidate fetch and the guard, so it is slightly cheaper than a hit.",
    ]
    built = [row for row in measured if row.size >= 100_000]
    if built:
        per_entry = ", ".join(f"{row.build_s / row.size * 1000:.2f} ms at {row.size:,}" for row in built)
        out.append(f"- First lookup without a saved index (store scan + index build), per entry: {per_entry}.")
    return out


def _nproc() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 0


def environment_line(load_before: tuple[float, ...]) -> str:
    import faiss
    import torch

    versions = ", ".join(
        f"{name} {version(name)}" for name in ("faiss-cpu", "torch", "sentence-transformers", "diskcache", "numpy")
    )
    load_after = os.getloadavg()
    return (
        f"Python {platform.python_version()}, {versions}, nproc {_nproc()}, {platform.machine()}, "
        f"faiss OpenMP threads {faiss.omp_get_max_threads()}, torch threads {torch.get_num_threads()}, "
        f"{datetime.now(UTC):%Y-%m-%d}; 1-minute load average {load_before[0]:.1f} at the start, "
        f"{load_after[0]:.1f} at the end"
    )


def setup_lines(args: argparse.Namespace, queries: QuerySet, source: Path) -> list[str]:
    return [
        "Exact setup: one FakeProvider process (openai protocol, 127.0.0.1, no latency, echo reply), one "
        "`Deployment` on the native transport, health checks on (default). `CacheConfig(path=<tmp>, "
        f"semantic=False)`. {args.warmup} unmeasured warm-up misses and hits, then {args.calls:,} sequential "
        "misses (distinct prompts: exact lookup, provider call, store) and the same prompts again as exact hits. "
        f"The cache keeps the latest {_RECENT_ENTRIES:,} entries it read or wrote in memory while SQLite shows "
        "no change it cannot account for (docs/caching.md), so these hits come from memory; the 'read from disk' "
        "row is a second client opened on the same directory afterwards, whose hits read SQLite. "
        "The no-cache rows are the same client without `cache=`. `complete` hands each call to the client's "
        "loop thread; `acomplete` runs on the caller's loop (`asyncio.run`, client opened with `async with`).",
        "",
        "Semantic setup: per size, a fresh cache directory and `ResponseCache(CacheConfig(semantic=True, "
        "size_limit_bytes=max(1 GiB, 8 KiB x entries)))` with the bundled all-MiniLM-L6-v2 and the guard on. "
        f"Entries: {len(queries.stored)} real questions ({source.name}, label-1 pairs' `a`) stored with "
        "`ResponseCache.store` (embedded by the model), and the rest synthetic: `EntryRecord`s written through "
        "the cache's entry store exactly as `store` writes them (request key, context key, answer, "
        "base64 vector, embedder tag) but with L2-normalised random float32 vectors of dimension 384 instead "
        "of embeddings. The index is then built by the cache itself on the first `lookup_semantic` (no saved "
        "index: full store scan, faiss `IndexFlatIP` below "
        f"{HNSW_MIN_VECTORS:,} vectors, HNSW from there). 'reopen' is a new `ResponseCache` on the same "
        "directory: its first lookup loads the saved index (model loaded beforehand). Queries: "
        f"{len(queries.paraphrases)} paraphrases (the pairs' `b`) and {len(queries.unrelated)} unrelated "
        "questions, alternating; per query, `embedder.embed([text])` on the cache's own model (the memo-free "
        "path) and a full `lookup_semantic` (embedding, index search, candidate fetch, guard), alternating "
        "which goes first, then the lookup again with the query's vector memoised (search, fetch and guard "
        "only). "
        "Random vectors sit near cosine 0 to every real query, so they are searched but never fetched; "
        "candidate fetches and guard checks come from the real entries. Index MB = size of the `.faiss` file "
        "(`faiss.serialize_index`); RSS delta = resident memory after the first lookup minus before it "
        "(after `gc.collect()`): the index and its id set plus whatever the build left resident (SQLite page "
        "cache and memory map of the store, allocator slack), so an upper bound for the index.",
    ]


def report(exact: list[Samples], semantic: list[SemanticRow], args: argparse.Namespace, load: tuple[float, ...]) -> str:
    queries, source = args.query_set, args.pairs
    exact_part = ["### Exact hits", "", exact_table(exact), "", *exact_targets(exact), ""] if exact else []
    semantic_part = [
        "### Semantic lookups",
        "",
        build_table(semantic),
        "",
        latency_table(semantic, len(queries.paraphrases)),
        "",
        *semantic_targets(semantic),
        "",
        "Notes on these numbers:",
        "",
        *semantic_notes(semantic),
    ]
    parts = [
        "## Cache latency (`bench/cache_latency.py`)",
        "",
        f"Command: `{shlex.join(sys.orig_argv)}`",
        "",
        f"Environment: {environment_line(load)}. **One run on a shared 2-core machine**: other engineers' jobs "
        "(benchmarks, type checks) may run at the same time (the load averages above show how busy it was), so "
        "single numbers can move by tens of per cent between runs.",
        "",
        *setup_lines(args, queries, source),
        "",
        *exact_part,
        *(semantic_part if semantic else []),
    ]
    return "\n".join(parts) + "\n"


def write_section(path: Path, section: str) -> None:
    """Replace the text between our markers (appending them if absent); leave the rest untouched."""
    block = f"{MARK_START}\n{section}{MARK_END}"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    start, end = text.find(MARK_START), text.find(MARK_END)
    if start != -1 and end > start:
        text = text[:start] + block + text[end + len(MARK_END) :]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")


# --- command line ----------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench/cache_latency.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=2_000, help="exact misses and hits per client call style")
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--sizes", default="1000,100000,1000000", help="comma-separated semantic cache sizes")
    parser.add_argument("--queries", type=int, default=200, help="semantic query texts per size (half paraphrases)")
    parser.add_argument("--pairs", type=Path, default=QQP if QQP.exists() else NEAR_MISS, help="JSONL of a/b/label")
    parser.add_argument("--max-seconds", type=float, default=5_400.0, help="wall-clock budget for the whole run")
    parser.add_argument("--quick", action="store_true", help="smoke run: 200 calls, 1k and 25k entries, 40 queries")
    parser.add_argument("--skip-exact", action="store_true")
    parser.add_argument("--skip-semantic", action="store_true")
    parser.add_argument("--markdown", type=Path, help="write the section between the cache-latency markers")
    args = parser.parse_args(argv)
    if args.quick:
        args.calls, args.warmup, args.sizes, args.queries = 200, 20, "1000,25000", 40
    args.size_list = [int(size) for size in args.sizes.split(",") if size.strip()]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    load = os.getloadavg()
    budget = Budget(time.monotonic() + args.max_seconds)
    args.query_set = load_queries(args.pairs, args.queries)
    small = [size for size in args.size_list if size <= len(args.query_set.stored)]
    if small:
        raise SystemExit(f"sizes must exceed the {len(args.query_set.stored)} real entries: {small}")
    exact = [] if args.skip_exact else exact_phase(ExactSettings(args.calls, args.warmup), budget)
    semantic = [] if args.skip_semantic else semantic_phase(args.size_list, args.query_set, budget)
    section = report(exact, semantic, args, load)
    print(section)
    if args.markdown:
        write_section(args.markdown, section)
        print(f"wrote {args.markdown}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
