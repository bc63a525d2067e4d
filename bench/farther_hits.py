"""How often a hit served after a nearer candidate was refused is right, by the verifier's bar.

The cache walks stored prompts from the nearest down. When the guard refuses the nearest
('switch from bugle to trumpet' against a stored 'switch from trumpet to bugle'), the walk
goes on, and a farther prompt may be served ('adapt trumpet music for the bugle'). The guard
asks more of such a farther prompt (``farther_accept_probability`` in ``verifier.json``);
this script measures what that bar keeps and what it stops.

Each near-miss file and QQP's held-out split is replayed as ``semantic_quality.py`` does
(every ``a`` stored in a fresh cache at the defaults, every ``b`` looked up), with the farther
bar lowered to the plain ``accept_probability`` so that every farther hit the verifier would
take is seen. A hit counts as right when the pair is a paraphrase and the query got its own
pair's answer.

    .venv/bin/python bench/farther_hits.py
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from semantic_quality import NEAR_MISS_FILES, EmbeddingStore, Pair, load_pairs, qqp_split, stored

from hybrid_infer._request import build_request
from hybrid_infer.cache._guard import FalseHitGuard, GuardVerdict, load_guard

BARS = (0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95)


@dataclass(frozen=True, slots=True)
class FartherHit:
    probability: float
    right: bool


class _Recording(FalseHitGuard):
    """The shipped guard with the farther bar at the plain one, noting the last accepted verdict."""

    def __init__(self) -> None:
        shipped = load_guard().verifier
        super().__init__(shipped.model_copy(update={"farther_accept_probability": shipped.accept_probability}))
        self.last: tuple[bool, GuardVerdict] | None = None

    def verdict(
        self, query: str, candidate: str, similarity: float, *, fallback: bool = False, closer_refused: bool = False
    ) -> GuardVerdict:
        verdict = super().verdict(query, candidate, similarity, fallback=fallback, closer_refused=closer_refused)
        if verdict.accepted:
            self.last = (closer_refused, verdict)
        return verdict


@contextmanager
def _recorded(pairs: list[Pair], embedder: EmbeddingStore) -> Iterator[tuple[Any, dict[str, str], _Recording]]:
    with stored(pairs, embedder) as (cache, answers):
        guard = _Recording()
        cache._guard = guard  # the bench's own guard: the shipped parameters, the farther bar lowered
        yield cache, answers, guard


def farther_hits(pairs: list[Pair], embedder: EmbeddingStore) -> tuple[int, list[FartherHit]]:
    """All hits, and those served after a nearer candidate was refused."""
    hits = 0
    farther: list[FartherHit] = []
    with _recorded(pairs, embedder) as (cache, answers, guard):
        for pair in pairs:
            guard.last = None
            hit = cache.lookup_semantic(build_request(pair.b))
            if hit is None:
                continue
            hits += 1
            if guard.last is not None and guard.last[0]:
                right = pair.label == 1 and hit.answer.text == answers[pair.a]
                farther.append(FartherHit(guard.last[1].probability or 1.0, right))
    return hits, farther


def main() -> None:
    embedder = EmbeddingStore()
    print("| pairs | hits | farther hits | " + " | ".join(f"kept at {b:.2f}: right / wrong" for b in BARS) + " |")
    print("|---|---:|---:|" + "---:|" * len(BARS))
    for name, groups in (
        ("near-miss files", [load_pairs(path) for path in NEAR_MISS_FILES.values()]),
        ("QQP held-out", [qqp_split("heldout")]),
    ):
        hits = 0
        found: list[FartherHit] = []
        for pairs in groups:
            n, farther = farther_hits(pairs, embedder)
            hits += n
            found += farther
        cells = [
            f"{sum(h.right for h in found if h.probability >= bar)} / "
            f"{sum(not h.right for h in found if h.probability >= bar)}"
            for bar in BARS
        ]
        print(f"| {name} | {hits} | {len(found)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
