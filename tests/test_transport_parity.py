"""Native and litellm transports give identical Results and error classes for the same wire."""

from __future__ import annotations

import pytest

from hybrid_infer import AllDeploymentsFailed, HybridClient, Result

from .conftest import NO_PROBES, deployment_for

COMPARED = ("text", "provider", "model", "kind", "usage", "cost_usd", "finish_reason", "cache")


async def run_both(fake, protocol: str, **call: object) -> tuple[Result, Result]:
    provider = fake(protocol)
    results = []
    for transport in ("native", "litellm"):
        async with HybridClient([deployment_for(provider, "p", transport=transport)], health=NO_PROBES) as client:
            results.append(await client.acomplete(**call))  # type: ignore[arg-type]
    return results[0], results[1]


@pytest.mark.parametrize("protocol", ["openai", "ollama"])
@pytest.mark.parametrize(
    "call",
    [
        {"prompt": "hello parity"},
        {"prompt": "one two three four five six", "max_tokens": 3},
        {
            "messages": [
                {"role": "system", "content": "be brief"},
                {"role": "user", "content": "hi"},
            ],
            "temperature": 0,
        },
    ],
)
async def test_results_are_identical(fake, protocol: str, call: dict[str, object]) -> None:
    native, litellm = await run_both(fake, protocol, **call)
    for field in COMPARED:
        assert getattr(native, field) == getattr(litellm, field), field


@pytest.mark.parametrize("protocol", ["openai", "ollama"])
@pytest.mark.parametrize(
    ("fault", "error_type"),
    [
        ({"error_status": 500}, "ServerError"),
        ({"error_status": 503}, "ServerError"),
        ({"retry_after_s": 5}, "RateLimited"),
        ({"malformed": True}, "MalformedResponse"),
        ({"error_status": 400}, "RequestRejected"),
        ({"error_status": 408}, "ProviderTimeout"),
    ],
)
async def test_error_classes_are_identical(fake, protocol: str, fault: dict[str, object], error_type: str) -> None:
    provider = fake(protocol, **fault)
    seen = []
    for transport in ("native", "litellm"):
        async with HybridClient([deployment_for(provider, "p", transport=transport)], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                await client.acomplete("x")
        attempt = info.value.attempts[0]
        seen.append((attempt.error_type, attempt.status))
    expected_status = fault.get("error_status", 429 if "retry_after_s" in fault else None)
    assert seen == [(error_type, expected_status)] * 2


@pytest.mark.parametrize("protocol", ["openai", "ollama"])
async def test_refused_connections_are_identical(fake, protocol: str) -> None:
    provider = fake(protocol)
    provider.stop()
    for transport in ("native", "litellm"):
        async with HybridClient([deployment_for(provider, "p", transport=transport)], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                await client.acomplete("x")
            assert info.value.attempts[0].error_type == "ProviderConnectionError"
            assert client.health()["p"].state == "open"
