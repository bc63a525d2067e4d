"""Backpressure: concurrency limits hold, excess spills, and full saturation ends in Overloaded."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import AsyncIterator

import pytest

from hybrid_infer import AllDeploymentsFailed, HealthConfig, HybridClient, Overloaded
from hybrid_infer.events import AttemptFinished
from hybrid_infer.testing import FakeProvider

from .conftest import NO_PROBES, deployment_for, wait_for


async def test_max_concurrency_is_never_exceeded_and_excess_spills(fake) -> None:
    local, cloud = fake("ollama", latency_s=0.1), fake("openai", latency_s=0.1)
    deployments = [
        deployment_for(local, "local", max_concurrency=4),
        deployment_for(cloud, "cloud"),
    ]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        results = await asyncio.gather(*(client.acomplete(f"q{i}") for i in range(20)))
    assert local.max_in_flight <= 4
    assert local.request_count + cloud.request_count == 20
    assert cloud.request_count >= 10
    spilled = [r for r in results if r.provider == "cloud"]
    assert all(a.outcome in ("skipped_busy", "ok") for r in spilled for a in r.attempts)


async def test_when_everything_is_saturated_callers_wait_then_get_overloaded(fake) -> None:
    slow = fake("openai", latency_s=1.0)
    async with HybridClient(
        [deployment_for(slow, "slow", max_concurrency=1)], health=NO_PROBES, queue_timeout_s=0.2
    ) as client:
        first = asyncio.ensure_future(client.acomplete("holds the slot"))
        await wait_for(lambda: slow.in_flight == 1)
        start = time.perf_counter()
        with pytest.raises(Overloaded) as info:
            await client.acomplete("waits")
        waited = time.perf_counter() - start
        assert waited > 0.15  # it queued for queue_timeout_s ...
        assert not first.done()  # ... and gave up before the slot freed
        assert [a.outcome for a in info.value.attempts] == ["skipped_busy"]
        await first
    assert slow.request_count == 1


async def test_overloaded_after_a_failure_names_the_failure_too(fake) -> None:
    """One deployment times out, the other stays busy: the message says both, not only 'saturated'."""
    hanging, slow = fake("openai", hang=True), fake("openai", latency_s=1.0)
    deployments = [deployment_for(hanging, "hangs", timeout_s=0.2), deployment_for(slow, "busy", max_concurrency=1)]
    async with HybridClient(deployments, health=NO_PROBES, queue_timeout_s=0.1) as client:
        first = asyncio.ensure_future(client.acomplete("holds the slot"))  # fails over to 'busy' and holds it
        await wait_for(lambda: slow.in_flight == 1)
        with pytest.raises(Overloaded) as info:
            await client.acomplete("waits")
        assert [(a.deployment, a.outcome) for a in info.value.attempts] == [
            ("hangs", "timeout"),
            ("busy", "skipped_busy"),
        ]
        assert str(info.value).startswith("hangs: timeout; every other candidate stayed saturated")
        await first


async def test_a_waiting_request_takes_the_slot_as_soon_as_it_frees(fake) -> None:
    slow = fake("openai", latency_s=0.2)
    async with HybridClient(
        [deployment_for(slow, "slow", max_concurrency=1)], health=NO_PROBES, queue_timeout_s=5
    ) as client:
        results = await asyncio.gather(*(client.acomplete(f"q{i}") for i in range(3)))
    assert [r.provider for r in results] == ["slow"] * 3
    assert slow.max_in_flight == 1


async def test_per_request_queue_timeout_overrides_the_client_default(fake) -> None:
    slow = fake("openai", latency_s=0.6)
    async with HybridClient(
        [deployment_for(slow, "slow", max_concurrency=1)], health=NO_PROBES, queue_timeout_s=30
    ) as client:
        first = asyncio.ensure_future(client.acomplete("a"))
        await wait_for(lambda: slow.in_flight == 1)
        with pytest.raises(Overloaded):
            await client.acomplete("b", queue_timeout_s=0.1)
        assert not first.done()  # it gave up long before the client default of 30 s
        await first


async def test_zero_queue_timeout_fails_fast(fake) -> None:
    slow = fake("openai", latency_s=0.3)
    async with HybridClient([deployment_for(slow, "slow", max_concurrency=1)], health=NO_PROBES) as client:
        first = asyncio.ensure_future(client.acomplete("a"))
        await wait_for(lambda: slow.in_flight == 1)
        with pytest.raises(Overloaded):
            await client.acomplete("b", queue_timeout_s=0)
        await first


async def test_rpm_limits_count_as_saturation(fake) -> None:
    limited, other = fake("ollama"), fake("openai")
    deployments = [deployment_for(limited, "limited", rpm=2), deployment_for(other, "other")]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        providers = [(await client.acomplete(f"q{i}")).provider for i in range(4)]
        health = client.health()["limited"]
    assert providers == ["limited", "limited", "other", "other"]
    assert health.in_flight == 0


async def test_a_request_that_time_alone_cannot_serve_before_its_deadline_fails_at_once(fake) -> None:
    """Only an rpm window a minute away would free the one deployment: waiting out a 30 s
    queue deadline changes nothing, so Overloaded comes now and says why."""
    provider = fake("openai")
    async with HybridClient(
        [deployment_for(provider, "limited", rpm=1)], health=NO_PROBES, queue_timeout_s=30
    ) as client:
        await client.acomplete("first")
        started = time.monotonic()
        with pytest.raises(Overloaded, match="rate-limited") as info:
            await client.acomplete("second")
        assert time.monotonic() - started < 15  # not the 30 s deadline
    assert [a.outcome for a in info.value.attempts] == ["skipped_busy"]
    assert provider.request_count == 1
    # when to try again, without parsing the message: the rpm window's end, about 60 s away
    assert info.value.retry_after_s is not None and 30 < info.value.retry_after_s <= 60


def test_sync_callers_get_backpressure_too(fake, clients) -> None:
    from concurrent.futures import ThreadPoolExecutor

    local, cloud = fake("ollama", latency_s=0.15), fake("openai")
    client = HybridClient(
        [deployment_for(local, "local", max_concurrency=2), deployment_for(cloud, "cloud")],
        health=NO_PROBES,
    )
    clients.append(client)
    with ThreadPoolExecutor(6) as pool:
        results = list(pool.map(lambda i: client.complete(f"q{i}"), range(6)))
    assert local.max_in_flight <= 2
    assert {r.provider for r in results} == {"local", "cloud"}


async def test_queued_requests_are_served_first_come_first_served(fake) -> None:
    slow = fake("openai", latency_s=0.05)
    order: list[str] = []
    async with HybridClient(
        [deployment_for(slow, "slow", max_concurrency=1)], health=NO_PROBES, queue_timeout_s=10
    ) as client:

        async def ask(i: int) -> None:
            await asyncio.sleep(0.005 * i)  # arrive in this order
            result = await client.acomplete(f"q{i}")
            order.append(result.text.rsplit(" ", 1)[-1])

        await asyncio.gather(*(ask(i) for i in range(10)))
    assert order == [f"q{i}" for i in range(10)]
    assert slow.max_in_flight == 1


def test_one_client_serves_several_event_loops_at_once(fake, clients) -> None:
    """Handler threads that each run their own event loop share one client: a loop that
    ends does not take the others' requests with it, and limits hold across all of them."""
    from concurrent.futures import ThreadPoolExecutor

    slow = fake("openai", latency_s=0.3)
    client = HybridClient([deployment_for(slow, "slow", max_concurrency=3)], health=NO_PROBES, queue_timeout_s=10)
    clients.append(client)

    def handler(n: int) -> list[object]:
        async def run() -> list[object]:
            return list(
                await asyncio.gather(*(client.acomplete(f"h{n}-{i}") for i in range(n)), return_exceptions=True)
            )

        return asyncio.run(run())

    with ThreadPoolExecutor(4) as pool:
        outcomes = [o for batch in pool.map(handler, [1, 2, 3, 3]) for o in batch]
    assert [type(o).__name__ for o in outcomes] == ["Result"] * 9
    assert slow.max_in_flight <= 3
    assert slow.request_count == client.stats()["slow"].requests == 9
    assert client.health()["slow"].state == "closed"
    assert client.health()["slow"].in_flight == 0
    assert client.complete("afterwards").provider == "slow"


def test_a_sync_call_outlives_an_event_loop_that_used_the_client(fake, clients) -> None:
    import threading

    slow = fake("openai", latency_s=0.5)
    client = HybridClient([deployment_for(slow, "slow")], health=NO_PROBES)
    clients.append(client)
    outcome: list[object] = []

    def sync_call() -> None:
        try:
            outcome.append(client.complete("sync"))
        except Exception as exc:  # the test reports it
            outcome.append(exc)

    async def main() -> None:
        first = asyncio.ensure_future(client.acomplete("async"))
        await asyncio.sleep(0.2)
        worker.start()  # a sync call starts while this loop's call is in flight ...
        await first

    worker = threading.Thread(target=sync_call)
    asyncio.run(main())  # ... and this loop ends while the sync call is in flight
    worker.join(5)
    assert [type(o).__name__ for o in outcome] == ["Result"]


def test_sync_and_async_callers_share_one_first_come_first_served_queue(fake) -> None:
    """A request waiting on one event loop is not passed over by requests that queued later on
    another (the loop thread behind the sync API): slots go to the longest-waiting request."""
    provider = fake("openai", latency_s=0.05)
    deployment = deployment_for(provider, "only", max_concurrency=1)
    served: list[str] = []
    lock = threading.Lock()
    with HybridClient([deployment], health=NO_PROBES, queue_timeout_s=10) as client:
        stop = threading.Event()

        def sync_worker(i: int) -> None:
            for n in range(40):  # bounded; stopped early once the async caller is served
                if stop.is_set():
                    return
                client.complete(f"sync {i} {n}")
                with lock:
                    served.append("sync")

        threads = [threading.Thread(target=sync_worker, args=(i,)) for i in range(3)]
        for thread in threads:
            thread.start()
        time.sleep(0.1)  # the sync callers keep the queue full

        async def async_caller() -> int:
            with lock:
                before = len(served)
            await client.acomplete("async caller", queue_timeout_s=3)
            with lock:
                return len(served) - before

        passed_over = asyncio.run(async_caller())
        stop.set()
        for thread in threads:
            thread.join(30)
    assert passed_over <= 4  # the calls in flight and queued before it; never a starved wait
    assert provider.max_in_flight == 1


def test_a_sync_call_the_caller_stops_waiting_for_frees_its_slot(fake) -> None:
    """Ctrl-C or a signal handler's exception stops the wait of a sync call: the call on the
    loop thread is cancelled too, so its slot is freed and the next call is not Overloaded."""
    import signal

    class Interrupted(Exception):
        pass

    def interrupt(signum: int, frame: object) -> None:
        raise Interrupted

    provider = fake("openai", latency_s=5)
    deployment = deployment_for(provider, "only", max_concurrency=1)
    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        with HybridClient([deployment], health=NO_PROBES, queue_timeout_s=0.5) as client:
            signal.setitimer(signal.ITIMER_REAL, 0.3)
            with pytest.raises(Interrupted):
                client.complete("a long answer")
            deadline = time.monotonic() + 3
            while client.health()["only"].in_flight and time.monotonic() < deadline:
                time.sleep(0.01)
            assert client.health()["only"].in_flight == 0
            provider.latency_s = 0
            assert client.complete("next").provider == "only"  # not Overloaded
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_slot_on_its_way_to_a_waiter_that_gave_up_is_given_back_once() -> None:
    """The slot is reserved in the freeing thread and handed over on the waiter's loop; if the
    waiter stops waiting first (and its loop may never run the hand-over), the slot comes back
    exactly once."""
    from hybrid_infer import Deployment
    from hybrid_infer._queue import CapacityQueue, Waiter
    from hybrid_infer._state import DeploymentState

    state = DeploymentState(Deployment(name="d", model="openai/a", max_concurrency=1), NO_PROBES, lambda *a: None)

    class Owner:
        closing = False

    loop = asyncio.new_event_loop()
    try:
        queue = CapacityQueue()
        waiter = Waiter(frozenset({"d"}), loop.create_future(), loop, Owner())
        queue.add(waiter)
        queue.offer(state)  # from this thread: reserved, the hand-over waits for the loop
        assert state.in_flight == 1 and not waiter.slot.done()
        stranded = queue.withdraw(waiter)  # the waiter gave up first
        assert stranded is not None
        stranded[0].release(stranded[1])
        loop.run_until_complete(asyncio.sleep(0))  # the late hand-over finds it withdrawn
        assert state.in_flight == 0 and not waiter.slot.done()
    finally:
        loop.close()


async def test_attempts_that_sent_nothing_use_none_of_the_rpm_budget(fake, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unset ${VAR} key fails the attempt before anything is sent: once the variable is
    set, the deployment has its whole rpm budget, not one spent on calls never made."""
    monkeypatch.delenv("HYBRID_INFER_TEST_RPM_KEY", raising=False)
    limited, other = fake("openai"), fake("openai")
    deployments = [
        deployment_for(limited, "limited", rpm=2, api_key="${HYBRID_INFER_TEST_RPM_KEY}"),
        deployment_for(other, "other"),
    ]
    async with HybridClient(deployments, health=NO_PROBES, policy="local-first") as client:
        before = [await client.acomplete(f"q{i}") for i in range(2)]
        monkeypatch.setenv("HYBRID_INFER_TEST_RPM_KEY", "sk-set-at-last-1234567890")
        after = [(await client.acomplete(f"then {i}")).provider for i in range(3)]
    assert [r.attempts[0].error_type for r in before] == ["MissingApiKey", "MissingApiKey"]
    assert after == ["limited", "limited", "other"]  # two calls a minute, both still available
    assert limited.request_count == 2


def test_the_first_call_after_an_earlier_cooldown_cannot_end_a_later_ones_wait() -> None:
    """A late 429 (from a call sent before the first cooldown) starts a second cooldown while
    the first call after the first one is still out: that call's end must not let a second
    call through during the later first call's test (review 45)."""
    from hybrid_infer import Deployment, HealthConfig
    from hybrid_infer._state import DeploymentState

    deployment = Deployment(name="d", model="openai/m", api_base="http://127.0.0.1:9")
    state = DeploymentState(deployment, HealthConfig(enabled=False), on_breaker=lambda *_: None)
    state.start_cooldown(0)  # cooldown 1, over at once
    reason, first = state.acquire()  # the first call after it
    assert reason is None
    state.start_cooldown(0)  # a late 429: cooldown 2, over at once
    reason, second = state.acquire()  # the first call after cooldown 2
    assert reason is None
    state.release(first)  # the first one ends while the second is still out
    assert state.acquire()[0] == "skipped_busy"
    state.release(second)
    assert state.acquire()[0] is None


# --- a deployment that comes back while requests wait (review 61) -----------------------------

_BACK_SOON = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=0.3)
"""Probes off; one counted failure opens a breaker, for 0.3 s."""


def _queued_for(events: list[object], name: str) -> int:
    """How many requests found ``name`` busy (and queued, when nothing else was free)."""
    return sum(
        1
        for e in events
        if isinstance(e, AttemptFinished) and e.attempt.deployment == name and e.attempt.outcome == "skipped_busy"
    )


async def _open(client: HybridClient, a: FakeProvider) -> None:
    """Open ``a``'s breaker with one 500 (the request goes to the other deployment); ``a`` is
    healthy again afterwards."""
    a.set_faults(error_status=500)
    await client.acomplete("opens a")
    a.set_faults(error_status=None)
    assert client.health()["a"].state == "open"


@contextlib.asynccontextmanager
async def _holding(client: HybridClient, b: FakeProvider) -> AsyncIterator[None]:
    """Hold ``b``'s only slot with a long call for the block (cancelled at its end, also when
    the test fails)."""
    b.set_faults(latency_s=30)
    hold = asyncio.create_task(client.acomplete("holds b"))
    try:
        await wait_for(lambda: b.in_flight == 1)
        yield
    finally:
        hold.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await hold


@pytest.mark.parametrize("deadline_s", [None, 2.0])
async def test_a_queued_request_takes_a_deployment_whose_breaker_reset_timeout_ends(fake, deadline_s) -> None:
    """Review 61: a request queued for a busy deployment while another's breaker was open
    sat out its whole queue_timeout_s (or failed at its deadline_s) after the breaker's reset
    timeout had ended, while requests that came later were served by it at once."""
    a, b = fake("openai"), fake("openai")
    deployments = [deployment_for(a, "a"), deployment_for(b, "b", max_concurrency=1)]
    async with HybridClient(deployments, health=_BACK_SOON, queue_timeout_s=10) as client:
        await _open(client, a)
        async with _holding(client, b), asyncio.timeout(5):  # far less than its queue_timeout_s
            result = await client.acomplete("queued", deadline_s=deadline_s)
        assert result.provider == "a"
        assert [(x.deployment, x.outcome) for x in result.attempts] == [
            ("a", "skipped_open"),
            ("b", "skipped_busy"),
            ("a", "ok"),
        ]
        assert client.health()["a"].state == "closed"  # it was the trial


async def test_requests_queued_before_a_deployment_comes_back_get_it_before_later_arrivals(fake) -> None:
    """First come, first served holds for a deployment that comes back too: the requests
    that queued while its breaker was open are served by it in their order, before a request
    that arrives once it is back."""
    a, b = fake("openai", latency_s=0.2), fake("openai")
    events: list[object] = []
    deployments = [deployment_for(a, "a", max_concurrency=1), deployment_for(b, "b", max_concurrency=1)]
    async with HybridClient(deployments, health=_BACK_SOON, queue_timeout_s=10, callbacks=[events.append]) as client:
        await _open(client, a)
        a.reset_counters()
        async with _holding(client, b):
            queued = []
            for i in range(3):
                queued.append(asyncio.create_task(client.acomplete(f"queued {i}")))
                await wait_for(lambda i=i: _queued_for(events, "b") == i + 1)
            await wait_for(lambda: a.request_count == 1)  # its reset timeout ended: the first one is the trial
            later = asyncio.create_task(client.acomplete("later"))
            async with asyncio.timeout(5):
                results = await asyncio.gather(*queued, later)
        assert [r.provider for r in results] == ["a"] * 4
        prompts = [r["messages"][-1]["content"] for r in a.requests]
        assert prompts == ["queued 0", "queued 1", "queued 2", "later"]
        assert a.max_in_flight == 1


@pytest.mark.parametrize("trial_succeeds", [True, False])
async def test_a_queued_request_learns_how_a_half_open_trial_ended(fake, trial_succeeds: bool) -> None:
    """A request that queued while the half-open trial was out takes the deployment when the
    trial closes its breaker; when the trial opens it again, at the end of the new reset
    timeout (not at the end of its own queue_timeout_s)."""
    a, b = fake("openai"), fake("openai")
    events: list[object] = []
    deployments = [deployment_for(a, "a", timeout_s=0.5), deployment_for(b, "b", max_concurrency=1)]
    async with HybridClient(deployments, health=_BACK_SOON, queue_timeout_s=10, callbacks=[events.append]) as client:
        await _open(client, a)
        async with _holding(client, b):
            await asyncio.sleep(0.35)  # past the reset timeout
            a.set_faults(latency_s=0.3) if trial_succeeds else a.set_faults(hang=True)
            trial = asyncio.create_task(client.acomplete("the trial"))  # (failed, it queues for b)
            await wait_for(lambda: a.in_flight == 1)
            queued = asyncio.create_task(client.acomplete("queued during the trial"))
            await wait_for(lambda: _queued_for(events, "b") == 1)
            if not trial_succeeds:
                await wait_for(lambda: client.health()["a"].state == "open")  # the trial timed out
            a.clear_faults()
            async with asyncio.timeout(5):
                result = await queued
            trial.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await trial
        assert result.provider == "a"
        assert [x.outcome for x in result.attempts] == ["skipped_open", "skipped_busy", "ok"]
        assert client.health()["a"].state == "closed"


@pytest.mark.parametrize("status", [429, 401, 404])
async def test_a_trial_refused_with_a_status_that_shuts_the_deployment_sends_no_waiter_there(fake, status: int) -> None:
    """A trial answered 429, 401 or 404 closes the breaker (the deployment answered), and the
    queued requests were handed its slots before its cooldown or exclusion began: all sent
    there, all refused (review 67)."""
    a, b = fake("openai"), fake("openai")
    deployments = [deployment_for(a, "a"), deployment_for(b, "b", max_concurrency=1)]
    async with HybridClient(deployments, health=_BACK_SOON, queue_timeout_s=10) as client:
        await _open(client, a)
        a.set_faults(error_status=status, retry_after_s=10 if status == 429 else None)
        a.reset_counters()
        async with _holding(client, b):
            waiters = [asyncio.create_task(client.acomplete(f"waiter {i}")) for i in range(4)]
            await wait_for(lambda: a.request_count >= 1)  # the reset timeout ended: the trial went
            await asyncio.sleep(0.3)  # (the others, handed its slots, were sent at once)
            sent = a.request_count
        for waiter in waiters:
            waiter.cancel()
        await asyncio.gather(*waiters, return_exceptions=True)
    assert sent == 1


async def test_requests_wait_for_a_half_open_trial_rather_than_fail_overloaded(fake) -> None:
    """Behind an rpm window longer than their queue deadline, the requests that did not get
    the half-open trial got Overloaded at once, though the trial closed the breaker 50 ms
    later (review 67)."""
    a, b = fake("openai", latency_s=0.05), fake("openai")
    deployments = [deployment_for(a, "a"), deployment_for(b, "b", rpm=1)]
    async with HybridClient(deployments, health=_BACK_SOON, queue_timeout_s=10) as client:
        await _open(client, a)  # (its failover spends b's one request a minute)
        async with asyncio.timeout(5):
            results = await asyncio.gather(*(client.acomplete(f"queued {i}") for i in range(4)))
    assert [r.provider for r in results] == ["a"] * 4


async def test_a_queued_request_takes_a_deployment_a_probe_brings_back(fake) -> None:
    """Review 61: a passing probe brought a deployment back, and a request queued for
    another one waited on until its queue_timeout_s."""
    a, b = fake("openai", fail_probes=True), fake("openai")
    health = HealthConfig(interval_s=0.1, probe_timeout_s=0.5, unhealthy_after=1)
    deployments = [deployment_for(a, "a"), deployment_for(b, "b", max_concurrency=1)]
    async with HybridClient(deployments, health=health, queue_timeout_s=10) as client:
        await wait_for(lambda: not client.health()["a"].healthy)
        async with _holding(client, b):
            queued = asyncio.create_task(client.acomplete("queued"))
            await asyncio.sleep(0.3)  # (queued meanwhile, for b; a's probes still fail)
            a.set_faults(fail_probes=False)
            async with asyncio.timeout(5):
                result = await queued
        assert result.provider == "a"
        assert [x.outcome for x in result.attempts] == ["skipped_unhealthy", "skipped_busy", "ok"]


async def test_a_queued_request_takes_a_deployment_whose_exclusion_ends(fake) -> None:
    """A 401 takes a deployment out for reset_timeout_s (probes off): a request queued
    for another one meanwhile takes it when that time is up."""
    a, b = fake("openai", error_status=401), fake("openai")
    deployments = [deployment_for(a, "a"), deployment_for(b, "b", max_concurrency=1)]
    async with HybridClient(deployments, health=_BACK_SOON, queue_timeout_s=10) as client:
        assert (await client.acomplete("a refuses the key")).provider == "b"
        assert not client.health()["a"].healthy
        a.clear_faults()
        async with _holding(client, b), asyncio.timeout(5):
            result = await client.acomplete("queued")
        assert result.provider == "a"
        assert [x.outcome for x in result.attempts] == ["skipped_unhealthy", "skipped_busy", "ok"]


async def test_a_request_waits_for_an_open_breaker_that_resets_before_a_long_cooldown_ends(fake) -> None:
    """The other deployment is held by a 429 cooldown longer than the request may wait, but
    the open breaker resets well within it: the request waits for that, not Overloaded."""
    a, b = fake("openai"), fake("openai")
    deployments = [deployment_for(a, "a"), deployment_for(b, "b")]
    async with HybridClient(deployments, health=_BACK_SOON, queue_timeout_s=5) as client:
        a.set_faults(error_status=500)
        b.set_faults(retry_after_s=60)
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("a fails, b says slow down")
        a.clear_faults()
        b.clear_faults()
        result = await client.acomplete("waits for a")
        assert result.provider == "a"
        assert [x.outcome for x in result.attempts] == ["skipped_open", "skipped_busy", "ok"]
