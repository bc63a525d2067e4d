"""FakeProvider: a real loopback LLM server (OpenAI or Ollama wire protocol) with injectable faults.

It exists so routing, retry, failover and circuit-breaker code can be exercised against real
sockets and real HTTP clients (litellm included) rather than mocks, with failures such as hangs,
429s, cut streams and refused connections switched on and off at runtime from any thread. It
deliberately does not model language, images or embeddings: replies are deterministic text (or
scripted tool calls, in each protocol's shape) and token counts are a cheap, stable
approximation, not any real tokenizer.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import math
import random
import re
import socket
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import Any, Final, Literal, TypeAlias, TypeVar, overload

from aiohttp import web

__all__ = ["FakeProvider", "Protocol", "ReplyFn"]

Protocol: TypeAlias = Literal["openai", "ollama"]
"""The wire protocols FakeProvider can speak."""

ReplyFn: TypeAlias = Callable[[list[dict[str, Any]]], str]
"""A reply callable: receives a copy of the request's messages, returns the reply text."""

_T = TypeVar("_T")

# Every fault attribute and the value that means "no fault". set_faults() validates names
# against this table so that a typo in a test fails loudly instead of silently injecting nothing.
# Public as NO_FAULTS for harnesses that drive faults by name.
NO_FAULTS: Final[Mapping[str, Any]] = {
    "latency_s": 0.0,
    "token_delay_s": 0.0,
    "error_status": None,
    "error_rate": 0.0,
    "retry_after_s": None,
    "hang": False,
    "malformed": False,
    "cut_stream_after": None,
    "fail_probes": False,
}

_TOKEN_RE: Final = re.compile(r"\S+\s*")
_HANG_POLL_S: Final = 0.01
_LIFECYCLE_TIMEOUT_S: Final = 10.0
_OLLAMA_KEEP_ALIVE: Final = timedelta(minutes=5)
_OLLAMA_DETAILS: Final[Mapping[str, Any]] = {
    "parent_model": "",
    "format": "gguf",
    "family": "llama",
    "families": ["llama"],
    "parameter_size": "7B",
    "quantization_level": "Q4_K_M",
}


def _canonical_header(name: str) -> str:
    return "-".join(part.capitalize() for part in name.split("-"))


class _Headers(dict[str, str]):
    """A dict of request headers whose lookups ignore case.

    HTTP header names are case-insensitive and clients spell them differently (httpx vs aiohttp),
    so tests should be able to write ``headers["Authorization"]`` whatever the client sent.
    """

    def __init__(self, items: Iterable[tuple[str, str]] = ()) -> None:
        super().__init__()
        for key, value in items:
            canon = _canonical_header(key)
            previous = dict.get(self, canon)
            # Repeated headers are folded the way RFC 9110 allows: comma-joined, in order.
            super().__setitem__(canon, value if previous is None else f"{previous}, {value}")

    def __getitem__(self, key: str) -> str:
        return super().__getitem__(_canonical_header(key))

    def __setitem__(self, key: str, value: str) -> None:
        super().__setitem__(_canonical_header(key), value)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and super().__contains__(_canonical_header(key))

    @overload
    def get(self, key: str, default: None = None, /) -> str | None: ...

    @overload
    def get(self, key: str, default: str, /) -> str: ...

    @overload
    def get(self, key: str, default: _T, /) -> str | _T: ...

    def get(self, key: str, default: object = None, /) -> object:
        return super().get(_canonical_header(key), default)


@dataclass(frozen=True, slots=True)
class _Chat:
    """A validated chat request: what the answer depends on, protocol differences resolved."""

    model: str
    messages: list[dict[str, Any]]
    stream: bool
    include_usage: bool
    max_tokens: int | None
    offers_tools: bool = False


def _content_text(content: Any) -> str:
    """The text of a message's content: plain strings, OpenAI content-part lists, or nothing."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [
            str(part.get("text", ""))
            for part in content
            if isinstance(part, dict) and part.get("type", "text") == "text"
        ]
        return " ".join(texts)
    return str(content)


def _prompt_tokens(messages: Sequence[Mapping[str, Any]]) -> int:
    """ceil(chars/4) + 4 per message: close to real tokenizers, and deterministic."""
    total = 0
    for message in messages:
        content = message.get("content")
        text = "" if content is None else str(content)
        total += math.ceil(len(text) / 4) + 4
    return max(1, total)


def _ollama_name(model: str) -> str:
    """Ollama treats ``llama3`` and ``llama3:latest`` as the same model."""
    return model if ":" in model else f"{model}:latest"


def _rfc3339(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _int_or_none(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


class FakeProvider:
    """A loopback HTTP server speaking the OpenAI or Ollama chat protocol, with faults on demand.

    The server runs on its own event loop in a daemon thread, so it keeps answering while the
    caller's thread or event loop is blocked, and it is equally usable from sync and async tests.
    Fault attributes are plain attributes, readable and settable from any thread; each request
    reads them when it reaches the corresponding step, so changes apply to the next request (and
    ``hang``/``token_delay_s`` also to requests already in progress).
    """

    def __init__(
        self,
        protocol: Protocol = "openai",
        *,
        models: Sequence[str] = ("fake-model",),
        reply: str | ReplyFn | None = None,
        tool_calls: Sequence[Mapping[str, Any]] | None = None,
        name: str = "fake",
        latency_s: float = 0.0,
        token_delay_s: float = 0.0,
        context_window: int | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        max_recorded: int = 1000,
        seed: int | None = None,
        api_key: str | None = None,
    ) -> None:
        if protocol not in ("openai", "ollama"):
            raise ValueError(f"protocol must be 'openai' or 'ollama', not {protocol!r}")
        if isinstance(models, str):
            models = (models,)  # a bare string would otherwise become one model per character
        if not models:
            raise ValueError("models must name at least one model")
        if max_recorded < 0:
            raise ValueError("max_recorded must be >= 0")
        self._protocol: Protocol = protocol
        self._models: tuple[str, ...] = tuple(models)
        self.reply: str | ReplyFn | None = reply
        self.tool_calls: list[dict[str, Any]] | None = None if tool_calls is None else [dict(c) for c in tool_calls]
        """When set, a request that offers ``tools`` is answered by calling these instead of
        with text: each ``{"name": str, "arguments": dict}``, sent as the protocol sends calls
        (OpenAI: ids, JSON-text arguments, streamed in fragments; Ollama: argument objects)."""
        self.name: str = name
        self.context_window: int | None = context_window
        self.api_key: str | None = api_key
        self._host = host
        self._port = port

        # Faults (see NO_FAULTS); the constructor only exposes the two "slow server" knobs.
        self.latency_s: float = latency_s
        self.token_delay_s: float = token_delay_s
        self.error_status: int | None = None
        self.error_rate: float = 0.0
        self.retry_after_s: float | None = None
        self.hang: bool = False
        self.malformed: bool = False
        self.cut_stream_after: int | None = None
        self.fail_probes: bool = False

        # Only the server thread draws from the RNG, so a seed gives a reproducible error pattern.
        self._rng = random.Random(seed)
        self._created = datetime.now(UTC)

        # Counters and recordings, shared between the server thread and test threads.
        self._lock = threading.Lock()
        self._request_count = 0
        self._probe_count = 0
        self._in_flight = 0
        self._max_in_flight = 0
        self._requests: deque[dict[str, Any]] = deque(maxlen=max_recorded)
        self._headers: deque[_Headers] = deque(maxlen=max_recorded)
        self._loaded: dict[str, datetime] = {}

        # Lifecycle. _lifecycle serialises start/stop/close; the rest belong to the server loop.
        self._lifecycle = threading.RLock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._site: web.SockSite | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------ addresses and state

    @property
    def protocol(self) -> Protocol:
        return self._protocol

    @property
    def models(self) -> tuple[str, ...]:
        return self._models

    @models.setter
    def models(self, models: Sequence[str]) -> None:
        """Serve other models from now on (a model pulled or removed while running)."""
        models = (models,) if isinstance(models, str) else tuple(models)
        if not models:
            raise ValueError("models must name at least one model")
        self._models = models

    @property
    def host(self) -> str:
        return self._host

    @property
    def port(self) -> int:
        """The bound port; 0 until the first start() when constructed with port=0."""
        return self._port

    @property
    def api_base(self) -> str:
        """The base URL in litellm's convention: with ``/v1`` for OpenAI, bare for Ollama."""
        host = f"[{self._host}]" if ":" in self._host else self._host
        base = f"http://{host}:{self._port}"
        return f"{base}/v1" if self._protocol == "openai" else base

    @property
    def running(self) -> bool:
        return self._site is not None

    def __repr__(self) -> str:
        return (
            f"FakeProvider(protocol={self._protocol!r}, name={self.name!r}, "
            f"api_base={self.api_base!r}, running={self.running})"
        )

    # ------------------------------------------------------------------ counters

    @property
    def request_count(self) -> int:
        """Chat requests received, including faulted, hung, malformed and rejected ones."""
        with self._lock:
            return self._request_count

    @property
    def probe_count(self) -> int:
        """Probes received: ``/v1/models``, or Ollama's ``/``, ``/api/tags`` and ``/api/ps``."""
        with self._lock:
            return self._probe_count

    @property
    def in_flight(self) -> int:
        with self._lock:
            return self._in_flight

    @property
    def max_in_flight(self) -> int:
        with self._lock:
            return self._max_in_flight

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Copies of the last ``max_recorded`` chat request bodies, oldest first.

        A body that was not a JSON object is recorded as ``{"_raw": <text>}`` so that this list
        stays index-aligned with :attr:`headers`.
        """
        with self._lock:
            return copy.deepcopy(list(self._requests))

    @property
    def headers(self) -> list[dict[str, str]]:
        """Headers of the recorded requests (case-insensitive lookups), aligned with requests."""
        with self._lock:
            return [_Headers(h.items()) for h in self._headers]

    def reset_counters(self) -> None:
        """Zero the counters and recordings; max_in_flight restarts from the current in_flight."""
        with self._lock:
            self._request_count = 0
            self._probe_count = 0
            self._max_in_flight = self._in_flight
            self._requests.clear()
            self._headers.clear()

    # ------------------------------------------------------------------ faults

    def set_faults(self, **faults: Any) -> None:
        """Set several fault attributes at once; unknown names raise before anything changes."""
        unknown = sorted(set(faults) - set(NO_FAULTS))
        if unknown:
            raise TypeError(f"set_faults() got unknown fault(s): {', '.join(unknown)} (known: {', '.join(NO_FAULTS)})")
        rate = faults.get("error_rate", 0.0)
        if not 0.0 <= float(rate) <= 1.0:
            raise ValueError(f"error_rate must be within [0, 1], not {rate!r}")
        for key, value in faults.items():
            setattr(self, key, value)

    def clear_faults(self) -> None:
        """Back to a healthy, instant server (latency and token delay included)."""
        for key, value in NO_FAULTS.items():
            setattr(self, key, value)

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> FakeProvider:
        """Bind and serve; a no-op when already running.

        The first start with port 0 picks an ephemeral port; later starts rebind that same port so
        a "provider comes back" scenario keeps the address clients were configured with.
        """
        with self._lifecycle:
            if self._site is None:
                self._call(self._ensure_loop(), self._astart())
        return self

    def stop(self) -> None:
        """Close the listening socket and abort every open connection; keep the thread and port.

        Afterwards new connections get ECONNREFUSED and pooled keep-alive connections are dead,
        as when a real provider process is killed. In-flight handlers (hung ones too) are
        cancelled so stop() returns promptly.
        """
        with self._lifecycle:
            if self._site is not None and self._loop is not None:
                self._call(self._loop, self._astop())

    def close(self) -> None:
        """stop(), then end the background event loop and thread. Idempotent; start() may follow."""
        with self._lifecycle:
            loop, thread = self._loop, self._thread
            if loop is None or thread is None:
                return
            try:
                if self._site is not None:
                    self._call(loop, self._astop())
            finally:
                loop.call_soon_threadsafe(loop.stop)
                thread.join(_LIFECYCLE_TIMEOUT_S)
                self._loop = None
                self._thread = None

    def __enter__(self) -> FakeProvider:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    async def __aenter__(self) -> FakeProvider:
        # Binding happens on the server thread; hand the wait to a worker so the caller's loop
        # keeps running in the meantime.
        await asyncio.to_thread(self.start)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await asyncio.to_thread(self.close)

    def _call(self, loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, None]) -> None:
        if threading.current_thread() is self._thread:
            coro.close()
            raise RuntimeError("FakeProvider lifecycle methods cannot run on its own server thread")
        asyncio.run_coroutine_threadsafe(coro, loop).result(_LIFECYCLE_TIMEOUT_S)

    def _ensure_loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is not None:
            return self._loop
        loop = asyncio.new_event_loop()
        ready = threading.Event()

        def serve() -> None:
            asyncio.set_event_loop(loop)
            loop.call_soon(ready.set)
            try:
                loop.run_forever()
            finally:
                pending = asyncio.all_tasks(loop)
                for task in pending:
                    task.cancel()
                if pending:
                    loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
                loop.run_until_complete(loop.shutdown_asyncgens())
                loop.run_until_complete(loop.shutdown_default_executor())
                loop.close()

        thread = threading.Thread(target=serve, name=f"FakeProvider[{self.name}]", daemon=True)
        thread.start()
        if not ready.wait(_LIFECYCLE_TIMEOUT_S):  # pragma: no cover - a wedged interpreter
            raise RuntimeError("FakeProvider server thread did not start")
        self._loop, self._thread = loop, thread
        return loop

    async def _astart(self) -> None:
        family = socket.AF_INET6 if ":" in self._host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            # SO_REUSEADDR lets a restart rebind the port while aborted connections linger.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self._host, self._port))
            sock.listen(128)
            sock.setblocking(False)
        except BaseException:
            sock.close()
            raise
        self._port = int(sock.getsockname()[1])
        runner = web.AppRunner(
            self._make_app(),
            handle_signals=False,
            access_log=None,
            # A client that disconnects should end its handler (a hung one in particular).
            handler_cancellation=True,
            shutdown_timeout=0.5,
        )
        await runner.setup()
        site = web.SockSite(runner, sock)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            sock.close()
            raise
        self._runner, self._site = runner, site
        with self._lock:
            self._max_in_flight = self._in_flight
            self._loaded.clear()

    async def _astop(self) -> None:
        site, runner = self._site, self._runner
        self._site = self._runner = None
        if site is not None:
            await site.stop()  # closes the listening socket: from here on, ECONNREFUSED
        if runner is None:
            return
        server = runner.server
        if server is not None:
            for handler in server.connections:
                if handler.transport is not None:
                    handler.transport.abort()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=1.0)
        await runner.cleanup()

    # ------------------------------------------------------------------ routing

    def _make_app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        if self._protocol == "openai":
            app.router.add_post("/v1/chat/completions", self._handle_chat)
            app.router.add_get("/v1/models", self._handle_probe)
        else:
            app.router.add_post("/api/chat", self._handle_chat)
            app.router.add_get("/api/tags", self._handle_probe)
            app.router.add_get("/api/ps", self._handle_probe)
            app.router.add_get("/", self._handle_probe)
            app.router.add_get("/api/version", self._handle_version)
            app.router.add_post("/api/show", self._handle_show)
        return app

    def _authorized(self, request: web.Request) -> bool:
        if self.api_key is None:
            return True
        return request.headers.get("Authorization", "") == f"Bearer {self.api_key}"

    # ------------------------------------------------------------------ error bodies

    def _error(
        self,
        status: int,
        message: str,
        *,
        code: str | None = None,
        err_type: str | None = None,
        param: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> web.Response:
        body: dict[str, Any]
        if self._protocol == "ollama":
            body = {"error": message}
        else:
            if err_type is None:
                if status == 429:
                    err_type = "rate_limit_exceeded"
                elif status >= 500:
                    err_type = "server_error"
                else:
                    err_type = "invalid_request_error"
            if code is None and (status == 429 or status >= 500):
                code = err_type
            body = {"error": {"message": message, "type": err_type, "param": param, "code": code}}
        return web.json_response(body, status=status, headers=headers)

    def _unauthorized(self) -> web.Response:
        if self._protocol == "ollama":
            return self._error(401, "unauthorized")
        return self._error(
            401,
            "Incorrect API key provided.",
            code="invalid_api_key",
            err_type="invalid_request_error",
        )

    def _injected(self, status: int) -> web.Response:
        return self._error(status, f"[{self.name}] injected fault: HTTP {status}")

    def _rate_limited(self, retry_after_s: float, model: str) -> web.Response:
        seconds = max(0, math.ceil(retry_after_s))
        if self._protocol == "ollama":
            message = f"rate limit exceeded, retry after {seconds}s"
        else:
            message = (
                f"Rate limit reached for {model or 'this model'} on requests per min (RPM). "
                f"Please try again in {seconds}s."
            )
        return self._error(429, message, code="rate_limit_exceeded", headers={"Retry-After": str(seconds)})

    # ------------------------------------------------------------------ probes

    async def _handle_probe(self, request: web.Request) -> web.StreamResponse:
        with self._lock:
            self._probe_count += 1
        if not self._authorized(request):
            return self._unauthorized()
        if self.fail_probes:
            return self._error(503, f"[{self.name}] injected fault: probe unavailable")
        if request.path == "/v1/models":
            created = int(self._created.timestamp())
            data = [{"id": m, "object": "model", "created": created, "owned_by": "fake"} for m in self._models]
            return web.json_response({"object": "list", "data": data})
        if request.path == "/api/tags":
            return web.json_response({"models": [self._ollama_entry(m) for m in self._models]})
        if request.path == "/api/ps":
            with self._lock:
                loaded = dict(self._loaded)
            models = []
            for model, last_used in loaded.items():
                entry = self._ollama_entry(model)
                del entry["modified_at"]
                entry["expires_at"] = _rfc3339(last_used + _OLLAMA_KEEP_ALIVE)
                entry["size_vram"] = entry["size"]
                models.append(entry)
            return web.json_response({"models": models})
        return web.Response(text="Ollama is running")

    def _ollama_entry(self, model: str) -> dict[str, Any]:
        full = _ollama_name(model)
        digest = hashlib.sha256(full.encode()).hexdigest()
        return {
            "name": full,
            "model": full,
            "modified_at": _rfc3339(self._created),
            # Deterministic, plausible size for a 7B Q4_K_M model (~4.1-4.9 GB).
            "size": 4_100_000_000 + int(digest[:5], 16) * 800,
            "digest": digest,
            "details": dict(_OLLAMA_DETAILS),
        }

    def _known_model(self, model: str) -> bool:
        if self._protocol == "openai":
            return model in self._models
        return _ollama_name(model) in {_ollama_name(m) for m in self._models}

    async def _handle_version(self, request: web.Request) -> web.StreamResponse:
        if not self._authorized(request):
            return self._unauthorized()
        return web.json_response({"version": "0.0.0-fake"})

    async def _handle_show(self, request: web.Request) -> web.StreamResponse:
        """Model metadata, because some Ollama clients look up capabilities before chatting."""
        if not self._authorized(request):
            return self._unauthorized()
        try:
            body = json.loads(await request.read())
        except ValueError:
            return self._error(400, "invalid JSON body")
        model = (body.get("model") or body.get("name")) if isinstance(body, dict) else None
        if not isinstance(model, str) or not self._known_model(model):
            return self._error(404, f"model '{model}' not found")
        entry = self._ollama_entry(model)
        return web.json_response(
            {
                "modelfile": f"# FakeProvider {self.name}\nFROM {entry['name']}\n",
                "parameters": "",
                "template": "{{ .Prompt }}",
                "details": entry["details"],
                "model_info": {
                    "general.architecture": "llama",
                    "general.parameter_count": 7_000_000_000,
                    "llama.context_length": self.context_window or 8192,
                },
                "capabilities": ["completion"],
                "modified_at": entry["modified_at"],
            }
        )

    # ------------------------------------------------------------------ chat

    async def _handle_chat(self, request: web.Request) -> web.StreamResponse:
        raw = await request.read()
        try:
            parsed: Any = json.loads(raw)
        except ValueError:
            parsed = None
        body = parsed if isinstance(parsed, dict) else None
        task = asyncio.current_task()
        with self._lock:
            self._request_count += 1
            self._in_flight += 1
            self._max_in_flight = max(self._max_in_flight, self._in_flight)
            self._requests.append(body if body is not None else {"_raw": raw.decode(errors="replace")})
            self._headers.append(_Headers(request.headers.items()))
        if task is not None:
            self._tasks.add(task)
        try:
            return await self._chat(request, body)
        finally:
            with self._lock:
                self._in_flight -= 1
            if task is not None:
                self._tasks.discard(task)

    async def _chat(self, request: web.Request, body: dict[str, Any] | None) -> web.StreamResponse:
        started_ns = time.perf_counter_ns()
        if not self._authorized(request):
            return self._unauthorized()
        while self.hang:
            transport = request.transport
            if transport is None or transport.is_closing():
                return web.Response(status=499)  # client gone; nobody will read this
            await asyncio.sleep(_HANG_POLL_S)
        model = str(body.get("model", "")) if body is not None else ""
        retry_after_s = self.retry_after_s
        if retry_after_s is not None:
            return self._rate_limited(retry_after_s, model)
        # error_status alone fails every request; with error_rate it is the status of the
        # randomly failing fraction (500 when unset).
        error_status = self.error_status
        error_rate = self.error_rate
        if error_rate > 0:
            if self._rng.random() < error_rate:
                return self._injected(error_status or 500)
        elif error_status is not None:
            return self._injected(error_status)
        latency_s = self.latency_s
        if latency_s > 0:
            await asyncio.sleep(latency_s)

        chat_or_error = self._validate(body)
        if isinstance(chat_or_error, web.Response):
            return chat_or_error
        chat = chat_or_error
        prompt_tokens = _prompt_tokens(chat.messages)
        context_window = self.context_window
        if context_window is not None and prompt_tokens > context_window:
            return self._context_exceeded(prompt_tokens, context_window)
        if self.malformed:
            return await self._malformed(request, chat)

        scripted = self.tool_calls
        calls: list[tuple[str, str, dict[str, Any]]] = []
        pieces: list[str] = []
        if scripted and chat.offers_tools:  # the scripted calls answer; the reply is not asked
            calls = [
                (f"call_{uuid.uuid4().hex[:12]}", str(c["name"]), dict(c.get("arguments") or {})) for c in scripted
            ]
            finish_reason = "tool_calls" if self._protocol == "openai" else "stop"
        else:
            try:
                text = self._reply_text(chat.messages)
            except Exception as exc:  # a test's reply callable failed: answer, don't crash the loop
                return self._error(500, f"[{self.name}] reply callable raised {exc!r}")
            pieces = _TOKEN_RE.findall(text)
            finish_reason = "stop"
            if chat.max_tokens is not None and chat.max_tokens < len(pieces):
                pieces = pieces[: max(0, chat.max_tokens)]
                finish_reason = "length"
        with self._lock:
            self._loaded[_ollama_name(chat.model)] = datetime.now(UTC)
        answer = _Answer(chat, pieces, finish_reason, prompt_tokens, started_ns, calls)
        if self._protocol == "openai":
            if chat.stream:
                return await self._openai_stream(request, answer)
            return web.json_response(self._openai_completion(answer))
        if chat.stream:
            return await self._ollama_stream(request, answer)
        return web.json_response(self._ollama_final(answer, "".join(pieces)))

    def _validate(self, body: dict[str, Any] | None) -> _Chat | web.Response:
        openai = self._protocol == "openai"
        if body is None:
            if openai:
                return self._error(
                    400,
                    "We could not parse the JSON body of your request. (HINT: This likely means "
                    "you aren't using your HTTP library correctly.)",
                )
            return self._error(400, "invalid JSON body: expected a JSON object")
        model = body.get("model")
        if not isinstance(model, str) or not model:
            if openai:
                return self._error(400, "you must provide a model parameter", param="model")
            return self._error(400, "model is required")
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages or not all(isinstance(m, dict) for m in messages):
            if openai:
                return self._error(400, "'messages' must be a non-empty array of objects", param="messages")
            return self._error(400, "messages is required and must be a non-empty array")
        if not self._known_model(model):
            if openai:
                return self._error(
                    404,
                    f"The model `{model}` does not exist",
                    code="model_not_found",
                    param="model",
                )
            return self._error(404, f'model "{model}" not found, try pulling it first')
        if openai:
            stream = body.get("stream") is True
            options = body.get("stream_options")
            include_usage = stream and isinstance(options, dict) and options.get("include_usage") is True
            max_tokens = _int_or_none(body.get("max_completion_tokens"))
            if max_tokens is None:
                max_tokens = _int_or_none(body.get("max_tokens"))
        else:
            stream = body.get("stream", True) is not False  # Ollama streams unless told not to
            include_usage = False
            options = body.get("options")
            num_predict = _int_or_none(options.get("num_predict")) if isinstance(options, dict) else None
            max_tokens = num_predict if num_predict is not None and num_predict >= 0 else None
        tools = body.get("tools")
        return _Chat(model, messages, stream, include_usage, max_tokens, isinstance(tools, list) and bool(tools))

    def _context_exceeded(self, prompt_tokens: int, context_window: int) -> web.Response:
        if self._protocol == "ollama":
            excess = prompt_tokens - context_window
            return self._error(400, f"prompt too long; exceeded max context length by {excess} tokens")
        return self._error(
            400,
            f"This model's maximum context length is {context_window} tokens. However, your "
            f"messages resulted in {prompt_tokens} tokens.",
            code="context_length_exceeded",
            param="messages",
        )

    def _reply_text(self, messages: list[dict[str, Any]]) -> str:
        reply = self.reply
        if isinstance(reply, str):
            return reply
        if reply is not None:
            return str(reply(copy.deepcopy(messages)))
        last_user = next((m for m in reversed(messages) if m.get("role") == "user"), None)
        said = _content_text(last_user.get("content")) if last_user is not None else ""
        return f"[{self.name}] You said: {said[:200]}"

    async def _malformed(self, request: web.Request, chat: _Chat) -> web.StreamResponse:
        """A 200 whose payload no client can parse: truncated JSON, or garbage stream lines."""
        if not chat.stream:
            if self._protocol == "openai":
                broken = '{"id": "chatcmpl-malformed", "object": "chat.completion", "choices": [{'
            else:
                broken = '{"model": "' + chat.model + '", "message": {"role": "assistant", "cont'
            return web.Response(body=broken.encode(), content_type="application/json")
        if self._protocol == "openai":
            content_type = "text/event-stream"
            lines = [
                b'data: {"id": "chatcmpl-malformed", "choices": [{"delta": {"content": "oo\n\n',
                b"data: this is not json\n\n",
                b"data: [DONE]\n\n",
            ]
        else:
            content_type = "application/x-ndjson"
            lines = [
                b'{"model": "x", "message": {"role": "assistant", "content": "oo\n',
                b"not json\n",
            ]
        response = web.StreamResponse(headers={"Content-Type": content_type})
        await response.prepare(request)
        try:
            for line in lines:
                await response.write(line)
        except ConnectionError:
            pass
        return response

    # ------------------------------------------------------------------ OpenAI answers

    def _openai_completion(self, answer: _Answer) -> dict[str, Any]:
        return {
            "id": answer.id,
            "object": "chat.completion",
            "created": answer.created,
            "model": answer.chat.model,
            "choices": [
                {
                    "index": 0,
                    "message": self._openai_message(answer),
                    "finish_reason": answer.finish_reason,
                    "logprobs": None,
                }
            ],
            "usage": answer.usage(),
            "system_fingerprint": "fp_fake",
        }

    @staticmethod
    def _openai_message(answer: _Answer) -> dict[str, Any]:
        if not answer.calls:
            return {"role": "assistant", "content": "".join(answer.pieces)}
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}
                for call_id, name, arguments in answer.calls
            ],
        }

    async def _openai_stream(self, request: web.Request, answer: _Answer) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"})
        await response.prepare(request)

        def event(delta: dict[str, Any], finish_reason: str | None) -> bytes:
            chunk: dict[str, Any] = {
                "id": answer.id,
                "object": "chat.completion.chunk",
                "created": answer.created,
                "model": answer.chat.model,
                "system_fingerprint": "fp_fake",
                "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}],
            }
            if answer.chat.include_usage:
                chunk["usage"] = None
            return f"data: {json.dumps(chunk)}\n\n".encode()

        cut = self.cut_stream_after
        try:
            await response.write(event({"role": "assistant", "content": ""}, None))
            if not await self._stream_pieces(request, response, answer, cut, lambda p: event({"content": p}, None)):
                return response
            for index, (call_id, name, arguments) in enumerate(answer.calls):
                # as OpenAI does: id and name first, then the arguments' JSON text in pieces
                head = {"index": index, "id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}
                await response.write(event({"tool_calls": [head]}, None))
                text = json.dumps(arguments)
                for piece in (text[: len(text) // 2], text[len(text) // 2 :]):
                    await response.write(
                        event({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}, None)
                    )
            await response.write(event({}, answer.finish_reason))
            if answer.chat.include_usage:
                usage_chunk = {
                    "id": answer.id,
                    "object": "chat.completion.chunk",
                    "created": answer.created,
                    "model": answer.chat.model,
                    "system_fingerprint": "fp_fake",
                    "choices": [],
                    "usage": answer.usage(),
                }
                await response.write(f"data: {json.dumps(usage_chunk)}\n\n".encode())
            await response.write(b"data: [DONE]\n\n")
        except ConnectionError:
            pass  # the client went away mid-stream; nothing left to tell it
        return response

    # ------------------------------------------------------------------ Ollama answers

    def _ollama_final(self, answer: _Answer, content: str) -> dict[str, Any]:
        now_ns = time.perf_counter_ns()
        first_ns = answer.first_token_ns or now_ns
        prompt_eval_ns = max(1, first_ns - answer.started_ns)
        eval_ns = max(1, now_ns - first_ns)
        load_ns = 1
        return {
            "model": answer.chat.model,
            "created_at": _rfc3339(datetime.now(UTC)),
            "message": self._ollama_message(answer, content, not answer.streamed),
            "done": True,
            "done_reason": answer.finish_reason,
            "total_duration": load_ns + prompt_eval_ns + eval_ns,
            "load_duration": load_ns,
            "prompt_eval_count": answer.prompt_tokens,
            "prompt_eval_duration": prompt_eval_ns,
            "eval_count": len(answer.pieces),
            "eval_duration": eval_ns,
        }

    @staticmethod
    def _ollama_message(answer: _Answer, content: str, with_calls: bool) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": content}
        if with_calls and answer.calls:
            message["tool_calls"] = [{"function": {"name": n, "arguments": a}} for _, n, a in answer.calls]
        return message

    async def _ollama_stream(self, request: web.Request, answer: _Answer) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"})
        await response.prepare(request)
        answer.streamed = True

        def line(piece: str) -> bytes:
            obj = {
                "model": answer.chat.model,
                "created_at": _rfc3339(datetime.now(UTC)),
                "message": {"role": "assistant", "content": piece},
                "done": False,
            }
            return (json.dumps(obj) + "\n").encode()

        try:
            if not await self._stream_pieces(request, response, answer, self.cut_stream_after, line):
                return response
            if answer.calls:  # Ollama sends the calls whole, in a message before the final one
                calls = {
                    "model": answer.chat.model,
                    "created_at": _rfc3339(datetime.now(UTC)),
                    "message": self._ollama_message(answer, "", True),
                    "done": False,
                }
                await response.write((json.dumps(calls) + "\n").encode())
            await response.write((json.dumps(self._ollama_final(answer, "")) + "\n").encode())
        except ConnectionError:
            pass
        return response

    # ------------------------------------------------------------------ shared streaming

    async def _stream_pieces(
        self,
        request: web.Request,
        response: web.StreamResponse,
        answer: _Answer,
        cut: int | None,
        encode: Callable[[str], bytes],
    ) -> bool:
        """Write one chunk per token piece; False when the stream was cut (connection dropped)."""
        pieces = answer.pieces if cut is None else answer.pieces[: max(0, cut)]
        for index, piece in enumerate(pieces):
            delay = self.token_delay_s  # read live: a test may slow down a stream mid-way
            if index > 0 and delay > 0:
                await asyncio.sleep(delay)
            if answer.first_token_ns is None:
                answer.first_token_ns = time.perf_counter_ns()
            await response.write(encode(piece))
        if cut is None:
            return True
        # Close (FIN after flushing what was written) without the chunked-encoding terminator:
        # clients see an incomplete body. A RST (abort) could discard the tokens already sent.
        response.force_close()
        transport = request.transport
        if transport is not None:
            transport.close()
        return False


class _Answer:
    """The reply being sent: the tokens, why they stop, and the ids/timings chunks share."""

    __slots__ = (
        "calls",
        "chat",
        "created",
        "finish_reason",
        "first_token_ns",
        "id",
        "pieces",
        "prompt_tokens",
        "started_ns",
        "streamed",
    )

    def __init__(
        self,
        chat: _Chat,
        pieces: list[str],
        finish_reason: str,
        prompt_tokens: int,
        started_ns: int,
        calls: list[tuple[str, str, dict[str, Any]]] | None = None,
    ) -> None:
        self.chat = chat
        self.calls = calls or []
        self.streamed = False
        self.pieces = pieces
        self.finish_reason = finish_reason
        self.prompt_tokens = prompt_tokens
        self.started_ns = started_ns
        self.first_token_ns: int | None = None
        self.id = f"chatcmpl-{uuid.uuid4().hex[:24]}"
        self.created = int(time.time())

    def usage(self) -> dict[str, int]:
        completion = len(self.pieces)
        return {
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": completion,
            "total_tokens": self.prompt_tokens + completion,
        }
