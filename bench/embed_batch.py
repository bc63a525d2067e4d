"""What batching buys the cache's embedder: encode time of the bundled all-MiniLM-L6-v2 for
batches of 1 to 32 short prompts.

docs/caching.md ("Under load") says lookups that arrive together are embedded as one batch,
and that an index rebuild re-embeds entries without a vector at a cost per entry; this
measures both on the cache's own encode function (the model as the cache loads it: offline,
CPU, normalised vectors), with real QQP questions as prompts. Each batch size is timed
``--repeats`` times, interleaved with the others so that a busy machine slows all sizes
alike; the median is reported. One run, no baseline other than batch size 1.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/embed_batch.py [--repeats 30] [--threads N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from semantic_quality import QQP, load_pairs  # noqa: E402

from hybrid_infer.cache._embedder import resolve_embedder  # noqa: E402

SIZES = (1, 2, 4, 8, 16, 32)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=30, help="timings per batch size (median reported)")
    parser.add_argument("--threads", type=int, default=0, help="torch threads (0: torch's default)")
    args = parser.parse_args()

    import torch

    if args.threads:
        torch.set_num_threads(args.threads)
    questions = list(dict.fromkeys(pair.a for pair in load_pairs(QQP)))
    encode = resolve_embedder("all-MiniLM-L6-v2")._encoder()
    encode(questions[:8])  # warm-up: first call pays for lazy initialisation

    timings: dict[int, list[float]] = {size: [] for size in SIZES}
    offset = 0
    for _ in range(args.repeats):
        for size in SIZES:
            batch = questions[offset : offset + size]  # fresh texts every time: no tokenizer cache
            offset = (offset + size) % (len(questions) - max(SIZES))
            start = time.perf_counter()
            encode(batch)
            timings[size].append((time.perf_counter() - start) * 1000)

    load = os.getloadavg()[0]
    print(f"torch {torch.__version__}, {torch.get_num_threads()} torch threads, nproc {os.cpu_count()}, ")
    print(f"1-minute load average {load:.1f} at the end; median of {args.repeats} encodes per size\n")
    print("| prompts per encode | median ms | ms per prompt | vs one prompt at a time |")
    print("|---:|---:|---:|---:|")
    one = statistics.median(timings[1])
    for size in SIZES:
        median = statistics.median(timings[size])
        print(f"| {size} | {median:.1f} | {median / size:.2f} | {median / (one * size):.2f}x |")


if __name__ == "__main__":
    main()
