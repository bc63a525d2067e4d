"""A user's own Transport behind a deployment: its lifecycle hooks run as documented, and
whatever it raises is an attempt's failure, never an escape past the router."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncGenerator
from typing import Any

import pytest

from hybrid_infer import AllDeploymentsFailed, Deployment, HealthConfig, HybridClient
from hybrid_infer._config import Deployment as DeploymentModel
from hybrid_infer._request import Request
from hybrid_infer.events import RequestFinished, RequestStarted
from hybrid_infer.transports import Completion, ProbeReport, Transport

from .conftest import NO_PROBES, wait_for


class Gateway(Transport):
    """Answers 'ok'; counts its hooks; can be told to raise a plain exception."""

    def __init__(self, fault: BaseException | None = None, *, strict_close: bool = True) -> None:
        self.fault = fault
        self.strict_close = strict_close
        self.ready_calls = 0
        self.close_calls = 0
        self.calls = 0

    async def ready(self) -> None:
        self.ready_calls += 1
        await asyncio.sleep(0.01)  # slow set-up: calls that arrive meanwhile wait for this one

    async def complete(self, deployment: DeploymentModel, request: Request, timeout_s: float) -> Completion:
        self.calls += 1
        if self.fault is not None:
            raise self.fault
        return Completion("ok", 1, 1, "stop", deployment.wire_model)

    async def stream(
        self, deployment: DeploymentModel, request: Request, timeout_s: float
    ) -> AsyncGenerator[str | Completion, None]:
        self.calls += 1
        if self.fault is not None:
            raise self.fault
        yield "ok"
        yield Completion("ok", 1, 1, "stop", deployment.wire_model)

    async def probe(self, deployment: DeploymentModel, timeout_s: float) -> ProbeReport | None:
        if self.fault is not None:
            raise self.fault
        return ProbeReport(latency_ms=1.0)

    async def aclose(self) -> None:
        self.close_calls += 1
        if self.strict_close and self.close_calls > 1:
            raise RuntimeError("session already closed")


def gateway(name: str) -> Deployment:
    return Deployment(name=name, model="anthropic/claude-sonnet-4-5")


def test_ready_runs_once_and_aclose_once_for_a_sync_client() -> None:
    transport = Gateway()
    client = HybridClient([gateway("gw")], transports={"gw": transport}, health=NO_PROBES)
    answers = [client.complete(f"question {i}").text for i in range(5)]
    client.close()
    alive = [t.name for t in threading.enumerate() if t.name.startswith("hybrid-infer")]
    assert answers == ["ok"] * 5
    assert (transport.ready_calls, transport.close_calls) == (1, 1)
    assert alive == []


async def test_concurrent_first_calls_share_one_ready() -> None:
    transport = Gateway()
    async with HybridClient([gateway("gw")], transports={"gw": transport}, health=NO_PROBES) as client:
        results = await asyncio.gather(*(client.acomplete(f"q{i}") for i in range(8)))
        streamed = [c.delta async for c in client.astream("one more")]
    assert [r.text for r in results] == ["ok"] * 8 and "".join(streamed) == "ok"
    assert (transport.ready_calls, transport.close_calls) == (1, 1)


def test_a_transport_that_fails_to_close_does_not_fail_close(caplog: pytest.LogCaptureFixture) -> None:
    class Leaky(Gateway):
        async def aclose(self) -> None:
            raise RuntimeError("socket already gone")

    client = HybridClient([gateway("gw")], transports={"gw": Leaky()}, health=NO_PROBES)
    client.complete("hi")
    client.close()  # logged, not raised
    alive = [t.name for t in threading.enumerate() if t.name.startswith("hybrid-infer")]
    assert alive == []
    assert any("failed to close" in r.getMessage() and "socket already gone" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("streamed", [False, True])
async def test_a_plain_exception_from_a_transport_fails_over_and_is_reported(streamed: bool) -> None:
    broken, good = Gateway(KeyError("oops")), Gateway()
    events: list[object] = []
    async with HybridClient(
        [gateway("bug"), gateway("good")],
        transports={"bug": broken, "good": good},
        health=NO_PROBES,
        policy="local-first",
        callbacks=[events.append],
    ) as client:
        if streamed:
            chunks = [c async for c in client.astream("hi")]
            result = chunks[-1].result
        else:
            result = await client.acomplete("hi")
        stats = client.stats()
    assert result is not None and result.provider == "good" and result.text == "ok"
    first = result.attempts[0]
    assert (first.deployment, first.outcome, first.error_type) == ("bug", "error", "TransportError")
    assert first.error is not None and "KeyError" in first.error and "oops" in first.error
    assert [type(e).__name__ for e in events if isinstance(e, RequestStarted | RequestFinished)] == [
        "RequestStarted",
        "RequestFinished",
    ]
    assert (stats["bug"].errors, stats["good"].requests) == (1, 1)


async def test_a_transport_failing_everywhere_ends_in_all_deployments_failed() -> None:
    transport = Gateway(ValueError("bad state"))
    async with HybridClient([gateway("gw")], transports={"gw": transport}, health=NO_PROBES) as client:
        with pytest.raises(AllDeploymentsFailed) as info:
            await client.acomplete("hi")
    cause = info.value.attempts[0]
    assert cause.error_type == "TransportError" and cause.error is not None and "ValueError" in cause.error


async def test_a_probe_that_raises_is_a_failed_probe() -> None:
    transport = Gateway(RuntimeError("probe bug"))
    health = HealthConfig(interval_s=0.05, unhealthy_after=1)
    async with HybridClient([gateway("gw")], transports={"gw": transport}, health=health) as client:
        await wait_for(lambda: not client.health()["gw"].healthy)
        report: Any = client.health()["gw"]
    assert "RuntimeError" in report.last_error and "probe bug" in report.last_error


class SyncRaisingStream(Gateway):
    """Its ``stream`` is a plain ``def`` that raises before it returns a generator."""

    def stream(  # type: ignore[override]
        self, deployment: DeploymentModel, request: Request, timeout_s: float
    ) -> AsyncGenerator[str | Completion, None]:
        self.calls += 1
        raise KeyError("no stream for you")


async def test_a_stream_that_raises_before_its_generator_fails_over_and_frees_the_slot() -> None:
    broken, good = SyncRaisingStream(), Gateway()
    events: list[object] = []
    async with HybridClient(
        [Deployment(name="bug", model="anthropic/claude-sonnet-4-5", max_concurrency=1), gateway("good")],
        transports={"bug": broken, "good": good},
        health=NO_PROBES,
        policy="local-first",
        callbacks=[events.append],
    ) as client:
        chunks = [c async for c in client.astream("hi")]
        later = [await client.acomplete(f"then {i}") for i in range(2)]
    result = chunks[-1].result
    assert result is not None and (result.provider, result.text) == ("good", "ok")
    first = result.attempts[0]
    assert (first.deployment, first.error_type) == ("bug", "TransportError")
    assert first.error is not None and "KeyError" in first.error
    # the slot the failed stream took is free again: "bug" answers, nothing is skipped as busy
    assert [r.provider for r in later] == ["bug", "bug"]
    assert all(a.outcome != "skipped_busy" for r in later for a in r.attempts)
    kinds = [type(e).__name__ for e in events if isinstance(e, RequestStarted | RequestFinished)]
    assert kinds == ["RequestStarted", "RequestFinished"] * 3


async def test_a_stream_whose_cleanup_raises_still_delivers_its_answer(caplog: pytest.LogCaptureFixture) -> None:
    class MessyCleanup(Gateway):
        async def stream(
            self, deployment: DeploymentModel, request: Request, timeout_s: float
        ) -> AsyncGenerator[str | Completion, None]:
            try:
                yield "ok"
                yield Completion("ok", 1, 1, "stop", deployment.wire_model)
            finally:
                raise RuntimeError("cleanup went wrong")

    events: list[object] = []
    async with HybridClient(
        [gateway("gw")], transports={"gw": MessyCleanup()}, health=NO_PROBES, callbacks=[events.append]
    ) as client:
        chunks = [c async for c in client.astream("hi")]
        again = await client.acomplete("and a plain call")
    result = chunks[-1].result
    assert result is not None and (result.text, result.provider) == ("ok", "gw") and again.text == "ok"
    kinds = [type(e).__name__ for e in events if isinstance(e, RequestStarted | RequestFinished)]
    assert kinds == ["RequestStarted", "RequestFinished"] * 2
    assert any("cleanup went wrong" in r.getMessage() for r in caplog.records)


class Misshapen(Transport):
    """Returns an answer that is not a well-formed ``Completion`` (a transport's bug)."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    async def complete(self, deployment: DeploymentModel, request: Request, timeout_s: float) -> Completion:
        return self.answer  # type: ignore[return-value]

    async def stream(
        self, deployment: DeploymentModel, request: Request, timeout_s: float
    ) -> AsyncGenerator[str | Completion, None]:
        yield self.answer  # type: ignore[misc]


@pytest.mark.parametrize(
    "answer",
    [
        Completion("ok", -1, 1, "stop", "m"),
        Completion(None, 1, 1, "stop", "m"),  # type: ignore[arg-type]
        Completion("ok", 1.5, 1, "stop", "m"),  # type: ignore[arg-type]
        Completion("ok", True, 1, "stop", "m"),
        Completion("", 1, 1, "tool_calls", "m", ({"id": "x"},)),  # type: ignore[arg-type]
        b"ok",
        None,
    ],
)
@pytest.mark.parametrize("streamed", [False, True])
async def test_a_malformed_answer_from_a_transport_is_a_malformed_response_and_fails_over(
    answer: object, streamed: bool
) -> None:
    """It used to escape as a pydantic ValidationError, a TypeError or an AssertionError,
    with no failover and no RequestFinished for its RequestStarted."""
    events: list[object] = []
    deployments = [Deployment(name="gw", model="anthropic/m"), Deployment(name="backup", model="anthropic/m")]
    transports = {"gw": Misshapen(answer), "backup": Gateway()}
    async with HybridClient(deployments, transports=transports, health=NO_PROBES, callbacks=[events.append]) as client:
        if streamed:
            result = [chunk async for chunk in client.astream("hi")][-1].result
        else:
            result = await client.acomplete("hi")
        assert result is not None
        assert result.provider == "backup"
        first = result.attempts[0]
        assert (first.deployment, first.outcome, first.error_type) == ("gw", "error", "MalformedResponse")
        assert client.health()["gw"].in_flight == 0
    assert sum(isinstance(e, RequestStarted) for e in events) == sum(isinstance(e, RequestFinished) for e in events)


class SlowToSetUp(Gateway):
    async def ready(self) -> None:
        self.ready_calls += 1
        await asyncio.sleep(1.0)


@pytest.mark.parametrize("streamed", [False, True])
async def test_a_deadline_covers_a_transports_set_up(streamed: bool) -> None:
    """ready() (litellm's import, a custom transport's log-in) ran outside the deadline: a
    call with deadline_s=0.3 answered after the whole set-up (review 30)."""
    transport = SlowToSetUp()
    deployments = [Deployment(name="gw", model="anthropic/m")]
    async with HybridClient(deployments, transports={"gw": transport}, health=NO_PROBES) as client:
        with pytest.raises(AllDeploymentsFailed, match=r"deadline_s=0\.3 reached: no attempt made"):
            if streamed:
                _ = [chunk async for chunk in client.astream("hi", deadline_s=0.3)]
            else:
                await client.acomplete("hi", deadline_s=0.3)
        assert transport.calls == 0
        assert client.health()["gw"].state == "closed"
        assert client.health()["gw"].in_flight == 0


class TimesOutSettingUp(Gateway):
    async def ready(self) -> None:
        raise TimeoutError("connect timed out")


@pytest.mark.parametrize("streamed", [False, True])
async def test_a_set_up_timing_out_on_its_own_fails_over_under_a_deadline(streamed: bool) -> None:
    """The set-up's own TimeoutError is an attempt that fails over; it was read as the
    request's 30 s deadline running out at once (review 31)."""
    deployments = [Deployment(name="gw", model="anthropic/m"), Deployment(name="backup", model="anthropic/m")]
    transports = {"gw": TimesOutSettingUp(), "backup": Gateway()}
    async with HybridClient(deployments, transports=transports, health=NO_PROBES) as client:
        if streamed:
            result = [chunk async for chunk in client.astream("hi", deadline_s=30)][-1].result
        else:
            result = await client.acomplete("hi", deadline_s=30)
    assert result is not None and result.provider == "backup"


async def test_a_call_given_up_while_the_transport_sets_up_sent_nothing() -> None:
    """Its rpm start is taken back and it is not counted as a request (review 31)."""
    transport = SlowToSetUp()
    deployments = [Deployment(name="gw", model="anthropic/m", rpm=1)]
    async with HybridClient(deployments, transports={"gw": transport}, health=NO_PROBES, queue_timeout_s=0.5) as client:
        given_up = asyncio.create_task(client.acomplete("hi"))
        await asyncio.sleep(0.1)
        given_up.cancel()
        with pytest.raises(asyncio.CancelledError):
            await given_up
        assert client.stats()["gw"].requests == 0
        result = await client.acomplete("hi again")  # the rpm window has room: nothing was sent
        assert result.provider == "gw"


async def test_the_first_call_after_a_cooldown_frees_the_deployment_however_it_ends() -> None:
    """The first call after a 429 cooldown holds the others back until it is answered. One
    that ends without an answer (here: its transport raises an error the router passes on;
    also a slot given back unsent at a deadline) must not hold them back for ever (review
    43: every later request was Overloaded)."""
    from hybrid_infer.errors import ConfigError, RateLimited

    transport = Gateway(RateLimited("slow down", retry_after_s=0.2))
    async with HybridClient([gateway("gw")], transports={"gw": transport}, health=NO_PROBES, queue_timeout_s=1) as c:
        with pytest.raises(AllDeploymentsFailed):
            await c.acomplete("first")
        await wait_for(lambda: c.health()["gw"].cooldown_until is None)
        transport.fault = ConfigError("the gateway's own configuration is wrong", field="gateway")
        with pytest.raises(ConfigError):
            await c.acomplete("the first call after the cooldown")
        transport.fault = None
        result = await c.acomplete("next")
    assert result.text == "ok"
