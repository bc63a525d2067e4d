"""ByUseCase: keep deployments tagged for the request's use case, then rank per use case.

The seed design picks models by use case (code generation, reasoning, code analysis);
this policy filters to deployments whose ``use_cases`` contain the request's
``use_case`` and hands them to the ranker configured for that use case. The engine
applies the same filter to every policy, so a user policy never sees untagged ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hybrid_infer._config import Deployment
from hybrid_infer.errors import ConfigError
from hybrid_infer.policies._base import Candidate, Policy, RouteContext


class ByUseCase(Policy):
    """Filter by ``use_case``; order with ``routes[use_case]`` or ``default``.

    ``ByUseCase({"reasoning": "cheapest", "code-generation": LocalFirst()})``.
    """

    def __init__(
        self,
        routes: Mapping[str, Policy | str] | None = None,
        default: Policy | str = "local-first",
    ) -> None:
        from hybrid_infer.policies import resolve_policy

        if routes is not None and not isinstance(routes, Mapping):
            raise ConfigError(f"must be a mapping from use case to policy, got {type(routes).__name__}", field="routes")
        self.routes: dict[str, Policy] = {}
        for name, policy in (routes or {}).items():
            if not isinstance(name, str) or not name.strip():
                raise ConfigError(f"a use case must be a non-empty string, got {name!r}", field="routes")
            self.routes[name] = resolve_policy(policy, field=f"routes.{name}")
        self.default = resolve_policy(default, field="default")

    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        if ctx.use_case is None:
            return self.default.order(candidates, ctx)
        tagged = [c for c in candidates if ctx.use_case in c.deployment.use_cases]
        return self.routes.get(ctx.use_case, self.default).order(tagged, ctx)

    def validate(self, deployments: Sequence[Deployment]) -> None:
        self.default.validate(deployments)
        for use_case, policy in self.routes.items():
            policy.validate([d for d in deployments if use_case in d.use_cases])

    def __repr__(self) -> str:
        return f"ByUseCase({self.routes!r}, default={self.default!r})"
