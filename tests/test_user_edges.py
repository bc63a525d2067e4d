"""Edges a new user hits: why a deployment was skipped, unset key variables, misused
arguments, a buggy custom policy, a client reused across ``asyncio.run`` calls."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import threading
import time
import warnings
from collections.abc import Sequence
from pathlib import Path

import pytest
from pydantic import ValidationError

from hybrid_infer import AllDeploymentsFailed, Deployment, HealthConfig, HybridClient, Policy, Result, RouteContext
from hybrid_infer._request import build_request
from hybrid_infer.cache import CacheConfig, ResponseCache
from hybrid_infer.cache.testing import HashingEmbedder
from hybrid_infer.cli import main as cli_main
from hybrid_infer.errors import ClientClosed, ConfigError, HybridInferError
from hybrid_infer.policies import Candidate

from .conftest import NO_PROBES, deployment_for


async def test_a_skipped_deployment_says_why(fake) -> None:
    slow, spare = fake("ollama", latency_s=0.3), fake("openai")
    deployments = [deployment_for(slow, "local", max_concurrency=1), deployment_for(spare, "cloud")]
    # cheapest puts the free local one first even while it is busy, so it is skipped
    async with HybridClient(deployments, policy="cheapest", health=NO_PROBES) as client:
        first = asyncio.create_task(client.acomplete("hold the only slot"))
        await asyncio.sleep(0.1)
        second = await client.acomplete("spill")
        await first
    busy = [a for a in second.attempts if a.outcome == "skipped_busy"]
    assert busy and busy[0].error == "all 1 concurrency slots in use"
    assert busy[0].error_type is None


async def test_an_unset_key_variable_fails_the_attempt_but_is_read_again_next_call(
    fake, monkeypatch: pytest.MonkeyPatch
) -> None:
    provider = fake("openai", api_key="sk-test-1")
    monkeypatch.delenv("HYBRID_TEST_KEY", raising=False)
    deployment = deployment_for(provider, "cloud", api_key="${HYBRID_TEST_KEY}")
    async with HybridClient([deployment], health=NO_PROBES) as client:
        with pytest.raises(AllDeploymentsFailed) as info:
            await client.acomplete("hi")
        (attempt,) = info.value.attempts
        assert attempt.error_type == "MissingApiKey"
        assert attempt.error is not None and "HYBRID_TEST_KEY" in attempt.error
        assert provider.request_count == 0  # nothing was sent

        monkeypatch.setenv("HYBRID_TEST_KEY", "sk-test-1")
        result = await client.acomplete("hi")  # not benched for reset_timeout_s like a 401
    assert result.provider == "cloud"
    assert [a.outcome for a in result.attempts] == ["ok"]


async def test_an_unset_key_variable_does_not_reset_the_breakers_failure_count(
    fake, monkeypatch: pytest.MonkeyPatch
) -> None:
    provider = fake("openai", error_status=500)
    deployment = deployment_for(provider, "cloud", api_key="${HYBRID_TEST_KEY}")
    health = HealthConfig(enabled=False, failure_threshold=2)
    async with HybridClient([deployment], health=health) as client:
        monkeypatch.setenv("HYBRID_TEST_KEY", "sk-test-1")
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("one")  # failure 1
        monkeypatch.delenv("HYBRID_TEST_KEY")
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("two")  # nothing sent: says nothing about the deployment
        monkeypatch.setenv("HYBRID_TEST_KEY", "sk-test-1")
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("three")  # failure 2 in a row: the breaker opens
        assert client.health()["cloud"].state == "open"


def test_cache_only_without_a_cache_is_a_config_error(fake) -> None:
    provider = fake("openai")
    with (
        HybridClient([deployment_for(provider, "cloud")], health=NO_PROBES) as client,
        pytest.raises(ConfigError) as info,
    ):
        client.complete("hi", cache="only")
    assert info.value.field == "cache"
    assert provider.request_count == 0


@pytest.mark.parametrize("mode", [["default"], 1, None])
def test_a_cache_mode_of_the_wrong_type_is_a_config_error(fake, mode: object) -> None:
    with (
        HybridClient([deployment_for(fake("openai"), "cloud")], health=NO_PROBES) as client,
        pytest.raises(ConfigError) as info,
    ):
        client.complete("hi", cache=mode)
    assert info.value.field == "cache"


def test_callbacks_must_be_a_list(fake) -> None:
    with pytest.raises(ConfigError) as info:
        HybridClient([deployment_for(fake("openai"), "cloud")], callbacks=print)  # type: ignore[arg-type]
    assert info.value.field == "callbacks"


def test_invalidate_wants_a_key(fake, tmp_path: Path) -> None:
    config = CacheConfig(path=tmp_path / "cache", semantic=False)
    with HybridClient([deployment_for(fake("openai"), "cloud")], health=NO_PROBES, cache=config) as client:
        assert client.cache is not None
        with pytest.raises(ConfigError) as info:
            client.cache.invalidate(None)  # type: ignore[arg-type]
        assert info.value.field == "key"
        assert client.cache.invalidate("no-such-key") is False


@pytest.mark.parametrize(
    ("field", "value"),
    [("max_concurrency", True), ("max_concurrency", "4"), ("timeout_s", "5"), ("rpm", 2.5), ("use_cases", {""})],
)
def test_deployment_numbers_and_tags_are_not_coerced(field: str, value: object) -> None:
    with pytest.raises(ValidationError) as info:
        Deployment(name="d", model="openai/gpt-4o-mini", **{field: value})
    assert info.value.errors()[0]["loc"][0] == field


class Broken(Policy):
    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        raise RuntimeError("bug in my policy")


async def test_a_failing_custom_policy_is_a_typed_error(fake) -> None:
    provider = fake("openai")
    async with HybridClient([deployment_for(provider, "cloud")], policy=Broken(), health=NO_PROBES) as client:
        with pytest.raises(ConfigError) as info:
            await client.acomplete("hi")
    assert info.value.field == "policy"
    assert "bug in my policy" in str(info.value)
    assert provider.request_count == 0


class ForgotReturn(Policy):
    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        list(candidates)  # ... and forgot to return the list
        return None  # type: ignore[return-value]


async def test_a_policy_returning_none_is_a_typed_error_and_every_start_is_finished(fake) -> None:
    from hybrid_infer.events import RequestFinished, RequestStarted

    provider = fake("openai")
    events: list[object] = []
    deployments = [deployment_for(provider, "cloud")]
    async with HybridClient(deployments, policy=ForgotReturn(), health=NO_PROBES, callbacks=[events.append]) as client:
        with pytest.raises(ConfigError, match="returned NoneType") as info:
            await client.acomplete("hi")
        with pytest.raises(ConfigError):
            async for _ in client.astream("hi"):
                pass
    assert info.value.field == "policy"
    started = [e for e in events if isinstance(e, RequestStarted)]
    finished = [e for e in events if isinstance(e, RequestFinished)]
    assert len(started) == len(finished) == 2
    assert provider.request_count == 0


def test_a_client_used_across_asyncio_runs_closes_each_loops_connections(fake) -> None:
    provider = fake("openai")
    client = HybridClient([deployment_for(provider, "cloud")], health=NO_PROBES)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        asyncio.run(client.acomplete("one"))
        asyncio.run(client.acomplete("two"))
        client.close()
        gc.collect()
    # aiohttp's warnings for a pool left open (other tests' leftovers, such as an unclosed
    # event loop collected here, are not this client's)
    unclosed = [str(w.message) for w in caught if "Unclosed client session" in str(w.message)]
    unclosed += [str(w.message) for w in caught if "Unclosed connector" in str(w.message)]
    assert unclosed == []
    assert provider.request_count == 2


def test_cli_cache_stats_on_a_missing_directory_creates_nothing(tmp_path: Path) -> None:
    missing = tmp_path / "typo"
    assert cli_main(["cache", "stats", "--path", str(missing)]) == 2
    assert not missing.exists()
    lookalike = tmp_path / "project"  # a directory of the user's own that has an entries/
    (lookalike / "entries").mkdir(parents=True)
    assert cli_main(["cache", "clear", "--path", str(lookalike)]) == 2
    assert [p.name for p in (lookalike / "entries").iterdir()] == []


def test_cli_cache_commands_name_a_relative_path_in_full(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    cache = ResponseCache(CacheConfig(path="rel", semantic=False))
    cache.store(build_request("q", stream=False), Result(text="a", provider="p", model="m", kind="cloud"))
    cache.close()
    assert cli_main(["cache", "stats", "--path", "rel"]) == 0
    assert json.loads(capsys.readouterr().out)["directory"] == str(tmp_path / "rel")
    assert cli_main(["cache", "clear", "--path", "rel"]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"in {tmp_path / 'rel'}")
    assert cli_main(["cache", "stats", "--path", "typo"]) == 2
    assert str(tmp_path / "typo") in capsys.readouterr().err


def test_cli_cache_clear_with_a_preset_clears_only_its_namespace(tmp_path: Path, capsys) -> None:
    directory = tmp_path / "shared"
    for namespace in ("app-1", "app-2"):
        cache = ResponseCache(CacheConfig(path=directory, namespace=namespace, embedder=HashingEmbedder()))
        cache.store(build_request("q", stream=False), Result(text="a", provider="p", model="m", kind="cloud"))
        cache.close()
    preset = tmp_path / "app1.yaml"
    preset.write_text(
        f"deployments:\n  - name: a\n    model: ollama_chat/x\ncache:\n  path: {directory}\n  namespace: app-1\n"
    )
    assert cli_main(["cache", "clear", "--config", str(preset)]) == 0
    assert "namespace 'app-1'" in capsys.readouterr().out
    after = ResponseCache(CacheConfig(path=directory, semantic=False))
    assert after.stats()["namespaces"] == {"app-2": 1}
    after.close()
    assert cli_main(["cache", "clear", "--path", str(directory), "--namespace", " "]) == 2


@pytest.mark.parametrize(
    ("section", "field"),
    [
        ("deployments:\n  - {name: a, model: ollama_chat/x, max_concurrency: 0}\n", "deployments[0].max_concurrency"),
        ("health: {interval_s: 0}\ndeployments:\n  - {name: a, model: ollama_chat/x}\n", "health.interval_s"),
    ],
)
@pytest.mark.parametrize("command", [["ask", "hi"], ["health"]])
def test_every_cli_command_names_the_preset_in_a_configuration_error(
    tmp_path: Path, capsys, command: list[str], section: str, field: str
) -> None:
    preset = tmp_path / "bad.yaml"
    preset.write_text(section)
    assert cli_main([command[0], "--config", str(preset), *command[1:]]) == 2
    assert f"configuration error: {preset}: {field}:" in capsys.readouterr().err


def test_cli_cache_commands_name_the_preset_that_points_at_no_cache(tmp_path: Path, capsys) -> None:
    preset = tmp_path / "app.yaml"
    preset.write_text(f"deployments:\n  - {{name: a, model: ollama_chat/x}}\ncache:\n  path: {tmp_path / 'none'}\n")
    assert cli_main(["cache", "stats", "--config", str(preset)]) == 2
    assert f"configuration error: {preset}: cache.path: no cache at" in capsys.readouterr().err


def test_cli_cache_commands_say_when_no_cache_was_made_at_the_default_location(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A preset without cache.path: the error must not name a cache.path the file lacks."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    preset = tmp_path / "app.yaml"
    preset.write_text("deployments:\n  - {name: a, model: ollama_chat/x}\n")
    assert cli_main(["cache", "stats", "--config", str(preset)]) == 2
    err = capsys.readouterr().err
    assert "cache.path" not in err.split("no cache at")[0]
    assert "the default location: no cache.path was given" in err and "first request" in err


def test_cli_cache_commands_report_a_bad_cache_section_as_a_configuration_error(tmp_path: Path, capsys) -> None:
    preset = tmp_path / "bad.yaml"
    preset.write_text("deployments:\n  - name: a\n    model: ollama_chat/x\ncache:\n  similarity_threshold: 7\n")
    assert cli_main(["cache", "stats", "--config", str(preset)]) == 2
    assert "cache.similarity_threshold" in capsys.readouterr().err


async def test_closing_ends_queued_and_in_flight_requests_with_client_closed(fake) -> None:
    slow = fake("openai", latency_s=2.0)
    client = HybridClient([deployment_for(slow, "only", max_concurrency=1)], health=NO_PROBES, queue_timeout_s=10)
    await client.astart()
    in_flight = asyncio.create_task(client.acomplete("first"))
    await asyncio.sleep(0.2)
    queued = asyncio.create_task(client.acomplete("second"))
    await asyncio.sleep(0.2)
    await client.aclose()
    errors = []
    for task in (in_flight, queued):
        with pytest.raises(ClientClosed) as info:
            await asyncio.wait_for(task, 5)
        errors.append(info.value)
    assert slow.request_count == 1  # the queued one was never sent
    # the cut call says where it was cut; nothing counts against the deployment
    assert [(a.deployment, a.outcome, a.error_type) for a in errors[0].attempts] == [("only", "error", "ClientClosed")]
    assert client.stats()["only"].errors == 0


async def test_a_closed_client_refuses_a_stream_when_it_is_asked_for_as_the_sync_one_does(fake) -> None:
    client = HybridClient([deployment_for(fake("openai"), "only")], health=NO_PROBES)
    await client.aclose()
    with pytest.raises(HybridInferError, match="closed"):
        client.astream("hi")  # not only at the first chunk
    with pytest.raises(HybridInferError, match="closed"):
        client.stream("hi")


def test_a_sync_call_cut_by_close_from_another_thread_carries_its_attempt(fake) -> None:
    slow = fake("openai", latency_s=2.0)
    client = HybridClient([deployment_for(slow, "only")], health=NO_PROBES).start()
    outcome: list[BaseException] = []

    def call() -> None:
        try:
            client.complete("first")
        except BaseException as exc:
            outcome.append(exc)

    caller = threading.Thread(target=call, daemon=True)
    caller.start()
    deadline = time.monotonic() + 5
    while slow.in_flight == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    client.close()
    caller.join(5)
    assert not caller.is_alive()
    assert isinstance(outcome[0], ClientClosed)
    assert [a.error_type for a in outcome[0].attempts] == ["ClientClosed"]


async def test_a_blocking_call_on_the_clients_own_loop_is_refused_even_for_a_cache_hit(fake, tmp_path: Path) -> None:
    config = CacheConfig(path=tmp_path / "cache", semantic=False)
    async with HybridClient([deployment_for(fake("openai"), "cloud")], health=NO_PROBES, cache=config) as client:
        await client.acomplete("hi")  # stored: a sync call would be an exact hit
        with pytest.raises(HybridInferError, match="blocking call"):
            client.complete("hi")


LONG_REPLY = " ".join(f"w{i}" for i in range(60))  # 3 s at 50 ms a piece


@pytest.mark.parametrize("cached", [False, True])
async def test_aclose_cuts_a_stream_whose_caller_holds_a_chunk(fake, tmp_path: Path, cached: bool) -> None:
    """Between two chunks (the caller busy with one), aclose() on the client's own loop left a
    replay from cache to run to its Result, and a live stream to hand on every delta already
    read (32 of 50) before ClientClosed (review 65)."""
    provider = fake("openai", reply=LONG_REPLY)
    config = CacheConfig(path=tmp_path / "cache", semantic=False)
    if cached:
        async with HybridClient([deployment_for(provider, "p")], health=NO_PROBES, cache=config) as warm:
            await warm.acomplete("talk")
    client = HybridClient([deployment_for(provider, "p")], health=NO_PROBES, cache=config)
    await client.astart()
    stream = client.astream("talk")
    first = await anext(stream)  # type: ignore[call-overload]
    await client.aclose()
    with pytest.raises(ClientClosed):
        await anext(stream)  # type: ignore[call-overload]
    assert first.delta and first.result is None


@pytest.mark.parametrize("cached", [False, True])
async def test_a_stream_that_handed_over_its_result_ends_normally_after_aclose(
    fake, tmp_path: Path, cached: bool
) -> None:
    """A replay checked for a close after its last chunk too, and raised ClientClosed for a
    stream whose Result was already in the caller's hands (review 66)."""
    provider = fake("openai", reply="one two three four")
    config = CacheConfig(path=tmp_path / "cache", semantic=False)
    client = HybridClient([deployment_for(provider, "p")], health=NO_PROBES, cache=config)
    await client.astart()
    if cached:
        await client.acomplete("count")
    results = []
    async for chunk in client.astream("count"):
        if chunk.result is not None:
            results.append(chunk.result.cache)
            await client.aclose()  # a shutdown hook that runs once the answer is in
    assert results == ["exact" if cached else "miss"]


async def test_closing_ends_a_stream_being_read_on_the_clients_own_loop(fake) -> None:
    provider = fake("openai", token_delay_s=0.05, reply=LONG_REPLY)
    client = HybridClient([deployment_for(provider, "p")], health=NO_PROBES)
    await client.astart()
    chunks = 0

    async def read() -> None:
        nonlocal chunks
        async for _ in client.astream("talk"):
            chunks += 1

    reader = asyncio.create_task(read())
    await asyncio.sleep(0.4)
    started = time.monotonic()
    await client.aclose()
    with pytest.raises(ClientClosed):
        await asyncio.wait_for(reader, 2)
    assert 0 < chunks < 60
    assert time.monotonic() - started < 1.0  # the stream was cut, not waited out


def test_close_from_another_thread_ends_the_requests_of_every_event_loop(fake) -> None:
    """The first loop's requests and other loops' queued ones end with ClientClosed at once,
    even as the first loop's asyncio.run finishes during the close; close() itself returns."""
    slow = fake("openai", latency_s=1.5)
    client = HybridClient([deployment_for(slow, "slow", max_concurrency=2)], health=NO_PROBES, queue_timeout_s=30)
    outcomes: list[str] = []

    def handler() -> None:
        async def one() -> None:
            try:
                await client.acomplete("slow question")
                outcomes.append("Result")
            except Exception as exc:
                outcomes.append(type(exc).__name__)

        async def main() -> None:
            await asyncio.gather(*(one() for _ in range(3)))

        asyncio.run(main())

    threads = [threading.Thread(target=handler) for _ in range(3)]
    for thread in threads:
        thread.start()
        time.sleep(0.1)  # the first thread's loop is the first to use the client
    time.sleep(0.3)
    started = time.monotonic()
    client.close()
    for thread in threads:
        thread.join(5)
    assert not any(thread.is_alive() for thread in threads)
    assert time.monotonic() - started < 3.0  # nobody waited for queue_timeout_s
    assert outcomes == ["ClientClosed"] * 9
    assert not [t.name for t in threading.enumerate() if t.name.startswith("hybrid-infer")]


def test_a_sync_client_left_open_at_exit_is_closed_quietly(tmp_path: Path) -> None:
    """A script that dies before close() must not print destroyed tasks or connector errors."""
    import subprocess
    import sys

    script = tmp_path / "left_open.py"
    script.write_text(
        "from hybrid_infer import Deployment, HybridClient\n"
        "from hybrid_infer.testing import FakeProvider\n"
        "provider = FakeProvider('openai').start()\n"
        "client = HybridClient([Deployment(name='p', model='openai/fake-model', api_base=provider.api_base)])\n"
        "print(client.complete('hi').provider)\n"
        "stream = client.stream('hi again')\n"
        "next(iter(stream))\n"  # a stream left half-read as well
        "raise SystemExit(3)\n"
    )
    done = subprocess.run(
        [sys.executable, "-X", "dev", "-W", "default", str(script)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
    )
    assert done.returncode == 3
    assert done.stdout.strip() == "p"
    assert "Task was destroyed" not in done.stderr
    assert "Exception ignored" not in done.stderr
    assert "Traceback" not in done.stderr, done.stderr


def test_ollama_options_in_extra_body_are_kept_beside_named_arguments(fake) -> None:
    provider = fake("ollama")
    with HybridClient([deployment_for(provider, "local", transport="native")], health=NO_PROBES) as client:
        client.complete(
            "hi", max_tokens=50, temperature=0.2, extra_body={"options": {"num_ctx": 8192, "temperature": 0.9}}
        )
    options = provider.requests[-1]["options"]
    assert options == {"num_ctx": 8192, "num_predict": 50, "temperature": 0.2}  # the named argument wins


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_forked_child_gets_a_clear_error_and_exits_without_hanging(fake, tmp_path: Path) -> None:
    """The parent's loop thread, pools and locks do not exist in a forked child: using the
    inherited client there raises at once, closing it (as the exit hook does) returns at
    once, and a client built in the child works (a prefork server's workers)."""
    provider = fake("openai")
    client = HybridClient([deployment_for(provider, "p")], health=NO_PROBES, cache=CacheConfig(path=tmp_path))
    assert client.complete("in the parent").provider == "p"
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report through the pipe, never return into pytest
        code = 1
        try:
            try:
                client.complete("in the child")
            except HybridInferError as exc:
                ok = "forked child" in str(exc)
            else:
                ok = False
            for inherited in (lambda: client.cache, client.stats, client.health):
                try:
                    inherited()  # the parent's database connections, a frozen copy of its counters
                except HybridInferError:
                    pass
                else:
                    ok = False
            started = time.monotonic()
            client.close()
            ok = ok and time.monotonic() - started < 1.0
            with HybridClient([deployment_for(provider, "p")], health=NO_PROBES) as own:
                ok = ok and own.complete("own client").provider == "p"
            code = 0 if ok else 1
        finally:
            os.write(write, bytes([code]))
            os._exit(code)
    os.close(write)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung")
    assert os.read(read, 1) == b"\x00" and os.waitstatus_to_exitcode(status) == 0
    os.close(read)
    assert client.complete("the parent still works").provider == "p"
    client.close()


def test_a_client_cannot_be_pickled_and_says_what_to_do(fake) -> None:
    import pickle

    client = HybridClient([deployment_for(fake("openai"), "p")], health=NO_PROBES)
    with client, pytest.raises(TypeError, match="build one in each process"):
        pickle.dumps(client)


@pytest.mark.parametrize("stream", [False, True])
def test_the_cli_shows_terminal_control_sequences_from_a_model_as_escapes(
    fake, tmp_path: Path, capsys: pytest.CaptureFixture[str], stream: bool
) -> None:
    """A model's answer (or a server's error) could set the clipboard (OSC 52) or rewrite
    earlier lines of the user's terminal: the CLI writes such control characters escaped."""
    hostile = "\x1b]52;c;ZWNobyBoaQ==\x07\x1b[2K\x1b[1AInnocent text"
    provider = fake("openai", reply=hostile)
    preset = tmp_path / "p.yaml"
    preset.write_text(
        f"deployments:\n  - name: p\n    model: openai/{provider.models[0]}\n    api_base: {provider.api_base}\n"
        "health:\n  enabled: false\n"
    )
    assert cli_main(["ask", "--config", str(preset), *(["--stream"] if stream else []), "hi"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b]52;c;ZWNobyBoaQ==\\x07" in out and "Innocent text" in out
