"""Native and litellm transports give identical Results and error classes for the same wire."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from aiohttp import web

from hybrid_infer import AllDeploymentsFailed, Deployment, HybridClient, Result

from .conftest import NO_PROBES, deployment_for, serve_chat

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


def _chunk(delta: dict[str, object], finish: str | None = None) -> bytes:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    payload = {"id": "x", "object": "chat.completion.chunk", "choices": [choice]}
    return b"data: " + json.dumps(payload).encode() + b"\n\n"


_TOOL_CALL = {
    "id": "call_1",
    "type": "function",
    "function": {"name": "run_sql", "arguments": '{"query": "revenue by region for 2024, without returns"}'},
}

_ODD_BODIES: dict[str, object] = {
    # a gateway's error object in a 200, an HTML page, a completion without usage
    "error_in_200": {"error": {"message": "upstream overloaded", "type": "server_error"}},
    "html_in_200": "<html>bad gateway</html>",
    "no_usage": {
        "id": "x",
        "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "hello there"}, "finish_reason": "stop"}],
    },
    # an answer that only calls a tool, without usage: its arguments are generated tokens too
    "tool_call_no_usage": {
        "id": "x",
        "object": "chat.completion",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": None, "tool_calls": [_TOOL_CALL]},
                "finish_reason": "tool_calls",
            }
        ],
    },
}
_ODD_STREAMS: dict[str, list[bytes]] = {
    "error_event_first": [b'data: {"error": {"message": "overloaded", "type": "server_error"}}\n\n'],
    "finish_without_done": [_chunk({"content": "hello"}), _chunk({}, "stop")],
    # a 200 stream with no body at all: litellm makes up a finish reason for it
    "empty_stream": [],
    # the closing usage chunk with "choices": null rather than []
    "usage_with_null_choices": [
        _chunk({"content": "hello"}),
        _chunk({}, "stop"),
        b'data: {"id": "c", "object": "chat.completion.chunk", "model": "m", "choices": null,'
        b' "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4}}\n\n',
        b"data: [DONE]\n\n",
    ],
    "tool_call_no_usage": [
        _chunk({"tool_calls": [{"index": 0, **_TOOL_CALL, "function": {"name": "run_sql", "arguments": ""}}]}),
        _chunk({"tool_calls": [{"index": 0, "function": {"arguments": _TOOL_CALL["function"]["arguments"]}}]}),  # type: ignore[index]
        _chunk({}, "tool_calls"),
        b"data: [DONE]\n\n",
    ],
}


@pytest.fixture
async def odd_server() -> AsyncIterator[tuple[str, dict[str, str]]]:
    """An OpenAI-compatible endpoint that answers in the mode the test sets."""
    mode = {"name": ""}

    async def chat(request: web.Request) -> web.StreamResponse:
        body = await request.json()
        if not body.get("stream"):
            answer = _ODD_BODIES[mode["name"]]
            if isinstance(answer, str):
                return web.Response(text=answer, content_type="text/html")
            return web.json_response(answer)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        for part in _ODD_STREAMS[mode["name"]]:
            await response.write(part)
        await response.write_eof()
        return response

    async with serve_chat(chat) as api_base:
        yield api_base, mode


@pytest.mark.parametrize(
    ("name", "stream", "expected"),
    [
        ("error_in_200", False, "MalformedResponse"),
        ("html_in_200", False, "MalformedResponse"),
        ("no_usage", False, "ok"),
        ("error_event_first", True, "MalformedResponse"),
        ("finish_without_done", True, "ok"),
        ("empty_stream", True, "ProviderConnectionError"),
        ("usage_with_null_choices", True, "ok"),
        ("tool_call_no_usage", False, "ok"),
        ("tool_call_no_usage", True, "ok"),
    ],
)
async def test_odd_answers_are_classified_alike(
    odd_server: tuple[str, dict[str, str]], name: str, stream: bool, expected: str
) -> None:
    api_base, mode = odd_server
    mode["name"] = name
    seen = []
    for transport in ("native", "litellm"):
        deployment = Deployment(name="odd", model="openai/m", api_base=api_base, transport=transport, timeout_s=5)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            try:
                if stream:
                    result = [c async for c in client.astream("hi")][-1].result
                else:
                    result = await client.acomplete("hi")
            except AllDeploymentsFailed as error:
                seen.append(error.attempts[0].error_type)
                continue
            assert result is not None and result.usage.completion_tokens > 0  # estimated when not reported
            seen.append("ok")
    assert seen == [expected, expected]


async def test_a_lone_done_is_complete_for_native_and_broken_for_litellm(
    odd_server: tuple[str, dict[str, str]],
) -> None:
    """The documented difference: '[DONE]' without a finish reason ends a native stream
    properly; litellm cannot tell it from a stream closed early (it makes up "stop")."""
    api_base, mode = odd_server
    _ODD_STREAMS["lone_done"] = [b"data: [DONE]\n\n"]
    mode["name"] = "lone_done"
    try:
        native = Deployment(name="odd", model="openai/m", api_base=api_base, transport="native", timeout_s=5)
        async with HybridClient([native], health=NO_PROBES) as client:
            chunks = [c async for c in client.astream("hi")]
            assert chunks[-1].result is not None and chunks[-1].result.text == ""
        wrapped = Deployment(name="odd", model="openai/m", api_base=api_base, transport="litellm", timeout_s=5)
        async with HybridClient([wrapped], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                _ = [c async for c in client.astream("hi")]
            assert info.value.attempts[0].error_type == "ProviderConnectionError"
    finally:
        del _ODD_STREAMS["lone_done"]


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        ([b'{"foo": 1}\n'], "MalformedResponse"),  # JSON, but not an Ollama chunk
        ([], "ProviderConnectionError"),  # no line at all
    ],
)
async def test_odd_ollama_streams_are_classified_alike(lines: list[bytes], expected: str) -> None:
    async def chat(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"})
        await response.prepare(request)
        for line in lines:
            await response.write(line)
        await response.write_eof()
        return response

    seen = []
    async with serve_chat(chat, protocol="ollama") as api_base:
        for transport in ("native", "litellm"):
            deployment = Deployment(
                name="odd", model="ollama_chat/m", api_base=api_base, transport=transport, timeout_s=5
            )
            async with HybridClient([deployment], health=NO_PROBES) as client:
                with pytest.raises(AllDeploymentsFailed) as info:
                    _ = [c async for c in client.astream("hi")]
                seen.append(info.value.attempts[0].error_type)
    assert seen == [expected, expected]


async def test_an_answer_that_repeats_itself_streams_whole_over_both_transports(fake) -> None:
    """litellm cuts a stream after 100 identical chunks ('the model is repeating'); a table rule
    or a zero matrix repeats legitimately, and the native transport streams it whole."""
    reply = "rule: " + "------ " * 150
    provider = fake("openai", reply=reply)
    for transport in ("native", "litellm"):
        async with HybridClient([deployment_for(provider, "p", transport=transport)], health=NO_PROBES) as client:
            chunks = [c async for c in client.astream("draw a rule")]
        assert chunks[-1].result is not None and chunks[-1].result.text.strip() == reply.strip(), transport


@pytest.mark.parametrize("transport", ["native", "litellm"])
@pytest.mark.parametrize("stream", [False, True])
async def test_ollama_receives_a_developer_message_as_a_system_message(fake, transport: str, stream: bool) -> None:
    """Ollama's /api/chat knows system, user, assistant and tool; the OpenAI 'developer'
    role is its system prompt."""
    provider = fake("ollama")
    messages = [{"role": "developer", "content": "answer in French"}, {"role": "user", "content": "hi"}]
    async with HybridClient([deployment_for(provider, "p", transport=transport)], health=NO_PROBES) as client:
        if stream:
            assert [chunk async for chunk in client.astream(messages=messages)]
        else:
            assert (await client.acomplete(messages=messages)).text
    received = provider.requests[-1]["messages"]
    assert [(m["role"], m["content"]) for m in received] == [("system", "answer in French"), ("user", "hi")]


async def test_a_provider_error_is_never_its_own_cause() -> None:
    """Errors raised inside the native transport were re-raised 'from' themselves: a cycle
    in ``__cause__`` that error reporters walking the chain never leave (review 41)."""
    from hybrid_infer._request import build_request
    from hybrid_infer.errors import MalformedResponse
    from hybrid_infer.transports import NativeTransport

    async def chat(request: web.Request) -> web.Response:
        return web.json_response({"choices": []})

    transport = NativeTransport()
    try:
        async with serve_chat(chat) as api_base:
            deployment = Deployment(name="d", model="openai/m", api_base=api_base)
            with pytest.raises(MalformedResponse) as info:
                await transport.complete(deployment, build_request("hi"), 5)
    finally:
        await transport.aclose()
    assert info.value.__cause__ is not info.value
