"""HybridClient: the one object users hold — sync and async facades over the engine.

The client validates configuration and requests, owns the per-deployment state that
outlives event loops, and runs the async :class:`~hybrid_infer._engine.Engine` either on
the caller's loop (``acomplete``/``astream``) or on a private loop thread (``complete``/
``stream``), so sync users get background health checks too. It does not route or speak
any protocol itself.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import inspect
import logging
import os
import re
import threading
import weakref
from collections.abc import (
    AsyncGenerator,
    AsyncIterator,
    Awaitable,
    Callable,
    Coroutine,
    Iterator,
    Mapping,
    Sequence,
)
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from hybrid_infer._caching import CacheLayer
from hybrid_infer._config import Deployment, HealthConfig
from hybrid_infer._engine import Engine, new_request_id
from hybrid_infer._loop import LoopThread
from hybrid_infer._queue import CapacityQueue
from hybrid_infer._request import (
    MAX_PROMPT_CHARS,
    MAX_SECONDS,
    REQUEST_ARGUMENTS,
    Request,
    build_request,
    output_tokens,
    plain_prompt_request,
    shown_value,
)
from hybrid_infer._results import (
    BreakerState,
    DeploymentHealth,
    DeploymentStats,
    Result,
    StreamChunk,
)
from hybrid_infer._state import DeploymentState
from hybrid_infer.errors import ClientClosed, ConfigError, HybridInferError
from hybrid_infer.events import (
    BreakerStateChanged,
    Callback,
    EventBus,
    HealthChanged,
    RequestFinished,
    RequestStarted,
    checked_callbacks,
)
from hybrid_infer.policies import ByUseCase, Chain, LocalFirst, Policy, resolve_policy
from hybrid_infer.transports import Transport

if TYPE_CHECKING:
    from hybrid_infer.cache import CacheConfig, ResponseCache

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)
_log = logging.getLogger("hybrid_infer")
_BLOCKING_ON_OWN_LOOP = (
    "a blocking call was made on the event loop this client runs on; use the async methods (acomplete, astream) there"
)

DEFAULT_QUEUE_TIMEOUT_S = 10.0
DEFAULT_MAX_OUTPUT_TOKENS = 256


_UNION_TAGS = frozenset({"str", "int", "float", "bool", "bytes", "none", "callable", "dict", "list", "set", "tuple"})
"""Parts pydantic adds to an error's location for the branch of a union it tried
(``path.str``, ``embedder.callable``, ``ttl_s.is-instance[Path]``): no field of ours."""


def _field_path(prefix: str, loc: tuple[int | str, ...]) -> str:
    path = prefix
    for part in loc:
        if isinstance(part, str) and (part in _UNION_TAGS or "[" in part):
            continue
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


def _config_error(prefix: str, exc: ValidationError) -> ConfigError:
    """The first error of ``exc`` as a ``ConfigError`` on the field it names under ``prefix``
    (without pydantic's 'Value error, ' before a message of our own validators)."""
    first = exc.errors()[0]
    message = str(first["msg"]).removeprefix("Value error, ")
    return ConfigError(message, field=_field_path(prefix, first["loc"]))


def _health_config(health: HealthConfig | Mapping[str, Any] | None) -> HealthConfig:
    """``health`` as a validated ``HealthConfig`` (``None``: the defaults)."""
    return HealthConfig() if health is None else _validated(HealthConfig, health, "health")


def _cache_config(cache: CacheConfig | Mapping[str, Any]) -> CacheConfig:
    """``cache`` as a validated ``CacheConfig``; opens nothing."""
    from hybrid_infer.cache import CacheConfig

    return _validated(CacheConfig, cache, "cache")


def _validated(model: type[M], value: M | Mapping[str, Any], field: str) -> M:
    """``value`` as a ``model``: the object itself, or a mapping validated into one, with an
    error on ``field`` otherwise."""
    if isinstance(value, model):
        return value
    if isinstance(value, Mapping):
        try:
            return model.model_validate(dict(value))
        except ValidationError as exc:
            raise _config_error(field, exc) from None
    raise ConfigError(f"must be a {model.__name__} or a mapping", field=field)


def _validate_deployments(deployments: Any) -> list[Deployment]:
    if isinstance(deployments, str | bytes | Mapping) or not isinstance(deployments, Sequence):
        raise ConfigError("must be a list of Deployment objects or mappings", field="deployments")
    if not deployments:
        raise ConfigError("must name at least one deployment", field="deployments")
    validated: list[Deployment] = []
    seen: set[str] = set()
    for i, item in enumerate(deployments):
        if isinstance(item, Deployment):
            deployment = item
        elif isinstance(item, Mapping):
            try:
                deployment = Deployment.model_validate(dict(item))
            except ValidationError as exc:
                raise _config_error(f"deployments[{i}]", exc) from None
        else:
            raise ConfigError(
                f"must be a Deployment or a mapping, got {type(item).__name__}",
                field=f"deployments[{i}]",
            )
        if deployment.name in seen:
            raise ConfigError(f"duplicate deployment name {deployment.name!r}", field=f"deployments[{i}].name")
        if deployment.transport == "native" and deployment.protocol == "litellm":
            raise ConfigError(
                "the native transport speaks only OpenAI-compatible and Ollama models (prefix "
                "openai/, hosted_vllm/, vllm/, lm_studio/, llamafile/, llama_cpp/, ollama/ or ollama_chat/)",
                field=f"deployments[{i}].transport",
            )
        if deployment.uses_native_transport and deployment.resolved_api_base is None:
            raise ConfigError(
                f"{deployment.model!r} has no default address; set api_base (e.g. http://localhost:8000/v1)",
                field=f"deployments[{i}].api_base",
            )
        seen.add(deployment.name)
        validated.append(deployment)
    return validated


def _non_negative(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_SECONDS:
        bounds = f"[0, {MAX_SECONDS:.0f}]"
        raise ConfigError(f"must be a number of seconds in {bounds}, got {shown_value(value)}", field=name)
    return float(value)


class HybridClient:
    """Routes completions across local and cloud deployments as one reliable provider.

    >>> client = HybridClient([Deployment(name="local", model="ollama_chat/qwen3-coder")])
    >>> client.complete("Write a haiku about caches").text  # doctest: +SKIP
    """

    def __init__(
        self,
        deployments: Sequence[Deployment | Mapping[str, Any]],
        *,
        policy: Policy | str = "local-first",
        health: HealthConfig | Mapping[str, Any] | None = None,
        callbacks: Sequence[Callback] | None = (),
        queue_timeout_s: float = DEFAULT_QUEUE_TIMEOUT_S,
        default_max_output_tokens: int = DEFAULT_MAX_OUTPUT_TOKENS,
        transports: Mapping[str, Transport] | None = None,
        cache: CacheConfig | Mapping[str, Any] | None = None,
        max_response_bytes: int = 32 * 1024 * 1024,
    ) -> None:
        self._deployments = _validate_deployments(deployments)
        self._policy = resolve_policy(policy)
        self._policy.validate(self._deployments)
        _check_use_case_routes(self._policy, self._deployments)
        _warn_litellm_ollama(self._deployments)
        self._health = _health_config(health)
        callbacks = checked_callbacks(callbacks)
        self._queue_timeout_s = _non_negative(queue_timeout_s, "queue_timeout_s")
        self._default_max_output_tokens = output_tokens(default_max_output_tokens, "default_max_output_tokens")
        if isinstance(max_response_bytes, bool) or not isinstance(max_response_bytes, int) or max_response_bytes < 1024:
            raise ConfigError("must be an integer >= 1024", field="max_response_bytes")
        self._max_response_bytes = max_response_bytes
        names = {d.name for d in self._deployments}
        if transports is not None and not isinstance(transports, Mapping):
            raise ConfigError("must be a mapping from deployment name to a Transport", field="transports")
        for name, transport in (transports or {}).items():
            if name not in names:
                raise ConfigError(f"no deployment named {name!r}", field=f"transports.{name}")
            if not isinstance(transport, Transport):
                raise ConfigError(
                    f"must be a hybrid_infer.transports.Transport, got {type(transport).__name__}",
                    field=f"transports.{name}",
                )
        self._custom_transports = dict(transports or {})
        self._bus = EventBus(callbacks)
        self._states = [
            DeploymentState(d, self._health, self._on_breaker_change, self._on_health_change) for d in self._deployments
        ]
        self._cache: ResponseCache | None = None
        self._cache_layer: CacheLayer | None = None
        if cache is not None:
            self._cache = _open_cache(cache)
            self._cache_layer = CacheLayer(self._cache, self._bus)
        self._engine: Engine | None = None
        """The engine on the first event loop that used the client (replaced when that loop ends)."""
        self._thread_engine: Engine | None = None
        """The engine on the loop thread: sync calls and other event loops."""
        self._loop_thread: LoopThread | None = None
        self._queue = CapacityQueue()
        """Requests waiting for a slot, on any of the client's engines: first come, first served."""
        self._exit_hook: Callable[[], None] | None = None
        self._lock = threading.Lock()
        self._closed = False
        self._pid = os.getpid()
        """The process that built the client: its loop thread, pools and locks stay there on fork."""
        self._orphans: tuple[object, ...] = ()
        """In a forked child, what the parent's copy left behind, kept from being finalised."""

    @classmethod
    def from_file(cls, path: str | Path, **overrides: Any) -> HybridClient:
        """Build a client from a YAML or TOML preset (see ``policies/`` for examples).

        Keyword arguments (those of the constructor) replace the file's settings. An error
        names where the bad value came from: ``policy.yaml: health.interval_s`` for the
        file, ``health.interval_s`` for an argument.
        """
        from hybrid_infer._preset import load_preset

        known = [name for name in inspect.signature(cls.__init__).parameters if name != "self"]
        unknown = sorted(set(overrides) - set(known))
        if unknown:
            raise ConfigError(f"unknown arguments {unknown}; known: {known}", field=unknown[0])
        return cls._from_preset(path, {**load_preset(path), **overrides}, overridden=set(overrides))

    @classmethod
    def _from_preset(cls, path: str | Path, settings: dict[str, Any], overridden: set[str]) -> HybridClient:
        """``cls(**settings)``, with an error in a setting the file gave (not one of
        ``overridden``) naming the file first, as the preset loader's own errors do."""
        try:
            return cls(**settings)
        except ConfigError as exc:
            prefix = f"{path}: "
            top = re.match(r"\w+", exc.field or "")
            if exc.field is None or exc.field.startswith(prefix) or (top and top.group() in overridden):
                raise
            raise exc.at(prefix + exc.field) from None

    # --- introspection ------------------------------------------------------------------

    @property
    def deployments(self) -> list[Deployment]:
        return list(self._deployments)

    @property
    def policy(self) -> Policy:
        return self._policy

    @property
    def cache(self) -> ResponseCache | None:
        """The response cache (``stats()``, ``clear()``, ``invalidate()``), or None if off."""
        self._check_process()  # its database connections belong to the process that opened them
        return self._cache

    def health(self) -> dict[str, DeploymentHealth]:
        """Breaker state, probe results and load of every deployment (a snapshot)."""
        self._check_process()  # a forked child holds a frozen copy, whose locks may be held forever
        return {s.deployment.name: s.health() for s in self._states}

    def stats(self) -> dict[str, DeploymentStats]:
        """Requests, errors, tokens, cost and latency percentiles per deployment."""
        self._check_process()  # a forked child holds a frozen copy of the parent's counters
        return {s.deployment.name: s.stats() for s in self._states}

    def __getstate__(self) -> object:
        raise TypeError(
            "a HybridClient cannot be pickled (it owns a loop thread, connection pools and locks): "
            "build one in each process, e.g. in the worker function of a multiprocessing pool"
        )

    def __repr__(self) -> str:
        names = ", ".join(d.name for d in self._deployments)
        return f"HybridClient(deployments=[{names}], policy={self._policy!r})"

    def _on_breaker_change(self, name: str, old: BreakerState, new: BreakerState) -> None:
        _log.info("deployment %s breaker %s -> %s", name, old, new, extra={"deployment": name})
        if self._bus:
            self._bus.emit(BreakerStateChanged(name, old, new))

    def _on_health_change(self, state: DeploymentState) -> None:
        name = state.deployment.name
        if state.healthy:
            _log.info("deployment %s is healthy again", name, extra={"deployment": name})
        else:
            _log.warning("deployment %s is unhealthy: %s", name, state.last_error, extra={"deployment": name})
        if self._bus:
            self._bus.emit(HealthChanged(name, state.healthy, None if state.healthy else state.last_error))

    # --- engine placement -------------------------------------------------------------------

    def _new_engine(self) -> Engine:
        from hybrid_infer.transports import LiteLLMTransport, NativeTransport

        native: Transport | None = None
        universal: Transport | None = None
        transports: dict[str, Transport] = {}
        for deployment in self._deployments:
            if deployment.name in self._custom_transports:
                transports[deployment.name] = self._custom_transports[deployment.name]
            elif deployment.uses_native_transport:
                native = native or NativeTransport(max_response_bytes=self._max_response_bytes)
                transports[deployment.name] = native
            else:
                universal = universal or LiteLLMTransport(
                    d
                    for d in self._deployments
                    if d.name not in self._custom_transports and not d.uses_native_transport
                )
                transports[deployment.name] = universal
        return Engine(
            self._states,
            policy=self._policy,
            health=self._health,
            bus=self._bus,
            transports=transports,
            queue_timeout_s=self._queue_timeout_s,
            default_max_output_tokens=self._default_max_output_tokens,
            queue=self._queue,
        )

    def _live_engines(self) -> list[Engine]:
        return [e for e in (self._engine, self._thread_engine) if e is not None]

    def _check_open(self) -> None:
        self._check_process()
        if self._closed:
            raise HybridInferError("this HybridClient is closed")

    def _check_process(self) -> None:
        if os.getpid() != self._pid:
            raise HybridInferError(
                f"this HybridClient was built in process {self._pid} and cannot be used in a forked child "
                "(its loop thread, connection pools and locks stay in the parent): build a new client in the child"
            )

    def _forget_after_fork(self) -> bool:
        """In a forked child, drop the parent's engines and loop thread without touching them
        (the threads behind them do not exist here; a lock may be held forever), and leave its
        cache unclosed (its connections are the parent's). Whether this is such a child."""
        if os.getpid() == self._pid:
            return False
        for engine in self._live_engines():
            if engine.loop is not None:
                # The loop, its tasks and pools are the parent's copies: nothing here runs, finishes
                # or closes them, so they must not report themselves as leaked when collected.
                engine.loop.set_exception_handler(_ignore)
                for task in asyncio.all_tasks(engine.loop):
                    task._log_destroy_pending = False  # type: ignore[attr-defined]  # asyncio's own switch
        self._orphans = (self._engine, self._thread_engine, self._loop_thread)  # never finalised here
        self._closed = True
        self._engine = self._thread_engine = self._loop_thread = None
        self._exit_hook = None
        return True

    def _engine_here(self) -> Engine | None:
        """The engine for the running loop: ``None`` when one lives on another live loop.

        The first loop to use the client gets an engine of its own (no hops on the hot
        path). Sync callers and every other loop share the loop thread's engine, which lives
        until ``close()``: they never run on a loop that its owner may end at any time.
        """
        loop = asyncio.get_running_loop()
        with self._lock:
            self._check_open()
            engine = self._engine
            if engine is not None and engine.loop is loop:
                return engine
            if engine is not None and engine.loop is not None and not engine.loop.is_closed():
                # Running, or idle between an app's run_until_complete calls: that loop may
                # run again, and its engine (health probes, pool) must stay reachable for
                # close(). Replaced, it outlived close() (review 61).
                return None
            # First use, or the loop it lived on has ended (e.g. a previous asyncio.run).
            engine = self._engine = self._new_engine()
            engine.start()
            return engine

    def _engine_elsewhere(self) -> Engine:
        """The loop thread's engine, for sync callers and loops other than the first one."""
        with self._lock:
            self._check_open()
            engine = self._engine
            if engine is not None and engine.loop is not None and engine.loop is _running_loop():
                raise HybridInferError(_BLOCKING_ON_OWN_LOOP)
            if self._thread_engine is not None:
                if self._thread_engine.loop is _running_loop():  # a callback on the loop thread
                    raise HybridInferError(_BLOCKING_ON_OWN_LOOP)
                return self._thread_engine
            if self._loop_thread is None:
                self._loop_thread = LoopThread()
                # A sync client left open at interpreter exit is closed then, quietly: its loop
                # thread would otherwise be killed with tasks and connections still open.
                self._exit_hook = _closer(weakref.ref(self))
                atexit.register(self._exit_hook)
            loop = self._loop_thread.start()
            engine = self._thread_engine = self._new_engine()

            async def start() -> None:
                engine.start()

            asyncio.run_coroutine_threadsafe(start(), loop).result()
            return engine

    async def _on_engine(self, call: Callable[[Engine], Awaitable[T]]) -> T:
        engine = self._engine_here()
        if engine is not None:
            return await call(engine)
        remote = self._engine_elsewhere()
        assert remote.loop is not None

        async def run() -> T:
            return await call(remote)

        return await _await_on(remote.loop, run())

    def _blocking(self, call: Callable[[Engine], Awaitable[T]]) -> T:
        engine = self._engine_elsewhere()
        assert engine.loop is not None

        async def run() -> T:
            return await call(engine)

        return _wait_on(engine.loop, run())

    # --- completions ----------------------------------------------------------------------------

    def _request(self, prompt: Any, stream: bool, kwargs: dict[str, Any]) -> Request:
        if not kwargs and type(prompt) is str and prompt.strip() and len(prompt) <= MAX_PROMPT_CHARS:
            return plain_prompt_request(prompt, stream)  # the common call: skip the general path
        named = {key: kwargs.pop(key) for key in REQUEST_ARGUMENTS if key in kwargs}
        policy = named.pop("policy", None)
        request = build_request(prompt, stream=stream, params=kwargs, **named)
        if request.cache_mode == "only" and self._cache_layer is None:
            raise ConfigError("'only' needs a cache: build the client with cache=CacheConfig(...)", field="cache")
        if policy is not None:
            if not isinstance(policy, Policy | str):
                raise ConfigError(f"must be a policy name or a Policy, got {type(policy).__name__}", field="policy")
            resolved = resolve_policy(policy)
            # Only the deployments this request can reach must suit it (a use case narrows them).
            reachable = [d for d in self._deployments if request.use_case in d.use_cases] if request.use_case else []
            resolved.validate(reachable or self._deployments)
            _check_use_case_routes(resolved, self._deployments)
            object.__setattr__(request, "policy", resolved)
        return request

    def complete(self, prompt: str | None = None, **kwargs: Any) -> Result:
        """Answer a prompt (or ``messages=[...]``) from the best available deployment.

        Keyword arguments: ``messages``, ``use_case``, ``max_tokens``, ``temperature``,
        ``policy``, ``timeout_s``, ``queue_timeout_s``, ``deadline_s`` and provider parameters such as
        ``top_p``, ``stop``, ``seed``, ``tools``, ``response_format``.
        """
        request = self._request(prompt, False, kwargs)
        layer = self._cache_layer
        if layer is not None and not self._closed:
            self._check_process()  # the cache's database handles stay in the parent on fork
            engine = self._engine
            loop = None if engine is None else engine.loop
            if loop is not None and loop is asyncio._get_running_loop():  # the fast C check
                raise HybridInferError(_BLOCKING_ON_OWN_LOOP)
            if (hit := layer.exact_hit(request)) is not None:
                return hit
            if layer.cache.readable(request):  # looked already: do not count a second miss
                return self._blocking(lambda engine: layer.complete(engine, request, exact_missed=True))
        return self._blocking(lambda engine: self._serve(engine, request))

    async def acomplete(self, prompt: str | None = None, **kwargs: Any) -> Result:
        """Async :meth:`complete`."""
        request = self._request(prompt, False, kwargs)
        engine = self._engine
        if engine is not None and engine.loop is asyncio.get_running_loop() and not self._closed:
            self._check_process()
            return await self._serve(engine, request)  # the hot path: no hops, no locks
        return await self._on_engine(lambda e: self._serve(e, request))

    def _serve(self, engine: Engine, request: Request) -> Awaitable[Result]:
        layer = self._cache_layer
        return engine.complete(request) if layer is None else layer.complete(engine, request)

    def _serve_stream(
        self, engine: Engine, request: Request, *, exact_missed: bool = False
    ) -> AsyncGenerator[StreamChunk, None]:
        layer = self._cache_layer
        return engine.stream(request) if layer is None else layer.stream(engine, request, exact_missed=exact_missed)

    def stream(self, prompt: str | None = None, **kwargs: Any) -> Iterator[StreamChunk]:
        """Stream the answer as :class:`StreamChunk` s; the last one carries the Result.

        Arguments are validated now, before the first chunk is asked for.
        """
        request = self._request(prompt, True, kwargs)
        engine = self._engine_elsewhere()
        return self._sync_chunks(engine, request)

    def _unread_at_close(self, request: Request) -> ClientClosed:
        """The error for a stream obtained before the close and first read after it, its start
        and end reported as the engine's own stream reports them (nothing else runs)."""
        error = ClientClosed("the client was closed before this stream was read", [])
        if self._bus:
            request_id = new_request_id()
            self._bus.emit(RequestStarted(request_id, request.use_case, request.stream))
            self._bus.emit(RequestFinished(request_id, None, type(error).__name__, str(error)))
        return error

    def _sync_chunks(self, engine: Engine, request: Request) -> Iterator[StreamChunk]:
        if self._closed:
            raise self._unread_at_close(request)
        loop = engine.loop
        assert loop is not None
        layer = self._cache_layer
        exact_missed = False
        if layer is not None and not self._closed:
            self._check_process()  # the cache's database handles stay in the parent on fork
            # An exact hit replays here, as complete() answers it: through the loop thread
            # each replayed delta would be one cross-thread round trip.
            replay = layer.exact_replay(request, lambda: self._closed)
            if replay is not None:
                with contextlib.closing(replay):  # closed early: the replay reports its end
                    for replayed in replay:
                        if self._closed:  # a close cuts a stream being read, a replay too
                            raise ClientClosed("the client was closed while this stream was read", [])
                        yield replayed
                return
            exact_missed = layer.cache.readable(request)  # looked already: do not count a second miss
        source = self._serve_stream(engine, request, exact_missed=exact_missed)
        try:
            while True:
                if self._closed:  # the loop may be gone: do not hand it more work
                    raise ClientClosed("the client was closed while this stream was read", [])
                chunk = _wait_on(loop, _next_or_none(source))
                if chunk is None:
                    return
                yield chunk
                if chunk.result is not None:
                    return  # the answer is whole: a close from here on cuts nothing
        finally:
            if not self._closed:  # a close shuts the loop's generators down itself
                _close_on(loop, source)

    def astream(self, prompt: str | None = None, **kwargs: Any) -> AsyncIterator[StreamChunk]:
        """Async :meth:`stream` (``async for chunk in client.astream(...)``).

        As with :meth:`stream`, arguments are validated, and a closed client refused, now."""
        request = self._request(prompt, True, kwargs)
        self._check_open()
        engine = self._engine
        if engine is not None and not self._closed and engine.loop is _running_loop():
            self._check_process()
            return self._serve_stream(engine, request)  # the hot path: the engine's own generator
        return self._async_chunks(request)

    async def _async_chunks(self, request: Request) -> AsyncIterator[StreamChunk]:
        if self._closed:
            raise self._unread_at_close(request)
        engine = self._engine_here()
        if engine is not None:
            async with contextlib.aclosing(self._serve_stream(engine, request)) as chunks:
                async for chunk in chunks:
                    yield chunk
            return
        remote = self._engine_elsewhere()
        loop = remote.loop
        assert loop is not None
        source = self._serve_stream(remote, request)
        try:
            while True:
                if self._closed:
                    raise ClientClosed("the client was closed while this stream was read", [])
                item = await _await_on(loop, _next_or_none(source))
                if item is None:
                    return
                yield item
                if item.result is not None:
                    return  # the answer is whole: a close from here on cuts nothing
        finally:
            if loop.is_running():
                with contextlib.suppress(Exception):
                    await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(source.aclose(), loop))

    # --- health -----------------------------------------------------------------------------------

    def check_health(self) -> dict[str, DeploymentHealth]:
        """Probe every deployment now and return the fresh :meth:`health`; ``ClientClosed`` if
        the client closes meanwhile (its probes were cut, and count against no deployment)."""
        self._blocking(lambda engine: engine.probe_all())
        return self._probed()

    async def acheck_health(self) -> dict[str, DeploymentHealth]:
        """Async :meth:`check_health`."""
        await self._on_engine(lambda engine: engine.probe_all())
        return self._probed()

    def _probed(self) -> dict[str, DeploymentHealth]:
        if self._closed:
            raise ClientClosed("the client was closed while its deployments were probed", [])
        return self.health()

    # --- lifecycle ---------------------------------------------------------------------------------

    def start(self) -> HybridClient:
        """Start background health checks now (sync use); otherwise the first call does."""
        self._engine_elsewhere()
        return self

    async def astart(self) -> HybridClient:
        """Start background health checks on the running loop."""
        await self._on_engine(_noop)
        return self

    def close(self) -> None:
        """Stop health checks, close connection pools and the loop thread. Idempotent.

        In a forked child it only marks the client closed: what it would stop lives in the parent.
        """
        if self._forget_after_fork():
            return
        running = _running_loop()
        with self._lock:
            if self._closed:
                return
            if running is not None and any(e.loop is running for e in self._live_engines()):
                raise HybridInferError(
                    "close() was called on the client's own event loop (in async code, or in a callback); "
                    "use await aclose(), or call close() from another thread"
                )
            self._closed = True
            engines = self._live_engines()
            self._engine = self._thread_engine = None
            loop_thread, self._loop_thread = self._loop_thread, None
            exit_hook, self._exit_hook = self._exit_hook, None
        if exit_hook is not None:
            atexit.unregister(exit_hook)
        for engine in engines:
            if engine.loop is not None and engine.loop.is_running():
                closing = asyncio.run_coroutine_threadsafe(engine.aclose(), engine.loop)
                # That loop may end meanwhile (its asyncio.run finishing once its requests were
                # cut) and cancel the close: its own shutdown then closes the pools.
                with contextlib.suppress(concurrent.futures.CancelledError, concurrent.futures.TimeoutError):
                    closing.result(30)
            else:
                _close_on_idle_loop(engine)
        if loop_thread is not None:
            loop_thread.stop()
        if self._cache_layer is not None:
            self._cache_layer.close()
        if self._cache is not None:
            self._cache.close()

    async def aclose(self) -> None:
        """Async :meth:`close`."""
        if self._forget_after_fork():
            return
        with self._lock:
            if self._closed:
                return
            self._closed = True
            engines = self._live_engines()
            self._engine = self._thread_engine = None
            loop_thread, self._loop_thread = self._loop_thread, None
            exit_hook, self._exit_hook = self._exit_hook, None
        if exit_hook is not None:
            atexit.unregister(exit_hook)
        # Once begun, the close runs to its end even if our caller stops waiting (a shutdown
        # hook's deadline): a second aclose() finds the client closed and does nothing, so
        # cut short here, the loop thread and the pools would stay.
        await asyncio.shield(self._close_engines(engines, loop_thread))

    async def _close_engines(self, engines: list[Engine], loop_thread: LoopThread | None) -> None:
        for engine in engines:
            if engine.loop is None:
                continue
            if engine.loop is asyncio.get_running_loop():
                await engine.aclose()
            elif engine.loop.is_running():
                closing = asyncio.run_coroutine_threadsafe(engine.aclose(), engine.loop)
                # That loop may end meanwhile and cancel the close: its own shutdown then
                # closes the pools.
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wrap_future(closing)
            else:
                await asyncio.to_thread(_close_on_idle_loop, engine)
        if loop_thread is not None:
            await asyncio.to_thread(loop_thread.stop)
        if self._cache_layer is not None:  # waits for a lookup mid-encode: not on the loop
            await asyncio.to_thread(self._cache_layer.close)
        if self._cache is not None:
            self._cache.close()

    def __enter__(self) -> HybridClient:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    async def __aenter__(self) -> HybridClient:
        return await self.astart()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()


def _open_cache(cache: CacheConfig | Mapping[str, Any]) -> ResponseCache:
    import sqlite3

    from hybrid_infer.cache import ResponseCache

    cache = _cache_config(cache)

    try:
        return ResponseCache(cache)
    except (OSError, sqlite3.Error) as exc:  # a file in the way, a read-only database or mount
        reason = (exc.strerror if isinstance(exc, OSError) else str(exc)) or type(exc).__name__
        raise ConfigError(f"cannot hold a cache at {cache.directory()}: {reason}", field="cache.path") from None


async def _next_or_none(source: AsyncIterator[StreamChunk]) -> StreamChunk | None:
    """The next chunk, or None at the end (a StopAsyncIteration cannot cross threads)."""
    try:
        return await anext(source)
    except StopAsyncIteration:
        return None


_POLL_S = 0.25
"""How often a caller waiting on the loop thread checks that the loop still runs."""


def _closed_error() -> ClientClosed:
    return ClientClosed("the client was closed while this request was in flight", [])


def _wait_on(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` on the client's loop thread and wait for it from this thread.

    A ``close()`` from another thread stops that loop: work cancelled by it, or that can
    never run because the loop is gone, ends with ``ClientClosed`` instead of a bare
    ``CancelledError``, an "Event loop is closed" error or a wait that never returns.
    """
    if _running_loop() is loop:  # on the loop thread itself (a callback): waiting would never end
        coro.close()
        raise HybridInferError(_BLOCKING_ON_OWN_LOOP)
    try:
        future = asyncio.run_coroutine_threadsafe(coro, loop)
    except RuntimeError:  # the loop is closed
        coro.close()
        raise _closed_error() from None
    try:
        while True:
            try:
                return future.result(_POLL_S)
            except concurrent.futures.TimeoutError:
                if not loop.is_running():
                    future.cancel()
                    raise _closed_error() from None
            except concurrent.futures.CancelledError:
                raise _closed_error() from None
    except BaseException:
        # The caller stopped waiting (Ctrl-C, a signal handler's exception, ...): cancel
        # the work on the loop too, so its slot is freed and a queued call is never sent.
        future.cancel()
        raise


async def _await_on(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, T]) -> T:
    """:func:`_wait_on` for a caller on another event loop."""
    try:
        future = asyncio.run_coroutine_threadsafe(coro, loop)
    except RuntimeError:
        coro.close()
        raise _closed_error() from None
    waiting = asyncio.wrap_future(future)
    try:
        while True:
            done, _ = await asyncio.wait({waiting}, timeout=_POLL_S)
            if done:
                try:
                    return waiting.result()
                except asyncio.CancelledError:
                    if future.cancelled():  # cancelled over there, by the close
                        raise _closed_error() from None
                    raise
            if not loop.is_running():
                future.cancel()
                raise _closed_error()
    except BaseException:
        future.cancel()  # our caller gave up: stop the work on the client's loop too
        raise


def _close_on(loop: asyncio.AbstractEventLoop, source: AsyncGenerator[StreamChunk, None]) -> None:
    """Close a stream generator living on the client's loop, if that loop still runs.

    A sync stream dropped unread may be finalised by the garbage collector on any thread,
    the loop thread included: there the close is scheduled, not waited for (waiting would
    block the loop on itself, and every later call with it).
    """
    if not loop.is_running():
        return
    if _running_loop() is loop:
        loop.create_task(_quietly(source.aclose()))
        return
    with contextlib.suppress(Exception):  # ClientClosed when the loop stops meanwhile
        _wait_on(loop, source.aclose())


def _close_on_idle_loop(engine: Engine) -> None:
    """Close an engine whose event loop is open but not running (an app that drives its loop
    with ``run_until_complete`` now and then): run that loop until the engine is closed, on a
    thread of its own (this one may be running another loop). Its health probes would
    otherwise go on the next time the app runs the loop, and its pools stay open."""
    loop = engine.loop
    if loop is None or loop.is_running() or loop.is_closed():
        return

    def run() -> None:
        with contextlib.suppress(Exception):  # the app started that loop meanwhile, or closed it
            loop.run_until_complete(engine.aclose())

    worker = threading.Thread(target=run, name="hybrid-infer-close", daemon=True)
    worker.start()
    worker.join(30)


async def _quietly(closing: Awaitable[None]) -> None:
    with contextlib.suppress(Exception):
        await closing


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


async def _noop(engine: Engine) -> None:
    return None


def _ignore(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """An exception handler for a loop copied into a forked child, where nothing runs it."""


def _closer(client: weakref.ref[HybridClient]) -> Callable[[], None]:
    """An exit hook that closes ``client`` if it is still alive and open (see ``_engine_elsewhere``)."""

    def close_at_exit() -> None:
        alive = client()
        if alive is not None:
            with contextlib.suppress(Exception):
                alive.close()

    return close_at_exit


def _warn_litellm_ollama(deployments: Sequence[Deployment]) -> None:
    """litellm looks up an Ollama model's details with a blocking call to ``/api/show`` on the
    event loop after its first success: say so where it is chosen (docs/configuration.md)."""
    for deployment in deployments:
        if deployment.transport == "litellm" and deployment.protocol == "ollama":
            _log.warning(
                "deployment %s sends Ollama calls through litellm, which queries /api/show with a blocking "
                "call on the event loop (no timeout_s covers it): prefer transport='auto' or 'native'",
                deployment.name,
                extra={"deployment": deployment.name},
            )


def _check_use_case_routes(policy: Policy, deployments: Sequence[Deployment]) -> None:
    """A ``ByUseCase`` route for a use case no deployment serves is a typo ('reasonnig'):
    requests for the intended one would quietly take the default route. Checked wherever
    the router sits: first, in a chain (``ByUseCase(...) >> Fastest()``), behind
    ``LocalFirst(then=...)`` or in another router's route."""
    known = {tag for deployment in deployments for tag in deployment.use_cases}
    for router in _use_case_routers(policy, set()):
        unknown = sorted(set(router.routes) - known)
        if unknown:
            raise ConfigError(
                f"ByUseCase routes {unknown} match no deployment's use_cases (they have: {sorted(known) or 'none'})",
                field="policy",
            )


def _use_case_routers(policy: Policy, seen: set[int]) -> Iterator[ByUseCase]:
    """Every ``ByUseCase`` inside ``policy`` (the built-in policies that hold others)."""
    if id(policy) in seen:
        return
    seen.add(id(policy))
    inner: Sequence[Policy] = ()
    if isinstance(policy, ByUseCase):
        yield policy
        inner = [policy.default, *policy.routes.values()]
    elif isinstance(policy, Chain):
        inner = policy.policies
    elif isinstance(policy, LocalFirst):
        inner = [policy.then]
    for child in inner:
        yield from _use_case_routers(child, seen)
