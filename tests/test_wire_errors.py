"""Errors a provider reports inside an answer, request bodies per model, proxies and the
Ollama probe (review 54): each through the public API against loopback servers."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from aiohttp import web

from hybrid_infer import AllDeploymentsFailed, Deployment, HealthConfig, HybridClient, StreamInterrupted

from .conftest import NO_PROBES, serve_chat, sse_chunk

_OVERFLOW = {"code": 400, "message": "the request exceeds the available context size, try increasing it"}


def _streaming(*pieces: bytes) -> Any:
    """A chat handler that streams ``pieces`` as server-sent events."""

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        for piece in pieces:
            await response.write(piece)
        return response

    return chat


async def _answer(request: web.Request) -> web.Response:
    await request.read()
    return web.json_response(
        {
            "id": "c",
            "object": "chat.completion",
            "model": "m",
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": "from backup"}, "finish_reason": "stop"}
            ],
            "usage": {"prompt_tokens": 3, "completion_tokens": 2},
        }
    )


@pytest.mark.parametrize(
    "error_event",
    [
        f"error: {json.dumps(_OVERFLOW)}\n\n".encode(),  # llama.cpp's server
        f"event: error\ndata: {json.dumps({'error': _OVERFLOW})}\n\n".encode(),  # a named error event
    ],
)
async def test_an_error_event_before_any_text_fails_over(error_event: bytes) -> None:
    """llama.cpp reports a failure after the headers as an ``error:`` field and then sends
    ``[DONE]``: that was an empty answer reported as a success, with no failover."""
    failing = _streaming(error_event, b"data: [DONE]\n\n")
    async with serve_chat(failing) as llama, serve_chat(_streaming(
        sse_chunk({"role": "assistant", "content": "from backup"}), sse_chunk({}, "stop"), b"data: [DONE]\n\n"
    )) as backup:  # fmt: skip
        deployments = [
            Deployment(name="llama", model="llama_cpp/m", api_base=llama),
            Deployment(name="backup", model="openai/m", api_base=backup),
        ]
        async with HybridClient(deployments, health=NO_PROBES) as client:
            chunks = [c async for c in client.astream("hi")]
    result = chunks[-1].result
    assert result is not None and result.provider == "backup" and result.text == "from backup"
    assert result.attempts[0].error_type == "ContextWindowExceeded"
    assert "context size" in (result.attempts[0].error or "")


async def test_an_error_event_after_text_interrupts_the_stream_and_nothing_is_cached(tmp_path: Any) -> None:
    """A truncated answer was returned as complete and stored in the cache."""
    from hybrid_infer import CacheConfig, CacheMiss

    chat = _streaming(
        sse_chunk({"role": "assistant", "content": "The answer is"}),
        f"error: {json.dumps(_OVERFLOW)}\n\n".encode(),
        b"data: [DONE]\n\n",
    )
    async with serve_chat(chat) as llama:
        deployment = Deployment(name="llama", model="llama_cpp/m", api_base=llama)
        cache = CacheConfig(path=str(tmp_path), semantic=False)
        async with HybridClient([deployment], health=NO_PROBES, cache=cache) as client:
            with pytest.raises(StreamInterrupted) as info:
                async for _ in client.astream("hi", temperature=0):
                    pass
            assert info.value.partial_text == "The answer is"
            with pytest.raises(CacheMiss):
                await client.acomplete("hi", temperature=0, cache="only")


@pytest.mark.parametrize("stream", [False, True])
async def test_an_error_object_in_a_200_keeps_the_providers_message(stream: bool) -> None:
    """A gateway's ``{"error": …}`` with status 200 said only 'response has no choices' (or,
    streamed, 'stream ended before [DONE]', as a connection error)."""

    async def chat(request: web.Request) -> web.Response:
        await request.read()
        return web.json_response({"error": {"message": "model overloaded, try later", "code": 503}})

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="gw", model="openai/m", api_base=api_base)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                if stream:
                    async for _ in client.astream("hi"):
                        pass
                else:
                    await client.acomplete("hi")
    attempt = info.value.attempts[0]
    assert attempt.error_type == "MalformedResponse"
    assert "model overloaded" in (attempt.error or "")


@pytest.mark.parametrize(
    ("model", "field"),
    [
        ("openai/o3-mini", "max_completion_tokens"),
        ("openai/gpt-5-nano", "max_completion_tokens"),
        ("openai/gpt-4o-mini", "max_tokens"),
        ("hosted_vllm/o3-like-local", "max_tokens"),
    ],
)
async def test_openai_reasoning_models_get_max_completion_tokens(model: str, field: str) -> None:
    """OpenAI's reasoning models answer 400 to ``max_tokens``; litellm sends them
    ``max_completion_tokens``, and so does the native transport now."""
    seen: list[dict[str, Any]] = []

    async def chat(request: web.Request) -> web.Response:
        seen.append(await request.json())
        return await _answer(request)

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="d", model=model, api_base=api_base)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            await client.acomplete("hi", max_tokens=7)
    assert seen[0][field] == 7
    assert {"max_tokens", "max_completion_tokens"} - {field} <= {"max_tokens", "max_completion_tokens"} - set(seen[0])


async def test_a_request_ollama_cannot_carry_does_not_open_its_breaker() -> None:
    """A ``json_schema`` response format that is not an object crashed the Ollama body
    builder; the crash counted as a server fault and three such requests opened the breaker."""
    calls: list[str] = []

    async def chat(request: web.Request) -> web.Response:
        calls.append(request.path)
        await request.read()
        if request.path == "/api/tags":
            return web.json_response({"models": [{"name": "qwen:latest"}]})
        return web.json_response(
            {"model": "qwen", "message": {"role": "assistant", "content": "fine"}, "done": True, "done_reason": "stop"}
        )

    async with serve_chat(chat, protocol="ollama") as api_base:
        deployment = Deployment(name="ollama", model="ollama_chat/qwen", api_base=api_base)
        health = HealthConfig(enabled=False, failure_threshold=2)
        async with HybridClient([deployment], health=health) as client:
            for _ in range(3):
                with pytest.raises(AllDeploymentsFailed) as info:
                    await client.acomplete("json please", response_format={"type": "json_schema", "json_schema": "x"})
                assert info.value.attempts[0].error_type == "UnsupportedRequest"
                assert "json_schema" in (info.value.attempts[0].error or "")
            result = await client.acomplete("an ordinary request")
            assert result.text == "fine"
            assert client.health()["ollama"].state == "closed"
    assert calls.count("/api/chat") == 1


async def test_the_proxy_of_the_environment_is_used_except_for_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The native transport ignored ``HTTP_PROXY`` (litellm honours it): a cloud deployment
    behind a corporate proxy could not be reached. A local runtime is never proxied."""
    proxied: list[str] = []

    async def proxy(request: web.Request) -> web.Response:
        proxied.append(str(request.url.host))
        return await _answer(request)

    async with serve_chat(proxy) as proxy_base, serve_chat(_answer) as local:
        monkeypatch.setenv("HTTP_PROXY", proxy_base.removesuffix("/v1"))
        monkeypatch.delenv("NO_PROXY", raising=False)
        monkeypatch.delenv("no_proxy", raising=False)
        cloud = Deployment(name="cloud", model="openai/m", api_base="http://upstream.invalid/v1")
        near = Deployment(name="local", model="openai/m", api_base=local)
        async with HybridClient([cloud], health=NO_PROBES) as client:
            assert (await client.acomplete("hi")).text == "from backup"
        async with HybridClient([near], health=NO_PROBES) as client:
            assert (await client.acomplete("hi")).provider == "local"
    assert proxied == ["upstream.invalid"]


@pytest.mark.parametrize("ps", ["slow", "html"])
async def test_an_ollama_probe_passes_once_its_model_list_answers(ps: str) -> None:
    """``/api/ps`` only says what is loaded: when it was slow or answered something odd, the
    probe failed and a working Ollama was taken out of rotation."""

    async def ollama(request: web.Request) -> web.Response:
        await request.read()
        if request.path == "/api/tags":
            return web.json_response({"models": [{"name": "qwen:latest"}]})
        if ps == "slow":
            await asyncio.sleep(3)
            return web.json_response({"models": []})
        return web.Response(text="<html>not here</html>", content_type="text/html")

    app = web.Application()
    app.router.add_get("/api/tags", ollama)
    app.router.add_get("/api/ps", ollama)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        base = f"http://127.0.0.1:{runner.addresses[0][1]}"
        deployment = Deployment(name="ollama", model="ollama_chat/qwen", api_base=base)
        async with HybridClient([deployment], health=HealthConfig(enabled=False, probe_timeout_s=1.0)) as client:
            await client.acheck_health()
            state = client.health()["ollama"]
    finally:
        await runner.cleanup()
    assert state.healthy, state.last_error
