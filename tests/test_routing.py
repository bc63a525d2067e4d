"""Policies order deployments: local-first, cheapest, fastest, by use case, custom, chained."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from hybrid_infer import (
    ByUseCase,
    Cheapest,
    Fastest,
    HybridClient,
    LocalFirst,
    NoDeploymentAvailable,
)
from hybrid_infer.errors import ConfigError
from hybrid_infer.policies import Candidate, Policy, RouteContext

from .conftest import NO_PROBES, deployment_for


async def test_local_first_serves_locally_while_it_has_capacity(fake, transport: str) -> None:
    local, cloud = fake("ollama"), fake("openai")
    deployments = [
        deployment_for(cloud, "cloud", transport=transport),
        deployment_for(local, "local", transport=transport),
    ]
    async with HybridClient(deployments, policy="local-first", health=NO_PROBES) as client:
        result = await client.acomplete("hello")
    assert (result.provider, result.kind) == ("local", "local")
    assert (local.request_count, cloud.request_count) == (1, 0)


async def test_local_first_spills_to_cloud_when_local_is_saturated(fake) -> None:
    local = fake("ollama", latency_s=0.3)
    cloud = fake("openai")
    deployments = [
        deployment_for(local, "local", max_concurrency=2),
        deployment_for(cloud, "cloud"),
    ]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        results = await asyncio.gather(*(client.acomplete(f"q{i}") for i in range(5)))
    providers = sorted(r.provider for r in results)
    assert providers == ["cloud", "cloud", "cloud", "local", "local"]
    assert local.max_in_flight == 2


async def test_cheapest_picks_the_lowest_estimated_cost(fake) -> None:
    a, b = fake("openai"), fake("openai")
    deployments = [
        deployment_for(a, "pricey", input_cost_per_mtok=5, output_cost_per_mtok=15),
        deployment_for(b, "thrifty", input_cost_per_mtok=0.1, output_cost_per_mtok=0.4),
    ]
    async with HybridClient(deployments, policy="cheapest", health=NO_PROBES) as client:
        result = await client.acomplete("hello", max_tokens=50)
    assert result.provider == "thrifty"
    # cost is computed from the provider's reported usage and the deployment's prices
    expected = (result.usage.prompt_tokens * 0.1 + result.usage.completion_tokens * 0.4) / 1e6
    assert result.cost_usd == pytest.approx(expected)


def test_cheapest_accounts_for_the_output_share_of_this_request() -> None:
    # Cheap input, dear output vs. the reverse: the estimate for *this* request decides.
    from hybrid_infer import Deployment
    from hybrid_infer.policies import estimated_cost_usd

    in_heavy = Deployment(name="a", model="openai/x", input_cost_per_mtok=10, output_cost_per_mtok=1)
    out_heavy = Deployment(name="b", model="openai/y", input_cost_per_mtok=1, output_cost_per_mtok=10)
    long_prompt = RouteContext(prompt_tokens=10_000, expected_output_tokens=10)
    long_answer = RouteContext(prompt_tokens=10, expected_output_tokens=10_000)
    assert estimated_cost_usd(out_heavy, long_prompt) < estimated_cost_usd(in_heavy, long_prompt)
    assert estimated_cost_usd(in_heavy, long_answer) < estimated_cost_usd(out_heavy, long_answer)


async def test_fastest_measures_every_deployment_then_prefers_the_fastest(fake) -> None:
    slow, quick = fake("openai", latency_s=0.08), fake("openai", latency_s=0.0)
    deployments = [deployment_for(slow, "slow"), deployment_for(quick, "quick")]
    async with HybridClient(deployments, policy="fastest", health=NO_PROBES) as client:
        first = [(await client.acomplete(f"warm {i}")).provider for i in range(2)]
        later = [(await client.acomplete(f"q {i}")).provider for i in range(3)]
    assert sorted(first) == ["quick", "slow"]  # unmeasured ones are tried first
    assert later == ["quick", "quick", "quick"]


async def test_a_deployment_slower_than_every_callers_deadline_is_measured_by_the_waits(fake) -> None:
    """Callers that bound their calls with asyncio.timeout() cancel the slow deployment's
    attempts: it used to stay unmeasured, and Fastest ranked it first for ever."""
    slow, quick = fake("openai", latency_s=2.0), fake("openai")
    deployments = [deployment_for(slow, "slow"), deployment_for(quick, "quick")]
    answered: list[str] = []
    async with HybridClient(deployments, policy="fastest", health=NO_PROBES) as client:
        for _ in range(4):
            try:
                async with asyncio.timeout(0.3):
                    answered.append((await client.acomplete("hi")).provider)
            except TimeoutError:
                answered.append("timeout")
        slow_ms, quick_ms = client.health()["slow"].ewma_latency_ms, client.health()["quick"].ewma_latency_ms
        assert slow_ms is not None and quick_ms is not None and slow_ms > quick_ms
    assert answered[-2:] == ["quick", "quick"]
    assert slow.request_count <= 2


async def test_one_hang_does_not_demote_a_measured_fast_deployment(fake) -> None:
    """Its breaker answers for hangs; raising its estimate would hand every later request to
    the slower one, and nothing would measure the fast one again (review 31)."""
    quick, slower = fake("openai"), fake("openai", latency_s=0.1)
    deployments = [deployment_for(quick, "quick"), deployment_for(slower, "slower")]
    async with HybridClient(deployments, policy="fastest", health=NO_PROBES) as client:
        for i in range(3):
            await client.acomplete(f"warm {i}")
        before = client.health()["quick"].ewma_latency_ms
        quick.set_faults(hang=True)
        hung = await client.acomplete("hangs once", timeout_s=0.3)
        assert [(a.deployment, a.outcome) for a in hung.attempts] == [("quick", "timeout"), ("slower", "ok")]
        quick.clear_faults()
        assert client.health()["quick"].ewma_latency_ms == before
        assert (await client.acomplete("after")).provider == "quick"


async def test_cheapest_measures_every_deployment_of_one_price_then_prefers_the_fastest(fake) -> None:
    """Equal prices tie; the tie goes to latency, which needs each of them measured once."""
    slow, quick = fake("openai", latency_s=0.08), fake("openai", latency_s=0.0)
    prices = {"input_cost_per_mtok": 1.0, "output_cost_per_mtok": 2.0}
    deployments = [deployment_for(slow, "slow", **prices), deployment_for(quick, "quick", **prices)]
    async with HybridClient(deployments, policy="cheapest", health=NO_PROBES) as client:
        first = [(await client.acomplete(f"warm {i}")).provider for i in range(2)]
        later = [(await client.acomplete(f"q {i}")).provider for i in range(3)]
    assert sorted(first) == ["quick", "slow"]
    assert later == ["quick", "quick", "quick"]


async def test_use_case_keeps_only_tagged_deployments(fake) -> None:
    a, b = fake("openai"), fake("openai")
    deployments = [
        deployment_for(a, "coder", use_cases={"code-generation"}),
        deployment_for(b, "thinker", use_cases={"reasoning"}),
    ]
    async with HybridClient(deployments, health=NO_PROBES) as client:
        result = await client.acomplete("prove it", use_case="reasoning")
        assert result.provider == "thinker"
        with pytest.raises(NoDeploymentAvailable) as info:
            await client.acomplete("translate", use_case="translation")
    message = str(info.value)
    assert "translation" in message
    assert "code-generation" in message
    assert "reasoning" in message
    assert a.request_count == 0


async def test_by_use_case_ranks_each_use_case_with_its_own_policy(fake) -> None:
    local, cheap, dear = fake("ollama"), fake("openai"), fake("openai")
    deployments = [
        deployment_for(local, "local", use_cases={"code-generation", "reasoning"}),
        deployment_for(
            dear,
            "dear",
            use_cases={"reasoning", "code-generation"},
            input_cost_per_mtok=9,
            output_cost_per_mtok=9,
        ),
        deployment_for(
            cheap,
            "cheap",
            use_cases={"reasoning"},
            input_cost_per_mtok=0.1,
            output_cost_per_mtok=0.1,
        ),
    ]
    policy = ByUseCase({"reasoning": Cheapest() >> Fastest()}, default=LocalFirst())
    policy = ByUseCase({"reasoning": "cheapest"}, default="local-first")
    async with HybridClient(deployments, policy=policy, health=NO_PROBES) as client:
        # reasoning: cheapest -> the local one is free
        assert (await client.acomplete("why", use_case="reasoning")).provider == "local"
        assert (await client.acomplete("code", use_case="code-generation")).provider == "local"
    local_only = ByUseCase({"reasoning": "cheapest"})
    async with HybridClient(deployments[1:], policy=local_only, health=NO_PROBES) as client:
        assert (await client.acomplete("why", use_case="reasoning")).provider == "cheap"


class ReverseAlphabetical(Policy):
    """A user-written policy: one method, plain data."""

    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        return sorted(candidates, key=lambda c: c.deployment.name, reverse=True)


async def test_custom_policies_and_per_request_overrides(fake) -> None:
    a, b = fake("openai"), fake("openai")
    deployments = [deployment_for(a, "alpha"), deployment_for(b, "zulu")]
    async with HybridClient(deployments, policy=ReverseAlphabetical(), health=NO_PROBES) as client:
        assert (await client.acomplete("x")).provider == "zulu"
        assert (await client.acomplete("x", policy="local-first")).provider == "alpha"


class Pinned(Policy):
    """A 'sticky' user policy: the first candidate it ever saw goes first, given or not."""

    def __init__(self) -> None:
        self.first: Candidate | None = None

    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        if self.first is None:
            self.first = candidates[0]
        return [self.first, self.first, "junk", *candidates]  # type: ignore[list-item]


async def test_a_policy_cannot_bring_back_a_deployment_it_was_not_given(fake) -> None:
    """Each deployment is tried at most once per request: a policy returning one already
    tried (or twice, or something else) used to make the engine call it again and again."""
    a, b = fake("openai", error_status=500), fake("openai")
    deployments = [deployment_for(a, "a"), deployment_for(b, "b")]
    async with HybridClient(deployments, policy=Pinned(), health=NO_PROBES) as client:
        result = await client.acomplete("hi")
    assert result.provider == "b"
    assert [(x.deployment, x.outcome) for x in result.attempts] == [("a", "error"), ("b", "ok")]
    assert a.request_count == 1


def test_a_filtering_chain_applies_in_order() -> None:
    from hybrid_infer import Deployment
    from hybrid_infer._state import DeploymentState

    class OnlyCloud(Policy):
        def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
            return [c for c in candidates if c.deployment.kind == "cloud"]

    states = [
        DeploymentState(
            Deployment(name=n, model=m, input_cost_per_mtok=p, output_cost_per_mtok=p),
            NO_PROBES,
            lambda *a: None,
        )
        for n, m, p in [("l", "ollama_chat/x", 0), ("c1", "openai/a", 5), ("c2", "openai/b", 1)]
    ]
    chain = OnlyCloud() >> Cheapest()
    assert [c.deployment.name for c in chain.order(states, RouteContext())] == ["c2", "c1"]


class Meddling(Policy):
    """A buggy policy that writes to what it was handed."""

    def __init__(self, attribute: str, value: object) -> None:
        self.attribute, self.value = attribute, value

    def order(self, candidates: Sequence[Candidate], ctx: RouteContext) -> list[Candidate]:
        for c in candidates:
            setattr(c, self.attribute, self.value)
        return list(candidates)


@pytest.mark.parametrize(("attribute", "value"), [("in_flight", 4), ("deployment", None), ("breaker", None)])
def test_a_policy_cannot_change_the_deployments_it_orders(fake, attribute: str, value: object) -> None:
    """Candidates are read-only views: a policy setting ``in_flight = 4`` wedged the
    deployment for every later request (Overloaded), and ``deployment = None`` gave a raw
    AttributeError. Now the request fails with a ConfigError naming the policy, and the
    deployment is untouched."""
    provider = fake("openai")
    deployment = deployment_for(provider, "cloud").model_copy(update={"max_concurrency": 4})
    with HybridClient([deployment], health=NO_PROBES, queue_timeout_s=0.5) as client:
        with pytest.raises(ConfigError) as info:
            client.complete("hi", policy=Meddling(attribute, value))
        assert info.value.field == "policy" and "read-only" in str(info.value)
        assert client.health()["cloud"].in_flight == 0
        assert client.complete("hi again").provider == "cloud"
