"""Routing policies: small objects that order the candidate deployments of a request.

Use a name (``"local-first"``, ``"cheapest"``, ``"fastest"``, ``"by-use-case"``), a
built-in object, a chain (``ByUseCase() >> Cheapest()``), or subclass :class:`Policy`.
"""

from __future__ import annotations

from hybrid_infer.errors import ConfigError
from hybrid_infer.policies._base import Candidate, Chain, Policy, RouteContext
from hybrid_infer.policies._rankers import (
    Cheapest,
    Declared,
    Fastest,
    LocalFirst,
    estimated_cost_usd,
)
from hybrid_infer.policies._use_case import ByUseCase

POLICY_NAMES = ("local-first", "cheapest", "fastest", "by-use-case")


def resolve_policy(policy: Policy | str, field: str = "policy") -> Policy:
    """Turn a policy name into a policy object; pass policy objects through. Anything else
    is a :class:`ConfigError` naming ``field``."""
    if isinstance(policy, Policy):
        return policy
    if not isinstance(policy, str):
        raise ConfigError(
            f"must be a policy name ({', '.join(POLICY_NAMES)}) or a Policy object, got {type(policy).__name__}",
            field=field,
        )
    if policy == "local-first":
        return LocalFirst()
    if policy == "cheapest":
        return Cheapest()
    if policy == "fastest":
        return Fastest()
    if policy == "by-use-case":
        return ByUseCase()
    raise ConfigError(
        f"unknown policy {policy!r}; use one of {', '.join(POLICY_NAMES)} or a Policy object",
        field=field,
    )


__all__ = [
    "POLICY_NAMES",
    "ByUseCase",
    "Candidate",
    "Chain",
    "Cheapest",
    "Declared",
    "Fastest",
    "LocalFirst",
    "Policy",
    "RouteContext",
    "estimated_cost_usd",
    "resolve_policy",
]
