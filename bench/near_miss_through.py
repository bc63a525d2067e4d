"""Which near-misses of the issue's kinds get through the guard, file by file.

Replays each near-miss file of ``semantic_quality.NEAR_MISS_FILES`` as ``semantic_quality.py``
does (every ``a`` stored in a fresh cache with default settings, every ``b`` looked up) and
prints the label-0 pairs of the issue's kinds (negation, number, version, unit, entity,
direction, identifier, flag, scope, language) that were served, marking those where the
query was served another pair's stored prompt, then the totals.

    .venv/bin/python bench/near_miss_through.py

``--rules-of TREE`` replays the same files with the ``hybrid_infer`` of another checkout (a
git worktree of an earlier commit): what got through before a round of rules.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_OF = Path(sys.argv[sys.argv.index("--rules-of") + 1]).resolve() if "--rules-of" in sys.argv else ROOT
sys.path.insert(0, str(ROOT / "bench"))
from _tree import import_hybrid_infer_from  # noqa: E402

import_hybrid_infer_from(RULES_OF)  # first: semantic_quality's imports reuse it
from semantic_quality import NEAR_MISS_FILES, EmbeddingStore, load_pairs, stored  # noqa: E402

from hybrid_infer._request import build_request  # noqa: E402

ISSUE_KINDS = frozenset(
    {"negation", "number", "version", "unit", "entity", "direction", "identifier", "flag", "scope", "language"}
)


def main() -> None:
    embedder = EmbeddingStore()
    total = through = 0
    for name, path in NEAR_MISS_FILES.items():
        pairs = load_pairs(path)
        with stored(pairs, embedder) as (cache, answers):
            asked = served = 0
            for pair in pairs:
                if pair.label == 0 and pair.kind in ISSUE_KINDS:
                    asked += 1
                    hit = cache.lookup_semantic(build_request(pair.b))
                    if hit is not None:
                        served += 1
                        other = "" if hit.answer.text == answers[pair.a] else " (served another pair's stored prompt)"
                        print(f"  {name} [{pair.kind}] {pair.a!r} / {pair.b!r}{other}")
        if asked:
            print(f"{name}: {served} of {asked} get through")
        total += asked
        through += served
    print(f"all files: {through} of {total} near-misses of the issue's kinds get through")


if __name__ == "__main__":
    main()
