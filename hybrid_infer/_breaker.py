"""One circuit breaker per deployment: pybreaker's state machine, driven from async code.

pybreaker wraps synchronous calls; our provider calls are coroutines and we must decide
*before* a call whether it may run (to record ``skipped_open``) and classify failures
ourselves (a 400 is the request's fault, a refused connection opens at once). So the
breaker's state machine is fed outcomes through ``breaker.call`` with a stand-in
callable, and its listeners turn state changes into typed events. Only one half-open
trial runs at a time.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pybreaker

from hybrid_infer._results import BreakerState
from hybrid_infer.errors import ProviderConnectionError, ProviderError

_STATE_NAMES: dict[str, BreakerState] = {
    pybreaker.STATE_CLOSED: "closed",
    pybreaker.STATE_OPEN: "open",
    pybreaker.STATE_HALF_OPEN: "half_open",
}

StateListener = Callable[[str, BreakerState, BreakerState], None]


class _Listener(pybreaker.CircuitBreakerListener):
    def __init__(self, name: str, on_change: StateListener) -> None:
        self._name = name
        self._on_change = on_change

    def state_change(self, cb: object, old_state: object, new_state: object) -> None:
        old = _STATE_NAMES.get(getattr(old_state, "name", ""), "closed")
        new = _STATE_NAMES.get(getattr(new_state, "name", ""), "closed")
        if old != new:
            self._on_change(self._name, old, new)


def _succeed() -> None:
    return None


def _fail(exc: BaseException) -> None:
    raise exc


class DeploymentBreaker:
    """Decides whether a deployment may be called and learns from each call's outcome."""

    __slots__ = ("_breaker", "granted_trial", "trial_in_flight", "unreachable")

    def __init__(self, name: str, *, fail_max: int, reset_timeout_s: float, on_change: StateListener) -> None:
        self._breaker = pybreaker.CircuitBreaker(
            fail_max=fail_max,
            reset_timeout=reset_timeout_s,
            name=name,
            listeners=[_Listener(name, on_change)],
            throw_new_error_on_trip=False,
        )
        self.trial_in_flight = False
        self.granted_trial = False
        """Whether the last successful :meth:`try_acquire` let the half-open trial through:
        only that call may end the trial (see :meth:`release_trial`)."""
        self.unreachable = False
        """True when the last counted failure was a connection failure (the runtime was down)."""

    @property
    def state(self) -> BreakerState:
        return _STATE_NAMES.get(self._breaker.current_state, "closed")

    def try_acquire(self) -> bool:
        """May a call go out now? Moves open→half_open after the reset timeout (one trial)."""
        state = self._breaker.current_state
        if state == pybreaker.STATE_CLOSED:
            self.granted_trial = False
            return True
        if state == pybreaker.STATE_OPEN:
            if self._cooling():
                return False
            self._breaker.half_open()
        if self.trial_in_flight:
            return False
        self.trial_in_flight = True
        self.granted_trial = True
        return True

    def blocked(self) -> bool:
        """Whether :meth:`try_acquire` would refuse now whatever the capacity: open within its
        reset timeout, or half-open with its one trial out. Reserves nothing."""
        state = self._breaker.current_state
        if state == pybreaker.STATE_CLOSED:
            return False
        if state == pybreaker.STATE_OPEN and self._cooling():
            return True
        return self.trial_in_flight

    def reopens_at(self) -> float | None:
        """``time.monotonic()`` when an open breaker's reset timeout ends and a trial may go;
        None when it is not open within its reset timeout."""
        opened_at = self._breaker._state_storage.opened_at
        if self._breaker.current_state != pybreaker.STATE_OPEN or opened_at is None:
            return None
        left = (opened_at + timedelta(seconds=self._breaker.reset_timeout) - datetime.now(UTC)).total_seconds()
        return time.monotonic() + left if left > 0 else None

    def _cooling(self) -> bool:
        """Open, and within its reset timeout (no trial yet)."""
        opened_at = self._breaker._state_storage.opened_at
        timeout = timedelta(seconds=self._breaker.reset_timeout)
        return opened_at is not None and datetime.now(UTC) < opened_at + timeout

    def release_trial(self) -> None:
        """End the half-open trial; call it only for the call that was granted it."""
        self.trial_in_flight = False

    def _decides(self, trial: bool) -> bool:
        """Whether a call's outcome may move the breaker: any call's while it is closed, only
        the trial's while it is half-open, none while it is open. Every other call in flight
        then was sent before the breaker opened: its late answer, or its late failure (a
        timeout that started before the outage was noticed), says nothing about whether the
        deployment has recovered since, and must not decide (or undo) the trial."""
        state = self._breaker.current_state
        if state == pybreaker.STATE_CLOSED:
            return True
        return state == pybreaker.STATE_HALF_OPEN and trial

    def record_success(self, *, trial: bool) -> None:
        """A call was answered. ``trial``: the call held the half-open trial (see
        :meth:`_decides`)."""
        if not self._decides(trial):
            return
        breaker = self._breaker
        if breaker.current_state == pybreaker.STATE_CLOSED and breaker.fail_counter == 0:
            return  # nothing to reset: skip the state machine's lock on the hot path
        with contextlib.suppress(pybreaker.CircuitBreakerError):  # opened by another call meanwhile
            breaker.call(_succeed)

    def record_failure(self, error: ProviderError, *, trial: bool) -> None:
        """Count a deployment fault; a refused connection opens the breaker at once.
        ``trial`` as for :meth:`record_success`: a failure of a call sent before the breaker
        opened counts only while it is closed."""
        if not self._decides(trial):
            return
        if error.counts_as_failure:
            self.unreachable = isinstance(error, ProviderConnectionError)
        if isinstance(error, ProviderConnectionError) and error.refused:
            self._breaker.open()
            return
        if not error.sent:
            return  # the deployment said nothing about its health (a half-open trial stays undecided)
        if not error.counts_as_failure:
            # The deployment answered (a 4xx caused by the request): it is alive.
            self.record_success(trial=trial)
            return
        with contextlib.suppress(ProviderError, pybreaker.CircuitBreakerError):
            self._breaker.call(_fail, error)

    def reopen_undecided(self) -> bool:
        """The half-open trial ended undecided (cut by its caller's deadline before any
        answer): open again for another reset timeout, counting no failure. The runtime took
        the call, so it is no longer 'unreachable': a passing probe does not bring it back
        early, or each probe would send a runtime whose chat hangs one more request (review
        72). Whether it was half-open."""
        if self._breaker.current_state != pybreaker.STATE_HALF_OPEN:
            return False
        self.unreachable = False
        self._breaker.open()
        return True

    def note_refused(self) -> None:
        """A probe found nothing listening: while open, the runtime is unreachable again, so a
        passing probe may bring it back before the reset timeout (after an undecided trial
        cleared the flag, a restarted runtime otherwise waited out the whole timeout)."""
        if self._breaker.current_state == pybreaker.STATE_OPEN:
            self.unreachable = True

    def probe_passed(self) -> None:
        """A passing health probe lets one trial call through before the reset timeout —
        only when the breaker opened because the runtime was unreachable. A probe cannot
        vouch for a chat path that hangs, errors or answers garbage while ``/models`` works,
        so those breakers wait out their reset timeout."""
        if self.unreachable and self._breaker.current_state == pybreaker.STATE_OPEN:
            self._breaker.half_open()

    def force_open(self) -> None:
        if self._breaker.current_state != pybreaker.STATE_OPEN:
            self._breaker.open()
