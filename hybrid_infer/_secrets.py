"""Masking API keys that a provider echoes back, in our errors and in litellm's log records.

Some servers and gateways repeat the key they rejected ("Incorrect API key provided: sk-…").
The engine masks a deployment's key in the errors it records (:func:`mask_fragments`: the
key, a start of it that ends the text, and any run of 8+ of its characters); litellm logs
such errors itself (tracebacks from its cost logging, at DEBUG), so its loggers get a filter
(:class:`KeyMaskFilter`) while a client that calls litellm is open.
"""

from __future__ import annotations

import base64
import logging
import os
from collections.abc import Callable, Iterable
from urllib.parse import quote, quote_plus

MIN_SECRET = 4
"""Shorter keys are not masked: masking 'x' or 'no' would garble every message."""
MIN_CUT_SECRET = 8
"""A text cut in the middle of an echoed key, or a fragment of one, is masked from this many
of its characters."""
SHOWN_PREFIX_FROM = 20
"""Keys this long keep their first three characters in the mask ('sk-…'), to tell which key it was."""
LITELLM_LOGGERS = ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy")
"""The loggers litellm writes to."""
MAX_FROZEN_FILTERS = 16
"""Filters of closed clients kept on each litellm logger (the oldest go first)."""


DEBUG_VARIABLE = "HYBRID_INFER_LITELLM_DEBUG"
"""Set to 1 to let litellm's DEBUG records through (they show whole requests, prompts included)."""


def debug_wanted() -> bool:
    """Read per record, so turning it on (or off) takes effect at once, for every client."""
    return os.environ.get(DEBUG_VARIABLE, "") not in ("", "0")


def retire(logger: logging.Logger, mask: KeyMaskFilter) -> None:
    """Freeze the filter of a closing client and keep it, with at most
    :data:`MAX_FROZEN_FILTERS` others of closed clients, so litellm's late records stay masked."""
    mask.freeze()
    frozen = [f for f in logger.filters if isinstance(f, KeyMaskFilter) and f.frozen]
    for old in frozen[: max(0, len(frozen) - MAX_FROZEN_FILTERS)]:
        logger.removeFilter(old)


def mask_for(key: str) -> str:
    return f"{key[:3]}…[redacted]" if len(key) >= SHOWN_PREFIX_FROM else "[redacted]"


def mask_key(text: str, key: str) -> str:
    """``text`` with ``key`` masked, also a start of it that ends the text (a message cut to
    a length limit can end in the middle of an echoed key)."""
    if len(key) < MIN_SECRET:
        return text
    mask = mask_for(key)
    text = text.replace(key, mask)
    for length in range(len(key) - 1, MIN_CUT_SECRET - 1, -1):
        if text.endswith(key[:length]):
            return text[:-length] + mask
    return text


def mask_fragments(text: str, key: str) -> str:
    """``text`` with ``key`` and every run of at least :data:`MIN_CUT_SECRET` of its characters
    masked: a log line another library redacted in part ('sk-ant-****/def+ghi==') keeps a tail.
    Runs match whatever their case: a gateway may echo a key upper- or lower-cased. The key
    URL-encoded or in base64 (alone or as an ``Authorization`` value) is masked too."""
    text = mask_key(text, key)
    for form in _encoded_forms(key):
        text = _mask_runs(text, form)
    return text


def echo_pieces(key: str) -> frozenset[str]:
    """What :func:`mask_echoes` scans for: the key (lower-cased) and the aligned 8-character
    pieces of each of its forms, one of which any echo of 15 or more characters contains."""
    forms = [form.lower() for form in _encoded_forms(key)]
    pieces = {form[i : i + MIN_CUT_SECRET] for form in forms for i in range(0, len(form) - MIN_CUT_SECRET + 1, 8)}
    return frozenset(pieces | {key.lower()})


def mask_echoes(text: str, key: str, pieces: frozenset[str]) -> str:
    """``text`` (an answer, possibly long) with echoes of ``key`` masked, as
    :func:`mask_fragments` does, after a quick scan for ``pieces`` (:func:`echo_pieces`):
    nearly every answer has none and is returned as is."""
    if len(key) < MIN_SECRET:
        return text
    lowered = text.lower()
    if not any(piece in lowered for piece in pieces):
        return text
    return mask_fragments(text, key)


def _encoded_forms(key: str) -> list[str]:
    """The key as it is written, and as servers echo it encoded: URL-quoted (a key with '+'
    or '/' becomes short runs otherwise) and base64, alone or as 'Bearer <key>', and inside
    longer base64 data at each of the three byte alignments it may start at (a JSON dump of
    the request headers, base64-encoded: the characters after the first group that holds
    other bytes depend on the key alone)."""
    forms = [key, quote(key, safe=""), quote_plus(key, safe="")]
    forms += [base64.b64encode(value.encode()).decode().rstrip("=") for value in (key, f"Bearer {key}")]
    forms += [base64.b64encode(pad + key.encode()).decode().rstrip("=")[4:] for pad in (b"\0", b"\0\0")]
    return list(dict.fromkeys(f for f in forms if len(f) >= MIN_CUT_SECRET))


def _mask_runs(text: str, key: str) -> str:
    folded_key = _fold(key)
    runs = {folded_key[i : i + MIN_CUT_SECRET] for i in range(len(key) - MIN_CUT_SECRET + 1)}
    at = 0
    while True:
        folded = _fold(text)
        found = [(where, run) for run in runs if (where := folded.find(run, at)) >= 0]
        if not found:
            return text
        at, run = min(found)  # the first echo from here on: mask it whole, then look further
        start = folded_key.find(run)
        end_key, end_text = start + MIN_CUT_SECRET, at + MIN_CUT_SECRET
        while end_key < len(key) and end_text < len(text) and folded_key[end_key] == folded[end_text]:
            end_key, end_text = end_key + 1, end_text + 1
        text = f"{text[:at]}[redacted]{text[end_text:]}"
        at += len("[redacted]")


def _fold(text: str) -> str:
    """``text`` lower-cased character by character, so positions stay those of ``text``."""
    return "".join(low if len(low := c.lower()) == 1 else c for c in text)


class KeyMaskFilter(logging.Filter):
    """Masks the keys ``keys()`` returns in every record of the logger it is added to.

    ``keys`` is called per record (keys given as ``${VAR}`` are read at call time, so a
    rotated one is masked too); it runs only for records the logger emits, which for
    litellm's loggers are rare (errors, or DEBUG when turned on).
    """

    def __init__(self, keys: Callable[[], Iterable[str]], *, drop_debug: bool = False) -> None:
        super().__init__()
        self._keys = keys
        self.frozen = False
        self.drop_debug = drop_debug
        """Drop DEBUG records: litellm's dump whole requests, prompts included."""

    def freeze(self) -> None:
        """Keep masking the keys as they are now, after their client closed: litellm's
        logging worker emits records about a call after the call (and the client) ended.
        Once frozen, it stays as it is (one filter serves several loggers)."""
        if self.frozen:
            return
        keys = tuple(self._keys())
        self._keys = lambda: keys
        self.frozen = True

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.INFO and self.drop_debug and not debug_wanted():
            return False
        keys = [k for k in self._keys() if len(k) >= MIN_SECRET]
        if not keys:
            return True
        message = record.getMessage()
        masked = _mask_all(message, keys)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and record.exc_info[1] is not None:
            text = record.exc_text or logging.Formatter().formatException(record.exc_info)
            record.exc_text = _mask_all(text, keys)  # formatters print exc_text when it is set
        if record.stack_info:
            record.stack_info = _mask_all(record.stack_info, keys)
        return True


def _mask_all(text: str, keys: Iterable[str]) -> str:
    for key in keys:
        text = mask_fragments(text, key)
    return text
