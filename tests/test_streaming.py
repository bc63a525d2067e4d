"""Streaming over both transports: chunks then a Result; failover only before the first token."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import pytest
from aiohttp import web

from hybrid_infer import AllDeploymentsFailed, Deployment, HybridClient, StreamChunk, StreamInterrupted

from .conftest import NO_PROBES, TRANSPORTS, deployment_for, serve_chat, sse_chunk


async def collect(client: HybridClient, prompt: str, **kwargs: object) -> list[StreamChunk]:
    return [chunk async for chunk in client.astream(prompt, **kwargs)]


@pytest.mark.parametrize("protocol", ["openai", "ollama"])
async def test_stream_yields_deltas_then_the_result(fake, transport: str, protocol: str) -> None:
    provider = fake(protocol, token_delay_s=0.005)
    async with HybridClient([deployment_for(provider, "p", transport=transport)], health=NO_PROBES) as client:
        chunks = await collect(client, "tell me something")
        plain = await client.acomplete("tell me something")
    *deltas, last = chunks
    assert all(c.result is None and c.delta for c in deltas)
    assert last.delta == ""
    assert last.result is not None
    result = last.result
    assert "".join(c.delta for c in deltas) == result.text == plain.text
    assert result.usage == plain.usage
    assert result.finish_reason == plain.finish_reason == "stop"
    assert result.ttft_ms is not None
    assert 0 < result.ttft_ms <= result.latency_ms


async def test_max_tokens_ends_the_stream_with_length(fake, transport: str) -> None:
    provider = fake("openai")
    async with HybridClient([deployment_for(provider, "p", transport=transport)], health=NO_PROBES) as client:
        chunks = await collect(client, "a b c d e f g h", max_tokens=2)
    result = chunks[-1].result
    assert result is not None
    assert result.finish_reason == "length"
    assert result.usage.completion_tokens == 2


async def test_failover_before_the_first_token(fake, transport: str) -> None:
    broken, good = fake("openai", error_status=500), fake("openai")
    deployments = [
        deployment_for(broken, "broken", transport=transport),
        deployment_for(good, "good", transport=transport),
    ]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        chunks = await collect(client, "hi")
    result = chunks[-1].result
    assert result is not None
    assert result.provider == "good"
    assert [a.outcome for a in result.attempts] == ["error", "ok"]


async def test_a_stream_cut_after_the_first_token_raises_with_the_partial_text(fake, transport: str) -> None:
    cut, good = fake("openai", cut_stream_after=2), fake("openai")
    deployments = [
        deployment_for(cut, "cut", transport=transport),
        deployment_for(good, "good", transport=transport),
    ]
    received: list[str] = []
    async with HybridClient(deployments, health=NO_PROBES) as client:
        with pytest.raises(StreamInterrupted) as info:
            async for chunk in client.astream("please answer at length"):
                received.append(chunk.delta)
    error = info.value
    assert error.partial_text == "".join(received)
    assert received
    assert error.deployment == "cut"
    assert error.attempts[-1].outcome == "error"
    assert good.request_count == 0  # no silent restart elsewhere after tokens were shown
    spent = client.stats()["cut"]
    assert spent.prompt_tokens > 0 and spent.completion_tokens > 0 and spent.cost_usd > 0  # billed, estimated


async def test_a_stream_that_stalls_mid_way_times_out_as_interrupted(fake) -> None:
    provider = fake("openai", token_delay_s=0.01)
    async with HybridClient([deployment_for(provider, "p", timeout_s=0.3)], health=NO_PROBES) as client:
        with pytest.raises(StreamInterrupted) as info:
            async for chunk in client.astream("one two three four five"):
                if chunk.delta:
                    provider.token_delay_s = 2.0
    assert info.value.attempts[-1].outcome == "timeout"


def test_sync_stream(fake, clients) -> None:
    provider = fake("ollama")
    client = HybridClient([deployment_for(provider, "p")], health=NO_PROBES)
    clients.append(client)
    chunks = list(client.stream("hello sync"))
    assert chunks[-1].result is not None
    assert "".join(c.delta for c in chunks) == chunks[-1].result.text


async def test_abandoning_a_stream_frees_its_slot(fake) -> None:
    provider = fake("openai", token_delay_s=0.01)
    async with HybridClient(
        [deployment_for(provider, "p", max_concurrency=1)], health=NO_PROBES, queue_timeout_s=2
    ) as client:
        stream = client.astream("one two three four five six")
        async for _ in stream:
            break
        await stream.aclose()  # type: ignore[attr-defined]
        assert client.health()["p"].in_flight == 0
        result = await client.acomplete("next")
    assert result.provider == "p"


@pytest.mark.parametrize("filler", ["keep-alive comments", "empty deltas"])
@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_keep_alives_do_not_stretch_the_wait_for_the_next_chunk(transport: str, filler: str) -> None:
    """A server that sends one token, then only SSE comments or empty deltas: ``timeout_s``
    bounds the wait for text on both transports (a socket read timeout alone would not)."""

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await response.write(sse_chunk({"role": "assistant", "content": "Hello "}))
        for _ in range(15):  # 1.5 s of filler, then the rest
            await asyncio.sleep(0.1)
            await response.write(b": keep-alive\n\n" if filler == "keep-alive comments" else sse_chunk({"content": ""}))
        await response.write(sse_chunk({"content": "world"}))
        await response.write(sse_chunk({}, "stop") + b"data: [DONE]\n\n")
        return response

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, timeout_s=0.4, transport=transport)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            with pytest.raises(StreamInterrupted) as info:
                async for _ in client.astream("hi"):
                    pass
    assert info.value.partial_text == "Hello "
    assert info.value.attempts[-1].error_type == "ProviderTimeout"


@pytest.mark.parametrize("line_end", ["\r", "\r\n", "\n"])
async def test_sse_lines_may_end_in_cr_crlf_or_lf(line_end: str) -> None:
    """Server-sent events allow all three line ends. Each write here ends between the two
    characters of a ``\\r\\n`` (or just after a lone ``\\r``), and the middle event spreads its
    JSON over two ``data:`` lines, which a blank line read too early would cut."""
    end = line_end.encode()

    def event(*lines: str) -> list[bytes]:
        text = "".join(f"data: {line}{line_end}" for line in lines) + line_end
        raw = text.encode()
        cut = raw.index(end) + 1  # just after the first line end's first character
        return [raw[:cut], raw[cut:]]

    hello = json.dumps(json.loads(sse_chunk({"role": "assistant", "content": "Hello "})[6:]))
    world = json.dumps(json.loads(sse_chunk({"content": "world"})[6:]), indent=1).splitlines()
    stop = json.dumps(json.loads(sse_chunk({}, "stop")[6:]))

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        for piece in [*event(hello), *event(world[0], "\n".join(world[1:]).replace("\n", " ")), *event(stop)]:
            await response.write(piece)
            await asyncio.sleep(0.005)
        await response.write(b"data: [DONE]" + end + end)
        return response

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, transport="native")
        async with HybridClient([deployment], health=NO_PROBES) as client:
            chunks = [c async for c in client.astream("hi")]
    assert "".join(c.delta for c in chunks) == "Hello world"
    assert chunks[-1].result is not None and chunks[-1].result.finish_reason == "stop"


async def test_a_long_event_line_arriving_in_many_reads_is_read_whole() -> None:
    """A line longer than one network read is kept in pieces until its end arrives (and is
    scanned once then, not on every read)."""
    text = "x" * 200_000
    line = sse_chunk({"role": "assistant", "content": text})

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        for start in range(0, len(line), 4096):
            await response.write(line[start : start + 4096])
        await response.write(sse_chunk({}, "stop") + b"data: [DONE]\n\n")
        return response

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, transport="native")
        async with HybridClient([deployment], health=NO_PROBES) as client:
            chunks = [c async for c in client.astream("hi")]
    assert "".join(c.delta for c in chunks) == text
    assert chunks[-1].result is not None and chunks[-1].result.text == text


async def test_an_event_whose_json_spans_several_data_lines_is_read_whole() -> None:
    """SSE joins an event's ``data:`` lines with newlines: a server that pretty-prints its
    chunks over several lines streams a whole answer on the native transport (it raised
    MalformedResponse), and a line that never becomes JSON by the event's end still fails."""

    def spread(delta: dict[str, Any], finish: str | None = None) -> bytes:
        chunk = {"id": "c", "object": "chat.completion.chunk", "model": "m"}
        chunk["choices"] = [{"index": 0, "delta": delta, "finish_reason": finish}]  # type: ignore[assignment]
        lines = json.dumps(chunk, indent=1).splitlines()
        return b"".join(f"data: {line}\n".encode() for line in lines) + b"\n"

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await response.write(spread({"role": "assistant", "content": "Hello "}))
        await response.write(spread({"content": "world"}))
        await response.write(spread({}, "stop") + b"data: [DONE]\n\n")
        return response

    async def broken(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await response.write(b'data: {"choices": [\n\ndata: [DONE]\n\n')
        return response

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, transport="native")
        async with HybridClient([deployment], health=NO_PROBES) as client:
            deltas = [c.delta async for c in client.astream("hi") if c.delta]
            assert "".join(deltas) == "Hello world"
    async with serve_chat(broken) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, transport="native")
        async with HybridClient([deployment], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                await _drain(client)
    assert info.value.attempts[-1].error_type == "MalformedResponse"


async def _drain(client: HybridClient) -> None:
    async for _ in client.astream("hi"):
        pass


@pytest.mark.parametrize("size", [200, 4_000_000])
async def test_a_compressed_body_counts_against_max_response_bytes_once_inflated(size: int) -> None:
    """Content-Length is the compressed size: a small gzip body may inflate past the limit
    (a 'zip bomb'), and is refused as soon as the inflated text passes it."""
    import gzip

    completion = {
        "id": "c",
        "object": "chat.completion",
        "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "a" * size}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }
    body = gzip.compress(json.dumps(completion).encode())

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        return web.Response(body=body, headers={"Content-Encoding": "gzip", "Content-Type": "application/json"})

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, transport="native")
        async with HybridClient([deployment], health=NO_PROBES, max_response_bytes=1024 * 1024) as client:
            if size < 1024 * 1024:
                assert (await client.acomplete("hi")).text == "a" * size
                return
            with pytest.raises(AllDeploymentsFailed) as info:
                await client.acomplete("hi")
    assert len(body) < 1024 * 1024
    attempt = info.value.attempts[0]
    assert attempt.error_type == "MalformedResponse" and "larger than 1048576 bytes" in (attempt.error or "")


async def _native_stream(body: bytes) -> tuple[str, str | None]:
    """Stream ``body`` from a one-off server on the native transport: (text, error type)."""

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await response.write(body)
        return response

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, transport="native")
        async with HybridClient([deployment], health=NO_PROBES) as client:
            try:
                chunks = [c async for c in client.astream("hi")]
            except (AllDeploymentsFailed, StreamInterrupted) as exc:
                attempts = exc.attempts
                return "", attempts[-1].error_type if attempts else type(exc).__name__
    result = chunks[-1].result
    assert result is not None
    return result.text, None


async def test_a_byte_order_mark_and_empty_data_events_are_no_answer_text() -> None:
    """The SSE format drops a leading byte-order mark, and an event whose data is empty (a
    proxy's heartbeat) dispatches nothing: neither loses text nor breaks the stream."""
    first = sse_chunk({"role": "assistant", "content": "first "})
    body = b"\xef\xbb\xbf" + first + b"data:\n\n" + b"data: \n\n" + sse_chunk({"content": "second"}, "stop")
    assert await _native_stream(body + b"data: [DONE]\n\n") == ("first second", None)


async def test_an_event_that_never_ends_is_refused_without_stalling_the_loop() -> None:
    """20,000 'data:' lines of one event that never parses: refused once it holds 1 MiB,
    each line parsed at most when it could end the JSON (it was parsed again for every
    line: seconds of a blocked loop)."""
    body = b"data: {\n" + (b"data: " + b"x" * 100 + b"\n") * 20_000
    loop = asyncio.get_running_loop()
    ticks = [loop.time()]

    async def tick() -> None:
        while True:
            await asyncio.sleep(0.01)
            ticks.append(loop.time())

    ticker = asyncio.create_task(tick())
    try:
        text, error = await _native_stream(body)
    finally:
        ticker.cancel()
    ticks.append(loop.time())
    assert (text, error) == ("", "MalformedResponse")
    assert max(b - a for a, b in itertools.pairwise(ticks)) < 0.5  # the loop kept turning meanwhile
