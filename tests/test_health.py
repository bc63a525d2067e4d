"""Live health checks: probes mark deployments unhealthy, bring them back, and never block."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time

import pytest

from hybrid_infer import AllDeploymentsFailed, HealthConfig, HybridClient
from hybrid_infer.events import HealthChanged

from .conftest import deployment_for, wait_for

FAST = HealthConfig(interval_s=0.1, probe_timeout_s=0.5, reset_timeout_s=60)


async def test_ollama_probe_reports_model_presence_and_loaded_models(fake) -> None:
    local = fake("ollama", models=["qwen3-coder"])
    async with HybridClient([deployment_for(local, "local")], health=FAST) as client:
        await client.acomplete("load the model")
        report = await client.acheck_health()
    h = report["local"]
    assert h.healthy
    assert h.model_present is True
    assert h.last_probe_at is not None
    assert h.last_probe_latency_ms is not None
    assert [m["name"] for m in h.loaded_models] == ["qwen3-coder:latest"]
    assert local.probe_count >= 2


async def test_a_missing_ollama_model_marks_the_deployment_unhealthy(fake) -> None:
    local, cloud = fake("ollama", models=["llama3"]), fake("openai")
    deployment = deployment_for(local, "local").model_copy(update={"model": "ollama_chat/not-pulled"})
    async with HybridClient([deployment, deployment_for(cloud, "cloud")], health=FAST) as client:
        await wait_for(lambda: not client.health()["local"].healthy)
        result = await client.acomplete("hi")
    assert result.provider == "cloud"
    assert result.attempts[0].outcome == "skipped_unhealthy"
    assert "not-pulled" in (client.health()["local"].last_error or "")


async def test_failing_probes_skip_and_passing_probes_restore(fake, transport: str) -> None:
    local, cloud = fake("ollama"), fake("openai")
    events: list[HealthChanged] = []
    deployments = [
        deployment_for(local, "local", transport=transport),
        deployment_for(cloud, "cloud", transport=transport),
    ]
    async with HybridClient(
        deployments,
        health=FAST,
        callbacks=[lambda e: isinstance(e, HealthChanged) and events.append(e)],
    ) as client:
        local.fail_probes = True
        await wait_for(lambda: not client.health()["local"].healthy)
        served = await client.acomplete("while sick")
        assert served.provider == "cloud"
        assert served.attempts[0].outcome == "skipped_unhealthy"
        local.fail_probes = False
        await wait_for(lambda: client.health()["local"].healthy)
        assert (await client.acomplete("recovered")).provider == "local"
    assert [(e.deployment, e.healthy) for e in events] == [("local", False), ("local", True)]


async def test_a_passing_probe_half_opens_an_open_breaker_and_a_trial_closes_it(fake) -> None:
    local, cloud = fake("ollama"), fake("openai")
    async with HybridClient([deployment_for(local, "local"), deployment_for(cloud, "cloud")], health=FAST) as client:
        local.stop()
        await client.acomplete("outage")
        await wait_for(lambda: not client.health()["local"].healthy)
        assert client.health()["local"].state == "open"
        local.start()
        await wait_for(lambda: client.health()["local"].state == "half_open")
        result = await client.acomplete("trial")
        assert result.provider == "local"
        assert client.health()["local"].state == "closed"


async def test_probes_do_not_block_requests(fake) -> None:
    # A probe endpoint that hangs must not delay a request on the same deployment.
    local = fake("openai")
    health = HealthConfig(interval_s=0.05, probe_timeout_s=5)
    async with HybridClient([deployment_for(local, "p")], health=health) as client:
        await client.acheck_health()
        start = time.perf_counter()
        for _ in range(5):
            await client.acomplete("quick")
        assert time.perf_counter() - start < 2


def test_sync_clients_run_health_checks_in_the_background(fake) -> None:
    local = fake("ollama")
    before = {t.name for t in threading.enumerate()}
    with HybridClient([deployment_for(local, "local")], health=FAST):
        deadline = time.monotonic() + 3
        while local.probe_count < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert local.probe_count >= 3
    time.sleep(0.05)
    after = {t.name for t in threading.enumerate()}
    assert "hybrid-infer-loop" not in after - before  # close() stopped the loop thread
    probes = local.probe_count
    time.sleep(0.3)
    assert local.probe_count == probes  # and nothing probes after close


async def test_close_stops_every_background_task(fake) -> None:
    local = fake("ollama")
    client = HybridClient([deployment_for(local, "local")], health=FAST)
    await client.astart()
    await client.acomplete("hi")
    await client.aclose()
    await asyncio.sleep(0)
    leftover = [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and "hybrid" in t.get_name()]
    assert leftover == []


async def test_stats_report_requests_tokens_cost_and_percentiles(fake) -> None:
    cloud = fake("openai")
    async with HybridClient([deployment_for(cloud, "cloud")], health=HealthConfig(enabled=False)) as client:
        results = [await client.acomplete(f"q{i}") for i in range(5)]
        stats = client.stats()["cloud"]
    assert stats.requests == 5
    assert stats.errors == 0
    assert stats.prompt_tokens == sum(r.usage.prompt_tokens for r in results)
    assert stats.cost_usd == sum(r.cost_usd for r in results) > 0
    assert stats.latency_p50_ms is not None
    assert stats.latency_p95_ms is not None
    assert stats.latency_p50_ms <= stats.latency_p95_ms


def test_a_started_client_keeps_probing_between_asyncio_runs(fake) -> None:
    """An async client's probes run on its loop and stop with it; ``start()`` keeps them
    going on the background thread between ``asyncio.run`` calls (as quickstart.md says)."""
    local = fake("ollama")
    for started in (False, True):
        client = HybridClient([deployment_for(local, "local")], health=FAST)
        if started:
            client.start()
        try:
            asyncio.run(client.acomplete("hi"))
            time.sleep(0.3)  # a probe sent as the loop ended may reach the server a moment later
            probes = local.probe_count
            time.sleep(0.5)
            if started:
                assert local.probe_count >= probes + 2
            else:
                assert local.probe_count == probes  # no loop runs: nothing probes until the next call
        finally:
            client.close()


def test_health_reports_a_deployment_back_once_its_401_exclusion_runs_out(fake) -> None:
    """Routing takes a 401-excluded deployment back after ``reset_timeout_s``; health()
    says so at once, and the health loop emits the HealthChanged without waiting for traffic."""
    provider = fake("openai", error_status=401, fail_probes=True)  # no passing probe ends it early
    events: list[object] = []
    with HybridClient(
        [deployment_for(provider, "p")],
        health=HealthConfig(interval_s=0.1, reset_timeout_s=0.5, unhealthy_after=100),
        callbacks=[events.append],
    ) as client:
        with pytest.raises(AllDeploymentsFailed):
            client.complete("hi")
        assert client.health()["p"].healthy is False
        time.sleep(0.8)
        reported = client.health()["p"].healthy
        changes = [e.healthy for e in events if isinstance(e, HealthChanged)]
    assert reported is True
    assert changes == [False, True]


async def test_a_litellm_provider_whose_key_variable_is_unset_shows_unhealthy_until_it_is_set(
    fake, monkeypatch: pytest.MonkeyPatch
) -> None:
    """litellm providers have no probe, but their probe checks the key reference: while the
    variable is unset every call would fail at once, so health says so (and routing skips
    it, naming the variable); once it is set, the next probe brings it back."""
    from pydantic import SecretStr

    from hybrid_infer import Deployment

    monkeypatch.delenv("HI_TEST_ANTHROPIC_KEY", raising=False)
    cloud = fake("openai")
    anthropic = Deployment(
        name="claude", model="anthropic/claude-3-5-haiku-latest", api_key=SecretStr("${HI_TEST_ANTHROPIC_KEY}")
    )
    async with HybridClient([anthropic, deployment_for(cloud, "cloud")], health=FAST, policy="local-first") as client:
        report = await client.acheck_health()
        assert not report["claude"].healthy
        assert "HI_TEST_ANTHROPIC_KEY is not set" in (report["claude"].last_error or "")
        result = await client.acomplete("hi")
        assert result.provider == "cloud"
        assert result.attempts[0].outcome == "skipped_unhealthy"
        assert "HI_TEST_ANTHROPIC_KEY" in (result.attempts[0].error or "")
        monkeypatch.setenv("HI_TEST_ANTHROPIC_KEY", "sk-ant-test-0000000000")
        report = await client.acheck_health()
    assert report["claude"].healthy and report["claude"].last_error is None


async def test_a_litellm_provider_with_a_set_key_variable_stays_healthy_and_a_401_is_not_undone_by_probes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pydantic import SecretStr

    from hybrid_infer import Deployment

    monkeypatch.setenv("HI_TEST_ANTHROPIC_KEY", "sk-ant-test-0000000000")
    anthropic = Deployment(
        name="claude", model="anthropic/claude-3-5-haiku-latest", api_key=SecretStr("${HI_TEST_ANTHROPIC_KEY}")
    )
    async with HybridClient([anthropic], health=FAST) as client:
        assert (await client.acheck_health())["claude"].healthy
        state = client._engine.states[0]  # a 401 seen on a call: excluded for reset_timeout_s
        state.mark_unhealthy("AuthenticationFailed: bad key", 60)
        assert not (await client.acheck_health())["claude"].healthy


async def test_a_runtimes_model_listing_reaches_health_masked_and_flat() -> None:
    """A hostile Ollama names a loaded model after the key it was sent and nests a field 700
    levels deep: health() shows neither (the key leaked there in clear, and the depth broke
    its JSON form and the CLI's health --json) (review 41)."""
    from aiohttp import web
    from pydantic import SecretStr

    from hybrid_infer import Deployment

    key = "sk-ollama-proxy-0123456789abcdef"
    deep: object = "x"
    for _ in range(700):
        deep = {"d": deep}

    async def tags(request: web.Request) -> web.Response:
        return web.json_response({"models": [{"name": "qwen3:latest"}]})

    async def ps(request: web.Request) -> web.Response:
        sent = request.headers.get("Authorization", "").removeprefix("Bearer ")
        return web.json_response({"models": [{"name": f"echo {sent}", "size": deep, "size_vram": 1024}]})

    app = web.Application()
    app.router.add_get("/api/tags", tags)
    app.router.add_get("/api/ps", ps)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        base = f"http://127.0.0.1:{runner.addresses[0][1]}"
        deployment = Deployment(name="local", model="ollama_chat/qwen3", api_base=base, api_key=SecretStr(key))
        async with HybridClient([deployment], health=FAST) as client:
            report = await client.acheck_health()
    finally:
        await runner.cleanup()
    shown = report["local"]
    assert shown.loaded_models == [{"name": "echo sk-…[redacted]", "size": None, "size_vram": 1024}]
    assert key not in shown.model_dump_json()


async def test_a_runtime_refusing_again_after_an_undecided_trial_is_brought_back_by_a_probe(fake) -> None:
    """A trial cut undecided re-opens the breaker and clears 'unreachable' (so probes of a
    hanging chat do not feed it requests); a runtime that then refuses connections again must
    be back by the next passing probe, not after the whole reset timeout (review 74)."""
    local, busy = fake("openai"), fake("openai")
    deployments = [deployment_for(local, "local"), deployment_for(busy, "busy", max_concurrency=1)]
    health = HealthConfig(enabled=False, failure_threshold=1, reset_timeout_s=30)
    async with HybridClient(deployments, health=health, queue_timeout_s=30) as client:
        local.stop()
        assert (await client.acomplete("refused by local")).provider == "busy"
        local.set_faults(hang=True)
        local.start()
        busy.set_faults(latency_s=5)
        hold = asyncio.create_task(client.acomplete("holds busy"))
        await wait_for(lambda: busy.in_flight == 1)
        waiting = asyncio.create_task(client.acomplete("takes the probe's trial late", deadline_s=1.0))
        await asyncio.sleep(0.7)
        await client.acheck_health()  # passes: the trial goes to the waiting request, cut undecided
        with pytest.raises(AllDeploymentsFailed):
            await waiting
        assert client.health()["local"].state == "open"
        local.stop()
        local.set_faults(hang=False)
        await client.acheck_health()  # refused: unreachable again
        local.start()
        await client.acheck_health()  # passes: half-open before the 30 s reset timeout
        assert (await client.acomplete("after the restart", deadline_s=2.0)).provider == "local"
        hold.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await hold
