"""Provider transports: the seam between routing and the wire.

``NativeTransport`` speaks OpenAI-compatible and Ollama chat over aiohttp;
``LiteLLMTransport`` reaches every other provider through litellm (imported lazily).
Write your own by subclassing :class:`Transport`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hybrid_infer.transports._base import Completion, ProbeReport, Transport

if TYPE_CHECKING:
    from hybrid_infer.transports._litellm import LiteLLMTransport
    from hybrid_infer.transports._native import NativeTransport


def __getattr__(name: str) -> Any:
    # aiohttp and litellm load only when a transport is actually used.
    if name == "NativeTransport":
        from hybrid_infer.transports._native import NativeTransport

        return NativeTransport
    if name == "LiteLLMTransport":
        from hybrid_infer.transports._litellm import LiteLLMTransport

        return LiteLLMTransport
    raise AttributeError(name)


__all__ = ["Completion", "LiteLLMTransport", "NativeTransport", "ProbeReport", "Transport"]
