"""Typed telemetry events passed to the ``callbacks`` of a :class:`~hybrid_infer.HybridClient`.

A callback is any callable taking one event. Events are small frozen dataclasses emitted
inline on the client's event loop (for a sync exact cache hit, on the calling thread), so a
callback must be quick and thread-safe: the time it takes delays every request on that loop
and counts against their timeouts. Wrap slow work in :class:`ThreadedCallback`. An exception
in a callback is logged and swallowed, never failing a request. Events carry deployment names,
outcomes and numbers, never API keys or prompts.
"""

from __future__ import annotations

import inspect
import logging
import queue
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from time import perf_counter, time
from typing import Any, TypeAlias

from pydantic import BaseModel

from hybrid_infer._results import Attempt, BreakerState, Result
from hybrid_infer.errors import ConfigError

_log = logging.getLogger("hybrid_infer")
# A library does not print on its own: without logging configured by the application,
# records go nowhere instead of to Python's last-resort stderr handler.
_log.addHandler(logging.NullHandler())


@dataclass(frozen=True, slots=True)
class RequestStarted:
    """A ``complete``/``stream`` call began routing."""

    request_id: str
    use_case: str | None
    stream: bool
    at: float = field(default_factory=time)


@dataclass(frozen=True, slots=True)
class AttemptFinished:
    """One deployment answered, failed or was skipped for a request."""

    request_id: str
    attempt: Attempt
    at: float = field(default_factory=time)


@dataclass(frozen=True, slots=True)
class RequestFinished:
    """A request ended: ``result`` on success, else ``error_type`` and ``error``."""

    request_id: str
    result: Result | None
    error_type: str | None = None
    error: str | None = None
    at: float = field(default_factory=time)


@dataclass(frozen=True, slots=True)
class CacheServed:
    """A request was answered from the cache: ``outcome`` is exact, semantic or fallback."""

    request_id: str
    outcome: str
    similarity: float | None = None
    at: float = field(default_factory=time)


@dataclass(frozen=True, slots=True)
class BreakerStateChanged:
    """A deployment's circuit breaker moved between closed, open and half_open."""

    deployment: str
    old: BreakerState
    new: BreakerState
    at: float = field(default_factory=time)


@dataclass(frozen=True, slots=True)
class HealthChanged:
    """A health probe changed a deployment's ``healthy`` flag."""

    deployment: str
    healthy: bool
    error: str | None = None
    at: float = field(default_factory=time)


Event: TypeAlias = (
    RequestStarted | AttemptFinished | RequestFinished | CacheServed | BreakerStateChanged | HealthChanged
)
Callback: TypeAlias = Callable[[Event], object]


def event_dict(event: Event) -> dict[str, Any]:
    """``event`` as JSON-ready data, its class name under ``"event"``: a telemetry log line
    is ``json.dumps(event_dict(event))``. A ``Result`` or ``Attempt`` inside becomes its
    ``model_dump(mode="json")`` (``dataclasses.asdict`` leaves those objects as they are)."""
    data: dict[str, Any] = {"event": type(event).__name__}
    for item in fields(event):
        value = getattr(event, item.name)
        data[item.name] = value.model_dump(mode="json") if isinstance(value, BaseModel) else value
    return data


def checked_callbacks(callbacks: object, field: str = "callbacks") -> tuple[Callback, ...]:
    """``callbacks`` as a tuple of plain callables, read once (a generator works like a list).

    An ``async def`` callback is refused: events are delivered by a plain call on the client's
    loop, so its coroutine would never run. Wrap async work in a plain function that schedules
    it, or in :class:`ThreadedCallback`."""
    if callbacks is None:
        return ()
    if callable(callbacks) or isinstance(callbacks, str | bytes) or not isinstance(callbacks, Iterable):
        raise ConfigError(
            f"must be a list of callables, got {type(callbacks).__name__} (wrap a single one: [callback])",
            field=field,
        )
    found = tuple(callbacks)
    for index, callback in enumerate(found):
        if not callable(callback):
            raise ConfigError(f"must be callable, got {type(callback).__name__}", field=f"{field}[{index}]")
        if _is_async(callback):
            raise ConfigError(
                "an async def callback would never run (events are delivered by a plain call on the "
                "client's loop): pass a plain function, or one that schedules the async work",
                field=f"{field}[{index}]",
            )
    return found


def _is_async(callback: Callable[..., object]) -> bool:
    """An ``async def`` function, or an object whose ``__call__`` is one."""
    return inspect.iscoroutinefunction(callback) or inspect.iscoroutinefunction(type(callback).__call__)


def _detach(error: BaseException, outer: BaseException) -> None:
    """Cut ``error``'s chain where it reaches ``outer``, the error being handled around the emit."""
    seen: set[int] = set()
    link: BaseException | None = error
    while link is not None and id(link) not in seen:
        seen.add(id(link))
        if link.__context__ is outer and link.__cause__ is None:
            link.__suppress_context__ = True
            return
        link = link.__cause__ or (None if link.__suppress_context__ else link.__context__)


SLOW_CALLBACK_S = 0.010
"""A callback slower than this delays every request on its loop: it is reported (see EventBus)."""
_REPORT_EVERY_S = 60.0


class _Reports:
    """When a callback's last warning of one kind was logged, and how many were held back
    since: a broken or slow callback runs on every event, its warnings must not flood."""

    __slots__ = ("held", "last")

    def __init__(self) -> None:
        self.last = -_REPORT_EVERY_S
        self.held = 0

    def due(self, now: float) -> int | None:
        """The number held back since the last report when one is due now, else None."""
        if now - self.last < _REPORT_EVERY_S:
            self.held += 1
            return None
        held, self.held, self.last = self.held, 0, now
        return held


class EventBus:
    """Delivers events to callbacks; a failing callback is logged and skipped.

    Warnings about one callback (it raised, it was slow) are logged at most once a minute
    each, with how many were held back since the last one.
    """

    __slots__ = ("_failed", "_report_slow", "_slow", "callbacks")

    def __init__(self, callbacks: Sequence[Callback] = (), *, report_slow: bool = True) -> None:
        self.callbacks: tuple[Callback, ...] = checked_callbacks(callbacks)
        self._failed = [_Reports() for _ in self.callbacks]
        self._slow = [_Reports() for _ in self.callbacks]
        self._report_slow = report_slow

    def __bool__(self) -> bool:
        return bool(self.callbacks)

    def emit(self, event: Event) -> None:
        outer = sys.exc_info()[1]
        for index, callback in enumerate(self.callbacks):
            started = perf_counter()
            try:
                returned = callback(event)
                if inspect.isawaitable(returned):  # an async callable that hid being one
                    if inspect.iscoroutine(returned):
                        returned.close()  # never run: no 'was never awaited' warning on top
                    raise TypeError("the callback returned an awaitable, which is never awaited: pass a plain function")
            except BaseException as exc:
                if isinstance(exc, KeyboardInterrupt) and threading.current_thread() is threading.main_thread():
                    raise  # Ctrl-C during a callback is the user's, not the callback's
                # Anything else a callback raises is its own failure, SystemExit and a stray
                # CancelledError included: it must not fail the request nor stop the loop.
                # Events are often emitted while a provider error is being handled; that error
                # is not the callback's cause, so its traceback is left out of this warning.
                if outer is not None:
                    _detach(exc, outer)
                if (held := self._failed[index].due(perf_counter())) is not None:
                    _log.warning(
                        "telemetry callback %r failed on %s%s",
                        callback,
                        type(event).__name__,
                        f" ({held} more failures since the last warning)" if held else "",
                        exc_info=exc,
                        extra={"request_id": getattr(event, "request_id", None)},
                    )
            spent = perf_counter() - started
            if (
                spent > SLOW_CALLBACK_S
                and self._report_slow
                and (held := self._slow[index].due(started + spent)) is not None
            ):
                _log.warning(
                    "telemetry callback %r took %.0f ms on %s%s: callbacks run on the event loop, so that time "
                    "delays every request in flight and counts against its timeout_s; wrap a slow callback "
                    "in hybrid_infer.events.ThreadedCallback",
                    callback,
                    spent * 1000,
                    type(event).__name__,
                    f" ({held} more slow calls since the last warning)" if held else "",
                )


class ThreadedCallback:
    """Run a slow callback (a network exporter, a database write) on a thread of its own.

    ``HybridClient(callbacks=[ThreadedCallback(export)])``: the client's loop only puts the
    event on a queue; ``export`` is called on a worker thread, in order. The queue holds at
    most ``max_queue`` events: past that, new events are dropped (counted in ``dropped``)
    rather than slowing the requests down. The thread starts with the first event;
    :meth:`close` delivers what is queued (up to ``timeout_s``) and stops it. An exception
    in ``export`` is logged as for any callback.
    """

    def __init__(self, callback: Callback, max_queue: int = 10_000) -> None:
        if isinstance(max_queue, bool) or not isinstance(max_queue, int) or max_queue < 1:
            raise ConfigError(f"must be an integer >= 1, got {max_queue!r}", field="max_queue")
        try:
            (callback,) = checked_callbacks([callback])
        except ConfigError as error:
            raise error.at("callback") from None
        self.callback = callback
        self.dropped = 0
        """Events dropped because the queue was full."""
        self._queue: queue.Queue[Event | None] = queue.Queue(max_queue)
        self._bus = EventBus([callback], report_slow=False)  # its own thread: slow is fine there
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False

    def __call__(self, event: Event) -> None:
        if self._thread is None or self._closed:
            with self._lock:
                if self._closed:
                    self.dropped += 1
                    return
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="hybrid-infer-callback", daemon=True)
                    self._thread.start()
        try:
            self._queue.put_nowait(event)
        except queue.Full:
            with self._lock:
                self.dropped += 1

    def _run(self) -> None:
        while (event := self._queue.get()) is not None:
            self._bus.emit(event)

    def close(self, timeout_s: float = 5.0) -> None:
        """Deliver the queued events (waiting up to ``timeout_s``), then stop the thread. Idempotent."""
        with self._lock:
            self._closed = True
            thread = self._thread
        if thread is None:
            return
        deadline = perf_counter() + timeout_s
        while thread.is_alive():
            try:
                self._queue.put(None, timeout=max(0.0, deadline - perf_counter()))
                break
            except queue.Full:
                if perf_counter() >= deadline:
                    break
        thread.join(max(0.0, deadline - perf_counter()))

    def __enter__(self) -> ThreadedCallback:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"ThreadedCallback({self.callback!r})"


__all__ = [
    "SLOW_CALLBACK_S",
    "AttemptFinished",
    "BreakerStateChanged",
    "CacheServed",
    "Callback",
    "Event",
    "EventBus",
    "HealthChanged",
    "RequestFinished",
    "RequestStarted",
    "ThreadedCallback",
    "event_dict",
]
