"""The client's lifecycle at its edges: streams finalised on the loop thread, sync calls
from callbacks, closes that cut requests a transport cannot cut, closes cut short, and
loops that are open but not running."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest

from hybrid_infer import HealthConfig, HybridClient, HybridInferError, Result, StreamChunk
from hybrid_infer.errors import ClientClosed
from hybrid_infer.events import RequestFinished, RequestStarted

from .conftest import NO_PROBES, deployment_for, wait_for

LONG_REPLY = " ".join(f"w{i}" for i in range(30))


def loop_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("hybrid-infer")]


def test_a_sync_stream_finalised_on_the_loop_thread_does_not_block_the_client(fake) -> None:
    """A half-read sync stream dropped in a reference cycle is closed by the garbage
    collector on whichever thread allocates, often the loop thread: its close must not
    wait there for the loop itself (every later call hung)."""
    provider = fake("openai", reply=LONG_REPLY)
    held: dict[str, Any] = {}

    def on_event(event: object) -> None:
        if isinstance(event, RequestStarted) and "stream" in held:
            held.pop("stream").close()  # the stream's finally runs here, on the loop thread

    client = HybridClient([deployment_for(provider, "p")], health=NO_PROBES, callbacks=[on_event])
    stream = client.stream("a long answer please")
    first = next(stream)
    held["stream"] = stream
    del stream
    answers: list[str] = []
    later = threading.Thread(target=lambda: answers.append(client.complete("another question").text), daemon=True)
    later.start()
    later.join(10)
    assert not later.is_alive(), "the client hung after a stream was closed on its loop thread"
    assert first.delta and answers and answers[0]
    client.close()
    assert loop_threads() == []


def test_sync_calls_from_a_callback_raise_instead_of_deadlocking(fake) -> None:
    provider = fake("openai")
    raised: list[str] = []

    def on_event(event: object) -> None:
        if isinstance(event, RequestFinished) and not raised:
            for call in (client.check_health, lambda: client.complete("nested"), client.close):
                try:
                    call()
                    raised.append("returned")
                except HybridInferError as exc:
                    raised.append(type(exc).__name__)

    client = HybridClient([deployment_for(provider, "p")], health=NO_PROBES, callbacks=[on_event])
    done: list[str] = []
    caller = threading.Thread(target=lambda: done.append(client.complete("hi").text), daemon=True)
    caller.start()
    caller.join(10)
    assert not caller.is_alive(), "a sync call made in a callback deadlocked the client"
    assert raised == ["HybridInferError"] * 3
    assert done and provider.request_count == 1
    client.close()  # from this thread, it closes
    assert loop_threads() == []


@pytest.mark.parametrize("streamed", [False, True])
async def test_aclose_ends_a_litellm_request_in_flight_with_client_closed(fake, streamed: bool) -> None:
    """litellm keeps its connection pool open under a request in flight: the close cancels
    the request's wait instead, and the caller gets ClientClosed, not a late answer."""
    provider = fake("openai", latency_s=3.0, reply=LONG_REPLY)
    client = HybridClient([deployment_for(provider, "p", transport="litellm")], health=NO_PROBES)
    await client.astart()

    async def ask() -> object:
        if streamed:
            return [chunk async for chunk in client.astream("slow one")]
        return await client.acomplete("slow one")

    task = asyncio.create_task(ask())
    await wait_for(lambda: provider.in_flight == 1, timeout=20)
    await client.aclose()
    with pytest.raises(ClientClosed) as info:
        await asyncio.wait_for(task, 2.0)
    assert info.value.attempts and info.value.attempts[-1].error_type == "ClientClosed"
    assert not task.cancelled()


def test_an_aclose_cut_short_still_finishes_closing(fake) -> None:
    provider = fake("openai", token_delay_s=0.1, reply=LONG_REPLY)
    client = HybridClient([deployment_for(provider, "p", transport="litellm")], health=NO_PROBES)
    client.complete("start the loop thread")

    async def main() -> str:
        async def read() -> str:
            try:
                chunks: list[StreamChunk] = [c async for c in client.astream("tell me")]
                return f"finished with {len(chunks)} chunks"
            except ClientClosed:
                return "ClientClosed"

        reader = asyncio.create_task(read())
        await asyncio.sleep(0.3)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(client.aclose(), 0)  # a shutdown hook's deadline, already past
        await client.aclose()  # already closing: returns
        return await reader

    assert asyncio.run(main()) == "ClientClosed"
    deadline = threading.Event()
    for _ in range(100):
        if not loop_threads():
            break
        deadline.wait(0.05)
    assert loop_threads() == []


@pytest.mark.parametrize("another_loop_meanwhile", [False, True])
def test_close_stops_an_engine_on_an_open_loop_that_is_not_running(fake, another_loop_meanwhile: bool) -> None:
    """Another loop (an asyncio.run) using the client while the first is idle used to replace
    the first loop's engine, which close() then never reached: it went on probing (review 61)."""
    provider = fake("openai")
    loop = asyncio.new_event_loop()
    try:
        client = HybridClient([deployment_for(provider, "p")], health=HealthConfig(interval_s=0.1))
        assert loop.run_until_complete(client.acomplete("hi")).text
        if another_loop_meanwhile:
            assert asyncio.run(client.acomplete("from a helper")).text
            assert loop.run_until_complete(client.acomplete("hi again")).text  # still its own engine
        client.close()  # allowed: that loop is not running now
        probes = provider.probe_count
        loop.run_until_complete(asyncio.sleep(0.5))
        left = sorted(t.get_name() for t in asyncio.all_tasks(loop))
    finally:
        loop.close()
    assert provider.probe_count == probes  # no probe after the close
    assert not any(name.startswith("hybrid-infer") for name in left)


@pytest.mark.parametrize("probes", [False, True])
def test_an_unclosed_sync_client_stays_alive_until_it_is_closed(fake, probes: bool) -> None:
    """A client dropped without close() is not collected from under its loop thread (that
    left the thread and its sockets with nothing to close them, and asyncio logging "Task
    was destroyed but it is pending"); it lives, as documented, until closed or exit."""
    import gc
    import weakref

    provider = fake("openai")
    health = HealthConfig(interval_s=30) if probes else NO_PROBES
    client = HybridClient([deployment_for(provider, "cloud")], health=health)
    client.complete("hi")
    ref = weakref.ref(client)
    del client
    gc.collect()
    alive = ref()
    assert alive is not None
    alive.close()
    with pytest.raises(HybridInferError):
        alive.complete("after close")


_CLOSE_DURING_WARM_UP = """
import sys
from hybrid_infer import Deployment, HealthConfig, HybridClient
client = HybridClient(
    [Deployment(name="claude", model="anthropic/claude-sonnet-4-5", api_key="sk-not-used")],
    health=HealthConfig(enabled=False),
)
client.check_health()  # starts the client, and with it litellm's import in a worker thread
client.close()
import traceback
running = [
    frame for frame in sys._current_frames().values()
    if "_load_and_warm" in "".join(traceback.format_stack(frame))
]
print("running" if running else "done")
"""


def test_closing_a_client_waits_for_the_litellm_import_it_started() -> None:
    """litellm's import and warm-up run in a worker thread that nothing can stop; one still
    running when the process exits could leave a litellm thread frozen inside an import and
    the interpreter waiting on it for ever (review 55: 'hybrid-infer health' hung at exit in
    2 runs of 14). ``close()`` now returns only once it has ended (a fresh process: the
    import takes seconds there)."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    out = subprocess.run(
        [sys.executable, "-c", _CLOSE_DURING_WARM_UP], capture_output=True, text=True, timeout=120, env=env
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "done"


class _SlowEmbedder:
    """A semantic cache's embedder that turns slow on demand (a model loading, a busy CPU)."""

    def __init__(self) -> None:
        from hybrid_infer.cache.testing import HashingEmbedder

        self.inner = HashingEmbedder()
        self.delay_s = 0.0

    def __call__(self, texts: list[str]) -> Any:
        import time

        time.sleep(self.delay_s)
        return self.inner(texts)


def _cached_client(provider: Any, path: Any, embedder: Any = None, events: list[object] | None = None) -> HybridClient:
    """A client of one deployment with a semantic cache at ``path`` (a cheap hashing embedder
    unless one is given), reporting its events to ``events``."""
    from hybrid_infer import CacheConfig
    from hybrid_infer.cache.testing import HashingEmbedder

    return HybridClient(
        [deployment_for(provider, "p")],
        health=NO_PROBES,
        cache=CacheConfig(path=path, embedder=embedder if embedder is not None else HashingEmbedder(), guard=False),
        callbacks=[events.append] if events is not None else [],
    )


def _locked_database(path: Any) -> Any:
    """Another process holding the cache database's write lock for 3 s (started, and holding it)."""
    import subprocess
    import sys

    script = (
        "import sqlite3, sys, time\n"
        f"c = sqlite3.connect({str(path / 'entries' / 'cache.db')!r}, isolation_level=None)\n"
        "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(3); c.execute('COMMIT')\n"
    )
    locker = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
    return locker


def test_a_close_while_requests_wait_for_cache_lookups_ends_each_with_client_closed(fake, tmp_path) -> None:
    """More requests than lookup threads wait on a slow embedder when the client closes: the
    lookups not started yet are dropped, and their requests end with ``ClientClosed`` and a
    finished event, not a ``CancelledError`` nobody asked for (review 87)."""
    provider = fake("openai")
    embedder = _SlowEmbedder()
    events: list[object] = []
    client = _cached_client(provider, tmp_path, embedder, events=events)

    async def main() -> list[object]:
        await client.acomplete("warm up")
        embedder.delay_s = 0.5
        tasks = [asyncio.create_task(client.acomplete(f"question {i}")) for i in range(20)]
        tasks += [asyncio.create_task(anext(aiter(client.astream(f"streamed {i}")))) for i in range(4)]
        await asyncio.sleep(0.2)
        await client.aclose()
        return await asyncio.gather(*tasks, return_exceptions=True)

    outcomes = asyncio.run(main())
    assert {type(outcome).__name__ for outcome in outcomes} == {"ClientClosed"}
    finished = [e for e in events if isinstance(e, RequestFinished) and e.error_type == "ClientClosed"]
    assert len(finished) == 24
    assert provider.request_count == 1


async def _read_after_aclose(client: HybridClient, closed: Callable[[], None] = lambda: None) -> None:
    """Ask ``client`` for a stream, close the client (then call ``closed``), and read the
    stream: it must raise ``ClientClosed``."""
    stream = client.astream("asked for before the close")
    await client.aclose()
    closed()
    with pytest.raises(ClientClosed):
        async for _ in stream:
            pass


def test_a_stream_first_read_after_close_starts_no_cache_thread(fake, tmp_path) -> None:
    provider = fake("openai")
    client = _cached_client(provider, tmp_path)

    async def main() -> None:
        await client.acomplete("warm up")
        await _read_after_aclose(client)

    asyncio.run(main())
    assert [t.name for t in threading.enumerate() if t.name.startswith("hybrid-infer-cache")] == []


def test_a_close_during_check_health_blames_no_deployment() -> None:
    """The client's own close cuts a health probe: ``check_health`` raises ``ClientClosed``
    and the deployment is neither marked unhealthy nor reported so (review 87)."""
    from aiohttp import web

    from hybrid_infer import Deployment
    from hybrid_infer.events import HealthChanged

    probed = threading.Event()
    box: dict[str, Any] = {}

    async def models(request: web.Request) -> web.Response:
        probed.set()
        await asyncio.sleep(1.0)  # a slow but healthy endpoint
        return web.json_response({"object": "list", "data": [{"id": "m", "object": "model"}]})

    async def serve() -> None:
        app = web.Application()
        app.router.add_get("/v1/models", models)
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        box["port"] = runner.addresses[0][1]
        box["stop"] = stop = asyncio.Event()
        box["loop"] = asyncio.get_running_loop()
        await stop.wait()
        await runner.cleanup()

    server = threading.Thread(target=lambda: asyncio.run(serve()), daemon=True)
    server.start()
    asyncio.run(wait_for(lambda: "loop" in box))
    events: list[object] = []
    deployment = Deployment(
        name="p",
        model="openai/m",
        api_base=f"http://127.0.0.1:{box['port']}/v1",
        input_cost_per_mtok=1.0,
        output_cost_per_mtok=1.0,
    )
    client = HybridClient(
        [deployment], health=HealthConfig(enabled=False, probe_timeout_s=5), callbacks=[events.append]
    )
    outcome: list[object] = []

    def probe() -> None:
        try:
            outcome.append(client.check_health())
        except HybridInferError as error:
            outcome.append(error)

    worker = threading.Thread(target=probe)
    worker.start()
    assert probed.wait(5)
    client.close()
    worker.join(10)
    box["loop"].call_soon_threadsafe(box["stop"].set)
    server.join(10)
    assert len(outcome) == 1 and isinstance(outcome[0], ClientClosed)
    assert client.health()["p"].healthy
    assert [e for e in events if isinstance(e, HealthChanged)] == []


@pytest.mark.parametrize("deadline_s", [None, 30.0])
def test_a_caller_that_cancels_as_the_client_closes_gets_its_cancel(fake, tmp_path, deadline_s) -> None:
    """Close drops the lookups not started; a caller who cancels at that moment gets its
    ``CancelledError`` (with a deadline too, whose lookup waits under a timeout), the others
    ``ClientClosed`` (review 90)."""
    provider = fake("openai")
    embedder = _SlowEmbedder()
    client = _cached_client(provider, tmp_path, embedder)

    async def main() -> list[tuple[bool, str]]:
        await client.acomplete("warm up")
        embedder.delay_s = 0.4
        tasks = [asyncio.create_task(client.acomplete(f"question {i}", deadline_s=deadline_s)) for i in range(30)]
        await asyncio.sleep(0.15)  # 16 lookups run, the rest wait for a thread
        closing = asyncio.create_task(client.aclose())
        while not client._cache_layer._closing:  # (read only, to time the cancels)
            await asyncio.sleep(0)
        await asyncio.sleep(0)
        await asyncio.sleep(0)  # the dropped lookups reach the loop
        accepted = [task.cancel() for task in tasks[16:]]
        await closing
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        return [(taken, type(outcome).__name__) for taken, outcome in zip(accepted, outcomes[16:], strict=True)]

    for taken, outcome in asyncio.run(main()):
        assert outcome == ("CancelledError" if taken else "ClientClosed")


def test_a_stream_read_after_close_reports_its_start_and_end(fake, tmp_path) -> None:
    provider = fake("openai")
    events: list[object] = []
    client = _cached_client(provider, tmp_path, events=events)

    async def main() -> None:
        await client.acomplete("warm up")
        await _read_after_aclose(client, events.clear)

    asyncio.run(main())
    assert [type(e).__name__ for e in events] == ["RequestStarted", "RequestFinished"]
    assert isinstance(events[1], RequestFinished) and events[1].error_type == "ClientClosed"


def test_sync_requests_waiting_for_lookups_at_close_are_reported_as_closed(fake, tmp_path) -> None:
    """The close cancels a sync caller's task: its finished event says ``ClientClosed``, as for
    a request the close cut at a provider (review 90)."""
    provider = fake("openai")
    embedder = _SlowEmbedder()
    events: list[object] = []
    client = _cached_client(provider, tmp_path, embedder, events=events)
    client.complete("warm up")
    embedder.delay_s = 0.5
    errors: list[str] = []

    def ask(i: int) -> None:
        try:
            client.complete(f"question {i}")
        except HybridInferError as error:
            errors.append(type(error).__name__)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(20)]
    for thread in threads:
        thread.start()
    asyncio.run(wait_for(lambda: sum(isinstance(e, RequestStarted) for e in events) >= 1, 5))
    import time

    time.sleep(0.2)
    client.close()
    for thread in threads:
        thread.join(10)
    assert errors == ["ClientClosed"] * 20
    ended = [e.error_type for e in events if isinstance(e, RequestFinished) and e.error_type is not None]
    assert ended == ["ClientClosed"] * 20


def test_an_answer_in_hand_whose_write_waits_is_returned_at_close(fake, tmp_path) -> None:
    """Another process holds the cache database locked, so the answer waits for its write when
    the client closes: the caller gets the answer, not ``ClientClosed`` (review 90)."""
    provider = fake("openai", latency_s=0.3)
    client = _cached_client(provider, tmp_path)

    client.complete("warm up")  # (the database exists now)
    locker = _locked_database(tmp_path)

    async def main() -> str:
        task = asyncio.create_task(client.acomplete("a fresh question"))
        await asyncio.sleep(0.8)  # answered at ~0.3 s; its write waits for the lock
        await client.aclose()
        return (await task).text

    try:
        assert "a fresh question" in asyncio.run(main())
    finally:
        locker.wait(10)


def _sync_call_closed_while_its_write_waits(
    client: HybridClient, provider: Any, path: Any, call: Callable[[], object]
) -> list[object]:
    """Run ``call`` on a thread while another process holds the cache database's lock, and
    close the client once the provider has answered (its write then waits for the lock): what
    the call returned or raised."""
    locker = _locked_database(path)
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except HybridInferError as error:
            outcome.append(error)

    try:
        caller = threading.Thread(target=run)
        caller.start()
        asyncio.run(wait_for(lambda: provider.request_count >= 2, 5))
        import time

        time.sleep(0.6)  # answered at ~0.3 s; its write waits for the lock
        client.close()
        caller.join(10)
    finally:
        locker.wait(10)
    return outcome


def test_a_sync_answer_in_hand_whose_write_waits_is_returned_at_close(fake, tmp_path) -> None:
    """As above with a sync caller, whose close stops the loop thread: the answer stops
    waiting for its write when the client starts closing, so it is returned (review 91)."""
    provider = fake("openai", latency_s=0.3)
    client = _cached_client(provider, tmp_path)
    client.complete("warm up")
    answers = _sync_call_closed_while_its_write_waits(
        client, provider, tmp_path, lambda: client.complete("a fresh question").text
    )
    assert len(answers) == 1 and isinstance(answers[0], str) and "a fresh question" in answers[0]


def test_a_sync_stream_whose_answer_waits_for_its_write_ends_with_its_result_at_close(fake, tmp_path) -> None:
    """A sync stream read to its end when the client closes while the answer's cache write
    waits for another process's lock: the caller gets the final chunk with the Result that
    the finished event reports, not ``ClientClosed`` (review 91's leftover)."""
    provider = fake("openai", latency_s=0.3)
    events: list[object] = []
    client = _cached_client(provider, tmp_path, events=events)
    client.complete("warm up")
    del events[:]
    outcome = _sync_call_closed_while_its_write_waits(
        client, provider, tmp_path, lambda: list(client.stream("a fresh question"))[-1].result
    )
    assert len(outcome) == 1 and isinstance(outcome[0], Result), outcome
    assert "a fresh question" in outcome[0].text
    finished = [e for e in events if isinstance(e, RequestFinished)]
    assert [e.result is not None for e in finished] == [True]


@pytest.mark.parametrize("reader", ["sync", "first call on its loop"])
def test_a_stream_first_read_after_close_reports_its_start_and_end_on_every_path(fake, reader) -> None:
    """A stream obtained before the close and first read after it raises ``ClientClosed``
    with its start and end reported, whether it is a sync stream or the first call of an
    async one on its loop (the engine's own stream reported them; these two reported nothing,
    or raised the base error of a closed client)."""
    provider = fake("openai")
    events: list[object] = []
    client = HybridClient([deployment_for(provider, "p")], health=NO_PROBES, callbacks=[events.append])
    if reader == "sync":
        stream = client.stream("asked for before the close")
        client.close()
        with pytest.raises(ClientClosed):
            next(iter(stream))
    else:
        asyncio.run(_read_after_aclose(client))
    assert [type(e).__name__ for e in events] == ["RequestStarted", "RequestFinished"]
    assert isinstance(events[1], RequestFinished) and events[1].error_type == "ClientClosed"
    assert provider.request_count == 0
