"""Exact caching: keys, cache modes, namespaces, TTL and the bookkeeping calls."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from hybrid_infer._request import Request, build_request
from hybrid_infer._results import Attempt, Result, Usage
from hybrid_infer.cache import CacheConfig, CachedAnswer, CacheHit, ResponseCache, request_key


def answer(text: str = "42", **extra: Any) -> Result:
    return Result(text=text, provider="local-qwen", model="ollama_chat/qwen3", kind="local", **extra)


@pytest.fixture
def cache(tmp_path: Path) -> ResponseCache:
    return ResponseCache(CacheConfig(path=tmp_path / "cache", semantic=False))


def test_a_stored_answer_is_an_exact_hit(cache: ResponseCache) -> None:
    request = build_request("What is six times seven?")
    assert cache.lookup_exact(request) is None
    cache.store(request, answer(usage=Usage(prompt_tokens=5, completion_tokens=1, total_tokens=6)))

    hit = cache.lookup_exact(request)

    assert isinstance(hit, CacheHit)
    assert hit.kind == "exact"
    assert hit.similarity is None
    assert hit.key == request_key(request, "default")
    assert isinstance(hit.answer, CachedAnswer)
    assert (hit.answer.text, hit.answer.provider, hit.answer.kind) == ("42", "local-qwen", "local")
    assert hit.answer.usage.total_tokens == 6
    assert hit.answer.cached_at.tzinfo is not None


@pytest.mark.parametrize(
    "changed",
    [
        {"max_tokens": 100},
        {"temperature": 0.0},
        {"use_case": "code"},
        {"params": {"top_p": 0.5}},
        {"params": {"stop": ["\n"]}},
        {"params": {"seed": 7}},
        {"params": {"response_format": {"type": "json_object"}}},
        {"params": {"tools": [{"type": "function", "function": {"name": "f"}}]}},
        {"params": {"tool_choice": "auto"}},
    ],
)
def test_any_parameter_change_is_a_miss(cache: ResponseCache, changed: dict[str, Any]) -> None:
    cache.store(build_request("Summarise the report."), answer())

    assert cache.lookup_exact(build_request("Summarise the report.", **changed)) is None


def test_the_key_ignores_the_order_parameters_were_given_in() -> None:
    one = build_request("hi", params={"top_p": 0.5, "seed": 1})
    two = build_request("hi", params={"seed": 1, "top_p": 0.5})

    assert request_key(one, "default") == request_key(two, "default")


def test_equivalent_forms_of_one_request_share_a_key() -> None:
    """One stop string is a list of one; a content list of one text part is that text: the
    same request to every provider, so the same entry (exact and semantic)."""
    from hybrid_infer.cache._keys import context_key

    plain = build_request(messages=[{"role": "user", "content": "Name a fish."}], params={"stop": "."})
    parts = build_request(
        messages=[{"role": "user", "content": [{"type": "text", "text": "Name a fish."}]}], params={"stop": ["."]}
    )
    assert request_key(plain, "default") == request_key(parts, "default")
    assert context_key(plain, "default") == context_key(parts, "default")
    none = build_request("Name a fish.", params={"stop": []})
    assert request_key(none, "default") == request_key(build_request("Name a fish."), "default")
    two = build_request(messages=[{"role": "user", "content": "Name a fish."}], params={"stop": [".", "!"]})
    assert request_key(two, "default") != request_key(plain, "default")


def test_a_miss_serialises_and_hashes_its_request_once_per_key(
    cache: ResponseCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Look up, look again, store: a long conversation's canonical JSON and hash are made
    once for its exact key and once for its context, however often the cache asks."""
    import dataclasses

    from hybrid_infer.cache import _keys

    digests: list[str] = []
    real = _keys._sha256

    def counted(payload: str) -> str:
        digests.append(real(payload))
        return digests[-1]

    monkeypatch.setattr(_keys, "_sha256", counted)
    turns = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " * 50} for i in range(41)]
    request = build_request(messages=turns)
    assert cache.lookup_exact(request) is None
    assert cache.lookup_exact(request) is None
    cache.store(request, answer())
    assert cache.key_for(request) == request_key(request, "default")
    assert len(digests) == 2  # the exact key and the context key
    other = dataclasses.replace(request, temperature=0.5)  # another request: its own keys
    assert request_key(other, "default") != request_key(request, "default")
    assert request_key(request, "tenant-42") != request_key(request, "default")


KEYS_OF_EARLIER_VERSIONS = {
    # (exact key, context key) in namespace "tenant", as key format 1 was computed before its
    # encoding was assembled from parts (one json.dumps of the whole canonical request per key)
    "prompt": (
        "ca22af4763240bedac774fda3040d45cc4c7ed0b08a34a179f2381127f4951db",
        "acc4256963e2db80fcf1623d336702c813e6a9bfc56924501ea47e6325bd572f",
    ),
    "chat": (
        "8d8762194b777039a7034d6923b6e814cfcb15f9e6b6463cfa8b1ffaa28f545a",
        "afad7134a3252417f9335c626b159ebfd10b814dc3b52366ab718e4da4a266b0",
    ),
    "parts": (
        "33311acc4166a2c1bfe7e04dc04076e1051f08498ff61501373c25c5251aa6a9",
        "678a8d7e21aab1fe64fa0621e014fbb58f40498256d23c39a15c451a4b363e4c",
    ),
    "no user turn": ("e23b555d7d4eae59143ec6cc4fd7ffa981d9aca76102fa6ae4af0231af79eaf0", None),
    "params": (
        "fb81a99257afc269d67b73ca05c0a2eed08403e209999989c2fbec79f7438882",
        "11f3cea9fbbba3f6297a3a53b767500f37a9fbfac987928d461df18f563f7ed0",
    ),
}


def test_keys_are_those_earlier_versions_computed() -> None:
    """A cache directory filled by an earlier version keeps its entries after an upgrade."""
    from hybrid_infer.cache._keys import context_key

    requests = {
        "prompt": build_request("What is the capital of France?"),
        "chat": build_request(
            messages=[
                {"role": "system", "content": "Be brief. \u00fc"},
                {"role": "user", "content": "hi"},
                {"role": "assistant", "content": "hello"},
                {"role": "user", "content": [{"type": "text", "text": "and now?"}]},
            ],
            temperature=0,
            max_tokens=64,
            use_case="reasoning",
        ),
        "parts": build_request(
            messages=[
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": "look"},
                        {"type": "image_url", "image_url": {"url": "data:x"}},
                        {"type": "text", "text": "here"},
                    ],
                },
                {"role": "assistant", "content": "ok"},
            ]
        ),
        "no user turn": build_request(
            messages=[{"role": "system", "content": "only system"}, {"role": "assistant", "content": "prefill"}]
        ),
        "params": build_request(
            "x",
            temperature=0.0,
            max_tokens=5,
            params={
                "stop": "END",
                "seed": 3,
                "top_p": 0.5,
                "tools": [{"type": "function", "function": {"name": "f", "parameters": {"b": 1, "a": 2.5}}}],
            },
        ),
    }
    computed = {name: (request_key(r, "tenant"), context_key(r, "tenant")) for name, r in requests.items()}
    assert computed == KEYS_OF_EARLIER_VERSIONS


def test_the_key_is_the_same_in_another_process() -> None:
    request = build_request("Same everywhere?", max_tokens=10, params={"seed": 3})
    code = (
        "from hybrid_infer._request import build_request;"
        "from hybrid_infer.cache import request_key;"
        "print(request_key(build_request('Same everywhere?', max_tokens=10,"
        " params={'seed': 3}), 'default'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path.cwd())

    assert out.stdout.strip() == request_key(request, "default")


def test_namespaces_never_share_exact_entries(tmp_path: Path) -> None:
    path = tmp_path / "cache"
    team_a = ResponseCache(CacheConfig(path=path, semantic=False, namespace="team-a"))
    team_b = ResponseCache(CacheConfig(path=path, semantic=False, namespace="team-b"))
    team_a.store(build_request("Our roadmap?"), answer("a's roadmap"))

    assert team_b.lookup_exact(build_request("Our roadmap?")) is None
    assert team_b.lookup_exact(build_request("Our roadmap?", namespace="team-a")) is not None
    assert team_a.lookup_exact(build_request("Our roadmap?", namespace="team-b")) is None


def test_a_different_earlier_turn_is_a_miss(cache: ResponseCache) -> None:
    def chat(first_answer: str) -> Request:
        return build_request(
            messages=[
                {"role": "user", "content": "Pick a number."},
                {"role": "assistant", "content": first_answer},
                {"role": "user", "content": "Double it."},
            ]
        )

    cache.store(chat("3"), answer("6"))

    assert cache.lookup_exact(chat("3")) is not None
    assert cache.lookup_exact(chat("4")) is None


@pytest.mark.parametrize(
    ("mode", "readable", "writable"),
    [
        ("default", True, True),
        ("no-store", True, False),
        ("only", True, False),
        ("no-cache", False, True),
        ("off", False, False),
    ],
)
def test_cache_modes(cache: ResponseCache, mode: str, readable: bool, writable: bool) -> None:
    request = build_request("hello", cache=mode)

    assert cache.readable(request) is readable
    assert cache.writable(request) is writable


def test_sampled_requests_are_not_cached_unless_asked(tmp_path: Path) -> None:
    sampled = build_request("Write a poem.", temperature=0.9)
    plain = ResponseCache(CacheConfig(path=tmp_path / "a", semantic=False))
    sampling = ResponseCache(CacheConfig(path=tmp_path / "b", semantic=False, cache_sampled=True))

    plain.store(sampled, answer())
    sampling.store(sampled, answer())

    assert not plain.readable(sampled)
    assert plain.readable(build_request("Write a poem.", temperature=0))
    assert plain.stats()["entries"] == 0
    assert sampling.lookup_exact(sampled) is not None


def test_answers_from_the_cache_are_not_stored_again(cache: ResponseCache) -> None:
    request = build_request("hello")
    cache.store(request, answer(cache="semantic", similarity=0.97))
    cache.store(request, answer(stale=True))

    assert cache.lookup_exact(request) is None


def test_an_empty_answer_is_not_stored(cache: ResponseCache) -> None:
    """An empty or blank answer is more likely a glitch (litellm turns an unparsable event
    stream into one) than something worth replaying, least of all as an offline fallback."""
    for text in ("", "  \n"):
        cache.store(build_request(f"hello {text!r}"), answer(text))
        assert cache.lookup_exact(build_request(f"hello {text!r}")) is None
    assert cache.stats()["stores"] == 0


def test_no_store_mode_is_not_written(cache: ResponseCache) -> None:
    cache.store(build_request("hello", cache="no-store"), answer())

    assert cache.lookup_exact(build_request("hello")) is None


def test_entries_expire_after_their_ttl(cache: ResponseCache) -> None:
    short = build_request("short-lived", cache_ttl_s=0.3)
    cache.store(short, answer())
    cache.store(build_request("per call"), answer(), ttl_s=0.3)
    cache.store(build_request("kept"), answer())
    assert cache.lookup_exact(short) is not None

    time.sleep(0.5)

    assert cache.lookup_exact(short) is None
    assert cache.lookup_exact(build_request("per call")) is None
    assert cache.lookup_exact(build_request("kept")) is not None


def test_clearing_a_namespace_counts_its_expired_entries_too(cache: ResponseCache) -> None:
    """As clear() of every namespace does: rows it removed, expired ones not yet purged."""
    cache.store(build_request("short-lived", namespace="x", cache_ttl_s=0.2), answer())
    cache.store(build_request("kept", namespace="x"), answer())
    cache.store(build_request("elsewhere", namespace="y"), answer())
    time.sleep(0.3)

    assert cache.clear("x") == 2
    assert cache.lookup_exact(build_request("elsewhere", namespace="y")) is not None


def test_the_config_ttl_applies_when_the_request_has_none(tmp_path: Path) -> None:
    cache = ResponseCache(CacheConfig(path=tmp_path, semantic=False, ttl_s=0.3))
    cache.store(build_request("hello"), answer())

    time.sleep(0.5)

    assert cache.lookup_exact(build_request("hello")) is None


def test_max_entries_evicts_the_oldest(tmp_path: Path) -> None:
    cache = ResponseCache(CacheConfig(path=tmp_path, semantic=False, max_entries=3))
    for i in range(5):
        cache.store(build_request(f"question {i}"), answer(str(i)))

    assert [cache.lookup_exact(build_request(f"question {i}")) is not None for i in range(5)] == [
        False,
        False,
        True,
        True,
        True,
    ]
    assert cache.stats()["entries"] == 3


def test_a_process_that_stores_rarely_does_not_walk_what_others_evicted(tmp_path: Path) -> None:
    """The eviction watermark is shared: one store here after 300 stores elsewhere evicts the
    one generation still due, instead of revisiting the 300 the other process evicted."""
    config = CacheConfig(path=tmp_path, semantic=False, max_entries=5)
    rare, busy = ResponseCache(config), ResponseCache(config)
    for i in range(6):
        rare.store(build_request(f"rare {i}"), answer())
    for i in range(300):
        busy.store(build_request(f"busy {i}"), answer())
    visited: list[int] = []
    store = rare._store
    evict = store._evict_generation
    store._evict_generation = lambda victim: (visited.append(victim), evict(victim))[1]  # type: ignore[method-assign]
    rare.store(build_request("rare again"), answer())
    assert len(visited) == 1
    assert rare.stats()["entries"] == 5
    rare.close()
    busy.close()


def test_storing_again_replaces_the_entry(cache: ResponseCache) -> None:
    cache.store(build_request("q"), answer("old"))
    cache.store(build_request("q"), answer("new"))

    hit = cache.lookup_exact(build_request("q"))
    assert hit is not None
    assert hit.answer.text == "new"
    assert cache.stats()["entries"] == 1


def test_invalidate_and_clear(cache: ResponseCache) -> None:
    keep = build_request("keep", namespace="other")
    cache.store(keep, answer())
    for i in range(3):
        cache.store(build_request(f"q{i}"), answer())

    assert cache.invalidate(request_key(build_request("q0"), "default")) is True
    assert cache.invalidate(request_key(build_request("q0"), "default")) is False
    assert cache.clear("default") == 2
    assert cache.lookup_exact(build_request("q1")) is None
    assert cache.lookup_exact(keep) is not None
    assert cache.clear() == 1
    assert cache.lookup_exact(keep) is None


def test_stats_count_entries_hits_and_misses(cache: ResponseCache) -> None:
    cache.store(build_request("a"), answer())
    cache.store(build_request("b", namespace="ns2"), answer())
    cache.lookup_exact(build_request("a"))
    cache.lookup_exact(build_request("zzz"))

    stats = cache.stats()

    assert stats["entries"] == 2
    assert stats["namespaces"] == {"default": 1, "ns2": 1}
    assert stats["hits"]["exact"] == 1
    assert stats["misses"]["exact"] == 1
    assert stats["stores"] == 2
    assert stats["disk_bytes"] > 0
    json.dumps(stats)  # plain data


def test_fallback_serves_an_exact_entry_even_for_no_cache(cache: ResponseCache) -> None:
    cache.store(build_request("status?"), answer("all good"))

    hit = cache.fallback(build_request("status?", cache="no-cache"))

    assert hit is not None
    assert hit.answer.text == "all good"
    assert cache.fallback(build_request("status?", cache="off")) is None


def test_fallback_can_be_switched_off(tmp_path: Path) -> None:
    cache = ResponseCache(CacheConfig(path=tmp_path, semantic=False, offline_fallback=False))
    cache.store(build_request("status?"), answer())

    assert cache.fallback(build_request("status?")) is None


def test_stored_entries_hold_no_attempts_or_secrets(tmp_path: Path) -> None:
    cache = ResponseCache(CacheConfig(path=tmp_path, semantic=False))
    secret = "sk-live-THISISASECRETKEY1234567890"
    result = answer(
        attempts=[Attempt(deployment="cloud", outcome="error", error=f"401 bad key {secret}")],
        request_id="req-123-secret-id",
    )
    cache.store(build_request("hello"), result)
    cache.close()

    stored = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())

    assert b"THISISASECRETKEY" not in stored
    assert b"req-123-secret-id" not in stored
    assert b"attempts" not in stored


def test_the_size_limit_evicts_the_oldest_entries(tmp_path: Path) -> None:
    cache = ResponseCache(CacheConfig(path=tmp_path, semantic=False, size_limit_bytes=1 << 20))
    for i in range(800):
        cache.store(build_request(f"question {i}"), answer("x" * 4000))

    stats = cache.stats()
    assert stats["entries"] < 800
    assert stats["disk_bytes"] < 2 << 20
    assert cache.lookup_exact(build_request("question 799")) is not None
    assert cache.lookup_exact(build_request("question 0")) is None
