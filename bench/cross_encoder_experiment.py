"""Experiment (not shipped): a MiniLM cross-encoder as the guard's verifier.

Question: does a pair classifier that reads query and candidate *together* beat the
shipped logistic-regression verifier (``verifier.json``) under the cache protocol of
``semantic_quality.py``? Result (table below): only by 2 to 4 points of
precision at equal hit rate, for 14 MB of weights and ~4-10 ms per verified candidate
instead of tens of microseconds, so the package does not use it.

Model: the bundled all-MiniLM-L6-v2 reading ``[CLS] query [SEP] candidate [SEP]``
(max 64 tokens); the embeddings and lower layers stay the installed model's, the top
``--layers`` transformer layers and a one-unit head over ``[CLS]`` + mean pooling are
fine-tuned. The frozen part runs once; the top layers train on its output (AdamW, CPU,
2 threads).

Data: the *fit* half of QQP only (``semantic_quality.half_of``), split again by a hash of
``a`` into a training part (4/5) and a calibration part (1/5). Training examples: every
labelled pair of the training part, plus hard negatives: for each ``b``, the stored ``a``
of *other* pairs among its 8 nearest MiniLM neighbours with similarity >= 0.75 (not worded
identically, not a labelled duplicate), i.e. the hits the protocol counts as false; each
in a random order. The acceptance probability of the cross-encoder alone, and a stacked
logistic regression (the guard's 15 features + the cross-encoder's logit, fitted on the
calibration part, where the cross-encoder's scores are out of sample), are chosen on the
calibration part. The held-out half is only evaluated.

    .venv/bin/python bench/cross_encoder_experiment.py [--layers 4] [--epochs 4]
    .venv/bin/python bench/cross_encoder_experiment.py --weights bench/.cache/cross_encoder

Weights go to ``bench/.cache/cross_encoder/`` (float16 safetensors, never pickle).

Measured (2 CPU cores; QQP held-out half, 8,111 pairs / its first 3,000; precision / hit
rate; the shipped guard at its defaults: 0.641 / 0.411 and 0.735 / 0.426). Default run
(4 layers, 4 epochs, ~10 min of training; a rerun moves the numbers by about a point):

=====================================  ===============  ===============  =============
setting                                 held-out full    first 3,000     near-miss
=====================================  ===============  ===============  =============
shipped guard, threshold 0.92           0.672 / 0.319    0.759 / 0.322   1.000 / 0.817
cross alone, 0.88, p >= 0.775           0.690 / 0.382    0.767 / 0.378   1.000 / 0.800
cross alone, 0.92, p >= 0.775           0.709 / 0.299    0.792 / 0.298   1.000 / 0.717
stacked, 0.80, p >= 0.7                 0.680 / 0.412    0.752 / 0.407   1.000 / 0.817
stacked, 0.88, p >= 0.7                 0.689 / 0.380    0.765 / 0.374   1.000 / 0.817
stacked, 0.92, p >= 0.7                 0.704 / 0.309    0.787 / 0.309   1.000 / 0.750
2 layers, 3 epochs: cross, 0.88, p>=.5  0.645 / 0.425    0.717 / 0.422   1.000 / 0.850
=====================================  ===============  ===============  =============

Latency: ~10 ms for one candidate, ~4 ms per candidate in a batch of 8 (the guard's
logistic regression: tens of microseconds). Trained weights: 14.2 MB float16 (4 layers),
7.1 MB (2 layers).

Pair-level ROC AUC on the held-out label-0/label-1 pairs (candidates >= 0.80): cosine
0.688, shipped verifier 0.728, cross-encoder 0.677 -- it learns to refuse *other* close
questions (the mined negatives) better than QQP's own label-0 partners.
BERTScore-style token-alignment features (MiniLM token vectors: greedy precision / recall
/ F1, worst-aligned content token, unaligned content tokens) added to the logistic
regression moved held-out precision by under half a point.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fit_guard import MAX_GUARD_CHECKS, fit_logistic, nearest, top_neighbours, walk  # noqa: E402
from semantic_quality import (  # noqa: E402
    CACHE_DIR,
    NEAR_MISS,
    EmbeddingStore,
    Pair,
    _duplicate_groups,
    _squash,
    load_pairs,
    qqp_split,
)

from hybrid_infer.cache._config import DEFAULT_EMBEDDER, DEFAULT_SIMILARITY_THRESHOLD  # noqa: E402
from hybrid_infer.cache._embedder import _offline, model_directory  # noqa: E402
from hybrid_infer.cache._guard import load_guard  # noqa: E402
from hybrid_infer.cache._rules import RULES  # noqa: E402

OUT = CACHE_DIR / "cross_encoder"
WEIGHTS = "cross_encoder.safetensors"
HARD_NEGATIVE_FLOOR = 0.75
HARD_NEGATIVES_PER_QUERY = 8
FLOOR = 0.80  # lowest similarity threshold evaluated

Score = Callable[[list[tuple[str, str]]], list[float]]


def calibration_part(pair: Pair) -> bool:
    return int(hashlib.sha256(pair.a.encode("utf-8")).hexdigest()[8:16], 16) % 5 == 0


# --- model ----------------------------------------------------------------------------------


def build_model(max_length: int) -> Any:
    """The bundled MiniLM with a fresh head over [CLS] and the mean of the last layer."""
    import torch
    from transformers import AutoModel, AutoTokenizer

    base = str(model_directory(DEFAULT_EMBEDDER))
    with _offline():
        tokenizer = AutoTokenizer.from_pretrained(base, local_files_only=True)
        encoder = AutoModel.from_pretrained(base, local_files_only=True)

    class PairClassifier(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.encoder = encoder
            self.head = torch.nn.Linear(2 * int(encoder.config.hidden_size), 1)

        def pool(self, hidden: Any, mask: Any) -> Any:
            weights = mask.unsqueeze(-1).to(hidden.dtype)
            mean = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1.0)
            return self.head(torch.cat([hidden[:, 0], mean], dim=-1)).squeeze(-1)

        def encode(self, first: list[str], second: list[str]) -> Any:
            return tokenizer(first, second, truncation=True, max_length=max_length, padding=True, return_tensors="pt")

        def logits(self, first: list[str], second: list[str]) -> Any:
            batch = self.encode(first, second)
            return self.pool(self.encoder(**batch).last_hidden_state, batch["attention_mask"])

    return PairClassifier()


def examples(pairs: Sequence[Pair], embedder: EmbeddingStore, rng: random.Random) -> list[tuple[str, str, int]]:
    """Labelled pairs plus mined hard negatives, each in a random order."""
    duplicates = _duplicate_groups(pairs)
    stored, neighbours = top_neighbours(pairs, embedder, HARD_NEGATIVES_PER_QUERY)
    out = []
    for pair, indexes, scores in neighbours:
        out.append((pair.b, pair.a, pair.label))
        for j in indexes:
            if scores[j] < HARD_NEGATIVE_FLOOR:
                break
            other = stored[j]
            if other == pair.a or _squash(other) == _squash(pair.b):
                continue
            if duplicates.get(other, other) == duplicates.get(pair.b, pair.b):
                continue
            out.append((pair.b, other, 0))
    return [(b, a, y) if rng.random() < 0.5 else (a, b, y) for b, a, y in out]


def train(model: Any, data: list[tuple[str, str, int]], args: argparse.Namespace) -> None:
    import torch

    torch.manual_seed(args.seed)
    encoder = model.encoder
    first_trained = len(encoder.encoder.layer) - args.layers
    for p in model.parameters():
        p.requires_grad_(False)
    top = list(encoder.encoder.layer[first_trained:].parameters())
    trained = [*top, *model.head.parameters()]
    for p in trained:
        p.requires_grad_(True)

    # the frozen part runs once, on batches of similar length
    order = sorted(range(len(data)), key=lambda i: len(data[i][0]) + len(data[i][1]))
    batches = []
    start = time.perf_counter()
    encoder.eval()
    with torch.no_grad():
        for s in range(0, len(order), args.batch):
            idx = order[s : s + args.batch]
            enc = model.encode([data[i][0] for i in idx], [data[i][1] for i in idx])
            hidden = encoder(**enc, output_hidden_states=True).hidden_states[first_trained].clone()
            labels = torch.tensor([float(data[i][2]) for i in idx])
            batches.append((hidden, enc["attention_mask"].clone(), labels))
    print(f"frozen layers on {len(data)} pairs: {time.perf_counter() - start:.0f} s", flush=True)

    positives = sum(y for *_, y in data)
    loss_fn = torch.nn.BCEWithLogitsLoss(pos_weight=torch.tensor((len(data) - positives) / max(positives, 1)))
    optimiser = torch.optim.AdamW(
        [{"params": top, "lr": args.lr}, {"params": list(model.head.parameters()), "lr": 1e-3}], weight_decay=0.01
    )
    steps = args.epochs * len(batches)
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda k: min(1.0, (k + 1) / (0.06 * steps)) * max(0.0, 1 - k / steps)
    )
    shuffle = random.Random(args.seed)
    for epoch in range(args.epochs):
        encoder.train()
        shuffle.shuffle(batches)
        total = 0.0
        start = time.perf_counter()
        for hidden, mask, labels in batches:
            h = hidden
            extended = (1.0 - mask[:, None, None, :].float()) * torch.finfo(torch.float32).min
            for layer in encoder.encoder.layer[first_trained:]:
                h = layer(h, attention_mask=extended)
                h = h[0] if isinstance(h, tuple) else h
            loss = loss_fn(model.pool(h, mask), labels)
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(trained, 1.0)
            optimiser.step()
            scheduler.step()
            total += loss.item() * len(labels)
        print(f"epoch {epoch + 1}: loss {total / len(data):.4f} ({time.perf_counter() - start:.0f} s)", flush=True)
    model.eval()


def scorer(model: Any, batch: int = 64) -> Score:
    """Probabilities for many pairs, batched by length, remembered."""
    import torch

    memo: dict[tuple[str, str], float] = {}

    def score(pairs: list[tuple[str, str]]) -> list[float]:
        todo = sorted({p for p in pairs if p not in memo}, key=lambda p: len(p[0]) + len(p[1]))
        with torch.inference_mode():
            for s in range(0, len(todo), batch):
                chunk = todo[s : s + batch]
                logits = model.logits([q for q, _ in chunk], [c for _, c in chunk])
                memo.update(zip(chunk, torch.sigmoid(logits).tolist(), strict=True))
        return [memo[p] for p in pairs]

    return score


# --- the cache protocol ----------------------------------------------------------------------


def candidates(pairs: Sequence[Pair], embedder: EmbeddingStore, score: Score) -> Any:
    """Per query: (stored index, similarity, vetoed, identical, guard features + cross logit)."""
    c = nearest(pairs, embedder, FLOOR, set(RULES))
    todo = [
        (pairs[q].b, c.stored[j])
        for q, row in enumerate(c.rows)
        for j, _s, vetoed, same, _f in row[: 2 * MAX_GUARD_CHECKS]
        if not (vetoed or same)
    ]
    probability = dict(zip(todo, score(todo), strict=True))
    rows = []
    for q, row in enumerate(c.rows):
        out = []
        for j, s, vetoed, same, features in row:
            p = min(max(probability.get((pairs[q].b, c.stored[j]), 0.0), 1e-6), 1 - 1e-6)
            out.append((j, s, vetoed, same, np.array([*features, math.log(p / (1 - p))])))
        rows.append(out)
    return c, rows


def _logit_at_least(floor: float, x: np.ndarray) -> bool:
    """Accept when the cross-encoder logit (last feature) reaches ``floor``."""
    return bool(x[-1] >= floor)


def _stack_at_least(stack: Callable[[np.ndarray], float], p: float, x: np.ndarray) -> bool:
    """Accept when the stacked model's probability reaches ``p``."""
    return stack(x) >= p


def simulate(c: Any, rows: Any, threshold: float, accept: Callable[[np.ndarray], bool]) -> tuple[float, float]:
    """Precision and hit rate under the cache protocol (``fit_guard.walk``)."""
    return walk(c, rows, threshold, accept, max(sum(c.label), 1))


def stacked(c: Any, rows: Any) -> Callable[[np.ndarray], float]:
    """Logistic regression over the guard's features + the cross logit, protocol labels."""
    xs, ys = [], []
    for q, row in enumerate(rows):
        for j, _s, vetoed, same, x in row[:MAX_GUARD_CHECKS]:
            if not (vetoed or same):
                xs.append(x)
                ys.append(float(c.label[q] == 1 and j == c.partner[q]))
    mean, scale, weights, bias = fit_logistic(np.asarray(xs), np.asarray(ys), 1.0)
    print(f"stacked verifier: {len(ys)} calibration candidates; cross-logit weight {weights[-1]:+.2f}")
    return lambda x: float(1.0 / (1.0 + np.exp(-(bias + ((x - mean) / scale) @ weights))))


def latency(model: Any) -> tuple[float, float]:
    """Median ms for one candidate, and per candidate in a batch of 8."""
    import torch

    query = "How do I improve my English speaking skills quickly?"
    others = [
        "What are the best ways to improve spoken English?",
        "How can I improve my English writing skills?",
        "How do I speak English fluently?",
        "How can I learn English fast?",
        "What is the fastest way to improve English?",
        "How do I improve my French speaking?",
        "Tips for speaking English better?",
        "How can I improve English pronunciation?",
    ]
    out = []
    with torch.inference_mode():
        for n in (1, 8):
            samples = []
            for _ in range(30):
                start = time.perf_counter()
                model.logits([query] * n, others[:n])
                samples.append(time.perf_counter() - start)
            out.append(statistics.median(samples) * 1000 / n)
    return out[0], out[1]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--layers", type=int, default=4, help="top transformer layers to fine-tune")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=2e-4, help="learning rate of the trained layers")
    parser.add_argument("--max-length", type=int, default=64)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--min-hit-rate", type=float, default=0.31, help="calibration hit rate to keep")
    parser.add_argument("--weights", type=Path, default=None, help="evaluate saved weights instead of training")
    args = parser.parse_args(argv)

    import torch
    from safetensors.torch import load_file, save_file

    torch.set_num_threads(2)
    fit = qqp_split("fit")
    part = [p for p in fit if not calibration_part(p)]
    calibration = [p for p in fit if calibration_part(p)]
    embedder = EmbeddingStore()
    model = build_model(args.max_length)
    if args.weights is not None:
        tensors = load_file(str(args.weights / WEIGHTS))
        model.load_state_dict({k: v.float() for k, v in tensors.items()}, strict=False)
        model.eval()
    else:
        data = examples(part, embedder, random.Random(args.seed))
        print(f"training part {len(part)} pairs -> {len(data)} examples ({sum(y for *_, y in data)} positive)")
        start = time.perf_counter()
        train(model, data, args)
        print(f"training: {time.perf_counter() - start:.0f} s", flush=True)
        depth = len(model.encoder.encoder.layer)
        keep = (*(f"encoder.encoder.layer.{i}." for i in range(depth - args.layers, depth)), "head.")
        tensors = {k: v.detach().half().contiguous() for k, v in model.state_dict().items() if k.startswith(keep)}
        OUT.mkdir(parents=True, exist_ok=True)
        save_file(tensors, str(OUT / WEIGHTS))
        print(f"wrote {OUT / WEIGHTS} ({(OUT / WEIGHTS).stat().st_size / 1e6:.1f} MB)")

    score = scorer(model)
    cal = candidates(calibration, embedder, score)
    default = DEFAULT_SIMILARITY_THRESHOLD
    grid = [round(v, 3) for v in np.arange(0.05, 0.99, 0.025)]
    cal_c, cal_rows = cal
    feasible = [(simulate(cal_c, cal_rows, default, partial(_logit_at_least, math.log(a / (1 - a)))), a) for a in grid]
    cross_p = max((r for r in feasible if r[0][1] >= args.min_hit_rate), key=lambda r: r[0][0])[1]
    stack = stacked(*cal)
    print(f"cross-encoder alone: accept p >= {cross_p} (calibration part, threshold {default})")

    verifier = load_guard().verifier
    settings: list[tuple[str, float, Callable[[np.ndarray], bool]]] = [
        ("shipped guard", t, lambda x: verifier.probability(list(x[:-1])) >= verifier.accept_probability)
        for t in (0.88, 0.92)
    ]
    for t in (0.80, 0.88, 0.92):
        settings.append((f"cross p>={cross_p}", t, partial(_logit_at_least, math.log(cross_p / (1 - cross_p)))))
        settings += [(f"stacked p>={p}", t, partial(_stack_at_least, stack, p)) for p in (0.6, 0.7)]
    held = qqp_split("heldout")
    sets = {
        "held-out full": candidates(held, embedder, score),
        "held-out first 3000": candidates(held[:3000], embedder, score),
        "near-miss": candidates(load_pairs(NEAR_MISS), embedder, score),
    }
    print("\n| setting | threshold | " + " | ".join(sets) + " |\n|---|---:|" + "---:|" * len(sets))
    results = []
    for name, t, accept in settings:
        cells = [simulate(c, rows, t, accept) for c, rows in sets.values()]
        results.append({"setting": name, "threshold": t, **{k: v for k, v in zip(sets, cells, strict=True)}})
        print(f"| {name} | {t:.2f} | " + " | ".join(f"{p:.3f} / {h:.3f}" for p, h in cells) + " |")
    one, batched = latency(model)
    size = sum(v.numel() * 2 for v in tensors.values()) / 1e6
    print(f"\nlatency: {one:.1f} ms for one candidate, {batched:.1f} ms per candidate in a batch of 8; "
          f"trained weights {size:.1f} MB (float16)")  # fmt: skip
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "results.json").write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
