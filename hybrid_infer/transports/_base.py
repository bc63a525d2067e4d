"""The transport seam: how one request reaches one deployment and comes back.

A transport knows a wire protocol and nothing about routing: it sends a validated
:class:`~hybrid_infer._request.Request` to a :class:`~hybrid_infer.Deployment` and
returns a :class:`Completion` (or streams text deltas ending with one), raising a
:class:`~hybrid_infer.errors.ProviderError` subclass on failure. Both implementations
(native aiohttp and litellm) must map the same wire situation to the same result and
the same error class; the engine relies on that to decide failover and breakers.
"""

from __future__ import annotations

import datetime
import email.utils
import math
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncGenerator, Mapping
from dataclasses import dataclass, field

from hybrid_infer._config import Deployment
from hybrid_infer._request import Request
from hybrid_infer._results import ToolCall
from hybrid_infer.errors import (
    AuthenticationFailed,
    ConfigError,
    ContextWindowExceeded,
    DeploymentNotFound,
    MissingApiKey,
    ProviderError,
    ProviderTimeout,
    RateLimited,
    RequestRejected,
    ServerError,
)


@dataclass(frozen=True, slots=True)
class Completion:
    """A whole answer as the provider gave it; token counts are the provider's own."""

    text: str
    prompt_tokens: int
    completion_tokens: int
    finish_reason: str | None
    model: str
    tool_calls: tuple[ToolCall, ...] = ()


@dataclass(frozen=True, slots=True)
class ProbeReport:
    """What a health probe learned; ``model_present`` is None when it cannot tell."""

    latency_ms: float
    model_present: bool | None = None
    loaded_models: list[dict[str, object]] = field(default_factory=list)


class Transport(ABC):
    """Sends requests to deployments of the protocols it speaks."""

    enforces_idle_timeout: bool = False
    """True when :meth:`stream` itself raises ``ProviderTimeout`` if no data arrives for
    ``timeout_s`` (e.g. a socket read timeout); the engine then skips its own per-chunk timer."""

    @abstractmethod
    async def complete(self, deployment: Deployment, request: Request, timeout_s: float) -> Completion:
        """One non-streaming call."""

    @abstractmethod
    def stream(
        self, deployment: Deployment, request: Request, timeout_s: float
    ) -> AsyncGenerator[str | Completion, None]:
        """Yield text deltas, then exactly one :class:`Completion` (whole text).

        An empty string says "progress without text" (tool-call data arriving): the caller
        shows nothing for it but restarts its wait for the next chunk.
        """

    async def ready(self) -> None:  # noqa: B027 - optional hook
        """Finish slow one-time set-up (imports) off the event loop, before any timeout runs."""

    async def probe(self, deployment: Deployment, timeout_s: float) -> ProbeReport | None:
        """Check the deployment is up without generating; ``None`` if unsupported."""
        return None

    async def aclose(self) -> None:  # noqa: B027 - optional hook
        """Release connections. The transport is unusable afterwards."""


# --- shared HTTP error mapping -------------------------------------------------------

_CONTEXT_MARKERS = (
    "context_length_exceeded",
    "context length",
    "context window",
    "maximum context",
    "prompt is too long",
    "prompt too long",
    "too many tokens",
    "context size",  # llama.cpp server: 'the request exceeds the available context size'
    "maximum number of tokens",  # Gemini: 'the input token count (…) exceeds the maximum number of tokens'
)


def api_key_of(deployment: Deployment) -> str | None:
    """The key to send for ``deployment`` now; an unset ``${ENV}`` reference (or one holding
    what no header can carry) is ``MissingApiKey``: this deployment has no key, nothing is sent."""
    try:
        return deployment.resolve_api_key()
    except ConfigError as exc:
        raise MissingApiKey(f"no API key: {exc}", deployment=deployment.name) from None


def parse_retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds from ``Retry-After`` (seconds or HTTP date) or ``retry-after-ms``."""
    lowered = {k.lower(): v for k, v in headers.items()}
    if (ms := lowered.get("retry-after-ms")) is not None:
        try:
            if 0.0 <= (seconds := float(ms) / 1000) < math.inf:
                return seconds
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        seconds = float(value)
        # a negative or non-finite delay is as unreadable as 'soon': the default applies
        return seconds if 0.0 <= seconds < math.inf else None
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:  # the asctime form names no zone: HTTP dates are always GMT
        when = when.replace(tzinfo=datetime.UTC)
    return max(0.0, when.timestamp() - time.time())


def looks_like_context_overflow(message: str) -> bool:
    lowered = message.lower()
    return any(marker in lowered for marker in _CONTEXT_MARKERS)


def error_for_status(
    status: int, message: str, *, deployment: str, headers: Mapping[str, str] | None = None
) -> ProviderError:
    """The error class for an HTTP error status, as both transports must map it."""
    text = f"HTTP {status}: {message}"[:500]
    if status in (401, 403, 407):  # (407: the proxy wants credentials)
        return AuthenticationFailed(text, deployment=deployment, status=status)
    if status == 429:
        return RateLimited(text, deployment=deployment, retry_after_s=parse_retry_after(headers or {}))
    if status == 408:
        return ProviderTimeout(text, deployment=deployment, status=status)
    if status >= 500:
        return ServerError(text, deployment=deployment, status=status)
    if status == 404:
        return DeploymentNotFound(text, deployment=deployment, status=status)
    if looks_like_context_overflow(message):
        return ContextWindowExceeded(text, deployment=deployment, status=status)
    return RequestRejected(text, deployment=deployment, status=status)
