"""The package's promises: a cheap import without litellm, one public surface, a CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import hybrid_infer

from .conftest import deployment_for

REPO = Path(__file__).resolve().parents[1]


def run_python(code: str) -> str:
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        timeout=120,
    ).stdout


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m hybrid_infer.cli ARGS`` as a user runs it (no network: a local cost map)."""
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    cli = [sys.executable, "-m", "hybrid_infer.cli", *args]
    return subprocess.run(cli, capture_output=True, text=True, env=env, timeout=60)


def test_importing_the_package_does_not_import_litellm() -> None:
    out = run_python(
        "import sys, hybrid_infer\n"
        "from hybrid_infer import HybridClient, Deployment, HealthConfig, Result, Usage, Attempt, StreamChunk\n"
        "from hybrid_infer import LocalFirst, Cheapest, Fastest, ByUseCase\n"
        "from hybrid_infer.errors import (HybridInferError, ConfigError, NoDeploymentAvailable,\n"
        "    AllDeploymentsFailed, Overloaded, StreamInterrupted)\n"
        "from hybrid_infer.testing import FakeProvider\n"
        "HybridClient([Deployment(name='c', model='openai/gpt-4o-mini')], health={'enabled': False}).close()\n"
        "print('litellm' in sys.modules)"
    )
    assert out.strip() == "False"


@pytest.mark.parametrize("protocol", ["openai", "ollama"])
def test_the_first_litellm_call_of_a_process_fits_a_tight_timeout(fake, protocol: str) -> None:
    """litellm loads a tokenizer and more modules on its first call (about 0.6 s here): the
    client does that while it starts, so the first call's ``timeout_s`` is its own. A fresh
    interpreter, as the process-wide state of litellm is warm in this one."""
    provider = fake(protocol, models=["m"])
    model = "ollama_chat/m" if protocol == "ollama" else "openai/m"
    out = run_python(
        "from hybrid_infer import HybridClient, Deployment\n"
        f"d = Deployment(name='d', model={model!r}, api_base={provider.api_base!r},\n"
        "               transport='litellm', timeout_s=0.4)\n"
        "with HybridClient([d], health={'enabled': False}) as client:\n"
        "    chunks = list(client.stream('hi', cache='off'))\n"
        "    print([a.outcome for a in chunks[-1].result.attempts])"
    )
    assert out.strip() == "['ok']"


def test_the_public_names_resolve() -> None:
    for name in hybrid_infer.__all__:
        assert getattr(hybrid_infer, name) is not None
    with pytest.raises(AttributeError):
        hybrid_infer.DoesNotExist  # noqa: B018


def test_no_module_binds_one_constant_twice() -> None:
    """A second module-level assignment shadows the first for every function that reads it,
    including the ones written above it for the first value (the guard's rules had three)."""
    import ast

    twice = []
    for path in sorted((REPO / "hybrid_infer").rglob("*.py")):
        seen: set[str] = set()
        for node in ast.parse(path.read_text()).body:
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            for target in targets:
                if isinstance(target, ast.Name):
                    if target.id in seen and target.id != "__all__":
                        twice.append(f"{path.relative_to(REPO)}: {target.id}")
                    seen.add(target.id)
    assert twice == []


def test_the_litellm_pin_is_exact_and_never_the_compromised_release() -> None:
    text = (REPO / "pyproject.toml").read_text()
    line = next(line for line in text.splitlines() if '"litellm' in line)
    assert "==" in line
    assert "1.107.0" not in line


def test_cli_health_and_ask_against_loopback_deployments(fake, tmp_path: Path) -> None:
    local, cloud = fake("ollama", models=["qwen3-coder"]), fake("openai", models=["gpt-4o-mini"])
    preset = tmp_path / "preset.yaml"
    preset.write_text(
        "policy: local-first\n"
        "deployments:\n"
        f"  - {{name: local, model: ollama_chat/qwen3-coder, api_base: '{local.api_base}'}}\n"
        f"  - {{name: cloud, model: openai/gpt-4o-mini, api_base: '{cloud.api_base}', api_key: '${{FAKE_KEY}}'}}\n"
    )
    env = {**os.environ, "FAKE_KEY": "k", "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    cli = [sys.executable, "-m", "hybrid_infer.cli"]
    health = subprocess.run(
        [*cli, "health", "--config", str(preset)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert health.returncode == 0, health.stderr
    assert "local" in health.stdout
    assert "model present" in health.stdout
    ask = subprocess.run(
        [*cli, "ask", "--config", str(preset), "hello cli"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert ask.returncode == 0, ask.stderr
    assert "hello cli" in ask.stdout
    assert "local" in ask.stderr
    local.stop()
    cloud.stop()
    down = subprocess.run(
        [*cli, "health", "--config", str(preset)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert down.returncode == 1
    assert "UNHEALTHY" in down.stdout
    bad = subprocess.run(
        [*cli, "ask", "--config", str(tmp_path / "nope.yaml"), "x"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert bad.returncode == 2
    assert "configuration error" in bad.stderr


def test_the_demo_runs_and_shows_every_scene() -> None:
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    out = subprocess.run(
        [sys.executable, "-m", "hybrid_infer.cli", "demo"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout
    for marker in (
        "local-first",
        "spill",
        "cheapest",
        "fastest",
        "local down",
        "breaker=open",
        "local back",
        "breaker=closed",
    ):
        assert marker in text, marker


def test_cli_cache_stats_and_clear(fake, tmp_path: Path) -> None:
    from hybrid_infer import CacheConfig, HybridClient

    provider = fake("openai")
    cache_dir = tmp_path / "cache"
    with HybridClient(
        [deployment_for(provider, "p")], health={"enabled": False}, cache=CacheConfig(path=cache_dir, semantic=False)
    ) as client:
        client.complete("one", namespace="a")
        client.complete("two", namespace="b")
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    cli = [sys.executable, "-m", "hybrid_infer.cli", "cache"]
    stats = subprocess.run(
        [*cli, "stats", "--path", str(cache_dir)], capture_output=True, text=True, env=env, timeout=60
    )
    assert stats.returncode == 0, stats.stderr
    assert '"entries": 2' in stats.stdout
    cleared = subprocess.run(
        [*cli, "clear", "--path", str(cache_dir), "--namespace", "a"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert cleared.returncode == 0 and "removed 1" in cleared.stdout
    after = subprocess.run(
        [*cli, "stats", "--path", str(cache_dir)], capture_output=True, text=True, env=env, timeout=60
    )
    assert '"entries": 1' in after.stdout


def test_cli_cache_commands_open_a_semantic_only_cache_named_by_a_preset(fake, tmp_path: Path) -> None:
    """stats and clear open any cache the client accepts: one with the exact layer off too."""
    from hybrid_infer import HybridClient

    provider = fake("openai")
    cache_dir = tmp_path / "cache"
    preset = tmp_path / "preset.yaml"
    preset.write_text(
        f"deployments:\n  - {{name: p, model: openai/m, api_base: '{provider.api_base}'}}\n"
        f"cache: {{path: '{cache_dir}', exact: false, embedder: all-MiniLM-L6-v2}}\n"
    )
    # the cache directory exists (the CLI never creates one)
    with HybridClient.from_file(preset, health={"enabled": False}, cache={"path": str(cache_dir), "semantic": False}):
        pass
    for command in ("stats", "clear"):
        out = run_cli("cache", command, "--config", str(preset))
        assert out.returncode == 0, out.stderr


@pytest.mark.parametrize(
    ("section", "command", "field"),
    [
        ("health: {enabled: 'yes'}", ["health"], "health.enabled"),
        ("health: 5", ["health"], "health"),
        ("cache: {semantic: false, max_entries: 0}", ["health"], "cache.max_entries"),
        ("cache: true", ["cache", "stats"], "cache"),
        ("cache: {semantic: false, max_entries: 0}", ["cache", "stats"], "cache.max_entries"),
    ],
)
def test_every_cli_command_checks_a_preset_as_ask_does(
    fake, tmp_path: Path, section: str, command: list[str], field: str
) -> None:
    provider = fake("openai")
    preset = tmp_path / "preset.yaml"
    preset.write_text(f"deployments:\n  - {{name: p, model: openai/m, api_base: '{provider.api_base}'}}\n{section}\n")
    out = run_cli(*command, "--config", str(preset))
    assert out.returncode == 2, out.stdout + out.stderr
    assert f"{preset}: {field}:" in out.stderr
    assert "Traceback" not in out.stderr


def test_cli_health_creates_no_cache(fake, tmp_path: Path) -> None:
    provider = fake("openai")
    cache_dir = tmp_path / "cache"
    preset = tmp_path / "preset.yaml"
    preset.write_text(
        f"deployments:\n  - {{name: p, model: openai/m, api_base: '{provider.api_base}'}}\n"
        f"cache: {{path: '{cache_dir}', semantic: false}}\n"
    )
    out = run_cli("health", "--config", str(preset))
    assert out.returncode == 0, out.stderr
    assert not cache_dir.exists()


def test_cli_cache_stats_needs_no_semantic_extra(fake, tmp_path: Path) -> None:
    """Reading the saved index's sidecar needs no faiss: on an install without the
    `semantic` extra, `cache stats` crashed with ModuleNotFoundError (review 32)."""
    from hybrid_infer import CacheConfig, HybridClient

    provider = fake("openai")
    cache_dir = tmp_path / "cache"
    with HybridClient(
        [deployment_for(provider, "p")], health={"enabled": False}, cache=CacheConfig(path=cache_dir, semantic=False)
    ) as client:
        client.complete("one")
    code = (
        "import sys\n"
        "sys.modules['faiss'] = None  # as on an install without the semantic extra\n"
        "from hybrid_infer.cli import main\n"
        f"sys.exit(main(['cache', 'stats', '--path', {str(cache_dir)!r}]))\n"
    )
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert '"entries": 1' in out.stdout


def test_cli_ctrl_c_ends_with_a_line_and_130_not_a_traceback(fake, tmp_path: Path) -> None:
    import signal
    import time

    slow = fake("openai", models=["gpt-4o-mini"], latency_s=30)
    preset = tmp_path / "preset.yaml"
    preset.write_text(
        "health: {enabled: false}\n"
        f"deployments:\n  - {{name: cloud, model: openai/gpt-4o-mini, api_base: '{slow.api_base}'}}\n"
    )
    # PYTHONFAULTHANDLER: a CLI that does not end after Ctrl-C is sent SIGABRT, which makes
    # it print every thread's stack, should it ever hang
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "PYTHONFAULTHANDLER": "1"}
    # A terminal's Ctrl-C: the CLI gets Python's own SIGINT handler even when this test runs
    # in a background job, whose children inherit SIGINT ignored (`(bash .ci/run &)`): that
    # is why it ran to its 30 s timeout in a clean-clone run started that way
    terminal = (
        "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "sys.argv = ['hybrid-infer', *sys.argv[1:]]; runpy.run_module('hybrid_infer.cli', run_name='__main__')"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", terminal, "ask", "--config", str(preset), "hi"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while slow.in_flight == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        sent = slow.in_flight > 0
        process.send_signal(signal.SIGINT)
        try:
            _, stderr = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGABRT)
            _, stacks = process.communicate(timeout=30)
            pytest.fail(f"no exit 30 s after Ctrl-C (request in flight: {sent}); its threads:\n{stacks[-8000:]}")
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert "interrupted" in stderr and "Traceback" not in stderr


def test_the_shipped_presets_load_by_name_or_by_their_repository_path_from_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An install has no policies/ directory beside it: the documented commands
    (`--config policies/local-first.yaml`) and a bare name load the preset shipped in the package."""
    from hybrid_infer._preset import BUNDLED_PRESETS, load_preset
    from hybrid_infer.errors import ConfigError

    monkeypatch.chdir(tmp_path)
    for name in BUNDLED_PRESETS:
        assert load_preset(name)["deployments"]
        assert repr(load_preset(f"policies/{name}.yaml")) == repr(load_preset(name))
    (tmp_path / "policies").mkdir()
    (tmp_path / "policies" / "local-first.yaml").write_text("deployments:\n  - {name: mine, model: ollama_chat/x}\n")
    assert load_preset("policies/local-first.yaml")["deployments"][0]["name"] == "mine"  # a file wins
    with pytest.raises(ConfigError, match="shipped presets, usable by name: local-first"):
        load_preset("policies/nope.yaml")


def test_the_wheel_ships_the_presets_and_the_package_data(tmp_path: Path) -> None:
    import zipfile

    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path), "."],
        cwd=Path(hybrid_infer.__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for required in (
        "hybrid_infer/presets/local-first.yaml",
        "hybrid_infer/presets/by-use-case.yaml",
        "hybrid_infer/py.typed",
        "hybrid_infer/cache/vocabulary.json",
        "hybrid_infer/cache/verifier.json",
    ):
        assert required in names
