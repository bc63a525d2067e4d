"""The policy seam: a small object that orders candidate deployments for one request.

A policy sees read-only :class:`Candidate` views and a :class:`RouteContext`; it returns
the candidates in the order to try them and may drop some (a filter). It never calls a
provider, never waits and never mutates state, so each policy is testable with plain
data. Skipping open, unhealthy or saturated deployments is the engine's job, not the
policy's: a policy only says who to try first.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from hybrid_infer._config import Deployment
from hybrid_infer._tokens import estimate_prompt_tokens


class Candidate(Protocol):
    """What a policy may read about one deployment (a live, read-only view)."""

    @property
    def deployment(self) -> Deployment: ...

    @property
    def in_flight(self) -> int: ...

    @property
    def has_capacity(self) -> bool:
        """False when ``max_concurrency`` requests are in flight or the rpm budget is spent."""
        ...

    @property
    def ewma_latency_ms(self) -> float | None:
        """Smoothed latency of completed calls; ``None`` until the first one."""
        ...

    @property
    def probe_latency_ms(self) -> float | None:
        """Smoothed latency of health probes; ``None`` until the first one."""
        ...


class RouteContext:
    """What a policy may know about the request being routed.

    ``prompt_tokens`` is estimated on first use only (most policies never ask), from the
    messages or given directly.
    """

    __slots__ = ("_messages", "_prompt_tokens", "expected_output_tokens", "use_case")

    def __init__(
        self,
        use_case: str | None = None,
        prompt_tokens: int | None = None,
        expected_output_tokens: int = 256,
        messages: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        self.use_case = use_case
        self.expected_output_tokens = expected_output_tokens
        """``max_tokens`` of the request, else the client's ``default_max_output_tokens``."""
        self._messages = messages
        self._prompt_tokens = prompt_tokens

    @property
    def prompt_tokens(self) -> int:
        """Estimated prompt tokens (character heuristic; see ``_tokens``)."""
        if self._prompt_tokens is None:
            self._prompt_tokens = estimate_prompt_tokens(self._messages) if self._messages else 1
        return self._prompt_tokens

    def __repr__(self) -> str:
        return (
            f"RouteContext(use_case={self.use_case!r}, prompt_tokens={self.prompt_tokens}, "
            f"expected_output_tokens={self.expected_output_tokens})"
        )


class Policy(ABC):
    """Orders candidates for one request. Compose with ``>>``: ``ByUseCase() >> Cheapest()``."""

    @abstractmethod
    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        """Return the candidates to try, best first (a subset is allowed: that filters)."""

    def validate(self, deployments: Sequence[Deployment]) -> None:  # noqa: B027 - optional hook
        """Raise :class:`~hybrid_infer.errors.ConfigError` if this policy cannot rank them."""

    def __rshift__(self, other: Policy | str) -> Policy:
        return Chain(self, other)

    def __rrshift__(self, other: str) -> Policy:
        return Chain(other, self)  # 'cheapest' >> policy

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Chain(Policy):
    """Apply policies in turn: each orders (or filters) the output of the previous one."""

    def __init__(self, *policies: Policy | str) -> None:
        from hybrid_infer.policies import resolve_policy

        flat: list[Policy] = []
        for index, given in enumerate(policies):
            policy = resolve_policy(given, field=f"policies[{index}]")
            flat.extend(policy.policies if isinstance(policy, Chain) else (policy,))
        self.policies: tuple[Policy, ...] = tuple(flat)

    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        ordered = list(candidates)
        for policy in self.policies:
            ordered = policy.order(ordered, ctx)
        return ordered

    def validate(self, deployments: Sequence[Deployment]) -> None:
        for policy in self.policies:
            policy.validate(deployments)

    def __repr__(self) -> str:
        return " >> ".join(repr(p) for p in self.policies)
