"""The validated settings of the response cache.

:class:`CacheConfig` is a frozen pydantic model, so a bad value fails at construction with
a ``ValidationError`` naming the field. It only describes the cache; it opens no files,
loads no model and checks no installed extras (the cache does that when it is built).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic_core import InitErrorDetails

from hybrid_infer._request import MAX_SECONDS, check_namespace
from hybrid_infer.errors import ConfigError

DEFAULT_EMBEDDER = "all-MiniLM-L6-v2"
DEFAULT_SIMILARITY_THRESHOLD = 0.80
"""Chosen with ``bench/semantic_quality.py`` (see "Choosing the defaults" in
``docs/caching.md``): with the guard on, QQP precision barely moves between 0.80 and 0.88
(about 0.59 to 0.61, short of the 0.95 target at any threshold), while paraphrase hit
rates on the near-miss files fall steeply above 0.80."""

Embedder = str | Callable[[list[str]], Any]
"""A model name or directory, or a callable mapping texts to an ``(n, d)`` array."""


class CacheConfig(BaseModel):
    """Where and how answers are cached: exact keys, semantic matching, TTL and limits."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    path: str | Path | None = None
    """Cache directory; ``None`` uses the platform's user cache dir / ``hybrid-infer``."""
    exact: bool = Field(default=True, strict=True)
    semantic: bool = Field(default=True, strict=True)
    similarity_threshold: float = Field(
        default=DEFAULT_SIMILARITY_THRESHOLD, gt=0.0, le=1.0, allow_inf_nan=False, strict=True
    )
    """Minimum cosine similarity of the last user turns for a semantic hit."""
    ttl_s: float | None = Field(default=None, gt=0, le=MAX_SECONDS, allow_inf_nan=False, strict=True)
    max_entries: int | None = Field(default=None, ge=1, strict=True)
    size_limit_bytes: int | None = Field(default=None, ge=1 << 20, strict=True)
    """Disk budget of the entry store; ``None`` keeps diskcache's default of 1 GiB."""
    namespace: str = "default"
    """No surrounding spaces nor invisible characters: ``" default"`` would silently be
    another namespace (the rule of a request's ``namespace=``)."""
    embedder: Embedder = DEFAULT_EMBEDDER
    cache_sampled: bool = Field(default=False, strict=True)
    """Also cache requests with a temperature above 0 (off: sampled answers vary)."""
    offline_fallback: bool = Field(default=True, strict=True)
    fallback_threshold: float = Field(default=0.85, gt=0.0, le=1.0, allow_inf_nan=False, strict=True)
    """Similarity needed for a stale answer when no provider could answer."""
    guard: bool = Field(default=True, strict=True)
    """Verify every semantic candidate with the false-hit guard before returning it."""

    @field_validator("embedder")
    @classmethod
    def _check_embedder(cls, value: Embedder) -> Embedder:
        if isinstance(value, str) and not value.strip():
            raise ValueError("must be a model name, a model directory or a callable")
        return value

    @field_validator("namespace")
    @classmethod
    def _check_namespace(cls, value: str) -> str:
        try:
            return check_namespace(value)
        except ConfigError as exc:
            raise ValueError(exc.reason) from None

    @field_validator("path")
    @classmethod
    def _check_path(cls, value: str | Path | None) -> str | Path | None:
        if isinstance(value, str) and not value.strip():
            raise ValueError("must be a directory path or None")
        return value

    @model_validator(mode="after")
    def _check_layers(self) -> CacheConfig:
        """With both layers off no answer could ever be read back (not even by the offline
        fallback, which reads through them): storing them would only fill the disk."""
        if not (self.exact or self.semantic):
            # located at a field, as a field's own error is: a model validator's names none (review 80)
            message = "exact and semantic are both off, so nothing stored could be read (cache=None: no cache)"
            detail: InitErrorDetails = {
                "type": "value_error",
                "loc": ("semantic",),
                "input": self.semantic,
                "ctx": {"error": ValueError(message)},
            }
            raise ValidationError.from_exception_data("CacheConfig", [detail])
        return self

    def directory(self) -> Path:
        """The cache directory this config points at, absolute (resolving the platform default).

        A relative ``path`` is taken from the working directory at the time of the call: the cache
        opens its store lazily per thread and its index at the first semantic use, so a directory
        left relative would follow a later ``chdir`` and split one cache in two.
        """
        if self.path is not None:
            return Path(self.path).expanduser().absolute()
        from platformdirs import user_cache_path

        return user_cache_path("hybrid-infer", appauthor=False)
