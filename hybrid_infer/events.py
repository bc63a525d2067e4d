"""Typed telemetry events passed to the ``callbacks`` of a :class:`~hybrid_infer.HybridClient`.

A callback is any callable taking one event. Events are small frozen dataclasses emitted
inline on the client's event loop (for a sync exact cache hit, on the calling thread), so a
callback must be quick and thread-safe (hand slow work to a queue). An exception in a
callback is logged and swallowed, never failing a request. Events carry deployment names,
outcomes and numbers, never API keys or prompts.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from time import time
from typing import TypeAlias

from hybrid_infer._results import Attempt, BreakerState, Result

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


class EventBus:
    """Delivers events to callbacks; a failing callback is logged and skipped."""

    __slots__ = ("callbacks",)

    def __init__(self, callbacks: Sequence[Callback] = ()) -> None:
        self.callbacks: tuple[Callback, ...] = tuple(callbacks)

    def __bool__(self) -> bool:
        return bool(self.callbacks)

    def emit(self, event: Event) -> None:
        outer = sys.exc_info()[1]
        for callback in self.callbacks:
            try:
                callback(event)
            except Exception as exc:
                # Events are often emitted while a provider error is being handled; that error
                # is not the callback's cause, so its traceback is left out of this warning.
                if outer is not None:
                    _detach(exc, outer)
                _log.warning(
                    "telemetry callback %r failed on %s",
                    callback,
                    type(event).__name__,
                    exc_info=exc,
                )


__all__ = [
    "AttemptFinished",
    "BreakerStateChanged",
    "CacheServed",
    "Callback",
    "Event",
    "EventBus",
    "HealthChanged",
    "RequestFinished",
    "RequestStarted",
]
