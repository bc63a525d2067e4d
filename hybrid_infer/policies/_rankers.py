"""The built-in rankers: local-first, cheapest and fastest.

Each is a few lines that sort candidates by one idea; ties keep the order in which the
deployments were declared, so a configuration reads as a preference list. None of them
filters: saturated or broken deployments are skipped later by the engine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from hybrid_infer._config import Deployment
from hybrid_infer.errors import ConfigError
from hybrid_infer.policies._base import Candidate, Policy, RouteContext


class Declared(Policy):
    """Keep the declared order (the identity ranker)."""

    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        return list(candidates)


class LocalFirst(Policy):
    """Local deployments with free capacity, then cloud, then saturated local ones.

    This is the seed design: use the local runtime while fewer than its
    ``max_concurrency`` requests are in flight, else spill to the cloud. ``then`` orders
    within each group (declared order by default).
    """

    def __init__(self, then: Policy | str | None = None) -> None:
        from hybrid_infer.policies import resolve_policy

        self.then = Declared() if then is None else resolve_policy(then, field="then")

    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        ranked = candidates if isinstance(self.then, Declared) else self.then.order(candidates, ctx)
        free_local: list[Candidate] = []
        cloud: list[Candidate] = []
        busy_local: list[Candidate] = []
        for c in ranked:
            if c.deployment.kind == "cloud":
                cloud.append(c)
            elif c.has_capacity:
                free_local.append(c)
            else:
                busy_local.append(c)
        return free_local + cloud + busy_local

    def validate(self, deployments: Sequence[Deployment]) -> None:
        self.then.validate(deployments)

    def __repr__(self) -> str:
        return "LocalFirst()" if isinstance(self.then, Declared) else f"LocalFirst(then={self.then!r})"


def estimated_cost_usd(deployment: Deployment, ctx: RouteContext) -> float:
    """What this request would cost on ``deployment`` by the estimate (unpriced: inf)."""
    if not deployment.has_prices:
        return math.inf
    return deployment.cost_usd(ctx.prompt_tokens, ctx.expected_output_tokens)


class Cheapest(Policy):
    """Lowest estimated cost of *this* request; ties broken as :class:`Fastest` orders them.

    Among deployments of one price, unmeasured ones go first, so each gets measured once
    and the latency tie-break can then pick the faster (trying one costs the same).
    """

    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        return sorted(candidates, key=lambda c: (estimated_cost_usd(c.deployment, ctx), *_speed(c)))

    def validate(self, deployments: Sequence[Deployment]) -> None:
        for deployment in deployments:
            if not deployment.has_prices:
                raise ConfigError(
                    f"cloud model {deployment.model!r} has no known price; set "
                    "input_cost_per_mtok and output_cost_per_mtok to rank it by cost",
                    field=f"{deployment.name}."
                    + ("input_cost_per_mtok" if deployment.input_cost_per_mtok is None else "output_cost_per_mtok"),
                )


class Fastest(Policy):
    """Lowest observed latency (EWMA of calls); unmeasured deployments first so all get measured.

    Among unmeasured deployments, a faster health probe goes first.
    """

    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        return sorted(candidates, key=_speed)


def _speed(c: Candidate) -> tuple[int, float]:
    """Unmeasured first (a faster health probe before a slower one), then by EWMA latency."""
    if c.ewma_latency_ms is None:
        probe = c.probe_latency_ms
        return (0, math.inf if probe is None else probe)
    return (1, c.ewma_latency_ms)
