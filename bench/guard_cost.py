"""What the false-hit guard costs per candidate, on the texts of the near-miss files.

Two parts, timed separately: extracting a text's facts (``text_facts``: words, numbers,
entities, identifiers, aliases, ...; once per text, the guard remembers the last 512), and
judging one pair from those facts (hard rules, then the verifier). A semantic lookup pays the
first for the query and for each candidate it has not seen lately, and the second for each
candidate it checks (at most 8). Compare both with the embedding (~15 ms on one core).

    .venv/bin/python bench/guard_cost.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from semantic_quality import NEAR_MISS_FILES, load_pairs  # noqa: E402

from hybrid_infer.cache._guard import FalseHitGuard, load_guard  # noqa: E402
from hybrid_infer.cache._rules import text_facts  # noqa: E402

ROUNDS = 5


def main() -> None:
    pairs = [pair for path in NEAR_MISS_FILES.values() for pair in load_pairs(path)]
    texts = list(dict.fromkeys(t for pair in pairs for t in (pair.a, pair.b)))
    guard = load_guard()
    facts_us: list[float] = []
    judge_us: list[float] = []
    for _ in range(ROUNDS):
        for text in texts:
            start = time.perf_counter()
            text_facts(text)
            facts_us.append((time.perf_counter() - start) * 1e6)
        facts = {text: text_facts(text) for text in texts}
        for pair in pairs:
            a, b = facts[pair.b], facts[pair.a]
            start = time.perf_counter()
            guard.judge(a, b, 0.9)
            judge_us.append((time.perf_counter() - start) * 1e6)
    print(f"{len(texts)} texts, {len(pairs)} pairs, {ROUNDS} rounds")
    print(f"text facts per text:  p50 {statistics.median(facts_us):6.1f} us   p90 {_p90(facts_us):6.1f} us")
    print(f"rules + verifier/pair: p50 {statistics.median(judge_us):6.1f} us   p90 {_p90(judge_us):6.1f} us")
    _long_texts(guard)


def _long_texts(guard: FalseHitGuard) -> None:
    """A whole verdict (reading both texts, then judging) on prompts around one pasted log of
    growing length, one number changed near its end: the guard reads only where they differ."""
    for lines in (50, 400, 4000):
        log = "\n".join(
            f"2024-01-01T00:00:{i % 60:02d} INFO worker-{i} processed job {i} in {i % 97} ms" for i in range(lines)
        )
        stored, query = (
            f"Summarise this log.\n{log}",
            f"Summarise this log.\n{log.replace(f'job {lines - 1} ', f'job {lines - 2} ')}",
        )
        times = []
        for round_ in range(ROUNDS):
            fresh = load_guard() if round_ else guard  # nothing remembered between rounds
            start = time.perf_counter()
            verdict = fresh.verdict(query, stored, 0.99)
            times.append((time.perf_counter() - start) * 1e3)
        print(
            f"pasted log, {len(stored):7,} characters: verdict p50 {statistics.median(times):6.2f} ms"
            f"  (refused by {', '.join(verdict.broken_rules) or 'the verifier'})"
        )


def _p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


if __name__ == "__main__":
    main()
