"""Offline tests of a fallback setup: FakeProvider stands in for a local Ollama and a cloud API.

Run with ``python -m pytest examples/test_my_fallbacks.py -q``. Nothing here needs a network,
a model or an API key: both providers are real HTTP servers on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hybrid_infer import Deployment, HealthConfig, HybridClient, StreamInterrupted
from hybrid_infer.testing import FakeProvider


@pytest.fixture
def local() -> Iterator[FakeProvider]:
    with FakeProvider("ollama", models=["qwen3-coder"], name="local") as provider:
        yield provider


@pytest.fixture
def cloud() -> Iterator[FakeProvider]:
    with FakeProvider("openai", models=["gpt-4o-mini"], name="cloud") as provider:
        yield provider


@pytest.fixture
def client(local: FakeProvider, cloud: FakeProvider) -> Iterator[HybridClient]:
    deployments = [
        Deployment(name="local", model="ollama_chat/qwen3-coder", api_base=local.api_base),
        Deployment(name="cloud", model="openai/gpt-4o-mini", api_base=cloud.api_base),
    ]
    # Probes off: the servers see only our requests, so their counters are exact.
    with HybridClient(deployments, health=HealthConfig(enabled=False)) as client:
        yield client


def show_stream(client: HybridClient, prompt: str, shown: list[str]) -> None:
    """What an app does with a stream: show each delta as it arrives."""
    for chunk in client.stream(prompt):
        shown.append(chunk.delta)


def test_a_failing_local_runtime_falls_back_to_the_cloud(
    local: FakeProvider, cloud: FakeProvider, client: HybridClient
) -> None:
    local.set_faults(error_status=503)

    result = client.complete("Write a docstring for parse()")

    assert (result.provider, result.kind) == ("cloud", "cloud")
    assert [(a.deployment, a.outcome, a.error_type, a.status) for a in result.attempts] == [
        ("local", "error", "ServerError", 503),
        ("cloud", "ok", None, None),
    ]
    assert (local.request_count, cloud.request_count) == (1, 1)


def test_a_stream_cut_after_the_first_token_is_not_restarted_elsewhere(
    local: FakeProvider, cloud: FakeProvider, client: HybridClient
) -> None:
    local.cut_stream_after = 2  # send two tokens, then drop the connection

    received: list[str] = []
    with pytest.raises(StreamInterrupted) as info:
        show_stream(client, "Explain the bug at length", received)

    assert received  # the caller already showed these tokens...
    assert info.value.partial_text == "".join(received)
    assert info.value.deployment == "local"
    assert cloud.request_count == 0  # ...so the router does not silently start over


def test_a_stopped_runtime_opens_its_breaker_and_is_skipped(
    local: FakeProvider, cloud: FakeProvider, client: HybridClient
) -> None:
    local.stop()  # nothing listens on its port any more: connection refused

    first = client.complete("one")
    second = client.complete("two")

    assert first.attempts[0].error_type == "ProviderConnectionError"
    assert client.health()["local"].state == "open"
    assert [a.outcome for a in second.attempts] == ["skipped_open", "ok"]
    assert second.provider == "cloud"
