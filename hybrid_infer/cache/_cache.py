"""``ResponseCache``: exact and semantic answer caching behind one small interface.

It composes the entry store (exact keys, TTL, eviction), the semantic index (candidates by
cosine similarity within a namespace) and the false-hit guard (verifies every candidate),
and decides which requests may be read from or written to the cache. It does not call
providers, stream, or mark results stale: the client does that with what it returns.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import sqlite3
import threading
from typing import TYPE_CHECKING, Any, Literal

import diskcache

from hybrid_infer._request import MAX_JSON_DEPTH, Request, blank_text, check_namespace
from hybrid_infer._results import Result
from hybrid_infer.cache._config import CacheConfig
from hybrid_infer.cache._counters import CacheCounters
from hybrid_infer.cache._diff import differing_parts
from hybrid_infer.cache._embedder import TextEmbedder, is_bundled, resolve_embedder
from hybrid_infer.cache._extras import require_semantic_extra
from hybrid_infer.cache._index_file import SIDECAR, IndexFiles, IndexLockTimeout
from hybrid_infer.cache._keys import context_key, request_key
from hybrid_infer.cache._models import CachedAnswer, CacheHit
from hybrid_infer.cache._store import EntryRecord, EntryStore, make_private_dir
from hybrid_infer.errors import CacheUnavailable, ConfigError, HybridInferError

if TYPE_CHECKING:
    from hybrid_infer.cache._guard import FalseHitGuard
    from hybrid_infer.cache._semantic import SemanticIndex

log = logging.getLogger("hybrid_infer.cache")

_READ_MODES = frozenset({"default", "no-store", "only"})
_WRITE_MODES = frozenset({"default", "no-cache"})
_FIRST_K = 8
_MAX_K = 512
_MAX_GUARD_CHECKS = 8
_LOCKED = "another connection held the cache database's write lock past the busy timeout; try again"
_STORAGE_ERRORS = (diskcache.Timeout, sqlite3.Error, OSError)
"""What a busy or failing store can raise; the request goes on without the cache."""
_STORE_ERRORS = (*_STORAGE_ERRORS, ValueError)
"""Also an answer that cannot be written as JSON: it is returned, not stored."""


class ResponseCache:
    """Answers cached on disk, found by exact request key or by a verified similar prompt."""

    def __init__(self, config: CacheConfig | None = None) -> None:
        self.config = config if config is not None else CacheConfig()
        self._embedder: TextEmbedder | None = None
        if self.config.semantic:
            bundled = is_bundled(self.config.embedder)
            require_semantic_extra(self.config.embedder, bundled_model=bundled)
            self._embedder = resolve_embedder(self.config.embedder)
        self.directory = self.config.directory()
        make_private_dir(self.directory, ours=False)
        if self.config.semantic and os.path.lexists(self.directory / "index"):
            make_private_dir(self.directory / "index")  # refused now, not at the first lookup
        self._store = EntryStore(
            self.directory / "entries",
            size_limit=self.config.size_limit_bytes,
            max_entries=self.config.max_entries,
        )
        self._counters = CacheCounters()
        self._lazy_lock = threading.Lock()
        self._semantic: SemanticIndex | None = None
        self._guard: FalseHitGuard | None = None

    # --- policy ---------------------------------------------------------------------

    def readable(self, request: Request) -> bool:
        """Whether an answer for ``request`` may come from the cache."""
        return request.cache_mode in _READ_MODES and self._deterministic(request)

    def writable(self, request: Request) -> bool:
        """Whether the answer to ``request`` may be stored."""
        return request.cache_mode in _WRITE_MODES and self._deterministic(request)

    def key_for(self, request: Request) -> str:
        """The exact key ``request`` is stored under (its namespace included)."""
        return request_key(request, self._namespace(request))

    # --- lookups --------------------------------------------------------------------

    def lookup_exact(self, request: Request) -> CacheHit | None:
        """The entry stored for exactly this request (no model, no index: fast)."""
        if not self.config.exact or not self.readable(request):
            return None
        hit = self._exact(request)
        self._counters.bump("exact_hits" if hit else "exact_misses")
        return hit

    def recheck_exact(self, request: Request) -> CacheHit | None:
        """:meth:`lookup_exact` for a request whose lookup just missed, not counted again:
        an identical request may have stored its answer since."""
        if not self.config.exact or not self.readable(request):
            return None
        return self._exact(request)

    def count_shared_hit(self, *, semantic: Literal["miss", "skipped"] | None) -> None:
        """A request whose lookup missed was then answered by an identical request in flight
        (coalesced): it counts as a hit of the layer it is reported as (exact, or semantic
        when the exact layer is off), and its lookups' misses are taken back, so that each
        request stays counted once, as a hit at one layer or a miss at the last (review 80:
        20 coalesced requests read as 19 exact hits and 20 semantic misses). ``semantic``:
        what its semantic lookup counted, a miss, a skip (review 66), or nothing (not run)."""
        if semantic is not None:
            self._counters.bump("semantic_misses" if semantic == "miss" else "semantic_skipped", -1)
        if self.config.exact:
            self._counters.bump("exact_misses", -1)
        self._counters.bump("exact_hits" if self.config.exact else "semantic_hits")

    def count_semantic_skipped(self) -> None:
        """A semantic lookup the caller skipped or gave up on: too many were waiting, or the
        request's ``deadline_s`` left too little time (see the client's cache layer)."""
        self._counters.bump("semantic_skipped")

    def lookup_semantic(
        self, request: Request, *, threshold: float | None = None, counted: bool = True
    ) -> CacheHit | None:
        """The verified entry whose last user turn is most similar; embeds (call off-loop).

        ``counted=False`` leaves the hit/miss count to the caller (:meth:`count_semantic`):
        a lookup it gives up on while it runs is counted as skipped, not as a miss too."""
        if not self.config.semantic or not self.readable(request):
            return None
        limit = self.config.similarity_threshold if threshold is None else threshold
        hit = self._similar(request, limit)
        if counted:
            self.count_semantic(hit)
        return hit

    def count_semantic(self, hit: CacheHit | None) -> None:
        """Count one semantic lookup's outcome (see ``lookup_semantic(counted=False)``)."""
        self._counters.bump("semantic_hits" if hit else "semantic_misses")

    def fallback(
        self, request: Request, *, exact: bool = True, semantic: bool = True, counted: bool = True
    ) -> CacheHit | None:
        """An answer to serve when no provider could: exact, else similar enough and verified.

        Ignores the temperature rule and ``no-cache`` (a stale answer beats none), but not
        cache mode ``off`` or ``offline_fallback=False``. A sampled request (temperature
        set) also takes the answer stored for the same request at the provider's default
        temperature or at 0: sampled answers are not stored unless ``cache_sampled``. The guard's rules still veto; its
        verifier only needs a match more likely than not (``fallback_accept_probability``).

        ``exact``/``semantic`` pick the passes: the exact one costs a database read and no
        embedding, so it can run where the semantic one has no time left. A miss is
        counted by the pass that is the last for this request (``semantic``, when it is on);
        ``counted=False`` leaves counting to the caller (:meth:`count_fallback`).
        """
        if not self.config.offline_fallback or request.cache_mode == "off":
            return None
        variants = _temperature_variants(request)
        hit = None
        if exact and self.config.exact:
            hit = next((h for h in map(self._exact, variants) if h is not None), None)
        if hit is None and semantic and self.config.semantic:
            threshold = self.config.fallback_threshold
            hit = next((h for v in variants if (h := self._similar(v, threshold, fallback=True)) is not None), None)
        if counted and (hit is not None or semantic or not self.config.semantic):
            self.count_fallback(hit)
        return hit

    def count_fallback(self, hit: CacheHit | None) -> None:
        self._counters.bump("fallback_hits" if hit else "fallback_misses")

    def count_fallback_miss(self) -> None:
        """A fallback whose semantic pass never ran or was given up on (the request's
        deadline was spent)."""
        self._counters.bump("fallback_misses")

    # --- writes ---------------------------------------------------------------------

    def store(self, request: Request, result: Result, *, ttl_s: float | None = None, embed: bool = True) -> str | None:
        """Store a fresh, complete answer under the exact key, with its prompt's vector.

        Skips requests that are not writable, results that came from the cache, and
        blank answers without tool calls (more likely a glitch, such as an unparsable
        stream that litellm reads as empty, than an answer worth replaying). May embed the prompt (reusing
        the vector of a preceding ``lookup_semantic``); with ``embed=False`` it only reuses
        that vector, and an entry stored without one is embedded by the next lookup's index
        refresh (the client stores so, to return an answer without waiting for an encode).
        Returns the entry's key, or ``None`` when nothing was stored.
        """
        if not self.writable(request) or result.cache != "miss" or result.stale:
            return None
        if blank_text(result.text) and not result.tool_calls:
            return None
        namespace = self._namespace(request)
        query = request.last_user_text
        context = context_key(request, namespace)
        vector = None
        if self._embedder is not None and context is not None and query.strip():
            # None if the embedder failed: stored for exact hits only
            vector = self._embed(query) if embed else self._embedder.remembered(query)
        record = EntryRecord(
            seq=0,
            namespace=namespace,
            context=context,
            query=query,
            answer=CachedAnswer.from_result(result),
            vector=None if vector is None else _encode(vector),
            embedder=None if vector is None or self._embedder is None else self._embedder.tag,
        )
        ttl = ttl_s or request.cache_ttl_s or self.config.ttl_s
        key = request_key(request, namespace)
        try:
            seq = self._store.put(key, record, ttl_s=ttl)
        except _STORE_ERRORS as exc:
            log.warning("hybrid-infer cache: could not store an answer: %s: %s", type(exc).__name__, exc)
            self._counters.bump("store_errors")
            return None
        self._counters.bump("stores")
        if vector is not None and self._semantic is not None:
            try:
                self._semantic.add(seq, namespace, vector)
            except Exception as exc:  # the entry is stored; the index catches up on refresh
                if isinstance(exc, HybridInferError):
                    raise
                log.warning("hybrid-infer cache: could not index an answer: %s", exc)
        return key

    def _embed(self, query: str) -> Any:
        """The query's vector, or ``None`` when the embedder fails (a custom one that raises
        or returns the wrong shape): the request goes on without the semantic layer."""
        assert self._embedder is not None
        try:
            self._embedder.tag  # noqa: B018 - checks, once it passes, that the embedder tells texts apart
            return self._embedder.embed_one(query)
        except Exception as exc:
            if isinstance(exc, HybridInferError):  # a configuration problem: say it
                raise
            log.warning(
                "hybrid-infer cache: the embedder failed (%s: %s); semantic layer skipped", type(exc).__name__, exc
            )
            self._counters.bump("embed_errors")
            return None

    def invalidate(self, key: str) -> bool:
        """Remove the entry with this exact key; True if there was one."""
        if not isinstance(key, str):
            raise ConfigError(f"must be an entry key (a str), got {type(key).__name__}", field="key")
        try:
            removed = self._store.delete(key)
        except diskcache.Timeout:
            raise CacheUnavailable(_LOCKED) from None
        if removed is not None and self._semantic is not None:
            self._semantic.discard(removed.namespace, removed.seq)  # (other processes: when a search meets it)
        return removed is not None

    def clear(self, namespace: str | None = None) -> int:
        """Remove every entry of ``namespace`` (all when ``None``); return how many."""
        if namespace is not None:
            check_namespace(namespace)
        try:
            removed = self._store.clear(namespace)
        except diskcache.Timeout:
            raise CacheUnavailable(_LOCKED) from None
        if self._semantic is not None:
            self._semantic.drop(namespace)
        elif removed and (self.directory / "index" / SIDECAR).exists():
            # opened without the semantic layer (the CLI): the saved index still lists the
            # cleared vectors, so forget it; the next semantic reader rebuilds it
            try:
                IndexFiles(self.directory / "index").remove()
            except (OSError, IndexLockTimeout) as exc:
                log.warning("hybrid-infer cache: the saved index could not be reset after a clear: %s", exc)
        return removed

    def warm_up(self) -> None:
        """Load the embedding model and the semantic index now instead of on first use.

        The first semantic lookup otherwise pays both (the bundled model takes seconds to
        load) before the request's provider call, outside its ``timeout_s``. Call this at
        start-up, off the event loop in async code (``await asyncio.to_thread(...)``). A model
        that cannot load raises here, where a request would skip the semantic layer. Without
        the semantic layer it does nothing.
        """
        if not self.config.semantic or self._embedder is None:
            return
        try:
            self._embedder.tag  # noqa: B018 - embeds the probe text: loads the model
        except ConfigError:
            raise
        except ValueError as exc:  # a constant or broken embedder: the user's to fix (review 80)
            raise ConfigError(str(exc), field="cache.embedder") from exc
        self._semantic_index().refresh()
        if self.config.guard:
            self._false_hit_guard()

    async def awarm_up(self) -> None:
        """:meth:`warm_up` for async code: runs it on a thread, so the loop goes on."""
        await asyncio.to_thread(self.warm_up)

    def close(self) -> None:
        """Save the semantic index and close the database (the cache reopens on use).

        The index is derived data: one that cannot be saved (a full disk, a lock held too
        long) is logged and rebuilt by the next process, and the database is closed anyway.
        """
        try:
            if self._semantic is not None:
                self._semantic.save()
        except OSError as exc:
            log.warning("hybrid-infer cache: could not save the semantic index: %s", exc)
        finally:
            self._store.close()

    def __enter__(self) -> ResponseCache:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # --- statistics -----------------------------------------------------------------

    def stats(self) -> dict[str, Any]:
        """Counts of entries (a full scan of the store), hits, misses and index sizes."""
        namespaces: dict[str, int] = {}
        for _, record in self._store.entries():
            namespaces[record.namespace] = namespaces.get(record.namespace, 0) + 1
        counts = self._counters.snapshot()
        semantic = self._semantic
        return {
            "directory": str(self.directory),
            "entries": sum(namespaces.values()),
            "namespaces": namespaces,
            "hits": {kind: counts.get(f"{kind}_hits", 0) for kind in ("exact", "semantic", "fallback")},
            "misses": {kind: counts.get(f"{kind}_misses", 0) for kind in ("exact", "semantic", "fallback")},
            "guard_rejections": counts.get("guard_rejections", 0),
            "semantic_skipped": counts.get("semantic_skipped", 0),
            "stores": counts.get("stores", 0),
            "store_errors": counts.get("store_errors", 0),
            "embed_errors": counts.get("embed_errors", 0),
            "index": {
                "loaded": semantic is not None and semantic.loaded,
                "sizes": semantic.sizes() if semantic is not None else {},
                "kinds": semantic.kinds() if semantic is not None else {},
            },
            "generation": self._store.generation(),
            "disk_bytes": self._store.disk_bytes(),
        }

    # --- internals ------------------------------------------------------------------

    def _deterministic(self, request: Request) -> bool:
        return self.config.cache_sampled or all(t in (None, 0) for t in _temperatures(request))

    def _namespace(self, request: Request) -> str:
        return request.namespace or self.config.namespace

    def _exact(self, request: Request) -> CacheHit | None:
        namespace = self._namespace(request)
        key = request_key(request, namespace)
        try:
            record = self._store.get(key)
        except _STORAGE_ERRORS as exc:
            log.warning("hybrid-infer cache: exact lookup failed: %s", exc)
            return None
        if record is None:
            return None
        if (
            record.namespace != namespace
            or record.query != request.last_user_text
            or record.context != context_key(request, namespace)
        ):
            # a row moved under another key (the database edited by hand): never another
            # request's answer, another tenant's least of all
            log.warning("hybrid-infer cache: the entry under an exact key is not that request's; ignored")
            return None
        return CacheHit(kind="exact", key=key, similarity=None, answer=record.answer)

    def _similar(self, request: Request, threshold: float, *, fallback: bool = False) -> CacheHit | None:
        namespace = self._namespace(request)
        context = context_key(request, namespace)
        query = request.last_user_text
        if context is None or not query.strip() or self._embedder is None:
            return None
        vector = self._embed(query)
        if vector is None:
            return None
        try:
            index = self._semantic_index()
            index.refresh()
            return self._walk(index, namespace, context, query, vector, threshold, fallback)
        except Exception as exc:  # storage, or an embedder failing while the index catches up
            if isinstance(exc, HybridInferError):
                raise
            log.warning("hybrid-infer cache: semantic lookup failed: %s: %s", type(exc).__name__, exc)
            return None

    def _walk(
        self,
        index: SemanticIndex,
        namespace: str,
        context: str,
        query: str,
        vector: Any,
        threshold: float,
        fallback: bool,
    ) -> CacheHit | None:
        """Candidates in order of similarity: live, same context, accepted by the guard."""
        guard = self._false_hit_guard() if self.config.guard else None
        seen: set[int] = set()
        checks = 0
        refused = False  # a closer candidate was: farther ones must state as much (see the guard)
        k = _FIRST_K
        while True:
            candidates = index.search(namespace, vector, k)
            for seq, similarity in candidates:
                if seq in seen:
                    continue
                seen.add(seq)
                similarity = min(similarity, 1.0)  # a tampered saved index may hold longer vectors
                if similarity < threshold:
                    return None
                owner = self._store.entry_for(seq)
                if owner is None:
                    index.discard(namespace, seq)  # expired, evicted, replaced or invalidated
                    continue
                key, record = owner
                if record.namespace != namespace or record.context != context:
                    continue
                if guard is not None:
                    checks += 1
                    if not (
                        guard.accepts(query, record.query, similarity, fallback=fallback, closer_refused=refused)
                        and self._differences_agree(guard, query, record.query, threshold, fallback)
                    ):
                        self._counters.bump("guard_rejections")
                        refused = True
                        if checks >= _MAX_GUARD_CHECKS:
                            return None
                        continue
                return CacheHit(kind="semantic", key=key, similarity=similarity, answer=record.answer)
            if len(candidates) < k or k >= _MAX_K:
                return None
            k *= 4

    def _differences_agree(
        self, guard: FalseHitGuard, query: str, candidate: str, threshold: float, fallback: bool
    ) -> bool:
        """For prompts that share most of their text (a pasted document, then a question),
        whether the parts that differ ask the same: their own similarity and the guard's
        verdict on them, as for two short prompts (see :mod:`._diff`)."""
        parts = differing_parts(query, candidate)
        if parts is None or parts[0] == parts[1]:
            return True
        assert self._embedder is not None
        try:
            vectors = self._embedder.embed(list(parts))
        except Exception as exc:  # cannot tell: no hit
            log.warning("hybrid-infer cache: the embedder failed (%s: %s)", type(exc).__name__, exc)
            return False
        similarity = float(vectors[0] @ vectors[1])
        return similarity >= threshold and guard.accepts(parts[0], parts[1], similarity, fallback=fallback)

    def _semantic_index(self) -> SemanticIndex:
        with self._lazy_lock:
            if self._semantic is None:
                from hybrid_infer.cache._semantic import SemanticIndex

                assert self._embedder is not None
                self._semantic = SemanticIndex(self._store, self.directory / "index", self._embedder)
            return self._semantic

    def _false_hit_guard(self) -> FalseHitGuard:
        with self._lazy_lock:
            if self._guard is None:
                from hybrid_infer.cache._guard import load_guard

                self._guard = load_guard()
            return self._guard


def _encode(vector: Any) -> str:
    from hybrid_infer.cache._semantic import encode_vector

    result: str = encode_vector(vector)
    return result


def _temperature_variants(request: Request) -> list[Request]:
    """``request``, then (if it sets a temperature, itself or through ``extra_body``) the
    same with every temperature unset, and at temperature 0."""
    extra = request.params.get("extra_body")
    stripped, _ = _split_temperatures(extra)
    if request.temperature is None and stripped == extra:
        return [request]
    params = dict(request.params)
    if stripped:
        params["extra_body"] = stripped
    else:
        params.pop("extra_body", None)
    plain = dataclasses.replace(request, temperature=None, params=params)
    variants = [request, plain]
    if request.temperature != 0:
        variants.append(dataclasses.replace(plain, temperature=0.0))
    return variants


def _split_temperatures(value: Any, depth: int = 0) -> tuple[Any, list[object]]:
    """``value`` (``extra_body``) without its keys named temperature, at any depth (and
    without what they leave empty: ``{"options": {"temperature": 1}}`` becomes ``{}``), and
    the temperatures those keys held."""
    if depth > MAX_JSON_DEPTH:  # as deep as a request's JSON may nest (it was checked so)
        return value, []
    found: list[object] = []
    if isinstance(value, dict):
        kept = {}
        for k, v in value.items():
            inner, inner_found = _split_temperatures(v, depth + 1)
            found += inner_found
            if isinstance(k, str) and k.lower() == "temperature":
                found.append(v)
            elif inner != {} or v == {}:
                kept[k] = inner
        return kept, found
    if isinstance(value, list):
        items = []
        for v in value:
            inner, inner_found = _split_temperatures(v, depth + 1)
            items.append(inner)
            found += inner_found
        return items, found
    return value, found


def _temperatures(request: Request) -> tuple[object, ...]:
    """Every temperature the request sends: its own, and any set through ``extra_body`` at
    whatever depth (``temperature``, Ollama's ``options.temperature``, Gemini's
    ``generationConfig.temperature``)."""
    return (request.temperature, *_split_temperatures(request.params.get("extra_body"))[1])
