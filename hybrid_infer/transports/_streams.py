"""Incremental decoders for streamed chat bodies: OpenAI SSE and Ollama NDJSON.

The native transport reads the body in whatever pieces the socket delivers and hands each
complete line to one of these. Splitting lines ourselves (one ``bytes.split`` per network
read) instead of asking aiohttp for one line at a time halves the client's per-token cost
(``bench/overhead.py``). A decoder turns a line into a text delta (or nothing) and sets
:attr:`StreamDecoder.result` once the protocol says the answer is complete.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hybrid_infer._request import Request
from hybrid_infer._results import ToolCall
from hybrid_infer._tokens import estimate_completion_tokens, estimate_prompt_tokens
from hybrid_infer.errors import MalformedResponse
from hybrid_infer.transports._base import Completion
from hybrid_infer.transports._wire import (
    ToolCallDeltas,
    parse_ollama_message,
    parse_openai_chunk,
    reported_error,
    token_count,
)

_decode_json = json.JSONDecoder().decode


def _loads(raw: bytes) -> Any:
    try:
        return _decode_json(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise MalformedResponse(f"stream line is not UTF-8: {exc}") from None


_LINE_ENDS = re.compile(rb"\r\n|\r|\n")
_MAX_HELD_BYTES = 1 << 20
"""The most data one server-sent event may hold before its JSON parses: a chunk is a few
hundred bytes, and parsing what is held again as each line comes must stay cheap."""


def split_lines(buffer: bytes) -> tuple[list[bytes], bytes]:
    """The complete lines of ``buffer`` and the unfinished rest to prepend to the next read.

    A line ends at ``\\r\\n``, ``\\r`` or ``\\n``, as server-sent events allow. A read that ends
    in ``\\r`` keeps it back: the ``\\n`` of a ``\\r\\n`` may come with the next read, and
    reading it as two line ends would make a blank line, which ends an event early.
    """
    if b"\r" not in buffer:  # the common case: one split, no regex
        lines = buffer.split(b"\n")
        return lines, lines.pop()
    held = b""
    if buffer.endswith(b"\r"):
        buffer, held = buffer[:-1], b"\r"
    lines = _LINE_ENDS.split(buffer)
    return lines, lines.pop() + held


class StreamDecoder:
    """Turns the lines of one streamed answer into deltas and a final Completion."""

    unfinished = "stream ended early"
    """Why a body that ended before the protocol's end marker is broken."""

    def __init__(self, request: Request, model: str) -> None:
        self.request = request
        self.model = model
        self.parts: list[str] = []
        self.result: Completion | None = None
        """The whole answer, set by the line that ends the stream."""
        self.called = False
        """Set when a line carried tool-call data (progress without text); the reader clears it."""

    def feed(self, line: bytes) -> str | None:
        """One line (without its newline): its text delta, if it carries one."""
        raise NotImplementedError

    def ended_without_marker(self) -> bool:
        """The body ended before the end marker: whether the answer is complete anyway (then
        ``result`` is set)."""
        return False

    def _finish(
        self,
        prompt: int | None,
        completion: int | None,
        finish: str | None,
        model: str,
        tool_calls: tuple[ToolCall, ...] = (),
    ) -> None:
        text = "".join(self.parts)
        self.result = Completion(
            text=text,
            prompt_tokens=estimate_prompt_tokens(self.request.messages) if prompt is None else prompt,
            completion_tokens=estimate_completion_tokens(text, tool_calls) if completion is None else completion,
            finish_reason=finish,
            model=model,
            tool_calls=tool_calls,
        )


class SseDecoder(StreamDecoder):
    """OpenAI chat-completion chunks as server-sent events, ended by ``data: [DONE]``."""

    unfinished = "stream ended before [DONE]"

    def __init__(self, request: Request, model: str) -> None:
        super().__init__(request, model)
        self.finish: str | None = None
        self.usage: dict[str, Any] | None = None
        self.tool_calls: ToolCallDeltas | None = None
        self.held: list[bytes] = []
        """``data:`` lines of an event whose JSON goes on in its next ``data:`` line."""
        self._held_bytes = 0
        self._first_line = True
        self._error_event = False
        """The event now being read was named ``error`` (``event: error``)."""
        self._bare: list[bytes] = []
        """Lines of JSON outside any event, perhaps an error body written over many lines."""

    def feed(self, line: bytes) -> str | None:
        if self._first_line:
            self._first_line = False
            line = line.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark starts no field (the SSE format)
        if not line.strip():  # a blank line ends an event: what it held must now be whole
            self._error_event = False
            if self.held:
                held, self.held, self._held_bytes = self.held, [], 0
                return self._event(b"\n".join(held))
            return None
        if line.startswith(b"error:"):
            # llama.cpp's server reports a failure after the headers as an 'error:' field (then
            # sends [DONE]): the answer so far is not the whole answer, unless it said it was
            if self.finish is not None:
                self._complete()
                return None
            raise reported_error(_error_payload(line[6:].strip()))
        if line.startswith(b"event:"):
            self._error_event = line[6:].strip() == b"error"
            return None
        if not line.startswith(b"data:"):
            if line.startswith(b"{") or self._bare:
                self._read_bare(line)  # a JSON error body where events were asked for
            return None  # ":" comments, "id:" fields
        if self._error_event:
            if self.finish is not None:  # (after a finish reason: the answer is whole)
                self._complete()
                return None
            raise reported_error(_error_payload(line[5:].strip()))
        payload = line[5:].strip()
        if not payload and not self.held:
            return None  # an empty data field (a proxy's heartbeat) dispatches nothing
        if self.held:
            self.held.append(payload)
            self._held_bytes += len(payload)
            if self._held_bytes > _MAX_HELD_BYTES:
                raise MalformedResponse(f"an event's data went on past {_MAX_HELD_BYTES} bytes without ending")
            if not payload.endswith((b"}", b"]")):
                return None  # it cannot end the JSON: no need to parse what is held again
            payload = b"\n".join(self.held)
        try:
            data = _loads(payload) if payload != b"[DONE]" else None
        except json.JSONDecodeError:
            # One event's data may span several 'data:' lines, joined by newlines (the SSE
            # format): wait for the rest, up to the blank line that ends the event.
            if not self.held:
                self.held, self._held_bytes = [payload], len(payload)
            return None
        self.held, self._held_bytes = [], 0
        return self._event(payload, data)

    def _read_bare(self, line: bytes) -> None:
        """Gather JSON written outside any event until it is whole; raise the error it reports."""
        self._bare.append(line)
        try:
            data = json.loads(b"\n".join(self._bare))
        except ValueError:
            if sum(map(len, self._bare)) > _MAX_BARE_BYTES:
                self._bare = []  # no error body is this long: not one
            return
        self._bare = []
        if isinstance(data, dict) and data.get("error") is not None:
            raise reported_error(data["error"])

    def _event(self, payload: bytes, data: Any = None) -> str | None:
        if payload == b"[DONE]":
            self._complete()
            return None
        delta, finish, usage, model, calls = parse_openai_chunk(_loads(payload) if data is None else data)
        if calls:
            if self.tool_calls is None:
                self.tool_calls = ToolCallDeltas()
            self.tool_calls.add(calls)
            self.called = True
        if finish:
            self.finish = finish
        if usage:
            self.usage = usage
        if model:
            self.model = model
        if delta:
            self.parts.append(delta)
            return delta
        return None

    def ended_without_marker(self) -> bool:
        """A chunk gave a finish reason and the server closed the stream cleanly without
        ``[DONE]`` (some servers omit it): the answer said it was complete. With neither, it
        was cut."""
        if self.finish is None:
            return False
        self._complete()
        return True

    def _complete(self) -> None:
        """The whole answer from what the chunks said: text, usage, finish reason, tool calls."""
        totals = self.usage or {}
        self._finish(
            token_count(totals.get("prompt_tokens")),
            token_count(totals.get("completion_tokens")),
            self.finish,
            self.model,
            () if self.tool_calls is None else self.tool_calls.calls(),
        )


_MAX_BARE_BYTES = 64 * 1024


def _error_payload(payload: bytes) -> Any:
    """An error event's data: its ``error`` object, the object itself, or the text as sent."""
    try:
        data = json.loads(payload)
    except ValueError:
        return payload.decode("utf-8", "replace") or "error event"
    return data.get("error", data) if isinstance(data, dict) else data


class OllamaDecoder(StreamDecoder):
    """Ollama ``/api/chat`` objects, one per line, ended by one with ``"done": true``."""

    unfinished = "stream ended before done"

    def __init__(self, request: Request, model: str) -> None:
        super().__init__(request, model)
        self.tool_calls: list[ToolCall] = []

    def feed(self, line: bytes) -> str | None:
        if not line or line.isspace():
            return None
        text, done, reason, prompt, completion, model, calls = parse_ollama_message(_loads(line))
        if text:
            self.parts.append(text)
        if calls:  # whole calls (made-up ids are unique per line already)
            self.called = True
            self.tool_calls += calls
        if done:  # the final object may carry the last words too
            if reason == "stop" and self.tool_calls:
                reason = "tool_calls"  # as OpenAI (and litellm, for Ollama) say it
            self._finish(prompt, completion, reason, model or self.model, tuple(self.tool_calls))
        return text or None
