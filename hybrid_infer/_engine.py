"""The routing engine: order candidates, reserve a slot, call, fail over, account.

One engine lives on one event loop and owns what is bound to it: the transports'
connection pools, the health-probe task and the waiters for free capacity. Everything
that must outlive a loop (breakers, latencies, counters) lives in ``DeploymentState``.
The engine does not validate input (``_request`` did) and does not cache (the client
consults the cache layer around it).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import time
from collections.abc import AsyncGenerator, Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeAlias

from hybrid_infer._answers import DeltaJoiner, trusted_completion, valid_text
from hybrid_infer._config import Deployment, HealthConfig
from hybrid_infer._queue import CapacityQueue, Waiter
from hybrid_infer._request import Request, deadline_start
from hybrid_infer._results import Attempt, AttemptOutcome, BreakerState, Result, StreamChunk, ToolCall, Usage
from hybrid_infer._secrets import MIN_SECRET, echo_pieces, mask_echoes, mask_fragments
from hybrid_infer._state import HOLDS_BREAKER_TRIAL, CandidateView, DeploymentState
from hybrid_infer._tokens import estimate_prompt_tokens, estimate_text_tokens
from hybrid_infer.errors import (
    AllDeploymentsFailed,
    AuthenticationFailed,
    ClientClosed,
    ConfigError,
    ContextWindowExceeded,
    DeploymentNotFound,
    HybridInferError,
    MalformedResponse,
    MissingApiKey,
    NoDeploymentAvailable,
    Overloaded,
    ProviderConnectionError,
    ProviderError,
    ProviderTimeout,
    RateLimited,
    StreamInterrupted,
    TransportError,
)
from hybrid_infer.events import (
    AttemptFinished,
    EventBus,
    RequestFinished,
    RequestStarted,
)
from hybrid_infer.policies import Policy, RouteContext
from hybrid_infer.transports import Completion, Transport

_log = logging.getLogger("hybrid_infer")

Finalize: TypeAlias = Callable[[Result], Awaitable[Result]]
"""Turns a provider's answer into the result its caller gets (see :meth:`Engine.complete`)."""


def new_request_id() -> str:
    return os.urandom(8).hex()


@dataclass(slots=True)
class _Call:
    """Book-keeping of one request while it is routed."""

    request: Request
    request_id: str
    started: float
    queue_deadline: float
    route: RouteContext
    candidates: list[DeploymentState]
    attempts: list[Attempt] = field(default_factory=list)
    tried: set[str] = field(default_factory=set)
    skipped: dict[str, AttemptOutcome] = field(default_factory=dict)
    overflowed_window: int | None = None
    trial: int = 0
    """Which trials the reserved slot holds (``HOLDS_*`` flags of ``_state``: the half-open
    breaker's, the first call after a 429 cooldown; see ``_release``)."""
    finished: bool = False
    """Whether ``RequestFinished`` was emitted (exactly once per request)."""
    cut: bool = False
    """Whether the client's close cancelled this call's wait for a provider (see ``aclose``)."""
    deadline: float | None = None
    """``time.monotonic()`` by which the request's ``deadline_s`` ends, if it has one."""


class Engine:
    """Routes requests across deployments on the event loop it was started on."""

    def __init__(
        self,
        states: Sequence[DeploymentState],
        *,
        policy: Policy,
        health: HealthConfig,
        bus: EventBus,
        transports: Mapping[str, Transport],
        queue_timeout_s: float,
        default_max_output_tokens: int,
        queue: CapacityQueue | None = None,
    ) -> None:
        self.states = list(states)
        self._queue = CapacityQueue() if queue is None else queue
        """Requests waiting for a slot, shared with the client's other engines (other loops)."""
        self.policy = policy
        self.health_config = health
        self.bus = bus
        self.transports = dict(transports)
        self.queue_timeout_s = queue_timeout_s
        self.default_max_output_tokens = default_max_output_tokens
        self.loop: asyncio.AbstractEventLoop | None = None
        self._health_task: asyncio.Task[None] | None = None
        self._warm_task: asyncio.Task[None] | None = None
        self._lifetime_task: asyncio.Task[None] | None = None
        self._readiness: dict[int, asyncio.Future[None]] = {}
        """Per transport: its ``ready()`` running or done on this engine's loop, awaited by
        every call instead of calling ``ready()`` again (set-up runs once per loop)."""
        self._transports_closed = False
        self._waiting: dict[asyncio.Task[Any], _Call] = {}
        """Tasks waiting inside a call for a provider (or a transport's set-up): what ``aclose``
        cancels, so a call no closed connection pool can end (litellm's) ends with
        ``ClientClosed`` at once. A stream's task counts only while it waits for a chunk, not
        while its caller handles one."""
        self._closing = False
        self._open_calls = 0
        """Requests being routed now: ``aclose`` lets them end (with ``ClientClosed``) first."""
        self._all_tags = sorted({tag for s in self.states for tag in s.deployment.use_cases})
        self._echo_pieces: dict[str, frozenset[str]] = {}
        """Per API key, what an answer is scanned for before it is searched for echoes of it."""

    # --- lifecycle -------------------------------------------------------------------

    def start(self) -> None:
        """Bind to the running loop and start health probes (idempotent)."""
        self.loop = asyncio.get_running_loop()
        if self.health_config.enabled and self._health_task is None:
            self._health_task = self.loop.create_task(self._health_loop(), name="hybrid-infer-health")
        if self._warm_task is None:
            self._warm_task = self.loop.create_task(self._warm_up(), name="hybrid-infer-warm-up")
        if self._lifetime_task is None:
            self._lifetime_task = self.loop.create_task(self._close_with_loop(), name="hybrid-infer-lifetime")

    async def _close_with_loop(self) -> None:
        """Wait until cancelled, then close the connection pools.

        ``aclose`` cancels this task; so does ``asyncio.run`` when its loop ends while the
        client is still open (a client used across several ``asyncio.run`` calls). Pools
        bound to a finished loop would otherwise leak their sessions and sockets.

        It sleeps rather than awaiting a future of its own: a loop holds its tasks weakly
        and its timers strongly, so a sleeping task (and the engine and client it holds)
        stays alive while its loop runs, as the docs promise for an unclosed client, health
        probes on or off. A task awaiting an unreferenced future was garbage-collected with
        the client, leaving its loop thread and sockets with nothing to close them.
        """
        owner = os.getpid()
        try:
            while True:
                await asyncio.sleep(_LIFETIME_TICK_S)
        finally:
            if os.getpid() == owner:  # (in a forked child the pools are the parent's: leave them)
                await self._close_transports()

    async def _close_transports(self) -> None:
        """Close each transport once for this loop. One that fails to close is logged: closing
        the client goes on with the others and does not raise it."""
        if self._transports_closed:
            return
        self._transports_closed = True
        for transport in self._unique_transports():
            try:
                await transport.aclose()
            except Exception as exc:
                _log.warning("hybrid-infer: a transport failed to close: %s: %s", type(exc).__name__, exc)

    async def _warm_up(self) -> None:
        """Start transports' slow set-up (litellm's import) in the background right away."""
        await asyncio.gather(*(self._ready(t) for t in self._unique_transports()), return_exceptions=True)

    async def _ready(self, transport: Transport) -> None:
        """Wait for ``transport.ready()``, started once on this loop and shared by every call
        (a caller that gives up does not cancel it for the others). A set-up that failed is
        tried again by the next call."""
        pending = self._readiness.get(id(transport))
        if pending is None or (pending.done() and (pending.cancelled() or pending.exception() is not None)):
            pending = asyncio.ensure_future(transport.ready())
            self._readiness[id(transport)] = pending
        await asyncio.shield(pending)

    def _unique_transports(self) -> list[Transport]:
        return list({id(t): t for t in self.transports.values()}.values())

    @property
    def closing(self) -> bool:
        return self._closing

    def _wait_begins(self, call: _Call) -> asyncio.Task[Any] | None:
        """Mark the running task as waiting for a provider in ``call`` (see ``_waiting``)."""
        task = asyncio.current_task()
        if task is not None:
            self._waiting[task] = call
        return task

    def _wait_ends(self, task: asyncio.Task[Any] | None) -> None:
        if task is not None:
            self._waiting.pop(task, None)

    async def aclose(self) -> None:
        self._closing = True
        self._queue.wake_all(self)  # queued requests wake up and see the client closing
        tasks = [t for t in (self._health_task, self._warm_task, self._lifetime_task) if t is not None]
        self._health_task = self._warm_task = self._lifetime_task = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._close_transports()  # (the lifetime task's end did, if it was running)
        # Calls still waiting on a provider end now: a transport whose pool cannot be closed
        # under a request in flight (litellm's) would otherwise let them run to the end.
        for task, call in list(self._waiting.items()):
            if task is not asyncio.current_task():
                call.cut = True
                task.cancel()
        # Requests in flight fail fast on the closed pools and end with ClientClosed and
        # their attempts; give them a moment to, before a loop thread cancels what is left.
        deadline = time.monotonic() + _DRAIN_S
        while self._open_calls and time.monotonic() < deadline:
            await asyncio.sleep(0.005)

    def transport_for(self, deployment: Deployment) -> Transport:
        return self.transports[deployment.name]

    # --- routing -----------------------------------------------------------------------

    def _begin(self, request: Request, request_id: str, announced: bool = False, started: float | None = None) -> _Call:
        now = time.perf_counter() if started is None else started
        if self.bus and not announced:
            self.bus.emit(RequestStarted(request_id, request.use_case, request.stream))
        candidates = self.states
        if request.use_case is not None:
            candidates = [s for s in self.states if request.use_case in s.deployment.use_cases]
            if not candidates:
                error = NoDeploymentAvailable(
                    f"no deployment serves use case {request.use_case!r}; "
                    f"use cases configured: {', '.join(self._all_tags) or 'none'}"
                )
                if self.bus:
                    self.bus.emit(RequestFinished(request_id, None, type(error).__name__, str(error)))
                raise error
        queue_timeout = self.queue_timeout_s if request.queue_timeout_s is None else request.queue_timeout_s
        route = RouteContext(
            use_case=request.use_case,
            messages=request.messages,
            expected_output_tokens=request.max_tokens or self.default_max_output_tokens,
        )
        queue_deadline = time.monotonic() + queue_timeout
        deadline = None
        if request.deadline_s is not None:
            # counted from the call, on the caller's thread; a stream's from when it is first read
            deadline = time.monotonic() - (time.perf_counter() - deadline_start(request, now)) + request.deadline_s
            queue_deadline = min(queue_deadline, deadline)
        return _Call(request, request_id, now, queue_deadline, route, candidates, deadline=deadline)

    def _record(self, call: _Call, attempt: Attempt) -> None:
        call.attempts.append(attempt)
        if self.bus:
            self.bus.emit(AttemptFinished(call.request_id, attempt))

    def _fits(self, state: DeploymentState, call: _Call) -> bool:
        """After a context overflow, only deployments with a larger known window remain."""
        window = state.deployment.context_window
        return call.overflowed_window is None or window is None or window > call.overflowed_window

    async def _reserve(self, call: _Call) -> DeploymentState:
        """The best untried deployment that can take the call now, its slot reserved.

        Saturated deployments are passed over (spill); when every remaining one is
        saturated, wait for capacity until the queue deadline, then raise ``Overloaded``. A
        deployment that was out (breaker open, unhealthy) and comes back meanwhile serves the
        waiting requests too, longest-waiting first.
        """
        policy = call.request.policy or self.policy
        ticket: int | None = None  # its place in the queue, kept each time it waits again
        while True:
            if self._closing:
                raise ClientClosed("the client was closed while this request waited", call.attempts)
            remaining = []
            for state in call.candidates:
                name = state.deployment.name
                if name in call.tried:
                    continue
                if self._fits(state, call):
                    remaining.append(state)
                elif call.skipped.get(name) != "skipped_context":
                    call.skipped[name] = "skipped_context"
                    cause = (
                        f"context window {state.deployment.context_window} tokens is not larger than "
                        f"the {call.overflowed_window} that overflowed"
                    )
                    self._record(call, Attempt(deployment=name, outcome="skipped_context", error=cause))
            # Policies return the candidates they were given; anything else (a deployment
            # already tried, filtered out, of another client, or not a deployment) is
            # ignored, and one listed twice counts once: each is tried at most once.
            given = {id(state.view): state for state in remaining}
            ordered = (
                list(
                    {
                        id(c): given[id(c)]
                        for c in self._order(policy, [state.view for state in remaining], call.route)
                        if id(c) in given
                    }.values()
                )
                if remaining
                else []
            )
            busy: list[DeploymentState] = []
            out: list[DeploymentState] = []  # breaker open or unhealthy: it may come back while this waits
            for state in ordered:
                reason, trial = state.acquire()
                if reason is None:
                    call.skipped.pop(state.deployment.name, None)
                    call.trial = trial
                    return state
                (busy if reason == "skipped_busy" else out).append(state)
                name = state.deployment.name
                if call.skipped.get(name) != reason:
                    call.skipped[name] = reason
                    self._record(call, Attempt(deployment=name, outcome=reason, error=state.skip_cause(reason)))
            if not busy:
                raise self._exhausted(call, bool(remaining) and not ordered)
            wait = call.queue_deadline - time.monotonic()
            if wait <= 0:
                self._check_deadline(call)  # the request's deadline_s, not its queue patience, ran out
                patience = (
                    self.queue_timeout_s if call.request.queue_timeout_s is None else call.request.queue_timeout_s
                )
                failed = [f"{a.deployment}: {a.outcome}" for a in call.attempts if a.outcome in ("error", "timeout")]
                message = f"every candidate stayed saturated for {patience:g}s"
                if failed:  # the others failed first: say so, the message is all many logs keep
                    message = f"{', '.join(failed)}; every other candidate stayed saturated for {patience:g}s"
                raise Overloaded(message, call.attempts)
            frees_busy = [s.free_at() for s in busy]
            comebacks = [t for s in out if (t := s.recovers_at()) is not None]
            # a half-open trial out may close its breaker any moment: an event, not a time (review 67)
            trial_out = any(s.breaker.state == "half_open" for s in out)
            if (
                all(t is not None and t >= call.queue_deadline for t in frees_busy)
                and not any(t < call.queue_deadline for t in comebacks)
                and not trial_out
            ):
                # Only time frees them (an rpm window, a 429's Retry-After), later than this
                # request may wait, and nothing comes back before: waiting out its whole
                # queue deadline would change nothing.
                soonest = min(t for t in frees_busy if t is not None) - time.monotonic()
                names = ", ".join(s.deployment.name for s in busy)
                raise Overloaded(
                    f"{names}: rate-limited for {soonest:.1f}s more, longer than the {wait:.1f}s this request may wait",
                    call.attempts,
                    retry_after_s=max(soonest, 0.0),
                )
            # It also looks again when time alone frees or brings back one of them (a cooldown
            # or rpm window ends, a breaker's reset timeout, a timed exclusion); events do the
            # rest (a slot released, a probe passing, a trial closing the breaker).
            frees = [t for s in ordered if (t := s.free_at()) is not None] + comebacks
            if frees:
                wait = min(wait, max(0.001, min(frees) - time.monotonic()))
            if ticket is None:
                ticket = self._queue.ticket()
            half_spent = (
                None
                if call.deadline is None or call.request.deadline_s is None
                else call.deadline - call.request.deadline_s / 2
            )
            handed = await self._wait_for_capacity(wait, busy, out, ticket, call.deadline, half_spent)
            if handed is not None:
                state, call.trial = handed
                call.skipped.pop(state.deployment.name, None)
                return state

    def _exhausted(self, call: _Call, filtered_out: bool) -> HybridInferError:
        if filtered_out and not call.attempts:
            return NoDeploymentAvailable(f"policy {call.request.policy or self.policy!r} left no deployment to try")
        summary = _attempts_summary(call)
        return AllDeploymentsFailed(f"no deployment answered: {summary or 'none configured'}", call.attempts)

    async def _wait_for_capacity(
        self,
        timeout: float,
        wanted: list[DeploymentState],
        watched: list[DeploymentState],
        ticket: int,
        deadline: float | None = None,
        half_spent: float | None = None,
    ) -> tuple[DeploymentState, int] | None:
        """Queue for a slot of one of ``wanted`` (busy) or ``watched`` (out, should it come back)
        until ``timeout``; the slot handed over, if any.

        Each freed slot goes to the longest-waiting request that can use it (see
        :class:`CapacityQueue`), so a long queue costs one wake-up per slot, not one per waiter.
        """
        loop = asyncio.get_running_loop()
        names = frozenset(s.deployment.name for s in wanted)
        watches = frozenset(s.deployment.name for s in watched)
        waiter = Waiter(
            names,
            loop.create_future(),
            loop,
            self,
            watches=watches,
            ticket=ticket,
            deadline=deadline,
            half_spent=half_spent,
        )
        self._queue.add(waiter)
        # A slot freed (or a deployment back) on another thread since they were looked at was
        # offered to a queue this waiter was not in yet: look once more now that it is.
        for state in wanted:
            if not waiter.slot.done() and state.has_capacity:
                self._queue.offer(state)
        for state in watched:
            if not waiter.slot.done() and state.usable_now():
                self._queue.offer(state)
        try:
            await asyncio.wait((waiter.slot,), timeout=timeout)  # (does not cancel the slot)
            if not waiter.slot.done():
                # Time freed one (a cooldown or rpm window ended) or brought one back (a reset
                # timeout, a timed exclusion): it goes to the longest-waiting requests, which
                # may or may not include this one, still in its place in the queue.
                for state in (*wanted, *watched):
                    if not waiter.slot.done() and state.usable_now():
                        self._freed(state)
        except BaseException:
            self._forget(waiter, give_back=True)
            raise
        return self._forget(waiter, give_back=False)

    def _forget(self, waiter: Waiter, *, give_back: bool) -> tuple[DeploymentState, int] | None:
        """Take ``waiter`` off the queue; its handed slot, or given back when unwanted."""
        if not waiter.slot.done():
            waiter.slot.cancel()
        stranded = self._queue.withdraw(waiter)  # reserved for it, still on its way: give it back
        if stranded is not None:
            stranded_state, stranded_trial = stranded
            stranded_state.forget_rpm_start()  # (its call was never made)
            stranded_state.release(stranded_trial)
            self._freed(stranded_state)
        handed = None if waiter.slot.cancelled() else waiter.slot.result()
        if handed is not None and give_back:
            state, trial = handed
            state.forget_rpm_start()
            state.release(trial)
            self._freed(state)
            return None
        return handed

    def _release(self, state: DeploymentState, call: _Call) -> None:
        state.release(call.trial)
        call.trial = 0
        self._freed(state)

    def _freed(self, state: DeploymentState) -> None:
        """A slot of ``state`` came free: the longest-waiting request for it gets it, on
        whichever of the client's event loops it waits (see :class:`CapacityQueue`). More
        than one may have: the end of a 429 cooldown's first call opens the deployment to
        every request held back by it, as far as its capacity goes."""
        for _ in range(_MAX_HANDED_AT_ONCE):
            if not len(self._queue) or not self._queue.offer(state):
                return

    def _breaker_moved(self, state: DeploymentState, before: BreakerState) -> None:
        """Tell the waiting requests what a call's outcome did to ``state``'s breaker. Closed
        (its trial answered): it serves them, longest-waiting first. Opened: those waiting for
        it look again, to fail over, or to wait for its new reset timeout to end."""
        after = state.breaker.state
        if after == before:
            return
        if after == "closed":
            self._freed(state)
        elif after == "open":
            self._queue.wake(state)

    @staticmethod
    def _order(policy: Policy, remaining: list[CandidateView], route: RouteContext) -> Sequence[object]:
        """``policy.order``, with a bug in a user's policy reported as a typed error."""
        try:
            ordered = policy.order(remaining, route)
            if isinstance(ordered, Iterable) and not isinstance(ordered, str | bytes):
                return list(ordered)  # a generator is fine
        except Exception as exc:
            raise ConfigError(f"policy {policy!r} raised {type(exc).__name__}: {exc}", field="policy") from exc
        # a forgotten 'return' gives None
        raise ConfigError(
            f"policy {policy!r} returned {type(ordered).__name__}, not a sequence of deployments", field="policy"
        )

    def _failed(self, call: _Call, state: DeploymentState, error: ProviderError, started: float) -> None:
        """Account one failed call: attempt, breaker, cooldown, stats; before its slot is
        released (``call.trial`` still says which trials the slot holds)."""
        if self._closing:  # the close cut this call, not the deployment: nothing counts against it
            self._abandoned(call, state, started)
            raise ClientClosed("the client was closed while this request was in flight", call.attempts)
        latency_ms = (time.perf_counter() - started) * 1000
        deployment = state.deployment
        redact_key(error, deployment)
        error.deployment = error.deployment or deployment.name
        call.tried.add(deployment.name)
        if not error.sent:
            state.forget_rpm_start()
        holds = call.trial
        state.record_call(latency_ms, ok=False, holds=holds)
        # only the half-open trial's own failure decides it (see DeploymentBreaker._decides)
        before = state.breaker.state
        state.breaker.record_failure(error, trial=bool(holds & HOLDS_BREAKER_TRIAL))
        state.last_error = f"{type(error).__name__}: {error}"
        if isinstance(error, RateLimited):
            retry = self.health_config.default_retry_after_s if error.retry_after_s is None else error.retry_after_s
            state.start_cooldown(min(retry, self.health_config.max_retry_after_s))
            # Requests waiting for a slot of it sleep until a slot frees or their queue
            # deadline: they look again now, and wait for the cooldown's end instead.
            self._queue.wake(state)
        elif isinstance(error, AuthenticationFailed) and not isinstance(error, MissingApiKey):
            # Not retried on every request: out until a probe passes or the reset timeout ends.
            # (An unset key variable is read again on the next call: no need to wait.)
            state.mark_unhealthy(state.last_error, self.health_config.reset_timeout_s)
        elif isinstance(error, DeploymentNotFound):
            # Every request would get the same 404: out like after a 401, and a probe only
            # brings it back once the runtime lists the model.
            state.model_missing = True
            state.mark_unhealthy(state.last_error, self.health_config.reset_timeout_s)
        elif isinstance(error, ContextWindowExceeded) and deployment.context_window is not None:
            previous = call.overflowed_window or 0
            call.overflowed_window = max(previous, deployment.context_window)
        # Only now: a trial answered 429, 401 or 404 closes the breaker (the deployment
        # answered), and waiters handed its slots before its cooldown or exclusion began were
        # all sent there and all refused (review 67).
        self._breaker_moved(state, before)
        outcome: AttemptOutcome = "timeout" if isinstance(error, ProviderTimeout) else "error"
        self._record(
            call,
            Attempt(
                deployment=deployment.name,
                outcome=outcome,
                error=str(error),
                error_type=type(error).__name__,
                status=error.status,
                latency_ms=latency_ms,
            ),
        )
        _log.debug(
            "attempt %s on %s failed: %s",
            call.request_id,
            deployment.name,
            state.last_error,
            extra={"request_id": call.request_id, "deployment": deployment.name},
        )

    def _succeeded(
        self,
        call: _Call,
        state: DeploymentState,
        completion: Completion,
        started: float,
        holds: int,
        ttft_ms: float | None = None,
    ) -> Result:
        """Account one answer (``holds``: the slot's flags as reserved, see
        ``DeploymentState.record_call``) and make its result."""
        now = time.perf_counter()
        latency_ms = (now - started) * 1000
        deployment = state.deployment
        completion = trusted_completion(completion, call.request.messages, call.request.max_tokens, deployment.name)
        completion = self._without_key(completion, deployment)
        cost = deployment.cost_usd(completion.prompt_tokens, completion.completion_tokens)
        reopened = state.record_call(
            latency_ms,
            ok=True,
            holds=holds,
            prompt_tokens=completion.prompt_tokens,
            completion_tokens=completion.completion_tokens,
            cost_usd=cost,
        )
        if reopened:  # the requests held back behind the first call after a 429 may all go
            self._freed(state)
        before = state.breaker.state
        state.breaker.record_success(trial=bool(holds & HOLDS_BREAKER_TRIAL))
        self._breaker_moved(state, before)
        state.model_missing = False
        self._record(call, Attempt(deployment=deployment.name, outcome="ok", latency_ms=latency_ms))
        return Result(
            text=completion.text,
            provider=deployment.name,
            model=deployment.model,
            kind=deployment.kind,
            usage=Usage(
                prompt_tokens=completion.prompt_tokens,
                completion_tokens=completion.completion_tokens,
                total_tokens=completion.prompt_tokens + completion.completion_tokens,
            ),
            latency_ms=(now - call.started) * 1000,
            ttft_ms=ttft_ms,
            cost_usd=cost,
            finish_reason=completion.finish_reason,
            tool_calls=list(completion.tool_calls),
            attempts=call.attempts,
            request_id=call.request_id,
        )

    def _abandoned(
        self, call: _Call, state: DeploymentState, started: float, partial: str = "", *, sent: bool = True
    ) -> None:
        """Account a call its caller gave up on (task cancelled, stream closed early): an
        attempt and the tokens it probably cost; neither the breaker nor the error count moves.
        ``sent=False``: given up while the transport still set up, so nothing was sent, cost
        or measured, and its ``rpm`` start is taken back."""
        latency_ms = (time.perf_counter() - started) * 1000
        deployment = state.deployment
        if not sent:
            state.forget_rpm_start()
            self._record(
                call,
                Attempt(
                    deployment=deployment.name,
                    outcome="error",
                    error="cancelled by the caller before anything was sent",
                    error_type="ClientClosed" if self._closing else "CancelledError",
                    latency_ms=latency_ms,
                ),
            )
            return
        prompt, completion = estimate_prompt_tokens(call.request.messages), estimate_text_tokens(partial)
        # a cut without any answer yet: a first latency estimate for a deployment never
        # measured (not when the client's own close cut it: that says nothing of the deployment)
        unanswered = latency_ms if not partial and not self._closing else None
        state.record_abandoned(prompt, completion, deployment.cost_usd(prompt, completion), unanswered_ms=unanswered)
        if self._closing:
            how, kind = "cut by the client's close", "ClientClosed"
        elif partial:
            how, kind = f"stream closed by the caller after {len(partial)} characters", "CancelledError"
        else:
            how, kind = "cancelled by the caller", "CancelledError"
        self._record(
            call,
            Attempt(deployment=deployment.name, outcome="error", error=how, error_type=kind, latency_ms=latency_ms),
        )

    def _finish_abandoned(self, call: _Call) -> None:
        if not call.finished and self.bus:
            last = call.attempts[-1] if call.attempts and call.attempts[-1].outcome == "error" else None
            if last is not None and last.error_type in ("CancelledError", "ClientClosed"):
                kind, reason = last.error_type, last.error or ""
            elif self._closing:
                kind, reason = "ClientClosed", "cut by the client's close"
            else:
                kind, reason = "CancelledError", "cancelled by the caller"
            self.bus.emit(RequestFinished(call.request_id, None, kind, reason))
        call.finished = True

    def _finish(self, call: _Call, result: Result | None, error: BaseException | None = None) -> None:
        if call.finished:
            return
        call.finished = True
        if self.bus:
            self.bus.emit(
                RequestFinished(
                    call.request_id,
                    result,
                    None if error is None else type(error).__name__,
                    None if error is None else str(error),
                )
            )

    def _without_key(self, completion: Completion, deployment: Deployment) -> Completion:
        """The answer with the deployment's secrets (its key, a password in its ``api_base``)
        masked, should the provider echo them (a gateway that repeats the request headers):
        in the text, the finish reason and the tool calls, which go to results, events and
        the cache. Stream deltas already sent are not taken back."""
        for secret in deployment.secrets():
            if len(secret) < MIN_SECRET:
                continue
            pieces = self._echo_pieces.get(secret)
            if pieces is None:
                if len(self._echo_pieces) >= 64:  # keys read from ${VAR} may rotate
                    self._echo_pieces.clear()
                pieces = self._echo_pieces[secret] = echo_pieces(secret)
            completion = _masked_completion(completion, secret, pieces)
        return completion

    def _timeout_for(self, state: DeploymentState, request: Request) -> float:
        return request.timeout_s if request.timeout_s is not None else state.deployment.timeout_s

    def _attempt_timeout(self, state: DeploymentState, call: _Call) -> float:
        """The attempt's ``timeout_s``, cut to what is left of the request's ``deadline_s``."""
        timeout = self._timeout_for(state, call.request)
        if call.deadline is None:
            return timeout
        return max(0.0, min(timeout, call.deadline - time.monotonic()))

    async def _reserve_in_time(self, call: _Call) -> tuple[DeploymentState, float]:
        """:meth:`_reserve`, and the attempt's timeout; a slot reserved with (almost) no time
        left of the request's ``deadline_s`` is given back unused (nothing sent counts
        against it) and the request ends."""
        self._check_deadline(call)
        state = await self._reserve(call)
        timeout = self._attempt_timeout(state, call)
        if self._too_late(call, state, timeout):
            self._give_back(call, state)
        return state, timeout

    def _too_late(self, call: _Call, state: DeploymentState, timeout: float) -> bool:
        """Whether ``deadline_s`` leaves this attempt too little time to be worth sending."""
        return (
            call.deadline is not None and timeout < _MIN_ATTEMPT_S and timeout < self._timeout_for(state, call.request)
        )

    def _give_back(self, call: _Call, state: DeploymentState) -> NoReturn:
        """Release a reserved slot unsent, and end the request at its deadline."""
        state.forget_rpm_start()
        self._release(state, call)
        raise self._deadline_error(call)

    async def _ready_in_time(self, transport: Transport, call: _Call) -> bool:
        """:meth:`_ready` within what is left of ``deadline_s``; False if it ran out first
        (the set-up goes on for the calls after this one)."""
        if call.deadline is None:
            await self._ready(transport)
            return True
        try:
            async with asyncio.timeout(max(0.0, call.deadline - time.monotonic())) as timer:
                await self._ready(transport)
        except TimeoutError:
            if timer.expired():
                return False
            raise  # the set-up's own error ('connect timed out'): an attempt that fails over
        return True

    def _check_deadline(self, call: _Call) -> None:
        """Past the request's ``deadline_s``: no further attempt (the ones made are reported)."""
        if call.deadline is not None and time.monotonic() >= call.deadline:
            raise self._deadline_error(call)

    @staticmethod
    def _deadline_error(call: _Call) -> AllDeploymentsFailed:
        summary = _attempts_summary(call)
        return AllDeploymentsFailed(
            f"deadline_s={call.request.deadline_s:g} reached: {summary or 'no attempt made'}", call.attempts
        )

    def _timed_out(self, call: _Call, state: DeploymentState, timeout: float, started: float) -> None:
        """An attempt that got no answer within ``timeout``.

        A deployment not measured yet takes the time it waited as its first latency estimate
        (see :meth:`DeploymentState.record_unanswered`). A timeout cut short by the request's
        ``deadline_s`` counts toward the breaker only when the attempt had at least half of
        that deadline: a failover attempt left with a sliver of it says nothing about its
        deployment, which must not open for everyone. A half-open breaker's trial cut that
        way decides nothing either, but is not passed on: its breaker opens again for another
        reset timeout (counting no failure), or a hanging deployment would be sent one queued
        request after another while it reports ``half_open`` (review 67).
        """
        waited_ms = (time.perf_counter() - started) * 1000
        state.record_unanswered(waited_ms)
        error = ProviderTimeout(f"no answer within {timeout:g}s")
        deadline_s = call.request.deadline_s
        cut = deadline_s is not None and timeout < self._timeout_for(state, call.request)
        if not cut or deadline_s is None or timeout >= deadline_s / 2 or self._closing:
            if cut and deadline_s is not None:  # say so: a reader tells it from a timeout_s expiry
                error = ProviderTimeout(f"{error} (cut by deadline_s={deadline_s:g}; at least half of it)")
            self._failed(call, state, error, started)
            return
        name = state.deployment.name
        call.tried.add(name)
        prompt = estimate_prompt_tokens(call.request.messages)
        state.record_abandoned(prompt, 0, state.deployment.cost_usd(prompt, 0))
        cause = f"{error} (cut by deadline_s={deadline_s:g}; not counted against {name})"
        before = state.breaker.state
        if call.trial & HOLDS_BREAKER_TRIAL and state.breaker.reopen_undecided():
            cause = f"{cause[:-1]}; its breaker's trial: open again for another reset timeout)"
            state.last_error = f"ProviderTimeout: {cause}"  # why it is open now, not what opened it first
            self._breaker_moved(state, before)
        self._record(
            call,
            Attempt(
                deployment=name, outcome="timeout", error=cause, error_type="ProviderTimeout", latency_ms=waited_ms
            ),
        )

    def first_attempt_budget(self, request: Request) -> float:
        """How long ``request``'s own first attempt may take at most: its queue timeout plus
        the longest timeout of a deployment that could take it. A caller that waits for an
        identical request already in flight waits no longer than this."""
        queue_timeout = self.queue_timeout_s if request.queue_timeout_s is None else request.queue_timeout_s
        states = [s for s in self.states if request.use_case is None or request.use_case in s.deployment.use_cases]
        budget = queue_timeout + max((self._timeout_for(s, request) for s in states), default=0.0)
        return budget if request.deadline_s is None else min(budget, request.deadline_s)

    # --- public calls --------------------------------------------------------------------

    async def complete(
        self,
        request: Request,
        request_id: str | None = None,
        *,
        defer: tuple[type[HybridInferError], ...] = (),
        announced: bool = False,
        started: float | None = None,
        finalize: Finalize | None = None,
    ) -> Result:
        """Route ``request`` until a deployment answers (``announced``: its ``RequestStarted``
        was already emitted, by a caller that waited before routing it; ``started``: the
        ``perf_counter`` time the caller's request began, before its cache lookups, which
        ``latency_ms`` counts from).

        A failure of a type in ``defer`` raises without its ``RequestFinished`` event: the
        caller (the cache layer, which may still answer from cache) reports how it ended.
        ``finalize`` turns the answer into the result the caller gets (the cache layer stores
        it and tags it) before ``RequestFinished`` reports it, so the event carries that result.
        """
        call = self._begin(request, request_id or new_request_id(), announced, started)
        self._open_calls += 1
        task = self._wait_begins(call)  # the whole call: it waits on a provider or for a slot throughout
        try:
            while True:
                state, timeout = await self._reserve_in_time(call)
                transport = self.transports[state.deployment.name]
                started = time.perf_counter()
                sending = False
                try:
                    in_time = await self._ready_in_time(transport, call)
                    timeout = self._attempt_timeout(state, call)  # what the set-up left
                    if not in_time or self._too_late(call, state, timeout):
                        state.forget_rpm_start()  # nothing sent (the slot is released below)
                        raise self._deadline_error(call)
                    started = time.perf_counter()
                    sending = True
                    async with asyncio.timeout(timeout):
                        completion = await transport.complete(state.deployment, request, timeout)
                    if problem := _broken(completion):
                        raise MalformedResponse(problem, deployment=state.deployment.name)
                except TimeoutError:
                    self._timed_out(call, state, timeout, started)
                    continue
                except ProviderError as error:
                    self._failed(call, state, error, started)
                    continue
                except asyncio.CancelledError:
                    self._abandoned(call, state, started, sent=sending)
                    if call.cut:
                        raise _cut_by_close(call) from None
                    raise
                except Exception as error:
                    if isinstance(error, HybridInferError):
                        raise
                    self._failed(call, state, _transport_error(error, state.deployment), started)
                    continue
                else:
                    # Counted before the slot is released: a half-open trial's answer closes the
                    # breaker first, or the release would hand the slot, and a second trial that
                    # a later call's answer could decide, to a waiting request (review 79).
                    result = self._succeeded(call, state, completion, started, call.trial)
                finally:
                    self._release(state, call)
                if finalize is not None:
                    # the answer is in hand: a close no longer cuts this call (its store is
                    # the cache layer's to finish or drop; review 90)
                    self._wait_ends(task)
                    task = None
                    result = await finalize(result)
                self._finish(call, result)
                return result
        except HybridInferError as error:
            if not isinstance(error, defer):
                self._finish(call, None, error)
            raise
        except asyncio.CancelledError:
            if call.cut:
                closed = _cut_by_close(call)
                self._finish(call, None, closed)
                raise closed from None
            self._finish_abandoned(call)
            raise
        finally:
            self._open_calls -= 1
            self._wait_ends(task)

    async def stream(
        self,
        request: Request,
        request_id: str | None = None,
        *,
        defer: tuple[type[HybridInferError], ...] = (),
        started: float | None = None,
        finalize: Finalize | None = None,
    ) -> AsyncGenerator[StreamChunk, None]:
        """Stream from the first deployment that yields a token; fail over only before it.

        ``defer``, ``started`` and ``finalize`` as in :meth:`complete`, ``defer`` for failures
        before the first chunk; ``finalize`` runs on the complete answer only.
        """
        call = self._begin(request, request_id or new_request_id(), started=started)
        self._open_calls += 1
        sent = False
        try:
            while True:
                state, first_timeout = await self._reserve_in_time(call)
                timeout = self._timeout_for(state, request)  # each gap between chunks
                transport = self.transports[state.deployment.name]
                waited = time.perf_counter()
                task = self._wait_begins(call)
                try:
                    in_time = await self._ready_in_time(transport, call)
                except Exception as error:
                    try:  # counted before the slot goes, as complete() counts (_failed may raise ClientClosed)
                        if isinstance(error, HybridInferError) and not isinstance(error, ProviderError):
                            raise
                        self._failed(call, state, _as_provider_error(error, timeout, state.deployment), waited)
                    finally:
                        self._release(state, call)
                    continue
                except BaseException as exc:
                    state.forget_rpm_start()  # given up while the transport set up: nothing sent
                    self._release(state, call)
                    if call.cut and isinstance(exc, asyncio.CancelledError):
                        raise _cut_by_close(call) from None
                    raise
                finally:
                    self._wait_ends(task)
                first_timeout = self._attempt_timeout(state, call)  # what the set-up left
                if not in_time or self._too_late(call, state, first_timeout):
                    self._give_back(call, state)
                started = time.perf_counter()
                held = 0.0  # time spent with the caller (between chunks), not waiting for the provider
                try:  # a transport's plain-def stream may raise before it hands back a generator
                    source = transport.stream(state.deployment, request, timeout)
                except BaseException as exc:
                    try:
                        if not isinstance(exc, Exception) or (
                            isinstance(exc, HybridInferError) and not isinstance(exc, ProviderError)
                        ):
                            raise
                        self._failed(call, state, _as_provider_error(exc, timeout, state.deployment), started)
                    finally:
                        self._release(state, call)
                    continue
                partial: list[str] = []
                joiner = DeltaJoiner()  # a surrogate pair split across two deltas is joined again
                try:
                    task = self._wait_begins(call)
                    try:
                        async with asyncio.timeout(first_timeout):  # cut to what is left of deadline_s
                            first = await anext(source)
                    except (Exception, StopAsyncIteration) as exc:
                        if isinstance(exc, HybridInferError) and not isinstance(exc, ProviderError):
                            raise
                        if isinstance(exc, TimeoutError):
                            self._timed_out(call, state, first_timeout, started)
                        else:
                            self._failed(call, state, _as_provider_error(exc, first_timeout, state.deployment), started)
                        continue
                    finally:
                        self._wait_ends(task)
                    ttft_ms = (time.perf_counter() - call.started) * 1000
                    if state.answering(call.trial):
                        self._freed(state)  # requests held back behind this first call after a 429 may go
                    item: str | Completion | ProviderError = first
                    # After the first token, timeout_s bounds each gap between chunks.
                    own_timer = not transport.enforces_idle_timeout
                    cut_by_deadline = False
                    while isinstance(item, str):
                        # "" is progress without text (tool-call data): it only restarts the clock
                        if item and (delta := joiner.feed(item)):
                            partial.append(delta)
                            sent = True
                            if call.trial & HOLDS_BREAKER_TRIAL:
                                # the first text the caller gets decides a half-open trial: the
                                # deployment answers, and serves others while the rest streams
                                # (not a tool call's empty progress, not a final message yet to
                                # be checked; review 79)
                                before = state.breaker.state
                                call.trial = state.breaker_trial_answered(call.trial)
                                self._breaker_moved(state, before)
                            handed = time.perf_counter()
                            yield StreamChunk(delta=delta)
                            held += time.perf_counter() - handed
                            if self._closing:
                                # aclose() while the caller held this chunk: the deltas already
                                # read are not handed on, as a sync stream is cut (review 65)
                                self._abandoned(call, state, started + held, "".join(partial))
                                raise _cut_by_close(call)
                        # Until the caller has text, deadline_s still bounds the wait: a tool
                        # call's first pieces are no answer yet (review 79).
                        gap = timeout if own_timer else None
                        left = self._attempt_timeout(state, call) if not partial and call.deadline is not None else None
                        by_deadline = left is not None and (gap is None or left < gap)
                        if by_deadline:
                            gap = left
                        task = self._wait_begins(call)
                        try:
                            if gap is not None:
                                async with asyncio.timeout(gap):
                                    item = await anext(source)
                            else:
                                item = await anext(source)
                        except (Exception, StopAsyncIteration) as exc:
                            if isinstance(exc, HybridInferError) and not isinstance(exc, ProviderError):
                                raise
                            if by_deadline and isinstance(exc, TimeoutError):
                                cut_by_deadline = True
                                break
                            item = _as_provider_error(exc, timeout, state.deployment)
                            if item is not exc:
                                item.__cause__ = exc
                        finally:
                            self._wait_ends(task)
                    if cut_by_deadline:
                        # nothing handed on yet: a first chunk's deadline cut, measured against
                        # the time the attempt began with, not its last wait (review 82)
                        self._timed_out(call, state, first_timeout, started)
                        continue
                    if not isinstance(item, ProviderError) and (problem := _broken(item)):
                        item = MalformedResponse(problem, deployment=state.deployment.name)
                    if rest := joiner.flush():  # the first half of a pair that never got its second
                        partial.append(rest)
                        sent = True
                        yield StreamChunk(delta=rest)
                    if isinstance(item, ProviderError):
                        self._failed(call, state, item, started + held)
                        if not partial:  # the caller saw nothing yet: the next deployment may answer
                            continue
                        text = "".join(partial)
                        # the provider generated (and bills) what it sent: count it, estimated
                        prompt, completion = estimate_prompt_tokens(call.request.messages), estimate_text_tokens(text)
                        state.record_usage(prompt, completion, state.deployment.cost_usd(prompt, completion))
                        raise StreamInterrupted(
                            f"stream from {state.deployment.name} broke after {len(text)} characters: {item}",
                            call.attempts,
                            partial_text=text,
                            deployment=state.deployment.name,
                        ) from item
                    assert isinstance(item, Completion)  # the loop ended on neither text nor an error
                    # The attempt's latency (and the EWMA that Fastest reads) is the provider's:
                    # without the time the caller spent on each chunk. Result.latency_ms keeps it.
                    result = self._succeeded(call, state, item, started + held, call.trial, ttft_ms)
                except (asyncio.CancelledError, GeneratorExit) as exc:
                    self._abandoned(call, state, started + held, "".join(partial))
                    if call.cut and isinstance(exc, asyncio.CancelledError):
                        raise _cut_by_close(call) from None
                    raise
                finally:
                    # Closed before its slot is handed on: a waiter's request must not reach the
                    # provider while it still generates this abandoned one.
                    try:
                        await _close_source(source, state.deployment)
                    finally:
                        self._release(state, call)
                if finalize is not None:
                    result = await finalize(result)
                self._finish(call, result)
                yield StreamChunk(delta="", result=result)
                return
        except HybridInferError as error:
            if sent or not isinstance(error, defer):
                self._finish(call, None, error)
            raise
        except (asyncio.CancelledError, GeneratorExit) as exc:
            if call.cut and isinstance(exc, asyncio.CancelledError):
                closed = _cut_by_close(call)
                self._finish(call, None, closed)
                raise closed from None
            self._finish_abandoned(call)
            raise
        finally:
            self._open_calls -= 1

    # --- health ----------------------------------------------------------------------------

    async def _health_loop(self) -> None:
        interval = self.health_config.interval_s
        while True:
            for state in self.states:  # exclusions that ran out end now, with their HealthChanged
                if state.exclusion_over:
                    state.mark_healthy()
                    self._freed(state)  # requests waiting elsewhere may take it
            # Another engine of the client may probe too: skip what it probed just now.
            now = time.monotonic()
            due = [s for s in self.states if s.last_probe_at is None or now - s.last_probe_at >= interval / 2]
            await self.probe_all(due)
            await asyncio.sleep(interval)

    async def probe_all(self, states: Iterable[DeploymentState] | None = None) -> None:
        """Probe every deployment (or ``states``) once, concurrently; never raises."""
        chosen = self.states if states is None else states
        await asyncio.gather(*(self._probe(state) for state in chosen), return_exceptions=True)

    async def _probe(self, state: DeploymentState) -> None:
        deployment = state.deployment
        timeout = self.health_config.probe_timeout_s
        try:
            async with asyncio.timeout(timeout):
                report = await self.transports[deployment.name].probe(deployment, timeout)
        except Exception as exc:
            if self._closing:
                return  # cut by the client's own close: the deployment is not to blame (review 87)
            error = _as_provider_error(exc, timeout, deployment)
            redact_key(error, deployment)
            state.probe_failed(f"probe failed: {type(error).__name__}: {error}")
            if isinstance(error, ProviderConnectionError) and error.refused:
                state.breaker.note_refused()  # down again: a passing probe may bring it back early (review 74)
            if state.failed_probes >= self.health_config.unhealthy_after:
                state.mark_unhealthy(state.last_error or "probe failed")
            return
        if report is None:  # nothing to probe (litellm providers): only its key was checked
            if state.failed_probes and state.unhealthy_until is None:
                state.mark_healthy()  # that check failed before and passes now: the variable is set
                self._freed(state)
            state.failed_probes = 0
            return
        state.record_probe(report.latency_ms)
        state.model_present = report.model_present
        secrets = [secret for secret in deployment.secrets() if len(secret) >= MIN_SECRET]
        state.loaded_models = [_masked_listing(model, secrets) for model in report.loaded_models]
        if deployment.protocol == "ollama" and report.model_present is False:
            state.mark_unhealthy(f"model {deployment.wire_model!r} is not pulled on this Ollama")
            return
        if state.model_missing and report.model_present is False:
            state.mark_unhealthy(f"model {deployment.wire_model!r} is not served here (HTTP 404; not in /models)")
            return
        state.model_missing = False
        state.mark_healthy()
        state.breaker.probe_passed()
        self._freed(state)  # back (healthy, or its breaker half-open): the requests waiting go first


_MAX_HANDED_AT_ONCE = 256
"""Waiting requests one freed deployment is handed to in one go (the rest wait for the next)."""
_LIFETIME_TICK_S = 3600.0
"""How often the lifetime task wakes (to do nothing: its pending timer keeps it alive)."""
_DRAIN_S = 1.0
"""How long ``aclose`` waits for requests in flight to end on the closed pools."""


def _masked_listing(model: dict[str, object], secrets: list[str]) -> dict[str, object]:
    """One model of a runtime's listing as ``health()`` shows it: plain values only (a
    server's nested data, 700 levels of it, broke its serialisation), text cut to 256
    characters, and the deployment's ``secrets`` masked (a hostile server can name a model
    after the key it was sent)."""
    shown: dict[str, object] = {}
    for name, value in model.items():
        if isinstance(value, str):
            value = value[:256]
            for secret in secrets:
                value = mask_fragments(value, secret)
        elif not (value is None or (isinstance(value, int | float) and not isinstance(value, bool))):
            value = None
        shown[name] = value
    return shown


def redact_key(error: BaseException, deployment: Deployment) -> None:
    """Mask the deployment's API key wherever the provider echoed it into the error.

    Some servers and gateways repeat the key they rejected in a 401 body ("Incorrect API
    key provided: sk-…"); the message would then reach attempts, events, logs and
    ``health()``. The error's own message is rewritten, and a cause carrying the key (the
    HTTP library's exception) is dropped from the chain.
    """
    # A provider's error body can hold invalid Unicode (a lone surrogate): printing or
    # logging the error would raise. Made valid as answers are.
    error.args = tuple(valid_text(a) if isinstance(a, str) else a for a in error.args)
    for secret in deployment.secrets():  # the key, and a password written into api_base
        if len(secret) >= MIN_SECRET:
            _redact(error, secret)


def _redact(error: BaseException, key: str) -> None:
    # the whole key, a start of it that ends the text, and any run of 8+ of its characters
    # (a key echoed cut short, quoted, or without its prefix)
    error.args = tuple(mask_fragments(a, key) if isinstance(a, str) else a for a in error.args)
    cause: BaseException | None = error.__cause__ or error.__context__
    for _ in range(5):  # the chain a transport builds is short
        if cause is None:
            break
        if mask_fragments(str(cause), key) != str(cause) or any(
            isinstance(a, str) and mask_fragments(a, key) != a for a in cause.args
        ):
            error.__cause__ = None
            error.__suppress_context__ = True
            break
        cause = cause.__cause__ or cause.__context__


def _masked_completion(completion: Completion, secret: str, pieces: frozenset[str]) -> Completion:
    """``completion`` with echoes of ``secret`` masked in each text a provider wrote."""
    text = mask_echoes(completion.text, secret, pieces)
    finish = mask_echoes(completion.finish_reason, secret, pieces) if completion.finish_reason else None
    calls = tuple(
        call.model_copy(
            update={
                "id": mask_echoes(call.id, secret, pieces),
                "function": call.function.model_copy(
                    update={
                        "name": mask_echoes(call.function.name, secret, pieces),
                        "arguments": mask_echoes(call.function.arguments, secret, pieces),
                    }
                ),
            }
        )
        for call in completion.tool_calls
    )
    if text == completion.text and finish == completion.finish_reason and calls == completion.tool_calls:
        return completion
    return dataclasses.replace(completion, text=text, finish_reason=finish, tool_calls=calls)


def _attempts_summary(call: _Call) -> str:
    """'local: timeout (no answer within 30s); cloud: error (…)': what each attempt did."""
    return "; ".join(f"{a.deployment}: {a.outcome}" + (f" ({a.error})" if a.error else "") for a in call.attempts)


_MIN_ATTEMPT_S = 0.02
"""Less time than this left of a request's ``deadline_s`` is not worth an attempt."""


def _broken(completion: object) -> str | None:
    """Why what a transport returned as the answer is not one, if it is not: not a
    ``Completion`` of the documented field types (a custom transport's bug), or a parsed
    completion that still says nothing (both transports)."""
    if not isinstance(completion, Completion):
        return f"the transport returned {type(completion).__name__}, not a Completion"
    if not isinstance(completion.text, str):
        return f"Completion.text is {type(completion.text).__name__}, not str"
    for name in ("prompt_tokens", "completion_tokens"):
        count = getattr(completion, name)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            return f"Completion.{name} is {count!r}, not a count"
    if not isinstance(completion.model, str) or not (
        completion.finish_reason is None or isinstance(completion.finish_reason, str)
    ):
        return "Completion.model or finish_reason is not text"
    if not isinstance(completion.tool_calls, tuple) or not all(isinstance(c, ToolCall) for c in completion.tool_calls):
        return "Completion.tool_calls is not a tuple of ToolCall"
    if completion.finish_reason == "tool_calls" and not completion.tool_calls and not completion.text:
        return "finish_reason 'tool_calls' without a tool call or text"
    return None


def _cut_by_close(call: _Call) -> ClientClosed:
    """The error of a call the client's close cancelled: its task is no longer cancelled
    (the caller did not ask for that), and the call ends as every call a close cuts."""
    task = asyncio.current_task()
    if task is not None:
        task.uncancel()
    return ClientClosed("the client was closed while this request was in flight", call.attempts)


async def _close_source(source: AsyncGenerator[str | Completion, None], deployment: Deployment) -> None:
    """Close a transport's stream; its failure to clean up never costs the caller an answer.

    The answer (or the error the caller gets) is already decided when this runs, so a
    raising ``finally`` inside a custom transport is logged, not raised in its place.
    """
    try:
        await source.aclose()
    except Exception as exc:
        text = valid_text(str(exc))
        for secret in deployment.secrets():
            if len(secret) >= MIN_SECRET:
                text = mask_fragments(text, secret)
        _log.warning("closing the stream of %s raised %s: %s", deployment.name, type(exc).__name__, text)


def _as_provider_error(exc: BaseException, timeout: float, deployment: Deployment) -> ProviderError:
    if isinstance(exc, ProviderError):
        return exc
    if isinstance(exc, TimeoutError):
        return ProviderTimeout(f"no answer within {timeout:g}s")
    if isinstance(exc, StopAsyncIteration):
        return ProviderConnectionError("stream ended without a final message")
    return _transport_error(exc, deployment)


def _transport_error(exc: BaseException, deployment: Deployment) -> TransportError:
    """What a transport raised outside the ProviderError family, as the attempt's cause."""
    error = TransportError(f"the transport raised {type(exc).__name__}: {exc}", deployment=deployment.name)
    error.__cause__ = exc
    return error
