"""Import ``hybrid_infer`` from a given checkout, for the bench scripts that compare versions.

``rule_diff.py`` and ``near_miss_through.py --rules-of`` score pairs with the package of another
tree (a git worktree of an earlier commit). Whatever imports ``hybrid_infer`` first decides which
copy every later ``from hybrid_infer... import`` resolves to, so this module imports it first and
refuses to go on if the copy found is not the one asked for: a silent fallback to the working
tree would make two versions look identical.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType


def import_hybrid_infer_from(tree: Path) -> ModuleType:
    """Put ``tree`` first on ``sys.path``, import its ``hybrid_infer`` and check where it came from."""
    sys.path.insert(0, str(tree))
    package = importlib.import_module("hybrid_infer")
    found = Path(str(package.__file__)).resolve().parent.parent
    if found != tree.resolve():
        raise SystemExit(f"imported hybrid_infer from {package.__file__}, not from {tree}")
    return package
