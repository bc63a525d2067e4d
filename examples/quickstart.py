"""Quickstart: one local runtime, one cloud API, one synchronous client.

Runs fully offline: two FakeProviders on 127.0.0.1 stand in for Ollama and the OpenAI API.
With real deployments you would drop the fakes and the ``api_base`` lines (see the comment in
``main``). Run it with ``python examples/quickstart.py``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("hybrid_infer") is None:  # a source checkout without `pip install`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hybrid_infer import AllDeploymentsFailed, Deployment, HybridClient, Result
from hybrid_infer.testing import FakeProvider


def show(result: Result) -> None:
    print(f"  text     : {result.text}")
    print(f"  provider : {result.provider} ({result.kind}, {result.model})")
    print(f"  usage    : {result.usage.prompt_tokens} in + {result.usage.completion_tokens} out tokens")
    print(f"  cost     : ${result.cost_usd:.8f}")
    print(f"  latency  : {result.latency_ms:.1f} ms")
    path = " -> ".join(f"{a.deployment} [{a.outcome}{f' {a.status}' if a.status else ''}]" for a in result.attempts)
    print(f"  attempts : {path}")


def main() -> None:
    ollama = FakeProvider("ollama", models=["qwen3-coder"], name="ollama", latency_s=0.05).start()
    openai = FakeProvider("openai", models=["gpt-4o-mini"], name="openai", latency_s=0.02).start()
    try:
        # With real deployments, the same list without the fakes:
        #   Deployment(name="local-qwen", model="ollama_chat/qwen3-coder", max_concurrency=2),
        #   Deployment(name="gpt-4o-mini", model="openai/gpt-4o-mini", api_key="${OPENAI_API_KEY}"),
        # (Ollama defaults to http://localhost:11434, openai/ models to https://api.openai.com/v1.)
        deployments = [
            Deployment(name="local-qwen", model="ollama_chat/qwen3-coder", api_base=ollama.api_base, max_concurrency=2),
            Deployment(name="gpt-4o-mini", model="openai/gpt-4o-mini", api_base=openai.api_base),
        ]
        with HybridClient(deployments, policy="local-first") as client:
            cloud = client.deployments[1]
            print(
                f"gpt-4o-mini prices from litellm's cost map: ${cloud.input_cost_per_mtok} in, "
                f"${cloud.output_cost_per_mtok} out per million tokens\n"
            )

            print("1. local-first: the local runtime answers")
            show(client.complete("Write a haiku about caches"))

            print("\n2. streaming")
            print("  ", end="")
            for chunk in client.stream("Stream a short answer, please"):
                print(chunk.delta, end="", flush=True)
                if chunk.result is not None:
                    print(f"\n  (answered by {chunk.result.provider}, first token after {chunk.result.ttft_ms:.1f} ms)")

            print("\n3. the local runtime answers 503: the request fails over to the cloud")
            ollama.set_faults(error_status=503)
            show(client.complete("Explain this stack trace", max_tokens=64, temperature=0))

            print("\n4. both fail: the error lists every attempt")
            openai.set_faults(error_status=500)
            try:
                client.complete("Anyone there?")
            except AllDeploymentsFailed as exc:
                print(f"  {type(exc).__name__}: {exc}")
                for attempt in exc.attempts:
                    print(f"    {attempt.deployment}: {attempt.outcome} {attempt.error_type} {attempt.status}")
            ollama.clear_faults()
            openai.clear_faults()

            print("\n5. health and stats")
            for name, health in client.check_health().items():
                print(
                    f"  {name:12s} healthy={health.healthy} breaker={health.state} model_present={health.model_present}"
                )
            for name, stats in client.stats().items():
                print(f"  {name:12s} requests={stats.requests} errors={stats.errors} cost=${stats.cost_usd:.8f}")
    finally:
        ollama.close()
        openai.close()


if __name__ == "__main__":
    main()
