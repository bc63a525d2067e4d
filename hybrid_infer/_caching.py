"""The cache layer around the engine: read before routing, write after, fall back when down.

It decides, per request, whether the cache may be read or written (``cache=`` mode,
temperature), turns hits into :class:`Result` s with ``cache="exact"|"semantic"``, replays
cached answers as streams, stores only complete answers, and serves stale answers marked
``cache="fallback"`` when no deployment could answer. Lookups that embed text run on the
layer's own threads (never the loop's default pool, which the application shares), and
writes on others, so a stored answer never waits behind a burst of lookups. The cache
never makes a request late: a semantic lookup is skipped when too many are waiting, and
waited for no longer than half of what is left of the request's ``deadline_s``, and an
answer in hand waits for its write at most ``_STORE_WAIT_S`` (a database another process
holds locked): the write goes on in the background.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import re
import threading
import time
from collections.abc import AsyncGenerator, Callable, Generator
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Literal, TypeVar

from hybrid_infer._engine import Engine, Finalize, new_request_id
from hybrid_infer._request import Request, deadline_start
from hybrid_infer._results import Attempt, Result, StreamChunk
from hybrid_infer.errors import (
    AllDeploymentsFailed,
    CacheMiss,
    ClientClosed,
    HybridInferError,
    Overloaded,
    RequestRejected,
    RoutingError,
)
from hybrid_infer.events import CacheServed, EventBus, RequestFinished, RequestStarted

if TYPE_CHECKING:
    from hybrid_infer.cache import CacheHit, ResponseCache

T = TypeVar("T")

_PIECES = re.compile(r"\S+\s*|\s+")
_FALLBACK_ERRORS = (AllDeploymentsFailed, Overloaded)


def _hit_result(
    hit: CacheHit,
    request_id: str,
    started: float,
    *,
    outcome: Literal["exact", "semantic", "fallback"],
    attempts: list[Attempt] | None = None,
) -> Result:
    answer = hit.answer
    return Result(
        text=answer.text,
        provider=answer.provider,
        model=answer.model,
        kind=answer.kind,
        usage=answer.usage,
        latency_ms=(time.perf_counter() - started) * 1000,
        cost_usd=0.0,
        finish_reason=answer.finish_reason,
        tool_calls=answer.tool_calls,
        cache=outcome,
        similarity=hit.similarity,
        cached_at=answer.cached_at,
        stale=outcome == "fallback",
        cache_key=hit.key,
        attempts=attempts or [],
        request_id=request_id,
    )


def _shared_result(fresh: Result, request_id: str, started: float, *, exact: bool) -> Result:
    """Another caller's fresh answer to the same request, as a hit for this one: an exact
    hit, or with the exact layer off a semantic one at similarity 1.0 (the layer that would
    have served it once stored; review 60: it was labelled by a layer switched off)."""
    return fresh.model_copy(
        update={
            "cache": "exact" if exact else "semantic",
            "similarity": None if exact else 1.0,
            "cost_usd": 0.0,
            "attempts": [],
            "latency_ms": (time.perf_counter() - started) * 1000,
            "ttft_ms": None,
            "cached_at": fresh.cached_at or datetime.now(UTC),
            "request_id": request_id,
        }
    )


class _Pending(concurrent.futures.Future[Result | Literal["cancelled"] | None]):
    """What the first of identical requests hands the others: its fresh answer, ``None`` (it
    failed: each goes on by itself) or ``"cancelled"`` (one of the others leads instead);
    how long its first attempt may take (see ``Engine.first_attempt_budget``), and the TTL
    its answer is stored with."""

    def __init__(self, budget: float, ttl_s: float | None) -> None:
        super().__init__()
        self.budget = budget
        self.ttl_s = ttl_s


_log = logging.getLogger("hybrid_infer.cache")
_LOOKUP_THREADS = 16
"""Threads for lookups that embed: most of them wait for an encode shared with the others
(see ``TextEmbedder.embed_one``), so more threads make bigger batches, not more CPU work."""
_WRITE_THREADS = 2
_STORE_WAIT_S = 2.0
"""How long an answer waits for its cache write (normally a few milliseconds) before it is
returned anyway, untagged, while the write goes on: another process can hold the
database's write lock for as long as it likes."""
_CLOSE_WAIT_S = 2.0
"""How long closing waits for writes still running; a write stuck on a locked database ends
on its own within the store's busy timeout."""
_CLOSE_POLL_S = 0.05
"""How often an answer waiting for its write looks whether the client is closing."""
_MAX_WAITING_LOOKUPS = 64
"""Semantic lookups queued or running at most; a request past that skips the semantic layer
(counted in ``stats()["semantic_skipped"]``) rather than wait behind a burst."""


def _time_left(request: Request, started: float) -> float | None:
    """Seconds left of the request's ``deadline_s`` (counted as the engine counts it), or
    ``None`` without one."""
    if request.deadline_s is None:
        return None
    return request.deadline_s - (time.perf_counter() - deadline_start(request, started))


def _ran_out_of_time(error: BaseException) -> bool:
    """A request that failed on its own limits (every attempt timed out, or its deadline
    came first), not because a deployment said no: a caller with looser limits may succeed."""
    return isinstance(error, AllDeploymentsFailed) and not any(a.outcome == "error" for a in error.attempts)


class CacheLayer:
    """Wraps engine calls with cache reads, writes and the offline fallback."""

    def __init__(self, cache: ResponseCache, bus: EventBus) -> None:
        self.cache = cache
        self.bus = bus
        self.semantic = cache.config.semantic
        self._in_flight: dict[str, _Pending] = {}
        """Per exact key: the first caller's pending answer (see ``complete``), whatever its
        event loop or thread."""
        self._lock = threading.Lock()
        self._lookups: concurrent.futures.ThreadPoolExecutor | None = None
        self._writes: concurrent.futures.ThreadPoolExecutor | None = None
        self._waiting_lookups = 0
        self._pending_writes: set[concurrent.futures.Future[str | None]] = set()
        """Writes not finished yet."""
        self._closing = False
        self._dropped_at_close = 0
        self._running_writes: dict[int, float] = {}
        """Per write thread running a write now (by thread id), when it started
        (``time.monotonic``): one running past the store wait is held up by the database's
        lock, not by other writes queued before it."""

    def close(self) -> None:
        """Stop the layer's threads. Idempotent. Lookups not started yet are dropped; writes
        (answers already returned) are waited for up to ``_CLOSE_WAIT_S``. Then, if one is
        stuck (the database locked), those not started are dropped (logged) and the ones
        running end within the store's busy timeout: the interpreter waits for them at exit,
        so a locked database holds exit up by that much at most. Without a stuck write, the
        backlog is left to finish (all of it is stored)."""
        with self._lock:
            lookups, writes = self._lookups, self._writes
            self._lookups = self._writes = None
            pending = list(self._pending_writes)
            self._closing = True
        if lookups is not None:
            lookups.shutdown(wait=True, cancel_futures=True)
        if writes is None:
            return
        concurrent.futures.wait(pending, timeout=_CLOSE_WAIT_S)
        if self._writes_stuck():
            # The database is locked: writes queued behind the stuck ones would each wait
            # out the busy timeout, and the interpreter waits for them all at exit.
            with self._lock:
                queued = list(self._pending_writes)
            writes.shutdown(wait=False, cancel_futures=True)
            dropped = sum(1 for write in queued if write.cancelled())  # (those giving up themselves log too)
            if dropped:
                _log.warning("hybrid-infer cache: %d answers not stored: the database stayed locked", dropped)
        else:
            writes.shutdown(wait=False)  # a backlog of ordinary writes: they all get stored

    def _pool(self, kind: Literal["lookups", "writes"]) -> concurrent.futures.ThreadPoolExecutor:
        """The lookup or write threads, started on first use; ``ClientClosed`` once the layer
        has closed (a pool started then would outlive the client: review 87)."""
        with self._lock:
            if self._closing:
                raise ClientClosed("the client was closed", [])
            pool = self._lookups if kind == "lookups" else self._writes
            if pool is None:
                pool = concurrent.futures.ThreadPoolExecutor(
                    _LOOKUP_THREADS if kind == "lookups" else _WRITE_THREADS,
                    thread_name_prefix=f"hybrid-infer-cache-{kind}",
                )
                if kind == "lookups":
                    self._lookups = pool
                else:
                    self._writes = pool
            return pool

    async def _on_thread(self, kind: Literal["lookups", "writes"], work: Callable[[], T]) -> T:
        return await self._finished(self._pool(kind).submit(work))

    async def _finished(self, work: concurrent.futures.Future[T]) -> T:
        """``work``'s result. Work that :meth:`close` dropped before it started ends the
        caller's request with ``ClientClosed``, as the engine ends the requests it cuts, not
        with a ``CancelledError`` nobody asked for (review 87); a caller that is itself being
        cancelled still gets its ``CancelledError``."""
        try:
            return await asyncio.wrap_future(work)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if work.cancelled() and self._closing and (task is None or task.cancelling() == 0):
                raise ClientClosed("the client was closed while this request was looked up in the cache", []) from None
            raise

    # --- lookups -------------------------------------------------------------------------

    async def _lookup(
        self, request: Request, started: float, *, exact_missed: bool = False, skipped: list[bool] | None = None
    ) -> CacheHit | None:
        """The exact, then the semantic hit; ``skipped`` records whether the semantic lookup
        was skipped (no miss counted for it: see :meth:`ResponseCache.count_shared_hit`)."""
        hit = None if exact_missed else self.cache.lookup_exact(request)
        if hit is None and self.semantic:
            hit = await self._semantic_lookup(request, started, skipped)
        return hit

    def _semantic_counted(self, skipped: list[bool]) -> Literal["miss", "skipped"] | None:
        """What a request's semantic lookup (by :meth:`_lookup`, which missed) counted."""
        if skipped:
            return "skipped"
        return "miss" if self.semantic else None

    async def _semantic_lookup(
        self, request: Request, started: float, skipped: list[bool] | None = None
    ) -> CacheHit | None:
        """The semantic hit, unless too many lookups are waiting or the request's deadline
        leaves too little time: then a miss (the cache must not make a request late)."""
        left = _time_left(request, started)
        with self._lock:
            skip = self._waiting_lookups >= _MAX_WAITING_LOOKUPS or (left is not None and left <= 0)
            if not skip:
                self._waiting_lookups += 1
        if skip:
            self.cache.count_semantic_skipped()
            if skipped is not None:
                skipped.append(True)
            return None
        try:
            lookup = self._pool("lookups").submit(self.cache.lookup_semantic, request, counted=False)
        except BaseException:
            self._lookup_done()
            raise
        lookup.add_done_callback(lambda _: self._lookup_done())  # also when dropped unstarted
        try:
            if left is None:
                hit = await self._finished(lookup)
            else:
                # (asyncio.timeout, not wait_for: on Python 3.11 wait_for runs the await in a
                # task of its own, where the caller's own cancel cannot be told from close's)
                async with asyncio.timeout(left / 2):
                    hit = await self._finished(lookup)
        except TimeoutError:
            self.cache.count_semantic_skipped()  # its thread may still finish: not counted twice
            if skipped is not None:
                skipped.append(True)
            return None
        self.cache.count_semantic(hit)
        return hit

    def _lookup_done(self) -> None:
        with self._lock:
            self._waiting_lookups -= 1

    async def _fallback(
        self, engine: Engine, request: Request, error: RoutingError, request_id: str, started: float
    ) -> Result:
        """A stale answer for a request no deployment could serve, or re-raise ``error``.

        The engine left this request's ``RequestFinished`` to us: it is emitted once, with
        the stale answer (by ``_served_from_cache``) or with ``error``.
        """
        hit = None
        # A deployment that judged the request itself invalid (400/422) answered: the caller
        # must fix the request, and a stale answer to a similar one would hide that.
        rejected = any(a.error_type == RequestRejected.__name__ for a in error.attempts)
        if self.cache.config.offline_fallback and request.cache_mode != "off" and not rejected:
            # The exact pass first, here: a database read, no embedding, so it answers even
            # when the deadline that ended the attempts is spent (a hung provider cut at
            # deadline_s is the commonest outage; review 60).
            hit = self.cache.fallback(request, semantic=False)
            left = _time_left(request, started)
            if hit is None and self.cache.config.semantic:
                if left is not None and left <= 0:
                    self.cache.count_fallback_miss()  # the semantic pass has no time left
                else:
                    try:
                        # counted here, once: a pass the deadline cut may still finish on its
                        # thread, and must not count then (review 66)
                        looking = self._on_thread(
                            "lookups", lambda: self.cache.fallback(request, exact=False, counted=False)
                        )
                        if left is None:
                            hit = await looking
                        else:
                            async with asyncio.timeout(left):
                                hit = await looking
                        self.cache.count_fallback(hit)
                    except TimeoutError:
                        # the deadline is the caller's bound on the whole call, fallback included
                        self.cache.count_fallback_miss()
                    except asyncio.CancelledError:
                        self._cancelled(engine, request_id, "cancelled during the offline-fallback lookup")
                        raise
                    except ClientClosed as closed:
                        self._ended(request_id, closed)
                        raise
        if hit is None:
            self._ended(request_id, error)
            raise error
        return _hit_result(hit, request_id, started, outcome="fallback", attempts=error.attempts)

    def _ended(self, request_id: str, error: HybridInferError) -> None:
        """Report the end of a started request that ``error`` ends unanswered."""
        if self.bus:
            self.bus.emit(RequestFinished(request_id, None, type(error).__name__, str(error)))

    def _cancelled(self, engine: Engine, request_id: str, how: str) -> None:
        """Report the end of a started request cancelled while the cache layer (not the
        engine, which reports its own) was waiting: by its caller, or by the client's close
        (a sync caller's task is cancelled by the close; review 90)."""
        if self.bus:
            if engine.closing:
                self.bus.emit(RequestFinished(request_id, None, "ClientClosed", "cut by the client's close"))
            else:
                self.bus.emit(RequestFinished(request_id, None, "CancelledError", how))

    def _started(self, request_id: str, request: Request) -> None:
        """Report a request's start (one the engine does not route, or not yet)."""
        if self.bus:
            self.bus.emit(RequestStarted(request_id, request.use_case, request.stream))

    def _served_from_cache(self, request: Request, result: Result, *, started: bool = False) -> Result:
        """Report a cache answer; a fallback's request (or a replay, ``started``) already
        reported its start."""
        if result.cache != "fallback" and not started:
            self._started(result.request_id, request)
        if self.bus:
            self.bus.emit(CacheServed(result.request_id, result.cache, result.similarity))
            self.bus.emit(RequestFinished(result.request_id, result))
        return result

    async def _store(self, engine: Engine, request: Request, result: Result, started: float) -> Result:
        """Store a fresh answer; the result, tagged with its entry's key if it was stored.

        The answer waits for its write at most ``_STORE_WAIT_S``, no longer than the
        request's ``deadline_s`` allows and not past the start of the client's close; a write
        still running then (another process holds the database locked) goes on in the
        background, and the answer is returned untagged. A caller cancelled meanwhile does not
        cancel the write either."""
        if not self.cache.writable(request) or result.finish_reason == "error":
            return result
        # embed=False: an answer in hand is not held back by an encode (the lookup's vector,
        # if it finished, is reused; else the next lookup's index refresh embeds the entry)
        # Writes already stuck past the wait (a locked database): this one will wait too, so
        # the answer does not (each would otherwise pay the whole wait).
        stuck = self._writes_stuck()
        try:
            write = self._pool("writes").submit(self._timed_store, request, result)
        except ClientClosed:  # answered as the client closed: returned, not stored
            return result
        with self._lock:
            self._pending_writes.add(write)
        loop = asyncio.get_running_loop()
        written = asyncio.Event()

        def done(_: concurrent.futures.Future[str | None]) -> None:
            with self._lock:
                self._pending_writes.discard(write)
            with contextlib.suppress(RuntimeError):  # the caller's loop has closed since
                loop.call_soon_threadsafe(written.set)

        write.add_done_callback(done)
        left = _time_left(request, started)
        wait = 0.0 if stuck else _STORE_WAIT_S if left is None else min(_STORE_WAIT_S, max(left, 0.0))
        # (a close stops the wait: the answer is returned now and its write, if it still
        # waits, is the layer's close to finish or drop; review 91)
        until = time.monotonic() + wait
        while not written.is_set():
            left_s = until - time.monotonic()
            if left_s <= 0 or engine.closing:
                return result
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(min(left_s, _CLOSE_POLL_S)):
                    await written.wait()
        key = write.result()
        return result if key is None else result.model_copy(update={"cache_key": key})

    def _timed_store(self, request: Request, result: Result) -> str | None:
        """``cache.store`` on a write thread, noting while it runs (see ``_writes_stuck``).

        Once the layer is closing and a write is stuck (the database locked meanwhile), the
        writes still queued give up at once: each would wait out the busy timeout, and the
        interpreter waits for them all at exit."""
        me = threading.get_ident()
        with self._lock:
            if self._closing and self._writes_stuck_locked():
                self._dropped_at_close += 1
                if self._dropped_at_close == 1:
                    _log.warning("hybrid-infer cache: answers queued at close not stored: the database is locked")
                return None
            self._running_writes[me] = time.monotonic()
        try:
            return self.cache.store(request, result, ttl_s=request.cache_ttl_s, embed=False)
        finally:
            with self._lock:
                self._running_writes.pop(me, None)

    def _writes_stuck(self) -> bool:
        """Whether a write has been running past the store wait: the database is locked
        (a write takes milliseconds; one queued behind others is not counted)."""
        with self._lock:
            return self._writes_stuck_locked()

    def _writes_stuck_locked(self) -> bool:
        now = time.monotonic()
        return any(now - since > _STORE_WAIT_S for since in self._running_writes.values())

    # --- calls ---------------------------------------------------------------------------------

    def exact_hit(self, request: Request) -> Result | None:
        """An exact hit answered on the caller's thread (sync calls skip the loop hop).

        diskcache is thread- and process-safe and the lookup is microseconds, so a sync
        ``complete`` can serve it without handing the request to the loop thread.
        """
        hit = self._exact_here(request)
        return None if hit is None else self._served_from_cache(request, hit)

    def _exact_here(self, request: Request) -> Result | None:
        """The exact hit for a readable request, looked up on the calling thread (not served yet)."""
        if not self.cache.readable(request):
            return None
        started = time.perf_counter()
        hit = self.cache.lookup_exact(request)
        if hit is None:
            return None
        return _hit_result(hit, new_request_id(), started, outcome=hit.kind)

    async def _cached(
        self,
        engine: Engine,
        request: Request,
        request_id: str,
        started: float,
        *,
        exact_missed: bool = False,
        skipped: list[bool] | None = None,
    ) -> Result | None:
        """The cached answer for a readable request; ``CacheMiss`` for cache='only' misses."""
        if self.cache.readable(request):
            try:
                hit = await self._lookup(request, started, exact_missed=exact_missed, skipped=skipped)
            except asyncio.CancelledError:
                # Cancelled while looking (an embedder loading its model, a slow disk): the
                # request started and ended unanswered, and telemetry says so like any other.
                self._started(request_id, request)
                self._cancelled(engine, request_id, "cancelled during the cache lookup")
                raise
            except ClientClosed as closed:  # closed while it waited for a lookup thread
                self._started(request_id, request)
                self._ended(request_id, closed)
                raise
            if hit is not None:
                return _hit_result(hit, request_id, started, outcome=hit.kind)
        if request.cache_mode == "only":
            if self.cache.readable(request):
                miss = CacheMiss("cache='only' and no cached answer for this request")
            else:  # say why none was looked up: an answer may be cached at temperature 0 (review 80)
                miss = CacheMiss(
                    "cache='only', and a sampled request (temperature above 0) is not answered from the"
                    " cache unless CacheConfig(cache_sampled=True): ask at temperature 0, or opt in"
                )
            self._started(request_id, request)  # a request like any other: it started, and ended unanswered
            self._ended(request_id, miss)
            raise miss
        return None

    async def complete(self, engine: Engine, request: Request, *, exact_missed: bool = False) -> Result:
        """``engine.complete`` behind the cache (``exact_missed``: the caller just looked).

        Identical cacheable requests that miss while the first one is still being answered
        wait for that answer instead of each calling a provider: it is served to them as an
        exact hit (``cache="exact"``, no attempts, cost 0). If the first one fails, each
        goes on by itself.
        """
        started = time.perf_counter()
        request_id = new_request_id()
        readable = self.cache.readable(request)
        skipped: list[bool] = []
        cached = await self._cached(engine, request, request_id, started, exact_missed=exact_missed, skipped=skipped)
        if cached is not None:
            return self._served_from_cache(request, cached)
        if not (readable and self.cache.writable(request)):
            return await self._answer(engine, request, request_id, started, readable)
        slot = self.cache.key_for(request)
        announced = False
        budget = engine.first_attempt_budget(request)
        deadline = time.monotonic() + budget  # of this caller's own first attempt, were it to call now
        while True:
            with self._lock:
                first = self._in_flight.get(slot)
                if first is None:
                    pending = _Pending(budget, request.cache_ttl_s)
                    self._in_flight[slot] = pending
                    break
            if not announced:  # it starts now, even if its answer comes from the first one's call
                self._started(request_id, request)
                announced = True
            # Join only a first caller whose limits are no looser than this one's (a caller
            # with timeout_s=1 does not wait on one allowed 30 s), and wait no longer than
            # this caller's own first attempt could take (the first may fail over): past
            # that, go on by itself.
            # Nor one whose answer is stored with another TTL: this caller's answer is stored
            # with its own (the last write wins), not kept as long as the first one asked.
            if first.budget > budget or first.ttl_s != request.cache_ttl_s:
                return await self._answer(engine, request, request_id, started, readable, announced=announced)
            try:
                # A thread-safe future: the first caller may be on another event loop or thread.
                waiting = asyncio.shield(asyncio.wrap_future(first))
                shared = await asyncio.wait_for(waiting, max(deadline - time.monotonic(), 0.0))
            except TimeoutError:
                return await self._answer(engine, request, request_id, started, readable, announced=announced)
            except asyncio.CancelledError:  # this caller gave up while waiting for the first one's answer
                self._cancelled(engine, request_id, "cancelled while waiting for an identical request's answer")
                raise
            if isinstance(shared, Result):
                self.cache.count_shared_hit(semantic=self._semantic_counted(skipped))
                answer = _shared_result(shared, request_id, started, exact=self.cache.config.exact)
                return self._served_from_cache(request, answer, started=True)
            if shared is None:  # the first failed: each goes on by itself
                return await self._answer(engine, request, request_id, started, readable, announced=announced)
            # the first was cancelled by its caller: the next waiter to get here leads instead
        outcome: Result | Literal["cancelled"] | None = None
        try:
            # A caller that answered this request between our lookup and now has stored
            # its answer and left: serve that instead of calling a provider again.
            hit = self.cache.recheck_exact(request)
            if hit is not None:
                self.cache.count_shared_hit(semantic=self._semantic_counted(skipped))
                outcome = _hit_result(hit, request_id, started, outcome="exact")
                return self._served_from_cache(request, outcome, started=announced)
            result = await self._answer(engine, request, request_id, started, readable, announced=announced)
            # only a stored answer is shared: the others get what a lookup would give them
            # (a blank answer is not stored, so each of them asks for itself)
            outcome = result if result.cache == "miss" and result.cache_key is not None else None
            return result
        except asyncio.CancelledError:
            outcome = "cancelled"
            raise
        except HybridInferError as error:
            # cut by its own (tighter) limits: one of the others leads instead of all at once
            outcome = "cancelled" if _ran_out_of_time(error) else None
            raise
        finally:
            with self._lock:
                if self._in_flight.get(slot) is pending:
                    del self._in_flight[slot]
            pending.set_result(outcome)

    async def _answer(
        self,
        engine: Engine,
        request: Request,
        request_id: str,
        started: float,
        readable: bool,
        *,
        announced: bool = False,
    ) -> Result:
        """Route the request, store the answer, or serve a stale one if no deployment answers."""
        try:
            return await engine.complete(
                request,
                request_id,
                defer=_FALLBACK_ERRORS,
                announced=announced,
                started=started,
                finalize=self._finalizer(engine, request, readable, started),
            )
        except _FALLBACK_ERRORS as error:
            return self._served_from_cache(request, await self._fallback(engine, request, error, request_id, started))

    def _finalizer(self, engine: Engine, request: Request, readable: bool, started: float) -> Finalize:
        """What a fresh answer goes through before the engine reports it: stored (tagged with
        its entry's key), and marked ``bypass`` when the cache was not read for it."""

        async def finalize(result: Result) -> Result:
            result = await self._store(engine, request, result, started)
            return result if readable else result.model_copy(update={"cache": "bypass"})

        return finalize

    def exact_replay(self, request: Request, closed: Callable[[], bool]) -> Generator[StreamChunk, None, None] | None:
        """An exact hit replayed on the caller's thread, as :meth:`exact_hit` is answered: a
        sync ``stream`` would otherwise cross to the loop thread once per replayed delta.
        ``closed``: whether the client was closed (a replay cut then ends as ``ClientClosed``)."""
        hit = self._exact_here(request)
        return None if hit is None else self._replay_chunks(request, hit, closed)

    async def stream(
        self, engine: Engine, request: Request, *, exact_missed: bool = False
    ) -> AsyncGenerator[StreamChunk, None]:
        """``engine.stream`` behind the cache (``exact_missed``: the caller just looked)."""
        started = time.perf_counter()
        request_id = new_request_id()
        if engine.closing:  # first read after the client closed: no lookup, no database reopened (review 87)
            closed = ClientClosed("the client was closed before this stream was read", [])
            self._started(request_id, request)  # reported as the engine reports a request it refuses (review 90)
            self._ended(request_id, closed)
            raise closed
        readable = self.cache.readable(request)
        cached = await self._cached(engine, request, request_id, started, exact_missed=exact_missed)
        if cached is not None:
            async with contextlib.aclosing(self._replay(request, cached, engine)) as replay:
                async for chunk in replay:
                    yield chunk
            return
        # Only a complete answer is finalized (stored); an interrupted one raises instead.
        finalize = self._finalizer(engine, request, readable, started)
        source = engine.stream(request, request_id, defer=_FALLBACK_ERRORS, started=started, finalize=finalize)
        sent_any = False
        try:
            async for chunk in source:
                sent_any = True
                yield chunk
        except _FALLBACK_ERRORS as error:
            if sent_any:
                raise
            fallback = await self._fallback(engine, request, error, request_id, started)
            async with contextlib.aclosing(self._replay(request, fallback, engine)) as replay:
                async for chunk in replay:
                    yield chunk
        finally:
            await source.aclose()

    async def _replay(self, request: Request, result: Result, engine: Engine) -> AsyncGenerator[StreamChunk, None]:
        """:meth:`_replay_chunks` for the loop's streams; an ``aclose()`` cuts it between two
        chunks with ``ClientClosed``, as it cuts a provider's stream (review 65)."""
        with contextlib.closing(self._replay_chunks(request, result, lambda: engine.closing)) as chunks:
            for chunk in chunks:
                yield chunk
                if chunk.result is None and engine.closing:  # (after the Result the stream is over)
                    raise ClientClosed("the client was closed while this stream was read", [])

    def _replay_chunks(
        self, request: Request, result: Result, closed: Callable[[], bool]
    ) -> Generator[StreamChunk, None, None]:
        """A cached answer as a stream: word-sized deltas, then the Result.

        Events keep their order (the start before the first delta) and ``ttft_ms`` is the
        time to the first delta, as for a provider's stream.
        """
        if result.cache != "fallback":
            self._started(result.request_id, request)
        result = result.model_copy(update={"ttft_ms": result.latency_ms})
        served = False
        try:
            for piece in _PIECES.findall(result.text):
                yield StreamChunk(delta=piece)
            served = True
            yield StreamChunk(result=self._served_from_cache(request, result, started=True))
        except (GeneratorExit, asyncio.CancelledError):
            # closed early: the cache still served it (a hit), and the request ends here
            if not served and self.bus:
                self.bus.emit(CacheServed(result.request_id, result.cache, result.similarity))
                if closed():  # cut by the client's close, as a provider's stream would be (review 65)
                    finished = RequestFinished(
                        result.request_id, None, "ClientClosed", "the client was closed while this stream was read"
                    )
                else:
                    finished = RequestFinished(result.request_id, None, "CancelledError", "cancelled by the caller")
                self.bus.emit(finished)
            raise
