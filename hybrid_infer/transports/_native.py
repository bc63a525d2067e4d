"""The fast transport: OpenAI-compatible and Ollama chat over one pooled aiohttp session.

These two protocols cover Ollama, llama.cpp server, vLLM, LM Studio and OpenAI itself,
and speaking them directly costs a fraction of a millisecond per call where litellm costs
several. It does not retry, time out or pick deployments (the engine does), and it does
not know other providers' protocols (that is :class:`LiteLLMTransport`'s job).
"""

from __future__ import annotations

import asyncio
import errno
import json
import re
import time
from collections.abc import AsyncGenerator
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from hybrid_infer._config import Deployment
from hybrid_infer._request import Request
from hybrid_infer._tokens import estimate_completion_tokens, estimate_prompt_tokens
from hybrid_infer.errors import (
    AuthenticationFailed,
    MalformedResponse,
    ProviderConnectionError,
    ProviderError,
    ProviderTimeout,
    RequestRejected,
    UnsupportedRequest,
)
from hybrid_infer.transports._base import Completion, ProbeReport, Transport, api_key_of, error_for_status
from hybrid_infer.transports._proxy import Proxy, proxy_for
from hybrid_infer.transports._streams import OllamaDecoder, SseDecoder, StreamDecoder, split_lines
from hybrid_infer.transports._wire import (
    ollama_body,
    ollama_model_matches,
    openai_body,
    parse_ollama_message,
    parse_openai_completion,
)

DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024
_ERROR_BODY_BYTES = 64 * 1024
_IDLE_CONNECTION_S = 4.0


def _is_refused(exc: BaseException) -> bool:
    os_error = getattr(exc, "os_error", None)
    for candidate in (os_error, exc, exc.__cause__):
        if isinstance(candidate, ConnectionRefusedError):
            return True
        if isinstance(candidate, OSError) and candidate.errno == errno.ECONNREFUSED:
            return True
    return "connect call failed" in str(exc).lower()


def _error_message(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace")
    try:
        data = json.loads(text)
    except ValueError:
        return text.strip()[:300] or "empty error body"
    if isinstance(data, dict):
        error = data.get("error", data)
        if isinstance(error, dict):
            parts = [str(error.get(k)) for k in ("message", "code") if error.get(k)]
            return " | ".join(parts) or text[:300]
        return str(error)[:300]
    return text[:300]


class NativeTransport(Transport):
    """OpenAI chat completions (JSON + SSE) and Ollama ``/api/chat`` (JSON + NDJSON)."""

    enforces_idle_timeout = True  # streams use aiohttp's socket read timeout

    def __init__(self, *, max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES) -> None:
        self.max_response_bytes = max_response_bytes
        self._session: aiohttp.ClientSession | None = None
        self._endpoints: dict[str, tuple[str, bool, str]] = {}
        self._proxies: dict[str, Proxy | None] = {}
        self._streaming: set[aiohttp.ClientResponse] = set()
        """Responses being streamed: closing the session does not wake their readers, so
        ``aclose`` closes them (the caller's stream then ends at once, not at its idle timeout)."""

    def _client(self) -> aiohttp.ClientSession:
        session = self._session
        if session is None or session.closed:
            # idle connections are dropped before common servers drop them (uvicorn: 5 s,
            # nginx upstream keep-alive: 60 s, Ollama: 5 min): a call sent on a connection
            # the server is closing fails with "Server disconnected" though it was never read
            connector = aiohttp.TCPConnector(limit=0, ttl_dns_cache=300, keepalive_timeout=_IDLE_CONNECTION_S)
            session = self._session = aiohttp.ClientSession(
                connector=connector,
                timeout=aiohttp.ClientTimeout(total=None),
                skip_auto_headers=("User-Agent",),
                headers={"User-Agent": "hybrid-infer"},
            )
        return session

    async def aclose(self) -> None:
        for response in list(self._streaming):
            response.close()
        self._streaming.clear()
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None

    # --- helpers -----------------------------------------------------------------

    def _endpoint(self, deployment: Deployment) -> tuple[str, bool, str]:
        """(URL, is_ollama, wire model) of the chat endpoint, computed once per deployment."""
        cached = self._endpoints.get(deployment.name)
        if cached is None:
            base = deployment.resolved_api_base or ""
            is_ollama = deployment.protocol == "ollama"
            url = base + ("/api/chat" if is_ollama else "/chat/completions")
            cached = self._endpoints[deployment.name] = (url, is_ollama, deployment.wire_model)
        return cached

    def _proxy(self, deployment: Deployment) -> Proxy | None:
        """The proxy to reach ``deployment`` through, read from the environment once per deployment."""
        name = deployment.name
        if name not in self._proxies:
            self._proxies[name] = proxy_for(deployment.resolved_api_base or "")
        return self._proxies[name]

    def _via(self, deployment: Deployment) -> dict[str, Any]:
        """aiohttp's proxy arguments for ``deployment`` (its credentials go with the CONNECT of
        an ``https`` call; a plain ``http`` call carries them in its own headers)."""
        proxy = self._proxy(deployment)
        return {"proxy": proxy.url, "proxy_headers": proxy.headers} if proxy is not None else {}

    def _headers(self, deployment: Deployment) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        key = api_key_of(deployment)
        if key:
            headers["Authorization"] = f"Bearer {key}"
        proxy = self._proxy(deployment)
        if proxy is not None and proxy.headers and urlsplit(deployment.resolved_api_base or "").scheme == "http":
            headers.update(proxy.headers)
        return headers

    async def _read_body(self, response: aiohttp.ClientResponse, deployment: Deployment) -> bytes:
        length = response.content_length
        # Content-Length is the size on the wire: a compressed body (gzip, deflate, br) may
        # inflate far past it, so only an uncompressed one is read in one go.
        encoded = response.headers.get("Content-Encoding", "identity").strip().lower() not in ("", "identity")
        if length is not None and length <= self.max_response_bytes and not encoded:
            return await response.read()
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.content.iter_any():
            size += len(chunk)
            if size > self.max_response_bytes:
                raise MalformedResponse(
                    f"response larger than {self.max_response_bytes} bytes",
                    deployment=deployment.name,
                )
            chunks.append(chunk)
        return b"".join(chunks)

    async def _raise_for_status(self, response: aiohttp.ClientResponse, deployment: Deployment) -> None:
        if response.status < 400:
            return
        raw = await _read_up_to(response, _ERROR_BODY_BYTES)
        raise error_for_status(
            response.status,
            _error_message(raw),
            deployment=deployment.name,
            headers=response.headers,
        )

    @staticmethod
    def _map_exception(exc: BaseException, deployment: Deployment) -> ProviderError:
        name = deployment.name
        if isinstance(exc, ProviderError):
            exc.deployment = exc.deployment or name
            return exc
        if isinstance(exc, TimeoutError):
            return ProviderTimeout("timed out", deployment=name)
        if isinstance(exc, aiohttp.ClientHttpProxyError):  # the proxy refused (its URL, never quoted)
            said = f"the proxy answered HTTP {exc.status}: {exc.message}"[:300]
            if exc.status == 407:
                return AuthenticationFailed(said, deployment=name, status=407)
            return ProviderConnectionError(said, deployment=name)
        if isinstance(exc, aiohttp.ClientConnectorError):
            return ProviderConnectionError(
                f"cannot connect: {exc.os_error.strerror or exc}",
                deployment=name,
                refused=_is_refused(exc),
            )
        if isinstance(exc, aiohttp.ClientError | ConnectionError):
            return ProviderConnectionError(f"connection failed: {type(exc).__name__}: {exc}"[:300], deployment=name)
        if isinstance(exc, ValueError | UnicodeDecodeError):
            return MalformedResponse(f"invalid response body: {exc}"[:300], deployment=name)
        return MalformedResponse(f"unexpected response: {type(exc).__name__}: {exc}"[:300], deployment=name)

    # --- calls ---------------------------------------------------------------------

    async def complete(self, deployment: Deployment, request: Request, timeout_s: float) -> Completion:
        url, is_ollama, model = self._endpoint(deployment)
        data = _encode(_body(deployment, request, stream=False), deployment)
        try:
            async with self._client().post(
                url, data=data, headers=self._headers(deployment), **self._via(deployment)
            ) as response:
                await self._raise_for_status(response, deployment)
                data = json.loads(await self._read_body(response, deployment))
            if is_ollama:
                text, done, reason, prompt, completion, got_model, calls = parse_ollama_message(data)
                if not done:
                    raise MalformedResponse("non-streaming response is not done")
                return Completion(
                    text=text,
                    prompt_tokens=estimate_prompt_tokens(request.messages) if prompt is None else prompt,
                    completion_tokens=estimate_completion_tokens(text, calls) if completion is None else completion,
                    finish_reason=reason,
                    model=got_model or model,
                    tool_calls=calls,
                )
            text, prompt, completion, reason, got_model, calls = parse_openai_completion(data, request, model)
            return Completion(text, prompt, completion, reason, got_model, calls)
        except asyncio.CancelledError:
            raise
        except BaseException as exc:
            if not isinstance(exc, Exception):
                raise
            mapped = self._map_exception(exc, deployment)
            if mapped is exc:  # raised inside the call: as it is, never its own __cause__
                raise
            raise mapped from exc

    async def stream(
        self, deployment: Deployment, request: Request, timeout_s: float
    ) -> AsyncGenerator[str | Completion, None]:
        url, is_ollama, model = self._endpoint(deployment)
        body = _body(deployment, request, stream=True)
        decoder: StreamDecoder = OllamaDecoder(request, model) if is_ollama else SseDecoder(request, model)
        feed = decoder.feed
        limit = self.max_response_bytes
        size = 0
        pending: list[bytes] = []  # the pieces of a line not ended yet
        idle = aiohttp.ClientTimeout(total=None, sock_read=timeout_s)
        response: aiohttp.ClientResponse | None = None
        try:
            async with self._client().post(
                url,
                data=_encode(body, deployment),
                headers=self._headers(deployment),
                timeout=idle,
                **self._via(deployment),
            ) as response:
                await self._raise_for_status(response, deployment)
                self._streaming.add(response)
                # sock_read bounds silence; this bounds a wait for text that keep-alive
                # comments or empty deltas would otherwise stretch forever. Only the time spent
                # waiting for the server counts (not the caller's time between chunks), checked
                # once per network read: two clock reads per read, not per token.
                waited = 0.0
                mark = time.monotonic()
                async for data in response.content.iter_any():
                    waited += time.monotonic() - mark
                    size += len(data)
                    if size > limit:
                        raise MalformedResponse("streamed answer too large", deployment=deployment.name)
                    if b"\n" not in data and b"\r" not in data:  # a long line goes on: keep, do not rescan
                        pending.append(data)
                        if waited > timeout_s:
                            raise ProviderTimeout(f"no text for {timeout_s:g}s", deployment=deployment.name)
                        mark = time.monotonic()
                        continue
                    lines, rest = split_lines(b"".join((*pending, data)) if pending else data)
                    pending = [rest] if rest else []
                    texts = False
                    for line in lines:
                        delta = feed(line)
                        if delta:
                            texts = True
                            yield delta
                        if decoder.result is not None:
                            yield decoder.result
                            return
                    if decoder.called:  # a tool call being streamed: progress without text
                        decoder.called = False
                        waited = 0.0
                        if not texts:
                            yield ""
                    elif texts:
                        waited = 0.0
                    elif waited > timeout_s:
                        raise ProviderTimeout(
                            f"no text for {timeout_s:g}s (only keep-alives or empty deltas)", deployment=deployment.name
                        )
                    mark = time.monotonic()
                if pending:  # a last line without its newline
                    if delta := feed(b"".join(pending)):
                        yield delta
                    if decoder.result is not None:
                        yield decoder.result
                        return
                if decoder.ended_without_marker() and decoder.result is not None:
                    yield decoder.result
                    return
                raise ProviderConnectionError(decoder.unfinished)
        except asyncio.CancelledError:
            raise
        except GeneratorExit:
            raise
        except Exception as exc:
            mapped = self._map_exception(exc, deployment)
            if mapped is exc:  # raised inside the call: as it is, never its own __cause__
                raise
            raise mapped from exc
        finally:
            if response is not None:
                self._streaming.discard(response)

    # --- health --------------------------------------------------------------------

    async def probe(self, deployment: Deployment, timeout_s: float) -> ProbeReport | None:
        base = deployment.resolved_api_base or ""
        session = self._client()
        start = time.perf_counter()
        via = self._via(deployment)
        try:
            headers = self._headers(deployment)
            async with asyncio.timeout(timeout_s):
                if deployment.protocol == "ollama":
                    async with session.get(f"{base}/api/tags", headers=headers, **via) as response:
                        await self._raise_for_status(response, deployment)
                        tags = json.loads(await self._read_body(response, deployment))
                    latency = (time.perf_counter() - start) * 1000
                    names = [m.get("name", "") for m in tags.get("models", []) if isinstance(m, dict)]
                    present = any(ollama_model_matches(deployment.wire_model, n) for n in names)
                    # /api/ps only adds what is loaded: the probe has passed once /api/tags answered,
                    # so a slow or odd answer here leaves the list empty (in half the time left)
                    left = timeout_s - (time.perf_counter() - start)
                    loaded = await self._loaded_models(deployment, f"{base}/api/ps", headers, left / 2)
                    return ProbeReport(latency_ms=latency, model_present=present, loaded_models=loaded)
                async with session.get(f"{base}/models", headers=headers, **via) as response:
                    await self._raise_for_status(response, deployment)
                    listing = json.loads(await self._read_body(response, deployment))
                latency = (time.perf_counter() - start) * 1000
                ids = [m.get("id") for m in listing.get("data", []) if isinstance(m, dict)]
                return ProbeReport(latency_ms=latency, model_present=deployment.wire_model in ids)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            found: Exception = exc
            if isinstance(exc, AttributeError):  # a listing that is not an object
                found = MalformedResponse("probe listing is not a JSON object")
            mapped = self._map_exception(found, deployment)
            if mapped is exc:  # raised inside the call: as it is, never its own __cause__
                raise
            raise mapped from exc

    async def _loaded_models(
        self, deployment: Deployment, url: str, headers: dict[str, str], timeout_s: float
    ) -> list[dict[str, object]]:
        """What Ollama's ``/api/ps`` says is loaded, or nothing if it does not say in time."""
        try:
            async with asyncio.timeout(max(timeout_s, 0.0)):
                async with self._client().get(url, headers=headers, **self._via(deployment)) as response:
                    if response.status >= 400:
                        return []
                    ps = json.loads(await self._read_body(response, deployment))
            models = ps.get("models", []) if isinstance(ps, dict) else []
            return (
                [
                    {"name": m.get("name"), "size": m.get("size"), "size_vram": m.get("size_vram")}
                    for m in models
                    if isinstance(m, dict)
                ]
                if isinstance(models, list)
                else []
            )
        except asyncio.CancelledError:
            raise
        except Exception:  # a slow, broken or odd /api/ps: nothing known to be loaded
            return []


async def _read_up_to(response: aiohttp.ClientResponse, limit: int) -> bytes:
    """The body up to ``limit`` bytes, however many network reads it arrives in
    (``content.read(n)`` returns only what is buffered: an error body sent in two pieces
    would lose the message that says what went wrong)."""
    pieces: list[bytes] = []
    size = 0
    while size < limit:
        piece = await response.content.read(limit - size)
        if not piece:
            break
        pieces.append(piece)
        size += len(piece)
    return b"".join(pieces)


def _body(deployment: Deployment, request: Request, *, stream: bool) -> dict[str, Any]:
    """The protocol's request body. A request the body cannot be written from is the
    request's fault, refused before sending: it says nothing of the deployment's health."""
    model = deployment.wire_model
    try:
        if deployment.protocol == "ollama":
            return ollama_body(model, request, stream=stream)
        return openai_body(model, request, stream=stream, reasoning=_reasoning_model(deployment))
    except ProviderError as exc:
        exc.deployment = exc.deployment or deployment.name
        raise
    except (AttributeError, TypeError, ValueError, KeyError) as exc:
        raise UnsupportedRequest(
            f"the request cannot be written for the {deployment.protocol} protocol: {type(exc).__name__}: {exc}"[:300],
            deployment=deployment.name,
        ) from exc


_REASONING_MODEL = re.compile(r"(?:ft:)?(?:o\d|gpt-5)(?![a-z])")
"""OpenAI's reasoning models by name: 'o1', 'o3-mini', 'o4-mini', 'gpt-5', 'gpt-5-nano', and
their fine-tunes ('ft:o4-mini-2025-04-16:org::id')."""


def _reasoning_model(deployment: Deployment) -> bool:
    """An OpenAI reasoning model served by OpenAI (``openai/`` or a bare OpenAI name), as
    litellm tells them apart; other OpenAI-compatible servers keep ``max_tokens``."""
    return deployment.model.split("/", 1)[0] in ("openai", deployment.model) and bool(
        _REASONING_MODEL.match(deployment.wire_model)
    )


def _encode(body: dict[str, Any], deployment: Deployment) -> bytes:
    """The request body; one that cannot be written as JSON is the request's fault, refused
    before sending (it must not count against the deployment as a bad response would)."""
    try:
        return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except (ValueError, TypeError, RecursionError) as exc:
        raise RequestRejected(
            f"the request cannot be sent as JSON: {exc}"[:300], deployment=deployment.name, sent=False
        ) from None
