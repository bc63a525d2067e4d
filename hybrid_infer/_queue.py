"""The queue of requests waiting for a deployment slot, shared by every event loop of a client.

A client may route on several event loops at once (the first caller's loop, the loop thread
behind the sync API, other ``asyncio.run`` loops): a slot freed on any of them goes to the
request that has waited longest for that deployment, whichever loop it waits on. The slot is
taken for the waiter in the freeing thread (so nobody else can take it in between) and the
waiter's future is settled on its own loop; a waiter that gave up meanwhile gives it back.
A deployment that comes back (its breaker's reset timeout ends or its trial closes it, a probe
passes) is offered the same way, to the requests that found it out. Noticing that it came
back is the engine's job (a timer, a probe, a trial's end), not the queue's.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import itertools
import math
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from hybrid_infer._state import DeploymentState

Handed = tuple["DeploymentState", int] | None
"""What a waiter is handed: a reserved slot (its state and the trials it holds, as
``DeploymentState.acquire`` gives them), or ``None`` to look again (the client is closing, a
deployment it waits for broke or started a 429 cooldown)."""


class Owner(Protocol):
    """What queued a waiter: an engine, which may be closing."""

    @property
    def closing(self) -> bool: ...


@dataclass(slots=True, eq=False)
class Waiter:
    """A request queued for capacity: which deployments it can take, and where to hand a slot."""

    wants: frozenset[str]
    """The deployments it found busy: it waits for a slot of one of them."""
    slot: asyncio.Future[Handed]
    loop: asyncio.AbstractEventLoop
    owner: Owner
    """The engine that queued it (``wake_all`` ends one engine's waiters when it closes)."""
    watches: frozenset[str] = frozenset()
    """The deployments it found out for another reason than load (breaker open, unhealthy): a
    slot of one that comes back is handed to it as one of ``wants`` would be."""
    ticket: int = 0
    """Its place in the queue (see :meth:`CapacityQueue.ticket`)."""
    deadline: float | None = None
    """``time.monotonic()`` when its ``deadline_s`` ends (None: it has none)."""
    half_spent: float | None = None
    """``time.monotonic()`` when half of its ``deadline_s`` is spent (None: it has none). A
    trial goes to the longest-waiting request that still has half of its deadline, else to
    the one with the most time left (see :meth:`CapacityQueue.offer`)."""
    pending: Handed = None
    """A slot reserved for it and on its way to its loop (see :meth:`CapacityQueue.withdraw`)."""
    settled: bool = False
    """Whether the slot (or the wake-up) arrived, or was withdrawn: it is handled once."""

    def takes(self, name: str) -> bool:
        """Whether a slot of deployment ``name`` may go to it: it waits for that deployment or
        watches it come back, and the engine that queued it is not closing."""
        return (name in self.wants or name in self.watches) and not self.owner.closing


class CapacityQueue:
    """Waiting requests of one client, first come first served across its event loops."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: deque[Waiter] = deque()
        """Ordered by ticket: the longest-waiting request first."""
        self._tickets = itertools.count()

    def __len__(self) -> int:
        return len(self._waiters)

    def ticket(self) -> int:
        """A place at the end of the queue, for a request about to wait for the first time. It
        keeps it when it wakes to look again (a deployment broke or came back) and waits once
        more, so looking again never puts it behind the requests that came after it."""
        return next(self._tickets)

    def add(self, waiter: Waiter) -> None:
        with self._lock:
            waiters = self._waiters
            if not waiters or waiters[-1].ticket < waiter.ticket:
                waiters.append(waiter)  # a newcomer: the common case
            else:
                waiters.insert(bisect.bisect(waiters, waiter.ticket, key=_ticket), waiter)

    def offer(self, state: DeploymentState) -> bool:
        """Hand a free slot of ``state`` to the longest-waiting request that can use it;
        whether one was handed. A trial (see ``DeploymentState.trial_next``) goes to the
        longest-waiting one that has half of its ``deadline_s`` left (see ``_trial_taker``).

        Requests that found ``state`` out (breaker open, unhealthy) and wait for another
        deployment take it as well, once it is back. When ``state`` cannot take a call for
        another reason than load (its breaker opened, it went unhealthy), every request waiting
        for a slot of it looks again: it may fail over or give up now rather than at its queue
        deadline. Waiters of a closing engine are left for it to end (with ``ClientClosed``).
        """
        name = state.deployment.name
        handed: tuple[Waiter, Handed] | None = None
        woken: list[Waiter] = []
        with self._lock:
            waiters: list[Waiter] | None = None
            if state.trial_next():
                # Its one trial call (a half-open breaker's, the first after a 429 cooldown)
                # decides whether it is back: not for a request with a sliver of its deadline_s
                # left, cut before a slow answer (reviews 67, 68, 70 and 72).
                waiters = _trial_taker(self._waiters, name)
            for waiter in list(self._waiters) if waiters is None else waiters:
                if waiter.slot.done() or waiter.loop.is_closed():
                    self._waiters.remove(waiter)
                    continue
                if not waiter.takes(name):
                    continue
                reason, trial = state.acquire()
                if reason is None:
                    self._waiters.remove(waiter)
                    waiter.pending = (state, trial)
                    handed = (waiter, waiter.pending)
                elif reason != "skipped_busy":
                    woken = [w for w in self._waiters if name in w.wants]
                    for other in woken:  # each waiter gets one delivery: a slot or a wake-up
                        self._waiters.remove(other)
                break
        if handed is not None:
            self._deliver(*handed)
        for waiter in woken:
            self._deliver(waiter, None)
        return handed is not None

    def wake(self, state: DeploymentState) -> None:
        """Every request waiting for ``state``, or for it to come back, looks again (it started a
        429 cooldown, its breaker opened: they should wait for its end, or go elsewhere, not
        sleep until their deadline)."""
        name = state.deployment.name
        with self._lock:
            woken = [w for w in self._waiters if w.takes(name)]
            for waiter in woken:
                self._waiters.remove(waiter)
        for waiter in woken:
            self._deliver(waiter, None)

    def wake_all(self, owner: Owner) -> None:
        """End the wait of every request ``owner`` queued: they look again and see it closing."""
        with self._lock:
            mine = [w for w in self._waiters if w.owner is owner]
            for waiter in mine:
                self._waiters.remove(waiter)
        for waiter in mine:
            self._deliver(waiter, None)

    def _deliver(self, waiter: Waiter, handed: Handed) -> None:
        """Settle ``waiter`` on its own loop (directly when that is the running one)."""
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is waiter.loop:
            self._settle(waiter, handed)
            return
        try:
            waiter.loop.call_soon_threadsafe(self._settle, waiter, handed)
        except RuntimeError:  # its loop closed meanwhile: the slot goes to the next one
            self._give_back(handed)

    def withdraw(self, waiter: Waiter) -> Handed:
        """Take ``waiter`` off the queue for good (it stopped waiting); a slot already
        reserved for it but not arrived yet is returned, for the caller to give back.

        Without this, a slot on its way to a loop that closes before the hand-over runs
        would never come back.
        """
        with self._lock:
            with contextlib.suppress(ValueError):
                self._waiters.remove(waiter)
            if waiter.settled:
                return None
            waiter.settled = True
            stranded, waiter.pending = waiter.pending, None
            return stranded

    def _settle(self, waiter: Waiter, handed: Handed) -> None:
        with self._lock:
            if waiter.settled:  # withdrawn meanwhile: the waiter gave the slot back itself
                return
            waiter.settled = True
            waiter.pending = None
        if waiter.slot.done():  # it timed out or was cancelled before the slot arrived
            self._give_back(handed)
        else:
            waiter.slot.set_result(handed)

    def _give_back(self, handed: Handed) -> None:
        if handed is not None:
            state, trial = handed
            state.forget_rpm_start()  # the slot's call was never made
            state.release(trial)
            self.offer(state)


def _ticket(waiter: Waiter) -> int:
    return waiter.ticket


def _trial_taker(waiters: deque[Waiter], name: str) -> list[Waiter]:
    """Who is offered a trial of deployment ``name``: the longest-waiting request for it that
    still has half of its ``deadline_s`` (or has none), else the one with the most time left
    (a fast deployment answers even a request with little left). Not simply the one with the
    most time: a background job without a deadline would hold the trial through its whole
    long answer while requests that could be answered in milliseconds wait (review 72)."""
    now = time.monotonic()
    wanting = [w for w in waiters if w.takes(name) and not (w.slot.done() or w.loop.is_closed())]
    for waiter in wanting:
        if waiter.half_spent is None or now <= waiter.half_spent:
            return [waiter]
    # every one has a deadline here: the latest (the longest-waiting of equals)
    return [max(wanting, key=_deadline)] if wanting else []


def _deadline(waiter: Waiter) -> float:
    return math.inf if waiter.deadline is None else waiter.deadline
