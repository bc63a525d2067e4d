"""A deterministic toy embedder for tests of code that uses the semantic cache.

:class:`HashingEmbedder` maps each lower-cased word to a fixed random direction and sums
them, so texts sharing most words are close and the result never changes between runs.
It loads no model and understands nothing: paraphrases with different words are far apart.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

_WORD = re.compile(r"\w+")


class HashingEmbedder:
    """``list[str] -> (n, dim)`` array: a signed feature hash of the words of each text."""

    def __init__(self, dim: int = 64) -> None:
        self.dim = dim
        self.calls = 0
        self.texts_embedded = 0

    def __call__(self, texts: list[str]) -> Any:
        import numpy as np

        self.calls += 1
        self.texts_embedded += len(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in _WORD.findall(text.lower()):
                digest = hashlib.blake2b(word.encode("utf-8"), digest_size=8).digest()
                seed = int.from_bytes(digest, "little")
                out[row] += np.random.default_rng(seed).standard_normal(self.dim, dtype=np.float32)
        return out
