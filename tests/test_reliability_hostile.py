"""Hostile input: arbitrary configs, requests and provider responses give typed errors only.

Property tests (hypothesis) throw wrong types, huge and empty strings, lone surrogates,
NaN/inf, deep nesting and unknown fields at the public API; a loopback server answers with
arbitrary bodies. Nothing but ``ConfigError``/``ValidationError`` (bad input) or a typed
failover (bad responses) may come out, and bad input never reaches a provider.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from aiohttp import web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from hybrid_infer import ConfigError, Deployment, HealthConfig, HybridClient, HybridInferError
from hybrid_infer.testing import FakeProvider

from .conftest import NO_PROBES, deployment_for

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=25,
)
anything = st.one_of(json_value, st.binary(max_size=20), st.just(object()), st.just(float("nan")))
surrogates = st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=3)
texts = st.one_of(st.text(max_size=50), surrogates, st.just(""), st.just("   "))


@pytest.fixture(scope="module")
def provider() -> Iterator[FakeProvider]:
    with FakeProvider("openai", models=["fake-model"]) as fake:
        yield fake


@pytest.fixture(scope="module")
def client(provider: FakeProvider) -> Iterator[HybridClient]:
    with HybridClient([deployment_for(provider, "p")], health=NO_PROBES) as hybrid:
        yield hybrid


message = st.fixed_dictionaries(
    {"role": st.one_of(st.sampled_from(["user", "system", "assistant", "tool", "robot"]), anything)},
    optional={"content": st.one_of(texts, anything), "extra": anything, "name": anything},
)
requests = st.fixed_dictionaries(
    {},
    optional={
        "prompt": st.one_of(texts, anything),
        "messages": st.one_of(st.lists(message, max_size=3), anything),
        "temperature": anything,
        "max_tokens": anything,
        "timeout_s": anything,
        "queue_timeout_s": anything,
        "top_p": anything,
        "stop": anything,
        "seed": anything,
        "use_case": anything,
        "policy": anything,
        "cache": anything,
        "namespace": anything,
        "tools": anything,
        "unknown_field": anything,
    },
)


@SETTINGS
@given(kwargs=requests)
def test_arbitrary_requests_are_answered_or_rejected_with_a_field(
    client: HybridClient, provider: FakeProvider, kwargs: dict[str, Any]
) -> None:
    before = provider.request_count
    try:
        result = client.complete(**kwargs)
    except ConfigError as exc:
        assert exc.field, "a ConfigError must name its field"
        assert provider.request_count == before  # bad input never reaches a provider
    except HybridInferError as exc:  # valid input that could not be served (e.g. a use case nobody has)
        assert type(exc).__name__ in ("NoDeploymentAvailable",), exc
    else:
        assert result.provider == "p"


def test_huge_prompts_are_rejected_before_any_call(client: HybridClient, provider: FakeProvider) -> None:
    before = provider.request_count
    with pytest.raises(ConfigError, match="messages"):
        client.complete("x" * 9_000_000)
    assert provider.request_count == before


def test_deeply_nested_content_is_rejected(client: HybridClient) -> None:
    nested: Any = "x"
    for _ in range(200):
        nested = [{"type": "text", "text": "t", "data": nested}]
    with pytest.raises(ConfigError, match="nested"):
        client.complete(messages=[{"role": "user", "content": nested}])


deployment_dicts = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(texts, anything),
        "model": st.one_of(st.sampled_from(["openai/gpt-4o-mini", "ollama_chat/x", "anthropic/claude"]), anything),
        "api_base": st.one_of(st.sampled_from(["http://localhost:1", "ftp://x", "nope"]), anything),
        "api_key": anything,
        "kind": anything,
        "use_cases": anything,
        "input_cost_per_mtok": anything,
        "output_cost_per_mtok": anything,
        "max_concurrency": anything,
        "timeout_s": anything,
        "context_window": anything,
        "rpm": anything,
        "transport": anything,
        "surprise": anything,
    },
)


@SETTINGS
@given(spec=deployment_dicts, policy=st.one_of(st.sampled_from(["local-first", "cheapest", "x"]), anything))
def test_arbitrary_configs_build_or_fail_with_a_field(spec: dict[str, Any], policy: Any) -> None:
    try:
        Deployment.model_validate(spec)
    except ValidationError as exc:
        assert exc.errors()[0]["loc"] or exc.errors()[0]["type"] == "model_type"
    try:
        client = HybridClient([spec], policy=policy, health=NO_PROBES)
    except ConfigError as exc:
        assert exc.field
    else:
        client.close()


@SETTINGS
@given(
    health=st.dictionaries(st.sampled_from(["interval_s", "enabled", "probe_timeout_s", "nope"]), anything, max_size=3)
)
def test_arbitrary_health_settings_fail_with_a_field(health: dict[str, Any]) -> None:
    with contextlib.suppress(ValidationError):
        HealthConfig.model_validate(health)
    try:
        HybridClient([Deployment(name="a", model="ollama_chat/x")], health=health).close()
    except ConfigError as exc:
        assert exc.field and exc.field.startswith("health")


# --- hostile provider responses ------------------------------------------------------------


class HostileServer:
    """A loopback OpenAI-style endpoint answering with whatever bytes the test sets."""

    def __init__(self) -> None:
        self.body: bytes = b"{}"
        self.status = 200
        self.content_type = "application/json"
        self.piece = 0
        """When set, the body goes out in writes of this many bytes."""
        self.calls = 0
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        self.calls += 1
        await request.read()
        if not self.piece:
            return web.Response(body=self.body, status=self.status, content_type=self.content_type)
        response = web.StreamResponse(status=self.status, headers={"Content-Type": self.content_type})
        await response.prepare(request)
        for start in range(0, len(self.body), self.piece):  # separate writes: reads cut lines anywhere
            await response.write(self.body[start : start + self.piece])
            await asyncio.sleep(0)
        await response.write_eof()
        return response

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._handle)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    def close(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)


@pytest.fixture(scope="module")
def hostile() -> Iterator[HostileServer]:
    server = HostileServer()
    yield server
    server.close()


@pytest.fixture(scope="module", params=["native", "litellm"])
def hostile_client(
    request: pytest.FixtureRequest, hostile: HostileServer, provider: FakeProvider
) -> Iterator[HybridClient]:
    deployments = [
        Deployment(
            name="hostile",
            model="openai/fake-model",
            api_base=f"http://127.0.0.1:{hostile.port}/v1",
            kind="local",
            transport=request.param,
        ),
        deployment_for(provider, "good", transport=request.param),
    ]
    # A breaker that never opens, so every example reaches the hostile server.
    health = HealthConfig(enabled=False, failure_threshold=1_000_000)
    with HybridClient(deployments, health=health, max_response_bytes=64 * 1024) as hybrid:
        yield hybrid


bodies = st.one_of(
    st.binary(max_size=200),
    json_value.map(lambda v: json.dumps(v, allow_nan=True).encode()),
    st.fixed_dictionaries(
        {
            "choices": st.one_of(
                anything,
                st.lists(
                    st.fixed_dictionaries({"message": anything}, optional={"finish_reason": anything}), max_size=2
                ),
            )
        },
        optional={"usage": anything, "model": anything},
    ).map(lambda v: json.dumps(v, allow_nan=True, default=str).encode()),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
# (404 takes the deployment out of rotation: test_failover covers it)
@given(body=bodies, status=st.sampled_from([200, 200, 200, 201, 204, 302, 400, 410, 418, 500, 503]))
def test_arbitrary_response_bodies_give_a_typed_failover(
    hostile_client: HybridClient, hostile: HostileServer, body: bytes, status: int
) -> None:
    hostile.body, hostile.status = body, status
    try:
        result = hostile_client.complete("hello")
    except HybridInferError as exc:  # only if both failed: the good one never does
        pytest.fail(f"the good deployment should have answered: {exc!r}")
    if result.provider == "good":
        assert result.attempts[0].deployment == "hostile"
        assert result.attempts[0].error_type in (
            "MalformedResponse",
            "ServerError",
            "RequestRejected",
            "ProviderConnectionError",
        ), result.attempts[0]
    else:  # the body happened to be a valid completion
        assert isinstance(result.text, str)


def test_a_huge_response_is_capped(hostile_client: HybridClient, hostile: HostileServer) -> None:
    hostile.status = 200
    hostile.body = json.dumps(
        {"choices": [{"message": {"role": "assistant", "content": "x" * 200_000}, "finish_reason": "stop"}]}
    ).encode()
    result = hostile_client.complete("hello")
    if hostile_client.deployments[0].transport == "native":
        assert result.provider == "good"
        assert result.attempts[0].error_type == "MalformedResponse"
    else:  # litellm reads whole bodies itself; the cap is the native transport's
        assert result.provider in ("good", "hostile")


@pytest.mark.parametrize(
    "body",
    [b"data: " + b"x" * 200_000, b'data: {"choices": []}\n\n' * 10_000],
    ids=["one-endless-line", "many-events"],
)
def test_a_huge_stream_is_capped_before_the_first_token(
    hostile_client: HybridClient, hostile: HostileServer, body: bytes
) -> None:
    hostile.status, hostile.body, hostile.content_type = 200, body, "text/event-stream"
    try:
        chunks = list(hostile_client.stream("hello"))
    finally:
        hostile.content_type = "application/json"
    result = chunks[-1].result
    assert result is not None
    if hostile_client.deployments[0].transport == "native":
        assert result.provider == "good"
        assert result.attempts[0].error_type == "MalformedResponse"
    else:  # litellm turns an unparsable event stream into an empty answer; the cap is ours
        assert result.provider in ("good", "hostile")


def test_a_long_stream_in_one_body_is_decoded_whole(hostile_client: HybridClient, hostile: HostileServer) -> None:
    """Events arrive in network reads that cut lines anywhere; the decoder must join them."""
    events = [b'data: {"choices": [{"index": 0, "delta": {"content": "w%d "}}]}\r\n\r\n' % i for i in range(300)]
    events.append(b'data: {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}\n\n')
    events.append(b"data: [DONE]\n\n")
    hostile.status, hostile.body, hostile.content_type = 200, b"".join(events), "text/event-stream"
    hostile.piece = 97
    try:
        chunks = list(hostile_client.stream("hello"))
    finally:
        hostile.content_type, hostile.piece = "application/json", 0
    result = chunks[-1].result
    assert result is not None
    assert result.provider == "hostile", result.attempts
    assert result.text == "".join(f"w{i} " for i in range(300))
    assert "".join(c.delta for c in chunks) == result.text
    assert result.finish_reason == "stop"


def _sse(delta: dict[str, Any], finish: str | None = None) -> bytes:
    event = {"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return b"data: " + json.dumps(event).encode() + b"\n\n"  # json.dumps writes a surrogate as \udXXXX


def test_a_surrogate_pair_split_across_chunks_is_joined_and_a_lone_half_replaced(
    hostile_client: HybridClient, hostile: HostileServer
) -> None:
    events = [_sse({"content": "Nice "}), _sse({"content": "\ud83d"}), _sse({"content": "\ude00 day \udc00"})]
    events += [_sse({}, "stop"), b"data: [DONE]\n\n"]
    hostile.status, hostile.body, hostile.content_type = 200, b"".join(events), "text/event-stream"
    try:
        chunks = list(hostile_client.stream("hello"))
    finally:
        hostile.content_type = "application/json"
    result = chunks[-1].result
    assert result is not None and result.provider == "hostile", result
    assert result.text == "Nice \U0001f600 day \ufffd"
    assert "".join(c.delta for c in chunks) == result.text
    # the answer can go back as the next turn: it is valid text
    follow_up = [{"role": "user", "content": "hello"}, result.assistant_message(), {"role": "user", "content": "more"}]
    hostile.body = json.dumps(
        {"choices": [{"message": {"role": "assistant", "content": "Nice \ud83d"}, "finish_reason": "stop"}]}
    ).encode()
    again = hostile_client.complete(messages=follow_up)
    assert again.text == "Nice \ufffd"


def test_an_absurd_token_count_is_replaced_by_the_estimate(
    hostile_client: HybridClient, hostile: HostileServer
) -> None:
    hostile.status, hostile.content_type = 200, "application/json"
    hostile.body = json.dumps(
        {
            "choices": [{"message": {"role": "assistant", "content": "four words of answer"}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 10**30, "completion_tokens": 10**12, "total_tokens": 10**30},
        }
    ).encode()
    before = hostile_client.stats()["hostile"].cost_usd
    result = hostile_client.complete("hello", use_case=None)
    assert result.provider == "hostile"
    assert result.usage.prompt_tokens < 100 and result.usage.completion_tokens < 100
    assert hostile_client.stats()["hostile"].cost_usd - before < 0.01


def test_a_lone_surrogate_in_an_error_body_is_made_printable(
    hostile_client: HybridClient, hostile: HostileServer
) -> None:
    hostile.status, hostile.content_type = 500, "application/json"
    hostile.body = b'{"error": {"message": "upstream failed: \\ud800 bad", "type": "server_error"}}'
    result = hostile_client.complete("hello")  # the good deployment answers
    assert result.provider == "good"
    error = result.attempts[0].error or ""
    error.encode("utf-8")  # would raise on a lone surrogate
    assert "upstream failed" in error
