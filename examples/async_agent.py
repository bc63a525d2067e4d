"""An async agent: concurrent requests, use cases, streaming and a telemetry callback.

Runs fully offline: FakeProviders on 127.0.0.1 stand in for a local Ollama and two cloud
models. Code tasks go local-first (spilling to the cloud when the local runtime is full),
reasoning goes to the cheapest tagged deployment. Run it with ``python examples/async_agent.py``.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("hybrid_infer") is None:  # a source checkout without `pip install`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hybrid_infer import ByUseCase, Deployment, HealthConfig, HybridClient
from hybrid_infer.events import (
    AttemptFinished,
    BreakerStateChanged,
    Event,
    HealthChanged,
    RequestFinished,
    RequestStarted,
)
from hybrid_infer.testing import FakeProvider


def log_event(event: Event) -> None:
    """Telemetry callback: called inline on the client's event loop, so it must be quick."""
    match event:
        case RequestStarted(request_id=rid, use_case=use_case, stream=stream):
            print(f"    [{rid[:6]}] started use_case={use_case} stream={stream}")
        case AttemptFinished(request_id=rid, attempt=a):
            detail = f" {a.error_type}" if a.error_type else ""
            detail += f" HTTP {a.status}" if a.status is not None else ""
            print(f"    [{rid[:6]}] {a.deployment}: {a.outcome}{detail} ({a.latency_ms:.0f} ms)")
        case RequestFinished(request_id=rid, result=result, error_type=error_type):
            outcome = f"answered by {result.provider}" if result else f"failed: {error_type}"
            print(f"    [{rid[:6]}] finished, {outcome}")
        case BreakerStateChanged(deployment=name, old=old, new=new):
            print(f"    breaker of {name}: {old} -> {new}")
        case HealthChanged(deployment=name, healthy=healthy, error=error):
            print(f"    {name} is now {'healthy' if healthy else 'unhealthy'} {error or ''}")


async def main() -> None:
    async with (
        FakeProvider("ollama", models=["qwen3-coder"], name="ollama", latency_s=0.2) as ollama,
        FakeProvider("openai", models=["gpt-4o-mini"], name="mini", latency_s=0.05) as mini,
        FakeProvider("openai", models=["gpt-4o"], name="big", latency_s=0.03, token_delay_s=0.02) as big,
    ):
        deployments = [
            Deployment(
                name="local-qwen",
                model="ollama_chat/qwen3-coder",
                api_base=ollama.api_base,
                max_concurrency=2,
                use_cases={"code-generation", "code-analysis"},
            ),
            Deployment(
                name="gpt-4o-mini",
                model="openai/gpt-4o-mini",
                api_base=mini.api_base,
                use_cases={"code-generation", "reasoning"},
            ),
            Deployment(
                name="gpt-4o",
                model="openai/gpt-4o",
                api_base=big.api_base,
                use_cases={"reasoning", "code-analysis"},
            ),
        ]
        policy = ByUseCase({"reasoning": "cheapest"}, default="local-first")
        async with HybridClient(
            deployments,
            policy=policy,
            health=HealthConfig(enabled=False),  # keep the event log to requests only
            callbacks=[log_event],
        ) as client:
            print("1. four code-generation requests at once: two fit locally, two spill to the cloud")
            tasks = [f"Write a unit test for function {name}" for name in ("parse", "load", "save", "diff")]
            results = await asyncio.gather(*(client.acomplete(t, use_case="code-generation") for t in tasks))
            for task, result in zip(tasks, results, strict=True):
                print(f"  {task!r}: {result.provider} ({result.kind}), {result.latency_ms:.0f} ms")

            print("\n2. reasoning: the cheapest deployment tagged 'reasoning'")
            result = await client.acomplete("Is this lock-free queue correct?", use_case="reasoning", max_tokens=200)
            print(f"  answered by {result.provider}, cost ${result.cost_usd:.8f}")

            print("\n3. the local runtime goes down: two code-analysis streams fail over before their first token")
            ollama.stop()
            for prompt in ("Review this diff", "Review it again"):
                async for chunk in client.astream(prompt, use_case="code-analysis"):
                    if chunk.result is None:
                        print(f"  chunk {chunk.delta!r}")
                    else:
                        result = chunk.result
                        print(f"  answered by {result.provider}, first token after {result.ttft_ms:.0f} ms")

            print("\n4. what the client learned")
            for name, health in client.health().items():
                ewma = "-" if health.ewma_latency_ms is None else f"{health.ewma_latency_ms:.0f} ms"
                print(f"  {name:12s} breaker={health.state:9s} latency(EWMA)={ewma}")


if __name__ == "__main__":
    asyncio.run(main())
