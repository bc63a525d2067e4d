"""What the engine trusts of a provider's answer: valid text and plausible token counts.

Providers (and proxies in front of them) can send text that is not valid Unicode: a JSON
``\\ud83d`` escape leaves half an emoji when a server splits a surrogate pair across two
stream chunks. Such text cannot be written as UTF-8, so it could be neither cached nor sent
back as the next turn; the pair is joined again, and a lone half becomes U+FFFD.

A reported token count is the provider's word, and the cost of the call is computed from
it. A count no prompt could produce (``10**30``) would make one call cost more than the
world's GDP and stay in ``stats()`` for the life of the client, so it is replaced by the
estimate that is used when a provider reports nothing.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

from hybrid_infer._results import ToolCall
from hybrid_infer._tokens import estimate_prompt_tokens, estimate_text_tokens
from hybrid_infer.transports._base import Completion

_log = logging.getLogger("hybrid_infer")

_SURROGATE = re.compile("[\ud800-\udfff]")
_HIGH_SURROGATES = ("\ud800", "\udbff")
PLAUSIBLE_FACTOR = 10
"""A reported count may be this many times the character estimate (tokenizers differ)..."""
PLAUSIBLE_SLACK = 100_000
"""... plus this many tokens (images, chat templates, hidden reasoning)."""


def valid_text(text: str) -> str:
    """``text`` with split surrogate pairs joined and lone surrogates replaced by U+FFFD."""
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


class DeltaJoiner:
    """Makes stream deltas valid text: a delta that ends on the first half of a surrogate
    pair keeps that half back until the next delta brings the second."""

    __slots__ = ("_held",)

    def __init__(self) -> None:
        self._held = ""

    def feed(self, delta: str) -> str:
        text = self._held + delta
        self._held = ""
        if text and _HIGH_SURROGATES[0] <= text[-1] <= _HIGH_SURROGATES[1]:
            self._held, text = text[-1], text[:-1]
        return valid_text(text)

    def flush(self) -> str:
        """What is still held back, as valid text (a lone half becomes U+FFFD)."""
        held, self._held = self._held, ""
        return valid_text(held)


def trusted_completion(
    completion: Completion, messages: Sequence[Mapping[str, Any]], max_tokens: int | None, deployment: str
) -> Completion:
    """``completion`` with valid text and tool-call arguments, and plausible token counts."""
    text = valid_text(completion.text)
    tool_calls = completion.tool_calls
    if any(_SURROGATE.search(c.function.arguments) for c in tool_calls):
        tool_calls = tuple(_valid_call(c) for c in tool_calls)
    prompt, generated = completion.prompt_tokens, completion.completion_tokens
    prompt_estimate = estimate_prompt_tokens(messages)
    if prompt > prompt_estimate * PLAUSIBLE_FACTOR + PLAUSIBLE_SLACK:
        _log.warning(
            "%s reported %d prompt tokens for a prompt of about %d: counting the estimate",
            deployment,
            prompt,
            prompt_estimate,
        )
        prompt = prompt_estimate
    text_estimate = estimate_text_tokens(text)
    if generated > max(text_estimate * PLAUSIBLE_FACTOR + PLAUSIBLE_SLACK, max_tokens or 0):
        _log.warning(
            "%s reported %d completion tokens for an answer of about %d: counting the estimate",
            deployment,
            generated,
            text_estimate,
        )
        generated = text_estimate
    if (
        text is completion.text
        and tool_calls is completion.tool_calls
        and prompt == completion.prompt_tokens
        and generated == completion.completion_tokens
    ):
        return completion
    return dataclasses.replace(
        completion, text=text, tool_calls=tool_calls, prompt_tokens=prompt, completion_tokens=generated
    )


def _valid_call(call: ToolCall) -> ToolCall:
    function = call.function.model_copy(update={"arguments": valid_text(call.function.arguments)})
    return call.model_copy(update={"function": function})
