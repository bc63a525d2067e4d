"""Shared fixtures: real loopback providers (FakeProvider) and clients built on them.

Tests arrange FakeProvider servers on 127.0.0.1, call the public API and assert on typed
results and on what the servers saw. Health probes are off unless a test is about them,
so request counts are exact.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest
from aiohttp import web

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from hybrid_infer import Deployment, HealthConfig, HybridClient
from hybrid_infer.testing import NO_FAULTS, FakeProvider

NO_PROBES = HealthConfig(enabled=False)
_FAULTS = set(NO_FAULTS) - {"latency_s", "token_delay_s"}  # the rest are constructor arguments
TRANSPORTS = ["native", "litellm"]


async def wait_for(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Poll ``condition`` until it holds: tests wait on state, not on a guessed sleep."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not reached in time"
        await asyncio.sleep(0.01)


def sse_chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    """One OpenAI ``chat.completion.chunk`` as a server-sent event."""
    chunk = {
        "id": "c",
        "object": "chat.completion.chunk",
        "model": "m",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return f"data: {json.dumps(chunk)}\n\n".encode()


@contextlib.asynccontextmanager
async def serve_chat(
    chat: Callable[[web.Request], Awaitable[web.StreamResponse]], protocol: str = "openai"
) -> AsyncIterator[str]:
    """A one-off loopback server answering chat requests (and health probes) with ``chat``,
    for wire situations FakeProvider does not script; yields its ``api_base``. ``protocol``:
    "openai" (``/v1/chat/completions``, ``/v1/models``) or "ollama" (``/api/chat``, ``/api/tags``,
    ``/api/ps``)."""
    app = web.Application()
    chat_path, probe_path, base = (
        ("/api/chat", "/api/tags", "") if protocol == "ollama" else ("/v1/chat/completions", "/v1/models", "/v1")
    )
    app.router.add_post(chat_path, chat)
    app.router.add_get(probe_path, chat)
    if protocol == "ollama":
        app.router.add_get("/api/ps", chat)  # (what a probe asks after /api/tags)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}{base}"
    finally:
        await runner.cleanup()


@pytest.fixture
def fake() -> Iterator[Callable[..., FakeProvider]]:
    """Factory of started FakeProviders, all closed at the end of the test."""
    started: list[FakeProvider] = []

    def make(protocol: str = "openai", **kwargs: Any) -> FakeProvider:
        """Constructor arguments go to FakeProvider; fault names go to ``set_faults``."""
        kwargs.setdefault("models", ["fake-model"])
        faults = {k: kwargs.pop(k) for k in list(kwargs) if k in _FAULTS}
        provider = FakeProvider(protocol, **kwargs).start()  # type: ignore[arg-type]
        started.append(provider)
        if faults:
            provider.set_faults(**faults)
        return provider

    yield make
    for provider in started:
        provider.close()


def deployment_for(
    provider: FakeProvider,
    name: str,
    *,
    transport: str = "native",
    kind: str | None = None,
    **kwargs: Any,
) -> Deployment:
    """A Deployment pointing at ``provider`` with the right model prefix for its protocol."""
    model = provider.models[0]
    prefix = "ollama_chat" if provider.protocol == "ollama" else "openai"
    if kind is None:
        kind = "local" if provider.protocol == "ollama" else "cloud"
    if kind == "cloud":
        kwargs.setdefault("input_cost_per_mtok", 1.0)
        kwargs.setdefault("output_cost_per_mtok", 2.0)
    return Deployment(
        name=name,
        model=f"{prefix}/{model}",
        api_base=provider.api_base,
        kind=kind,
        transport=transport,
        **kwargs,
    )


@pytest.fixture
def clients() -> Iterator[list[HybridClient]]:
    """Sync clients to close at the end (async tests use ``async with``)."""
    made: list[HybridClient] = []
    yield made
    for client in made:
        client.close()


@pytest.fixture(params=TRANSPORTS)
def transport(request: pytest.FixtureRequest) -> str:
    """Run a test over both transports: they must behave the same."""
    return str(request.param)
