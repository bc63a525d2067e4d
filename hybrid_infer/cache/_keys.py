"""Cache keys: a stable hash of everything that changes an answer.

:func:`request_key` hashes the canonical request (namespace, use case, every message and
every generation parameter) for exact hits; :func:`context_key` hashes the same minus the
text of the last user turn, which is what the semantic layer compares instead. Neither
looks at transport options (streaming, timeouts, policies): they do not change the answer.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from hybrid_infer._request import Message, Request

KEY_VERSION = 1
_LAST_USER_TEXT = {"type": "last_user_text"}


def request_key(request: Request, namespace: str) -> str:
    """The exact key: sha256 of the canonical request as sorted, ASCII-escaped JSON
    (computed once per request and namespace: the request is frozen)."""
    memo = ("exact", namespace)
    key = request._cache_keys.get(memo)
    if key is None:
        key = request._cache_keys[memo] = _digest(_canonical(request, namespace, list(request.messages), kind="exact"))
    return key


def context_key(request: Request, namespace: str) -> str | None:
    """The semantic context: the request with the last user turn's text blanked out.

    Two requests may share a semantic entry only if their context keys are equal: same
    namespace, use case, parameters, system prompt, earlier turns, and non-text parts of
    the last user turn. ``None`` when the request has no user turn to compare. Stored with
    every entry, also by an exact-only cache, so that a semantic cache opened on the same
    directory later can index the entry (it embeds the entries that have no vector).
    """
    memo = ("context", namespace)
    if memo not in request._cache_keys:
        request._cache_keys[memo] = _context_key(request, namespace)
    return request._cache_keys[memo]


def _context_key(request: Request, namespace: str) -> str | None:
    messages = [_plain(message) for message in request.messages]
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].get("role") == "user":
            messages[i] = _without_text(messages[i])
            return _digest(_canonical(request, namespace, messages, kind="context"))
    return None


def _canonical(request: Request, namespace: str, messages: list[Message], *, kind: str) -> dict[str, Any]:
    params = dict(request.generation_params())
    if isinstance(params.get("stop"), str):
        params["stop"] = [params["stop"]]  # one stop string is a list of one, on every provider
    if params.get("stop") == []:
        del params["stop"]  # no stop sequences at all
    return {
        "v": KEY_VERSION,
        "kind": kind,
        "namespace": namespace,
        "use_case": request.use_case,
        "messages": [_plain(message) for message in messages],
        "params": params,
    }


def _plain(message: Message) -> Message:
    """A message whose content is a single text part, with its content as plain text: the
    two forms are the same request to every provider."""
    content = message.get("content")
    if isinstance(content, list) and len(content) == 1:
        part = content[0]
        if isinstance(part, dict) and part.keys() == {"type", "text"} and part["type"] == "text":
            return {**message, "content": part["text"]}
    return message


def _without_text(message: Message) -> Message:
    content = message.get("content")
    if isinstance(content, list):
        parts = [p for p in content if not (isinstance(p, dict) and p.get("type") == "text")]
        blanked: Any = [_LAST_USER_TEXT, *parts]
    else:
        blanked = _LAST_USER_TEXT
    return {**message, "content": blanked}


def _digest(canonical: dict[str, Any]) -> str:
    encoded = json.dumps(canonical, sort_keys=True, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(encoded.encode("ascii")).hexdigest()
