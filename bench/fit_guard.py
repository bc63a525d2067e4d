"""Fit the false-hit guard's verifier on one half of the QQP dev file; write verifier.json.

The dev file is split in two halves by a hash of ``a`` (``semantic_quality.half_of``).
On the *fit* half only, it replays the cache protocol with MiniLM vectors (store every
``a``, query every ``b``, walk the nearest candidates in order of similarity like
``ResponseCache`` does) and collects the candidates above ``--floor`` that no hard rule
vetoes. With ``--labels pairs`` (the default) the training pairs are each query with its own
partner, labelled with the dataset's duplicate label; with ``--labels protocol`` every
candidate is labelled by whether the protocol would count it correct. A logistic regression
(L2, Newton's method, numpy only) is fitted on standardised ``pair_features``.

The acceptance probability is the one, at ``--threshold``, with the best fit-half precision
while the fit-half hit rate stays >= ``--min-hit-rate`` and each development near-miss file
(``semantic_quality.TUNING_NEAR_MISS``) keeps precision >= 0.95 and at least
``--near-miss-hit-rate`` of its paraphrases. The held-out half and the hold-out near-miss
files are only read by ``semantic_quality.py``, through ``ResponseCache``.

    .venv/bin/python bench/fit_guard.py [--threshold 0.85] [--floor 0.78] [--l2 1.0] [--dry-run]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from semantic_quality import TUNING_NEAR_MISS, EmbeddingStore, Pair, load_pairs, qqp_split  # noqa: E402

from hybrid_infer.cache._config import DEFAULT_SIMILARITY_THRESHOLD  # noqa: E402
from hybrid_infer.cache._guard import FEATURES, Verifier, pair_features  # noqa: E402
from hybrid_infer.cache._rules import RULES, rule_flags, text_facts  # noqa: E402

OUT = ROOT / "hybrid_infer" / "cache" / "verifier.json"
TOP_K = 16
MAX_GUARD_CHECKS = 8


@dataclass
class Candidates:
    """For every query: the nearest stored texts, their similarity, veto and features."""

    stored: list[str]
    partner: list[int]  # index into stored of the query's own a (-1: none)
    label: list[int]
    rows: list[list[tuple[int, float, bool, bool, list[float]]]]


def top_neighbours(
    pairs: Sequence[Pair], embedder: EmbeddingStore, k: int
) -> tuple[list[str], Iterator[tuple[Pair, np.ndarray, np.ndarray]]]:
    """The distinct stored ``a`` texts, and per pair its ``b``'s k nearest of them (indexes, scores)."""
    stored = list(dict.fromkeys(p.a for p in pairs))
    matrix = embedder(stored)
    queries = embedder([p.b for p in pairs])

    def walk() -> Iterator[tuple[Pair, np.ndarray, np.ndarray]]:
        for start in range(0, len(pairs), 1024):  # blocks of queries keep the score matrix small
            scores = queries[start : start + 1024] @ matrix.T
            top = np.argsort(-scores, axis=1)[:, :k]
            for offset, indexes in enumerate(top):
                yield pairs[start + offset], indexes, scores[offset]

    return stored, walk()


def nearest(pairs: Sequence[Pair], embedder: EmbeddingStore, floor: float, hard: set[str]) -> Candidates:
    stored, neighbours = top_neighbours(pairs, embedder, TOP_K)
    position = {t: i for i, t in enumerate(stored)}
    rows = []
    for pair, indexes, scores in neighbours:
        row = []
        for j in indexes:
            similarity = float(scores[j])
            if similarity < floor:
                break
            a, b = text_facts(pair.b), text_facts(stored[j])
            same = a.words == b.words  # accepted outright by the guard
            vetoed = not same and any(v for k, v in rule_flags(a, b).items() if k in hard)
            features = pair_features(a, b, similarity)
            row.append((int(j), similarity, vetoed, same, features))
        rows.append(row)
    return Candidates(stored, [position[p.a] for p in pairs], [p.label for p in pairs], rows)


def training_set(c: Candidates) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for q, row in enumerate(c.rows):
        for j, _similarity, vetoed, same, features in row[:MAX_GUARD_CHECKS]:
            if vetoed or same:
                continue
            xs.append(features)
            ys.append(float(c.label[q] == 1 and j == c.partner[q]))
    return np.asarray(xs, dtype=np.float64), np.asarray(ys, dtype=np.float64)


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Standardise, then Newton's method on the L2-penalised log-likelihood."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    design = np.hstack([np.ones((len(z), 1)), z])
    beta = np.zeros(design.shape[1])
    penalty = np.full(design.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-design @ beta))
        gradient = design.T @ (p - y) + penalty * beta
        hessian = (design * (p * (1 - p))[:, None]).T @ design + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.abs(step).max() < 1e-8:
            break
    return mean, scale, beta[1:], float(beta[0])


def simulate(c: Candidates, verifier: Verifier | None, threshold: float, positives: int) -> tuple[float, float]:
    """Precision and hit rate of the cache protocol with ``verifier`` (None: cosine only)."""
    if verifier is None:
        return walk(c, c.rows, threshold, None, positives)
    return walk(c, c.rows, threshold, lambda f: verifier.probability(f) >= verifier.accept_probability, positives)


def walk(
    c: Candidates, rows: Sequence[Sequence[Any]], threshold: float, accept: Callable[[Any], bool] | None, positives: int
) -> tuple[float, float]:
    """Walk each query's candidates like ResponseCache: the first accepted one is the hit.

    ``rows`` are ``c.rows`` or the same candidates with other features; ``accept`` judges
    a candidate's features (None: every candidate above the threshold is accepted).
    """
    hits = correct = 0
    for q, row in enumerate(rows):
        checks = 0
        for j, similarity, vetoed, same, features in row:
            if similarity < threshold:
                break
            if accept is not None and not same:
                checks += 1
                if vetoed or not accept(features):
                    if checks >= MAX_GUARD_CHECKS:
                        break
                    continue
            hits += 1
            correct += c.label[q] == 1 and j == c.partner[q]
            break
    return (correct / hits if hits else 1.0), correct / positives


def training_set_pairs(c: Candidates) -> tuple[np.ndarray, np.ndarray]:
    """Only the labelled pairs themselves: (b, its own a) with the dataset's label."""
    xs, ys = [], []
    for q, row in enumerate(c.rows):
        for j, _similarity, vetoed, same, features in row:
            if j == c.partner[q] and not (vetoed or same):
                xs.append(features)
                ys.append(float(c.label[q] == 1))
    return np.asarray(xs, dtype=np.float64), np.asarray(ys, dtype=np.float64)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--floor", type=float, default=0.78, help="lowest similarity fitted on")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--labels", choices=("protocol", "pairs"), default="pairs")
    parser.add_argument(
        "--threshold", type=float, default=DEFAULT_SIMILARITY_THRESHOLD, help="similarity threshold (the default's)"
    )
    parser.add_argument("--min-hit-rate", type=float, default=0.31, help="QQP hit rate to keep")
    parser.add_argument(
        "--near-miss-hit-rate",
        type=float,
        default=0.70,
        help="paraphrase hits to keep in every development near-miss file",
    )
    parser.add_argument("--hard", default=",".join(RULES), help="rules that veto outright")
    parser.add_argument("--dry-run", action="store_true", help="do not write verifier.json")
    parser.add_argument("--verbose", action="store_true", help="print every threshold")
    args = parser.parse_args(argv)
    hard = {r for r in args.hard.split(",") if r}

    pairs = qqp_split("fit")
    positives = sum(p.label for p in pairs)
    embedder = EmbeddingStore()
    embedder.ensure([p.a for p in pairs] + [p.b for p in pairs])
    c = nearest(pairs, embedder, args.floor, hard)
    x, y = training_set(c) if args.labels == "protocol" else training_set_pairs(c)
    mean, scale, weights, bias = fit_logistic(x, y, args.l2)
    print(f"fit half: {len(pairs)} pairs, {len(y)} training pairs ({int(y.sum())} positive)")
    for name, w in sorted(zip(FEATURES, weights, strict=True), key=lambda t: -abs(t[1])):
        print(f"  {name:20s} {w:+.3f}")

    near_files = [load_pairs(path) for path in TUNING_NEAR_MISS]
    near_sets = [(nearest(pairs, embedder, args.floor, hard), sum(p.label for p in pairs)) for pairs in near_files]

    def near_miss(verifier: Verifier, threshold: float) -> tuple[float, float]:
        """The lowest precision and the lowest paraphrase hit rate over the near-miss files.

        Each file is its own cache: the files share topics, so pooling their entries would
        count a question answered from another file's identical question as a false hit.
        """
        scores = [simulate(c, verifier, threshold, positives) for c, positives in near_sets]
        return min(precision for precision, _ in scores), min(hit_rate for _, hit_rate in scores)

    def verifier(p: float, metrics: dict[str, float] | None = None) -> Verifier:
        return Verifier(
            features=list(FEATURES), mean=mean.tolist(), scale=scale.tolist(),
            weights=weights.tolist(), bias=bias, accept_probability=p, hard_rules=sorted(hard),
            embedder="all-MiniLM-L6-v2", metrics=metrics or {},
            fitted_on=(f"QQP dev fit half: {len(pairs)} pairs, {len(y)} training pairs"
                       f" ({args.labels} labels, similarity >= {args.floor}); logistic regression,"
                       f" l2={args.l2}, Newton's method"),
        )  # fmt: skip

    print("\nQQP fit half / near-miss files: precision, hit rate")
    best: tuple[float, float, float, float, float, float] | None = None
    for t in sorted({round(v, 2) for v in np.arange(0.80, 0.97, 0.02)} | {args.threshold}):
        if abs(t - args.threshold) > 1e-9 and not args.verbose:
            continue
        plain = simulate(c, None, t, positives)
        print(f"  threshold {t:.2f}  cosine only {plain[0]:.3f} / {plain[1]:.3f}")
        for p in [round(v, 3) for v in np.arange(0.20, 0.80, 0.025)]:
            qp, qh = simulate(c, verifier(p), t, positives)
            np_, nh = near_miss(verifier(p), t)
            feasible = qh >= args.min_hit_rate and nh >= args.near_miss_hit_rate and np_ >= 0.95
            if feasible and abs(t - args.threshold) < 1e-9 and (best is None or qp > best[2]):
                best = (t, p, qp, qh, np_, nh)
            if round(p * 40) % 2 == 0:
                flag = "*" if feasible else " "
                print(f"   {flag} p>={p:.2f}: QQP {qp:.3f} / {qh:.3f}   near-miss {np_:.3f} / {nh:.3f}")
    if best is None:
        raise SystemExit("no operating point meets the constraints; relax --min-hit-rate")
    t, p, qp, qh, np_, nh = best
    print(
        f"\nchosen: threshold {t:.2f}, accept probability {p:.3f} -> QQP fit half precision"
        f" {qp:.3f} at hit rate {qh:.3f}; near-miss precision {np_:.3f} at hit rate {nh:.3f}"
    )
    if not args.dry_run:
        metrics = {
            "threshold": t,
            "fit_precision": round(qp, 4),
            "fit_hit_rate": round(qh, 4),
            "near_miss_precision": round(np_, 4),
            "near_miss_hit_rate": round(nh, 4),
        }
        OUT.write_text(verifier(p, metrics).model_dump_json(indent=2) + "\n", encoding="utf-8")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
