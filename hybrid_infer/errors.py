"""The exception tree of hybrid-infer: one base class, families by cause.

Every error a caller can see is a :class:`HybridInferError`. Errors that end a request
carry the attempts that were made, so the caller sees *what happened* on every
deployment, not just the last failure. Messages never contain API keys: they are built
from deployment names, statuses and provider messages only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hybrid_infer._results import Attempt


class HybridInferError(Exception):
    """Base class of every error raised by hybrid-infer."""


# --- configuration and input ------------------------------------------------------


class ConfigError(HybridInferError, ValueError):
    """Raised when a configuration, a preset file or a request argument is invalid.

    ``field`` names the offending field (``"deployments[1].name"``, ``"messages"``).
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        self.field = field
        self.reason = message
        """The message without the field in front."""
        super().__init__(f"{field}: {message}" if field else message)

    def at(self, field: str) -> ConfigError:
        """The same error, naming ``field`` instead (a preset file and the place in it)."""
        return ConfigError(self.reason, field=field)


class CacheUnavailable(HybridInferError):
    """The response cache's database cannot be used for this call: another connection held
    its write lock past the wait (``clear()``, ``invalidate()``), or it is damaged and could
    not be moved aside. Requests never raise it: they go on without the cache."""


# --- routing outcomes that end a request -------------------------------------------


class RoutingError(HybridInferError):
    """A request ended without an answer; ``attempts`` says what each deployment did."""

    def __init__(self, message: str, attempts: Sequence[Attempt] = ()) -> None:
        self.attempts: list[Attempt] = list(attempts)
        super().__init__(message)


class NoDeploymentAvailable(RoutingError):
    """Raised when no configured deployment can serve the request at all (e.g. use case)."""


class AllDeploymentsFailed(RoutingError):
    """Raised when every candidate deployment failed or was skipped."""


class Overloaded(RoutingError):
    """Raised when every candidate stayed saturated for ``queue_timeout_s``.

    ``retry_after_s`` is set when only time can free them (a 429's ``Retry-After``, an
    ``rpm`` window) later than the request could wait: how long until the first frees up.
    """

    def __init__(self, message: str, attempts: Sequence[Attempt] = (), *, retry_after_s: float | None = None) -> None:
        self.retry_after_s = retry_after_s
        super().__init__(message, attempts)


class ClientClosed(RoutingError):
    """Raised for a request still queued or in flight when the client was closed.

    Its provider calls were cut by the close, not by the providers: they count against no
    deployment.
    """


class StreamInterrupted(RoutingError):
    """Raised when a stream broke after its first token; ``partial_text`` is what arrived."""

    def __init__(
        self,
        message: str,
        attempts: Sequence[Attempt] = (),
        *,
        partial_text: str = "",
        deployment: str | None = None,
    ) -> None:
        self.partial_text = partial_text
        self.deployment = deployment
        super().__init__(message, attempts)


class CacheMiss(RoutingError):
    """Raised for ``cache="only"`` requests that have no cached answer (no provider is called)."""


# --- one provider call failed (the cause recorded in an Attempt) ---------------------


class ProviderError(HybridInferError):
    """One call to one deployment failed. Used as the per-attempt cause.

    ``status`` is the HTTP status when there was one. ``counts_as_failure`` tells the
    circuit breaker whether the deployment (rather than the request) is at fault. ``sent``
    is False when the call failed before anything reached the deployment (an unset key
    variable, a request its protocol cannot carry): such a failure says nothing about the
    deployment's health and uses none of its ``rpm`` budget.
    """

    counts_as_failure: bool = True
    sent: bool = True

    def __init__(
        self, message: str, *, deployment: str | None = None, status: int | None = None, sent: bool = True
    ) -> None:
        self.deployment = deployment
        self.status = status
        if not sent:
            self.sent = False
        super().__init__(message)


class ProviderTimeout(ProviderError):
    """The deployment did not answer within its timeout."""


class ProviderConnectionError(ProviderError):
    """The deployment could not be reached; ``refused`` when nothing listens there."""

    def __init__(
        self,
        message: str,
        *,
        deployment: str | None = None,
        status: int | None = None,
        refused: bool = False,
    ) -> None:
        self.refused = refused
        super().__init__(message, deployment=deployment, status=status)


class ServerError(ProviderError):
    """The deployment answered with a 5xx status."""


class MalformedResponse(ProviderError):
    """The deployment answered with a body that is not the protocol's (bad JSON, fields)."""


class TransportError(ProviderError):
    """A transport raised something other than a :class:`ProviderError` (a bug, or a library
    error a custom transport did not map). Counted against the deployment like a server
    fault, and the next deployment is tried; the original exception is the ``__cause__``."""


class RateLimited(ProviderError):
    """The deployment answered 429; ``retry_after_s`` is its requested cooldown."""

    counts_as_failure = False

    def __init__(
        self,
        message: str,
        *,
        deployment: str | None = None,
        status: int | None = 429,
        retry_after_s: float | None = None,
    ) -> None:
        self.retry_after_s = retry_after_s
        super().__init__(message, deployment=deployment, status=status)


class RequestRejected(ProviderError):
    """The deployment rejected this request (4xx caused by the request, not the deployment)."""

    counts_as_failure = False


class AuthenticationFailed(RequestRejected):
    """The deployment rejected the credentials (401/403). Reported, not retried."""


class MissingApiKey(AuthenticationFailed):
    """The deployment's ``api_key`` names an environment variable that is not set.

    Nothing was sent, so a call's missing key counts toward no breaker, and the variable is
    read again on every call. A health probe that needs the key fails the same way and
    marks the deployment unhealthy until a probe passes: with health checks on, setting
    the variable takes effect at the next probe (``HealthConfig.interval_s``).
    """

    sent = False


class DeploymentNotFound(RequestRejected):
    """HTTP 404: the deployment's model (or its endpoint) does not exist there.

    A fault of the deployment's configuration, not of the request: every request would get
    it, so the deployment is taken out of rotation like after a 401 (see docs/routing.md).
    """


class ContextWindowExceeded(RequestRejected):
    """The prompt does not fit this deployment's context window."""


class UnsupportedRequest(RequestRejected):
    """This deployment cannot carry this request, which others may: a parameter its provider
    does not take (litellm refuses ``seed`` for Anthropic), a content part its protocol has
    no place for (an image link to Ollama). Refused before sending (``sent`` False).

    Unlike a plain :class:`RequestRejected`, it does not stop the offline fallback: the
    request itself may be fine, the deployment just cannot take it."""

    sent = False


__all__ = [
    "AllDeploymentsFailed",
    "AuthenticationFailed",
    "CacheMiss",
    "ClientClosed",
    "ConfigError",
    "ContextWindowExceeded",
    "DeploymentNotFound",
    "HybridInferError",
    "MalformedResponse",
    "MissingApiKey",
    "NoDeploymentAvailable",
    "Overloaded",
    "ProviderConnectionError",
    "ProviderError",
    "ProviderTimeout",
    "RateLimited",
    "RequestRejected",
    "RoutingError",
    "ServerError",
    "StreamInterrupted",
    "TransportError",
    "UnsupportedRequest",
]
