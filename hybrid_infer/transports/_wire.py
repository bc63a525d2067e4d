"""Request bodies and response parsing for the OpenAI chat and Ollama chat protocols.

Pure functions from our :class:`Request` to JSON bodies and from decoded JSON back to
text, usage and finish reasons, so the native transport stays a thin I/O loop and the
codecs can be tested on plain data. Anything not shaped as the protocol says raises
:class:`~hybrid_infer.errors.MalformedResponse` — never a ``KeyError``.
"""

from __future__ import annotations

from typing import Any

from hybrid_infer._request import Request
from hybrid_infer._tokens import estimate_prompt_tokens, estimate_text_tokens
from hybrid_infer.errors import MalformedResponse

# Parameters Ollama takes in "options" rather than at the top level.
_OLLAMA_OPTIONS = {
    "top_p": "top_p",
    "top_k": "top_k",
    "seed": "seed",
    "stop": "stop",
    "presence_penalty": "presence_penalty",
    "frequency_penalty": "frequency_penalty",
}


def openai_body(model: str, request: Request, *, stream: bool) -> dict[str, Any]:
    body: dict[str, Any] = {"model": model, "messages": list(request.messages)}
    params = dict(request.params)
    extra = params.pop("extra_body", None)
    body.update(params)
    if request.max_tokens is not None:
        body["max_tokens"] = request.max_tokens
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
    body: dict[str, Any] = {"model": model, "messages": list(request.messages), "stream": stream}
    for key, value in request.params.items():
        if key in _OLLAMA_OPTIONS:
            options[_OLLAMA_OPTIONS[key]] = value
        elif key == "response_format":
            if isinstance(value, dict) and value.get("type") == "json_schema":
                body["format"] = value.get("json_schema", {}).get("schema", "json")
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
        body["options"] = options
    return body


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


def parse_openai_completion(data: Any, request: Request, fallback_model: str) -> tuple[str, int, int, str | None, str]:
    """(text, prompt_tokens, completion_tokens, finish_reason, model) of a chat.completion."""
    data = _need_dict(data, "response")
    choices = data.get("choices")
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
    return (
        text,
        estimate_prompt_tokens(request.messages) if prompt is None else prompt,
        estimate_text_tokens(text) if completion is None else completion,
        finish if isinstance(finish, str) else None,
        model,
    )


def parse_openai_chunk(data: Any) -> tuple[str, str | None, dict[str, Any] | None, str | None]:
    """(delta text, finish_reason, usage or None, model) of one chat.completion.chunk."""
    data = _need_dict(data, "stream chunk")
    if "error" in data:
        error = data["error"]
        message = error.get("message") if isinstance(error, dict) else error
        raise MalformedResponse(f"error inside stream: {message}")
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else None
    model = data.get("model") if isinstance(data.get("model"), str) else None
    choices = data.get("choices")
    if not isinstance(choices, list):
        raise MalformedResponse("stream chunk has no choices list")
    if not choices:
        return "", None, usage, model
    choice = _need_dict(choices[0], "chunk choices[0]")
    delta = choice.get("delta")
    text = "" if not isinstance(delta, dict) else _content(delta.get("content"), "delta.content")
    finish = choice.get("finish_reason")
    return text, finish if isinstance(finish, str) else None, usage, model


def parse_ollama_message(
    data: Any,
) -> tuple[str, bool, str | None, int | None, int | None, str | None]:
    """(text, done, done_reason, prompt_eval_count, eval_count, model) of an /api/chat object."""
    data = _need_dict(data, "response")
    if "error" in data:
        raise MalformedResponse(f"error inside response: {data['error']}")
    message = data.get("message")
    text = "" if message is None else _content(_need_dict(message, "message").get("content"), "message.content")
    done = data.get("done")
    if not isinstance(done, bool):
        raise MalformedResponse("response has no boolean 'done'")
    reason = data.get("done_reason")
    model = data.get("model") if isinstance(data.get("model"), str) else None
    return (
        text,
        done,
        reason if isinstance(reason, str) else ("stop" if done else None),
        token_count(data.get("prompt_eval_count")),
        token_count(data.get("eval_count")),
        model,
    )


def ollama_model_matches(configured: str, listed: str) -> bool:
    """Ollama names carry an implicit ``:latest`` tag."""

    def norm(name: str) -> str:
        return name if ":" in name else f"{name}:latest"

    return norm(configured) == norm(listed)
