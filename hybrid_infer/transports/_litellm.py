"""The universal transport: every provider litellm knows, behind our transport interface.

litellm is imported on the first call that needs it (``import litellm`` costs seconds and
~200 MB), with its cost map pinned to the local copy so nothing reaches for the network.
Its retries are disabled (the engine decides failover) and its exceptions are mapped to
the same :mod:`hybrid_infer.errors` classes the native transport raises for the same
wire situation.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import inspect
import json
import logging
import os
from collections.abc import AsyncGenerator, Iterable, Mapping
from types import ModuleType
from typing import Any

from hybrid_infer._config import Deployment
from hybrid_infer._request import Request
from hybrid_infer._secrets import LITELLM_LOGGERS, MIN_SECRET, KeyMaskFilter, retire
from hybrid_infer._tokens import estimate_completion_tokens, estimate_prompt_tokens
from hybrid_infer.errors import (
    AuthenticationFailed,
    DeploymentNotFound,
    MalformedResponse,
    ProviderConnectionError,
    ProviderError,
    ProviderTimeout,
    RequestRejected,
    ServerError,
    UnsupportedRequest,
)
from hybrid_infer.transports._base import (
    Completion,
    ProbeReport,
    Transport,
    api_key_of,
    error_for_status,
    looks_like_context_overflow,
)
from hybrid_infer.transports._wire import ToolCallDeltas, openai_tool_calls, token_count

_REFUSED_MARKERS = (
    "connection refused",
    "connect call failed",
    "errno 111",
    "all connection attempts failed",
)
_MALFORMED_MARKERS = (
    "jsondecodeerror",
    "expecting value",
    "invalid json",
    "unterminated string",
    "extra data",
    "validation error",
    "not valid json",
)

_EMPTY_BODY_MARKERS = ("empty or invalid response from llm endpoint",)
"""litellm's words for a 200 whose body is not a completion (an HTML page from a proxy)."""

_log = logging.getLogger("hybrid_infer")


def load_litellm() -> ModuleType:
    """Import litellm quietly, offline (local cost map, no telemetry)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_TELEMETRY", "False")
    module = importlib.import_module("litellm")
    # litellm cuts a stream after 100 identical chunks in a row ('the model is repeating');
    # an answer may legitimately repeat ('0 0 0 ...', a '-----' rule), and the native
    # transport does not cut it: timeouts bound a runaway stream instead.
    setattr(module, "REPEATED_STREAMING_CHUNK_LIMIT", 1_000_000_000)  # noqa: B010
    setattr(module, "telemetry", False)  # noqa: B010 - untyped module attributes
    setattr(module, "suppress_debug_info", True)  # noqa: B010
    return module


_LOADING_WAIT_S = 60.0
"""How long closing waits for litellm's import and warm-up to end (a few seconds here)."""


def _load_and_warm(models: tuple[str, ...]) -> ModuleType:
    """Import litellm, then answer one made-up call per provider prefix (``mock_response``:
    no request leaves the process). litellm's first real call otherwise loads a tokenizer and
    more modules, about 0.6 s here, counted against that call's ``timeout_s``."""
    module = load_litellm()
    # 'no-log': the application's own litellm callbacks (an observability hook) must not
    # record these made-up calls
    quiet: dict[str, Any] = {"mock_response": "ok", "no-log": True}
    for model in models:
        messages = [{"role": "user", "content": "warm-up"}]
        with contextlib.suppress(Exception):  # best effort: a real call still works without it
            for _ in module.completion(model=model, messages=messages, stream=True, **quiet):
                pass
            module.completion(model=model, messages=messages, **quiet)
    return module


async def _close_loop_clients(litellm: ModuleType) -> None:
    """Drop and close the clients litellm cached for the running loop (litellm internals,
    pinned version: any surprise is logged and skipped, never raised)."""
    try:
        from litellm.caching.evicted_client_closer import _has_connection_in_flight, running_loop_token

        cache = litellm.in_memory_llm_clients_cache
        token = running_loop_token()
        if token is None:
            return
        suffix = f"-{token}"
        for key in [k for k in list(cache.cache_dict) if isinstance(k, str) and k.endswith(suffix)]:
            client = cache.cache_dict.get(key)
            cache._remove_key(key)  # also queues litellm's deferred close: harmless after ours
            if client is None or _has_connection_in_flight(client):
                continue
            close = getattr(client, "aclose", None) or getattr(client, "close", None)
            if close is not None:
                outcome = close()
                if inspect.isawaitable(outcome):
                    await outcome
    except Exception as exc:  # best effort: a leak is better than a failed close
        _log.debug("could not close litellm's cached clients: %s", exc)


def _headers_of(exc: BaseException) -> Mapping[str, str]:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if headers is None:
        headers = getattr(exc, "litellm_response_headers", None)
    try:
        return dict(headers) if headers is not None else {}
    except (TypeError, ValueError):
        return {}


_CONNECTION_TYPES = frozenset(
    {
        "APIConnectionError",
        "ConnectError",
        "ClientConnectorError",
        "ServerDisconnectedError",
        "ClientPayloadError",
        "RemoteProtocolError",
        "ReadError",
        "ClientOSError",
        "ConnectionResetError",
        "TransferEncodingError",
        "ContentLengthError",
        "IncompleteRead",
    }
)
_TIMEOUT_TYPES = frozenset(
    {
        "Timeout",
        "APITimeoutError",
        "ReadTimeout",
        "ConnectTimeout",
        "TimeoutError",
        "ServerTimeoutError",
    }
)


_CLIENT_TIMEOUTS = frozenset(
    {
        "APITimeoutError",
        "ReadTimeout",
        "ConnectTimeout",
        "WriteTimeout",
        "PoolTimeout",
        "TimeoutError",
        "ServerTimeoutError",
    }
)
"""Timeouts of the HTTP client itself: with none of them, litellm's 408 is the server's."""


def _causes(exc: BaseException) -> list[BaseException]:
    """The exception and what it wraps (litellm hides transport errors several levels deep)."""
    seen: list[BaseException] = []
    stack: list[BaseException | None] = [exc]
    while stack and len(seen) < 16:
        item = stack.pop()
        if item is None or any(item is s for s in seen):
            continue
        seen.append(item)
        stack.extend((item.__cause__, item.__context__))
    return seen


def map_litellm_error(exc: BaseException, deployment: Deployment) -> ProviderError:
    """Our error class for a litellm/openai exception, matching the native transport."""
    name = deployment.name
    kind = type(exc).__name__
    message = str(exc)
    lowered = message.lower()
    status = getattr(exc, "status_code", None)
    if isinstance(exc, ProviderError):
        return exc
    causes = _causes(exc)
    kinds = {type(c).__name__ for c in causes}
    if isinstance(exc, asyncio.TimeoutError) or kinds & _TIMEOUT_TYPES:
        # litellm reports its own timeouts as 408 too: keep a status only for a real 408 answer
        answered = isinstance(status, int) and status == 408 and not (kinds & _CLIENT_TIMEOUTS)
        if answered:
            return ProviderTimeout(f"HTTP 408: {message[:200]}", deployment=name, status=408)
        return ProviderTimeout("timed out", deployment=name)
    if any(isinstance(c, json.JSONDecodeError | UnicodeDecodeError) for c in causes):
        return MalformedResponse(f"invalid response body: {message[:300]}", deployment=name)
    if any(isinstance(c, ConnectionRefusedError) for c in causes):
        return ProviderConnectionError(f"cannot connect: {message[:200]}", deployment=name, refused=True)
    if kinds & _CONNECTION_TYPES and not any(m in lowered for m in _MALFORMED_MARKERS):
        return ProviderConnectionError(f"connection failed: {message[:300]}", deployment=name)
    if kind == "ContextWindowExceededError":
        return error_for_status(400, "context_length_exceeded: " + message[:300], deployment=name)
    if any(isinstance(c, KeyError | TypeError) for c in causes) and _raised_in(causes, "chunk_parser"):
        # a stream line of JSON that is not the protocol's ('{"foo": 1}'): litellm calls it
        # a bad request, the native transport a malformed response
        return MalformedResponse(f"invalid stream chunk: {message[:300]}", deployment=name)
    if kind in ("APIConnectionError", "ConnectError", "ConnectionError"):
        if any(marker in lowered for marker in _MALFORMED_MARKERS):
            return MalformedResponse(f"invalid response body: {message[:300]}", deployment=name)
        return ProviderConnectionError(
            f"connection failed: {message[:300]}",
            deployment=name,
            refused=any(marker in lowered for marker in _REFUSED_MARKERS),
        )
    if kind in ("APIResponseValidationError", "JSONDecodeError", "JSONSchemaValidationError"):
        return MalformedResponse(f"invalid response body: {message[:300]}", deployment=name)
    if "stream ended before a finish_reason" in lowered:
        # the stream stopped without saying it was done: the native transport's early end
        return ProviderConnectionError(f"stream ended early: {message[:300]}", deployment=name)
    if kind == "MidStreamFallbackError" or _raised_in(causes, "convert_to_model_response_object"):
        # an error object where a completion or a chunk belongs (litellm gives it a made-up
        # status): the native transport's "error inside the body or stream"
        return MalformedResponse(f"error object in the response: {message[:300]}", deployment=name)
    if any(marker in lowered for marker in _EMPTY_BODY_MARKERS):
        return MalformedResponse(f"invalid response body: {message[:300]}", deployment=name)
    if kind == "UnsupportedParamsError":
        # litellm refused before sending: a parameter this provider does not take (seed for
        # Anthropic); another deployment may take it (litellm gives it a status of 400)
        return UnsupportedRequest(message[:400], deployment=name)
    if isinstance(status, int) and status >= 400:
        if status < 500 and status not in (401, 403, 408, 429) and looks_like_context_overflow(message):
            return error_for_status(400, message[:400], deployment=name)
        return error_for_status(status, message[:400], deployment=name, headers=_headers_of(exc))
    if kind in ("AuthenticationError", "PermissionDeniedError"):
        return AuthenticationFailed(message[:400], deployment=name)
    if kind == "NotFoundError":
        return DeploymentNotFound(message[:400], deployment=name, status=404)
    if kind in ("BadRequestError", "UnprocessableEntityError"):
        return RequestRejected(message[:400], deployment=name)
    if kind in ("InternalServerError", "ServiceUnavailableError", "BadGatewayError", "APIError"):
        if any(marker in lowered for marker in _MALFORMED_MARKERS):
            return MalformedResponse(f"invalid response body: {message[:300]}", deployment=name)
        return ServerError(message[:400], deployment=name)
    if isinstance(exc, ValueError | KeyError | TypeError | AttributeError | IndexError):
        return MalformedResponse(f"invalid response: {kind}: {message[:300]}", deployment=name)
    return ProviderConnectionError(f"{kind}: {message[:300]}", deployment=name)


def _raised_in(causes: list[BaseException], function: str) -> bool:
    """Whether one of ``causes`` was raised inside litellm's ``function`` (pinned version)."""
    for cause in causes:
        tb = cause.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_name == function:
                return True
            tb = tb.tb_next
    return False


def _attr(obj: Any, key: str) -> Any:
    """``obj.key`` or ``obj[key]``: litellm hands back objects, occasionally plain dicts."""
    if type(obj) is dict:  # the common cases first: no ABC check per streamed chunk
        return obj.get(key)
    value = getattr(obj, key, None)
    if value is None and isinstance(obj, Mapping):
        return obj.get(key)
    return value


class LiteLLMTransport(Transport):
    """Calls ``litellm.acompletion`` with retries off; maps its results and errors to ours."""

    def __init__(self, deployments: Iterable[Deployment] = ()) -> None:
        """``deployments``: those whose keys litellm's own log records must not show
        (litellm logs some provider errors itself, with what the provider echoed)."""
        self._litellm: ModuleType | None = None
        self._loading: asyncio.Future[ModuleType] | None = None
        self._prober: Transport | None = None
        self._deployments = tuple(deployments)
        self._log_filter: KeyMaskFilter | None = None
        if self._deployments:
            # litellm's DEBUG records dump whole requests, user prompts included: dropped unless
            # HYBRID_INFER_LITELLM_DEBUG=1 (keys are masked either way)
            self._log_filter = KeyMaskFilter(self._keys, drop_debug=True)
            for name in LITELLM_LOGGERS:
                logging.getLogger(name).addFilter(self._log_filter)

    def _keys(self) -> list[str]:
        """Every secret of this transport's deployments: keys given, keys litellm reads
        from the environment for a deployment given none, passwords in ``api_base``."""
        keys = []
        for deployment in self._deployments:
            keys += [secret for secret in deployment.secrets() if len(secret) >= MIN_SECRET]
        return keys

    async def probe(self, deployment: Deployment, timeout_s: float) -> ProbeReport | None:
        """Probe OpenAI-compatible and Ollama endpoints over plain HTTP; others: unsupported.

        litellm has no cheap liveness call, so other providers are judged by their calls;
        their probe only checks that an ``api_key`` reference names a variable that is set
        (``MissingApiKey`` if not: every call would fail at once, so it shows unhealthy).
        """
        if deployment.protocol == "litellm":
            api_key_of(deployment)
            return None
        if self._prober is None:
            from hybrid_infer.transports._native import NativeTransport

            self._prober = NativeTransport()
        return await self._prober.probe(deployment, timeout_s)

    async def aclose(self) -> None:
        """Close the prober, and the HTTP clients litellm keeps for this event loop.

        litellm caches its SDK clients per event loop for ten minutes; a client closed (or a
        loop ended) would otherwise leave their pooled sockets open until then or the
        process exits. Clients with a request in flight (another user of litellm on this
        loop) are left to litellm's own deferred close.
        """
        if self._prober is not None:
            await self._prober.aclose()
            self._prober = None
        loading = self._loading
        if loading is not None and not loading.done():
            # litellm's import and warm-up run in a worker thread that cannot be stopped: one
            # still running when the process exits can leave a litellm thread frozen inside an
            # import, and the interpreter's last collection then waits on that import for ever
            # (review 55: 'hybrid-infer health' hung at exit in 2 runs of 14). Let it finish.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(loading), _LOADING_WAIT_S)
        done = loading is not None and loading.done() and not loading.cancelled()
        if self._litellm is None and done and loading is not None and loading.exception() is None:
            self._litellm = loading.result()
        if self._litellm is not None:
            await _close_loop_clients(self._litellm)
        if self._log_filter is not None:
            for name in LITELLM_LOGGERS:
                retire(logging.getLogger(name), self._log_filter)
            self._log_filter = None

    async def ready(self) -> None:
        """Import litellm in a worker thread (seconds), once, without blocking the loop."""
        if self._litellm is not None:
            return
        if self._loading is None:
            models = {d.model.split("/", 1)[0]: d.model for d in self._deployments}.values()
            self._loading = asyncio.ensure_future(asyncio.to_thread(_load_and_warm, tuple(models)))
        self._litellm = await asyncio.shield(self._loading)

    def _module(self) -> ModuleType:
        if self._litellm is None:
            self._litellm = load_litellm()
        return self._litellm

    def _kwargs(self, deployment: Deployment, request: Request, timeout_s: float, stream: bool) -> dict[str, Any]:
        params = dict(request.params)
        extra = params.pop("extra_body", None)
        kwargs: dict[str, Any] = {
            "model": deployment.model,
            "messages": [dict(m) for m in request.messages],
            "timeout": timeout_s,
            "max_retries": 0,
            "num_retries": 0,
            **params,
        }
        if deployment.api_base:
            kwargs["api_base"] = deployment.api_base
        key = api_key_of(deployment)
        if key:
            kwargs["api_key"] = key
        elif deployment.api_base and deployment.protocol == "openai":
            # Self-hosted OpenAI-compatible servers take no key; litellm insists on one.
            kwargs["api_key"] = "no-key"
        if request.max_tokens is not None:
            kwargs["max_tokens"] = request.max_tokens
        if request.temperature is not None:
            kwargs["temperature"] = request.temperature
        if isinstance(extra, dict):
            kwargs["extra_body"] = extra
        if stream:
            kwargs["stream"] = True
            kwargs["stream_options"] = {"include_usage": True}
        return kwargs

    async def complete(self, deployment: Deployment, request: Request, timeout_s: float) -> Completion:
        litellm = self._module()
        try:
            response = await litellm.acompletion(**self._kwargs(deployment, request, timeout_s, False))
            choice = response.choices[0]
            text = _attr(choice.message, "content") or ""
            if not isinstance(text, str):
                raise MalformedResponse("content is not a string", deployment=deployment.name)
            usage = _attr(response, "usage")
            # litellm reports a body without usage as 0 / 0 tokens: estimate those, as the
            # native transport does (a real prompt has at least one token)
            calls = openai_tool_calls(_plain_calls(_attr(choice.message, "tool_calls")))
            prompt = token_count(_attr(usage, "prompt_tokens")) or None
            completion = token_count(_attr(usage, "completion_tokens")) or (0 if not (text or calls) else None)
            return Completion(
                text=text,
                prompt_tokens=estimate_prompt_tokens(request.messages) if prompt is None else prompt,
                completion_tokens=estimate_completion_tokens(text, calls) if completion is None else completion,
                finish_reason=_finish(_attr(choice, "finish_reason")),
                model=_attr(response, "model") or deployment.wire_model,
                tool_calls=calls,
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            raise map_litellm_error(exc, deployment) from exc

    async def stream(
        self, deployment: Deployment, request: Request, timeout_s: float
    ) -> AsyncGenerator[str | Completion, None]:
        litellm = self._module()
        parts: list[str] = []
        finish: str | None = None
        prompt = completion = None
        model = deployment.wire_model
        response: Any = None
        finished = False
        calls: ToolCallDeltas | None = None
        try:
            response = await litellm.acompletion(**self._kwargs(deployment, request, timeout_s, True))
            async for chunk in response:
                usage = _attr(chunk, "usage")
                if usage is not None:
                    prompt = token_count(_attr(usage, "prompt_tokens")) or prompt
                    completion = token_count(_attr(usage, "completion_tokens")) or completion
                model = _attr(chunk, "model") or model
                choices = _attr(chunk, "choices") or []
                if not choices:
                    continue
                choice = choices[0]
                finish = _finish(_attr(choice, "finish_reason")) or finish
                message = _attr(choice, "delta")
                delta = _attr(message, "content")
                has_text = isinstance(delta, str) and bool(delta)
                if has_text:
                    parts.append(delta)
                    yield delta
                fragments = _attr(message, "tool_calls")
                if fragments:
                    calls = calls or ToolCallDeltas()
                    calls.add(_plain_calls(fragments) or [])
                    if not has_text:
                        yield ""  # progress without text: restarts the engine's wait
            finished = True
        except asyncio.CancelledError:
            raise
        except GeneratorExit:
            raise
        except Exception as exc:
            raise map_litellm_error(exc, deployment) from exc
        finally:
            if not finished and response is not None:
                # Stopped early (generator closed, task cancelled): litellm's wrapper does not
                # close its HTTP response on its own, so the provider would keep generating
                # after the engine hands our slot to the next request. Close it now, as the
                # native transport's ``async with`` does; shielded so a second cancel cannot
                # leave it half-closed.
                await asyncio.shield(_aclose(response))
        if finish is None or not _provider_finished(response):
            # litellm ends a cut stream quietly, and makes up "stop" for a stream that never
            # gave a finish reason (an empty body, a lone [DONE], Ollama lines it dropped):
            # a stream without the provider's own finish reason is broken.
            raise ProviderConnectionError("stream ended without a finish reason", deployment=deployment.name)
        text = "".join(parts)
        tool_calls = () if calls is None else calls.calls()
        yield Completion(
            text=text,
            prompt_tokens=estimate_prompt_tokens(request.messages) if prompt is None else prompt,
            completion_tokens=estimate_completion_tokens(text, tool_calls) if completion is None else completion,
            finish_reason=finish,
            model=model,
            tool_calls=tool_calls,
        )


def _plain_calls(calls: Any) -> list[dict[str, Any]] | None:
    """litellm's tool-call objects (or deltas) as the OpenAI JSON the codecs read."""
    if not calls:
        return None
    plain = []
    for call in calls:
        function = _attr(call, "function")
        entry: dict[str, Any] = {
            "id": _attr(call, "id"),
            "function": {"name": _attr(function, "name"), "arguments": _attr(function, "arguments")},
        }
        if (index := _attr(call, "index")) is not None:
            entry["index"] = index
        plain.append(entry)
    return plain


async def _aclose(stream: Any) -> None:
    """Close a litellm stream (and the HTTP response under it); never raises."""
    close = getattr(stream, "aclose", None)
    if close is not None:
        with contextlib.suppress(Exception):  # best effort: the stream is being abandoned
            await close()


def _provider_finished(response: Any) -> bool:
    """Whether the provider itself ended the stream with a finish reason. litellm's stream
    wrapper records the ones it received; the final chunk it builds says "stop" either way."""
    received = [getattr(response, name, _UNKNOWN) for name in ("received_finish_reason", "intermittent_finish_reason")]
    if all(value is _UNKNOWN for value in received):
        return True  # a wrapper without those records: trust its finish reason
    return any(isinstance(value, str) and value for value in received)


_UNKNOWN = object()


def _finish(value: Any) -> str | None:
    return value if isinstance(value, str) else None
