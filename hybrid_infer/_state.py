"""Runtime state of one deployment: load, breaker, health, latency and counters.

A :class:`DeploymentState` is what policies see (as a read-only ``Candidate``) and what
the engine updates around each call. It holds no event-loop objects, so it survives the
client moving between event loops, and it is shared by the engines of one client (one on
the caller's loop, one on the loop thread for sync calls and other loops): taking and giving
back a slot and counting a call hold a lock; snapshots are read from any thread.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime
from statistics import quantiles

from hybrid_infer._breaker import DeploymentBreaker, StateListener
from hybrid_infer._config import Deployment, HealthConfig
from hybrid_infer._results import AttemptOutcome, DeploymentHealth, DeploymentStats

EWMA_ALPHA = 0.3
_LATENCY_WINDOW = 2048
_RPM_WINDOW_S = 60.0


def _ewma(previous: float | None, sample: float) -> float:
    return sample if previous is None else previous + EWMA_ALPHA * (sample - previous)


def _wall(monotonic_ts: float) -> datetime:
    return datetime.fromtimestamp(time.time() - (time.monotonic() - monotonic_ts), UTC)


HOLDS_BREAKER_TRIAL = 1
"""A slot's flag: it holds the half-open breaker's one trial call."""
HOLDS_COOLDOWN_TRIAL = 2
"""A slot's flag: it holds the first call after a 429 cooldown, which the others wait for.
The bits above the flags say how many cooldowns had started when the slot was taken (see
``_cooldown_generation``): only a call sent after the latest 429 can show it is over."""
_FLAG_BITS = 2


class CandidateView:
    """What a policy is handed for one deployment: a live view of its state that cannot
    change it. Policies order candidates; an assignment such as ``c.in_flight = 4`` from
    one would wedge the deployment for every later request, so it raises instead."""

    __slots__ = ("_state",)
    _state: DeploymentState

    def __init__(self, state: DeploymentState) -> None:
        object.__setattr__(self, "_state", state)

    @property
    def deployment(self) -> Deployment:
        return self._state.deployment

    @property
    def in_flight(self) -> int:
        return self._state.in_flight

    @property
    def has_capacity(self) -> bool:
        """False when ``max_concurrency`` requests are in flight, the rpm budget is spent
        or a 429 cooldown runs."""
        return self._state.has_capacity

    @property
    def ewma_latency_ms(self) -> float | None:
        return self._state.ewma_latency_ms

    @property
    def probe_latency_ms(self) -> float | None:
        return self._state.probe_latency_ms

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a policy's candidate is read-only: {name!r} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a policy's candidate is read-only: {name!r} cannot be deleted")

    def __repr__(self) -> str:
        return f"Candidate({self._state.deployment.name!r}, in_flight={self._state.in_flight})"


class DeploymentState:
    """Everything the router tracks about one deployment."""

    def __init__(
        self,
        deployment: Deployment,
        health: HealthConfig,
        on_breaker: StateListener,
        on_health: Callable[[DeploymentState], None] | None = None,
    ):
        self.deployment = deployment
        self.view = CandidateView(self)
        """What policies see of this state (read-only)."""
        self._on_health = on_health
        self._lock = threading.RLock()
        self.breaker = DeploymentBreaker(
            deployment.name,
            fail_max=health.failure_threshold,
            reset_timeout_s=health.reset_timeout_s,
            on_change=on_breaker,
        )
        self.in_flight = 0
        self.ewma_latency_ms: float | None = None
        self.probe_latency_ms: float | None = None
        # health
        self.healthy = True
        self.failed_probes = 0
        self.last_probe_at: float | None = None
        self.last_probe_latency_ms: float | None = None
        self.last_error: str | None = None
        self.model_present: bool | None = None
        self.model_missing = False
        """A call got a 404: only a probe that lists the model brings the deployment back."""
        self.loaded_models: list[dict[str, object]] = []
        self.cooldown_until = 0.0
        self._cooldown_unconfirmed = False
        """A 429 cooldown was started and no call has been answered since: when it ends, one
        call goes first (``_cooldown_trial``) and the others wait for its answer, as a
        half-open breaker lets one trial through, instead of all of them at once."""
        self._cooldown_trial = False
        self._cooldown_generation = 0
        """Cooldowns started so far: the first call after one cannot end the trial of a later
        one (a late 429 can start a new cooldown while that call is still out)."""
        self.unhealthy_until: float | None = None
        self._rpm_starts: deque[float] = deque()
        # stats
        self.requests = 0
        self.errors = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.cost_usd = 0.0
        self._latencies: deque[float] = deque(maxlen=_LATENCY_WINDOW)

    # --- capacity ---------------------------------------------------------------

    def _rpm_full(self, now: float) -> bool:
        rpm = self.deployment.rpm
        if rpm is None:
            return False
        starts = self._rpm_starts
        while starts and now - starts[0] >= _RPM_WINDOW_S:
            starts.popleft()
        return len(starts) >= rpm

    @property
    def has_capacity(self) -> bool:
        limit = self.deployment.max_concurrency
        if limit is not None and self.in_flight >= limit:
            return False
        if self._cooldown_trial:  # the first call after a cooldown has not been answered yet
            return False
        now = time.monotonic()
        return now >= self.cooldown_until and not self._rpm_full(now)

    def free_at(self) -> float | None:
        """Monotonic time when time alone frees this deployment (rpm window, 429 cooldown)."""
        now = time.monotonic()
        times = []
        if self.cooldown_until > now:
            times.append(self.cooldown_until)
        if self._rpm_full(now):
            times.append(self._rpm_starts[0] + _RPM_WINDOW_S)
        return max(times) if times else None

    def recovers_at(self) -> float | None:
        """Monotonic time when time alone lets this deployment take calls again after a block
        that is not load: its breaker's reset timeout, a timed exclusion (after a 401 or a 404).
        None when only an event can end the block (a passing probe, the end of the half-open
        trial), or when nothing blocks it."""
        times = []
        if not self.healthy:
            if self.unhealthy_until is None:
                return None  # out until a probe passes
            times.append(self.unhealthy_until)
        reopens = self.breaker.reopens_at()
        if reopens is not None:
            times.append(reopens)
        return max(times) if times else None

    def usable_now(self) -> bool:
        """Whether a call could be reserved now; a look that reserves nothing and moves nothing
        (not the breaker to half-open, not an ended exclusion back to healthy)."""
        if not self.healthy and not self.exclusion_over:
            return False
        return not self.breaker.blocked() and self.has_capacity

    def trial_next(self) -> bool:
        """Whether the next call reserved here would be a trial, the one call that decides
        whether the deployment is back: its breaker's (half-open, or open past its reset
        timeout, with no trial out) or the first call after a 429 cooldown. A look that
        reserves nothing."""
        breaker = self.breaker
        if breaker.state != "closed" and not breaker.blocked():
            return True
        return self._cooldown_unconfirmed and not self._cooldown_trial and time.monotonic() >= self.cooldown_until

    def acquire(self) -> tuple[AttemptOutcome | None, int]:
        """:meth:`skip_reason` and, on ``None``, which trials the slot holds (``HOLDS_*``
        flags: the half-open breaker's, the first call after a 429 cooldown); atomic across
        the threads of the client's engines. Pass them back to :meth:`release`."""
        with self._lock:
            reason = self.skip_reason()
            if reason is not None:
                return reason, 0
            holds = HOLDS_BREAKER_TRIAL if self.breaker.granted_trial else 0
            holds |= self._cooldown_generation << _FLAG_BITS
            if self._cooldown_unconfirmed:
                self._cooldown_trial = True  # this call tests whether the 429s are over
                holds |= HOLDS_COOLDOWN_TRIAL
            return None, holds

    def skip_reason(self) -> AttemptOutcome | None:
        """Why this deployment cannot take a call now; ``None`` means it can (and is reserved).

        On ``None`` the caller owns one slot and must call :meth:`release` (use
        :meth:`acquire`, which says which trials the slot holds).
        """
        if not self.healthy:
            if self.unhealthy_until is None or time.monotonic() < self.unhealthy_until:
                return "skipped_unhealthy"
            self.mark_healthy()
        if self.breaker.blocked():  # before capacity: an open deployment never makes a request wait
            return "skipped_open"
        if not self.has_capacity:
            return "skipped_busy"
        if not self.breaker.try_acquire():
            return "skipped_open"
        self.in_flight += 1
        if self.deployment.rpm is not None:
            self._rpm_starts.append(time.monotonic())
        return None

    def forget_rpm_start(self) -> None:
        """The reserved call sent nothing (see ``ProviderError.sent``): take its start out of
        the ``rpm`` window. Starts are not told apart, so the newest goes, which may free the
        window a little sooner than the call's own start would have."""
        with self._lock:
            if self._rpm_starts:
                self._rpm_starts.pop()

    def skip_cause(self, reason: AttemptOutcome) -> str:
        """Why :meth:`skip_reason` passed this deployment over, for ``Attempt.error``."""
        if reason == "skipped_unhealthy":
            return f"unhealthy: {self.last_error}" if self.last_error else "unhealthy"
        if reason == "skipped_open":
            return f"circuit breaker open; last error: {self.last_error}" if self.last_error else "circuit breaker open"
        now = time.monotonic()
        if self.cooldown_until > now:
            return f"cooling down for {self.cooldown_until - now:.1f}s after a 429"
        if self._cooldown_trial:
            return "a 429 cooldown just ended: waiting for the first call after it to be answered"
        if self._rpm_full(now):
            return f"rpm limit of {self.deployment.rpm} reached"
        return f"all {self.deployment.max_concurrency} concurrency slots in use"

    def release(self, holds: int) -> None:
        """Give back a slot, with the trials it holds (from :meth:`acquire`).

        Only the call holding a trial ends it: a call that began while the breaker was closed
        (or before a 429) and ends during another call's trial must not let a second one in.
        """
        with self._lock:
            self.in_flight -= 1
            if holds & HOLDS_COOLDOWN_TRIAL and holds >> _FLAG_BITS == self._cooldown_generation:
                # however it ended (answered, given back unsent at a deadline, cut): the
                # next call may test whether the 429s are over
                self._cooldown_trial = False
            if holds & HOLDS_BREAKER_TRIAL:
                self.breaker.release_trial()

    def breaker_trial_answered(self, holds: int) -> int:
        """A stream holding the half-open breaker's trial handed its caller its first text: the
        deployment answers, so the trial is decided (the breaker closes) now, not when the whole
        answer has streamed; until then every other request skipped or waited for it (review 74).
        The slot's flags without the trial: the rest of the stream is an ordinary call, whose
        failure counts as any call's does while the breaker is closed."""
        if not holds & HOLDS_BREAKER_TRIAL:
            return holds
        self.breaker.record_success(trial=True)
        with self._lock:
            self.breaker.release_trial()
        return holds & ~HOLDS_BREAKER_TRIAL

    # --- learning from calls and probes -------------------------------------------

    def record_call(
        self,
        latency_ms: float,
        *,
        ok: bool,
        holds: int,
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        cost_usd: float = 0.0,
    ) -> bool:
        """Count a call's end; whether it was an answer that ended a 429 cooldown's wait
        (the requests held back behind the first call after it may all go now).

        ``holds``: the slot's flags from :meth:`acquire`. An answer to a call sent before the
        latest 429 says nothing about whether the limit is over: it ends no wait.
        """
        reopened = False
        with self._lock:
            self.requests += 1
            if ok and self._sent_since_latest_429(holds):
                reopened = self._cooldown_unconfirmed or self._cooldown_trial
                self._cooldown_unconfirmed = self._cooldown_trial = False
            if ok:
                self.ewma_latency_ms = _ewma(self.ewma_latency_ms, latency_ms)
                self._latencies.append(latency_ms)
                self.prompt_tokens += prompt_tokens
                self.completion_tokens += completion_tokens
                self.cost_usd += cost_usd
            else:
                self.errors += 1
        return reopened

    def record_abandoned(
        self, prompt_tokens: int, completion_tokens: int, cost_usd: float, *, unanswered_ms: float | None = None
    ) -> None:
        """A call its caller gave up on (cancelled, stream closed early): it was made and
        probably billed, but says nothing about the deployment's health.

        ``unanswered_ms``: how long it had waited without any answer (see
        :meth:`record_unanswered`).
        """
        if unanswered_ms is not None:
            self.record_unanswered(unanswered_ms)
        with self._lock:
            self.requests += 1
            self.prompt_tokens += prompt_tokens
            self.completion_tokens += completion_tokens
            self.cost_usd += cost_usd

    def record_unanswered(self, waited_ms: float) -> None:
        """A call that waited ``waited_ms`` and got no answer (a timeout, a cancel). A
        deployment never measured takes that as its first estimate: it takes at least that
        long, and left unmeasured ``Fastest`` would rank it first for ever. A measured one
        keeps its estimate: one hang must not demote a fast deployment that nothing would
        measure again (its breaker answers for hangs)."""
        with self._lock:
            if self.ewma_latency_ms is None:
                self.ewma_latency_ms = waited_ms

    def record_usage(self, prompt_tokens: int, completion_tokens: int, cost_usd: float) -> None:
        """Tokens a failed call still cost (a stream cut after it sent text): spent, if not useful."""
        with self._lock:
            self.prompt_tokens += prompt_tokens
            self.completion_tokens += completion_tokens
            self.cost_usd += cost_usd

    def answering(self, holds: int) -> bool:
        """A stream's first chunk arrived: the deployment answers, so the rest need not wait
        for the whole stream to end after a cooldown. Whether it held others back.

        ``holds`` as for :meth:`record_call`: a stream sent before the latest 429 ends no wait.
        """
        with self._lock:
            if not self._sent_since_latest_429(holds):
                return False
            held = self._cooldown_trial
            self._cooldown_trial = False
            self._cooldown_unconfirmed = False
            return held

    def _sent_since_latest_429(self, holds: int) -> bool:
        return holds >> _FLAG_BITS == self._cooldown_generation

    def start_cooldown(self, seconds: float) -> None:
        """Out of rotation for ``seconds`` after a 429; then one call goes first (see
        ``_cooldown_unconfirmed``)."""
        with self._lock:
            self.cooldown_until = max(self.cooldown_until, time.monotonic() + seconds)
            self._cooldown_unconfirmed = True
            self._cooldown_trial = False
            self._cooldown_generation += 1

    def mark_unhealthy(self, error: str, for_s: float | None = None) -> None:
        """Take the deployment out of rotation until a probe passes, or for ``for_s`` seconds.

        A timed exclusion (after a 401) also ends when a probe passes; it exists because
        some deployments cannot be probed and probes may be off.
        """
        was_healthy = self.healthy
        self.healthy = False
        self.last_error = error
        self.unhealthy_until = None if for_s is None else time.monotonic() + for_s
        if was_healthy and self._on_health is not None:
            self._on_health(self)

    def mark_healthy(self) -> None:
        was_healthy = self.healthy
        self.healthy = True
        self.failed_probes = 0
        self.unhealthy_until = None
        self.last_error = None
        if not was_healthy and self._on_health is not None:
            self._on_health(self)

    def probe_failed(self, error: str) -> None:
        self.last_probe_at = time.monotonic()
        self.failed_probes += 1
        self.last_error = error

    def record_probe(self, latency_ms: float) -> None:
        self.last_probe_at = time.monotonic()
        self.last_probe_latency_ms = latency_ms
        self.probe_latency_ms = _ewma(self.probe_latency_ms, latency_ms)
        self.failed_probes = 0

    # --- snapshots ----------------------------------------------------------------

    @property
    def exclusion_over(self) -> bool:
        """A timed exclusion (a 401, a 404 with probes off) has run out: routing takes the
        deployment back on its next request."""
        return not self.healthy and self.unhealthy_until is not None and time.monotonic() >= self.unhealthy_until

    def health(self) -> DeploymentHealth:
        now = time.monotonic()
        return DeploymentHealth(
            name=self.deployment.name,
            kind=self.deployment.kind,
            state=self.breaker.state,
            healthy=self.healthy or self.exclusion_over,  # as routing will see it, not as last marked
            last_probe_at=None if self.last_probe_at is None else _wall(self.last_probe_at),
            last_probe_latency_ms=self.last_probe_latency_ms,
            last_error=self.last_error,
            in_flight=self.in_flight,
            max_concurrency=self.deployment.max_concurrency,
            ewma_latency_ms=self.ewma_latency_ms,
            cooldown_until=_wall(self.cooldown_until) if self.cooldown_until > now else None,
            model_present=self.model_present,
            loaded_models=list(self.loaded_models),
        )

    def stats(self) -> DeploymentStats:
        samples = list(self._latencies)
        p50 = p95 = None
        if len(samples) == 1:
            p50 = p95 = samples[0]
        elif samples:
            cuts = quantiles(samples, n=100, method="inclusive")
            p50, p95 = cuts[49], cuts[94]
        return DeploymentStats(
            name=self.deployment.name,
            requests=self.requests,
            errors=self.errors,
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
            cost_usd=self.cost_usd,
            latency_p50_ms=p50,
            latency_p95_ms=p95,
        )
