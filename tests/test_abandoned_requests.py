"""Requests their caller gives up on: cancelled tasks, streams closed early, a client closed
from another thread. Each still ends with one ``RequestFinished``, is counted in ``stats()``,
frees its slot and, if it held the half-open breaker's trial, only then ends the trial."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time

import pytest

from hybrid_infer import HealthConfig, HybridClient
from hybrid_infer.errors import ClientClosed
from hybrid_infer.events import Event, RequestFinished, RequestStarted

from .conftest import NO_PROBES, deployment_for, wait_for


async def test_a_stream_closed_early_is_finished_and_counted(fake) -> None:
    provider = fake("openai", token_delay_s=0.05)
    events: list[Event] = []
    async with HybridClient(
        [deployment_for(provider, "p", max_concurrency=1)], health=NO_PROBES, callbacks=[events.append]
    ) as client:
        async with contextlib.aclosing(client.astream("one two three four five six")) as stream:
            async for _ in stream:
                break
        assert client.health()["p"].in_flight == 0
        stats = client.stats()["p"]
    finished = [e for e in events if isinstance(e, RequestFinished)]
    assert len([e for e in events if isinstance(e, RequestStarted)]) == len(finished) == 1
    assert finished[0].result is None
    assert finished[0].error_type == "CancelledError"
    assert "closed by the caller" in (finished[0].error or "")
    assert (stats.requests, stats.errors) == (1, 0)
    assert stats.prompt_tokens > 0 and stats.completion_tokens > 0
    assert stats.cost_usd > 0  # a cloud deployment bills what it generated


async def test_a_cancelled_call_is_finished_and_counted(fake) -> None:
    provider = fake("openai", latency_s=1.0)
    events: list[Event] = []
    async with HybridClient([deployment_for(provider, "p")], health=NO_PROBES, callbacks=[events.append]) as client:
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(client.acomplete("slow"), 0.2)
        stats = client.stats()["p"]
    finished = [e for e in events if isinstance(e, RequestFinished)]
    assert len(finished) == 1
    assert (finished[0].error_type, finished[0].error) == ("CancelledError", "cancelled by the caller")
    assert (stats.requests, stats.errors) == (1, 0)


async def test_a_cancelled_call_does_not_end_another_calls_trial(fake) -> None:
    """A call that began while the breaker was closed and is cancelled during the half-open
    trial must not let a second trial through."""
    local, cloud = fake("ollama", latency_s=1.0), fake("openai")
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.3)
    deployments = [deployment_for(local, "local", timeout_s=5), deployment_for(cloud, "cloud")]
    async with HybridClient(deployments, health=health) as client:
        early = asyncio.create_task(client.acomplete("began while closed"))
        await wait_for(lambda: local.in_flight == 1)
        local.set_faults(error_status=500)
        await client.acomplete("opens the breaker")
        assert client.health()["local"].state == "open"
        local.set_faults(error_status=None)  # (clear_faults would end the latency too)
        await asyncio.sleep(0.35)
        trial = asyncio.create_task(client.acomplete("the one trial"))
        await wait_for(lambda: local.in_flight == 2)
        early.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await early
        others = await asyncio.gather(*(client.acomplete(f"while the trial runs {i}") for i in range(3)))
        assert [[a.outcome for a in r.attempts] for r in others] == [["skipped_open", "ok"]] * 3
        assert local.max_in_flight == 2  # the early call and the trial, never a second trial
        assert (await trial).provider == "local"
        assert client.health()["local"].state == "closed"


@pytest.mark.parametrize("busy", [False, True], ids=["waiting-for-a-chunk", "between-chunks"])
def test_a_sync_stream_ends_with_client_closed_when_another_thread_closes(fake, busy: bool) -> None:
    provider = fake("openai", token_delay_s=0.1)
    client = HybridClient([deployment_for(provider, "p", timeout_s=10)], health=NO_PROBES).start()
    outcome: list[str] = []
    reading = threading.Event()

    def read() -> None:
        try:
            for _ in client.stream("a b c d e f g h i j k l m n o p"):
                reading.set()
                if busy:
                    time.sleep(0.5)  # rendering the chunk while the app shuts down
            outcome.append("returned")
        except BaseException as exc:
            outcome.append(type(exc).__name__)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert reading.wait(5)
    client.close()
    reader.join(5)
    assert not reader.is_alive(), "the reader must not hang after close()"
    assert outcome == [ClientClosed.__name__]


async def test_a_stream_closed_early_frees_its_slot_only_once_its_connection_is_closed() -> None:
    """The slot goes to a waiting request only after the abandoned stream's source is
    closed: the provider must not get the waiter's request while it still generates."""
    from collections.abc import AsyncGenerator

    from hybrid_infer import Deployment
    from hybrid_infer._config import Deployment as DeploymentModel
    from hybrid_infer._request import Request
    from hybrid_infer.transports import Completion, Transport

    in_flight_at_close: list[int] = []

    class Endless(Transport):
        async def complete(self, deployment: DeploymentModel, request: Request, timeout_s: float) -> Completion:
            return Completion("ok", 1, 1, "stop", "m")

        async def stream(
            self, deployment: DeploymentModel, request: Request, timeout_s: float
        ) -> AsyncGenerator[str | Completion, None]:
            try:
                for n in range(1000):
                    yield f"w{n} "
                    await asyncio.sleep(0.01)
                yield Completion("done", 1, 1, "stop", "m")
            finally:  # the provider's connection closes here
                in_flight_at_close.append(client.health()["gw"].in_flight)

    deployment = Deployment(name="gw", model="anthropic/claude-sonnet-4-5", max_concurrency=1)
    client = HybridClient([deployment], transports={"gw": Endless()}, health=NO_PROBES)
    async with client:
        async with contextlib.aclosing(client.astream("go on")) as stream:
            async for _ in stream:
                break
        in_flight_after = client.health()["gw"].in_flight
    assert in_flight_at_close == [1]  # still held while the source closed
    assert in_flight_after == 0


def test_a_streams_attempt_latency_leaves_out_the_time_its_caller_spent_on_chunks(fake) -> None:
    """Fastest and the latency EWMA read the provider's time: a caller that takes a while
    over each chunk must not make a fast deployment look slow. ``Result.latency_ms`` is the
    whole call as the caller lived it."""
    provider = fake("openai", reply="one two three")
    with HybridClient([deployment_for(provider, "p")], health=NO_PROBES) as client:
        chunks = []
        for chunk in client.stream("count to three"):
            chunks.append(chunk)
            time.sleep(0.4)  # the caller's own work per chunk
    result = chunks[-1].result
    assert result is not None and len(chunks) >= 3
    assert result.latency_ms >= 800
    assert result.attempts[-1].latency_ms < result.latency_ms - 600
