"""Soak test: steady load with rotating provider faults, watching accounting and memory over time.

One async ``HybridClient`` (native transport, health checks every second) runs in this process at a
steady offered load (``--rps``, capped at ``--concurrency`` in flight) of plain and streamed calls
with a mix of use cases, against three FakeProvider servers that each live in their own child
process (an Ollama "local" with ``max_concurrency`` 4 and two OpenAI "cloud" ones at different
prices). Every ``--fault-period`` seconds a deterministic, seeded rotation moves one fault to the
next (500s, 429 with Retry-After, hangs, connection refused, malformed bodies, cut streams, failing
probes, or none) over a control pipe. Per minute it reports requests served, errors by type,
p50/p99 latency of successful calls, and the RSS, open descriptors and asyncio tasks of this
process; at the end it checks the targets: RSS after the first minute grows <= 10 %, zero
unhandled errors, zero lost requests.

It does not measure model latency, network distance, throughput limits (the load is fixed, not
pushed to saturation), the litellm transport or the cost of the fake servers (their CPU and memory
are in other processes). RSS is what the OS reports, allocator caching included: it bounds a leak,
it does not locate one. Run from the repository root:
``.venv/bin/python -m bench.soak --minutes 30 [--markdown docs/reliability.md] [--json PATH]``.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import math
import multiprocessing
import os
import platform
import random
import shlex
import signal
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from importlib.metadata import version
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the checkout's hybrid_infer importable
    sys.path.insert(0, str(ROOT))

from hybrid_infer.errors import HybridInferError  # noqa: E402  (light: no client, no pydantic models)
from hybrid_infer.testing import NO_FAULTS  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Iterator

    from hybrid_infer import HybridClient, Result
    from hybrid_infer.events import Event

DEFAULT_MINUTES = 30.0
WATCHDOG_S = 60.0
"""A request still unanswered after this long is counted as lost and cancelled."""
LATE_S = 1.0
"""When the generator falls this far behind its schedule, it skips ticks instead of bursting."""
CONTROL_TIMEOUT_S = 15.0
RSS_TARGET = 0.10
MARK_START = "<!-- soak:start -->"
MARK_END = "<!-- soak:end -->"
TITLE = "# Reliability\n"
HEALTHY: dict[str, Any] = {k: v for k, v in NO_FAULTS.items() if k not in ("latency_s", "token_delay_s")}
"""Every fault off, latency and token delay left alone (FakeProvider.clear_faults zeroes those too)."""
USE_CASES: tuple[tuple[str | None, float], ...] = (
    (None, 0.4),
    ("code-generation", 0.3),
    ("reasoning", 0.2),
    ("code-analysis", 0.1),
)
STREAM_SHARE = 0.3
PROMPTS = 1000
"""Distinct prompts the generator draws from (so an enabled cache sees repeats)."""


# --- the fake servers, one child process each --------------------------------------------------


@dataclass(frozen=True)
class ProviderSpec:
    """One FakeProvider: its deployment name, protocol, model, price and how slow it answers."""

    name: str
    protocol: Literal["openai", "ollama"]
    model: str
    latency_s: float
    token_delay_s: float
    input_cost_per_mtok: float
    output_cost_per_mtok: float
    use_cases: tuple[str, ...]
    max_concurrency: int | None = None

    @property
    def litellm_model(self) -> str:
        return f"{'ollama_chat' if self.protocol == 'ollama' else 'openai'}/{self.model}"


PROVIDERS = (
    ProviderSpec(
        "local",
        "ollama",
        "qwen3-coder",
        0.03,
        0.01,
        0.0,
        0.0,
        ("code-generation", "code-analysis"),
        4,
    ),
    ProviderSpec(
        "cloud-mini",
        "openai",
        "fake-mini",
        0.10,
        0.003,
        0.15,
        0.60,
        ("code-generation", "reasoning"),
    ),
    ProviderSpec("cloud-pro", "openai", "fake-pro", 0.05, 0.003, 2.50, 10.0, ("reasoning", "code-analysis")),
)


def provider_main(spec: ProviderSpec, conn: Connection, seed: int) -> None:
    """Child process: serve one FakeProvider on 127.0.0.1 and obey commands from the pipe.

    Commands are ``(op, kwargs)``: ``set_faults``, ``stop``, ``start``, ``counters``, ``shutdown``.
    Each gets one reply, ``(True, value)`` or ``(False, "error text")``. The child ignores SIGINT
    (the parent shuts it down) and exits by itself if the parent goes away.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from hybrid_infer.testing import FakeProvider

    parent = os.getppid()
    provider = FakeProvider(
        spec.protocol,
        models=(spec.model,),
        name=spec.name,
        latency_s=spec.latency_s,
        token_delay_s=spec.token_delay_s,
        host="127.0.0.1",
        seed=seed,
        max_recorded=0,  # a soak must not grow the server's recordings
    )
    provider.start()
    conn.send((True, provider.api_base))
    try:
        while os.getppid() == parent:
            if not conn.poll(1.0):
                continue
            op, kwargs = conn.recv()
            if op == "shutdown":
                conn.send((True, None))
                return
            try:
                conn.send((True, _provider_command(provider, op, kwargs)))
            except Exception as exc:
                conn.send((False, f"{type(exc).__name__}: {exc}"))
    except (EOFError, OSError):
        pass  # the parent closed its end
    finally:
        provider.close()


def _provider_command(provider: Any, op: str, kwargs: dict[str, Any]) -> Any:
    if op == "set_faults":
        provider.set_faults(**kwargs)
        return None
    if op == "stop":
        provider.stop()
        return None
    if op == "start":
        provider.start()
        return None
    if op == "counters":
        return {
            "request_count": provider.request_count,
            "probe_count": provider.probe_count,
            "in_flight": provider.in_flight,
            "max_in_flight": provider.max_in_flight,
            "running": provider.running,
        }
    raise ValueError(f"unknown command {op!r}")


class ProviderProcess:
    """The parent's handle on one provider child: its address and a blocking command call."""

    def __init__(self, spec: ProviderSpec, seed: int) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process with threads
        self.spec = spec
        self._conn, child_conn = context.Pipe()
        self._process: BaseProcess = context.Process(
            target=provider_main,
            args=(spec, child_conn, seed),
            name=f"fake-{spec.name}",
            daemon=True,
        )
        self._process.start()
        child_conn.close()
        self.api_base: str = self._reply(30.0)

    def command(self, op: str, **kwargs: Any) -> Any:
        """Send one command and wait (bounded) for its reply. Called from one thread at a time."""
        self._conn.send((op, kwargs))
        return self._reply(CONTROL_TIMEOUT_S)

    def _reply(self, timeout_s: float) -> Any:
        if not self._conn.poll(timeout_s):
            raise RuntimeError(f"provider {self.spec.name} did not answer within {timeout_s:g}s")
        ok, value = self._conn.recv()
        if not ok:
            raise RuntimeError(f"provider {self.spec.name}: {value}")
        return value

    def close(self) -> None:
        """Ask the child to exit; terminate, then kill it if it does not."""
        try:
            if self._process.is_alive():
                self.command("shutdown")
        except (RuntimeError, OSError, EOFError):
            pass
        self._process.join(5)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(5)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(5)
        self._conn.close()


@contextmanager
def provider_processes(seed: int) -> Iterator[dict[str, ProviderProcess]]:
    """Start every provider child; always shut them all down on the way out."""
    started: dict[str, ProviderProcess] = {}
    try:
        for i, spec in enumerate(PROVIDERS):
            started[spec.name] = ProviderProcess(spec, seed + i)
        yield started
    finally:
        for process in started.values():
            process.close()


# --- the fault rotation --------------------------------------------------------------------------


@dataclass(frozen=True)
class Fault:
    """One fault on one provider: how to switch it on, and that clearing undoes it."""

    label: str
    target: str | None
    op: Literal["set_faults", "stop", "none"]
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return self.label if self.target is None else f"{self.label} on {self.target}"


def fault_rotation(seed: int) -> list[Fault]:
    """Every fault once plus one calm step, targets and order drawn from ``seed``."""
    rng = random.Random(seed)
    clouds = [p.name for p in PROVIDERS if p.protocol == "openai"]
    everyone = [p.name for p in PROVIDERS]
    local = next(p.name for p in PROVIDERS if p.protocol == "ollama")
    faults = [
        Fault("HTTP 500 at rate 0.2", rng.choice(clouds), "set_faults", {"error_rate": 0.2}),
        Fault("429 Retry-After 2 s", rng.choice(clouds), "set_faults", {"retry_after_s": 2}),
        Fault("hangs past the timeout", rng.choice(clouds), "set_faults", {"hang": True}),
        Fault("stopped (connection refused)", local, "stop"),
        Fault("malformed bodies", rng.choice(everyone), "set_faults", {"malformed": True}),
        Fault(
            "streams cut after 3 tokens",
            rng.choice(everyone),
            "set_faults",
            {"cut_stream_after": 3},
        ),
        Fault("failing probes", rng.choice(everyone), "set_faults", {"fail_probes": True}),
        Fault("no fault", None, "none"),
    ]
    rng.shuffle(faults)
    return faults


async def apply_fault(providers: dict[str, ProviderProcess], fault: Fault) -> None:
    if fault.target is None or fault.op == "none":
        return
    process = providers[fault.target]
    if fault.op == "stop":
        await asyncio.to_thread(process.command, "stop")
    else:
        await asyncio.to_thread(process.command, "set_faults", **fault.settings)


async def clear_fault(providers: dict[str, ProviderProcess], fault: Fault) -> None:
    if fault.target is None or fault.op == "none":
        return
    process = providers[fault.target]
    if fault.op == "stop":
        await asyncio.to_thread(process.command, "start")
    else:
        await asyncio.to_thread(process.command, "set_faults", **HEALTHY)


# --- accounting --------------------------------------------------------------------------------


@dataclass
class Minute:
    """What happened in one reporting bucket; outcomes are counted when the request ended."""

    index: int
    issued: int = 0
    not_sent: int = 0
    served: int = 0
    cache_hits: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    unhandled: int = 0
    lost: int = 0
    faults: list[str] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    p50_ms: float | None = None
    p99_ms: float | None = None
    rss_mib: float | None = None
    open_fds: int | None = None
    tasks: int | None = None

    def close(self, rss_mib: float, open_fds: int | None, tasks: int) -> None:
        """Fix the percentiles and the process sample; drop the raw latencies (they would grow RSS)."""
        self.p50_ms, self.p99_ms = percentiles(self.latencies_ms)
        self.latencies_ms = []
        self.rss_mib, self.open_fds, self.tasks = rss_mib, open_fds, tasks

    def as_dict(self) -> dict[str, Any]:
        data = plain_fields(self)
        data.pop("latencies_ms")
        return data


@dataclass
class Totals:
    """Counts over the whole run, and the first unhandled traceback."""

    issued: int = 0
    not_sent: Counter[str] = field(default_factory=Counter)
    served: int = 0
    streamed_served: int = 0
    cache: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    unhandled: Counter[str] = field(default_factory=Counter)
    first_unhandled: str | None = None
    lost: Counter[str] = field(default_factory=Counter)
    attempts: Counter[str] = field(default_factory=Counter)
    """Per-attempt outcomes inside requests: ``ok``, skips, and failure causes by error type."""
    events: Counter[str] = field(default_factory=Counter)
    harness_errors: list[str] = field(default_factory=list)

    @property
    def accounted(self) -> int:
        return self.served + sum(self.errors.values()) + sum(self.unhandled.values()) + sum(self.lost.values())

    def as_dict(self) -> dict[str, Any]:
        return plain_fields(self) | {"accounted": self.accounted}


def plain_fields(record: Any) -> dict[str, Any]:
    """A dataclass's fields as JSON-ready values (``asdict`` would mangle a Counter)."""
    return {f.name: copy.copy(getattr(record, f.name)) for f in fields(record)}


def percentiles(samples: Sequence[float]) -> tuple[float | None, float | None]:
    if not samples:
        return None, None
    if len(samples) == 1:
        return samples[0], samples[0]
    return statistics.median(samples), statistics.quantiles(samples, n=100, method="inclusive")[98]


class BrokenContract(RuntimeError):
    """The harness's own check failed: e.g. a stream ended without a final Result."""


def count_event(totals: Totals, event: Event) -> None:
    """Count breaker and health transitions (called inline by the client: keep it cheap)."""
    from hybrid_infer.events import BreakerStateChanged, HealthChanged

    if isinstance(event, BreakerStateChanged):
        totals.events[f"breaker {event.deployment} {event.old}->{event.new}"] += 1
    elif isinstance(event, HealthChanged):
        totals.events[f"{event.deployment} {'healthy' if event.healthy else 'unhealthy'}"] += 1


def count_attempts(totals: Totals, attempts: Sequence[Any]) -> None:
    for attempt in attempts:
        key = attempt.outcome if attempt.outcome not in ("error", "timeout") else attempt.error_type or attempt.outcome
        totals.attempts[key] += 1


# --- process samples ---------------------------------------------------------------------------


def rss_mib() -> float:
    """This process's resident set size in MiB (psutil if installed, else /proc/self/status)."""
    try:
        import psutil
    except ImportError:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise RuntimeError("cannot read RSS: no psutil and no VmRSS in /proc/self/status") from None
    return float(psutil.Process().memory_info().rss) / (1024 * 1024)


def open_fds() -> int | None:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return None


# --- the load ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    duration_s: float
    bucket_s: float
    rps: float
    concurrency: int
    fault_period_s: float
    seed: int
    cache: bool


@dataclass(frozen=True)
class Call:
    """One request the generator decided to send."""

    number: int
    prompt: str
    use_case: str | None
    stream: bool


def prompt_pool(rng: random.Random) -> list[str]:
    subjects = (
        "a parser",
        "a cache",
        "a retry loop",
        "a rate limiter",
        "a tokenizer",
        "a scheduler",
        "a test",
    )
    verbs = ("Write", "Review", "Explain", "Refactor", "Find the bug in", "Document")
    return [
        f"{rng.choice(verbs)} {rng.choice(subjects)} (variant {i}); answer in a few words please"
        for i in range(PROMPTS)
    ]


def next_call(rng: random.Random, prompts: Sequence[str], number: int) -> Call:
    names = [name for name, _ in USE_CASES]
    weights = [weight for _, weight in USE_CASES]
    use_case = rng.choices(names, weights)[0]
    return Call(number, rng.choice(prompts), use_case, rng.random() < STREAM_SHARE)


class Soak:
    """One run: the generator, the fault rotation and the per-minute reporter on one event loop."""

    def __init__(
        self,
        settings: Settings,
        client: HybridClient,
        providers: dict[str, ProviderProcess],
        totals: Totals,
    ) -> None:
        self.settings = settings
        self.client = client
        self.providers = providers
        self.totals = totals
        self.buckets = max(1, math.ceil(settings.duration_s / settings.bucket_s))
        self.minutes = [Minute(i) for i in range(self.buckets)]
        self.rotation = fault_rotation(settings.seed)
        self.schedule: list[tuple[float, str]] = []
        self.stop = asyncio.Event()
        self.hurry = asyncio.Event()
        self.tasks: set[asyncio.Task[None]] = set()
        self.started = 0.0
        self.ended_s = 0.0
        self.final_index: int | None = None
        self.closed_through = -1
        self.active: Fault | None = None

    # --- time and buckets

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def bucket(self) -> Minute:
        index = min(int(self.elapsed() / self.settings.bucket_s), self.buckets - 1)
        if self.final_index is not None:
            index = min(index, self.final_index)
        return self.minutes[index]

    def note_fault(self, title: str) -> None:
        minute = self.bucket()
        if title not in minute.faults:
            minute.faults.append(title)

    async def sleep_until(self, at: float) -> bool:
        """Sleep until ``at`` seconds into the run; False if the run was stopped meanwhile."""
        delay = at - self.elapsed()
        if delay > 0:
            try:
                async with asyncio.timeout(delay):
                    await self.stop.wait()
            except TimeoutError:
                pass
        return not self.stop.is_set()

    # --- one request

    async def one(self, call: Call) -> None:
        started = time.perf_counter()
        watchdog = asyncio.timeout(WATCHDOG_S)
        try:
            async with watchdog:
                result = await (
                    self.streamed(call) if call.stream else self.client.acomplete(call.prompt, use_case=call.use_case)
                )
        except asyncio.CancelledError:
            self.lost("cancelled at shutdown")
            return
        except HybridInferError as exc:
            self.typed_error(exc)
            return
        except TimeoutError as exc:
            if watchdog.expired():
                self.lost(f"no outcome within {WATCHDOG_S:g}s")
            else:
                self.unhandled(exc)
            return
        except Exception as exc:
            self.unhandled(exc)
            return
        self.served(call, result, (time.perf_counter() - started) * 1000)

    async def streamed(self, call: Call) -> Result:
        result = None
        async for chunk in self.client.astream(call.prompt, use_case=call.use_case):
            if chunk.result is not None:
                result = chunk.result
        if result is None:
            raise BrokenContract("astream ended without a final chunk carrying the Result")
        return result

    def served(self, call: Call, result: Result, latency_ms: float) -> None:
        minute = self.bucket()
        minute.served += 1
        minute.latencies_ms.append(latency_ms)
        self.totals.served += 1
        self.totals.streamed_served += call.stream
        self.totals.cache[result.cache] += 1
        if result.cache != "miss":
            minute.cache_hits += 1
        count_attempts(self.totals, result.attempts)

    def typed_error(self, exc: HybridInferError) -> None:
        name = type(exc).__name__
        self.bucket().errors[name] += 1
        self.totals.errors[name] += 1
        count_attempts(self.totals, getattr(exc, "attempts", ()))

    def unhandled(self, exc: BaseException) -> None:
        self.bucket().unhandled += 1
        self.totals.unhandled[type(exc).__name__] += 1
        if self.totals.first_unhandled is None:
            self.totals.first_unhandled = "".join(traceback.format_exception(exc))
            print(f"UNHANDLED {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)

    def lost(self, why: str) -> None:
        self.bucket().lost += 1
        self.totals.lost[why] += 1

    # --- the three loops

    async def generate(self) -> None:
        """Offer ``rps`` requests per second until the end; never more than ``concurrency`` in flight."""
        rng = random.Random(self.settings.seed)
        prompts = prompt_pool(rng)
        interval = 1.0 / self.settings.rps
        next_at = 0.0
        number = 0
        while not self.stop.is_set():
            now = self.elapsed()
            if now >= self.settings.duration_s:
                break
            if now - next_at > LATE_S:  # the loop stalled: skip the missed ticks, do not burst
                skipped = int((now - next_at) / interval)
                self.totals.not_sent["generator behind schedule"] += skipped
                self.bucket().not_sent += skipped
                next_at += skipped * interval
            if next_at > now:
                await self.sleep_until(next_at)
                continue
            next_at += interval
            if len(self.tasks) >= self.settings.concurrency:
                self.totals.not_sent["concurrency cap"] += 1
                self.bucket().not_sent += 1
                continue
            number += 1
            self.totals.issued += 1
            self.bucket().issued += 1
            task = asyncio.create_task(self.one(next_call(rng, prompts, number)))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def rotate_faults(self) -> None:
        """Switch to the next fault every period; the previous one is cleared first."""
        step = 0
        try:
            while self.elapsed() < self.settings.duration_s and not self.stop.is_set():
                fault = self.rotation[step % len(self.rotation)]
                if self.active is not None:
                    await clear_fault(self.providers, self.active)
                    self.active = None
                await apply_fault(self.providers, fault)
                self.active = fault
                self.schedule.append((round(self.elapsed(), 1), fault.title))
                self.note_fault(fault.title)
                step += 1
                if not await self.sleep_until(min(step * self.settings.fault_period_s, self.settings.duration_s)):
                    break
        except Exception as exc:  # a dead provider child: stop the run, report it as the harness's fault
            self.totals.harness_errors.append(f"fault rotation: {type(exc).__name__}: {exc}")
            self.stop.set()
        finally:
            if self.active is not None:
                try:
                    await clear_fault(self.providers, self.active)
                except Exception as exc:
                    self.totals.harness_errors.append(f"clearing {self.active.title}: {type(exc).__name__}: {exc}")
                self.active = None

    async def report_minutes(self) -> None:
        """Close each bucket at its boundary (all but the last, which closes after the drain)."""
        for index in range(self.buckets - 1):
            if not await self.sleep_until((index + 1) * self.settings.bucket_s):
                return
            self.close_minute(index)
            if self.active is not None:
                self.note_fault(self.active.title)

    def close_minute(self, index: int) -> None:
        minute = self.minutes[index]
        minute.close(rss_mib(), open_fds(), len(asyncio.all_tasks()))
        self.closed_through = index
        print(minute_line(minute, self.settings.bucket_s), flush=True)

    async def drain(self) -> None:
        """Wait for in-flight requests (each has its own watchdog); on a second signal, cancel them."""
        hurry = asyncio.create_task(self.hurry.wait())
        try:
            async with asyncio.timeout(WATCHDOG_S + 5):
                while self.tasks and not self.hurry.is_set():
                    await asyncio.wait([*self.tasks, hurry], return_when=asyncio.FIRST_COMPLETED)
        except TimeoutError:
            pass
        finally:
            hurry.cancel()
        for task in list(self.tasks):
            task.cancel()  # counted as lost by the task itself
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=5)

    async def run(self) -> None:
        self.started = time.monotonic()
        print(minute_header(), flush=True)
        generator = asyncio.create_task(self.generate())
        faults = asyncio.create_task(self.rotate_faults())
        reporter = asyncio.create_task(self.report_minutes())
        await generator
        self.final_index = min(int(self.elapsed() / self.settings.bucket_s), self.buckets - 1)
        self.final_index = max(self.final_index, self.closed_through + 1)
        self.stop.set()
        await asyncio.gather(faults, reporter)
        await self.drain()
        self.ended_s = self.elapsed()
        self.minutes = self.minutes[: self.final_index + 1]
        self.close_minute(self.final_index)

    def signal_received(self) -> None:
        if self.stop.is_set():
            self.hurry.set()
            print("second signal: cancelling in-flight requests", file=sys.stderr, flush=True)
        else:
            self.stop.set()
            print(
                "signal: stopping the load, draining in-flight requests",
                file=sys.stderr,
                flush=True,
            )


# --- the client under test -------------------------------------------------------------------------

TIMEOUT_S = 2.0
QUEUE_TIMEOUT_S = 3.0
HEALTH: dict[str, Any] = {
    "interval_s": 1.0,
    "probe_timeout_s": 1.0,
    "unhealthy_after": 1,
    "failure_threshold": 3,
    "reset_timeout_s": 5.0,
}


def cache_config(directory: str) -> Any | None:
    """``CacheConfig(path=directory, semantic=False)``, or None when the cache package is absent."""
    try:
        from hybrid_infer.cache import CacheConfig
    except ImportError:
        return None
    return CacheConfig(path=directory, semantic=False)


def build_client(bases: dict[str, str], totals: Totals, cache: Any | None) -> HybridClient:
    """Three deployments (native transport), by-use-case routing, fast health checks, bounded waits."""
    from hybrid_infer import (
        ByUseCase,
        Cheapest,
        Deployment,
        Fastest,
        HealthConfig,
        HybridClient,
        LocalFirst,
    )

    deployments = [
        Deployment(
            name=spec.name,
            model=spec.litellm_model,
            api_base=bases[spec.name],
            use_cases=frozenset(spec.use_cases),
            input_cost_per_mtok=spec.input_cost_per_mtok,
            output_cost_per_mtok=spec.output_cost_per_mtok,
            max_concurrency=spec.max_concurrency,
            timeout_s=TIMEOUT_S,
            transport="native",
        )
        for spec in PROVIDERS
    ]
    return HybridClient(
        deployments,
        policy=ByUseCase({"reasoning": Fastest(), "code-analysis": Cheapest()}, default=LocalFirst()),
        health=HealthConfig(**HEALTH),
        callbacks=[lambda event: count_event(totals, event)],
        queue_timeout_s=QUEUE_TIMEOUT_S,
        cache=cache,
    )


@dataclass
class Run:
    """Everything a report needs from one finished run."""

    settings: Settings
    soak: Soak
    servers: dict[str, dict[str, Any]]
    cache_note: str


async def run_soak(settings: Settings, providers: dict[str, ProviderProcess]) -> Run:
    totals = Totals()
    async with AsyncExitStack() as stack:
        cache = None
        cache_note = "off"
        if settings.cache:
            directory = stack.enter_context(tempfile.TemporaryDirectory(prefix="soak-cache-"))
            cache = cache_config(directory)
            cache_note = "exact only, in a temporary directory" if cache else "off (hybrid_infer.cache not importable)"
        bases = {name: process.api_base for name, process in providers.items()}
        client = await stack.enter_async_context(build_client(bases, totals, cache))
        await client.acheck_health()
        soak = Soak(settings, client, providers, totals)
        async with handle_signals(soak):
            await soak.run()
        servers = {name: await asyncio.to_thread(p.command, "counters") for name, p in providers.items()}
    return Run(settings, soak, servers, cache_note)


@asynccontextmanager
async def handle_signals(soak: Soak) -> AsyncIterator[None]:
    loop = asyncio.get_running_loop()
    signals = (signal.SIGINT, signal.SIGTERM)
    for signum in signals:
        loop.add_signal_handler(signum, soak.signal_received)
    try:
        yield
    finally:
        for signum in signals:
            loop.remove_signal_handler(signum)


# --- reporting -----------------------------------------------------------------------------------


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def _errors(errors: Counter[str]) -> str:
    return ", ".join(f"{name} {count}" for name, count in sorted(errors.items())) or "-"


def minute_header() -> str:
    return (
        f"{'min':>4} {'issued':>7} {'served':>7} {'unhandl':>7} {'lost':>5} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'RSS MiB':>8} {'fds':>5} {'tasks':>5}  errors by type | faults"
    )


def minute_line(minute: Minute, bucket_s: float) -> str:
    return (
        f"{minute.index + 1:>4} {minute.issued:>7} {minute.served:>7} {minute.unhandled:>7} {minute.lost:>5} "
        f"{_ms(minute.p50_ms):>7} {_ms(minute.p99_ms):>7} {minute.rss_mib or 0:>8.1f} "
        f"{minute.open_fds if minute.open_fds is not None else '-':>5} {minute.tasks:>5}  "
        f"{_errors(minute.errors)} | {'; '.join(minute.faults) or '-'}"
    )


@dataclass(frozen=True)
class Verdict:
    target: str
    passed: bool | None
    """None when the run cannot tell (e.g. one minute is too short for an RSS trend)."""
    detail: str

    @property
    def word(self) -> str:
        return {True: "PASS", False: "MISS", None: "n/a"}[self.passed]


def verdicts(run: Run) -> list[Verdict]:
    minutes, totals = run.soak.minutes, run.soak.totals
    baseline = minutes[0].rss_mib
    later = [m.rss_mib for m in minutes[1:] if m.rss_mib is not None]
    if baseline is None or not later:
        rss = Verdict("RSS growth after the first minute <= 10 %", None, "needs a run of more than one minute")
    else:
        growth = (max(later) - baseline) / baseline
        rss = Verdict(
            "RSS growth after the first minute <= 10 %",
            growth <= RSS_TARGET,
            f"{baseline:.1f} MiB at the end of minute 1, at most {max(later):.1f} MiB after it "
            f"({growth:+.1%}); at the end {later[-1]:.1f} MiB",
        )
    unhandled = sum(totals.unhandled.values())
    lost = sum(totals.lost.values()) + (totals.issued - totals.accounted)
    return [
        rss,
        Verdict("zero unhandled errors", unhandled == 0, f"{unhandled} ({_errors(totals.unhandled)})"),
        Verdict(
            "zero lost requests",
            lost == 0,
            f"{lost} (issued {totals.issued}, accounted {totals.accounted}; {_errors(totals.lost)})",
        ),
    ]


def environment_line() -> str:
    import aiohttp

    import hybrid_infer

    return (
        f"Python {platform.python_version()}, hybrid-infer {hybrid_infer.__version__}, "
        f"aiohttp {aiohttp.__version__}, pydantic {version('pydantic')}, nproc {os.cpu_count()}, "
        f"{platform.machine()}, {datetime.now(UTC):%Y-%m-%d}"
    )


def run_length_line(settings: Settings, ended_s: float) -> str:
    minutes = settings.duration_s / 60
    span = f"{minutes:g}-minute" if minutes.is_integer() else f"{settings.duration_s:g}-second"
    if math.isclose(minutes, DEFAULT_MINUTES):
        length = f"A full {span} run"
    else:
        length = f"A {span} run of a script whose default is {DEFAULT_MINUTES:g} minutes"
    stopped = "" if ended_s >= settings.duration_s else f" (stopped early, after {ended_s:.0f} s)"
    return (
        f"**{length}{stopped}, on a shared {os.cpu_count()}-core machine** (other work was running), "
        "so read the latencies as indicative; the accounting targets do not depend on the machine."
    )


def setup_lines(run: Run) -> list[str]:
    s = run.settings
    specs = "; ".join(
        f"`{p.name}` ({p.protocol}, {p.latency_s * 1000:.0f} ms + {p.token_delay_s * 1000:.0f} ms/token, "
        f"${p.input_cost_per_mtok:g}/${p.output_cost_per_mtok:g} per Mtok, use cases {', '.join(p.use_cases)}"
        + (f", max_concurrency {p.max_concurrency}" if p.max_concurrency else "")
        + ")"
        for p in PROVIDERS
    )
    mix = ", ".join(f"{name or 'no use case'} {share:.0%}" for name, share in USE_CASES)
    return [
        f"Setup: three FakeProvider servers on 127.0.0.1, each in its own process (their memory is not in the "
        f"measured one): {specs}. One async `HybridClient` in the measured process: native transport, "
        f"`ByUseCase(reasoning=Fastest, code-analysis=Cheapest, default=LocalFirst)`, deployments' `timeout_s` "
        f"{TIMEOUT_S:g}, `queue_timeout_s` {QUEUE_TIMEOUT_S:g}, health checks every {HEALTH['interval_s']:g} s "
        f"(breaker opens after {HEALTH['failure_threshold']} failures, resets after {HEALTH['reset_timeout_s']:g} s), "
        f"cache {run.cache_note}. Load: {s.rps:g} requests/s offered on a fixed schedule, at most {s.concurrency} "
        f"in flight (a tick that finds the cap full is not sent, and counted), {STREAM_SHARE:.0%} streamed, "
        f"use cases {mix}, prompts drawn from {PROMPTS} (seed {s.seed}). Outcomes are counted in the minute the "
        f"request ended; latency is the caller's wall time of successful calls; RSS, open descriptors and "
        f"asyncio tasks are sampled at the end of each minute. A request without an outcome after "
        f"{WATCHDOG_S:g} s is cancelled and counted as lost.",
    ]


def minutes_table(minutes: Sequence[Minute]) -> list[str]:
    lines = [
        "| minute | faults during the minute | issued | served | errors by type | unhandled | lost "
        "| p50 ms | p99 ms | RSS MiB | fds |",
        "|---:|---|---:|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for m in minutes:
        lines.append(
            f"| {m.index + 1} | {'; '.join(m.faults) or '-'} | {m.issued} | {m.served} | {_errors(m.errors)} "
            f"| {m.unhandled} | {m.lost} | {_ms(m.p50_ms)} | {_ms(m.p99_ms)} | {m.rss_mib or 0:.1f} "
            f"| {m.open_fds if m.open_fds is not None else '-'} |"
        )
    return lines


def totals_lines(run: Run) -> list[str]:
    t = run.soak.totals
    servers = ", ".join(f"{name} {c['request_count']}" for name, c in run.servers.items())
    lines = [
        f"- Issued {t.issued:,}; not sent {sum(t.not_sent.values()):,} ({_errors(t.not_sent)}); "
        f"served {t.served:,} ({t.served / max(1, t.issued):.1%}, {t.streamed_served:,} of them streamed; "
        f"cache: {_errors(t.cache)}).",
        f"- Typed errors: {_errors(t.errors)}.",
        f"- Attempt outcomes inside those requests (what failover absorbed): {_errors(t.attempts)}.",
        f"- Breaker and health transitions: {_errors(t.events)}.",
        f"- Chat requests the servers received: {servers}.",
    ]
    if t.harness_errors:
        lines.append(f"- Harness errors (the bench's own, not the client's): {'; '.join(t.harness_errors)}.")
    return lines


def report(run: Run) -> str:
    soak = run.soak
    rotation = "; ".join(f"{i + 1}. {fault.title}" for i, fault in enumerate(soak.rotation))
    parts = [
        "## Soak under rotating faults (`bench/soak.py`)",
        "",
        f"Command: `{shlex.join(sys.orig_argv)}`",
        "",
        f"Environment: {environment_line()}. {run_length_line(run.settings, soak.ended_s)}",
        "",
        *setup_lines(run),
        "",
        f"Fault rotation (each for {run.settings.fault_period_s:g} s, the previous one cleared first, "
        f"then around again): {rotation}.",
        "",
        *minutes_table(soak.minutes),
        "",
        *totals_lines(run),
        "",
        "Targets:",
        "",
        *(f"- {v.target}: {v.detail} **{v.word}**" for v in verdicts(run)),
    ]
    if soak.totals.first_unhandled:
        tail = soak.totals.first_unhandled.strip().splitlines()[-40:]
        parts += ["", "First unhandled error:", "", "```", *tail, "```"]
    return "\n".join(parts) + "\n"


def write_section(path: Path, section: str) -> None:
    """Replace only the text between our markers; create the file with a title if it is absent."""
    block = f"{MARK_START}\n{section}{MARK_END}"
    text = path.read_text(encoding="utf-8") if path.exists() else TITLE
    start, end = text.find(MARK_START), text.find(MARK_END)
    if start != -1 and end > start:
        text = text[:start] + block + text[end + len(MARK_END) :]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def as_json(run: Run) -> dict[str, Any]:
    soak = run.soak
    return {
        "command": shlex.join(sys.orig_argv),
        "environment": environment_line(),
        "settings": asdict(run.settings),
        "ended_s": round(soak.ended_s, 1),
        "cache": run.cache_note,
        "rotation": [fault.title for fault in soak.rotation],
        "schedule": soak.schedule,
        "minutes": [m.as_dict() for m in soak.minutes],
        "totals": soak.totals.as_dict(),
        "servers": run.servers,
        "verdicts": [asdict(v) | {"word": v.word} for v in verdicts(run)],
    }


# --- command line ----------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.soak",
        description="Steady load with rotating provider faults: accounting, latency and RSS per minute.",
    )
    parser.add_argument("--minutes", type=float, default=DEFAULT_MINUTES)
    parser.add_argument("--seconds", type=float, help="run length in seconds (overrides --minutes)")
    parser.add_argument("--rps", type=float, default=50.0, help="offered requests per second")
    parser.add_argument("--concurrency", type=int, default=32, help="cap on requests in flight")
    parser.add_argument("--fault-period", type=float, default=20.0, help="seconds per fault")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--cache", action="store_true", help="exact-match response cache in a temp dir")
    parser.add_argument("--bucket-seconds", type=float, default=60.0, help="reporting bucket (default: a minute)")
    parser.add_argument("--markdown", type=Path, help="write the section between the soak markers of this file")
    parser.add_argument("--json", type=Path, help="write every figure as JSON")
    args = parser.parse_args(argv)
    for name in ("rps", "fault_period", "bucket_seconds"):
        if getattr(args, name) <= 0:
            parser.error(f"--{name.replace('_', '-')} must be > 0")
    if args.concurrency < 1:
        parser.error("--concurrency must be >= 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    settings = Settings(
        duration_s=args.seconds if args.seconds is not None else args.minutes * 60,
        bucket_s=args.bucket_seconds,
        rps=args.rps,
        concurrency=args.concurrency,
        fault_period_s=args.fault_period,
        seed=args.seed,
        cache=args.cache,
    )
    print(f"soak: {settings}", file=sys.stderr, flush=True)
    with provider_processes(settings.seed) as providers:
        print(
            f"servers: {', '.join(p.api_base for p in providers.values())}",
            file=sys.stderr,
            flush=True,
        )
        run = asyncio.run(run_soak(settings, providers))
    section = report(run)
    print(section)
    if args.markdown:
        write_section(args.markdown, section)
        print(f"wrote {args.markdown}", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(as_json(run), indent=2, default=str) + "\n", encoding="utf-8")
        print(f"wrote {args.json}", file=sys.stderr)
    if run.soak.totals.harness_errors:
        return 2
    return 0 if all(v.passed for v in verdicts(run)) else 1


if __name__ == "__main__":
    sys.exit(main())
