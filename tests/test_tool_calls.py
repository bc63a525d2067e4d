"""Tool calls: what the model asks to call comes back typed, over both protocols and transports,
streamed or not, from a provider or from the cache, and feeds the next turn of an agent loop."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from hybrid_infer import CacheConfig, Deployment, HybridClient, Result, ToolCall

from .conftest import NO_PROBES, TRANSPORTS, deployment_for, serve_chat, sse_chunk

WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Current weather in a city",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
CALLS = [{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {"tz": "CET"}}]


async def ask(client: HybridClient, stream: bool, **kwargs: Any) -> Result:
    if not stream:
        return await client.acomplete(**kwargs)
    final = None
    async for chunk in client.astream(**kwargs):
        final = chunk.result or final
    assert final is not None
    return final


def assert_calls(calls: list[ToolCall]) -> None:
    assert [c.function.name for c in calls] == ["get_weather", "get_time"]
    assert [json.loads(c.function.arguments) for c in calls] == [{"city": "Paris"}, {"tz": "CET"}]
    assert all(c.type == "function" and c.id for c in calls)
    assert len({c.id for c in calls}) == 2


@pytest.mark.parametrize("protocol", ["openai", "ollama"])
@pytest.mark.parametrize("stream", [False, True], ids=["complete", "stream"])
@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_tool_calls_come_back_typed(fake, protocol: str, stream: bool, transport: str) -> None:
    provider = fake(protocol, tool_calls=CALLS)
    async with HybridClient([deployment_for(provider, "p", transport=transport)], health=NO_PROBES) as client:
        result = await ask(client, stream, prompt="Weather and time in Paris?", tools=[WEATHER_TOOL])
    assert_calls(result.tool_calls)
    assert result.text == ""
    assert result.provider == "p"
    assert result.finish_reason == "tool_calls"  # Ollama says "stop"; every path says tool_calls


@pytest.mark.parametrize("protocol", ["openai", "ollama"])
async def test_a_request_without_tools_gets_text(fake, protocol: str) -> None:
    provider = fake(protocol, tool_calls=CALLS, reply="Sunny.")
    async with HybridClient([deployment_for(provider, "p")], health=NO_PROBES) as client:
        result = await client.acomplete("Weather in Paris?")
    assert result.tool_calls == []
    assert result.text == "Sunny."


@pytest.mark.parametrize("protocol", ["openai", "ollama"])
async def test_the_assistant_message_feeds_the_next_turn(fake, protocol: str) -> None:
    """An agent loop: call, run the tools, send the results back, get the final answer."""
    provider = fake(protocol, tool_calls=CALLS[:1])
    async with HybridClient([deployment_for(provider, "p")], health=NO_PROBES) as client:
        messages: list[dict[str, Any]] = [{"role": "user", "content": "Weather in Paris?"}]
        first = await client.acomplete(messages=messages, tools=[WEATHER_TOOL])
        messages.append(first.assistant_message())
        for call in first.tool_calls:
            messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps({"sky": "clear"})})
        provider.tool_calls = None
        provider.reply = "It is clear in Paris."
        second = await client.acomplete(messages=messages, tools=[WEATHER_TOOL])
    assert second.text == "It is clear in Paris."
    assert second.tool_calls == []
    sent = provider.requests[-1]["messages"]
    assert [m["role"] for m in sent] == ["user", "assistant", "tool"]
    assert sent[1]["tool_calls"][0]["function"]["name"] == "get_weather"
    if protocol == "ollama":  # Ollama decodes arguments as an object, not JSON text
        assert sent[1]["tool_calls"][0]["function"]["arguments"] == {"city": "Paris"}
    else:
        assert json.loads(sent[1]["tool_calls"][0]["function"]["arguments"]) == {"city": "Paris"}
        assert sent[2]["tool_call_id"] == first.tool_calls[0].id


@pytest.mark.parametrize("stream", [False, True], ids=["complete", "stream"])
async def test_cached_tool_calls_are_replayed(fake, tmp_path: Path, stream: bool) -> None:
    provider = fake("openai", tool_calls=CALLS)
    cache = CacheConfig(path=tmp_path / "cache", semantic=False)
    async with HybridClient([deployment_for(provider, "p")], health=NO_PROBES, cache=cache) as client:
        fresh = await ask(client, stream, prompt="Weather and time in Paris?", tools=[WEATHER_TOOL])
        again = await ask(client, stream, prompt="Weather and time in Paris?", tools=[WEATHER_TOOL])
    assert provider.request_count == 1
    assert (fresh.cache, again.cache) == ("miss", "exact")
    assert again.tool_calls == fresh.tool_calls
    assert_calls(again.tool_calls)


async def test_ollama_gets_requests_in_its_own_shape(fake) -> None:
    """Ollama answers 400 to OpenAI-shaped content lists and a string ``stop``."""
    provider = fake("ollama")
    parts = [
        {"type": "text", "text": "What is in this picture?"},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}},
    ]
    async with HybridClient([deployment_for(provider, "local")], health=NO_PROBES) as client:
        await client.acomplete(messages=[{"role": "user", "content": parts}], stop="\n\n")
    sent = provider.requests[-1]
    assert sent["messages"] == [{"role": "user", "content": "What is in this picture?", "images": ["iVBORw0KGgo="]}]
    assert sent["options"]["stop"] == ["\n\n"]


@pytest.mark.parametrize(
    "part",
    [
        {"type": "image_url", "image_url": {"url": "https://x.test/a.png"}},
        {"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}},  # never silently dropped
    ],
)
async def test_a_part_ollama_cannot_take_fails_over(fake, part: dict[str, Any]) -> None:
    local, cloud = fake("ollama"), fake("openai")
    parts = [{"type": "text", "text": "Describe"}, part]
    deployments = [deployment_for(local, "local"), deployment_for(cloud, "cloud")]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        result = await client.acomplete(messages=[{"role": "user", "content": parts}])
        assert client.health()["local"].state == "closed"
    assert result.provider == "cloud"
    assert [(a.deployment, a.outcome, a.error_type) for a in result.attempts] == [
        ("local", "error", "UnsupportedRequest"),
        ("cloud", "ok", None),
    ]
    assert local.request_count == 0


def scripted(script: list[tuple[float, bytes]]) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    """A chat handler that streams ``script`` (delay, bytes) to every request."""

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        for delay, data in script:
            await asyncio.sleep(delay)
            await response.write(data)
        return response

    return chat


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_slowly_streamed_tool_call_arguments_are_progress_not_a_timeout(transport: str) -> None:
    pieces = ['{"a": ', '"xx', "xx", 'x"}']
    script = [
        (
            0.0,
            sse_chunk(
                {
                    "role": "assistant",
                    "tool_calls": [
                        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}
                    ],
                }
            ),
        )
    ]
    script += [(0.25, sse_chunk({"tool_calls": [{"index": 0, "function": {"arguments": p}}]})) for p in pieces]
    script += [(0.0, sse_chunk({}, "tool_calls") + b"data: [DONE]\n\n")]
    async with serve_chat(scripted(script)) as base:
        deployment = Deployment(name="p", model="openai/m", api_base=base, timeout_s=0.6, transport=transport)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            result = await ask(client, True, prompt="call f", tools=[WEATHER_TOOL])  # 1 s in all, 0.25 s apart
    assert [(c.function.name, json.loads(c.function.arguments)) for c in result.tool_calls] == [("f", {"a": "xxxxx"})]


async def _streamed_tool_calls(script: list[tuple[float, bytes]], transport: str) -> Result:
    """The Result of a stream a loopback server plays from ``script`` (tool-call fragments)."""
    async with serve_chat(scripted(script)) as base:
        deployment = Deployment(name="p", model="openai/m", api_base=base, transport=transport)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            return await ask(client, True, prompt="two calls", tools=[WEATHER_TOOL])


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_parallel_calls_streamed_without_an_index_stay_apart(transport: str) -> None:
    script = [
        (
            0.0,
            sse_chunk(
                {
                    "role": "assistant",
                    "tool_calls": [
                        {"id": "call_a", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
                    ],
                }
            ),
        ),
        (0.0, sse_chunk({"tool_calls": [{"function": {"arguments": '{"city": "Paris"}'}}]})),
        (
            0.0,
            sse_chunk(
                {
                    "tool_calls": [
                        {"id": "call_b", "type": "function", "function": {"name": "delete_file", "arguments": ""}}
                    ]
                }
            ),
        ),
        (0.0, sse_chunk({"tool_calls": [{"function": {"name": "delete_file", "arguments": '{"path": "/tmp/x"}'}}]})),
        (0.0, sse_chunk({}, "tool_calls") + b"data: [DONE]\n\n"),
    ]
    result = await _streamed_tool_calls(script, transport)
    assert [(c.id, c.function.name, json.loads(c.function.arguments)) for c in result.tool_calls] == [
        ("call_a", "get_weather", {"city": "Paris"}),
        ("call_b", "delete_file", {"path": "/tmp/x"}),  # a name repeated in a later fragment is not doubled
    ]


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_calls_streamed_whole_with_neither_index_nor_id_stay_apart(transport: str) -> None:
    """Each call sent whole in its own fragment, with neither index nor id, became one call
    'get_weatherget_time' with both argument objects run together (review 65); a name a
    server repeats with every argument piece still names one call."""
    script = [
        (0.0, sse_chunk({"tool_calls": [{"function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}]})),
        (0.0, sse_chunk({"tool_calls": [{"function": {"name": "get_time", "arguments": '{"tz":"CET"}'}}]})),
        (0.0, sse_chunk({"tool_calls": [{"function": {"name": "get_time", "arguments": ""}}]})),
        (0.0, sse_chunk({"tool_calls": [{"function": {"name": "get_time", "arguments": '{"tz":'}}]})),
        (0.0, sse_chunk({"tool_calls": [{"function": {"name": "get_time", "arguments": '"UTC"}'}}]})),
        (0.0, sse_chunk({}, "tool_calls") + b"data: [DONE]\n\n"),
    ]
    result = await _streamed_tool_calls(script, transport)
    assert [(c.function.name, json.loads(c.function.arguments)) for c in result.tool_calls] == [
        ("get_weather", {"city": "Paris"}),
        ("get_time", {"tz": "CET"}),
        ("get_time", {"tz": "UTC"}),  # the same function again, once its first call was whole (review 66)
    ]


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_a_broken_tool_call_stream_fails_over_before_the_caller_saw_anything(fake, transport: str) -> None:
    script = [
        (
            0.0,
            sse_chunk(
                {
                    "role": "assistant",
                    "tool_calls": [{"index": 0, "id": "call_a", "type": "function", "function": None}],
                }
            ),
        ),
        (0.0, sse_chunk({}, "tool_calls") + b"data: [DONE]\n\n"),
    ]
    backup = fake("openai", tool_calls=CALLS)
    async with serve_chat(scripted(script)) as base:
        broken = Deployment(name="broken", model="openai/m", api_base=base, transport=transport)
        async with HybridClient([broken, deployment_for(backup, "backup")], health=NO_PROBES) as client:
            result = await ask(client, True, prompt="weather", tools=[WEATHER_TOOL])
    assert result.provider == "backup"
    assert [(a.deployment, a.error_type) for a in result.attempts] == [
        ("broken", "MalformedResponse"),
        ("backup", None),
    ]
    assert_calls(result.tool_calls)


@pytest.mark.parametrize("stream", [False, True], ids=["complete", "stream"])
async def test_made_up_tool_call_ids_never_repeat_across_answers(fake, stream: bool) -> None:
    """Ollama sends no ids: the ones made up for it must not collide across an agent's turns."""
    provider = fake("ollama", tool_calls=CALLS)
    async with HybridClient([deployment_for(provider, "p", transport="native")], health=NO_PROBES) as client:
        first = await ask(client, stream, prompt="Weather and time in Paris?", tools=[WEATHER_TOOL])
        second = await ask(client, stream, prompt="And in Rome?", tools=[WEATHER_TOOL])
    ids = [c.id for c in first.tool_calls + second.tool_calls]
    assert len(set(ids)) == 4


@pytest.mark.parametrize("streamed", [False, True])
async def test_an_answer_with_more_tool_calls_than_any_model_asks_for_is_malformed(streamed: bool) -> None:
    """A hostile server sending thousands of tool calls: refused at the 513th (each new one
    used to cost a scan of all before it, holding the event loop for seconds)."""
    from hybrid_infer import AllDeploymentsFailed

    count = 2000

    def call(n: int) -> dict[str, Any]:
        return {"index": n, "id": f"c{n}", "type": "function", "function": {"name": "f", "arguments": "{}"}}

    async def chat(request: web.Request) -> web.StreamResponse:
        body = await request.json()
        if not body.get("stream"):
            message = {"role": "assistant", "content": "", "tool_calls": [call(n) for n in range(count)]}
            return web.json_response({"choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}]})
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await response.write(b"".join(sse_chunk({"tool_calls": [call(n)]}) for n in range(count)))
        await response.write(sse_chunk({}, "tool_calls") + b"data: [DONE]\n\n")
        return response

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, transport="native")
        async with HybridClient([deployment], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                if streamed:
                    [c async for c in client.astream("call them all")]
                else:
                    await client.acomplete("call them all")
    attempt = info.value.attempts[0]
    assert attempt.error_type == "MalformedResponse" and "more than 512 tool calls" in (attempt.error or "")


def test_tool_messages_are_checked_before_anything_is_sent(fake) -> None:
    """A tool message without the id of the call it answers is refused up front (OpenAI
    protocol providers answer it with a 400); a ToolCall object put in a message as is gets
    a hint to use assistant_message()."""
    from hybrid_infer.errors import ConfigError

    provider = fake("openai")
    call = ToolCall(id="call_1", function={"name": "get_weather", "arguments": "{}"})
    with HybridClient([deployment_for(provider, "cloud")], health=NO_PROBES) as client:
        with pytest.raises(ConfigError) as missing:
            client.complete(messages=[{"role": "user", "content": "hi"}, {"role": "tool", "content": "sunny"}])
        with pytest.raises(ConfigError) as raw_call:
            client.complete(messages=[{"role": "assistant", "content": None, "tool_calls": [call]}])
    assert missing.value.field == "messages[1].tool_call_id"
    assert raw_call.value.field == "messages[0].tool_calls[0]" and "assistant_message()" in str(raw_call.value)
    assert provider.request_count == 0
