"""Typed values returned to callers: results, usage, attempts, stream chunks, health.

These are frozen pydantic models so they serialise cleanly (logs, JSON APIs, caches) and
cannot be mutated after the fact. They hold no secrets: nothing here references a
deployment's API key.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

AttemptOutcome = Literal[
    "ok", "error", "timeout", "skipped_open", "skipped_unhealthy", "skipped_busy", "skipped_context"
]
CacheOutcome = Literal["miss", "exact", "semantic", "fallback", "bypass"]
DeploymentKind = Literal["local", "cloud"]
BreakerState = Literal["closed", "open", "half_open"]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Usage(BaseModel):
    """Token counts reported by the provider (estimated only when it reported none)."""

    model_config = _FROZEN

    prompt_tokens: int = Field(default=0, ge=0)
    completion_tokens: int = Field(default=0, ge=0)
    total_tokens: int = Field(default=0, ge=0)


class Attempt(BaseModel):
    """What one deployment did for one request: answered, failed, or was skipped and why."""

    model_config = _FROZEN

    deployment: str
    outcome: AttemptOutcome
    error: str | None = None
    """Human-readable cause (error class and message) when the outcome is not ``ok``."""
    error_type: str | None = None
    """Name of the :mod:`hybrid_infer.errors` class of the cause, e.g. ``"ServerError"``."""
    status: int | None = None
    latency_ms: float = 0.0


class FunctionCall(BaseModel):
    """The function a model asked to call, with its arguments as the JSON text it wrote."""

    model_config = _FROZEN

    name: str
    arguments: str = "{}"
    """JSON text, as in the OpenAI protocol (Ollama's argument objects are serialised to it).
    The model wrote it: parse it with care, it may not be valid JSON."""


class ToolCall(BaseModel):
    """One tool call of an answer, in the OpenAI chat shape whatever the provider spoke."""

    model_config = _FROZEN

    id: str
    """The provider's id, or one made up (``call_<8 hex digits>_<n>``, unique per answer) when
    it gave none (Ollama); a ``tool`` message
    answering the call refers to it as ``tool_call_id``."""
    type: Literal["function"] = "function"
    function: FunctionCall


class Result(BaseModel):
    """One answer, tagged with where it came from and what it cost."""

    model_config = _FROZEN

    text: str
    provider: str
    """Name of the deployment that produced the answer."""
    model: str
    kind: DeploymentKind
    usage: Usage = Field(default_factory=Usage)
    latency_ms: float = 0.0
    ttft_ms: float | None = None
    """Time from the call to the first token, for streamed answers (same origin as latency_ms)."""
    cost_usd: float = 0.0
    finish_reason: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    """Tools the model asked to call (``tools=`` in the request); ``text`` is often empty then."""
    cache: CacheOutcome = "miss"
    similarity: float | None = None
    """Cosine similarity of the cached prompt, for semantic and fallback cache answers."""
    cached_at: datetime | None = None
    stale: bool = False
    """True when the answer is an offline fallback from cache because no provider answered."""
    cache_key: str | None = None
    """The cache entry behind this answer: the one that served it, or the one a fresh answer
    was stored under (``None`` when no entry served or stored it: ``cache="no-store"`` or
    ``"off"``, a sampled answer not stored, a client without a cache). ``client.cache.invalidate``
    takes it, to drop an answer that should not be served again."""
    attempts: list[Attempt] = Field(default_factory=list)
    request_id: str = ""

    @property
    def deployment(self) -> str:
        """The deployment that produced the answer: ``provider`` under the name an
        :class:`Attempt` uses for it."""
        return self.provider

    def assistant_message(self) -> dict[str, Any]:
        """This answer as the ``assistant`` message to append to the conversation: the text,
        and the tool calls the ``tool`` messages that follow it answer."""
        message: dict[str, Any] = {"role": "assistant", "content": self.text}
        if self.tool_calls:
            message["tool_calls"] = [call.model_dump() for call in self.tool_calls]
        return message


class StreamChunk(BaseModel):
    """One piece of a streamed answer; the last chunk has ``delta=""`` and carries the Result."""

    model_config = _FROZEN

    delta: str = ""
    result: Result | None = None


class DeploymentHealth(BaseModel):
    """A snapshot of one deployment's breaker, probe and load state."""

    model_config = _FROZEN

    name: str
    kind: DeploymentKind
    state: BreakerState
    healthy: bool
    last_probe_at: datetime | None = None
    last_probe_latency_ms: float | None = None
    last_error: str | None = None
    in_flight: int = 0
    max_concurrency: int | None = None
    ewma_latency_ms: float | None = None
    cooldown_until: datetime | None = None
    """Set while a 429's Retry-After keeps the deployment out of rotation."""
    model_present: bool | None = None
    """Whether the runtime lists the configured model (Ollama ``/api/tags``, ``/v1/models``)."""
    loaded_models: list[dict[str, object]] = Field(default_factory=list)
    """Models the local runtime has in memory with their sizes (Ollama ``/api/ps``)."""


class DeploymentStats(BaseModel):
    """Counters for one deployment since the client started."""

    model_config = _FROZEN

    name: str
    requests: int = 0
    errors: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    latency_p50_ms: float | None = None
    latency_p95_ms: float | None = None
