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

    async with serve_chat(ollama, protocol="ollama") as base:
        deployment = Deployment(name="ollama", model="ollama_chat/qwen", api_base=base)
        async with HybridClient([deployment], health=HealthConfig(enabled=False, probe_timeout_s=1.0)) as client:
            await client.acheck_health()
            state = client.health()["ollama"]
    assert state.healthy, state.last_error


# --- review 57: a regression hunt on the changes above ----------------------------------------


@pytest.mark.parametrize(
    ("env", "url", "expected"),
    [
        ({"HTTPS_PROXY": "proxy.corp:3128"}, "https://api.example.com/v1", "http://proxy.corp:3128"),
        ({"https_proxy": "http://a:3128", "HTTPS_PROXY": "http://b:3128"}, "https://x.example/v1", "http://a:3128"),
        ({"ALL_PROXY": "http://p:8080"}, "http://x.example/v1", "http://p:8080"),
        ({"ALL_PROXY": "socks5://p:1080"}, "https://x.example/v1", None),  # SOCKS: not spoken natively
        ({"HTTP_PROXY": "http://p:8080"}, "http://0.0.0.0:11434", None),
        ({"HTTP_PROXY": "http://p:8080"}, "http://[::ffff:127.0.0.1]:8000/v1", None),
        ({"HTTP_PROXY": "http://p:8080"}, "http://ollama.localhost:11434", None),
        ({"HTTP_PROXY": "http://p:8080", "NO_PROXY": "*"}, "http://x.example/v1", None),
        ({"HTTP_PROXY": "http://p:8080", "NO_PROXY": "example.com"}, "http://api.example.com/v1", None),
        ({"HTTP_PROXY": "http://p:8080", "NO_PROXY": ".example.com"}, "http://example.com/v1", None),
        ({"HTTP_PROXY": "http://p:8080", "NO_PROXY": "example.com"}, "http://notexample.com/v1", "http://p:8080"),
        ({"HTTP_PROXY": "http://p:8080", "NO_PROXY": "gpu.lan:8000"}, "http://gpu.lan:8000/v1", None),
        ({"HTTP_PROXY": "http://p:8080", "NO_PROXY": "gpu.lan:8000"}, "http://gpu.lan:9000/v1", "http://p:8080"),
        ({"HTTP_PROXY": "http://p:8080", "NO_PROXY": "10.0.0.0/8"}, "http://10.1.2.3:8000/v1", None),
        ({"HTTP_PROXY": "http://p:8080", "NO_PROXY": "10.0.0.0/8"}, "http://11.1.2.3:8000/v1", "http://p:8080"),
        ({"HTTP_PROXY": "http://p:8080", "NO_PROXY": "*.corp.example"}, "http://gpu.corp.example/v1", None),
        ({"HTTPS_PROXY": "proxy.corp:abc"}, "https://x.example/v1", None),  # (no valid port: logged, not used)
        ({"HTTP_PROXY": "http://p:8080", "NO_PROXY": "gpu.lan:80"}, "http://gpu.lan/v1", None),
        ({"HTTPS_PROXY": "http://p:8080", "NO_PROXY": "api.example:443"}, "https://api.example/v1", None),
    ],
)
def test_the_proxy_variables_are_read_as_curl_and_httpx_read_them(
    env: dict[str, str], url: str, expected: str | None
) -> None:
    from hybrid_infer.transports._proxy import proxy_for

    proxy = proxy_for(url, env)
    assert (proxy.url if proxy else None) == expected


async def _refusing_proxy(status: bytes, seen: list[bytes]) -> asyncio.Server:
    """A proxy that answers every request (a CONNECT, or an absolute-form POST) with ``status``."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seen.append(await reader.readuntil(b"\r\n\r\n"))
        writer.write(b"HTTP/1.1 " + status + b"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        await writer.drain()
        writer.close()

    return await asyncio.start_server(handle, "127.0.0.1", 0)


@pytest.mark.parametrize("scheme", ["http", "https"])
async def test_a_proxy_password_never_shows_and_a_407_is_an_authentication_failure(
    scheme: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """aiohttp quotes the proxy URL in some errors: with the password in it, a refused CONNECT
    put the password in errors, health(), events and a WARNING line."""
    import base64

    seen: list[bytes] = []
    server = await _refusing_proxy(b"407 Proxy Authentication Required", seen)
    port = server.sockets[0].getsockname()[1]
    async with server:
        monkeypatch.setenv(f"{scheme.upper()}_PROXY", f"http://alice:PROXYPASS-987@127.0.0.1:{port}")
        deployment = Deployment(name="cloud", model="openai/m", api_base=f"{scheme}://upstream.invalid/v1")
        events: list[Any] = []
        async with HybridClient([deployment], health=NO_PROBES, callbacks=[events.append]) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                await client.acomplete("hi")
            health = client.health()["cloud"]
    attempt = info.value.attempts[0]
    assert attempt.error_type == "AuthenticationFailed"
    everything = " ".join([str(info.value), repr(info.value), str(health), *map(repr, events), caplog.text])
    assert "PROXYPASS" not in everything
    assert b"Proxy-Authorization: Basic " + base64.b64encode(b"alice:PROXYPASS-987") in seen[0]


async def test_an_error_reported_as_a_rate_limit_inside_a_body_is_no_context_overflow() -> None:
    """'too many tokens per minute' with code 429 was read as a prompt too long, and a backup
    with the same context window was then skipped."""

    async def limited(request: web.Request) -> web.Response:
        await request.read()
        error = {"message": "Rate limit reached: too many tokens per minute", "code": 429}
        return web.json_response({"error": error})

    async with serve_chat(limited) as a, serve_chat(_answer) as b:
        deployments = [
            Deployment(name="a", model="openai/m", api_base=a),
            Deployment(name="b", model="openai/m", api_base=b),
        ]
        async with HybridClient(deployments, health=NO_PROBES) as client:
            result = await client.acomplete("hi")
    assert result.provider == "b"
    assert result.attempts[0].error_type == "RateLimited"


@pytest.mark.parametrize(
    "tail",
    [
        f"error: {json.dumps(_OVERFLOW)}\n\ndata: [DONE]\n\n".encode(),  # an error after the finish reason
        b"",  # (the control)
    ],
)
async def test_an_answer_that_said_it_was_complete_is_kept(tail: bytes) -> None:
    chat = _streaming(
        sse_chunk({"role": "assistant", "content": "Paris."}), sse_chunk({}, "stop"), tail or b"data: [DONE]\n\n"
    )
    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="llama", model="llama_cpp/m", api_base=api_base)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            chunks = [c async for c in client.astream("hi")]
    result = chunks[-1].result
    assert result is not None and result.text == "Paris." and result.finish_reason == "stop"


async def test_a_null_error_on_every_chunk_is_no_error() -> None:
    def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
        data = json.loads(sse_chunk(delta, finish)[6:])
        return f"data: {json.dumps({**data, 'error': None})}\n\n".encode()

    chat = _streaming(chunk({"role": "assistant", "content": "Hello"}), chunk({}, "stop"), b"data: [DONE]\n\n")
    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="d", model="openai/m", api_base=api_base)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            chunks = [c async for c in client.astream("hi")]
    assert chunks[-1].result is not None and chunks[-1].result.text == "Hello"


@pytest.mark.parametrize("indent", [None, 2])
async def test_a_json_error_body_where_events_were_asked_for_is_read_whole(indent: int | None) -> None:
    body = json.dumps(
        {"error": {"message": "You exceeded your current quota", "code": "insufficient_quota"}}, indent=indent
    )
    async with serve_chat(_streaming(body.encode())) as api_base:
        deployment = Deployment(name="gw", model="openai/m", api_base=api_base)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                async for _ in client.astream("hi"):
                    pass
    assert "exceeded your current quota" in (info.value.attempts[0].error or "")


async def test_a_fine_tuned_reasoning_model_gets_max_completion_tokens() -> None:
    seen: list[dict[str, Any]] = []

    async def chat(request: web.Request) -> web.Response:
        seen.append(await request.json())
        return await _answer(request)

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="d", model="openai/ft:o4-mini-2025-04-16:acme::abc123", api_base=api_base)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            await client.acomplete("hi", max_tokens=7)
    assert seen[0].get("max_completion_tokens") == 7 and "max_tokens" not in seen[0]


async def test_a_proxy_password_a_server_echoes_is_masked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A proxy that answers 407 with the request's headers echoed showed the Basic token
    (base64 of user:password) in the error and health() (review 59). An ``HTTP://`` api_base
    sends the credentials too."""
    import base64

    seen: list[bytes] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        seen.append(head)
        writer.write(b"HTTP/1.1 407 Proxy Authentication Required\r\nConnection: close\r\n")
        writer.write(b"Content-Length: %d\r\n\r\n" % len(head) + head)
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        monkeypatch.setenv("HTTP_PROXY", f"http://user:PWsecret99@127.0.0.1:{port}")
        deployment = Deployment(name="cloud", model="openai/m", api_base="HTTP://upstream.invalid/v1")
        async with HybridClient([deployment], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                await client.acomplete("hi")
            health = client.health()["cloud"]
    token = base64.b64encode(b"user:PWsecret99").decode()
    assert token.encode() in seen[0]  # (sent, to the proxy only)
    everything = " ".join([str(info.value), info.value.attempts[0].error or "", str(health)])
    assert "PWsecret99" not in everything and token not in everything


async def test_events_served_as_json_still_stream_chunk_by_chunk() -> None:
    """Some servers label their event stream ``application/json``: it was read whole before
    the first token, so an answer longer than ``timeout_s`` failed though chunks kept coming."""

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "application/json"})
        await response.prepare(request)
        for word in ("one ", "two ", "three ", "four"):
            await response.write(sse_chunk({"content": word}))
            await asyncio.sleep(0.3)
        await response.write(sse_chunk({}, "stop") + b"data: [DONE]\n\n")
        return response

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="d", model="openai/m", api_base=api_base, timeout_s=0.8)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            chunks = [c async for c in client.astream("hi")]
    assert chunks[-1].result is not None and chunks[-1].result.text == "one two three four"
