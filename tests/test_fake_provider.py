"""Tests of the FakeProvider harness, driven by a raw aiohttp client only.

Each behaviour (wire formats, every fault, counters, lifecycle) is shown once against the real
loopback server; nothing here uses the router, so a router bug cannot hide a harness bug.
"""

from __future__ import annotations

import asyncio
import errno
import json
import math
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from hybrid_infer.testing import FakeProvider

REPO = Path(__file__).resolve().parents[1]
HELLO = [{"role": "user", "content": "hello there"}]
# "[fake] You said: hello there" -> 5 pieces; prompt = ceil(11 / 4) + 4 = 7
HELLO_REPLY = "[fake] You said: hello there"
HELLO_PROMPT_TOKENS = 7


def chat_url(provider: FakeProvider) -> str:
    if provider.protocol == "openai":
        return f"{provider.api_base}/chat/completions"
    return f"{provider.api_base}/api/chat"


def chat_body(provider: FakeProvider, **extra: Any) -> dict[str, Any]:
    return {"model": provider.models[0], "messages": HELLO, **extra}


async def wait_until(predicate: Callable[[], bool], within_s: float = 1.0) -> None:
    for _ in range(int(within_s / 0.01)):
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("condition not reached in time")


async def sse_events(response: aiohttp.ClientResponse) -> list[str]:
    events = []
    async for raw in response.content:
        line = raw.decode().strip()
        if line.startswith("data: "):
            events.append(line.removeprefix("data: "))
    return events


async def collect_lines(session: aiohttp.ClientSession, url: str, body: dict[str, Any], sink: list[bytes]) -> None:
    """Append each body line to sink as it arrives, so lines read before an error survive it."""
    async with session.post(url, json=body) as r:
        async for line in r.content:
            sink.append(line)


async def ndjson(response: aiohttp.ClientResponse) -> list[dict[str, Any]]:
    return [json.loads(raw) async for raw in response.content if raw.strip()]


@pytest.fixture
def openai() -> Iterator[FakeProvider]:
    with FakeProvider("openai", seed=7) as provider:
        yield provider


@pytest.fixture
def ollama() -> Iterator[FakeProvider]:
    with FakeProvider("ollama", models=["llama3"]) as provider:
        yield provider


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=3)) as client:
        yield client


# ----------------------------------------------------------------------------- wire formats


async def test_openai_non_stream(openai: FakeProvider, session: aiohttp.ClientSession) -> None:
    headers = {"Authorization": "Bearer sk-test"}
    async with session.post(chat_url(openai), json=chat_body(openai), headers=headers) as r:
        assert r.status == 200
        body = await r.json()
    assert body["object"] == "chat.completion"
    assert body["id"].startswith("chatcmpl-")
    assert body["model"] == "fake-model"
    choice = body["choices"][0]
    assert choice["message"] == {"role": "assistant", "content": HELLO_REPLY}
    assert choice["finish_reason"] == "stop"
    assert body["usage"] == {
        "prompt_tokens": HELLO_PROMPT_TOKENS,
        "completion_tokens": 5,
        "total_tokens": HELLO_PROMPT_TOKENS + 5,
    }
    assert openai.requests == [chat_body(openai)]
    assert openai.headers[0]["authorization"] == "Bearer sk-test"
    assert openai.headers[0]["Authorization"] == "Bearer sk-test"


async def test_openai_stream_with_usage(openai: FakeProvider, session: aiohttp.ClientSession) -> None:
    body = chat_body(openai, stream=True, stream_options={"include_usage": True})
    async with session.post(chat_url(openai), json=body) as r:
        assert r.headers["Content-Type"].startswith("text/event-stream")
        events = await sse_events(r)
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    assert {c["object"] for c in chunks} == {"chat.completion.chunk"}
    assert len({c["id"] for c in chunks}) == 1
    assert chunks[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    text_chunks = chunks[1:-2]
    assert "".join(c["choices"][0]["delta"]["content"] for c in text_chunks) == HELLO_REPLY
    assert all(c["choices"][0]["finish_reason"] is None for c in text_chunks)
    assert chunks[-2]["choices"][0] == {
        "index": 0,
        "delta": {},
        "logprobs": None,
        "finish_reason": "stop",
    }
    assert chunks[-1]["choices"] == []
    assert chunks[-1]["usage"]["completion_tokens"] == len(text_chunks) == 5
    assert chunks[-1]["usage"]["prompt_tokens"] == HELLO_PROMPT_TOKENS


async def test_ollama_non_stream(ollama: FakeProvider, session: aiohttp.ClientSession) -> None:
    assert ollama.api_base == f"http://127.0.0.1:{ollama.port}"
    body = {"model": "llama3:latest", "messages": HELLO, "stream": False}
    async with session.post(chat_url(ollama), json=body) as r:
        assert r.status == 200
        answer = await r.json()
    assert answer["model"] == "llama3:latest"
    assert answer["message"] == {"role": "assistant", "content": HELLO_REPLY}
    assert answer["done"] is True
    assert answer["done_reason"] == "stop"
    assert answer["prompt_eval_count"] == HELLO_PROMPT_TOKENS
    assert answer["eval_count"] == 5
    assert answer["total_duration"] >= answer["eval_duration"] > 0
    assert answer["created_at"].endswith("Z")


async def test_ollama_streams_by_default(ollama: FakeProvider, session: aiohttp.ClientSession) -> None:
    async with session.post(chat_url(ollama), json=chat_body(ollama)) as r:
        assert r.headers["Content-Type"].startswith("application/x-ndjson")
        lines = await ndjson(r)
    *pieces, final = lines
    assert all(line["done"] is False for line in pieces)
    assert "".join(line["message"]["content"] for line in pieces) == HELLO_REPLY
    assert final["done"] is True
    assert final["done_reason"] == "stop"
    assert final["message"]["content"] == ""
    assert final["eval_count"] == len(pieces) == 5


async def test_max_tokens_truncates_with_length(
    openai: FakeProvider, ollama: FakeProvider, session: aiohttp.ClientSession
) -> None:
    async with session.post(chat_url(openai), json=chat_body(openai, max_tokens=2)) as r:
        body = await r.json()
    assert body["choices"][0]["message"]["content"] == "[fake] You "
    assert body["choices"][0]["finish_reason"] == "length"
    assert body["usage"]["completion_tokens"] == 2
    request = chat_body(ollama, stream=False, options={"num_predict": 1})
    async with session.post(chat_url(ollama), json=request) as r:
        answer = await r.json()
    assert answer["message"]["content"] == "[fake] "
    assert answer["done_reason"] == "length"
    assert answer["eval_count"] == 1


async def test_reply_callable_and_probe_payloads(session: aiohttp.ClientSession) -> None:
    def shout(messages: list[dict[str, Any]]) -> str:
        return str(messages[-1]["content"]).upper()

    with FakeProvider("ollama", models=["llama3", "qwen:7b"], reply=shout) as provider:
        body = chat_body(provider, stream=False)
        async with session.post(chat_url(provider), json=body) as r:
            assert (await r.json())["message"]["content"] == "HELLO THERE"
        async with session.get(f"{provider.api_base}/api/tags") as r:
            tags = await r.json()
        assert [m["name"] for m in tags["models"]] == ["llama3:latest", "qwen:7b"]
        assert tags["models"][0]["details"]["format"] == "gguf"
        assert len(tags["models"][0]["digest"]) == 64
        async with session.get(f"{provider.api_base}/api/ps") as r:
            loaded = (await r.json())["models"]
        assert [m["name"] for m in loaded] == ["llama3:latest"]
        assert loaded[0]["size_vram"] == loaded[0]["size"] > 0
        async with session.get(f"{provider.api_base}/") as r:
            assert await r.text() == "Ollama is running"
        assert provider.probe_count == 3


async def test_bad_json_and_unknown_model(
    openai: FakeProvider, ollama: FakeProvider, session: aiohttp.ClientSession
) -> None:
    async with session.post(chat_url(openai), data=b"{nope") as r:
        assert r.status == 400
        assert (await r.json())["error"]["type"] == "invalid_request_error"
    async with session.post(chat_url(openai), json={"model": "fake-model"}) as r:
        assert r.status == 400
    async with session.post(chat_url(openai), json={"model": "gpt-x", "messages": HELLO}) as r:
        assert r.status == 404
        assert (await r.json())["error"]["code"] == "model_not_found"
    async with session.post(chat_url(ollama), json={"model": "mistral", "messages": HELLO}) as r:
        assert r.status == 404
        assert await r.json() == {"error": 'model "mistral" not found, try pulling it first'}
    assert openai.request_count == 3
    assert openai.requests[0] == {"_raw": "{nope"}
    assert len(openai.headers) == 3


# ----------------------------------------------------------------------------- faults


async def test_latency_delays_first_byte(openai: FakeProvider, session: aiohttp.ClientSession) -> None:
    openai.latency_s = 0.2
    start = time.monotonic()
    async with session.post(chat_url(openai), json=chat_body(openai)) as r:
        assert r.status == 200
    assert time.monotonic() - start >= 0.2


async def test_token_delay_spaces_stream_chunks(ollama: FakeProvider, session: aiohttp.ClientSession) -> None:
    ollama.token_delay_s = 0.05
    start = time.monotonic()
    async with session.post(chat_url(ollama), json=chat_body(ollama)) as r:
        lines = await ndjson(r)
    assert len(lines) == 6
    assert time.monotonic() - start >= 4 * 0.05  # 5 pieces -> 4 gaps


async def test_error_status_bodies(openai: FakeProvider, ollama: FakeProvider, session: aiohttp.ClientSession) -> None:
    openai.error_status = 503
    ollama.error_status = 500
    async with session.post(chat_url(openai), json=chat_body(openai)) as r:
        assert r.status == 503
        error = (await r.json())["error"]
    assert error["type"] == "server_error"
    assert error["code"] == "server_error"
    assert error["message"]
    async with session.post(chat_url(ollama), json=chat_body(ollama)) as r:
        assert r.status == 500
        assert isinstance((await r.json())["error"], str)
    assert openai.request_count == ollama.request_count == 1


async def test_error_rate_is_reproducible_with_seed(openai: FakeProvider, session: aiohttp.ClientSession) -> None:
    openai.error_rate = 0.5
    statuses = []
    for _ in range(20):
        async with session.post(chat_url(openai), json=chat_body(openai)) as r:
            statuses.append(r.status)
    rng = random.Random(7)  # the fixture's seed
    assert statuses == [500 if rng.random() < 0.5 else 200 for _ in range(20)]
    assert {200, 500} <= set(statuses)


async def test_retry_after_gives_429_with_header(
    openai: FakeProvider, ollama: FakeProvider, session: aiohttp.ClientSession
) -> None:
    openai.set_faults(retry_after_s=1.2, error_status=500)  # 429 takes precedence over 500
    async with session.post(chat_url(openai), json=chat_body(openai)) as r:
        assert r.status == 429
        assert r.headers["Retry-After"] == "2"
        assert (await r.json())["error"]["code"] == "rate_limit_exceeded"
    ollama.retry_after_s = 3
    async with session.post(chat_url(ollama), json=chat_body(ollama)) as r:
        assert r.status == 429
        assert r.headers["Retry-After"] == "3"
        assert "rate limit" in (await r.json())["error"]


async def test_hang_until_cleared(openai: FakeProvider, session: aiohttp.ClientSession) -> None:
    openai.hang = True

    async def call() -> int:
        async with session.post(chat_url(openai), json=chat_body(openai)) as r:
            await r.read()
            return r.status

    pending = asyncio.create_task(call())
    await wait_until(lambda: openai.in_flight == 1)
    await asyncio.sleep(0.1)
    assert not pending.done()
    assert openai.request_count == 1
    openai.hang = False
    assert await asyncio.wait_for(pending, 1) == 200
    assert openai.in_flight == 0


async def test_stop_refuses_connections_then_restarts_on_same_port(
    openai: FakeProvider, session: aiohttp.ClientSession
) -> None:
    async with session.post(chat_url(openai), json=chat_body(openai)) as r:
        assert r.status == 200  # leaves a pooled keep-alive connection behind
    port = openai.port
    openai.stop()
    assert not openai.running
    with socket.socket() as raw, pytest.raises(ConnectionRefusedError):
        raw.connect(("127.0.0.1", port))
    with pytest.raises(aiohttp.ClientConnectionError):
        async with session.post(chat_url(openai), json=chat_body(openai)) as r:
            await r.read()
    with pytest.raises(aiohttp.ClientConnectorError) as refused:
        async with session.get(f"{openai.api_base}/models") as r:
            await r.read()
    assert refused.value.os_error.errno == errno.ECONNREFUSED
    openai.start()
    assert openai.running
    assert openai.port == port
    async with session.post(chat_url(openai), json=chat_body(openai)) as r:
        assert r.status == 200


async def test_malformed_bodies(openai: FakeProvider, ollama: FakeProvider, session: aiohttp.ClientSession) -> None:
    openai.malformed = ollama.malformed = True
    async with session.post(chat_url(openai), json=chat_body(openai)) as r:
        assert r.status == 200
        with pytest.raises(json.JSONDecodeError):
            json.loads(await r.text())
    async with session.post(chat_url(openai), json=chat_body(openai, stream=True)) as r:
        events = await sse_events(r)
    with pytest.raises(json.JSONDecodeError):
        json.loads(events[0])
    async with session.post(chat_url(ollama), json=chat_body(ollama)) as r:
        assert r.status == 200
        with pytest.raises(json.JSONDecodeError):
            await ndjson(r)


async def test_cut_stream_after_drops_connection(
    openai: FakeProvider, ollama: FakeProvider, session: aiohttp.ClientSession
) -> None:
    openai.cut_stream_after = ollama.cut_stream_after = 2
    received: list[bytes] = []
    with pytest.raises(aiohttp.ClientPayloadError):
        await collect_lines(session, chat_url(openai), chat_body(openai, stream=True), received)
    data = [json.loads(line[6:]) for line in received if line.startswith(b"data: {")]
    assert [c["choices"][0]["delta"].get("content") for c in data] == ["", "[fake] ", "You "]
    assert not any(line.startswith(b"data: [DONE]") for line in received)

    raw_lines: list[bytes] = []
    with pytest.raises(aiohttp.ClientPayloadError):
        await collect_lines(session, chat_url(ollama), chat_body(ollama), raw_lines)
    assert [json.loads(raw)["done"] for raw in raw_lines] == [False, False]


async def test_fail_probes(openai: FakeProvider, session: aiohttp.ClientSession) -> None:
    openai.fail_probes = True
    async with session.get(f"{openai.api_base}/models") as r:
        assert r.status == 503
    openai.clear_faults()
    async with session.get(f"{openai.api_base}/models") as r:
        listing = await r.json()
    assert listing["object"] == "list"
    assert listing["data"][0] == {
        "id": "fake-model",
        "object": "model",
        "created": listing["data"][0]["created"],
        "owned_by": "fake",
    }
    assert openai.probe_count == 2
    assert openai.request_count == 0


async def test_context_window(session: aiohttp.ClientSession) -> None:
    messages = [{"role": "user", "content": "x" * 40}]  # ceil(40 / 4) + 4 = 14 tokens
    with (
        FakeProvider("openai", context_window=10) as openai,
        FakeProvider("ollama", context_window=10) as ollama,
    ):
        body = {"model": "fake-model", "messages": messages}
        async with session.post(chat_url(openai), json=body) as r:
            assert r.status == 400
            error = (await r.json())["error"]
        assert error["code"] == "context_length_exceeded"
        assert error["type"] == "invalid_request_error"
        assert error["param"] == "messages"
        assert "maximum context length is 10 tokens" in error["message"]
        assert "resulted in 14 tokens" in error["message"]
        async with session.post(chat_url(ollama), json=body) as r:
            assert r.status == 400
            assert await r.json() == {"error": "prompt too long; exceeded max context length by 4 tokens"}


async def test_api_key_required_when_configured(session: aiohttp.ClientSession) -> None:
    with (
        FakeProvider("openai", api_key="sk-right") as openai,
        FakeProvider("ollama", api_key="sk-right") as ollama,
    ):
        wrong = {"Authorization": "Bearer sk-wrong"}
        async with session.post(chat_url(openai), json=chat_body(openai), headers=wrong) as r:
            assert r.status == 401
            assert (await r.json())["error"]["code"] == "invalid_api_key"
        async with session.get(f"{openai.api_base}/models") as r:
            assert r.status == 401
        async with session.post(chat_url(ollama), json=chat_body(ollama)) as r:
            assert r.status == 401
            assert await r.json() == {"error": "unauthorized"}
        right = {"Authorization": "Bearer sk-right"}
        async with session.post(chat_url(openai), json=chat_body(openai), headers=right) as r:
            assert r.status == 200
        async with session.get(f"{ollama.api_base}/api/tags", headers=right) as r:
            assert r.status == 200


def test_set_faults_and_clear_faults() -> None:
    provider = FakeProvider()
    provider.set_faults(hang=True, latency_s=0.5, cut_stream_after=3)
    assert (provider.hang, provider.latency_s, provider.cut_stream_after) == (True, 0.5, 3)
    with pytest.raises(TypeError, match="hnag"):
        provider.set_faults(hnag=True)
    provider.clear_faults()
    assert (provider.hang, provider.latency_s, provider.cut_stream_after) == (False, 0.0, None)
    provider.close()  # never started: a no-op


# ----------------------------------------------------------------------------- counters, lifecycle


async def test_counters_under_concurrency(openai: FakeProvider, session: aiohttp.ClientSession) -> None:
    openai.latency_s = 0.2

    async def call(i: int) -> int:
        body = {"model": "fake-model", "messages": [{"role": "user", "content": f"n{i}"}]}
        async with session.post(chat_url(openai), json=body) as r:
            await r.read()
            return r.status

    calls = asyncio.gather(*(call(i) for i in range(5)))
    await wait_until(lambda: openai.in_flight == 5)
    assert await calls == [200] * 5
    assert openai.in_flight == 0
    assert openai.max_in_flight == 5
    assert openai.request_count == 5
    assert sorted(r["messages"][0]["content"] for r in openai.requests) == [f"n{i}" for i in range(5)]
    openai.reset_counters()
    assert (openai.request_count, openai.max_in_flight, openai.requests) == (0, 0, [])


async def test_close_while_hanging_returns_promptly(session: aiohttp.ClientSession) -> None:
    provider = FakeProvider("ollama", models=["llama3"]).start()
    provider.hang = True
    pending = asyncio.create_task(session.post(chat_url(provider), json=chat_body(provider)))
    await wait_until(lambda: provider.in_flight == 1)
    start = time.monotonic()
    await asyncio.to_thread(provider.close)
    assert time.monotonic() - start < 5.0  # not the minute aiohttp would wait for the handler
    assert not provider.running
    with pytest.raises(aiohttp.ClientConnectionError):
        await asyncio.wait_for(pending, 1)
    provider.close()  # idempotent


async def test_async_context_manager(session: aiohttp.ClientSession) -> None:
    async with FakeProvider(max_recorded=2) as provider:
        for _ in range(3):
            async with session.post(chat_url(provider), json=chat_body(provider)) as r:
                assert r.status == 200
        assert provider.request_count == 3
        assert len(provider.requests) == len(provider.headers) == 2
    assert not provider.running


def test_blocking_client_from_sync_code(openai: FakeProvider) -> None:
    request = urllib.request.Request(
        chat_url(openai),
        data=json.dumps(chat_body(openai)).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=2) as response:
        body = json.loads(response.read())
    assert body["choices"][0]["message"]["content"] == HELLO_REPLY
    prompt = math.ceil(len("hello there") / 4) + 4
    assert body["usage"]["prompt_tokens"] == prompt


def test_module_entry_point_serves_until_terminated() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "hybrid_infer.testing", "--protocol", "ollama", "--port", "0"],
        cwd=REPO,
        # If the package __init__ pulls in litellm, keep it from fetching its cost map online.
        env={**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        ready = process.stdout.readline().split()
        assert ready[0] == "READY"
        assert ready[1].startswith("http://127.0.0.1:")
        body = {"model": "fake-model", "messages": HELLO, "stream": False}
        request = urllib.request.Request(f"{ready[1]}/api/chat", data=json.dumps(body).encode())
        with urllib.request.urlopen(request, timeout=2) as response:
            assert json.loads(response.read())["done"] is True
    finally:
        process.terminate()
        assert process.wait(timeout=5) == 0
        if process.stdout is not None:
            process.stdout.close()


def test_module_entry_point_reports_an_out_of_range_option_as_a_usage_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hybrid_infer.testing", "--error-rate", "3"],
        cwd=REPO,
        env={**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2  # as argparse's own errors, not a traceback
    assert "error_rate must be within [0, 1]" in done.stderr
    assert "Traceback" not in done.stderr
