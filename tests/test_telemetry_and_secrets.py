"""Telemetry events for every call, and API keys that never leak anywhere."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import pickle
import threading
import time
from urllib.parse import quote

import pytest
from aiohttp import web

from hybrid_infer import AllDeploymentsFailed, ConfigError, Deployment, HybridClient, StreamInterrupted
from hybrid_infer._secrets import KeyMaskFilter
from hybrid_infer.events import AttemptFinished, Event, RequestFinished, RequestStarted, ThreadedCallback

from .conftest import NO_PROBES, deployment_for, serve_chat

SECRET = "sk-test-DO-NOT-LEAK-0123456789"


async def test_every_call_emits_started_attempts_and_finished(fake) -> None:
    bad, good = fake("openai", error_status=500), fake("openai")
    events: list[Event] = []
    async with HybridClient(
        [deployment_for(bad, "bad"), deployment_for(good, "good")],
        health=NO_PROBES,
        callbacks=[events.append],
    ) as client:
        result = await client.acomplete("hi")
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["RequestStarted", "AttemptFinished", "AttemptFinished", "RequestFinished"]
    started, failed, ok, finished = events
    assert isinstance(started, RequestStarted)
    assert isinstance(finished, RequestFinished)
    assert isinstance(failed, AttemptFinished)
    assert failed.attempt.outcome == "error"
    assert isinstance(ok, AttemptFinished)
    assert ok.attempt.outcome == "ok"
    assert started.request_id == finished.request_id == result.request_id
    assert finished.result == result


async def test_a_failing_request_finishes_with_its_error_type(fake) -> None:
    bad = fake("openai", error_status=500)
    events: list[Event] = []
    async with HybridClient([deployment_for(bad, "bad")], health=NO_PROBES, callbacks=[events.append]) as client:
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("hi")
    finished = events[-1]
    assert isinstance(finished, RequestFinished)
    assert finished.result is None
    assert finished.error_type == "AllDeploymentsFailed"


async def test_a_broken_callback_never_fails_a_request(fake, caplog: pytest.LogCaptureFixture) -> None:
    good = fake("openai")

    def explode(event: Event) -> None:
        raise RuntimeError("callback bug")

    async with HybridClient([deployment_for(good, "good")], health=NO_PROBES, callbacks=[explode]) as client:
        result = await client.acomplete("hi")
    assert result.provider == "good"
    assert "callback" in caplog.text
    warning = next(r for r in caplog.records if "telemetry callback" in r.getMessage())
    assert warning.request_id == result.request_id  # a structured field, for JSON log formatters


@pytest.mark.parametrize("raised", [SystemExit, asyncio.CancelledError, GeneratorExit, KeyboardInterrupt])
def test_a_callback_raising_a_base_exception_neither_fails_requests_nor_stops_the_client(fake, raised: type) -> None:
    """On the sync client's loop thread no Ctrl-C can arrive: whatever a callback raises
    there is its own bug, logged like any other, and the loop goes on serving."""
    raised_once: list[str] = []

    def explode(event: Event) -> None:
        if not raised_once:
            raised_once.append(type(event).__name__)
            raise raised()

    with HybridClient([deployment_for(fake("openai"), "good")], health=NO_PROBES, callbacks=[explode]) as client:
        answers = [client.complete(f"question {n}").provider for n in range(3)]
    assert raised_once and answers == ["good"] * 3


def test_every_event_of_a_failover_writes_as_one_json_line(fake) -> None:
    from hybrid_infer.events import event_dict

    down, up = fake("openai", error_status=503), fake("openai")
    events: list[Event] = []
    deployments = [deployment_for(down, "down"), deployment_for(up, "up")]
    with HybridClient(deployments, health=NO_PROBES, callbacks=[events.append]) as client:
        result = client.complete("hi")
    lines = [json.loads(json.dumps(event_dict(e))) for e in events]
    assert [line["event"] for line in lines] == [
        "RequestStarted",
        "AttemptFinished",
        "AttemptFinished",
        "RequestFinished",
    ]
    assert lines[1]["attempt"]["error_type"] == "ServerError" and lines[2]["attempt"]["outcome"] == "ok"
    assert lines[3]["result"]["text"] == result.text and lines[3]["result"]["provider"] == "up"
    assert all(line["request_id"] == result.request_id for line in lines)


def test_callbacks_are_read_once_so_a_generator_works_like_a_list(fake) -> None:
    events: list[Event] = []
    with HybridClient(
        [deployment_for(fake("openai"), "good")], health=NO_PROBES, callbacks=(c for c in [events.append])
    ) as client:
        client.complete("hi")
    assert [type(e).__name__ for e in events] == ["RequestStarted", "AttemptFinished", "RequestFinished"]


def test_an_async_callback_is_refused_rather_than_never_run(fake) -> None:
    async def on_event(event: Event) -> None:
        pass

    class AsyncExporter:
        async def __call__(self, event: Event) -> None:
            pass

    for bad in (on_event, AsyncExporter()):
        with pytest.raises(ConfigError, match="async def") as info:
            HybridClient([deployment_for(fake("openai"), "good")], callbacks=[print, bad])
        assert info.value.field == "callbacks[1]"


def test_threaded_callback_settings_are_checked() -> None:
    for bad in (0, -1, "10", 2.5, True):
        with pytest.raises(ConfigError) as info:
            ThreadedCallback(print, max_queue=bad)  # type: ignore[arg-type]
        assert info.value.field == "max_queue"
    with pytest.raises(ConfigError) as info:
        ThreadedCallback(5)  # type: ignore[arg-type]
    assert info.value.field == "callback"


async def test_failed_attempts_are_logged_with_structured_fields(fake, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="hybrid_infer")
    broken, good = fake("openai", error_status=500), fake("openai")
    async with HybridClient([deployment_for(broken, "broken"), deployment_for(good, "good")], health=NO_PROBES) as c:
        result = await c.acomplete("hi")
    record = next(r for r in caplog.records if r.getMessage().startswith("attempt "))
    assert (record.request_id, record.deployment) == (result.request_id, "broken")


async def test_a_broken_callback_is_reported_once_a_minute_not_on_every_event(
    fake, caplog: pytest.LogCaptureFixture
) -> None:
    def explode(event: Event) -> None:
        raise RuntimeError("callback bug")

    async with HybridClient([deployment_for(fake("openai"), "good")], health=NO_PROBES, callbacks=[explode]) as client:
        for _ in range(20):
            await client.acomplete("hi", cache="off")
    warnings = [r for r in caplog.records if "telemetry callback" in r.getMessage()]
    assert len(warnings) == 1  # 60 events (started, attempt, finished per request), one warning


async def test_a_slow_callback_is_reported_and_threaded_callback_keeps_requests_on_time(
    fake, caplog: pytest.LogCaptureFixture
) -> None:
    """A callback runs on the loop: 0.2 s per event would push these 50 ms calls past their
    0.5 s timeout. Wrapped in ThreadedCallback it runs on its own thread, in order."""
    provider = fake("openai", latency_s=0.05)
    seen: list[Event] = []

    def slow_export(event: Event) -> None:
        time.sleep(0.2)
        seen.append(event)

    exporter = ThreadedCallback(slow_export)
    deployment = deployment_for(provider, "p", timeout_s=0.5)
    async with HybridClient([deployment], health=NO_PROBES, callbacks=[exporter]) as client:
        results = await asyncio.gather(*(client.acomplete(f"q{i}", cache="off") for i in range(4)))
    assert all(r.provider == "p" for r in results)
    exporter.close(timeout_s=10)
    assert len(seen) == 12 and exporter.dropped == 0  # started, attempt, finished for each of the 4
    assert {type(e).__name__ for e in seen} == {"RequestStarted", "AttemptFinished", "RequestFinished"}
    assert not any("took" in r.getMessage() for r in caplog.records)

    async with HybridClient([deployment_for(provider, "q")], health=NO_PROBES, callbacks=[slow_export]) as client:
        await client.acomplete("inline", cache="off")
    slow = [r for r in caplog.records if "took" in r.getMessage()]
    assert len(slow) == 1 and "ThreadedCallback" in slow[0].getMessage()


def test_threaded_callback_drops_events_past_its_queue_instead_of_blocking() -> None:
    release = threading.Event()
    exporter = ThreadedCallback(lambda event: release.wait(5), max_queue=2)
    started = time.monotonic()
    for i in range(10):
        exporter(RequestStarted(f"r{i}", None, stream=False))
    assert time.monotonic() - started < 1.0
    assert exporter.dropped >= 7  # one taken by the thread at most, two queued
    release.set()
    exporter.close()
    exporter(RequestStarted("late", None, stream=False))
    assert exporter.dropped >= 8  # a closed exporter drops


async def test_litellm_debug_records_with_prompts_are_dropped_unless_asked_for(
    fake, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """litellm's DEBUG records dump whole requests: a service that turns DEBUG on must not
    write its users' prompts to its logs without asking for it."""
    monkeypatch.delenv("HYBRID_INFER_LITELLM_DEBUG", raising=False)
    caplog.set_level(logging.DEBUG)
    provider = fake("openai")
    deployment = deployment_for(provider, "p", transport="litellm")
    prompt = "CONFIDENTIAL-PROMPT-ssn-078-05-1120"
    async with HybridClient([deployment], health=NO_PROBES) as client:
        await client.acomplete(prompt, cache="off")
        assert prompt not in caplog.text
        monkeypatch.setenv("HYBRID_INFER_LITELLM_DEBUG", "1")
        await client.acomplete(prompt + "-again", cache="off")
    assert prompt + "-again" in caplog.text  # asked for: litellm's own records, as litellm writes them


async def test_a_broken_callback_warning_shows_its_own_error_not_the_providers(
    fake, caplog: pytest.LogCaptureFixture
) -> None:
    broken, good = fake("openai", error_status=500), fake("openai")

    def explode(event: Event) -> None:
        if isinstance(event, AttemptFinished) and event.attempt.outcome == "error":
            try:
                {}["missing"]
            except KeyError:
                raise RuntimeError("callback bug")  # noqa: B904 - the KeyError is its real context

    deployments = [deployment_for(broken, "broken"), deployment_for(good, "good")]
    async with HybridClient(deployments, health=NO_PROBES, callbacks=[explode]) as client:
        result = await client.acomplete("hi")
    assert result.provider == "good"
    warning = next(r for r in caplog.records if "telemetry callback" in r.getMessage())
    assert warning.exc_info is not None
    text = logging.Formatter().formatException(warning.exc_info)
    assert "callback bug" in text
    assert "KeyError" in text  # the callback's own context is kept
    assert "ServerError" not in text  # the provider error being handled when the event was sent


async def test_api_keys_never_leak(fake, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]) -> None:
    caplog.set_level(logging.DEBUG)
    locked = fake("openai", api_key="another-key")
    good = fake("openai", api_key=SECRET)
    events: list[Event] = []
    deployments = [
        deployment_for(locked, "locked", api_key=SECRET),
        deployment_for(good, "good", api_key=SECRET),
    ]
    async with HybridClient(deployments, health=NO_PROBES, callbacks=[events.append]) as client:
        result = await client.acomplete("hi")
        good.error_status = 500
        with pytest.raises(AllDeploymentsFailed) as info:
            await client.acomplete("again")
        texts = [
            repr(deployments),
            str(deployments),
            repr(client),
            str(result),
            result.model_dump_json(),
            repr(events),
            str(info.value),
            repr(info.value.attempts),
            repr(client.health()),
            repr(client.stats()),
            caplog.text,
            capsys.readouterr().out,
            deployments[0].model_dump_json(),
        ]
    assert good.headers[0]["Authorization"] == f"Bearer {SECRET}"  # it was sent...
    for text in texts:
        assert SECRET not in text  # ...and appears nowhere else


def test_deployments_with_keys_do_not_pickle_the_key_into_reprs() -> None:
    d = Deployment(name="c", model="openai/gpt-4o-mini", api_key=SECRET)
    assert SECRET not in repr(d)
    assert SECRET not in str(d.model_dump())
    assert d.resolve_api_key() == SECRET
    assert pickle.loads(pickle.dumps(d)).resolve_api_key() == SECRET


def test_an_unprefixed_model_of_another_provider_never_gets_the_openai_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai-private-key")
    assert Deployment(name="gpt", model="gpt-4o-mini").resolve_api_key() == "sk-openai-private-key"
    claude = Deployment(name="claude", model="claude-sonnet-4-5", input_cost_per_mtok=3.0, output_cost_per_mtok=15.0)
    assert claude.resolve_api_key() is None  # litellm reads ANTHROPIC_API_KEY itself


@pytest.mark.parametrize(
    ("secret", "padding"),
    [
        ("sk-live-echoed-secret-0001-abcdefghij", 0),
        ("sk-live-echoed-secret-0001-abcdefghij", 441),
        ("hunter2", 0),
        ("sk-live-Echoed-Secret-0001-AbcdefGhij", -1),
        ("sk-Zx9/Qw8+Er7/Ty6+Ui5/Op4+As3/Df2+Gh1=", -2),
        ("sk-Zx9/Qw8+Er7/Ty6+Ui5/Op4+As3/Df2+Gh1=", -3),
    ],
    ids=["short-message", "cut-mid-key", "short-key", "case-changed-twice", "url-encoded", "base64-bearer"],
)
async def test_a_key_the_provider_echoes_back_is_redacted_everywhere(
    caplog: pytest.LogCaptureFixture, secret: str, padding: int
) -> None:
    """Some servers repeat the key they rejected in a 401 body (``padding`` makes the message
    long enough to be cut to its length limit in the middle of the key)."""

    async def chat(request: web.Request) -> web.Response:
        await request.read()
        key = request.headers.get("Authorization", "")[len("Bearer ") :]
        message = "x" * padding + f" Incorrect API key provided: {key}"
        if padding == -1:  # a gateway that echoes it upper- and lower-cased
            message = f"Incorrect API key provided: {key.upper()} (normalised: {key.lower()})"
        elif padding == -2:  # URL-encoded: '+' and '/' would cut it into short runs
            message = f"Incorrect API key provided: {quote(key, safe='')}"
        elif padding == -3:  # the Authorization header, base64-encoded
            message = f"Rejected credentials {base64.b64encode(f'Bearer {key}'.encode()).decode()}"
        return web.json_response({"error": {"message": message}}, status=401)

    events: list[Event] = []
    caplog.set_level(logging.DEBUG, logger="hybrid_infer")
    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, api_key=secret)
        async with HybridClient([deployment], health=NO_PROBES, callbacks=[events.append]) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                await client.acomplete("hi")
            await client.acheck_health()  # the probe gets the same 401
            seen = [str(info.value), repr(info.value.attempts), str(client.health()["p"].last_error), caplog.text]
    seen += [repr(e) for e in events]
    assert "[redacted]" in str(info.value)
    for form in (secret, quote(secret, safe=""), base64.b64encode(f"Bearer {secret}".encode()).decode()):
        assert not [text for text in seen if form[:12].lower() in text.lower()]  # not even a start of it
        assert not [text for text in seen if form[-12:].lower() in text.lower()]


async def test_a_key_rotated_while_a_call_is_out_is_masked_when_the_provider_echoes_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Masking read the variable after the call, so only the new key was masked and the one
    the call was sent with showed in full (review 61)."""
    old, new = "sk-old-rotated-key-AAAAAAAAAAAA1111", "sk-new-rotated-key-BBBBBBBBBBBB2222"
    monkeypatch.setenv("ROTATED_KEY", old)

    async def chat(request: web.Request) -> web.Response:
        await request.read()
        sent = request.headers.get("Authorization", "")[len("Bearer ") :]
        os.environ["ROTATED_KEY"] = new  # a secrets agent rotates the key meanwhile
        return web.json_response({"error": {"message": f"Incorrect API key provided: {sent}"}}, status=401)

    caplog.set_level(logging.DEBUG, logger="hybrid_infer")
    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, api_key="${ROTATED_KEY}")
        async with HybridClient([deployment], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                await client.acomplete("hi")
            seen = [str(info.value), repr(info.value.attempts), str(client.health()["p"].last_error), caplog.text]
    assert "[redacted]" in str(info.value)
    assert not [text for text in seen if old[:12] in text or old[-12:] in text]
    assert deployment == Deployment(name="p", model="openai/m", api_base=api_base, api_key="${ROTATED_KEY}")
    assert old not in repr(deployment) and new not in repr(deployment)
    # the keys it keeps for masking stay in this process: never in a pickle or a copy (review 66)
    import copy

    assert old.encode() not in pickle.dumps(deployment) and new.encode() not in pickle.dumps(deployment)
    assert old not in copy.deepcopy(deployment).secrets()


async def test_a_key_the_provider_echoes_in_an_answer_reaches_no_result_event_or_cache_file(tmp_path) -> None:
    """A gateway that repeats the request headers in its answer: the answer is masked before
    it reaches the result, events and the cache."""
    from hybrid_infer import CacheConfig

    secret = "sk-proj-Echoed-In-Answer-0001-abcdefghij"

    async def chat(request: web.Request) -> web.Response:
        await request.read()
        echoed = f"Debug: you sent Authorization: {request.headers.get('Authorization', '')}"
        return web.json_response(
            {"choices": [{"index": 0, "message": {"role": "assistant", "content": echoed}, "finish_reason": "stop"}]}
        )

    events: list[Event] = []
    cache = CacheConfig(path=tmp_path / "cache", semantic=False)
    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, api_key=secret)
        async with HybridClient([deployment], health=NO_PROBES, cache=cache, callbacks=[events.append]) as client:
            result = await client.acomplete("hi")
            again = await client.acomplete("hi")
    assert "Authorization: Bearer sk-" in result.text and "[redacted]" in result.text
    assert again.cache == "exact" and again.text == result.text
    stored = b"".join(p.read_bytes() for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert secret[:12].encode() not in stored and secret[-12:].encode() not in stored
    assert not [e for e in events if secret[-12:] in repr(e)]


async def test_a_key_echoed_in_tool_calls_or_the_finish_reason_is_masked_before_the_cache(tmp_path) -> None:
    """The echo may land in what the model 'called' (its id, name and arguments) or in the
    finish reason: those reach results, events and the cache as much as the text does."""
    from hybrid_infer import CacheConfig

    secret = "sk-proj-Echoed-In-Tools-0002-abcdefghij"

    async def chat(request: web.Request) -> web.Response:
        await request.read()
        header = request.headers.get("Authorization", "")
        call = {
            "id": f"call {header}",
            "type": "function",
            "function": {"name": f"f_{header[7:]}", "arguments": json.dumps({"echo": header})},
        }
        message = {"role": "assistant", "content": "", "tool_calls": [call]}
        return web.json_response({"choices": [{"index": 0, "message": message, "finish_reason": header}]})

    events: list[Event] = []
    cache = CacheConfig(path=tmp_path / "cache", semantic=False)
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, api_key=secret)
        async with HybridClient([deployment], health=NO_PROBES, cache=cache, callbacks=[events.append]) as client:
            result = await client.acomplete("hi", tools=tools)
            again = await client.acomplete("hi", tools=tools)
    assert again.cache == "exact"
    for answer in (result, again):
        shown = repr(answer.tool_calls) + repr(answer.finish_reason)
        assert secret[:12] not in shown and secret[-12:] not in shown
    stored = b"".join(p.read_bytes() for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert secret[:12].encode() not in stored and secret[-12:].encode() not in stored
    assert not [e for e in events if secret[-12:] in repr(e)]


@pytest.mark.parametrize("user", ["proxyuser:", ""])  # user:password@, or a token alone as user name
async def test_a_password_in_api_base_echoed_back_is_masked_like_a_key(user: str) -> None:
    """Credentials written into api_base travel as a Basic header: a server that repeats
    the password, or the header, shows it in neither the error nor the answer."""
    password = "hunter2-SuperSecretProxyPassword-42"
    basic = base64.b64encode(f"{user or password + ':'}{password if user else ''}".encode()).decode()
    events: list[object] = []
    fail = {"on": True}

    async def chat(request: web.Request) -> web.Response:
        await request.read()
        if fail["on"]:
            return web.json_response(
                {"error": {"message": f"bad credentials {request.headers.get('Authorization')} ({password})"}},
                status=401,
            )
        return web.json_response(
            {
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": f"you sent {password}"},
                        "finish_reason": "stop",
                    }
                ]
            }
        )

    async with serve_chat(chat) as api_base:
        with_password = api_base.replace("http://", f"http://{user}{password}@")
        deployment = Deployment(name="p", model="openai/m", api_base=with_password)
        async with HybridClient([deployment], health=NO_PROBES, callbacks=[events.append]) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                await client.acomplete("hi")
            health = repr(client.health())
        fail["on"] = False
        async with HybridClient([deployment], health=NO_PROBES) as client:  # (the 401 took the first one out)
            answered = await client.acomplete("hi")
    shown = str(info.value) + repr(info.value.attempts) + health + repr(events)
    assert password not in shown and basic not in shown and password[:12] not in shown
    assert password not in answered.text


async def test_litellm_own_log_records_do_not_show_an_echoed_key(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """litellm logs some provider errors itself (DEBUG tracebacks); its loggers are filtered."""
    monkeypatch.setenv("HYBRID_INFER_LITELLM_DEBUG", "1")  # its DEBUG records are dropped otherwise
    secret = "a1b2c3d4e5f6-azure-style-key-7a8b9c0d"

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        key = request.headers.get("Authorization", "")[len("Bearer ") :]
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        first = {"choices": [{"index": 0, "delta": {"content": "one "}, "finish_reason": None}]}
        await response.write(f"data: {json.dumps(first)}\n\n".encode())
        error = {"error": {"message": f"overloaded mid-stream, key={key}"}}
        await response.write(f"data: {json.dumps(error)}\n\n".encode())
        await response.write_eof()
        return response

    caplog.set_level(logging.DEBUG)
    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, api_key=secret, transport="litellm")
        async with HybridClient([deployment], health=NO_PROBES) as client:
            with pytest.raises(StreamInterrupted):
                async for _ in client.astream("hi"):
                    pass
    litellm_lines = [r for r in caplog.records if r.name.startswith("LiteLLM")]
    assert litellm_lines  # litellm did log about it
    assert secret[:12] not in caplog.text
    # the closed client's filter stays, frozen: litellm's logging worker emits records late
    masks = [f for f in logging.getLogger("LiteLLM").filters if isinstance(f, KeyMaskFilter)]
    assert masks and all(f.frozen for f in masks)
    late = logging.LogRecord("LiteLLM", logging.DEBUG, __file__, 1, f"late record: {secret}", None, None)
    logging.getLogger("LiteLLM").filter(late)
    assert secret[:12] not in late.getMessage()


async def test_a_key_litellm_reads_from_the_environment_is_masked_when_echoed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deployment given no api_key: litellm sends the provider's variable on its own
    (ANTHROPIC_API_KEY). A gateway echoing that header back must not put it in the answer,
    which reaches the user, the events and the cache (review 41)."""
    key = "sk-ant-api03-hybrid-test-0123456789abcdef"
    monkeypatch.setenv("ANTHROPIC_API_KEY", key)

    async def messages(request: web.Request) -> web.Response:
        echoed = request.headers.get("x-api-key", "?")
        return web.json_response(
            {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-x",
                "content": [{"type": "text", "text": f"debug: you sent x-api-key {echoed}"}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 1, "output_tokens": 1},
            }
        )

    app = web.Application()
    app.router.add_post("/v1/messages", messages)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    events: list[Event] = []
    try:
        deployment = Deployment(
            name="claude",
            model="anthropic/claude-3-5-haiku-latest",
            api_base=f"http://127.0.0.1:{runner.addresses[0][1]}",
        )
        async with HybridClient([deployment], health=NO_PROBES, callbacks=[events.append]) as client:
            result = await client.acomplete("hi")
    finally:
        await runner.cleanup()
    assert result.text.startswith("debug: you sent x-api-key") and key not in result.text
    assert key[-12:] not in result.text and key not in repr(events)


@pytest.mark.parametrize("before", ["", '"Bearer ', '{"headers": {"Authorization": "Bearer '])
async def test_a_key_echoed_inside_base64_data_is_masked_at_any_alignment(before: str) -> None:
    """A gateway that answers with its request headers base64-encoded: the key starts at
    byte offset 0, 1 or 2 (mod 3) of the encoded data, and each gives other characters."""
    secret = "sk-proj-Base64-Echo-0001-abcdefghijklmn"

    async def chat(request: web.Request) -> web.Response:
        await request.read()
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        blob = base64.b64encode(f'{before}{token}"}}'.encode()).decode()
        return web.json_response(
            {"choices": [{"index": 0, "message": {"role": "assistant", "content": blob}, "finish_reason": "stop"}]}
        )

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, api_key=secret)
        async with HybridClient([deployment], health=NO_PROBES) as client:
            result = await client.acomplete("hi")
    assert "[redacted]" in result.text
    for pad in ("", "a", "ab"):  # the key's own characters, at each alignment
        encoded = base64.b64encode(f"{pad}{secret}".encode()).decode()[4 if pad else 0 : -4]
        assert encoded[:12] not in result.text and encoded[-12:] not in result.text


def test_only_the_providers_own_key_variables_are_masked_for_a_litellm_deployment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Masking every *_API_KEY value garbled answers: OPENAI_API_KEY=ollama (a local
    placeholder) turned each 'ollama' into '[redacted]' (review 43)."""
    monkeypatch.setenv("DEEPSEEK_API_KEY", "sk-deepseek-0123456789abcdef0123")
    monkeypatch.setenv("OPENAI_API_KEY", "ollama")
    monkeypatch.setenv("MY_APP_SECRET_KEY", "production-settings-key")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-0123456789abcdef0123")
    deepseek = Deployment(name="ds", model="deepseek/deepseek-chat")
    bedrock = Deployment(name="br", model="bedrock/anthropic.claude-3-haiku")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "aws-secret-0123456789abcdef")
    assert deepseek.secrets() == ["sk-deepseek-0123456789abcdef0123"]
    assert bedrock.secrets() == ["aws-secret-0123456789abcdef"]
    # litellm's own spellings of a provider's variable (review 44)
    monkeypatch.setenv("TOGETHERAI_API_KEY", "tgp_v1_0123456789abcdef")
    monkeypatch.setenv("PERPLEXITYAI_API_KEY", "pplx-0123456789abcdef")
    assert Deployment(name="t", model="together_ai/meta-llama/Llama-3-8b-chat-hf").secrets() == [
        "tgp_v1_0123456789abcdef"
    ]
    assert Deployment(name="p", model="perplexity/sonar").secrets() == ["pplx-0123456789abcdef"]
