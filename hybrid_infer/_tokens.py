"""Cheap prompt-size estimates for routing decisions (cost ranking, context fit).

Routing runs on every request, so this never loads a tokenizer: about four characters a
token for English text and code, plus a small per-message overhead, is within ~20 % of
real BPE counts and costs microseconds. Providers' reported usage is always preferred for
accounting; this only ranks deployments before a call.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hybrid_infer._results import ToolCall

CHARS_PER_TOKEN = 4
MESSAGE_OVERHEAD_TOKENS = 4


def estimate_text_tokens(text: str) -> int:
    """Tokens in ``text`` by the character heuristic (at least one for non-empty text)."""
    if not text:
        return 0
    return max(1, -(-len(text) // CHARS_PER_TOKEN))


def estimate_completion_tokens(text: str, tool_calls: Iterable[ToolCall] = ()) -> int:
    """Tokens of an answer whose provider reported none: its text and the names and
    arguments of its tool calls, which the model generated too (an answer that only calls
    tools is no free answer)."""
    generated = text + "".join(call.function.name + call.function.arguments for call in tool_calls)
    return estimate_text_tokens(generated)


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # OpenAI content parts
        return " ".join(str(part.get("text", "")) for part in content if isinstance(part, Mapping))
    return "" if content is None else str(content)


def estimate_prompt_tokens(messages: Iterable[Mapping[str, Any]]) -> int:
    """Tokens a chat prompt will use, by the character heuristic."""
    total = 0
    for message in messages:
        total += MESSAGE_OVERHEAD_TOKENS + estimate_text_tokens(_content_text(message.get("content")))
    return max(total, 1)
