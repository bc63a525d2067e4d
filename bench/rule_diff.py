"""What a change to the cache's rules did, pair by pair, against an earlier commit.

The counts the docs give for a round of rule changes ("the round refused 56 more
near-misses", "the walk's change stopped 10 near-misses and cost 4 paraphrases their hit")
come from this script. It replays every pair under two versions of ``hybrid_infer`` (an
earlier commit, checked out into a temporary git worktree, and the working tree or another
commit) and counts what changed. Two measures, each per pair:

- *served*: the pair's file replayed through a fresh cache at the defaults, as
  ``semantic_quality.py`` and ``near_miss_through.py`` do (every ``a`` stored, every ``b``
  looked up): is ``b`` served its own pair's answer, another pair's, or nothing. This is
  what a user sees, and it takes the cosine, the rules and the walk together.
- *ruled*: do the rules alone (``rule_flags``) refuse the pair, whatever its cosine. This
  counts what a rule change reads differently, QQP's dev pairs included, even where the
  cosine would have refused the pair anyway.

Both versions are scored on the bench files the working tree registers, so a file added
after the earlier commit counts for both. The embeddings come from ``semantic_quality.py``'s
on-disk store, so a second run costs a few minutes.

    .venv/bin/python bench/rule_diff.py HEAD~3              # HEAD~3 against the working tree
    .venv/bin/python bench/rule_diff.py 2bd10e6 HEAD --list # and print every changed pair
    .venv/bin/python bench/rule_diff.py HEAD --rules-only    # the rules alone: minutes, not a quarter hour
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVED_OWN = "own"
SERVED_OTHER = "other"


def dump(tree: Path, out: Path, replay: bool = True) -> None:
    """Score every pair with the ``hybrid_infer`` under ``tree`` and write the verdicts as JSON
    (without ``replay``, by the rules alone)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from _tree import import_hybrid_infer_from

    import_hybrid_infer_from(tree)  # first: later imports of its modules resolve through it
    from semantic_quality import NEAR_MISS_FILES, QQP, EmbeddingStore, Pair, load_pairs, stored

    from hybrid_infer._request import build_request
    from hybrid_infer.cache._rules import rule_flags, text_facts

    def verdict(pair: Pair, kind: str, served: str | None) -> dict[str, object]:
        ruled = sorted(k for k, v in rule_flags(text_facts(pair.a), text_facts(pair.b)).items() if v)
        return {"label": pair.label, "kind": kind, "served": served, "ruled": ruled}

    def served_all(pairs: list[Pair]) -> list[str | None]:
        with stored(pairs, embedder) as (cache, answers):
            hits = [cache.lookup_semantic(build_request(pair.b)) for pair in pairs]
            return [
                None if hit is None else SERVED_OWN if hit.answer.text == answers[pair.a] else SERVED_OTHER
                for pair, hit in zip(pairs, hits, strict=True)
            ]

    verdicts: dict[str, dict[str, object]] = {}
    embedder = EmbeddingStore()
    for name, path in NEAR_MISS_FILES.items():
        pairs = load_pairs(path)
        served = served_all(pairs) if replay else [None] * len(pairs)
        for i, (pair, answer) in enumerate(zip(pairs, served, strict=True)):
            verdicts[f"{name}#{i}"] = verdict(pair, pair.kind, answer)
    if QQP.exists():
        for i, pair in enumerate(load_pairs(QQP)):
            verdicts[f"qqp#{i}"] = verdict(pair, "qqp", None)
    out.write_text(json.dumps(verdicts))


def score(rev: str | None, workdir: Path, replay: bool) -> dict[str, dict[str, object]]:
    """Run :func:`dump` in a child process on ``rev`` (``None``: the working tree)."""
    out = workdir / f"verdicts-{rev or 'worktree'}.json"
    if rev is None:
        _dump_in_child(ROOT, out, replay)
    else:
        tree = workdir / f"tree-{rev}"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), rev], check=True)
        try:
            _dump_in_child(tree, out, replay)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)
    loaded: dict[str, dict[str, object]] = json.loads(out.read_text())
    return loaded


def _dump_in_child(tree: Path, out: Path, replay: bool) -> None:
    # A fresh interpreter per version: two versions of one package cannot share a process.
    env = dict(os.environ, HF_HUB_OFFLINE="1", PYTHONPATH="")
    cmd = [sys.executable, str(Path(__file__).resolve()), "--dump", str(out), "--tree", str(tree)]
    cmd += [] if replay else ["--rules-only"]
    subprocess.run(cmd, check=True, cwd=ROOT, env=env)


def compare(
    before: dict[str, dict[str, object]], after: dict[str, dict[str, object]], listing: bool, replayed: bool = True
) -> None:
    """Print how many pairs each measure now reads differently, and with ``listing`` which ones."""
    served: Counter[str] = Counter()
    ruled: Counter[str] = Counter()
    changed: list[str] = []
    for key, now in after.items():
        then = before.get(key)
        if then is None:
            continue
        side = (
            "QQP duplicates"
            if now["kind"] == "qqp" and now["label"] == 1
            else (
                "QQP non-duplicates" if now["kind"] == "qqp" else "paraphrases" if now["label"] == 1 else "near-misses"
            )
        )
        if then["served"] != now["served"]:
            served[f"{side}: {then['served'] or 'refused'} -> {now['served'] or 'refused'}"] += 1
            changed.append(key)
        if bool(then["ruled"]) != bool(now["ruled"]):
            ruled[f"{side}: {'newly refused' if now['ruled'] else 'no longer refused'}"] += 1
            if key not in changed:
                changed.append(key)
    if replayed:
        print(f"served (cache replay of {sum(1 for v in after.values() if v['kind'] != 'qqp')} bench pairs):")
        for line, count in sorted(served.items()) or [("no change", 0)]:
            print(f"  {line}" + (f": {count}" if count else ""))
    print(f"ruled (the rules alone, {len(after)} pairs with QQP's dev split):")
    for line, count in sorted(ruled.items()) or [("no change", 0)]:
        print(f"  {line}" + (f": {count}" if count else ""))
    if listing:
        for key in changed:
            then, now = before[key], after[key]
            print(
                f"{key} label={now['label']} kind={now['kind']}: served {then['served']} -> {now['served']}, "
                f"rules {then['ruled']} -> {now['ruled']}"
            )
            pair = _pair(key)
            if pair is not None:
                print(f"    a: {pair[0]}\n    b: {pair[1]}")


def _pair(key: str) -> tuple[str, str] | None:
    name, index = key.rsplit("#", 1)
    sys.path.insert(0, str(ROOT / "bench"))
    from semantic_quality import NEAR_MISS_FILES, QQP, load_pairs

    path = QQP if name == "qqp" else NEAR_MISS_FILES.get(name)
    if path is None or not path.exists():
        return None
    pair = load_pairs(path)[int(index)]
    return pair.a, pair.b


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", nargs="?", help="the earlier commit")
    parser.add_argument("after", nargs="?", help="the later commit (default: the working tree)")
    parser.add_argument("--list", action="store_true", help="print every pair either measure reads differently")
    parser.add_argument("--rules-only", action="store_true", help="skip the cache replay; compare the rules alone")
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump is not None:
        dump(args.tree, args.dump, replay=not args.rules_only)
        return
    if args.before is None:
        parser.error("name the earlier commit, e.g. HEAD~1")
    with tempfile.TemporaryDirectory() as tmp:
        before = score(args.before, Path(tmp), not args.rules_only)
        after = score(args.after, Path(tmp), not args.rules_only)
    compare(before, after, args.list, replayed=not args.rules_only)


if __name__ == "__main__":
    main()
