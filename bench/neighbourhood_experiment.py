"""Experiment (not shipped): neighbourhood features for the guard's verifier.

Question: do features of the query's *neighbourhood*, which the pairwise verifier cannot
see, raise held-out precision at equal hit rate? All are cheap at run time, since a
lookup already retrieves its nearest stored entries:

* ``margin``: similarity of the query's top-1 stored neighbour minus its top-2 one;
* ``crowd_02`` / ``crowd_05``: log1p of how many *other* stored entries lie within 0.02 /
  0.05 of the top-1 similarity;
* ``rank``: log1p of the candidate's rank among the query's neighbours (0 = nearest);
* ``density``: similarity of the candidate to its own nearest *other* stored entry.

Protocol: ``bench/fit_guard.py``'s, reused by import (``nearest``, ``fit_logistic``,
``walk``; features from ``pair_features``). On the QQP *fit* half only, a logistic
regression (L2 = 1, Newton's method, standardised features) is fitted on the labelled
pairs ``(b, own a)`` above similarity 0.78 that no hard rule vetoes and that are not worded
identically (fit_guard's default ``pairs`` labels; ``--labels protocol`` trains on every
walked candidate instead). The acceptance probability is chosen like fit_guard does: at
threshold 0.88, the grid value (0.200, 0.225, ... 0.775) with the best fit-half precision
while the fit-half hit rate stays >= 0.31 and the near-miss file keeps precision >= 0.95
at hit rate >= 0.70. The held-out half is then replayed with the same walk (store every
``a``, query every ``b``, nearest over all stored entries; a hit is correct only if it
returns the partner's answer on a label-1 pair). Compared: (a) the shipped
``verifier.json``, (b) the 15 features refitted (control), (c) 15 + neighbourhood features.
The last section sweeps acceptance probability and threshold *on the held-out half*: for
information only, never used to choose anything.

Result (one run, ~35 s on one core; precision / hit rate on the held-out half): the harness
reproduces the shipped guard exactly (0.641 / 0.411 at 0.88, 0.672 / 0.319 at 0.92). With
fit_guard's default *pairs* labels the neighbourhood features add nothing (0.637 / 0.426 at
0.88): the training pairs are only ``(b, own a)``, which says nothing about *which* stored
entry to serve. With *protocol* labels (every walked candidate, the partner positive) they add
~5 points at equal hit rate (0.716 / 0.343 at 0.88 vs 0.665 / 0.346 for the refitted 15
features; paired bootstrap +0.034..+0.068), mainly by refusing candidates in crowded
neighbourhoods ("other" false hits 155 -> 36, labelled duplicates 52 -> 11). The features
depend on the store's size: on the first 3,000 held-out pairs (a smaller store) the gain over
the shipped guard is only about a point at equal hit rate.

    .venv/bin/python bench/neighbourhood_experiment.py [--labels pairs|protocol|both] [--out FILE]
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fit_guard import (  # noqa: E402
    MAX_GUARD_CHECKS,
    TOP_K,
    Candidates,
    fit_logistic,
    nearest,
    top_neighbours,
    walk,
)
from semantic_quality import (  # noqa: E402
    NEAR_MISS,
    QQP,
    EmbeddingStore,
    Pair,
    _duplicate_groups,
    _squash,
    load_pairs,
    qqp_split,
)

from hybrid_infer.cache._guard import FEATURES, load_guard  # noqa: E402
from hybrid_infer.cache._rules import RULES  # noqa: E402

FLOOR = 0.78
THRESHOLDS = (0.80, 0.84, 0.88, 0.92)
DEFAULT = 0.88
NEIGHBOURHOOD = ("margin", "crowd_02", "crowd_05", "rank", "density")
COLUMNS = (*FEATURES, *NEIGHBOURHOOD)
Row = tuple[int, float, bool, bool, np.ndarray]
Data = tuple[Candidates, list[list[Row]], Sequence[Pair]]
Accept = Callable[[np.ndarray], bool]


def _single_thread() -> None:
    try:
        import torch
    except ImportError:  # pragma: no cover - torch is only needed to embed new texts
        return
    torch.set_num_threads(1)


# --- candidates with neighbourhood features ---------------------------------------------------


def densities(matrix: np.ndarray) -> np.ndarray:
    """For every stored vector: the similarity to its nearest *other* stored vector."""
    out = np.empty(len(matrix), dtype=np.float64)
    for start in range(0, len(matrix), 1024):
        block = matrix[start : start + 1024] @ matrix.T
        block[np.arange(len(block)), np.arange(start, start + len(block))] = -np.inf
        out[start : start + len(block)] = block.max(axis=1)
    return out


def candidates(pairs: Sequence[Pair], embedder: EmbeddingStore, hard: set[str]) -> Data:
    """fit_guard's candidate rows, each with the 15 pair features + the neighbourhood ones."""
    embedder.ensure([p.a for p in pairs] + [p.b for p in pairs])
    c = nearest(pairs, embedder, FLOOR, hard)
    stored, neighbours = top_neighbours(pairs, embedder, TOP_K)
    assert stored == c.stored
    density = densities(embedder(stored))
    rows = []
    for row, (_pair, indexes, scores) in zip(c.rows, neighbours, strict=True):
        top1, top2 = float(scores[indexes[0]]), float(scores[indexes[1]]) if len(indexes) > 1 else -1.0
        crowd = [float(np.log1p(np.count_nonzero(scores >= top1 - d) - 1)) for d in (0.02, 0.05)]
        out = []
        for rank, (j, similarity, vetoed, same, features) in enumerate(row):
            assert j == indexes[rank]
            extra = [top1 - top2, *crowd, float(np.log1p(rank)), float(density[j])]
            out.append((j, similarity, vetoed, same, np.asarray([*features, *extra], dtype=np.float64)))
        rows.append(out)
    return c, rows, pairs


def training_set(c: Candidates, rows: Sequence[Sequence[Row]], labels: str) -> tuple[np.ndarray, np.ndarray]:
    """fit_guard's two training sets: the labelled pairs only, or every walked candidate."""
    xs, ys = [], []
    for q, row in enumerate(rows):
        for j, _s, vetoed, same, x in row if labels == "pairs" else row[:MAX_GUARD_CHECKS]:
            if vetoed or same or (labels == "pairs" and j != c.partner[q]):
                continue
            xs.append(x)
            ys.append(float(c.label[q] == 1) if labels == "pairs" else float(c.label[q] == 1 and j == c.partner[q]))
    return np.asarray(xs), np.asarray(ys)


class Model:
    """A logistic regression over some columns (``COLUMNS`` names) of a candidate's features."""

    def __init__(self, name: str, columns: Sequence[str], data: Data, labels: str) -> None:
        x, y = training_set(data[0], data[1], labels)
        self.columns = [COLUMNS.index(n) for n in columns]
        self.name, self.labels, self.n, self.positives = name, labels, len(y), int(y.sum())
        self.mean, self.scale, self.weights, self.bias = fit_logistic(x[:, self.columns], y, 1.0)
        self.accept_probability = 0.5

    def logit(self, x: np.ndarray) -> float:
        return float(self.bias + ((x[self.columns] - self.mean) / self.scale) @ self.weights)

    def accept(self, p: float) -> Accept:
        cut = float(np.log(p / (1 - p)))
        return lambda x: self.logit(x) >= cut


def shipped() -> Accept:
    verifier = load_guard().verifier
    return lambda x: verifier.probability(list(x[: len(FEATURES)])) >= verifier.accept_probability


# --- the protocol ------------------------------------------------------------------------------


def score(data: Data, threshold: float, accept: Accept) -> tuple[float, float]:
    c, rows, _pairs = data
    return walk(c, rows, threshold, accept, max(sum(c.label), 1))


def choose(model: Model, fit: Data, near: Data, min_hit_rate: float) -> float:
    """fit_guard's rule: best fit-half precision at 0.88 under its hit-rate constraints."""
    best: tuple[float, float] | None = None
    for p in (round(v, 3) for v in np.arange(0.20, 0.80, 0.025)):
        qp, qh = score(fit, DEFAULT, model.accept(p))
        np_, nh = score(near, DEFAULT, model.accept(p))
        if qh >= min_hit_rate and nh >= 0.70 and np_ >= 0.95 and (best is None or qp > best[0]):
            best = (qp, p)
    if best is None:
        raise SystemExit(f"{model.name}: no acceptance probability meets the constraints")
    return best[1]


def outcomes(data: Data, threshold: float, accept: Accept) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per query: hit?, correct hit?, stored index hit (-1) -- fit_guard.walk, kept per query."""
    c, rows, _pairs = data
    hit, correct = np.zeros(len(rows), bool), np.zeros(len(rows), bool)
    served = np.full(len(rows), -1)
    for q, row in enumerate(rows):
        checks = 0
        for j, similarity, vetoed, same, x in row:
            if similarity < threshold:
                break
            if not same:
                checks += 1
                if vetoed or not accept(x):
                    if checks >= MAX_GUARD_CHECKS:
                        break
                    continue
            hit[q], correct[q], served[q] = True, c.label[q] == 1 and j == c.partner[q], j
            break
    return hit, correct, served


def breakdown(data: Data, threshold: float, accept: Accept, duplicates: dict[str, str]) -> dict[str, int]:
    """Why hits count as false, like ``semantic_quality.false_hit_breakdown``."""
    c, _rows, pairs = data
    out = {"correct": 0, "same text": 0, "labelled duplicate": 0, "label-0 partner": 0, "other": 0}
    hit, correct, served = outcomes(data, threshold, accept)
    for q in np.flatnonzero(hit):
        stored, query = c.stored[served[q]], pairs[int(q)].b
        if correct[q]:
            out["correct"] += 1
        elif _squash(stored) == _squash(query):
            out["same text"] += 1
        elif duplicates.get(stored, stored) == duplicates.get(query, query):
            out["labelled duplicate"] += 1
        elif served[q] == c.partner[q]:
            out["label-0 partner"] += 1
        else:
            out["other"] += 1
    return out


def bootstrap(data: Data, threshold: float, base: Accept, other: Accept, rounds: int = 2000) -> tuple[float, float]:
    """95 % interval of precision(other) - precision(base), resampling queries (paired)."""
    h0, c0, _ = outcomes(data, threshold, base)
    h1, c1, _ = outcomes(data, threshold, other)
    rng = np.random.default_rng(0)
    diffs = []
    for _ in range(rounds):
        i = rng.integers(0, len(h0), len(h0))
        diffs.append(c1[i].sum() / max(h1[i].sum(), 1) - c0[i].sum() / max(h0[i].sum(), 1))
    lo, hi = np.percentile(diffs, [2.5, 97.5])
    return float(lo), float(hi)


def frontier(data: Data, model: Model, floors: Sequence[float]) -> list[tuple[float, float, float, float, float]]:
    """Held-out sweep (information only): best precision at hit rate >= each floor."""
    grid = []
    for t in (round(v, 2) for v in np.arange(0.80, 0.965, 0.02)):
        for p in (round(v, 3) for v in np.arange(0.05, 0.96, 0.025)):
            grid.append((*score(data, t, model.accept(p)), t, p))
    out = []
    for floor in floors:
        ok = [g for g in grid if g[1] >= floor]
        best = max(ok, key=lambda g: g[0]) if ok else (float("nan"),) * 4
        out.append((floor, *best))
    return out


def report(
    labels: str, fit: Data, held: Data, first: Data, near: Data, min_hit_rate: float, ablation: bool
) -> list[str]:
    """Fit (b) and (c) with one kind of labels on the fit half; replay all sets."""
    models = [
        Model(f"(b) refit 15, {labels} labels", FEATURES, fit, labels),
        Model(f"(c) 15 + neighbourhood, {labels} labels", COLUMNS, fit, labels),
    ]
    lines = [f"### {labels} labels", ""]
    for model in models:
        model.accept_probability = choose(model, fit, near, min_hit_rate)
        lines.append(
            f"* {model.name}: {model.n} training pairs ({model.positives} positive),"
            f" accept p >= {model.accept_probability:.3f} (chosen on the fit half)"
        )
    ranked = sorted(zip(COLUMNS, models[1].weights, strict=True), key=lambda t: -abs(t[1]))
    lines += ["* (c) standardised weights: " + ", ".join(f"{n} {w:+.2f}" for n, w in ranked), ""]

    settings: list[tuple[str, Accept]] = [("(a) shipped verifier.json", shipped())]
    settings += [(m.name, m.accept(m.accept_probability)) for m in models]
    sets = {"QQP held-out": held, "held-out first 3,000": first, "QQP fit": fit, "near-miss": near}
    lines += ["| verifier | threshold | " + " | ".join(sets) + " |", "|---|---:|" + "---:|" * len(sets)]
    for name, accept in settings:
        for t in THRESHOLDS:
            cells = [score(d, t, accept) for d in sets.values()]
            mark = " (default)" if t == DEFAULT else ""
            lines.append(f"| {name} | {t:.2f}{mark} | " + " | ".join(f"{p:.3f} / {h:.3f}" for p, h in cells) + " |")

    lines += ["", "Paired bootstrap over held-out queries (2,000 rounds), precision (c) - (b):", ""]
    for t in THRESHOLDS:
        lo, hi = bootstrap(held, t, settings[1][1], settings[2][1])
        lines.append(f"* threshold {t:.2f}: 95 % interval [{lo:+.3f}, {hi:+.3f}]")

    duplicates = _duplicate_groups(load_pairs(QQP))
    kinds = ("correct", "same text", "labelled duplicate", "label-0 partner", "other")
    lines += ["", f"Held-out hits at threshold {DEFAULT} by reason:", ""]
    lines += ["| verifier | " + " | ".join(kinds) + " |", "|---|" + "---:|" * len(kinds)]
    for name, accept in settings:
        counts = breakdown(held, DEFAULT, accept, duplicates)
        lines.append(f"| {name} | " + " | ".join(str(counts[k]) for k in kinds) + " |")

    if ablation:
        lines += ["", "Ablation: 15 features + one neighbourhood feature (p chosen on the fit half):", ""]
        lines += ["| added | accept p | held-out 0.88 | held-out 0.92 |", "|---|---:|---:|---:|"]
        for extra in NEIGHBOURHOOD:
            model = Model(extra, (*FEATURES, extra), fit, labels)
            model.accept_probability = choose(model, fit, near, min_hit_rate)
            cells = [score(held, t, model.accept(model.accept_probability)) for t in (0.88, 0.92)]
            lines.append(
                f"| {extra} | {model.accept_probability:.3f} | "
                + " | ".join(f"{p:.3f} / {h:.3f}" for p, h in cells)
                + " |"
            )

    floors = (0.30, 0.35, 0.40)
    lines += [
        "",
        "HELD-OUT SWEEP, information only (acceptance probability 0.05-0.95 x threshold 0.80-0.96, chosen on",
        "the held-out half itself, so optimistic): best held-out precision at held-out hit rate >= floor",
        "",
        "| verifier | hit rate >= | precision | hit rate | threshold | accept p |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for model in models:
        for floor, p, h, t, a in frontier(held, model, floors):
            lines.append(f"| {model.name} | {floor:.2f} | {p:.3f} | {h:.3f} | {t:.2f} | {a:.3f} |")
    return [*lines, ""]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--labels", choices=("pairs", "protocol", "both"), default="both")
    parser.add_argument("--min-hit-rate", type=float, default=0.31, help="fit-half hit rate to keep")
    parser.add_argument("--no-ablation", action="store_true", help="skip the one-feature-at-a-time fits")
    parser.add_argument("--out", type=Path, default=None, help="also write the report here")
    args = parser.parse_args(argv)
    _single_thread()
    start = time.perf_counter()

    hard = set(RULES)
    embedder = EmbeddingStore()
    fit = candidates(qqp_split("fit"), embedder, hard)
    held_pairs = qqp_split("heldout")
    held = candidates(held_pairs, embedder, hard)
    first = candidates(held_pairs[:3000], embedder, hard)  # a smaller store: sparser neighbourhoods
    near = candidates(load_pairs(NEAR_MISS), embedder, hard)
    print(f"candidates built: {time.perf_counter() - start:.1f} s", file=sys.stderr)

    lines = [
        "## Neighbourhood features: precision / hit rate (fit on the QQP fit half only; held-out replay)",
        "",
    ]
    for labels in ("pairs", "protocol") if args.labels == "both" else (args.labels,):
        lines += report(labels, fit, held, first, near, args.min_hit_rate, not args.no_ablation)
    lines.append(f"run time: {time.perf_counter() - start:.0f} s")
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
