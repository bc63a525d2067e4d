"""One normalised chat request, validated at the boundary.

``build_request`` turns the keyword arguments of ``complete``/``stream`` into a frozen
:class:`Request` or raises :class:`~hybrid_infer.errors.ConfigError` naming the field. It
is hand-written rather than a pydantic model because it runs on every call and must cost
microseconds; everything downstream (policies, transports, caches) trusts its output.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from hybrid_infer.errors import ConfigError

Message = dict[str, Any]
CacheMode = Literal["default", "no-cache", "no-store", "off", "only"]

ROLES = frozenset({"system", "developer", "user", "assistant", "tool"})
CACHE_MODES: frozenset[str] = frozenset({"default", "no-cache", "no-store", "off", "only"})

# Parameters forwarded to providers. They change the output, so the cache keys on them.
PROVIDER_PARAMS = frozenset(
    {
        "top_p",
        "top_k",
        "stop",
        "seed",
        "tools",
        "tool_choice",
        "response_format",
        "presence_penalty",
        "frequency_penalty",
        "logit_bias",
        "user",
        "extra_body",
    }
)

REQUEST_ARGUMENTS = (
    "messages",
    "use_case",
    "max_tokens",
    "temperature",
    "policy",
    "timeout_s",
    "queue_timeout_s",
    "deadline_s",
    "cache",
    "namespace",
    "cache_ttl_s",
)
"""The named arguments of ``complete``/``stream`` besides the prompt (for error messages)."""
MAX_PROMPT_CHARS = 8_000_000
MAX_SECONDS = 86_400.0 * 365
"""Upper bound of every duration setting: a year. Anything longer is a unit mistake (ms for s)."""
MAX_OUTPUT_TOKENS = 2**31 - 1
"""Upper bound of ``max_tokens``: the largest signed 32-bit integer. No model writes that
many tokens, and servers that read the field as a 32-bit integer still take it."""
_MAX_NESTING = 8
MAX_JSON_DEPTH = _MAX_NESTING * 4
"""How deep a request's JSON values (``extra_body``, ``tools``) may nest."""
_INT64 = (-(2**63), 2**63 - 1)
"""The range of ``seed``: what providers read it as (a larger one failed only when encoded)."""


@dataclass(frozen=True, slots=True)
class Request:
    """A validated request. ``params`` holds the provider parameters other than the named ones."""

    messages: tuple[Message, ...]
    use_case: str | None = None
    max_tokens: int | None = None
    temperature: float | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    stream: bool = False
    timeout_s: float | None = None
    queue_timeout_s: float | None = None
    deadline_s: float | None = None
    """End-to-end bound of the call to its answer (to its first token when streamed)."""
    created: float = field(default_factory=time.perf_counter, compare=False)
    """``time.perf_counter()`` when the caller made the call (on its own thread): where
    ``deadline_s`` counts from, before any hop to the client's loop thread."""
    policy: Any = None
    cache_mode: CacheMode = "default"
    namespace: str | None = None
    cache_ttl_s: float | None = None
    _cache_keys: dict[str, tuple[str, str | None]] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The cache keys (exact, context) computed for this request, by namespace: a miss looks
    its key up, waits on identical requests in flight under it, looks again and stores under
    it, and a long conversation's keys cost a canonical JSON encoding and two hashes each time."""

    def generation_params(self) -> dict[str, Any]:
        """Every parameter that changes the output, for transports and cache keys."""
        out = dict(self.params)
        if self.max_tokens is not None:
            out["max_tokens"] = self.max_tokens
        if self.temperature is not None:
            out["temperature"] = self.temperature
        return out

    @property
    def last_user_text(self) -> str:
        for message in reversed(self.messages):
            if message.get("role") == "user":
                content = message.get("content")
                return content if isinstance(content, str) else _parts_text(content)
        return ""


def _parts_text(content: Any) -> str:
    if isinstance(content, list):
        return " ".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping))
    return ""


def _has_content(message: Message) -> bool:
    """Whether a message says something: text that is not blank, a non-text part, or tool calls."""
    if message.get("tool_calls"):
        return True
    content = message.get("content")
    if isinstance(content, str):
        return not blank_text(content)
    if isinstance(content, list):
        return any(
            part.get("type") != "text" or (isinstance(part.get("text"), str) and not blank_text(part["text"]))
            for part in content
        )
    return False


_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff"


def deadline_start(request: Request, started: float) -> float:
    """The ``perf_counter`` time a request's ``deadline_s`` counts from: the call (``created``,
    on the caller's thread), or for a stream the moment it is first read (``started``)."""
    return started if request.stream else min(started, request.created)


def check_namespace(namespace: object, field: str = "namespace") -> str:
    """``namespace`` if it names a cache namespace; a :class:`ConfigError` on ``field`` if not.

    One rule wherever a namespace is given (a request, the cache settings, ``clear()``): a
    value with surrounding spaces or an invisible character would silently be another one."""
    if (
        not isinstance(namespace, str)
        or not namespace
        or len(namespace) > 200
        or namespace != namespace.strip()
        or not namespace.isprintable()
    ):
        raise ConfigError(
            "must be a non-empty string of at most 200 characters, without surrounding spaces, "
            "control or invisible characters",
            field=field,
        )
    return namespace


def blank_text(text: str) -> bool:
    """Whether ``text`` shows nothing: spaces and zero-width characters only."""
    return not text.strip().strip(_INVISIBLE).strip()


def shown_value(value: Any) -> str:
    """``repr(value)``, except for a huge integer: repr refuses one of over 4300 digits."""
    return "a larger integer" if isinstance(value, int) and value.bit_length() > 64 else repr(value)


def _number(value: Any, name: str, *, lo: float, hi: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"must be a number, got {type(value).__name__}", field=name)
    if not lo <= value <= hi or not math.isfinite(value):  # (a range check first: isfinite(10**400) overflows)
        raise ConfigError(f"must be a finite number in [{lo}, {hi}], got {shown_value(value)}", field=name)
    return float(value)


def output_tokens(value: Any, name: str) -> int:
    """``value`` as an output length in tokens, in [1, MAX_OUTPUT_TOKENS]; a larger number
    would reach the routing estimate (and the provider) only to overflow there."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_OUTPUT_TOKENS:
        raise ConfigError(f"must be an integer in [1, {MAX_OUTPUT_TOKENS}], got {shown_value(value)}", field=name)
    return value


def _positive_seconds(value: Any, name: str) -> float:
    """Seconds in (0, MAX_SECONDS]; ``queue_timeout_s`` may also be 0 (fail at once)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"must be a number, got {type(value).__name__}", field=name)
    zero_ok = name == "queue_timeout_s"
    if not ((value >= 0 if zero_ok else value > 0) and value <= MAX_SECONDS and math.isfinite(value)):
        bounds = f"{'[' if zero_ok else '('}0, {int(MAX_SECONDS)}]"
        raise ConfigError(f"must be a finite number of seconds in {bounds}, got {shown_value(value)}", field=name)
    return float(value)


_MIN_JSON_INT, _MAX_JSON_INT = -(2**63), 2**64 - 1
"""The integers a provider's JSON parser takes (signed or unsigned 64-bit)."""


def _check_json_value(value: Any, name: str, depth: int = 0) -> None:
    """Reject values a provider cannot receive as JSON (NaN, objects, absurd nesting)."""
    if depth > MAX_JSON_DEPTH:
        raise ConfigError("is nested too deeply", field=name)
    if value is None or isinstance(value, bool | str):
        return
    if isinstance(value, int):
        if not _MIN_JSON_INT <= value <= _MAX_JSON_INT:  # (Python refuses to print a 4,300-digit one)
            raise ConfigError("integers must fit in 64 bits", field=name)
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ConfigError("must not contain NaN or infinity", field=name)
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ConfigError("keys must be strings", field=name)
            _check_json_value(item, f"{name}.{key}", depth + 1)
        return
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _check_json_value(item, f"{name}[{i}]", depth + 1)
        return
    hint = ""
    if type(value).__name__ in ("ToolCall", "Result"):  # a Result's tool calls put in a message as they are
        hint = " (put result.assistant_message() in the messages: it holds the tool calls as JSON data)"
    raise ConfigError(f"must be JSON data, got {type(value).__name__}{hint}", field=name)


def _own_copy(value: Any) -> Any:
    """A copy of checked JSON data that shares no list or mapping with the caller's: a
    request keeps its meaning (and cache key) while the caller reuses or edits what it passed,
    even as the call is in flight."""
    if isinstance(value, Mapping):
        return {key: _own_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_own_copy(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_own_copy(item) for item in value)
    return value


def _check_text(text: str, name: str) -> int:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ConfigError("is not valid UTF-8 text (lone surrogate)", field=name) from exc
    return len(text)


def _normalise_message(raw: Any, i: int) -> tuple[Message, int]:
    name = f"messages[{i}]"
    if not isinstance(raw, Mapping):
        raise ConfigError(f"must be a mapping with role and content, got {type(raw).__name__}", field=name)
    role = raw.get("role")
    if not isinstance(role, str) or role not in ROLES:
        raise ConfigError(f"must be one of {sorted(ROLES)}, got {role!r}", field=f"{name}.role")
    content = raw.get("content")
    size = 0
    if isinstance(content, str):
        size = _check_text(content, f"{name}.content")
    elif isinstance(content, list):
        for j, part in enumerate(content):
            if not isinstance(part, Mapping) or not isinstance(part.get("type"), str) or not part["type"]:
                raise ConfigError("content parts need a non-empty string 'type'", field=f"{name}.content[{j}]")
            if part["type"] == "text" and not isinstance(part.get("text"), str):
                raise ConfigError("a text part needs its text as a string", field=f"{name}.content[{j}].text")
            if isinstance(part.get("text"), str):
                size += _check_text(part["text"], f"{name}.content[{j}].text")
        _check_json_value(content, f"{name}.content")
    elif content is None:
        if role != "assistant" or not raw.get("tool_calls"):
            raise ConfigError("is missing (only assistant tool calls may omit it)", field=f"{name}.content")
    else:
        raise ConfigError(
            f"must be a string or a list of parts, got {type(content).__name__}",
            field=f"{name}.content",
        )
    message: Message = {"role": role, "content": _own_copy(content)}
    for key, value in raw.items():
        if key in ("role", "content"):
            continue
        if key not in ("name", "tool_calls", "tool_call_id"):
            raise ConfigError("is not a known message field", field=f"{name}.{key}")
        if value is None:
            continue
        _check_json_value(value, f"{name}.{key}")
        if key == "tool_calls":
            _check_tool_calls(value, f"{name}.tool_calls")
        elif not isinstance(value, str) or not value:
            raise ConfigError(f"must be a non-empty string, got {type(value).__name__}", field=f"{name}.{key}")
        message[key] = _own_copy(value)
    if role == "tool" and "tool_call_id" not in message:
        # OpenAI-protocol providers refuse it (a 400 no fallback may hide); Ollama gets the
        # tool's name from it. Any deployment may serve the request: checked for all.
        raise ConfigError(
            "a tool message needs the tool_call_id of the call it answers (ToolCall.id)", field=f"{name}.tool_call_id"
        )
    return message, size


def _check_tool_calls(calls: Any, name: str) -> None:
    """An assistant's tool calls in the OpenAI shape: ``[{id, type, function: {name, arguments}}]``."""
    if not isinstance(calls, list):
        raise ConfigError(f"must be a list of tool calls, got {type(calls).__name__}", field=name)
    for i, call in enumerate(calls):
        where = f"{name}[{i}]"
        if not isinstance(call, Mapping):
            raise ConfigError("must be a mapping with a 'function'", field=where)
        function = call.get("function")
        if not isinstance(function, Mapping) or not isinstance(function.get("name"), str) or not function["name"]:
            raise ConfigError("needs a 'function' with a non-empty 'name'", field=f"{where}.function")
        arguments = function.get("arguments")
        if arguments is not None and not isinstance(arguments, str | Mapping):
            raise ConfigError("must be JSON text or a mapping", field=f"{where}.function.arguments")
        for field_name in ("id", "type"):
            if call.get(field_name) is not None and not isinstance(call[field_name], str):
                raise ConfigError("must be a string", field=f"{where}.{field_name}")


def plain_prompt_request(prompt: str, stream: bool) -> Request:
    """The fast path of :func:`build_request` for a non-empty prompt and no other argument."""
    try:
        prompt.encode("utf-8")
    except UnicodeEncodeError:
        return build_request(prompt, stream=stream)  # raises the ConfigError naming the field
    if blank_text(prompt):  # zero-width characters only
        return build_request(prompt, stream=stream)
    return Request(messages=({"role": "user", "content": prompt},), stream=stream)


_RESERVED_BODY_FIELDS = frozenset({"model", "messages", "stream", "stream_options"})
"""Body fields ``extra_body`` may not set."""


def build_request(
    prompt: Any = None,
    *,
    messages: Any = None,
    use_case: Any = None,
    max_tokens: Any = None,
    temperature: Any = None,
    policy: Any = None,
    timeout_s: Any = None,
    queue_timeout_s: Any = None,
    deadline_s: Any = None,
    stream: bool = False,
    cache: Any = "default",
    namespace: Any = None,
    cache_ttl_s: Any = None,
    params: Mapping[str, Any] | None = None,
) -> Request:
    """Validate the arguments of a completion call; raise ``ConfigError`` naming the field."""
    if prompt is not None and messages is not None:
        raise ConfigError("give either prompt or messages, not both", field="prompt")
    if prompt is not None:
        if not isinstance(prompt, str):
            raise ConfigError(f"must be a string, got {type(prompt).__name__}", field="prompt")
        if blank_text(prompt):
            raise ConfigError("must not be empty", field="prompt")
        size = _check_text(prompt, "prompt")
        normalised: tuple[Message, ...] = ({"role": "user", "content": prompt},)
    elif messages is not None:
        if isinstance(messages, str | bytes) or not isinstance(messages, Sequence):
            raise ConfigError("must be a list of {role, content} mappings", field="messages")
        if not messages:
            raise ConfigError("must not be empty", field="messages")
        out = []
        size = 0
        for i, raw in enumerate(messages):
            message, n = _normalise_message(raw, i)
            out.append(message)
            size += n
        if not any(m["role"] != "system" and _has_content(m) for m in out):
            raise ConfigError("needs at least one non-empty non-system message", field="messages")
        normalised = tuple(out)
    else:
        raise ConfigError("give a prompt or messages", field="prompt")
    if size > MAX_PROMPT_CHARS:
        raise ConfigError(f"is {size} characters; the limit is {MAX_PROMPT_CHARS}", field="messages")

    if use_case is not None and (not isinstance(use_case, str) or not use_case.strip() or use_case != use_case.strip()):
        raise ConfigError(f"must be a non-empty string without surrounding spaces, got {use_case!r}", field="use_case")
    extra: dict[str, Any] = {}
    for key, value in (params or {}).items():
        if key not in PROVIDER_PARAMS:
            raise ConfigError(
                f"is not a known argument (named: {', '.join(REQUEST_ARGUMENTS)}; "
                f"provider parameters: {', '.join(sorted(PROVIDER_PARAMS))})",
                field=key,
            )
        if value is None:
            continue
        _check_json_value(value, key)
        if key == "top_p":
            value = _number(value, key, lo=0.0, hi=1.0)
        elif key == "seed" and (
            isinstance(value, bool) or not isinstance(value, int) or not _INT64[0] <= value <= _INT64[1]
        ):
            raise ConfigError(f"must be a 64-bit integer, got {shown_value(value)}", field=key)
        elif key == "extra_body" and not isinstance(value, Mapping):
            raise ConfigError(
                f"must be a mapping of fields to add to the request body, got {type(value).__name__}", field=key
            )
        elif key == "extra_body" and (reserved := sorted(_RESERVED_BODY_FIELDS.intersection(value))):
            # the router sets these: overriding them would send another model or conversation
            # than the one validated, or a stream the transport does not read
            raise ConfigError(
                "is set by the router; pass the conversation, model (a deployment) and stream= as arguments",
                field=f"extra_body.{reserved[0]}",
            )
        elif key == "stop" and not (
            isinstance(value, str) or (isinstance(value, list) and all(isinstance(s, str) for s in value))
        ):
            raise ConfigError("must be a string or a list of strings", field=key)
        extra[key] = _own_copy(value)
    if not (isinstance(cache, str) and cache in CACHE_MODES):
        raise ConfigError(f"must be one of {sorted(CACHE_MODES)}, got {cache!r}", field="cache")
    if namespace is not None:
        check_namespace(namespace)
    return Request(
        messages=normalised,
        use_case=use_case,
        max_tokens=None if max_tokens is None else output_tokens(max_tokens, "max_tokens"),
        temperature=None if temperature is None else _number(temperature, "temperature", lo=0.0, hi=2.0),
        params=extra,
        stream=stream,
        timeout_s=None if timeout_s is None else _positive_seconds(timeout_s, "timeout_s"),
        queue_timeout_s=None if queue_timeout_s is None else _positive_seconds(queue_timeout_s, "queue_timeout_s"),
        deadline_s=None if deadline_s is None else _positive_seconds(deadline_s, "deadline_s"),
        policy=policy,
        cache_mode=cast(CacheMode, cache),
        namespace=namespace,
        cache_ttl_s=None if cache_ttl_s is None else _positive_seconds(cache_ttl_s, "cache_ttl_s"),
    )
