"""The typed values the response cache stores and returns.

:class:`CachedAnswer` is exactly what is written to disk for one answer: the text and where
it came from, never API keys, attempts or request ids. :class:`CacheHit` wraps an answer
with how it was found. Neither knows how it is stored or looked up.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from hybrid_infer._results import DeploymentKind, Result, ToolCall, Usage

HitKind = Literal["exact", "semantic"]


class CachedAnswer(BaseModel):
    """One stored answer: what the caller needs to rebuild a ``Result``, nothing more."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    provider: str
    model: str
    kind: DeploymentKind
    usage: Usage
    finish_reason: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    cached_at: datetime

    @classmethod
    def from_result(cls, result: Result, *, now: datetime | None = None) -> CachedAnswer:
        """Keep the answer and its origin; drop attempts, costs, latencies and ids."""
        return cls(
            text=result.text,
            provider=result.provider,
            model=result.model,
            kind=result.kind,
            usage=result.usage,
            finish_reason=result.finish_reason,
            tool_calls=result.tool_calls,
            cached_at=now or datetime.now(UTC),
        )


@dataclass(frozen=True, slots=True)
class CacheHit:
    """A cached answer and how it was found (``similarity`` is set for semantic hits)."""

    kind: HitKind
    key: str
    similarity: float | None
    answer: CachedAnswer
