"""hybrid-infer: local runtimes and cloud LLM APIs behind one reliable, cheap, fast client.

The public surface is re-exported here and loaded on first attribute access, so
``import hybrid_infer`` stays cheap (no pydantic models built, no aiohttp, never
litellm); ``from hybrid_infer import HybridClient`` loads what the client needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    "HybridClient": "hybrid_infer._client",
    "Deployment": "hybrid_infer._config",
    "HealthConfig": "hybrid_infer._config",
    "Result": "hybrid_infer._results",
    "Usage": "hybrid_infer._results",
    "Attempt": "hybrid_infer._results",
    "StreamChunk": "hybrid_infer._results",
    "ToolCall": "hybrid_infer._results",
    "FunctionCall": "hybrid_infer._results",
    "DeploymentHealth": "hybrid_infer._results",
    "DeploymentStats": "hybrid_infer._results",
    "Policy": "hybrid_infer.policies",
    "LocalFirst": "hybrid_infer.policies",
    "Cheapest": "hybrid_infer.policies",
    "Fastest": "hybrid_infer.policies",
    "ByUseCase": "hybrid_infer.policies",
    "RouteContext": "hybrid_infer.policies",
    "CacheConfig": "hybrid_infer.cache",
    "HybridInferError": "hybrid_infer.errors",
    "ConfigError": "hybrid_infer.errors",
    "NoDeploymentAvailable": "hybrid_infer.errors",
    "AllDeploymentsFailed": "hybrid_infer.errors",
    "Overloaded": "hybrid_infer.errors",
    "StreamInterrupted": "hybrid_infer.errors",
    "RoutingError": "hybrid_infer.errors",
    "ClientClosed": "hybrid_infer.errors",
    "CacheMiss": "hybrid_infer.errors",
    "CacheUnavailable": "hybrid_infer.errors",
}

if TYPE_CHECKING:
    from hybrid_infer._client import HybridClient
    from hybrid_infer._config import Deployment, HealthConfig
    from hybrid_infer._results import (
        Attempt,
        DeploymentHealth,
        DeploymentStats,
        FunctionCall,
        Result,
        StreamChunk,
        ToolCall,
        Usage,
    )
    from hybrid_infer.cache import CacheConfig
    from hybrid_infer.errors import (
        AllDeploymentsFailed,
        CacheMiss,
        CacheUnavailable,
        ClientClosed,
        ConfigError,
        HybridInferError,
        NoDeploymentAvailable,
        Overloaded,
        RoutingError,
        StreamInterrupted,
    )
    from hybrid_infer.policies import ByUseCase, Cheapest, Fastest, LocalFirst, Policy, RouteContext


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'hybrid_infer' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


__all__ = [
    "AllDeploymentsFailed",
    "Attempt",
    "ByUseCase",
    "CacheConfig",
    "CacheMiss",
    "CacheUnavailable",
    "Cheapest",
    "ClientClosed",
    "ConfigError",
    "Deployment",
    "DeploymentHealth",
    "DeploymentStats",
    "Fastest",
    "FunctionCall",
    "HealthConfig",
    "HybridClient",
    "HybridInferError",
    "LocalFirst",
    "NoDeploymentAvailable",
    "Overloaded",
    "Policy",
    "Result",
    "RouteContext",
    "RoutingError",
    "StreamChunk",
    "StreamInterrupted",
    "ToolCall",
    "Usage",
    "__version__",
]
