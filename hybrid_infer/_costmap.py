"""Prices and context windows from litellm's bundled cost map, read as plain JSON.

litellm ships ``model_prices_and_context_window_backup.json``; we locate the installed
package with :func:`importlib.util.find_spec` (which does not import it) and parse the
file once per process. Importing litellm itself costs seconds and ~200 MB, so this module
never does, and it never fetches the map from the network.
"""

from __future__ import annotations

import importlib.util
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

_MAP_FILE = "model_prices_and_context_window_backup.json"


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """What the cost map knows about one model; prices in USD per million tokens."""

    input_cost_per_mtok: float | None
    output_cost_per_mtok: float | None
    context_window: int | None
    provider: str | None


def _map_path() -> Path | None:
    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = Path(location) / _MAP_FILE
        if candidate.is_file():
            return candidate
    return None


@cache
def _load_map() -> dict[str, dict[str, Any]]:
    """Parse the bundled map once; an absent or unreadable file is an empty map."""
    path = _map_path()
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict) and k != "sample_spec"}


def _per_mtok(value: Any) -> float | None:
    if isinstance(value, int | float) and value >= 0:
        return float(value) * 1_000_000
    return None


def lookup_model(model: str) -> ModelInfo | None:
    """Find ``model`` (a litellm model string) in the map, with and without its prefix."""
    table = _load_map()
    entry = table.get(model)
    if entry is None and "/" in model:
        prefix, bare = model.split("/", 1)
        entry = table.get(bare)
        # "openai/gpt-4o" may name a bare entry; "ollama/gpt-4o" must not borrow its price.
        if entry is not None and entry.get("litellm_provider") not in (prefix, None):
            entry = None
    if entry is None:
        return None
    window = entry.get("max_input_tokens") or entry.get("max_tokens")
    return ModelInfo(
        input_cost_per_mtok=_per_mtok(entry.get("input_cost_per_token")),
        output_cost_per_mtok=_per_mtok(entry.get("output_cost_per_token")),
        context_window=int(window) if isinstance(window, int) and window > 0 else None,
        provider=entry.get("litellm_provider"),
    )
