"""Client-side overhead of hybrid-infer next to a raw aiohttp floor, litellm and litellm.Router.

Starts FakeProvider servers in their own processes on 127.0.0.1 and measures, for each client
stack, per-call latency one call at a time (median, p99) and throughput plus latency with 64
concurrent callers, plain and streaming, and the import time of ``hybrid_infer``. The fake server
answers at once with a few tokens, so this measures what a client adds per call; it says nothing
about model latency, network distance, behaviour under provider faults or memory use.

Run from the repository root: ``.venv/bin/python -m bench.overhead [--quick] [--markdown PATH]``.
``--profile native`` instead prints where ``HybridClient.acomplete`` spends its time (cProfile).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import os
import platform
import pstats
import select
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from functools import partial
from importlib.metadata import version
from pathlib import Path
from types import ModuleType
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make the checkout's hybrid_infer importable
    sys.path.insert(0, str(ROOT))
# Before anything imports litellm: never fetch the cost map, never send telemetry.
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
os.environ.setdefault("LITELLM_TELEMETRY", "False")

MODEL = "openai/fake-model"
WIRE_MODEL = "fake-model"
API_KEY = "no-key"
PROMPT = "Say hello to the benchmark"
MESSAGES = [{"role": "user", "content": PROMPT}]
MARK_START = "<!-- overhead:start -->"
MARK_END = "<!-- overhead:end -->"
INTRO = (
    "# Performance\n\n"
    "Every number on this page comes from a script in `bench/`; each section names the command\n"
    "that produced it, so it can be re-run and compared on your own machine.\n"
)
IMPORT_SNIPPETS = (
    "pass",
    "import hybrid_infer",
    "from hybrid_infer import HybridClient, Deployment",
)

Call = Callable[[], Awaitable[None]]
Opener = Callable[["Servers"], AbstractAsyncContextManager[Call]]


# --- settings and results --------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    warmup: int
    calls: int
    concurrent_calls: int
    concurrency: int
    max_seconds: float


@dataclass(frozen=True)
class Servers:
    """The api_base of each FakeProvider process; deployment ``i`` uses ``bases[i % n]``."""

    bases: tuple[str, ...]

    def base(self, i: int) -> str:
        return self.bases[i % len(self.bases)]


@dataclass(frozen=True)
class Scenario:
    name: str
    stack: str
    """raw, litellm, router, hybrid-native or hybrid-litellm."""
    stream: bool
    deployments: int
    open: Opener = field(repr=False, compare=False)


@dataclass
class Phase:
    latencies_ms: list[float]
    wall_s: float
    cpu_s: float = 0.0
    """CPU time of this (client) process during the phase, all threads."""
    errors: int = 0
    first_error: str | None = None
    capped: bool = False

    @property
    def median_ms(self) -> float:
        return statistics.median(self.latencies_ms) if self.latencies_ms else float("nan")

    @property
    def p99_ms(self) -> float:
        if len(self.latencies_ms) < 2:
            return self.median_ms
        return statistics.quantiles(self.latencies_ms, n=100, method="inclusive")[98]

    @property
    def per_second(self) -> float:
        return len(self.latencies_ms) / self.wall_s if self.wall_s > 0 else float("nan")

    @property
    def cpu_us_per_call(self) -> float:
        calls = len(self.latencies_ms) + self.errors
        return self.cpu_s / calls * 1e6 if calls else float("nan")


@dataclass
class Row:
    scenario: Scenario
    sequential: Phase = field(default_factory=lambda: Phase([], 0.0))
    concurrent: Phase = field(default_factory=lambda: Phase([], 0.0))
    failure: str | None = None
    per_round: list[Row] = field(default_factory=list)
    """This scenario's row of each round before pooling: shows the run-to-run spread."""


# --- the client stacks under test --------------------------------------------------------


def request_body(stream: bool) -> dict[str, Any]:
    """The JSON body HybridClient's native transport sends for PROMPT."""
    body: dict[str, Any] = {"model": WIRE_MODEL, "messages": MESSAGES}
    if stream:
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}
    return body


def import_litellm() -> ModuleType:
    import litellm

    litellm.telemetry = False
    litellm.suppress_debug_info = True
    return litellm


@asynccontextmanager
async def raw_aiohttp(servers: Servers, stream: bool) -> AsyncIterator[Call]:
    """The floor: one pooled ClientSession, the same body; read the bytes (no JSON decoding)."""
    url = f"{servers.base(0)}/chat/completions"
    body = request_body(stream)
    headers = {"Authorization": f"Bearer {API_KEY}"}
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def plain() -> None:
            async with session.post(url, json=body, headers=headers) as response:
                response.raise_for_status()
                await response.read()

        async def streamed() -> None:
            async with session.post(url, json=body, headers=headers) as response:
                response.raise_for_status()
                async for line in response.content:
                    if line.startswith(b"data: [DONE]"):
                        return
            raise RuntimeError("SSE stream ended before [DONE]")

        yield streamed if stream else plain


def _consume(litellm_call: Callable[[], Awaitable[Any]], stream: bool) -> Call:
    async def plain() -> None:
        await litellm_call()

    async def streamed() -> None:
        async for _ in await litellm_call():
            pass

    return streamed if stream else plain


@asynccontextmanager
async def bare_litellm(servers: Servers, stream: bool) -> AsyncIterator[Call]:
    litellm = import_litellm()
    kwargs: dict[str, Any] = {
        "model": MODEL,
        "messages": MESSAGES,
        "api_base": servers.base(0),
        "api_key": API_KEY,
        "timeout": 30.0,
        "max_retries": 0,
        "num_retries": 0,
    }
    if stream:
        kwargs.update(stream=True, stream_options={"include_usage": True})
    yield _consume(lambda: litellm.acompletion(**kwargs), stream)


@asynccontextmanager
async def litellm_router(servers: Servers, stream: bool, strategy: str) -> AsyncIterator[Call]:
    litellm = import_litellm()
    model_list = [
        {
            "model_name": "fake",
            "litellm_params": {
                "model": MODEL,
                "api_base": servers.base(i),
                "api_key": API_KEY,
                "max_retries": 0,
            },
            "model_info": {"id": f"fake-{i}"},
        }
        for i in range(3)
    ]
    router = litellm.Router(model_list=model_list, routing_strategy=strategy, num_retries=0)
    extra: dict[str, Any] = {"stream": True, "stream_options": {"include_usage": True}}
    kwargs: dict[str, Any] = {"model": "fake", "messages": MESSAGES, **(extra if stream else {})}
    yield _consume(lambda: router.acompletion(**kwargs), stream)


@asynccontextmanager
async def hybrid_client(servers: Servers, stream: bool, transport: str, count: int) -> AsyncIterator[Call]:
    """HybridClient with health checks on (default interval), started before warm-up."""
    from hybrid_infer import Deployment, HealthConfig, HybridClient

    deployments = [
        Deployment(
            name=f"fake-{i}",
            model=MODEL,
            api_base=servers.base(i),
            api_key=API_KEY,
            transport=transport,
        )
        for i in range(count)
    ]
    client = HybridClient(deployments, health=HealthConfig(enabled=True))
    await client.astart()

    async def plain() -> None:
        await client.acomplete(PROMPT)

    async def streamed() -> None:
        async for _ in client.astream(PROMPT):
            pass

    try:
        yield streamed if stream else plain
    finally:
        await client.aclose()


def scenarios() -> list[Scenario]:
    """Every scenario, plain ones first, then streaming ones (same order within each)."""
    out: list[Scenario] = []
    for stream in (False, True):
        mode = " stream" if stream else ""
        out.append(
            Scenario(
                f"raw aiohttp (floor){mode}",
                "raw",
                stream,
                1,
                partial(raw_aiohttp, stream=stream),
            )
        )
        out.append(
            Scenario(
                f"litellm.acompletion{mode}",
                "litellm",
                stream,
                1,
                partial(bare_litellm, stream=stream),
            )
        )
        for strategy in ("simple-shuffle", "latency-based-routing"):
            out.append(
                Scenario(
                    f"litellm.Router x3 {strategy}{mode}",
                    "router",
                    stream,
                    3,
                    partial(litellm_router, stream=stream, strategy=strategy),
                )
            )
        for transport in ("native", "litellm"):
            for count in (1, 3):
                out.append(
                    Scenario(
                        f"HybridClient {transport} x{count}{mode}",
                        f"hybrid-{transport}",
                        stream,
                        count,
                        partial(hybrid_client, stream=stream, transport=transport, count=count),
                    )
                )
    for stream in (False, True):  # the floor again, to show how much the machine drifted
        out.append(
            Scenario(
                f"raw aiohttp (floor){' stream' if stream else ''}, again at the end",
                "raw-again",
                stream,
                1,
                partial(raw_aiohttp, stream=stream),
            )
        )
    return out


# --- measuring ----------------------------------------------------------------------------


async def warm_up(call: Call, count: int, workers: int, deadline: float) -> None:
    """Unmeasured calls, sequential then one concurrent burst (fills connection pools).

    Any error here fails the scenario loudly.
    """
    for _ in range(count):
        if time.perf_counter() > deadline:
            return
        await call()
    await asyncio.gather(*(call() for _ in range(workers)))


async def one_at_a_time(call: Call, count: int, deadline: float) -> Phase:
    phase = Phase([], 0.0)
    started, cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        if time.perf_counter() > deadline:
            phase.capped = True
            break
        await _timed(call, phase)
    phase.wall_s, phase.cpu_s = time.perf_counter() - started, time.process_time() - cpu
    return phase


async def many_at_once(call: Call, count: int, workers: int, deadline: float) -> Phase:
    phase = Phase([], 0.0)
    remaining = count

    async def worker() -> None:
        nonlocal remaining
        while remaining > 0:
            if time.perf_counter() > deadline:
                phase.capped = True
                return
            remaining -= 1
            await _timed(call, phase)

    started, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker() for _ in range(workers)))
    phase.wall_s, phase.cpu_s = time.perf_counter() - started, time.process_time() - cpu
    return phase


async def _timed(call: Call, phase: Phase) -> None:
    started = time.perf_counter()
    try:
        await call()
    except Exception as exc:
        phase.errors += 1
        phase.first_error = phase.first_error or f"{type(exc).__name__}: {exc}"[:200]
        return
    phase.latencies_ms.append((time.perf_counter() - started) * 1000)


async def measure(scenario: Scenario, servers: Servers, settings: Settings) -> Row:
    deadline = time.perf_counter() + settings.max_seconds
    async with scenario.open(servers) as call:
        await warm_up(call, settings.warmup, settings.concurrency, deadline)
        sequential = await one_at_a_time(call, settings.calls, deadline)
        concurrent = await many_at_once(call, settings.concurrent_calls, settings.concurrency, deadline)
    return Row(scenario, sequential, concurrent)


def run_scenario(scenario: Scenario, servers: Servers, settings: Settings) -> Row:
    """Measure one scenario in a fresh Python process; a crash becomes a failed row.

    A fresh process per scenario, because litellm keeps global state: a ``litellm.Router``
    with latency-based routing installs a callback in ``litellm.callbacks`` that outlives
    the Router and slows every later ``litellm.acompletion`` in the process by ~40 %, which
    would be charged to whatever scenario runs after it.
    """
    command = [sys.executable, "-m", "bench.overhead", "--child", scenario.name, "--bases", ",".join(servers.bases)]
    command += ["--warmup", str(settings.warmup), "--calls", str(settings.calls)]
    command += ["--concurrent-calls", str(settings.concurrent_calls), "--concurrency", str(settings.concurrency)]
    command += ["--max-seconds", str(settings.max_seconds)]
    try:
        done = subprocess.run(
            command, cwd=ROOT, env=_server_env(), capture_output=True, text=True, timeout=settings.max_seconds + 180
        )
        if done.returncode != 0:
            raise RuntimeError(f"exit {done.returncode}: {done.stderr.strip()[-300:]}")
        data = json.loads(done.stdout.strip().splitlines()[-1])
        if data.get("failure"):
            raise RuntimeError(data["failure"])
        row = Row(scenario, Phase(**data["sequential"]), Phase(**data["concurrent"]))
    except Exception as exc:
        row = Row(scenario, failure=f"{type(exc).__name__}: {exc}"[:300])
    print(f"  {summary_line(row)}", file=sys.stderr, flush=True)
    return row


def run_rounds(selected: Sequence[Scenario], servers: Servers, settings: Settings, rounds: int) -> list[Row]:
    """Every scenario once per round, rounds back to back; each round does 1/rounds of the calls.

    Interleaving spreads slow drift of a shared machine (other jobs, CPU frequency) over
    all scenarios instead of charging it to whichever ran during it; a scenario's samples
    from all rounds are pooled, and its wall and CPU time summed.
    """
    share = Settings(
        settings.warmup,
        -(-settings.calls // rounds),
        -(-settings.concurrent_calls // rounds),
        settings.concurrency,
        max(settings.max_seconds / rounds, _ROUND_CAP_FLOOR_S),
    )
    rows = [Row(scenario) for scenario in selected]
    for round_number in range(rounds):
        print(f"round {round_number + 1} of {rounds}", file=sys.stderr, flush=True)
        for row in rows:
            if row.failure:
                continue
            got = run_scenario(row.scenario, servers, share)
            row.failure = got.failure
            row.per_round.append(got)
            for pooled, part in ((row.sequential, got.sequential), (row.concurrent, got.concurrent)):
                pooled.latencies_ms += part.latencies_ms
                pooled.wall_s += part.wall_s
                pooled.cpu_s += part.cpu_s
                pooled.errors += part.errors
                pooled.first_error = pooled.first_error or part.first_error
                pooled.capped = pooled.capped or part.capped
    return rows


_ROUND_CAP_FLOOR_S = 30.0
"""The least time one round gives a scenario: with many rounds, an even share of the cap was
less than a slow stack's warm-up (litellm streams), and its later phases measured nothing."""


def child(name: str, servers: Servers, settings: Settings) -> int:
    """The ``--child`` side of :func:`run_scenario`: measure here, print one JSON line."""
    scenario = next(s for s in scenarios() if s.name == name)
    gc.collect()
    try:
        # A hang inside the client must not hang the benchmark: cap the whole scenario.
        row = asyncio.run(asyncio.wait_for(measure(scenario, servers, settings), settings.max_seconds + 60))
        out: dict[str, Any] = {"sequential": asdict(row.sequential), "concurrent": asdict(row.concurrent)}
    except Exception as exc:
        out = {"failure": f"{type(exc).__name__}: {exc}"[:300]}
    print(json.dumps(out))
    return 0


def summary_line(row: Row) -> str:
    if row.failure:
        return f"{row.scenario.name}: FAILED {row.failure}"
    seq, conc = row.sequential, row.concurrent
    return (
        f"{row.scenario.name}: {seq.median_ms:.3f} ms median, "
        f"{conc.per_second:,.0f} req/s, errors {seq.errors + conc.errors}"
    )


# --- the fake servers and import time -------------------------------------------------------


def _server_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def start_server(timeout_s: float = 30.0) -> tuple[subprocess.Popen[str], str]:
    """One FakeProvider process on 127.0.0.1; returns it and its api_base once READY."""
    command = [sys.executable, "-m", "hybrid_infer.testing", "--protocol", "openai"]
    command += ["--host", "127.0.0.1", "--port", "0"]
    process = subprocess.Popen(command, cwd=ROOT, env=_server_env(), stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], timeout_s)
    line = process.stdout.readline().split() if ready else []
    if len(line) != 2 or line[0] != "READY":
        process.kill()
        process.wait()
        raise RuntimeError(f"FakeProvider did not start (got {line!r})")
    return process, line[1]


@contextmanager
def fake_servers(count: int) -> Iterator[Servers]:
    processes: list[subprocess.Popen[str]] = []
    try:
        bases = []
        for _ in range(count):
            process, base = start_server()
            processes.append(process)
            bases.append(base)
        yield Servers(tuple(bases))
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def import_times(rounds: int) -> dict[str, float]:
    """Median wall time (ms) of ``python -c SNIPPET`` per snippet, runs interleaved."""
    samples: dict[str, list[float]] = {snippet: [] for snippet in IMPORT_SNIPPETS}
    for snippet in IMPORT_SNIPPETS:  # compile .pyc files once, unmeasured
        subprocess.run([sys.executable, "-c", snippet], cwd=ROOT, check=True)
    for _ in range(rounds):
        for snippet in IMPORT_SNIPPETS:
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", snippet], cwd=ROOT, check=True)
            samples[snippet].append((time.perf_counter() - started) * 1000)
    return {snippet: statistics.median(values) for snippet, values in samples.items()}


# --- reporting ---------------------------------------------------------------------------------


def _find(rows: Sequence[Row], stack: str, stream: bool, count: int | None = None) -> Row | None:
    """The measured (not failed) row of this stack and mode, if any."""
    for row in rows:
        s = row.scenario
        if s.stack == stack and s.stream == stream and count in (None, s.deployments):
            return None if row.failure else row
    return None


def latency_ratio(row: Row, base: Row) -> float:
    return row.sequential.median_ms / base.sequential.median_ms


def throughput_ratio(row: Row, base: Row) -> float:
    return row.concurrent.per_second / base.concurrent.per_second


def round_spread(row: Row, base: Row) -> str:
    """Min-max over rounds of this row's median and throughput ratios to ``base`` in the same round.

    The targets are judged on the pooled samples; this range says how far one round (one
    fresh process per scenario) can stray, i.e. how close to noise a verdict is.
    """
    pairs = [
        (r, b)
        for r, b in zip(row.per_round, base.per_round, strict=False)
        if r.sequential.latencies_ms
        and b.sequential.latencies_ms
        and r.concurrent.latencies_ms
        and b.concurrent.latencies_ms
    ]  # a round whose share of the cap ran out before a phase measured anything says nothing
    if len(pairs) < 2:
        return ""
    lat = [latency_ratio(r, b) for r, b in pairs]
    thr = [throughput_ratio(r, b) for r, b in pairs]
    return (
        f" (per round: median {min(lat):.2f}-{max(lat):.2f}x, "
        f"throughput {min(thr):.2f}-{max(thr):.2f}x over {len(pairs)} rounds)"
    )


def table(rows: Sequence[Row], concurrency: int) -> str:
    lines = [
        f"| scenario | 1-conc median ms | 1-conc p99 ms | {concurrency}-conc req/s "
        f"| {concurrency}-conc median ms | {concurrency}-conc p99 ms "
        "| ratio vs floor (median) | ratio vs floor (throughput) "
        f"| client CPU µs/call ({concurrency}-conc) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        seq, conc = row.sequential, row.concurrent
        if row.failure:
            lines.append(f"| {row.scenario.name} | failed: {row.failure} | | | | | | | |")
            continue
        floor = _find(rows, "raw", row.scenario.stream)
        ratios = ("n/a", "n/a")
        if floor is not None and floor is not row:
            ratios = (f"{latency_ratio(row, floor):.2f}", f"{throughput_ratio(row, floor):.2f}")
        flag = " (capped)" if seq.capped or conc.capped else ""
        lines.append(
            f"| {row.scenario.name}{flag} | {seq.median_ms:.3f} | {seq.p99_ms:.3f} "
            f"| {conc.per_second:,.0f} | {conc.median_ms:.2f} | {conc.p99_ms:.2f} "
            f"| {ratios[0]} | {ratios[1]} | {conc.cpu_us_per_call:,.0f} |"
        )
    return "\n".join(lines)


def _verdict(passed: bool) -> str:
    return "**PASS**" if passed else "**MISS**"


def native_targets(rows: Sequence[Row], stream: bool, mode: str) -> list[str]:
    """HybridClient (native): median <= 1.3x and throughput >= 0.7x the raw aiohttp floor."""
    floor, lines = _find(rows, "raw", stream), []
    for count in (1, 3):
        row = _find(rows, "hybrid-native", stream, count)
        if row is None or floor is None:
            continue
        lat, thr = latency_ratio(row, floor), throughput_ratio(row, floor)
        lines.append(
            f"- HybridClient native x{count} {mode}: median {lat:.2f}x floor (target <= 1.30) "
            f"{_verdict(lat <= 1.3)}; throughput {thr:.2f}x floor (target >= 0.70) "
            f"{_verdict(thr >= 0.7)}{round_spread(row, floor)}"
        )
    return lines


def litellm_targets(rows: Sequence[Row], stream: bool, mode: str) -> list[str]:
    """HybridClient (litellm) <= 1.05x bare litellm (read for latency and for throughput)."""
    bare, lines = _find(rows, "litellm", stream), []
    for count in (1, 3):
        row = _find(rows, "hybrid-litellm", stream, count)
        if row is None or bare is None:
            continue
        lat, thr = latency_ratio(row, bare), throughput_ratio(row, bare)
        lines.append(
            f"- HybridClient litellm x{count} {mode}: median {lat:.2f}x bare litellm "
            f"(target <= 1.05) {_verdict(lat <= 1.05)}; throughput {thr:.2f}x bare litellm "
            f"(target >= 1/1.05 = 0.95) {_verdict(thr >= 1 / 1.05)}{round_spread(row, bare)}"
        )
    return lines


def router_targets(rows: Sequence[Row], stream: bool, mode: str) -> list[str]:
    """HybridClient x3 (both transports) faster and higher-throughput than the best Router x3."""
    routers = [r for r in rows if r.scenario.stack == "router" and r.scenario.stream == stream]
    routers = [r for r in routers if not r.failure]
    if not routers:
        return []
    best_median = min(r.sequential.median_ms for r in routers)
    best_rate = max(r.concurrent.per_second for r in routers)
    lines = []
    for transport in ("native", "litellm"):
        row = _find(rows, f"hybrid-{transport}", stream, 3)
        if row is None:
            continue
        median, rate = row.sequential.median_ms, row.concurrent.per_second
        lines.append(
            f"- HybridClient {transport} x3 {mode} ahead of the best litellm.Router x3: "
            f"median {median:.3f} vs {best_median:.3f} ms, {rate:,.0f} vs {best_rate:,.0f} "
            f"req/s {_verdict(median < best_median and rate > best_rate)}"
        )
    return lines


def target_lines(rows: Sequence[Row], imports: dict[str, float] | None) -> list[str]:
    lines: list[str] = []
    for stream in (False, True):
        mode = "stream" if stream else "plain"
        lines += native_targets(rows, stream, mode)
        lines += litellm_targets(rows, stream, mode)
        lines += router_targets(rows, stream, mode)
    if imports:
        extra = imports["import hybrid_infer"] - imports["pass"]
        lines.append(
            f"- `import hybrid_infer` costs {extra:.0f} ms over `python -c pass` "
            f"(target <= 100) {_verdict(extra <= 100)}"
        )
    return lines


def import_lines(imports: dict[str, float], rounds: int) -> list[str]:
    base = imports["pass"]
    lines = [f"Import time (median of {rounds} interleaved subprocess runs each):", ""]
    for snippet, ms in imports.items():
        diff = "" if snippet == "pass" else f" (+{ms - base:.0f} ms)"
        lines.append(f'- `python -c "{snippet}"`: {ms:.0f} ms{diff}')
    return lines


def environment_line() -> str:
    litellm_version = version("litellm")
    return (
        f"Python {platform.python_version()}, litellm {litellm_version}, "
        f"aiohttp {aiohttp.__version__}, nproc {os.cpu_count()}, {platform.machine()}, "
        f"{datetime.now(UTC):%Y-%m-%d}"
    )


def report(
    rows: Sequence[Row],
    imports: dict[str, float] | None,
    args: argparse.Namespace,
    settings: Settings,
) -> str:
    servers = (
        "one FakeProvider process; the three deployments of the x3 scenarios all point at it"
        if args.servers == 1
        else f"{args.servers} FakeProvider processes; x3 deployment i uses server i"
    )
    parts = [
        "## Client overhead (`bench/overhead.py`)",
        "",
        f"Command: `{shlex.join(sys.orig_argv)}`",
        "",
        f"Environment: {environment_line()}. **One run**. The floor is measured again at the "
        "end: the gap between the two floor rows shows how much the machine drifted, and "
        "ratios smaller than that drift are noise. The last column (CPU time of the "
        "benchmark process per call, server excluded) is the least sensitive to other load.",
        "",
        f"Setup: {servers}, separate process(es), 127.0.0.1, openai protocol, "
        f"instant echo reply (~5 tokens). {args.rounds} interleaved round(s): each runs every "
        "scenario once, in a fresh Python process (litellm.Router leaves global callbacks "
        "behind that slow later litellm calls), with "
        f"{settings.warmup} unmeasured sequential warm-up calls and "
        f"one unmeasured burst of {settings.concurrency} concurrent ones, then its share of "
        f"{settings.calls} sequential calls (1-conc columns) and of {settings.concurrent_calls} "
        f"calls by {settings.concurrency} concurrent tasks ({settings.concurrency}-conc "
        "columns; req/s = calls / wall time); samples of all rounds are pooled, and the targets "
        "are judged on the pooled samples; the range after a verdict is the same ratio taken "
        "round by round, so a verdict inside that range is within noise. HybridClient: "
        "health checks on (default interval), default policy (local-first; all deployments here are `cloud`, so x3 "
        "always picks the first healthy one). litellm retries off. Floor = raw aiohttp of the "
        "same mode (plain or stream), which reads the body but does not decode JSON.",
        "",
        table(rows, settings.concurrency),
        "",
        "Targets:",
        "",
        *target_lines(rows, imports),
    ]
    for row in rows:
        errors = row.sequential.errors + row.concurrent.errors
        if errors:
            first = row.sequential.first_error or row.concurrent.first_error
            parts.append(f"- errors in {row.scenario.name}: {errors} (first: {first})")
    if imports:
        parts += ["", *import_lines(imports, args.import_rounds)]
    return "\n".join(parts) + "\n"


def write_section(path: Path, section: str) -> None:
    """Replace the text between our markers, leaving the rest of the file untouched."""
    block = f"{MARK_START}\n{section}{MARK_END}"
    text = path.read_text(encoding="utf-8") if path.exists() else INTRO
    start, end = text.find(MARK_START), text.find(MARK_END)
    if start != -1 and end > start:
        text = text[:start] + block + text[end + len(MARK_END) :]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# --- profiling -----------------------------------------------------------------------------------


def profile(servers: Servers, transport: str, calls: int, top: int) -> str:
    """cProfile a sequential run of ``acomplete`` (1 deployment); per-call µs per function."""

    async def run() -> tuple[cProfile.Profile, float]:
        async with hybrid_client(servers, False, transport, 1) as call:
            await warm_up(call, 200, 1, float("inf"))
            profiler = cProfile.Profile()
            started = time.perf_counter()
            profiler.enable()
            for _ in range(calls):
                await call()
            profiler.disable()
            return profiler, time.perf_counter() - started

    profiler, wall = asyncio.run(run())
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    entries = [
        (f"{Path(file).name}:{line}({name})", file, ncalls, tottime, cumtime)
        for (file, line, name), (_, ncalls, tottime, cumtime, _) in stats.items()
    ]
    ours = [e for e in entries if f"{os.sep}hybrid_infer{os.sep}" in e[1]]
    per_call = 1e6 / calls
    out = [
        f"cProfile of {calls} sequential HybridClient({transport}, 1 deployment).acomplete "
        f"calls: {wall / calls * 1e6:.0f} µs/call under the profiler; "
        f"own time inside hybrid_infer/: {sum(e[3] for e in ours) * per_call:.0f} µs/call",
    ]
    for title, pool, key in (
        ("hybrid_infer/ by own time", ours, 3),
        ("hybrid_infer/ by cumulative time", ours, 4),
        ("everything by own time", entries, 3),
    ):
        out += ["", f"{title} (µs per acomplete call; calls per acomplete):"]
        for label, _, ncalls, tottime, cumtime in sorted(pool, key=lambda e: -float(e[key]))[:top]:
            out.append(f"  {tottime * per_call:8.1f} own {cumtime * per_call:8.1f} cum {ncalls / calls:6.2f}x  {label}")
    return "\n".join(out)


# --- command line ---------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.overhead",
        description="Per-call overhead of hybrid-infer vs raw aiohttp, litellm and its Router.",
    )
    parser.add_argument("--calls", type=int, default=500, help="sequential calls per scenario")
    parser.add_argument("--concurrent-calls", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--max-seconds", type=float, default=120.0, help="cap per scenario")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds, calls split between them")
    parser.add_argument("--quick", action="store_true", help="100 / 400 calls, 1 round: a smoke run")
    parser.add_argument("--servers", type=int, choices=(1, 3), default=1)
    parser.add_argument("--only", action="append", help="run scenarios whose name contains this")
    parser.add_argument("--import-rounds", type=int, default=15)
    parser.add_argument("--skip-imports", action="store_true")
    parser.add_argument("--markdown", type=Path, help="write the section into this file")
    parser.add_argument("--profile", choices=("native", "litellm"), help="profile instead")
    parser.add_argument("--profile-calls", type=int, default=2000)
    parser.add_argument("--profile-top", type=int, default=25)
    parser.add_argument("--child", help=argparse.SUPPRESS)  # internal: one scenario, JSON out
    parser.add_argument("--bases", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.quick:
        args.calls, args.concurrent_calls, args.warmup, args.rounds = 100, 400, 20, 1
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    settings = Settings(args.warmup, args.calls, args.concurrent_calls, args.concurrency, args.max_seconds)
    if args.child:
        return child(args.child, Servers(tuple(args.bases.split(","))), settings)
    if args.profile:
        with fake_servers(1) as servers:
            print(profile(servers, args.profile, args.profile_calls, args.profile_top))
        return 0
    imports = None
    if not args.skip_imports:
        print("import time ...", file=sys.stderr, flush=True)
        imports = import_times(args.import_rounds)
    selected = [s for s in scenarios() if not args.only or any(o in s.name for o in args.only)]
    with fake_servers(args.servers) as servers:
        print(f"servers: {', '.join(servers.bases)}", file=sys.stderr, flush=True)
        rows = run_rounds(selected, servers, settings, args.rounds)
    section = report(rows, imports, args, settings)
    print(section)
    if args.markdown:
        write_section(args.markdown, section)
        print(f"wrote {args.markdown}", file=sys.stderr)
    return 1 if any(row.failure for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
