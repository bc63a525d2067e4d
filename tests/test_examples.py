"""The programs in examples/ run offline and show what their comments promise.

The docs point new users at them, so a change that breaks one must fail here rather than
on a user's first try. Each runs in its own interpreter, as a user would start it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"


def _run(*args: str) -> str:
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "HF_HUB_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=180,
    )
    assert done.returncode == 0, f"{args} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_quickstart_example_fails_over_and_reports_every_attempt() -> None:
    out = _run(str(EXAMPLES / "quickstart.py"))
    assert "provider : local-qwen (local, ollama_chat/qwen3-coder)" in out
    assert "attempts : local-qwen [error 503] -> gpt-4o-mini [ok]" in out
    assert "AllDeploymentsFailed" in out
    assert "answered by local-qwen" in out  # the streaming scene


def test_async_agent_example_spills_to_the_cloud_and_fails_over_streams() -> None:
    out = _run(str(EXAMPLES / "async_agent.py"))
    spill = [line for line in out.splitlines() if line.startswith("  'Write a unit test for function")]
    assert sum("(local)" in line for line in spill) == 2
    assert sum("(cloud)" in line for line in spill) == 2
    assert "answered by gpt-4o-mini" in out  # reasoning: the cheapest tagged deployment
    assert out.count("answered by gpt-4o, first token after") == 2  # streams moved before a token
    assert "breaker of local-qwen: closed -> open" in out
    assert "local-qwen: error ProviderConnectionError (" in out


def test_users_fallback_tests_example_passes_under_pytest() -> None:
    out = _run("-m", "pytest", "-q", "-p", "no:cacheprovider", str(EXAMPLES / "test_my_fallbacks.py"))
    assert "3 passed" in out


def test_tool_agent_example_runs_the_tool_and_answers() -> None:
    out = _run(str(EXAMPLES / "tool_agent.py"))
    assert "model calls get_weather({'city': 'Paris'})" in out
    assert "answer   : It is clear and 21 °C in Paris." in out
