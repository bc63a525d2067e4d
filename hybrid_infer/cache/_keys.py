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
    return _keys(request, namespace)[0]


def context_key(request: Request, namespace: str) -> str | None:
    """The semantic context: the request with the last user turn's text blanked out.

    Two requests may share a semantic entry only if their context keys are equal: same
    namespace, use case, parameters, system prompt, earlier turns, and non-text parts of
    the last user turn. ``None`` when the request has no user turn to compare. Stored with
    every entry, also by an exact-only cache, so that a semantic cache opened on the same
    directory later can index the entry (it embeds the entries that have no vector).
    """
    return _keys(request, namespace)[1]


def _keys(request: Request, namespace: str) -> tuple[str, str | None]:
    """Both keys, memoised on the request (frozen): an exact lookup verifies the entry it
    finds against the context key, so every lookup needs both."""
    memo = request._cache_keys.get(namespace)
    if memo is None:
        memo = request._cache_keys[namespace] = _compute_keys(request, namespace)
    return memo


def _compute_keys(request: Request, namespace: str) -> tuple[str, str | None]:
    """Hash the canonical request twice, the second time with the last user turn's text
    blanked, encoding each part once.

    The canonical form is the JSON of ``{"kind", "messages", "namespace", "params",
    "use_case", "v"}`` with sorted keys and no spaces; it is assembled here from its parts'
    encodings (the same bytes ``json.dumps`` of the whole gives, so keys stay what they were
    when it was encoded in one go: existing caches keep their entries)."""
    plain = [_plain(message) for message in request.messages]
    encoded = [_encode(message) for message in plain]
    params = dict(request.generation_params())
    if isinstance(params.get("stop"), str):
        params["stop"] = [params["stop"]]  # one stop string is a list of one, on every provider
    if params.get("stop") == []:
        del params["stop"]  # no stop sequences at all
    tail = (
        f',"namespace":{_encode(namespace)},"params":{_encode(params)},'
        f'"use_case":{_encode(request.use_case)},"v":{_encode(KEY_VERSION)}}}'
    )
    exact = _sha256(f'{{"kind":"exact","messages":[{",".join(encoded)}]{tail}')
    for i in range(len(plain) - 1, -1, -1):
        if plain[i].get("role") == "user":
            encoded[i] = _encode(_without_text(plain[i]))
            return exact, _sha256(f'{{"kind":"context","messages":[{",".join(encoded)}]{tail}')
    return exact, None


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


_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
"""One encoder for every key (``json.dumps`` with options builds a new one per call)."""


def _encode(value: Any) -> str:
    return _ENCODER.encode(value)


def _sha256(encoded: str) -> str:
    return hashlib.sha256(encoded.encode("ascii")).hexdigest()
