"""Request bodies and response parsing for the OpenAI chat and Ollama chat protocols.

Pure functions from our :class:`Request` to JSON bodies and from decoded JSON back to
text, usage and finish reasons, so the native transport stays a thin I/O loop and the
codecs can be tested on plain data. Anything not shaped as the protocol says raises
:class:`~hybrid_infer.errors.MalformedResponse` — never a ``KeyError``.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from hybrid_infer._request import Request
from hybrid_infer._results import FunctionCall, ToolCall
from hybrid_infer._tokens import estimate_completion_tokens, estimate_prompt_tokens
from hybrid_infer.errors import (
    ContextWindowExceeded,
    MalformedResponse,
    ProviderError,
    RateLimited,
    UnsupportedRequest,
)

# Parameters Ollama takes in "options" rather than at the top level.
_OLLAMA_OPTIONS = {
    "top_p": "top_p",
    "top_k": "top_k",
    "seed": "seed",
    "stop": "stop",
    "presence_penalty": "presence_penalty",
    "frequency_penalty": "frequency_penalty",
}


def openai_body(model: str, request: Request, *, stream: bool, reasoning: bool = False) -> dict[str, Any]:
    """The chat-completions body. ``reasoning``: OpenAI's reasoning models (o1, o3, o4-mini,
    gpt-5) refuse ``max_tokens`` and take the limit as ``max_completion_tokens``."""
    body: dict[str, Any] = {"model": model, "messages": list(request.messages)}
    params = dict(request.params)
    extra = params.pop("extra_body", None)
    body.update(params)
    if request.max_tokens is not None:
        body["max_completion_tokens" if reasoning else "max_tokens"] = request.max_tokens
    if request.temperature is not None:
        body["temperature"] = request.temperature
    if stream:
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}
    if isinstance(extra, dict):
        body.update(extra)
    return body


def ollama_body(model: str, request: Request, *, stream: bool) -> dict[str, Any]:
    options: dict[str, Any] = {}
    body: dict[str, Any] = {"model": model, "messages": ollama_messages(request.messages), "stream": stream}
    for key, value in request.params.items():
        if key == "stop" and isinstance(value, str):
            options["stop"] = [value]  # Ollama decodes stop as a list only
        elif key in _OLLAMA_OPTIONS:
            options[_OLLAMA_OPTIONS[key]] = value
        elif key == "response_format":
            if isinstance(value, dict) and value.get("type") == "json_schema":
                body["format"] = _ollama_schema(value.get("json_schema"))
            elif isinstance(value, dict) and value.get("type") == "json_object":
                body["format"] = "json"
        elif key == "tools":
            body["tools"] = value
        elif key == "extra_body" and isinstance(value, dict):
            body.update(value)
    if request.max_tokens is not None:
        options["num_predict"] = request.max_tokens
    if request.temperature is not None:
        options["temperature"] = request.temperature
    if options:
        # extra_body's own options ('num_ctx', …) are kept; the named arguments win where both say
        extra_options = body.get("options")
        body["options"] = {**extra_options, **options} if isinstance(extra_options, dict) else options
    return body


def _ollama_schema(spec: Any) -> Any:
    """Ollama's ``format`` for a ``json_schema`` response format: its schema, or plain JSON
    when it names none. A spec of another shape cannot be carried (refused before sending)."""
    if spec is None:
        return "json"
    schema = spec.get("schema", "json") if isinstance(spec, dict) else None
    if not isinstance(schema, dict) and schema != "json":
        raise UnsupportedRequest(
            "response_format json_schema must be an object whose 'schema' is a JSON schema object, "
            f"not {type(spec if schema is None else schema).__name__}"
        )
    return schema


def ollama_messages(messages: Any) -> list[dict[str, Any]]:
    """Messages in the shape Ollama's ``/api/chat`` decodes (it answers 400 otherwise):
    ``content`` a string with images apart (base64), tool-call ``arguments`` an object, a
    ``tool`` message naming its tool, and OpenAI's ``developer`` role (which Ollama does not
    know) as ``system``. Requests arrive in the OpenAI shape."""
    out: list[dict[str, Any]] = []
    names: dict[str, str] = {}
    for message in messages:
        converted = dict(message)
        if converted.get("role") == "developer":
            converted["role"] = "system"  # as litellm sends it to Ollama
        content = converted.get("content")
        if isinstance(content, list):
            converted["content"], images = _ollama_content(content)
            if images:
                converted["images"] = images
        elif content is None:
            converted["content"] = ""
        calls = converted.get("tool_calls")
        if isinstance(calls, list):
            converted["tool_calls"] = [_ollama_call(call, names) for call in calls]
        if converted.get("role") == "tool" and "tool_name" not in converted:
            name = names.get(str(converted.get("tool_call_id")))
            if name:
                converted["tool_name"] = name
        out.append(converted)
    return out


def _ollama_content(parts: list[Any]) -> tuple[str, list[str]]:
    texts: list[str] = []
    images: list[str] = []
    for part in parts:
        if not isinstance(part, dict):
            continue
        if part.get("type") == "text" and isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif part.get("type") == "image_url":
            image = part.get("image_url")
            url = image.get("url") if isinstance(image, dict) else image
            if not isinstance(url, str) or not url.startswith("data:") or ";base64," not in url:
                raise UnsupportedRequest("Ollama takes images as base64 data URLs, not links")
            images.append(url.split(";base64,", 1)[1])
        else:  # audio, files, ...: dropping them would answer another question
            kind = part.get("type")
            raise UnsupportedRequest(f"Ollama's /api/chat takes text and image parts, not {kind!r}")
    return "\n".join(texts), images


def _ollama_call(call: Any, names: dict[str, str]) -> Any:
    if not isinstance(call, dict) or not isinstance(call.get("function"), dict):
        return call
    function = dict(call["function"])
    if isinstance(call.get("id"), str) and isinstance(function.get("name"), str):
        names[call["id"]] = function["name"]
    arguments = function.get("arguments")
    if isinstance(arguments, str):
        try:
            parsed = json.loads(arguments) if arguments.strip() else {}
        except ValueError:
            parsed = None
        if isinstance(parsed, dict):
            function["arguments"] = parsed
    return {**call, "function": function}


def token_count(value: Any) -> int | None:
    """A provider's token count if it is one (a non-negative int, not a bool), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _need_dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MalformedResponse(f"{what} is not a JSON object")
    return value


def _content(value: Any, what: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise MalformedResponse(f"{what} is not a string")
    return value


def reported_error(error: Any) -> ProviderError:
    """The error a provider reports inside an answer (an HTTP 200 body, an event of a stream),
    with the provider's own words: ``RateLimited`` for code 429, ``ContextWindowExceeded``
    when they say the prompt is too long (only a larger context window can help), else
    ``MalformedResponse``, as the litellm transport classes it. The deployment is filled in
    by the transport."""
    from hybrid_infer.transports._base import looks_like_context_overflow  # (that module imports this one)

    message = error.get("message") if isinstance(error, dict) else error
    text = str(error if message is None else message)[:300]
    code = error.get("code") if isinstance(error, dict) else None
    said = f"error inside response ({code}): {text}" if code not in (None, "") else f"error inside response: {text}"
    if code in (429, "429", "rate_limit_exceeded"):
        return RateLimited(said, retry_after_s=None)  # ('too many tokens per minute' is no overflow)
    if code == "context_length_exceeded" or (
        code in (None, "", 400, "400", 413, "413") and looks_like_context_overflow(text)
    ):
        return ContextWindowExceeded(said)
    return MalformedResponse(said)


def parse_openai_completion(
    data: Any, request: Request, fallback_model: str
) -> tuple[str, int, int, str | None, str, tuple[ToolCall, ...]]:
    """(text, prompt_tokens, completion_tokens, finish_reason, model, tool calls) of a chat.completion."""
    data = _need_dict(data, "response")
    choices = data.get("choices")
    if not choices and data.get("error") is not None:
        raise reported_error(data["error"])  # an error sent with a 200: the provider's words, not 'no choices'
    if not isinstance(choices, list) or not choices:
        raise MalformedResponse("response has no choices")
    choice = _need_dict(choices[0], "choices[0]")
    message = _need_dict(choice.get("message"), "choices[0].message")
    text = _content(message.get("content"), "choices[0].message.content")
    finish = choice.get("finish_reason")
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    prompt = token_count(usage.get("prompt_tokens"))
    completion = token_count(usage.get("completion_tokens"))
    model = data.get("model") if isinstance(data.get("model"), str) else fallback_model
    calls = openai_tool_calls(message.get("tool_calls"))
    return (
        text,
        estimate_prompt_tokens(request.messages) if prompt is None else prompt,
        estimate_completion_tokens(text, calls) if completion is None else completion,
        finish if isinstance(finish, str) else None,
        model,
        calls,
    )


def parse_openai_chunk(
    data: Any,
) -> tuple[str, str | None, dict[str, Any] | None, str | None, list[Any] | None]:
    """(delta text, finish_reason, usage or None, model, tool-call deltas or None) of one
    chat.completion.chunk."""
    data = _need_dict(data, "stream chunk")
    if data.get("error") is not None:  # ('"error": null' on every chunk is no error)
        raise reported_error(data["error"])
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else None
    model = data.get("model") if isinstance(data.get("model"), str) else None
    choices = data.get("choices")
    if choices is None and usage is not None:
        choices = []  # the closing usage chunk of some servers: '"choices": null' (litellm reads it so too)
    if not isinstance(choices, list):
        raise MalformedResponse("stream chunk has no choices list")
    if not choices:
        return "", None, usage, model, None
    choice = _need_dict(choices[0], "chunk choices[0]")
    delta = choice.get("delta")
    text = "" if not isinstance(delta, dict) else _content(delta.get("content"), "delta.content")
    calls = delta.get("tool_calls") if isinstance(delta, dict) else None
    finish = choice.get("finish_reason")
    return text, finish if isinstance(finish, str) else None, usage, model, calls if calls else None


def parse_ollama_message(
    data: Any,
) -> tuple[str, bool, str | None, int | None, int | None, str | None, tuple[ToolCall, ...]]:
    """(text, done, done_reason, prompt_eval_count, eval_count, model, tool calls) of an
    /api/chat object."""
    data = _need_dict(data, "response")
    if "error" in data:
        raise MalformedResponse(f"error inside response: {data['error']}")
    message = data.get("message")
    text = "" if message is None else _content(_need_dict(message, "message").get("content"), "message.content")
    calls = ollama_tool_calls(message.get("tool_calls")) if isinstance(message, dict) else ()
    done = data.get("done")
    if not isinstance(done, bool):
        raise MalformedResponse("response has no boolean 'done'")
    reason = data.get("done_reason")
    model = data.get("model") if isinstance(data.get("model"), str) else None
    if isinstance(reason, str) and reason == "stop" and calls:
        reason = "tool_calls"  # what OpenAI (and litellm, for Ollama) say for an answer that calls tools
    return (
        text,
        done,
        reason if isinstance(reason, str) else ("stop" if done else None),
        token_count(data.get("prompt_eval_count")),
        token_count(data.get("eval_count")),
        model,
        calls,
    )


# --- tool calls ------------------------------------------------------------------------


def _arguments(value: Any, what: str) -> str:
    """Arguments as JSON text: OpenAI sends text, Ollama an object."""
    if value is None:
        return "{}"
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    raise MalformedResponse(f"{what} is neither JSON text nor an object")


MAX_TOOL_CALLS = 512
"""The most tool calls one answer may hold: no model asks for more, and a hostile server
sending a million of them would cost seconds of the event loop and a gigabyte of memory."""


def openai_tool_calls(value: Any) -> tuple[ToolCall, ...]:
    """The ``tool_calls`` of an OpenAI assistant message."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise MalformedResponse("message.tool_calls is not a list")
    if len(value) > MAX_TOOL_CALLS:
        raise MalformedResponse(f"more than {MAX_TOOL_CALLS} tool calls in one answer")
    calls = []
    answer = secrets.token_hex(4)  # ids made up for this answer: unique across a conversation
    for n, raw in enumerate(value):
        call = _need_dict(raw, f"tool_calls[{n}]")
        function = _need_dict(call.get("function"), f"tool_calls[{n}].function")
        name = function.get("name")
        if not isinstance(name, str) or not name:
            raise MalformedResponse(f"tool_calls[{n}].function has no name")
        call_id = call.get("id")
        calls.append(
            ToolCall(
                id=call_id if isinstance(call_id, str) and call_id else f"call_{answer}_{n}",
                function=FunctionCall(
                    name=name, arguments=_arguments(function.get("arguments"), f"tool_calls[{n}].arguments")
                ),
            )
        )
    return tuple(calls)


def ollama_tool_calls(value: Any) -> tuple[ToolCall, ...]:
    """The ``tool_calls`` of an Ollama message: no ids, arguments as an object."""
    return openai_tool_calls(value)


def _whole_json(text: str) -> bool:
    """Whether ``text`` is already a whole JSON value: a call's arguments that are complete."""
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


class ToolCallDeltas:
    """Joins streamed tool-call fragments (OpenAI sends a call's id and name first, then its
    arguments in pieces, each fragment tagged with the call's ``index``).

    Servers that leave ``index`` out, or give every call the same one (litellm fills in 0),
    are read by ids: a fragment with a new id starts the next call, one without an id goes
    on with the call its index last meant, unless it names another function after that call's
    arguments began (a call's name comes before its arguments: each call sent whole in its
    own fragment, with neither index nor id, was one call 'get_weatherget_time'; review 65).
    """

    def __init__(self) -> None:
        self._calls: list[dict[str, Any]] = []
        """Per call, in the order they started: its id, name and argument pieces (joined
        once at the end: appending to one string per fragment copies it every time)."""
        self._slot: dict[object, int] = {}
        """The call each index (``None`` when absent) currently stands for."""

    def add(self, fragments: list[Any]) -> None:
        for raw in fragments:
            fragment = _need_dict(raw, "delta.tool_calls[]")
            index = fragment.get("index")
            if index is not None and (not isinstance(index, int) or isinstance(index, bool)):
                raise MalformedResponse("delta.tool_calls[].index is not an integer")
            call = self._call_for(index, fragment.get("id"))
            function = fragment.get("function")
            named = isinstance(function, dict) and isinstance(function.get("name"), str) and function["name"]
            begun = named and any(piece.strip() for piece in call["arguments"])
            if begun and (named != call["name"] or _whole_json("".join(call["arguments"]))):
                call = self._new_call(index)  # (a name repeated with each piece of one call's arguments does not)
            if isinstance(fragment.get("id"), str) and fragment["id"]:
                call["id"] = fragment["id"]
            if function is None:
                continue
            if not isinstance(function, dict):
                raise MalformedResponse("delta.tool_calls[].function is not an object")
            name = function.get("name")
            if isinstance(name, str) and name != call["name"]:  # some servers repeat the whole name
                call["name"] += name
            arguments = function.get("arguments")
            if arguments is not None:
                call["arguments"].append(_arguments(arguments, "delta.tool_calls[].function.arguments"))

    def _call_for(self, index: int | None, call_id: Any) -> dict[str, Any]:
        slot = self._slot.get(index)
        known = None if slot is None else self._calls[slot]["id"]
        if slot is None or (isinstance(call_id, str) and call_id and known is not None and call_id != known):
            return self._new_call(index)
        return self._calls[slot]

    def _new_call(self, index: int | None) -> dict[str, Any]:
        if len(self._calls) >= MAX_TOOL_CALLS:
            raise MalformedResponse(f"more than {MAX_TOOL_CALLS} tool calls in one answer")
        self._slot[index] = len(self._calls)
        self._calls.append({"id": None, "name": "", "arguments": []})
        return self._calls[-1]

    def calls(self) -> tuple[ToolCall, ...]:
        """The whole calls, in the order they started."""
        return openai_tool_calls(
            [
                {"id": c["id"], "function": {"name": c["name"], "arguments": "".join(c["arguments"]) or "{}"}}
                for c in self._calls
            ]
        )


def ollama_model_matches(configured: str, listed: str) -> bool:
    """Ollama names carry an implicit ``:latest`` tag."""

    def norm(name: str) -> str:
        return name if ":" in name else f"{name}:latest"

    return norm(configured) == norm(listed)
