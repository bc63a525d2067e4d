"""Which near-misses of the issue's kinds get through the guard, file by file.

Replays each near-miss file of ``semantic_quality.NEAR_MISS_FILES`` as ``semantic_quality.py``
does (every ``a`` stored in a fresh cache with default settings, every ``b`` looked up) and
prints the label-0 pairs of the issue's kinds (negation, number, version, unit, entity,
direction, identifier, flag, scope, language) that were served, marking those where the
query was served another pair's stored prompt, then the totals.

    .venv/bin/python bench/near_miss_through.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from semantic_quality import NEAR_MISS_FILES, EmbeddingStore, load_pairs  # noqa: E402

from hybrid_infer._request import build_request  # noqa: E402
from hybrid_infer._results import Result  # noqa: E402
from hybrid_infer.cache import CacheConfig, ResponseCache  # noqa: E402

ISSUE_KINDS = frozenset(
    {"negation", "number", "version", "unit", "entity", "direction", "identifier", "flag", "scope", "language"}
)


def main() -> None:
    embedder = EmbeddingStore()
    total = through = 0
    for name, path in NEAR_MISS_FILES.items():
        pairs = load_pairs(path)
        embedder.ensure([p.a for p in pairs] + [p.b for p in pairs])
        answers: dict[str, str] = {}
        with tempfile.TemporaryDirectory() as tmp:
            cache = ResponseCache(CacheConfig(path=tmp, embedder=embedder))
            for pair in pairs:
                if pair.a not in answers:
                    answers[pair.a] = f"answer {len(answers)}"
                    stored = Result(text=answers[pair.a], provider="bench", model="m", kind="local")
                    cache.store(build_request(pair.a), stored)
            asked = served = 0
            for pair in pairs:
                if pair.label == 0 and pair.kind in ISSUE_KINDS:
                    asked += 1
                    hit = cache.lookup_semantic(build_request(pair.b))
                    if hit is not None:
                        served += 1
                        other = "" if hit.answer.text == answers[pair.a] else " (served another pair's stored prompt)"
                        print(f"  {name} [{pair.kind}] {pair.a!r} / {pair.b!r}{other}")
            cache.close()
        if asked:
            print(f"{name}: {served} of {asked} get through")
        total += asked
        through += served
    print(f"all files: {through} of {total} near-misses of the issue's kinds get through")


if __name__ == "__main__":
    main()
