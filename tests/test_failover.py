"""Failover and circuit breakers, over both transports: every failure lands in ``attempts``."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

import pytest
from aiohttp import web

from hybrid_infer import AllDeploymentsFailed, Deployment, HealthConfig, HybridClient, StreamInterrupted
from hybrid_infer.events import BreakerStateChanged
from hybrid_infer.testing import FakeProvider

from .conftest import NO_PROBES, deployment_for, serve_chat, sse_chunk, wait_for


def breaker(client: HybridClient, name: str) -> str:
    return client.health()[name].state


async def test_a_5xx_fails_over_and_is_recorded(fake, transport: str) -> None:
    bad, good = fake("openai", error_status=500), fake("openai")
    deployments = [deployment_for(bad, "bad", transport=transport), deployment_for(good, "good", transport=transport)]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        result = await client.acomplete("hi")
    assert result.provider == "good"
    assert result.deployment == "good"  # the same name under an Attempt's word for it
    assert "deployment" not in result.model_dump()
    first, second = result.attempts
    assert (first.deployment, first.outcome, first.error_type, first.status) == ("bad", "error", "ServerError", 500)
    assert (second.deployment, second.outcome) == ("good", "ok")
    assert bad.request_count == 1


async def test_a_timeout_is_its_own_outcome(fake, transport: str) -> None:
    hung, good = fake("openai", hang=True), fake("openai")
    deployments = [
        deployment_for(hung, "hung", transport=transport, timeout_s=0.3),
        deployment_for(good, "good", transport=transport),
    ]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        start = time.perf_counter()
        result = await client.acomplete("hi")
        elapsed = time.perf_counter() - start
    assert result.provider == "good"
    assert result.attempts[0].outcome == "timeout"
    assert result.attempts[0].error_type == "ProviderTimeout"
    assert elapsed < 5


async def test_per_request_timeout_overrides_the_deployment(fake) -> None:
    hung = fake("openai", hang=True)
    async with HybridClient([deployment_for(hung, "hung", timeout_s=30)], health=NO_PROBES) as client:
        with pytest.raises(AllDeploymentsFailed) as info:
            await client.acomplete("hi", timeout_s=0.2)
    assert info.value.attempts[0].outcome == "timeout"


async def test_connection_refused_opens_the_breaker_at_once(fake, transport: str) -> None:
    down, good = fake("openai"), fake("openai")
    down.stop()
    events: list[BreakerStateChanged] = []
    deployments = [deployment_for(down, "down", transport=transport), deployment_for(good, "good", transport=transport)]
    async with HybridClient(
        deployments, health=NO_PROBES, callbacks=[lambda e: isinstance(e, BreakerStateChanged) and events.append(e)]
    ) as client:
        first = await client.acomplete("one")
        assert first.attempts[0].error_type == "ProviderConnectionError"
        assert breaker(client, "down") == "open"
        second = await client.acomplete("two")
    assert second.attempts[0].outcome == "skipped_open"
    assert [(e.deployment, e.old, e.new) for e in events] == [("down", "closed", "open")]


async def test_repeated_5xx_open_the_breaker_then_skip(fake, transport: str) -> None:
    bad, good = fake("openai", error_status=503), fake("openai")
    deployments = [deployment_for(bad, "bad", transport=transport), deployment_for(good, "good", transport=transport)]
    health = HealthConfig(enabled=False, failure_threshold=3, reset_timeout_s=60)
    async with HybridClient(deployments, health=health) as client:
        for _ in range(3):
            await client.acomplete("x")
        assert breaker(client, "bad") == "open"
        result = await client.acomplete("x")
    assert result.attempts[0].outcome == "skipped_open"
    assert bad.request_count == 3


async def test_after_the_reset_timeout_one_half_open_trial_decides(fake) -> None:
    flaky, good = fake("openai", error_status=500), fake("openai", latency_s=0.05)
    deployments = [deployment_for(flaky, "flaky"), deployment_for(good, "good")]
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.3)
    async with HybridClient(deployments, health=health) as client:
        await client.acomplete("x")
        assert breaker(client, "flaky") == "open"
        await asyncio.sleep(0.35)
        flaky.clear_faults()
        flaky.latency_s = 0.2
        # Two concurrent requests after the timeout: only one trial goes to the half-open deployment.
        results = await asyncio.gather(client.acomplete("a"), client.acomplete("b"))
        assert sorted(r.provider for r in results) == ["flaky", "good"]
        assert breaker(client, "flaky") == "closed"


async def test_a_failed_trial_reopens_the_breaker(fake) -> None:
    flaky, good = fake("openai", error_status=500), fake("openai")
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.2)
    async with HybridClient([deployment_for(flaky, "flaky"), deployment_for(good, "good")], health=health) as client:
        await client.acomplete("x")
        await asyncio.sleep(0.25)
        result = await client.acomplete("y")
        assert result.attempts[0].deployment == "flaky"
        assert result.attempts[0].outcome == "error"
        assert breaker(client, "flaky") == "open"


async def test_a_half_open_deployment_with_its_slots_taken_is_skipped_open_without_waiting(fake) -> None:
    """An older call holds one slot, the half-open trial the other: a new request used to be
    told 'skipped_busy' and wait its whole queue timeout for a deployment that is open."""
    a = fake("openai")
    deployments = [deployment_for(a, "a", max_concurrency=2)]
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.2)
    async with HybridClient(deployments, health=health, queue_timeout_s=2.0) as client:
        a.set_faults(latency_s=3.0)
        old = asyncio.create_task(client.acomplete("a long call"))
        await asyncio.sleep(0.1)
        a.set_faults(latency_s=0.0, error_status=500)
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("fails")
        await asyncio.sleep(0.25)
        a.set_faults(error_status=None, latency_s=3.0)
        trial = asyncio.create_task(client.acomplete("the trial"))
        await asyncio.sleep(0.1)
        assert client.health()["a"].in_flight == 2
        with pytest.raises(AllDeploymentsFailed) as info:  # not Overloaded after the queue timeout
            await client.acomplete("new request")
        assert [(x.deployment, x.outcome) for x in info.value.attempts] == [("a", "skipped_open")]
        old.cancel()
        trial.cancel()
        await asyncio.gather(old, trial, return_exceptions=True)


async def test_429_honours_retry_after_as_a_cooldown(fake, transport: str) -> None:
    limited, good = fake("openai", retry_after_s=30), fake("openai")
    deployments = [
        deployment_for(limited, "limited", transport=transport),
        deployment_for(good, "good", transport=transport),
    ]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        first = await client.acomplete("x")
        assert (first.attempts[0].error_type, first.attempts[0].status) == ("RateLimited", 429)
        health = client.health()["limited"]
        assert health.cooldown_until is not None
        assert health.state == "closed"  # a 429 is not a fault of the deployment
        second = await client.acomplete("y")
    assert second.attempts[0].outcome == "skipped_busy"
    assert limited.request_count == 1


async def test_when_a_429_cooldown_ends_one_call_goes_first_not_every_waiting_one(fake) -> None:
    """The end of a cooldown lets one call test the rate limit (as a half-open breaker lets
    one trial through); the others spill to the next deployment until it is answered. All
    of them went to the rate-limited provider at once, which had just said "slow down"."""
    limited, good = fake("openai", retry_after_s=1), fake("openai")
    deployments = [deployment_for(limited, "limited"), deployment_for(good, "good")]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        first = await client.acomplete("x")
        assert first.attempts[0].error_type == "RateLimited"
        await wait_for(lambda: client.health()["limited"].cooldown_until is None)
        limited.set_faults(latency_s=0.3)  # still rate-limited, and slow to say so
        burst = await asyncio.gather(*(client.acomplete(f"q{n}") for n in range(10)))
        assert limited.request_count == 2  # the first call, then one trial
        assert sum(r.provider == "good" for r in burst) == 10
        skipped = [a for r in burst for a in r.attempts if a.outcome == "skipped_busy"]
        assert len(skipped) == 9 and all("cooldown" in (a.error or "") for a in skipped)
        await wait_for(lambda: client.health()["limited"].cooldown_until is None)
        limited.clear_faults()  # the limit is over: the trial is answered, and all may go again
        await client.acomplete("trial")
        again = await asyncio.gather(*(client.acomplete(f"r{n}") for n in range(5)))
    assert [r.provider for r in again] == ["limited"] * 5


async def test_an_answer_to_a_call_sent_before_the_429_does_not_end_the_cooldowns_wait(fake) -> None:
    """A slow call sent before the 429 is answered after it: that says nothing about whether
    the limit is over, so when the cooldown ends one call still goes first (it let every
    waiting request through at once)."""
    limited, good = fake("openai", latency_s=1.5), fake("openai")
    deployments = [deployment_for(limited, "limited"), deployment_for(good, "good")]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        early = asyncio.create_task(client.acomplete("sent before the 429"))
        await wait_for(lambda: limited.request_count == 1)
        limited.set_faults(retry_after_s=1)  # the next call gets a 429 at once
        second = await client.acomplete("y")
        assert second.attempts[0].error_type == "RateLimited"
        assert (await early).provider == "limited"
        await wait_for(lambda: client.health()["limited"].cooldown_until is None)
        burst = await asyncio.gather(*(client.acomplete(f"q{n}") for n in range(10)))  # still limited
    assert limited.request_count == 3  # the early call, the 429, then one trial
    assert sum(r.provider == "good" for r in burst) == 10


async def test_a_streamed_first_call_after_a_cooldown_frees_the_others_at_its_first_chunk(fake) -> None:
    """The first call after a cooldown is a long stream: its first chunk shows the rate limit
    is over, so the requests held back go then, not when the stream ends (review 43: they
    all waited out their queue deadline and got Overloaded)."""
    provider = fake("openai", retry_after_s=1)
    async with HybridClient([deployment_for(provider, "only")], health=NO_PROBES, queue_timeout_s=30) as client:
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("x")
        await wait_for(lambda: client.health()["only"].cooldown_until is None)
        provider.clear_faults()  # the limit is over; answers stream slowly
        provider.set_faults(token_delay_s=0.5)
        stream = client.astream("tell me a long story about a lighthouse keeper and the sea")
        first = await anext(stream)  # the first call after the cooldown, now answering
        assert first.delta
        others = await asyncio.wait_for(asyncio.gather(*(client.acomplete(f"q{n}") for n in range(3))), 10)
        await stream.aclose()
    assert [r.provider for r in others] == ["only"] * 3


async def test_requests_waiting_behind_a_first_call_that_gets_another_429_wait_for_the_new_cooldown_only(
    fake,
) -> None:
    """The first call after a cooldown gets another 429: the requests held back behind it
    look again and wait for the new cooldown's end, not for their queue deadline (review 44:
    they slept until it, then one was served and nine were Overloaded)."""
    provider = fake("openai", retry_after_s=1)
    async with HybridClient([deployment_for(provider, "only")], health=NO_PROBES, queue_timeout_s=8) as client:
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("x")
        await wait_for(lambda: client.health()["only"].cooldown_until is None)
        provider.set_faults(latency_s=0.3)  # still rate-limited, and slow to say so
        calls = [asyncio.create_task(client.acomplete(f"q{n}")) for n in range(10)]
        await wait_for(lambda: client.health()["only"].cooldown_until is not None)  # the first got its 429
        provider.clear_faults()
        started = time.monotonic()
        results = await asyncio.gather(*calls, return_exceptions=True)
        waited = time.monotonic() - started
    served = [r for r in results if not isinstance(r, BaseException)]
    assert len(served) == 9 and waited < 6  # the tenth was that first call, which got the 429


async def test_when_the_first_call_after_a_cooldown_is_answered_every_waiting_request_goes(fake) -> None:
    """A plain call answered: its slot came free before its answer was counted, so one
    waiter became a new first call and the rest waited for it (review 44)."""
    provider = fake("openai", retry_after_s=1)
    async with HybridClient([deployment_for(provider, "only")], health=NO_PROBES, queue_timeout_s=10) as client:
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("x")
        await wait_for(lambda: client.health()["only"].cooldown_until is None)
        provider.clear_faults()
        provider.set_faults(latency_s=1.0)
        ended: list[float] = []

        async def ask(n: int) -> None:
            await client.acomplete(f"q{n}")
            ended.append(time.monotonic())

        await asyncio.gather(*(ask(n) for n in range(12)))
    waiters = sorted(ended)[1:]  # all but the first call
    assert waiters[-1] - waiters[0] < 0.6  # together, one latency after the first call (not two)


async def test_401_is_reported_and_not_retried(fake, transport: str) -> None:
    locked, good = fake("openai", api_key="right-key"), fake("openai")
    deployments = [
        deployment_for(locked, "locked", transport=transport, api_key="wrong-key"),
        deployment_for(good, "good", transport=transport),
    ]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        first = await client.acomplete("x")
        second = await client.acomplete("y")
        health = client.health()["locked"]
    assert first.attempts[0].error_type == "AuthenticationFailed"
    assert second.attempts[0].outcome == "skipped_unhealthy"
    assert locked.request_count == 1
    assert health.state == "closed"
    assert not health.healthy


async def test_context_overflow_moves_to_a_larger_window(fake, transport: str) -> None:
    small, medium, large = fake("openai", context_window=50), fake("openai", context_window=60), fake("openai")
    deployments = [
        deployment_for(small, "small", transport=transport, context_window=50),
        deployment_for(medium, "medium", transport=transport, context_window=40),
        deployment_for(large, "large", transport=transport, context_window=100_000),
    ]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        result = await client.acomplete("word " * 200)
        assert client.health()["small"].state == "closed"
    assert result.provider == "large"
    assert [(a.deployment, a.outcome) for a in result.attempts] == [
        ("small", "error"),
        ("medium", "skipped_context"),
        ("large", "ok"),
    ]
    assert result.attempts[0].error_type == "ContextWindowExceeded"
    assert "not larger than the 50" in (result.attempts[1].error or "")
    assert medium.request_count == 0  # its window is no larger than the one that overflowed


async def test_malformed_bodies_fail_over(fake, transport: str) -> None:
    broken, good = fake("openai", malformed=True), fake("openai")
    deployments = [
        deployment_for(broken, "broken", transport=transport),
        deployment_for(good, "good", transport=transport),
    ]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        result = await client.acomplete("x")
    assert result.provider == "good"
    assert result.attempts[0].error_type == "MalformedResponse"


async def test_when_all_fail_the_error_carries_every_attempt(fake, transport: str) -> None:
    a, b = fake("openai", error_status=500), fake("ollama", error_status=502)
    deployments = [deployment_for(a, "a", transport=transport), deployment_for(b, "b", transport=transport)]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        with pytest.raises(AllDeploymentsFailed) as info:
            await client.acomplete("x")
    attempts = info.value.attempts
    # local-first: the local (Ollama) deployment is tried first
    assert [(x.deployment, x.outcome, x.status) for x in attempts] == [("b", "error", 502), ("a", "error", 500)]
    assert "a: error" in str(info.value)
    assert "b: error" in str(info.value)


def test_sync_failover_matches_async(fake, clients) -> None:
    bad, good = fake("openai", error_status=500), fake("openai")
    client = HybridClient([deployment_for(bad, "bad"), deployment_for(good, "good")], health=NO_PROBES)
    clients.append(client)
    result = client.complete("x")
    assert result.provider == "good"
    assert [a.outcome for a in result.attempts] == ["error", "ok"]


def test_a_late_success_on_an_open_breaker_is_harmless() -> None:
    """Regression: a call that succeeds after others opened the breaker must not raise."""
    from hybrid_infer._breaker import DeploymentBreaker
    from hybrid_infer.errors import RateLimited, ServerError

    changes: list[tuple[str, str, str]] = []
    breaker = DeploymentBreaker("d", fail_max=1, reset_timeout_s=60, on_change=lambda *c: changes.append(c))
    assert breaker.try_acquire()
    breaker.record_failure(ServerError("boom"), trial=False)
    assert breaker.state == "open"
    breaker.record_success(trial=False)  # a slower call that started before the breaker opened
    breaker.record_failure(RateLimited("slow down"), trial=False)  # a non-counting failure, also late
    assert breaker.state == "open"
    assert changes == [("d", "closed", "open")]


async def test_a_passing_probe_does_not_shortcut_a_breaker_opened_by_bad_answers(fake) -> None:
    bad, good = fake("openai", error_status=500), fake("openai")
    health = HealthConfig(interval_s=0.05, probe_timeout_s=0.5, failure_threshold=1, reset_timeout_s=60)
    async with HybridClient([deployment_for(bad, "bad"), deployment_for(good, "good")], health=health) as client:
        await client.acomplete("x")
        assert breaker(client, "bad") == "open"
        await asyncio.sleep(0.3)  # several passing probes of /v1/models
        assert breaker(client, "bad") == "open"


async def test_a_deployment_whose_model_is_missing_is_taken_out_until_a_probe_lists_it(fake, transport: str) -> None:
    """A 404 is the deployment's fault (wrong model name, model not pulled): every request
    would get it, so it is skipped like after a 401, and comes back once it serves the model."""
    wrong, good = fake("openai", models=["other-model"]), fake("openai")
    deployments = [
        deployment_for(good, "wrong", transport=transport, kind="local").model_copy(
            update={"api_base": wrong.api_base}
        ),
        deployment_for(good, "good", transport=transport),
    ]
    health = HealthConfig(enabled=False, reset_timeout_s=60)
    async with HybridClient(deployments, health=health) as client:  # local first
        first = await client.acomplete("x")
        second = await client.acomplete("y")
        await client.acheck_health()  # the model is still not listed: still out
        third = await client.acomplete("z")
        missing = client.health()["wrong"]
        wrong.models = ["other-model", good.models[0]]  # the model is pulled
        await client.acheck_health()
        fourth = await client.acomplete("w")
    assert (first.attempts[0].error_type, first.attempts[0].status) == ("DeploymentNotFound", 404)
    assert first.provider == "good"
    assert second.attempts[0].outcome == "skipped_unhealthy"
    assert third.attempts[0].outcome == "skipped_unhealthy"
    assert not missing.healthy and missing.state == "closed" and missing.model_present is False
    assert fourth.provider == "wrong"
    assert wrong.request_count == 2


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"Retry-After": "30"}, 30.0),
        ({"retry-after-ms": "1500"}, 1.5),
        ({"Retry-After": "-5"}, None),  # unreadable: the default cooldown applies, not none at all
        ({"Retry-After": "soon"}, None),
        ({"Retry-After": "nan"}, None),
        ({"retry-after-ms": "-1"}, None),
    ],
)
def test_retry_after_values(headers: dict[str, str], seconds: float | None) -> None:
    from hybrid_infer.transports._base import parse_retry_after

    assert parse_retry_after(headers) == seconds


@pytest.mark.parametrize("timezone", ["America/Los_Angeles", "Asia/Tokyo", "UTC"])
@pytest.mark.parametrize("form", ["%a, %d %b %Y %H:%M:%S GMT", "%a %b %d %H:%M:%S %Y"])  # IMF date, asctime
def test_a_retry_after_date_is_gmt_whatever_the_local_zone(
    monkeypatch: pytest.MonkeyPatch, timezone: str, form: str
) -> None:
    """HTTP dates are GMT; the asctime form names no zone and was read as local time."""
    import time as clock
    from datetime import UTC, datetime, timedelta

    from hybrid_infer.transports._base import parse_retry_after

    monkeypatch.setenv("TZ", timezone)
    clock.tzset()
    try:
        when = (datetime.now(UTC) + timedelta(seconds=20)).strftime(form)
        seconds = parse_retry_after({"Retry-After": when})
    finally:
        monkeypatch.undo()
        clock.tzset()
    assert seconds is not None and 15 <= seconds <= 21


@pytest.mark.parametrize(
    "message",
    [
        "the request exceeds the available context size, try increasing it",  # llama.cpp server
        "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",  # Gemini
        "This model's maximum context length is 4096 tokens.",  # OpenAI, vLLM
    ],
)
def test_context_overflow_messages_of_common_servers_are_recognised(message: str) -> None:
    from hybrid_infer.transports._base import looks_like_context_overflow

    assert looks_like_context_overflow(message)


def test_a_request_refused_before_sending_leaves_a_half_open_breaker_undecided(fake) -> None:
    """An image link Ollama cannot take is refused before anything is sent: it says nothing
    about the deployment, so it neither closes the half-open breaker nor spends its trial."""
    local, cloud = fake("ollama", hang=True), fake("openai")
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.2)
    image = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "what is this?"},
                {"type": "image_url", "image_url": {"url": "https://example.com/cat.png"}},
            ],
        }
    ]
    deployments = [deployment_for(local, "local", timeout_s=0.3), deployment_for(cloud, "cloud")]
    with HybridClient(deployments, health=health, policy="local-first") as client:
        first = client.complete("hello")
        assert client.health()["local"].state == "open"
        time.sleep(0.3)  # past the reset timeout: the next call to local is the trial
        refused = client.complete(messages=image)
        state_after_refusal = client.health()["local"].state
        retried = client.complete("hello again")
        final_state = client.health()["local"].state
    assert [a.outcome for a in first.attempts] == ["timeout", "ok"]
    assert [(a.deployment, a.error_type) for a in refused.attempts] == [
        ("local", "UnsupportedRequest"),
        ("cloud", None),
    ]
    assert state_after_refusal == "half_open"
    # the trial is still there to take: local is tried (and, still hanging, opens again)
    assert [(a.deployment, a.outcome) for a in retried.attempts] == [("local", "timeout"), ("cloud", "ok")]
    assert final_state == "open"


async def test_a_deadline_bounds_the_request_and_its_cut_attempts_count_against_a_hung_deployment(fake) -> None:
    """deadline_s is the end-to-end bound: an attempt it cuts is a timeout the breaker
    counts, so a hung local runtime stops taking traffic (an asyncio.timeout() around the
    call cancels it instead, which counts toward nothing)."""
    local, cloud = fake("ollama", hang=True), fake("openai")
    deployments = [deployment_for(local, "local"), deployment_for(cloud, "cloud")]
    async with HybridClient(deployments, health=HealthConfig(enabled=False, failure_threshold=2)) as client:
        for _ in range(2):
            with pytest.raises(AllDeploymentsFailed, match=r"deadline_s=0\.3 reached") as info:
                await client.acomplete("hi", deadline_s=0.3)
            assert [(a.deployment, a.outcome) for a in info.value.attempts] == [("local", "timeout")]
        assert breaker(client, "local") == "open"
        # the cloud transport is set up (its session, its TLS context) within this call's
        # deadline: 0.3 s did not always leave room for that on a loaded CI machine
        result = await client.acomplete("hi", deadline_s=5)
        assert [(a.deployment, a.outcome) for a in result.attempts] == [("local", "skipped_open"), ("cloud", "ok")]


@pytest.mark.parametrize("streamed", [False, True])
def test_a_deadline_leaves_time_to_fail_over_when_attempts_are_shorter(fake, streamed: bool) -> None:
    local, cloud = fake("ollama", hang=True), fake("openai")
    deployments = [deployment_for(local, "local"), deployment_for(cloud, "cloud")]
    with HybridClient(deployments, health=NO_PROBES) as client:
        if streamed:
            result = list(client.stream("hi", deadline_s=5, timeout_s=0.2))[-1].result
        else:
            result = client.complete("hi", deadline_s=5, timeout_s=0.2)
    assert result is not None
    assert [(a.deployment, a.outcome) for a in result.attempts] == [("local", "timeout"), ("cloud", "ok")]


async def test_a_streamed_deadline_bounds_the_wait_for_the_first_token(fake) -> None:
    slow = fake("openai", latency_s=1.0)
    async with HybridClient([deployment_for(slow, "slow")], health=NO_PROBES) as client:
        with pytest.raises(AllDeploymentsFailed, match="deadline_s"):
            _ = [chunk async for chunk in client.astream("hi", deadline_s=0.2)]


async def test_a_failover_attempt_the_deadline_leaves_a_sliver_of_time_does_not_open_its_breaker(fake) -> None:
    """The healthy fallback got what the hung first deployment left: cutting it says nothing
    about it, and counting it opened its breaker for every caller (review 30)."""
    local, cloud = fake("ollama", hang=True), fake("openai", latency_s=0.3)
    deployments = [deployment_for(local, "local", timeout_s=0.25), deployment_for(cloud, "cloud")]
    async with HybridClient(deployments, health=HealthConfig(enabled=False, failure_threshold=2)) as client:
        for _ in range(3):
            with pytest.raises(AllDeploymentsFailed, match="deadline_s") as info:
                await client.acomplete("hi", deadline_s=0.3)
            outcomes = [(a.deployment, a.outcome) for a in info.value.attempts if a.outcome != "skipped_open"]
            assert outcomes in ([("local", "timeout"), ("cloud", "timeout")], [("cloud", "timeout")])
        assert breaker(client, "local") == "open"
        assert breaker(client, "cloud") == "closed"
        assert (await client.acomplete("no deadline")).provider == "cloud"


async def _open_then(client: HybridClient, flaky, busy, **faults: object) -> asyncio.Task:
    """Measure ``flaky``, open its breaker with a 500 (``reset_timeout_s`` of the client), give
    it ``faults`` for when it comes back, and hold ``busy`` (its only slot) so that requests
    queue; the holding task."""
    await client.acomplete("measured")
    flaky.set_faults(error_status=500)
    assert (await client.acomplete("opens flaky")).provider == "busy"
    assert breaker(client, "flaky") == "open"
    flaky.set_faults(error_status=None, **faults)
    flaky.reset_counters()
    busy.set_faults(latency_s=5)
    hold = asyncio.create_task(client.acomplete("holds busy"))
    await wait_for(lambda: busy.in_flight == 1)
    return hold


def _long_answers_and_one_busy_slot(fake, words: int) -> tuple[str, FakeProvider, FakeProvider, list[Deployment]]:
    """'flaky' answers a prompt that says 'long' with ``words`` words (any other with 'ok');
    'busy' has one slot. The long answer, both providers and their deployments."""
    long_answer = " ".join(f"w{i}" for i in range(words))
    flaky = fake("openai", reply=lambda messages: long_answer if "long" in str(messages[-1]["content"]) else "ok")
    busy = fake("openai")
    return long_answer, flaky, busy, [deployment_for(flaky, "flaky"), deployment_for(busy, "busy", max_concurrency=1)]


async def _stop(hold: asyncio.Task) -> None:
    hold.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await hold


def _sent_to(error: AllDeploymentsFailed, name: str) -> list[str]:
    return [a.outcome for a in error.attempts if a.deployment == name and not a.outcome.startswith("skipped")]


async def test_a_half_open_trial_cut_by_the_deadline_opens_the_breaker_again_uncounted(fake) -> None:
    """The trial went to a request that had spent most of its deadline_s in the queue; cut
    with less than half of it, it counted toward nothing and the next queued request took the
    trial: a hanging deployment was sent one request after another while it reported
    half_open (review 67). Now the breaker waits another reset timeout."""
    flaky, busy = fake("openai"), fake("openai")
    deployments = [deployment_for(flaky, "flaky"), deployment_for(busy, "busy", max_concurrency=1)]
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.8)
    async with HybridClient(deployments, health=health, queue_timeout_s=30) as client:
        hold = await _open_then(client, flaky, busy, hang=True)
        with pytest.raises(AllDeploymentsFailed, match="deadline_s") as waited:
            await client.acomplete("waits 0.8 s of its 1 s for the reset timeout", deadline_s=1.0)
        assert _sent_to(waited.value, "flaky") == ["timeout"]
        assert "open again for another reset timeout" in (waited.value.attempts[-1].error or "")
        assert (breaker(client, "flaky"), flaky.request_count) == ("open", 1)
        assert client.stats()["flaky"].errors == 1  # the 500 that opened it; the cut trial counts nothing
        await _stop(hold)
        flaky.clear_faults()


async def test_a_half_open_trial_goes_to_a_waiting_request_with_half_its_deadline_left(fake) -> None:
    """A slow but healthy deployment's trial went to the longest-waiting request, cut before
    it could answer: under steady traffic it never came back (review 68)."""
    flaky, busy = fake("openai", latency_s=0.3), fake("openai")
    deployments = [deployment_for(flaky, "flaky"), deployment_for(busy, "busy", max_concurrency=1)]
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.8)
    async with HybridClient(deployments, health=health, queue_timeout_s=30) as client:
        hold = await _open_then(client, flaky, busy, latency_s=0.3)
        early = asyncio.create_task(client.acomplete("0.2 s left at the reset timeout", deadline_s=1.0))
        await asyncio.sleep(0.6)
        later = asyncio.create_task(client.acomplete("1.3 s left at the reset timeout", deadline_s=1.5))
        assert (await later).provider == "flaky"
        with pytest.raises(AllDeploymentsFailed, match="deadline_s") as info:
            await early
        assert _sent_to(info.value, "flaky") == []
        assert (breaker(client, "flaky"), flaky.request_count) == ("closed", 1)
        await _stop(hold)


async def test_the_first_call_after_a_429_cooldown_goes_to_the_waiting_request_with_the_most_time_left(fake) -> None:
    """The first call after a cooldown, which holds the others back until it is answered, went
    to the longest-waiting request: against a deployment that hung after its 429 each such call
    was cut, uncounted, and the next waiter took the next one (11 calls in review 70)."""
    flaky, busy = fake("openai"), fake("openai")
    deployments = [deployment_for(flaky, "flaky"), deployment_for(busy, "busy", max_concurrency=1)]
    async with HybridClient(deployments, health=HealthConfig(enabled=False), queue_timeout_s=30) as client:
        flaky.set_faults(error_status=429, retry_after_s=1.0)
        busy.set_faults(latency_s=5)
        hold = asyncio.create_task(client.acomplete("429 from flaky, then holds busy"))
        await wait_for(lambda: busy.in_flight == 1)
        flaky.set_faults(error_status=None, retry_after_s=None, hang=True)
        flaky.reset_counters()
        early = asyncio.create_task(client.acomplete("0.2 s left when the cooldown ends", deadline_s=1.2))
        await asyncio.sleep(0.7)
        later = asyncio.create_task(client.acomplete("1.2 s left when the cooldown ends", deadline_s=1.5))
        for task in (early, later):
            with pytest.raises(AllDeploymentsFailed, match="deadline_s"):
                await task
        assert _sent_to(early.exception(), "flaky") == []  # type: ignore[arg-type]
        assert _sent_to(later.exception(), "flaky") == ["timeout"]  # type: ignore[arg-type]
        assert flaky.request_count == 1
        await _stop(hold)
        flaky.clear_faults()


async def test_a_long_stream_without_a_deadline_does_not_hold_a_trial_the_queue_waits_on(fake) -> None:
    """Given to the request with the most time left, the trial went to a background stream
    without deadline_s, and the breaker stayed half-open through its whole answer while the
    requests queued before it, answerable at once, failed (review 72). The oldest request with
    half of its deadline left takes it now."""
    long_answer, flaky, busy, deployments = _long_answers_and_one_busy_slot(fake, 40)
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.8)
    async with HybridClient(deployments, health=health, queue_timeout_s=30) as client:
        hold = await _open_then(client, flaky, busy, token_delay_s=0.05)
        interactive = [asyncio.create_task(client.acomplete(f"short {i}", deadline_s=2.5)) for i in range(3)]
        await asyncio.sleep(0.1)

        async def background() -> str:
            return "".join([chunk.delta async for chunk in client.astream("long job")])

        job = asyncio.create_task(background())
        assert [r.provider for r in await asyncio.gather(*interactive)] == ["flaky"] * 3
        assert (await job).strip() == long_answer
        await _stop(hold)


async def test_a_recovered_deployment_serves_a_queue_whose_requests_have_little_time_left(fake) -> None:
    """Every queued request had less than half of its deadline_s left when the reset timeout
    ended; a trial kept for a request with more time went to none of them, and the queue
    failed while the deployment answered in milliseconds (review 70)."""
    flaky, busy = fake("openai"), fake("openai")
    deployments = [deployment_for(flaky, "flaky"), deployment_for(busy, "busy", max_concurrency=1)]
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.8)
    async with HybridClient(deployments, health=health, queue_timeout_s=30) as client:
        hold = await _open_then(client, flaky, busy)
        waiting = [client.acomplete(f"waits {i}", deadline_s=1.2) for i in range(5)]
        results = await asyncio.gather(*waiting)
        assert [r.provider for r in results] == ["flaky"] * 5
        assert breaker(client, "flaky") == "closed"
        await _stop(hold)


async def test_a_deadline_cut_measures_a_slow_deployment_for_fastest(fake) -> None:
    slow, quick = fake("openai", latency_s=1.0), fake("openai")
    deployments = [deployment_for(slow, "slow"), deployment_for(quick, "quick")]
    async with HybridClient(deployments, policy="fastest", health=NO_PROBES) as client:
        answered = []
        for _ in range(3):
            try:
                answered.append((await client.acomplete("hi", deadline_s=0.3)).provider)
            except AllDeploymentsFailed:
                answered.append("deadline")
        assert client.health()["slow"].ewma_latency_ms is not None
    assert answered[-1] == "quick"


async def test_a_deadline_ends_a_queue_wait_as_a_deadline(fake) -> None:
    busy = fake("openai", latency_s=1.0)
    async with HybridClient([deployment_for(busy, "busy", max_concurrency=1)], health=NO_PROBES) as client:
        first = asyncio.create_task(client.acomplete("holds the slot"))
        await asyncio.sleep(0.1)
        with pytest.raises(AllDeploymentsFailed, match=r"deadline_s=0\.2 reached"):  # not Overloaded
            await client.acomplete("waits", deadline_s=0.2)
        await first


async def test_a_streams_deadline_counts_from_when_it_is_first_read(fake) -> None:
    provider = fake("openai")
    async with HybridClient([deployment_for(provider, "p")], health=NO_PROBES) as client:
        stream = client.astream("hi", deadline_s=0.4)
        await asyncio.sleep(0.5)
        chunks = [chunk async for chunk in stream]
    assert chunks[-1].result is not None and chunks[-1].result.provider == "p"


async def test_an_error_body_sent_in_pieces_is_read_whole() -> None:
    """A 400 saying the prompt is too long, its body in two network pieces: the native
    transport read only the first ('HTTP 400: {"error":') and called it a plain rejection."""
    from aiohttp import web

    from hybrid_infer import Deployment

    from .conftest import serve_chat

    body = (
        b'{"error": {"message": "This model\'s maximum context length is 4096 tokens",'
        b' "code": "context_length_exceeded"}}'
    )

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(status=400, headers={"Content-Type": "application/json"})
        await response.prepare(request)
        await response.write(body[:10])
        await asyncio.sleep(0.05)
        await response.write(body[10:])
        return response

    async with serve_chat(chat) as api_base:
        deployment = Deployment(name="p", model="openai/m", api_base=api_base, transport="native")
        async with HybridClient([deployment], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                await client.acomplete("hi")
    assert info.value.attempts[0].error_type == "ContextWindowExceeded"


class _ScriptedChat:
    """An OpenAI chat endpoint whose calls, in the order they arrive, each answer with a
    scripted status (200: a completion) once their gate opens: which call ends when is up
    to the test, not to timing."""

    def __init__(self) -> None:
        self.script: list[tuple[int, asyncio.Event]] = []
        self.arrived = 0

    def then(self, status: int, *, held: bool = False) -> asyncio.Event:
        """Script the next call; ``held``: it answers only once the returned gate is set."""
        gate = asyncio.Event()
        if not held:
            gate.set()
        self.script.append((status, gate))
        return gate

    @contextlib.asynccontextmanager
    async def serving(self) -> AsyncIterator[str]:
        """Serve on loopback; its ``api_base``. Held calls are let go at the end (a server
        waits for its handlers when it stops), also when the test fails."""
        async with serve_chat(self.handle) as api_base:
            try:
                yield api_base
            finally:
                for _, gate in self.script:
                    gate.set()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        await request.read()
        status, gate = self.script[self.arrived]
        self.arrived += 1
        await gate.wait()
        if status != 200:
            return web.json_response({"error": {"message": f"scripted {status}"}}, status=status)
        message = {"role": "assistant", "content": "recovered"}
        choice = {"index": 0, "message": message, "finish_reason": "stop"}
        usage = {"prompt_tokens": 3, "completion_tokens": 1}
        body = {"id": "c", "object": "chat.completion", "model": "m", "choices": [choice], "usage": usage}
        return web.json_response(body)


@pytest.mark.parametrize("late", ["500", "timeout"])
async def test_a_late_failure_from_before_the_breaker_opened_does_not_decide_its_trial(fake, late: str) -> None:
    """Review 61: a call sent while the breaker was closed fails late (a 500, or its own
    timeout) while the half-open trial is out. It used to re-open the breaker, and the
    trial's success was then ignored: the deployment stayed out for another reset timeout."""
    from hybrid_infer import Deployment

    chat, backup = _ScriptedChat(), fake("openai")
    stale_gate = chat.then(500, held=True)  # sent while closed; fails (or times out) late
    chat.then(500)
    chat.then(500)  # these two open the breaker
    trial_gate = chat.then(200, held=True)
    chat.then(200)  # the request after the trial
    moves: list[tuple[str, str]] = []
    health = HealthConfig(enabled=False, failure_threshold=2, reset_timeout_s=0.2)
    async with chat.serving() as api_base:
        deployments = [
            Deployment(name="a", model="openai/m", api_base=api_base, transport="native", timeout_s=30),
            deployment_for(backup, "b"),
        ]

        def on_event(event: object) -> None:
            if isinstance(event, BreakerStateChanged):
                moves.append((event.old, event.new))

        async with HybridClient(deployments, health=health, callbacks=[on_event]) as client:
            own_timeout = 1.5 if late == "timeout" else None  # (the breaker's trial starts well before)
            stale = asyncio.create_task(client.acomplete("sent while closed", timeout_s=own_timeout))
            await wait_for(lambda: chat.arrived == 1)
            for i in range(2):
                assert (await client.acomplete(f"fails {i}")).provider == "b"
            assert breaker(client, "a") == "open"
            await asyncio.sleep(0.25)  # past the reset timeout
            trial = asyncio.create_task(client.acomplete("the trial"))
            await wait_for(lambda: chat.arrived == 4)
            assert breaker(client, "a") == "half_open"
            if late == "500":
                stale_gate.set()
            stale_result = await stale  # fails over to b once its attempt on a failed
            assert [(x.deployment, x.outcome) for x in stale_result.attempts] == [
                ("a", "timeout" if late == "timeout" else "error"),
                ("b", "ok"),
            ]
            assert breaker(client, "a") == "half_open"  # the late failure decided nothing
            trial_gate.set()
            assert (await trial).provider == "a"
            assert breaker(client, "a") == "closed"
            assert (await client.acomplete("after the trial")).provider == "a"
    assert moves == [("closed", "open"), ("open", "half_open"), ("half_open", "closed")]


async def test_a_late_success_from_before_the_breaker_opened_does_not_decide_its_trial(fake) -> None:
    """The other way round (review 61): only the trial's own answer moves a half-open
    breaker, so a call sent before the opening that succeeds late does not close it, and
    the trial's failure opens it again."""
    from hybrid_infer import Deployment

    chat, backup = _ScriptedChat(), fake("openai")
    stale_gate = chat.then(200, held=True)
    chat.then(500)  # opens the breaker
    trial_gate = chat.then(500, held=True)
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.2)
    async with chat.serving() as api_base:
        deployments = [
            Deployment(name="a", model="openai/m", api_base=api_base, transport="native", timeout_s=30),
            deployment_for(backup, "b"),
        ]
        async with HybridClient(deployments, health=health) as client:
            stale = asyncio.create_task(client.acomplete("sent while closed"))
            await wait_for(lambda: chat.arrived == 1)
            assert (await client.acomplete("fails")).provider == "b"
            assert breaker(client, "a") == "open"
            await asyncio.sleep(0.25)
            trial = asyncio.create_task(client.acomplete("the trial"))
            await wait_for(lambda: chat.arrived == 3)
            stale_gate.set()
            assert (await stale).provider == "a"  # the late answer is still the caller's
            assert breaker(client, "a") == "half_open"
            trial_gate.set()
            assert (await trial).provider == "b"
            assert breaker(client, "a") == "open"


async def test_a_streams_first_chunk_decides_its_half_open_trial(fake) -> None:
    """A stream that took the half-open trial held it until its last chunk: the breaker stayed
    half-open and every other request waited behind (or skipped) a deployment that was
    already answering (review 74). Its first chunk now closes the breaker."""
    long_answer, flaky, busy, deployments = _long_answers_and_one_busy_slot(fake, 20)
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.3)
    async with HybridClient(deployments, health=health, queue_timeout_s=30) as client:
        hold = await _open_then(client, flaky, busy, token_delay_s=0.1)
        await asyncio.sleep(0.4)  # the reset timeout ends: the next call is the trial
        stream = client.astream("long job")
        first = await anext(stream)
        assert first.delta and breaker(client, "flaky") == "closed"
        # (the token delay stays: 20 words take 2 s, a one-word answer 0.1 s)
        short = await client.acomplete("short, while the long answer streams")
        assert short.provider == "flaky"
        assert flaky.in_flight == 1  # the long stream is still going
        rest = "".join([chunk.delta async for chunk in stream])
        assert (first.delta + rest).strip() == long_answer
        await _stop(hold)


async def test_a_stream_that_breaks_after_deciding_its_trial_counts_as_a_failure(fake) -> None:
    """Once its first chunk closed the breaker, the stream is an ordinary call: its break
    counts toward the breaker as any call's does (here failure_threshold=1 opens it again)."""
    _, flaky, busy, deployments = _long_answers_and_one_busy_slot(fake, 40)
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.3)
    async with HybridClient(deployments, health=health, queue_timeout_s=30) as client:
        hold = await _open_then(client, flaky, busy, token_delay_s=0.05, cut_stream_after=5)
        await asyncio.sleep(0.4)
        with pytest.raises(StreamInterrupted):
            async for _ in client.astream("long job"):
                pass
        assert breaker(client, "flaky") == "open"
        await _stop(hold)


_WEATHER_TOOL = {
    "type": "function",
    "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}},
}


async def test_a_stream_trial_broken_after_a_tool_calls_first_piece_opens_its_breaker_again(fake) -> None:
    """A tool call's first piece reached the engine as empty progress and the connection
    died: the caller got nothing from the trial and failed over, yet the trial had been
    decided at that piece and the breaker closed (review 79). Only text handed on decides it."""
    broken = {"on": True}

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        if broken["on"] is None:
            return web.json_response({"error": {"message": "boom"}}, status=500)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        call = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
        await response.write(sse_chunk({"role": "assistant", "content": ""}) + sse_chunk({"tool_calls": [call]}))
        await asyncio.sleep(0.05)
        assert request.transport is not None
        request.transport.close()
        return response

    good = fake("openai")
    async with serve_chat(chat) as api_base:
        flaky = Deployment(name="flaky", model="openai/m", api_base=api_base, kind="local")
        # (a threshold above one: a failure counted as an ordinary call's would not open it)
        health = HealthConfig(enabled=False, failure_threshold=2, reset_timeout_s=0.3)
        async with HybridClient([flaky, deployment_for(good, "good")], health=health) as client:
            broken["on"] = None  # two 500s open it
            for _ in range(2):
                assert (await client.acomplete("x")).provider == "good"
            assert breaker(client, "flaky") == "open"
            broken["on"] = True
            await asyncio.sleep(0.35)  # the reset timeout ends: the stream is the trial
            chunks = [chunk async for chunk in client.astream("weather?", tools=[_WEATHER_TOOL])]
            result = chunks[-1].result
            assert result is not None and result.provider == "good"
            assert [a.outcome for a in result.attempts] == ["error", "ok"]
            assert breaker(client, "flaky") == "open"


async def test_a_streams_deadline_bounds_a_tool_calls_wait_for_more(fake) -> None:
    """After a tool call's first piece the provider hung: each gap was bounded by timeout_s
    alone, and a stream with deadline_s=0.5 waited the whole timeout_s=5 (review 79)."""
    done = asyncio.Event()

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        call = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
        await response.write(sse_chunk({"role": "assistant", "content": ""}) + sse_chunk({"tool_calls": [call]}))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), 10)  # hangs until the test has its answer
        return response

    async with serve_chat(chat) as api_base:
        hangs = Deployment(name="hangs", model="openai/m", api_base=api_base, timeout_s=5)
        async with HybridClient([hangs], health=NO_PROBES) as client:
            with pytest.raises(AllDeploymentsFailed, match=r"deadline_s=0\.5 reached") as info:
                async for _ in client.astream("weather?", tools=[_WEATHER_TOOL], deadline_s=0.5):
                    pass
            done.set()
    [attempt] = info.value.attempts
    assert attempt.outcome == "timeout" and "cut by deadline_s=0.5" in (attempt.error or "")


async def test_a_half_open_trials_answer_closes_the_breaker_before_its_slot_goes_to_a_waiter(fake) -> None:
    """complete() released a trial's slot before counting its answer: a queued request was
    handed the still-half-open breaker's trial, and later, after the breaker had opened again,
    that old call's answer decided the new trial while no other request could take it
    (review 79). The waiter now goes out after the breaker closed, as an ordinary call."""
    flaky, busy = fake("openai"), fake("openai")
    deployments = [deployment_for(flaky, "flaky", timeout_s=20), deployment_for(busy, "busy", max_concurrency=1)]
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.3)
    async with HybridClient(deployments, health=health, queue_timeout_s=20) as client:
        hold = await _open_then(client, flaky, busy, latency_s=0.3)
        await asyncio.sleep(0.35)
        trial = asyncio.create_task(client.acomplete("the trial"))
        await wait_for(lambda: flaky.in_flight == 1)
        flaky.set_faults(latency_s=2.0)
        waiter = asyncio.create_task(client.acomplete("queued while the trial is out"))
        assert (await trial).provider == "flaky"
        await wait_for(lambda: flaky.in_flight == 1)  # the waiter went to flaky
        flaky.set_faults(error_status=500, latency_s=0)
        opener = asyncio.create_task(client.acomplete("its 500 opens flaky (then waits for busy)"))
        await wait_for(lambda: breaker(client, "flaky") == "open")
        flaky.set_faults(error_status=None)
        await asyncio.sleep(0.35)  # the reset timeout ends: the next request is the new trial
        new_trial = await client.acomplete("the new trial")
        # sent at once, not skipped while the old waiter held the trial flag until its answer
        assert [(a.deployment, a.outcome) for a in new_trial.attempts] == [("flaky", "ok")]
        assert (await waiter).provider == "flaky"
        await _stop(opener)
        await _stop(hold)


async def test_a_deadline_cut_after_a_tool_calls_late_first_piece_counts_against_its_deployment(fake) -> None:
    """The piece came after half of deadline_s, then the provider hung: the cut was measured
    against the last wait (less than half the deadline), counted nothing, and the hanging
    deployment kept every request (review 82). The attempt began with the whole deadline."""
    done = asyncio.Event()

    async def chat(request: web.Request) -> web.StreamResponse:
        await request.read()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await asyncio.sleep(0.35)
        call = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
        await response.write(sse_chunk({"role": "assistant", "content": ""}) + sse_chunk({"tool_calls": [call]}))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), 10)
        return response

    async with serve_chat(chat) as api_base:
        hangs = Deployment(name="hangs", model="openai/m", api_base=api_base, timeout_s=5)
        health = HealthConfig(enabled=False, failure_threshold=1)
        async with HybridClient([hangs], health=health) as client:
            with pytest.raises(AllDeploymentsFailed) as info:
                async for _ in client.astream("weather?", tools=[_WEATHER_TOOL], deadline_s=0.5):
                    pass
            done.set()
            assert breaker(client, "hangs") == "open"
    [attempt] = info.value.attempts
    assert "at least half of it" in (attempt.error or "")
