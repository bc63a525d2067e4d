"""The ``hybrid-infer demo``: routing decisions shown on simulated deployments.

It starts one local Ollama-protocol server and two OpenAI-protocol "cloud" servers (all
:class:`~hybrid_infer.testing.FakeProvider` on 127.0.0.1, with different prices and
latencies) and runs scenes through the public API, printing who answered and why. It
needs no network, model or key; it is a tour, not a benchmark.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Callable, Sequence

from hybrid_infer._client import HybridClient
from hybrid_infer._config import Deployment, HealthConfig
from hybrid_infer._results import Result
from hybrid_infer.errors import HybridInferError
from hybrid_infer.testing import FakeProvider

Printer = Callable[[str], None]

_COLUMNS = ("scene", "request", "answered by", "kind", "latency", "cost $", "path")


def _path(result: Result) -> str:
    return " -> ".join(a.deployment + ("" if a.outcome == "ok" else f" [{a.outcome}]") for a in result.attempts)


class _Table:
    """Collects rows and prints them aligned."""

    def __init__(self, out: Printer) -> None:
        self.rows: list[tuple[str, ...]] = []
        self.notes: list[str] = []
        self.out = out

    def add(self, scene: str, label: str, result: Result | BaseException) -> None:
        if isinstance(result, BaseException):
            self.rows.append((scene, label, f"error: {type(result).__name__}", "", "", "", ""))
            return
        self.rows.append(
            (
                scene,
                label,
                result.provider,
                result.kind,
                f"{result.latency_ms:7.1f} ms",
                f"{result.cost_usd:.6f}",
                _path(result),
            )
        )

    def note(self, text: str) -> None:
        self.notes.append(f"   {text}")

    def flush(self) -> None:
        widths = [max(len(row[i]) for row in [_COLUMNS, *self.rows]) for i in range(len(_COLUMNS))]
        line = "  ".join(c.ljust(w) for c, w in zip(_COLUMNS, widths, strict=True))
        self.out(line)
        self.out("-" * len(line))
        for row in self.rows:
            self.out("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        for note in self.notes:
            self.out(note)
        self.rows.clear()
        self.notes.clear()


async def _gather(client: HybridClient, prompts: Sequence[str], **kwargs: object) -> list[Result | BaseException]:
    return list(await asyncio.gather(*(client.acomplete(p, **kwargs) for p in prompts), return_exceptions=True))


async def run_demo(out: Printer = print) -> None:
    """Run every scene; raises nothing on the happy path, prints a table per scene."""
    local = FakeProvider("ollama", models=["qwen3-coder"], name="ollama", latency_s=0.25).start()
    cheap = FakeProvider("openai", models=["gpt-4o-mini"], name="cloud-cheap", latency_s=0.12).start()
    fast = FakeProvider("openai", models=["gpt-4o"], name="cloud-fast", latency_s=0.03).start()
    try:
        deployments = [
            Deployment(
                name="local-qwen",
                model="ollama_chat/qwen3-coder",
                api_base=local.api_base,
                kind="local",
                max_concurrency=4,
                timeout_s=30,
                use_cases={"code-generation", "code-analysis"},
            ),
            Deployment(
                name="cloud-cheap",
                model="openai/gpt-4o-mini",
                api_base=cheap.api_base,
                kind="cloud",
                input_cost_per_mtok=0.15,
                output_cost_per_mtok=0.60,
                use_cases={"code-generation", "reasoning"},
            ),
            Deployment(
                name="cloud-fast",
                model="openai/gpt-4o",
                api_base=fast.api_base,
                kind="cloud",
                input_cost_per_mtok=2.50,
                output_cost_per_mtok=10.0,
                use_cases={"code-generation", "reasoning", "code-analysis"},
            ),
        ]
        health = HealthConfig(interval_s=0.5, probe_timeout_s=0.5, reset_timeout_s=60)
        async with HybridClient(deployments, policy="local-first", health=health) as client:
            table = _Table(out)
            out(
                "hybrid-infer demo: one local Ollama (4 slots, 250 ms) and two cloud APIs "
                "(cheap 120 ms, fast 30 ms), all simulated on 127.0.0.1\n"
            )

            out("1. local-first: requests go to the local runtime while it has capacity")
            for i in range(2):
                table.add(
                    "local-first",
                    f"sequential #{i + 1}",
                    await client.acomplete(f"Explain list comprehensions ({i})"),
                )
            table.flush()

            out("\n2. backpressure: 8 concurrent requests, local max_concurrency=4 -> the rest spill to cloud")
            for i, result in enumerate(await _gather(client, [f"Refactor function {i}" for i in range(8)])):
                table.add("spill", f"concurrent #{i + 1}", result)
            table.flush()

            out("\n3. cheapest vs fastest among the cloud deployments (use_case='reasoning')")
            for policy in ("cheapest", "fastest"):
                for i in range(3):
                    result = await client.acomplete(f"Prove it ({policy} {i})", use_case="reasoning", policy=policy)
                    table.add(policy, f"reasoning #{i + 1}", result)
            table.flush()
            est = {d.name: d.cost_usd(500, 256) for d in deployments}
            out(f"   estimated cost of a 500+256-token request: {', '.join(f'{k} ${v:.6f}' for k, v in est.items())}")
            ewma = {n: h.ewma_latency_ms for n, h in client.health().items()}
            out(f"   observed latency (EWMA ms): {', '.join(f'{k} {v:.0f}' for k, v in ewma.items() if v)}")

            out("\n4. the local runtime goes down: connection refused opens its breaker, traffic moves to cloud")
            local.stop()
            for i in range(3):
                try:
                    outcome: Result | BaseException = await client.acomplete(
                        f"Write a test ({i})", use_case="code-generation"
                    )
                except HybridInferError as exc:
                    outcome = exc
                table.add("local down", f"code-generation #{i + 1}", outcome)
            h = client.health()["local-qwen"]
            table.note(f"local-qwen breaker={h.state} healthy={h.healthy}")
            table.flush()

            out("\n5. the local runtime comes back: a passing health probe half-opens the breaker, one trial closes it")
            local.start()
            deadline = time.monotonic() + 5
            while client.health()["local-qwen"].state == "open" and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            h = client.health()["local-qwen"]
            out(f"   after a passing probe: local-qwen breaker={h.state} healthy={h.healthy}")
            for i in range(2):
                table.add(
                    "local back",
                    f"code-generation #{i + 1}",
                    await client.acomplete(f"Fix the bug ({i})", use_case="code-generation"),
                )
            h = client.health()["local-qwen"]
            table.note(f"local-qwen breaker={h.state}")
            table.flush()

            out("\n6. per-deployment stats")
            for name, s in client.stats().items():
                p50 = "-" if s.latency_p50_ms is None else f"{s.latency_p50_ms:.0f} ms"
                out(
                    f"   {name:12s} requests={s.requests:3d} errors={s.errors} "
                    f"tokens={s.prompt_tokens + s.completion_tokens:5d} "
                    f"cost=${s.cost_usd:.6f} p50={p50}"
                )
        await _cache_scenes(deployments, (local, cheap, fast), out)
    finally:
        for server in (local, cheap, fast):
            server.close()


async def _cache_scenes(deployments: list[Deployment], servers: Sequence[FakeProvider], out: Printer) -> None:
    """Exact and semantic cache hits, then answers from cache while every provider is down."""
    from hybrid_infer.cache import CacheConfig
    from hybrid_infer.cache._extras import missing_semantic_modules

    semantic = not missing_semantic_modules("all-MiniLM-L6-v2", bundled_model=True)
    with tempfile.TemporaryDirectory(prefix="hybrid-infer-demo-") as tmp:
        cache = CacheConfig(path=tmp, semantic=semantic)
        health = HealthConfig(interval_s=0.5, probe_timeout_s=0.5)
        async with HybridClient(deployments, health=health, cache=cache) as client:
            table = _Table(out)
            out(
                "\n7. the cache: the same question again is an exact hit (no provider call, no cost);"
                + (" the first ask's latency includes loading the embedding model, once" if semantic else "")
            )
            question = "How do I reverse a list in Python?"
            for label in ("first ask", "same again"):
                result = await client.acomplete(question)
                table.add("cache", f"{label} [{result.cache}]", result)
            table.flush()
            if semantic:
                out(
                    "\n8. a paraphrase is a semantic hit (all-MiniLM-L6-v2 + the false-hit guard);"
                    " a changed meaning is a miss"
                )
                for prompt in ("How can I reverse a list in Python?", "How do I sort a list in Python?"):
                    result = await client.acomplete(prompt)
                    similarity = "" if result.similarity is None else f" sim={result.similarity:.3f}"
                    table.add("cache", f"{_short(prompt)} [{result.cache}{similarity}]", result)
                table.flush()
            else:
                out('\n8. (semantic hits need the extra: pip install "hybrid-infer[semantic]")')
            out("\n9. every provider down: the cached answer is served, marked stale, with the failed attempts")
            for server in servers:
                server.stop()
            for prompt in (question, "What is the capital of Burkina Faso?"):
                try:
                    outcome: Result | BaseException = await client.acomplete(prompt, cache="no-cache")
                except HybridInferError as exc:
                    outcome = exc
                label = _short(prompt)
                if isinstance(outcome, Result):
                    label += f" [{outcome.cache}, stale={outcome.stale}]"
                table.add("offline", label, outcome)
            table.flush()
            stats = client.cache.stats() if client.cache else {}
            out(f"   cache: {stats.get('entries', 0)} entries, hits {stats.get('hits', {})}")
            for server in servers:
                server.start()


def _short(prompt: str, width: int = 40) -> str:
    """A prompt cut to a table column, with an ellipsis when cut."""
    return prompt if len(prompt) <= width else prompt[: width - 1] + "\u2026"
