"""The response cache: exact and semantic caching of answers, shared on disk.

``ResponseCache`` stores complete answers under an exact request key and, optionally, finds
answers to similar prompts through an embedding index and a false-hit guard. Importing this
package is cheap: numpy, faiss and the embedding model load on first semantic use only.
"""

from hybrid_infer.cache._cache import ResponseCache
from hybrid_infer.cache._config import CacheConfig
from hybrid_infer.cache._keys import request_key
from hybrid_infer.cache._models import CachedAnswer, CacheHit

__all__ = ["CacheConfig", "CacheHit", "CachedAnswer", "ResponseCache", "request_key"]
