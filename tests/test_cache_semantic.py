"""Semantic caching with a deterministic toy embedder: matching, isolation, index upkeep."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hybrid_infer._request import Request, build_request
from hybrid_infer._results import Result
from hybrid_infer.cache import CacheConfig, ResponseCache
from hybrid_infer.cache._index import VectorIndex
from hybrid_infer.cache.testing import HashingEmbedder

QUESTION = "how do I reset my router password"
REWORDED = "how do I reset my router password please"


def answer(text: str = "hold the reset button") -> Result:
    return Result(text=text, provider="p", model="m", kind="local")


def semantic_cache(path: Path, embedder: Any = None, **options: Any) -> ResponseCache:
    options.setdefault("similarity_threshold", 0.8)
    options.setdefault("guard", False)
    return ResponseCache(CacheConfig(path=path, embedder=embedder or HashingEmbedder(), **options))


def chat(*turns: str, system: str | None = None, **options: Any) -> Request:
    messages = [{"role": "system", "content": system}] if system else []
    for i, turn in enumerate(turns):
        messages.append({"role": "user" if i % 2 == 0 else "assistant", "content": turn})
    return build_request(messages=messages, **options)


def test_a_similar_prompt_is_a_semantic_hit(tmp_path: Path) -> None:
    cache = semantic_cache(tmp_path)
    cache.store(build_request(QUESTION), answer())

    hit = cache.lookup_semantic(build_request(REWORDED))

    assert hit is not None
    assert hit.kind == "semantic"
    assert hit.similarity is not None and 0.8 <= hit.similarity <= 1.0
    assert hit.answer.text == "hold the reset button"
    assert cache.lookup_exact(build_request(REWORDED)) is None


def test_the_threshold_argument_overrides_the_config(tmp_path: Path) -> None:
    cache = semantic_cache(tmp_path)
    cache.store(build_request(QUESTION), answer())

    assert cache.lookup_semantic(build_request(REWORDED), threshold=0.999) is None
    assert cache.lookup_semantic(build_request(REWORDED), threshold=0.5) is not None


def test_unrelated_prompts_miss(tmp_path: Path) -> None:
    cache = semantic_cache(tmp_path)
    cache.store(build_request(QUESTION), answer())

    assert cache.lookup_semantic(build_request("what is the boiling point of water")) is None


def test_identical_text_never_crosses_namespaces(tmp_path: Path) -> None:
    cache = semantic_cache(tmp_path)
    cache.store(build_request(QUESTION, namespace="tenant-a"), answer())

    assert cache.lookup_semantic(build_request(QUESTION, namespace="tenant-b")) is None
    assert cache.lookup_semantic(build_request(QUESTION)) is None
    assert cache.lookup_semantic(build_request(QUESTION, namespace="tenant-a")) is not None


@pytest.mark.parametrize(
    ("stored", "asked"),
    [
        (chat(QUESTION, system="Answer as a pirate."), chat(QUESTION, system="Answer briefly.")),
        (chat("I use a Netgear", "ok", QUESTION), chat("I use a TP-Link", "ok", QUESTION)),
        (chat(QUESTION), chat(QUESTION, max_tokens=5)),
        (chat(QUESTION), chat(QUESTION, use_case="support")),
        (chat(QUESTION), chat(QUESTION, params={"seed": 1})),
    ],
    ids=["system-prompt", "earlier-turn", "max-tokens", "use-case", "params"],
)
def test_a_different_context_is_never_a_semantic_hit(tmp_path: Path, stored: Request, asked: Request) -> None:
    cache = semantic_cache(tmp_path)
    cache.store(stored, answer())

    assert cache.lookup_semantic(asked) is None
    assert cache.lookup_semantic(stored) is not None


def test_context_filtering_looks_past_many_closer_entries(tmp_path: Path) -> None:
    cache = semantic_cache(tmp_path)
    cache.store(chat(QUESTION, system="right"), answer("right one"))
    for i in range(40):
        cache.store(chat(QUESTION, system=f"other {i}"), answer(f"wrong {i}"))

    hit = cache.lookup_semantic(chat(QUESTION, system="right"))

    assert hit is not None
    assert hit.answer.text == "right one"


def test_a_store_reuses_the_vector_of_the_preceding_lookup(tmp_path: Path) -> None:
    embedder = HashingEmbedder()
    cache = semantic_cache(tmp_path, embedder)
    request = build_request(QUESTION)

    cache.lookup_semantic(request)
    calls = embedder.calls
    cache.store(request, answer())

    assert embedder.calls == calls


def test_an_evicted_entry_leaves_the_index(tmp_path: Path) -> None:
    cache = semantic_cache(tmp_path, max_entries=2)
    cache.lookup_semantic(build_request("warm up the index"))
    cache.store(build_request(QUESTION), answer("first"))
    cache.store(build_request("what is the capital of peru"), answer())
    cache.store(build_request("how tall is mount everest"), answer())

    assert cache.lookup_semantic(build_request(REWORDED)) is None
    assert cache.stats()["index"]["sizes"]["default"] == 2


def test_evicted_and_invalidated_entries_leave_the_index_at_once_in_every_process(tmp_path: Path) -> None:
    """They stayed until a search met them or the index grew past twice the store: 10
    vectors for 2 live entries (review 60). A second cache on the same directory (as another
    process) evicting is followed by the first at its next lookup."""
    cache = semantic_cache(tmp_path, max_entries=3)
    cache.lookup_semantic(build_request("warm up the index"))
    keys = [cache.store(build_request(f"tell me about topic number {n}"), answer()) for n in range(10)]
    assert cache.stats()["index"]["sizes"] == {"default": 3} and cache.stats()["entries"] == 3
    assert keys[-1] is not None and cache.invalidate(keys[-1])
    assert cache.stats()["index"]["sizes"] == {"default": 2}
    other = semantic_cache(tmp_path, max_entries=3)
    for n in range(10, 14):
        other.store(build_request(f"tell me about topic number {n}"), answer())
    other.close()
    cache.lookup_semantic(build_request("something else entirely"))
    assert cache.stats()["index"]["sizes"] == {"default": 3}
    cache.close()


def test_a_replaced_database_has_its_own_evictions_followed(tmp_path: Path) -> None:
    """The index kept the old database's eviction point, and the store its own, so a new
    database's evictions stayed in the index (12 vectors for 4 entries; review 66)."""
    cache = semantic_cache(tmp_path, max_entries=3)
    cache.lookup_semantic(build_request("warm up the index"))
    for n in range(20):
        cache.store(build_request(f"tell me about topic number {n}"), answer())
    for suffix in ("", "-wal", "-shm"):
        (tmp_path / "entries" / f"cache.db{suffix}").unlink(missing_ok=True)
    time.sleep(1.1)  # a store looks at its file at most once a second
    for n in range(12):
        cache.store(build_request(f"another question about item {n}"), answer())
        cache.lookup_semantic(build_request("something else entirely"))
    stats = cache.stats()
    cache.close()
    assert stats["entries"] == 3 and stats["index"]["sizes"] == {"default": 3}


def test_an_hnsw_index_removes_the_oldest_ids_up_to_a_generation() -> None:
    rng = np.random.default_rng(4)
    vectors = rng.standard_normal((300, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index = VectorIndex(16, hnsw_min_vectors=100)
    index.add(list(range(1, 301)), vectors)
    index.remove(50)
    assert index.remove_upto(100) == 99  # 50 was gone already
    assert len(index) == 200 and index.kind == "hnsw"
    assert all(i > 100 for i, _ in index.search(vectors[10], 20))
    assert index.remove_upto(100) == 0


def test_vectors_of_entries_no_lookup_meets_do_not_pile_up(tmp_path: Path) -> None:
    """Evicted entries whose vectors no query comes near still leave the index, in a running
    cache and in a reopened one: it stays near the size of the store, not of its history."""
    from hybrid_infer.cache._semantic import PRUNE_SLACK

    cache = semantic_cache(tmp_path, max_entries=20)
    cache.lookup_semantic(build_request("warm up the index"))
    for n in range(3_000):
        cache.store(build_request(f"distinct question number {n} about topic {n * 7919 % 1000}"), answer())
    cache.lookup_semantic(build_request("one more lookup"))
    bound = 2 * 20 + PRUNE_SLACK
    assert sum(cache.stats()["index"]["sizes"].values()) <= bound
    assert cache.stats()["index"]["kinds"] == {"default": "flat"}
    cache.close()
    reopened = semantic_cache(tmp_path, max_entries=20)
    reopened.lookup_semantic(build_request("after a restart"))
    assert sum(reopened.stats()["index"]["sizes"].values()) <= bound
    assert reopened.lookup_semantic(build_request("distinct question number 2999 about topic 81")) is not None


def test_an_expired_entry_leaves_the_index(tmp_path: Path) -> None:
    cache = semantic_cache(tmp_path)
    cache.lookup_semantic(build_request("warm up the index"))
    cache.store(build_request(QUESTION), answer(), ttl_s=0.3)
    assert cache.lookup_semantic(build_request(REWORDED)) is not None

    time.sleep(0.5)

    assert cache.lookup_semantic(build_request(REWORDED)) is None
    assert cache.stats()["index"]["sizes"]["default"] == 0


def test_an_invalidated_entry_is_not_a_semantic_hit(tmp_path: Path) -> None:
    cache = semantic_cache(tmp_path)
    cache.store(build_request(QUESTION), answer())
    hit = cache.lookup_semantic(build_request(REWORDED))
    assert hit is not None

    cache.invalidate(hit.key)

    assert cache.lookup_semantic(build_request(REWORDED)) is None


def test_clearing_a_namespace_clears_its_vectors(tmp_path: Path) -> None:
    cache = semantic_cache(tmp_path)
    cache.store(build_request(QUESTION), answer())
    cache.store(build_request(QUESTION, namespace="kept"), answer())
    cache.lookup_semantic(build_request(REWORDED))

    assert cache.clear("default") == 1

    assert cache.lookup_semantic(build_request(REWORDED)) is None
    assert cache.lookup_semantic(build_request(REWORDED, namespace="kept")) is not None


def test_a_saved_index_is_reused_without_embedding_again(tmp_path: Path) -> None:
    with semantic_cache(tmp_path) as first:
        for i in range(20):
            first.store(build_request(f"{QUESTION} number {i}"), answer(str(i)))
        first.lookup_semantic(build_request(REWORDED))

    embedder = HashingEmbedder()
    second = semantic_cache(tmp_path, embedder)
    hit = second.lookup_semantic(build_request(f"{QUESTION} number 7"))

    assert hit is not None
    # the query, and the two probes that name the vector space and check it tells texts
    # apart; stored vectors were reused
    assert embedder.texts_embedded == 3


@pytest.mark.parametrize("how", ["damaged", "deleted"])
def test_a_saved_index_over_a_replaced_store_is_not_read_against_the_new_one(tmp_path: Path, how: str) -> None:
    """The store's numbering restarts when its database is replaced (moved aside as damaged,
    deleted): a saved index's ids would name the new store's unrelated entries."""
    import shutil

    with semantic_cache(tmp_path) as first:
        for question in (QUESTION, "what is the capital of France", "how do I bake bread"):
            first.store(build_request(question), answer(f"answer to {question}"))
        first.lookup_semantic(build_request(REWORDED))  # loads the index; closing saves it
    if how == "damaged":
        (tmp_path / "entries" / "cache.db").write_bytes(b"not a database" * 100)
        for suffix in ("-wal", "-shm"):
            (tmp_path / "entries" / f"cache.db{suffix}").unlink(missing_ok=True)
    else:
        shutil.rmtree(tmp_path / "entries")
    with semantic_cache(tmp_path) as second:
        for joke in ("tell me a joke about penguins", "write a limerick about cheese", "list three primes"):
            second.store(build_request(joke), answer(f"answer to {joke}"), embed=False)
        hit = second.lookup_semantic(build_request(REWORDED))
    assert hit is None or hit.answer.text == f"answer to {QUESTION}"
    assert hit is None  # that answer went with the old store


def test_a_corrupted_index_file_is_rebuilt(tmp_path: Path) -> None:
    with semantic_cache(tmp_path) as first:
        first.store(build_request(QUESTION), answer())
        first.lookup_semantic(build_request(REWORDED))
    files = list((tmp_path / "index").glob("*.faiss"))
    assert files
    for path in files:
        path.write_bytes(b"\x00garbage" * 100)

    second = semantic_cache(tmp_path)

    assert second.lookup_semantic(build_request(REWORDED)) is not None
    assert second.stats()["index"]["sizes"] == {"default": 1}


def test_a_missing_or_garbled_sidecar_triggers_a_rebuild(tmp_path: Path) -> None:
    with semantic_cache(tmp_path) as first:
        first.store(build_request(QUESTION), answer())
        first.lookup_semantic(build_request(REWORDED))
    (tmp_path / "index" / "index.json").write_text("{not json")

    assert semantic_cache(tmp_path).lookup_semantic(build_request(REWORDED)) is not None


def test_an_index_loaded_earlier_sees_entries_stored_later_elsewhere(tmp_path: Path) -> None:
    reader = semantic_cache(tmp_path)
    writer = semantic_cache(tmp_path)
    assert reader.lookup_semantic(build_request(REWORDED)) is None  # index loaded, empty

    writer.store(build_request(QUESTION), answer("from the writer"))

    hit = reader.lookup_semantic(build_request(REWORDED))
    assert hit is not None
    assert hit.answer.text == "from the writer"


def test_entries_without_a_stored_vector_are_embedded_on_rebuild(tmp_path: Path) -> None:
    exact_only = ResponseCache(CacheConfig(path=tmp_path, semantic=False))
    exact_only.store(build_request(QUESTION), answer())

    assert semantic_cache(tmp_path).lookup_semantic(build_request(REWORDED)) is not None


def test_fallback_uses_its_own_lower_threshold(tmp_path: Path) -> None:
    cache = semantic_cache(tmp_path, similarity_threshold=0.99, fallback_threshold=0.8)
    cache.store(build_request(QUESTION), answer())

    assert cache.lookup_semantic(build_request(REWORDED)) is None
    hit = cache.fallback(build_request(REWORDED))
    assert hit is not None
    assert hit.kind == "semantic"


def test_an_embedder_returning_unnormalised_rows_is_normalised(tmp_path: Path) -> None:
    def loud(texts: list[str]) -> Any:
        return HashingEmbedder()(texts) * 1000.0

    cache = semantic_cache(tmp_path, loud)
    cache.store(build_request(QUESTION), answer())

    hit = cache.lookup_semantic(build_request(QUESTION))
    assert hit is not None
    assert hit.similarity == pytest.approx(1.0, abs=1e-5)


def test_an_embedder_returning_the_wrong_shape_is_a_logged_miss(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    cache = semantic_cache(tmp_path, lambda texts: np.zeros((len(texts) + 1, 8)))

    assert cache.lookup_semantic(build_request(QUESTION)) is None
    assert cache.stats()["embed_errors"] == 1
    assert "shape" in caplog.text


def test_large_indexes_switch_to_hnsw_and_still_remove() -> None:
    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((300, 32)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index = VectorIndex(32, hnsw_min_vectors=100)
    index.add(list(range(300)), vectors)
    assert index.kind == "hnsw"

    assert index.search(vectors[5], 1)[0][0] == 5
    index.remove(5)
    assert all(i != 5 for i, _ in index.search(vectors[5], 10))

    copy = VectorIndex.from_bytes(index.to_bytes(), 32)
    assert copy.kind == "hnsw"
    assert len(copy) == 299
    assert copy.search(vectors[9], 1)[0][0] == 9


def test_removed_hnsw_vectors_crowding_the_nearest_do_not_hide_a_live_one() -> None:
    """Tombstones above a live match (a popular prompt stored and replaced many times) used
    to fill the whole fetch: the search came back short and the cache stopped looking."""
    rng = np.random.default_rng(1)
    dim = 32
    filler = rng.standard_normal((500, dim)).astype(np.float32)
    query = rng.standard_normal(dim).astype(np.float32)
    query /= np.linalg.norm(query)
    near = query + 0.05 * rng.standard_normal((40, dim)).astype(np.float32)  # all closer than the live one
    live = query + 0.6 * rng.standard_normal(dim).astype(np.float32)
    vectors = np.vstack([filler, near, live[None, :]])
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index = VectorIndex(dim, hnsw_min_vectors=100)
    index.add(list(range(len(vectors))), vectors)
    for dead in range(500, 540):
        index.remove(dead)
    assert index.kind == "hnsw" and len(index) == 501  # 40 tombstones, below the compaction ratio
    found = index.search(query, 8)
    assert len(found) == 8
    assert found[0][0] == 540


def test_flat_index_round_trips_and_rejects_garbage() -> None:
    index = VectorIndex(4)
    index.add([10, 11], np.eye(4, dtype=np.float32)[:2])

    copy = VectorIndex.from_bytes(index.to_bytes(), 4)

    assert copy.search(np.eye(4, dtype=np.float32)[1], 1) == [(11, pytest.approx(1.0))]
    with pytest.raises(ValueError, match=r"dimension|faiss"):
        VectorIndex.from_bytes(index.to_bytes(), 8)
    with pytest.raises(ValueError, match="faiss"):
        VectorIndex.from_bytes(b"nonsense" * 10, 4)


def test_a_search_leaves_the_callers_openmp_setting_as_it_was() -> None:
    """A lookup runs faiss on one OpenMP thread and then restores the caller's setting."""
    import faiss

    rng = np.random.default_rng(3)
    vectors = rng.standard_normal((500, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index = VectorIndex(16)
    index.add(list(range(500)), vectors)
    before = faiss.omp_get_max_threads()
    faiss.omp_set_num_threads(3)
    try:
        assert index.search(vectors[7], 1)[0][0] == 7
        assert faiss.omp_get_max_threads() == 3
    finally:
        faiss.omp_set_num_threads(before)


def test_cli_cache_stats_reports_the_saved_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from hybrid_infer.cli import main as cli_main

    assert cli_main(["cache", "stats", "--path", str(tmp_path / "none")]) == 2  # no cache there yet
    capsys.readouterr()
    with semantic_cache(tmp_path) as cache:
        cache.store(build_request(QUESTION, namespace="a"), answer())
        cache.store(build_request(REWORDED, namespace="b"), answer())
        cache.store(build_request(f"{QUESTION} twice", namespace="b"), answer())
        cache.lookup_semantic(build_request(REWORDED, namespace="a"))  # builds and saves the index
    assert cli_main(["cache", "stats", "--path", str(tmp_path)]) == 0
    index = json.loads(capsys.readouterr().out)["index"]
    assert index["saved"] and index["sizes"] == {"a": 1, "b": 2}
    assert cli_main(["cache", "stats", "--path", str(tmp_path), "--namespace", "b"]) == 0
    assert json.loads(capsys.readouterr().out)["index"]["sizes"] == {"b": 2}


@pytest.mark.parametrize("same_name", ["", "size", "factory"], ids=["other-size", "same-function-name", "one-factory"])
def test_another_embedder_under_the_same_name_rebuilds_the_index(tmp_path: Path, same_name: str) -> None:
    """The tag of a vector space is its name, its dimension, what a probe text's vector
    looks like and, for a plain function, its code: a cache reopened with another embedder
    re-embeds the stored prompts, even one made by the same factory in the same size."""
    if same_name:

        def make(size: int, reverse: bool) -> Any:
            hashing = HashingEmbedder(size)

            def embed(texts: list[str]) -> Any:  # the same qualified name and code for both
                return hashing(texts)[:, ::-1].copy() if reverse else hashing(texts)

            return embed

        if same_name == "size":
            first, second = make(64, False), make(16, True)
        else:
            first, second = make(64, False), make(64, True)
    else:
        first, second = HashingEmbedder(64), HashingEmbedder(16)
    cache = semantic_cache(tmp_path, embedder=first)
    cache.store(build_request("How do I reset my router?"), answer())
    cache.close()
    reopened = semantic_cache(tmp_path, embedder=second)
    try:
        hit = reopened.lookup_semantic(build_request("How do I reset my router please?"))
        assert hit is not None and hit.answer.text == "hold the reset button"
        reopened.store(build_request("Why is the sky blue?"), answer("scattering"))
        assert reopened.lookup_semantic(build_request("Why is the sky blue?")) is not None
    finally:
        reopened.close()


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="flock on POSIX")
def test_an_index_lock_held_elsewhere_delays_a_lookup_boundedly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process that stalls holding the index lock (stopped, a hung disk) costs a lookup at
    most the lock timeout: the index is then built from the entries in memory, saves are
    put off, and requests go on."""
    import fcntl

    from hybrid_infer.cache import _index_file

    monkeypatch.setattr(_index_file, "LOCK_TIMEOUT_S", 0.3)
    with semantic_cache(tmp_path) as cache:
        cache.store(build_request(QUESTION), answer())
        assert cache.lookup_semantic(build_request(REWORDED)) is not None  # saves the index
    with open(tmp_path / "index" / ".lock", "a+b") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # another open file: flock conflicts with it
        with semantic_cache(tmp_path) as cache:
            hit = cache.lookup_semantic(build_request(REWORDED))  # waits 0.3 s, not for the holder
            cache.store(build_request("why is the sky blue"), answer("scattering"))
            again = cache.lookup_semantic(build_request("why is the sky blue please"))
        fcntl.flock(held.fileno(), fcntl.LOCK_UN)
    assert hit is not None and hit.answer.text == "hold the reset button"
    assert again is not None and again.answer.text == "scattering"


def test_texts_asked_for_by_many_threads_at_once_are_encoded_in_batches() -> None:
    """Concurrent lookups share encodes (each a batch of the texts waiting), and every
    thread still gets its own text's vector; an encode that fails fails only its batch."""
    import threading

    from hybrid_infer.cache._embedder import resolve_embedder

    hashing = HashingEmbedder()
    batches: list[int] = []
    gate = threading.Event()

    def slow(texts: list[str]) -> Any:
        batches.append(len(texts))
        gate.wait(5)  # the first encode holds until every thread has asked
        if "poison" in texts:
            raise RuntimeError("encoder failed")
        return hashing(texts)

    embedder = resolve_embedder(slow)
    gate.set()
    embedder.tag  # noqa: B018 - loads it (two probe encodes), before the counting starts
    gate.clear()
    batches.clear()
    texts = [f"question number {n}" for n in range(16)]
    out: dict[str, Any] = {}

    def ask(text: str) -> None:
        try:
            out[text] = embedder.embed_one(text)
        except RuntimeError as exc:
            out[text] = exc

    threads = [threading.Thread(target=ask, args=(t,)) for t in [*texts, "poison"]]
    for thread in threads:
        thread.start()
    time.sleep(0.3)
    gate.set()
    for thread in threads:
        thread.join(10)
    assert not any(thread.is_alive() for thread in threads)
    assert sum(batches) == 17 and len(batches) < 17  # shared encodes, each text once
    failed = [text for text, value in out.items() if isinstance(value, RuntimeError)]
    assert "poison" in failed and len(failed) <= max(batches)  # only the batch it was in
    for text in set(texts) - set(failed):
        expected = hashing([text])[0]
        assert np.allclose(out[text], expected / np.linalg.norm(expected), atol=1e-5)


def test_a_relative_path_stays_where_the_cache_was_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The index is opened at the first semantic use: a later chdir must not split the cache."""
    monkeypatch.chdir(tmp_path)
    cache = semantic_cache(Path("rel") / "cache")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)

    cache.store(build_request(QUESTION), answer())
    hit = cache.lookup_semantic(build_request(REWORDED))
    cache.close()

    assert hit is not None
    assert cache.stats()["directory"] == str(tmp_path / "rel" / "cache")
    assert (tmp_path / "rel" / "cache" / "index").is_dir()
    assert list(elsewhere.iterdir()) == []
