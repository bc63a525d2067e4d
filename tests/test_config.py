"""Configuration and request validation: bad input fails early with the field named."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic import SecretStr, ValidationError

from hybrid_infer import ByUseCase, Cheapest, ConfigError, Deployment, HealthConfig, HybridClient, LocalFirst
from hybrid_infer._preset import load_preset
from hybrid_infer.policies import Policy

from .conftest import NO_PROBES, deployment_for


def local(name: str = "local", **kw: object) -> Deployment:
    return Deployment(name=name, model="ollama_chat/qwen3-coder", **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("max_concurrency", 0),
        ("max_concurrency", -1),
        ("timeout_s", -5),
        ("timeout_s", math.nan),
        ("timeout_s", math.inf),
        ("timeout_s", 1e300),  # a unit mistake, not a timeout
        ("use_cases", [" code"]),  # would never match a request's use_case
        ("rpm", 0),
        ("input_cost_per_mtok", -0.1),
        ("context_window", 0),
        ("api_base", "localhost:11434"),
        ("api_base", "http://127.0.0.1:8000/v1\nX-Injected: 1"),  # a stray newline from an env var
        ("api_base", "http://exa mple.com/v1"),
        ("api_base", "http://127.0.0.1:99999/v1"),
        ("api_base", "http://localhost:0"),  # "any free port" to a server, nothing to connect to
        ("api_base", "http://:8080/v1"),
        ("kind", "edge"),
        ("transport", "grpc"),
        ("nonsense", 1),
    ],
)
def test_bad_deployment_field_is_named(field: str, value: object) -> None:
    with pytest.raises(ValidationError) as info:
        Deployment(name="x", model="openai/gpt-4o-mini", **{field: value})  # type: ignore[arg-type]
    assert field in str(info.value)


@pytest.mark.parametrize(
    "model", ["   ", "openai/", "openai/ gpt-4o-mini", "/gpt-4o-mini", "gpt-4o-mini\n", "ollama_chat//qwen3"]
)
def test_a_model_string_that_names_no_model_is_refused(model: str) -> None:
    """Caught when the client is built, not as a rejected request on every call."""
    with pytest.raises(ValidationError) as info:
        Deployment(name="x", model=model, api_base="http://127.0.0.1:1")
    assert "model" in str(info.value)


def test_a_password_in_api_base_is_masked_in_dumps_too() -> None:
    deployment = Deployment(name="d", model="openai/m", api_base="http://user:Pr0xyPassw0rd@proxy:3128/v1")
    assert "Pr0xyPassw0rd" not in str(deployment.model_dump())
    assert "Pr0xyPassw0rd" not in deployment.model_dump_json()
    assert deployment.api_base == "http://user:Pr0xyPassw0rd@proxy:3128/v1"  # the live value is intact


def test_a_password_in_api_base_is_masked_in_repr() -> None:
    d = Deployment(name="x", model="openai/gpt-4o-mini", api_base="http://proxy:s3cr3t-pass@10.0.0.1:3128/v1")
    assert "s3cr3t-pass" not in repr(d) and "s3cr3t-pass" not in str(d)
    assert "proxy:***@10.0.0.1:3128" in repr(d)
    assert d.api_base == "http://proxy:s3cr3t-pass@10.0.0.1:3128/v1"  # used as given


def test_a_token_written_as_the_user_name_of_api_base_is_a_secret() -> None:
    token = "tok_SECRETSECRETSECRET1234567890"
    d = Deployment(name="x", model="openai/m", api_base=f"http://{token}@10.0.0.1:3128/v1")
    assert token not in repr(d) and token not in d.model_dump_json() and "***@10.0.0.1:3128" in repr(d)
    assert token in d.secrets() and f"{token}:" in d.secrets()
    assert d.api_base == f"http://{token}@10.0.0.1:3128/v1"  # used as given


def test_empty_name_and_model_are_rejected() -> None:
    with pytest.raises(ValidationError, match="name"):
        Deployment(name="", model="openai/gpt-4o-mini")
    with pytest.raises(ValidationError, match="model"):
        Deployment(name="x", model="")


def test_kind_is_inferred_from_the_model_prefix() -> None:
    assert local().kind == "local"
    assert Deployment(name="c", model="openai/gpt-4o-mini").kind == "cloud"
    assert Deployment(name="c", model="anthropic/claude-sonnet-4-5").kind == "cloud"


def test_prices_and_window_come_from_the_bundled_cost_map() -> None:
    d = Deployment(name="c", model="openai/gpt-4o-mini")
    assert d.input_cost_per_mtok == pytest.approx(0.15)
    assert d.output_cost_per_mtok == pytest.approx(0.60)
    assert d.context_window == 128000
    assert local().input_cost_per_mtok == 0.0  # local runs are free unless priced


def test_explicit_prices_win_over_the_cost_map() -> None:
    d = Deployment(name="c", model="openai/gpt-4o-mini", input_cost_per_mtok=9, output_cost_per_mtok=10)
    assert (d.input_cost_per_mtok, d.output_cost_per_mtok) == (9, 10)


def test_cheapest_without_a_cloud_price_is_a_config_error() -> None:
    unpriced = Deployment(name="mystery", model="openai/some-unknown-model-xyz")
    assert unpriced.input_cost_per_mtok is None
    with pytest.raises(ConfigError, match="mystery") as info:
        HybridClient([local(), unpriced], policy="cheapest", health=NO_PROBES)
    assert "price" in str(info.value)
    # Other policies do not need prices.
    HybridClient([local(), unpriced], policy="local-first", health=NO_PROBES).close()


def test_a_missing_output_price_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    half = Deployment(name="half", model="openai/some-unknown-model-xyz", input_cost_per_mtok=1.0)
    with pytest.raises(ConfigError) as info:
        HybridClient([half], policy="cheapest", health=NO_PROBES)
    assert info.value.field == "half.output_cost_per_mtok"


def test_a_per_request_policy_is_checked_against_the_deployments_the_request_can_reach(fake) -> None:
    provider = fake("openai")
    unpriced = deployment_for(provider, "mystery", use_cases={"chat"}, input_cost_per_mtok=None)
    priced = deployment_for(provider, "priced", use_cases={"reasoning"})
    with HybridClient([unpriced, priced], health=NO_PROBES) as client:
        with pytest.raises(ConfigError, match="mystery"):
            client.complete("q", policy="cheapest")  # it may reach the unpriced deployment
        result = client.complete("q", policy="cheapest", use_case="reasoning")  # it cannot
    assert result.provider == "priced"


def test_duplicate_deployment_names_are_rejected() -> None:
    with pytest.raises(ConfigError, match=r"deployments\[1\]\.name"):
        HybridClient([local("a"), local("a")])


def test_empty_deployments_are_rejected() -> None:
    with pytest.raises(ConfigError, match="deployments"):
        HybridClient([])


def test_deployment_mappings_are_validated_with_their_index() -> None:
    with pytest.raises(ConfigError, match=r"deployments\[0\]\.max_concurrency"):
        HybridClient([{"name": "a", "model": "ollama_chat/x", "max_concurrency": -2}])


def test_unknown_policy_name_is_rejected() -> None:
    with pytest.raises(ConfigError, match="policy"):
        HybridClient([local()], policy="random")


def test_a_use_case_route_no_deployment_serves_is_refused(fake) -> None:
    """A typo in a route ('reasonnig') would send 'reasoning' requests down the default route."""
    tagged = Deployment(name="r", model="ollama_chat/m", api_base="http://127.0.0.1:1", use_cases={"reasoning"})
    with pytest.raises(ConfigError, match="reasonnig") as info:
        HybridClient([tagged], policy=ByUseCase({"reasonnig": "cheapest"}))
    assert info.value.field == "policy"
    provider = fake("ollama")
    served = deployment_for(provider, "r", use_cases={"reasoning", "chat"})
    with HybridClient([served], policy=ByUseCase({"reasoning": "fastest"}), health=NO_PROBES) as client:
        with pytest.raises(ConfigError, match="reasonnig"):
            client.complete("hi", policy=ByUseCase({"reasonnig": "cheapest"}))
        # a route for another use case than the request's is fine
        assert client.complete("hi", use_case="chat", policy=ByUseCase({"reasoning": "fastest"})).text
    assert provider.request_count == 1


@pytest.mark.parametrize("value", [-1, 1e300, math.inf])
def test_a_queue_timeout_outside_zero_to_a_year_is_rejected(value: float) -> None:
    with pytest.raises(ConfigError, match="queue_timeout_s"):
        HybridClient([local()], queue_timeout_s=value)


@pytest.mark.parametrize("field", ["interval_s", "probe_timeout_s", "reset_timeout_s", "max_retry_after_s"])
@pytest.mark.parametrize("value", [1e12, True])
def test_durations_longer_than_a_year_or_not_numbers_are_rejected(field: str, value: object) -> None:
    with pytest.raises(ValidationError, match=field):
        HealthConfig(**{field: value})  # type: ignore[arg-type]


def test_bad_health_mapping_names_the_field() -> None:
    with pytest.raises(ConfigError, match=r"health\.interval_s"):
        HybridClient([local()], health={"interval_s": 0})


def test_native_transport_for_an_unsupported_protocol_is_rejected() -> None:
    with pytest.raises(ConfigError, match="transport"):
        HybridClient([Deployment(name="a", model="anthropic/claude-sonnet-4-5", transport="native")])


def test_policy_objects_are_accepted() -> None:
    client = HybridClient([local()], policy=LocalFirst(then=Cheapest()), health=NO_PROBES)
    assert "LocalFirst" in repr(client.policy)
    client.close()


@pytest.mark.parametrize(
    ("name", "reason"), [("  ", "non-blank"), (" a", "either end"), ("a ", "either end"), ("a\nb", "line breaks")]
)
def test_a_deployment_name_that_would_not_match_itself_is_refused_in_words(name: str, reason: str) -> None:
    with pytest.raises(ConfigError, match=reason) as info:
        HybridClient([{"name": name, "model": "ollama_chat/x"}])
    assert info.value.field == "deployments[0].name"


@pytest.mark.parametrize("path", [None, 123, b"router.yaml"])
def test_from_file_wants_a_path(path: object) -> None:
    with pytest.raises(ConfigError) as info:
        HybridClient.from_file(path)  # type: ignore[arg-type]
    assert info.value.field == "path"


def test_policy_objects_take_names_where_they_take_policies() -> None:
    """As presets and ByUseCase routes do: LocalFirst(then='cheapest'), X >> 'fastest'."""
    assert repr(LocalFirst(then="cheapest")) == "LocalFirst(then=Cheapest())"
    assert repr(LocalFirst() >> "fastest") == "LocalFirst() >> Fastest()"
    assert repr("cheapest" >> LocalFirst()) == "Cheapest() >> LocalFirst()"


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: LocalFirst(then="cheapst"), "then"),
        (lambda: LocalFirst(then=5), "then"),
        (lambda: LocalFirst() >> 5, "policies[1]"),
        (lambda: ByUseCase(5), "routes"),
        (lambda: ByUseCase([("reasoning", "cheapest")]), "routes"),
        (lambda: ByUseCase({"reasoning": 5}), "routes.reasoning"),
        (lambda: ByUseCase({"": "cheapest"}), "routes"),
        (lambda: ByUseCase(default=None), "default"),
        (lambda: HybridClient([local()], policy=5), "policy"),
    ],
)
def test_a_policy_built_from_a_bad_value_is_a_config_error_naming_it(build: Callable[[], object], field: str) -> None:
    with pytest.raises(ConfigError) as info:
        build()
    assert info.value.field == field


TOOL_TURN = {"role": "assistant", "content": None}


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({}, "prompt"),
        ({"prompt": ""}, "prompt"),
        ({"prompt": "   "}, "prompt"),
        ({"prompt": "hi", "messages": [{"role": "user", "content": "hi"}]}, "prompt"),
        ({"messages": []}, "messages"),
        ({"messages": "hello"}, "messages"),
        ({"messages": [{"role": "wizard", "content": "x"}]}, "messages[0].role"),
        ({"messages": [{"role": "user", "content": 5}]}, "messages[0].content"),
        ({"messages": [{"role": "user", "content": "x", "colour": "red"}]}, "messages[0].colour"),
        ({"messages": [{"role": "system", "content": "only system"}]}, "messages"),
        ({"messages": [{"role": "user", "content": "  \n "}]}, "messages"),
        ({"messages": [{"role": "user", "content": []}]}, "messages"),
        ({"messages": [{"role": "user", "content": [{"type": "text", "text": " "}]}]}, "messages"),
        ({"messages": [{"role": "user", "content": [{"type": "text", "text": 123}]}]}, "messages[0].content[0].text"),
        ({"messages": [{"role": "user", "content": [{"type": "text"}]}]}, "messages[0].content[0].text"),
        ({"messages": [{"role": "user", "content": "hi", "name": 5}]}, "messages[0].name"),
        (
            {"messages": [{"role": "user", "content": "hi"}, TOOL_TURN | {"tool_calls": "nope"}]},
            "messages[1].tool_calls",
        ),
        (
            {"messages": [{"role": "user", "content": "hi"}, TOOL_TURN | {"tool_calls": [5]}]},
            "messages[1].tool_calls[0]",
        ),
        (
            {"messages": [{"role": "user", "content": "hi"}, TOOL_TURN | {"tool_calls": [{"function": {}}]}]},
            "messages[1].tool_calls[0].function",
        ),
        ({"messages": [{"role": "tool", "content": "42", "tool_call_id": 1}]}, "messages[0].tool_call_id"),
        ({"prompt": "hi", "temperature": math.nan}, "temperature"),
        ({"prompt": "hi", "temperature": 7}, "temperature"),
        ({"prompt": "hi", "max_tokens": 0}, "max_tokens"),
        ({"prompt": "hi", "max_tokens": 1.5}, "max_tokens"),
        ({"prompt": "hi", "timeout_s": -1}, "timeout_s"),
        ({"prompt": "hi", "top_p": 3}, "top_p"),
        ({"prompt": "hi", "frobnicate": True}, "frobnicate"),
        ({"prompt": "hi", "stop": 5}, "stop"),
        ({"prompt": "hi", "use_case": ""}, "use_case"),
        ({"prompt": "\u200b\u200b"}, "prompt"),
        ({"prompt": "hi", "extra_body": "num_ctx=8192"}, "extra_body"),
        ({"prompt": "hi", "extra_body": {"stream": True}}, "extra_body.stream"),
        ({"prompt": "hi", "extra_body": {"messages": []}}, "extra_body.messages"),
        ({"prompt": "hi", "extra_body": {"model": "other"}}, "extra_body.model"),
        # an integer no provider parses (and Python will not even print past 4,300 digits)
        ({"prompt": "hi", "extra_body": {"options": {"num_ctx": 10**5000}}}, "extra_body.options.num_ctx"),
        ({"prompt": "hi", "logit_bias": {"50256": -(2**64)}}, "logit_bias.50256"),
        ({"prompt": "hi", "namespace": "tenant\n42"}, "namespace"),
        ({"messages": [{"role": "user", "content": [{"type": "", "text": "x"}]}]}, "messages[0].content[0]"),
        ({"prompt": "hi", "use_case": " "}, "use_case"),
        ({"prompt": "hi", "use_case": "code "}, "use_case"),
        ({"prompt": "hi", "timeout_s": 1e300}, "timeout_s"),
        ({"prompt": "\ud800"}, "prompt"),
        ({"prompt": 42}, "prompt"),
    ],
)
def test_bad_requests_name_the_field_and_call_no_provider(fake, kwargs: dict[str, object], field: str) -> None:
    provider = fake("openai")
    from .conftest import deployment_for

    client = HybridClient([deployment_for(provider, "p")], health=NO_PROBES)
    try:
        prompt = kwargs.pop("prompt", None)
        with pytest.raises(ConfigError) as info:
            client.complete(prompt, **kwargs)  # type: ignore[arg-type]
        assert info.value.field == field
        with pytest.raises(ConfigError):
            client.stream(prompt, **kwargs)  # type: ignore[arg-type]
    finally:
        client.close()
    assert provider.request_count == 0


def test_health_config_rejects_nonsense() -> None:
    with pytest.raises(ValidationError, match="probe_timeout_s"):
        HealthConfig(probe_timeout_s=-1)


# --- presets ---------------------------------------------------------------------------

PRESETS = Path(__file__).resolve().parents[1] / "policies"


@pytest.mark.parametrize("name", ["local-first", "cheapest", "fastest", "by-use-case"])
def test_shipped_presets_load_without_keys_in_the_environment(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    client = HybridClient.from_file(PRESETS / f"{name}.yaml", health=NO_PROBES)
    assert client.deployments
    client.close()


def test_toml_presets_load(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('policy = "fastest"\n[[deployments]]\nname = "l"\nmodel = "ollama_chat/x"\nmax_concurrency = 2\n')
    client = HybridClient.from_file(path, health=NO_PROBES)
    assert client.deployments[0].max_concurrency == 2
    client.close()


def test_env_references_resolve_at_call_time_and_are_never_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("deployments:\n  - name: c\n    model: openai/gpt-4o-mini\n    api_key: ${MY_TEST_KEY}\n")
    monkeypatch.setenv("MY_TEST_KEY", "sk-live-123456")
    client = HybridClient.from_file(path, health=NO_PROBES)
    deployment = client.deployments[0]
    assert deployment.api_key is not None
    assert deployment.api_key.get_secret_value() == "${MY_TEST_KEY}"
    assert deployment.resolve_api_key() == "sk-live-123456"
    client.close()


def test_literal_keys_in_presets_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("deployments:\n  - name: c\n    model: openai/gpt-4o-mini\n    api_key: sk-abc\n")
    with pytest.raises(ConfigError, match="api_key") as info:
        HybridClient.from_file(path)
    assert "sk-abc" not in str(info.value)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("deployments: [\n", "malformed"),
        # a syntax error says what and where
        ("deployments:\n  - name: a\n    model: x\n   - name: b\n", r"expected <block end>.* at line 4, column 4"),
        (
            "policy: fastest\npolicy: cheapest\ndeployments:\n  - {name: a, model: ollama_chat/x}\n",
            "duplicate key 'policy'",
        ),
        ("- just\n- a list\n", "mapping"),
        ("deployments: 3\n", "deployments"),
        ("deployments: []\nturbo: true\n", "turbo"),
        ("policy: warp\ndeployments:\n  - {name: a, model: ollama_chat/x}\n", "policy"),
        (
            "deployments:\n  - {name: a, model: ollama_chat/x, max_concurrency: -1}\n",
            "max_concurrency",
        ),
        # lists in lists thousands deep (a RecursionError and a traceback)
        ("x-deep: " + "[" * 5000 + "]" * 5000 + "\ndeployments: []\n", "nested too deeply"),
        # aliases of aliases ('billion laughs'): 10^8 values from 600 bytes
        (
            'x-a: &a ["x","x","x","x","x","x","x","x","x","x"]\n'
            + "".join(
                f"x-{name}: &{name} [{', '.join(['*' + prev] * 10)}]\n"
                for prev, name in zip("abcdefg", "bcdefgh", strict=True)
            )
            + "deployments:\n  - {name: a, model: ollama_chat/x, use_cases: *h}\n",
            "more than 100000 values",
        ),
    ],
)
def test_malformed_presets_are_config_errors(tmp_path: Path, text: str, match: str) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=match) as info:
        HybridClient.from_file(path)
    assert str(info.value.field).startswith(str(path))  # every error names the file


def test_x_keys_hold_anchors_and_a_flow_reference_gets_a_hint(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "x-local: &local {kind: local, max_concurrency: 4, timeout_s: 30}\n"
        "deployments:\n"
        "  - {<<: *local, name: qwen, model: ollama_chat/qwen3-coder}\n"
        "  - {<<: *local, name: llama, model: ollama_chat/llama3.1}\n"
    )
    client = HybridClient.from_file(path, health=NO_PROBES)
    assert [(d.name, d.max_concurrency, d.timeout_s) for d in client.deployments] == [("qwen", 4, 30), ("llama", 4, 30)]
    client.close()
    path.write_text("health: {enabled: ${PROBES}}\ndeployments:\n  - {name: a, model: ollama_chat/x}\n")
    with pytest.raises(ConfigError, match=r'quote a \$\{VAR\} reference: "\$\{VAR\}"'):
        HybridClient.from_file(path)


def test_a_whole_value_reference_takes_the_variables_type(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "policy: ${ROUTER_POLICY}\nqueue_timeout_s: ${ROUTER_PATIENCE}\n"
        "deployments:\n  - name: local\n    model: ollama_chat/x\n    max_concurrency: ${LOCAL_SLOTS}\n"
        "    api_base: http://${OLLAMA_HOST}:11434\n"
    )
    monkeypatch.setenv("ROUTER_POLICY", "fastest")
    monkeypatch.setenv("ROUTER_PATIENCE", "2.5")
    monkeypatch.setenv("LOCAL_SLOTS", "4")
    monkeypatch.setenv("OLLAMA_HOST", "10.0.0.7")
    client = HybridClient.from_file(path, health=NO_PROBES)
    assert type(client.policy).__name__ == "Fastest"
    assert client.deployments[0].max_concurrency == 4
    assert client.deployments[0].api_base == "http://10.0.0.7:11434"
    client.close()


def test_a_reference_that_is_not_plainly_a_number_stays_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("deployments:\n  - name: ${NAME}\n    model: ollama_chat/x\n")
    monkeypatch.setenv("NAME", "no")  # YAML 1.1 would read a false
    with HybridClient.from_file(path, health=NO_PROBES) as client:
        assert client.deployments[0].name == "no"


def test_a_reference_in_a_text_field_stays_text_even_when_it_looks_like_a_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tenant id of 42 is the namespace '42'; in a number field the same text is the number."""
    path = tmp_path / "p.yaml"
    path.write_text(
        "deployments:\n  - name: ${NAME}\n    model: ollama_chat/x\n    use_cases: ['${NAME}']\n"
        "    max_concurrency: ${NAME}\n"
        f"cache: {{path: '{tmp_path / 'c'}', semantic: false, namespace: '${{NAME}}', max_entries: '${{NAME}}'}}\n"
    )
    monkeypatch.setenv("NAME", "42")
    settings = load_preset(path)
    assert settings["deployments"][0]["name"] == "42"
    assert settings["deployments"][0]["use_cases"] == ["42"]
    assert settings["deployments"][0]["max_concurrency"] == 42
    assert settings["cache"]["namespace"] == "42"
    assert settings["cache"]["max_entries"] == 42
    with HybridClient.from_file(path, health=NO_PROBES) as client:
        assert client.deployments[0].name == "42"


def test_a_toml_preset_saved_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('\ufeffpolicy = "fastest"\n[[deployments]]\nname = "l"\nmodel = "ollama_chat/x"\n', "utf-8")
    with HybridClient.from_file(path, health=NO_PROBES) as client:
        assert client.deployments[0].name == "l"


@pytest.mark.parametrize(
    ("policy", "field"),
    [
        ("{name: [cheapest]}", "policy.name"),  # a list is no name (was a TypeError)
        ("{name: {a: 1}}", "policy.name"),
        ("{name: by-use-case, routes: {x: {name: [1]}}}", "policy.routes.x.name"),
        ("{name: by-use-case, routes: {y: {name: local-first, then: fastst}}}", "policy.routes.y.then"),
        ("{name: local-first, then: {name: cheapst}}", "policy.then.name"),
        ("fastst", "policy"),
    ],
)
def test_a_bad_policy_in_a_preset_is_named_where_it_is_written(tmp_path: Path, policy: str, field: str) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(f"policy: {policy}\ndeployments:\n  - {{name: a, model: ollama_chat/x, use_cases: [x, y]}}\n")
    with pytest.raises(ConfigError) as info:
        load_preset(path)
    assert info.value.field == f"{path}: {field}"


@pytest.mark.parametrize(
    "policy",
    [
        LocalFirst(then=ByUseCase({"reasonnig": "cheapest"})),
        ByUseCase({"reasonnig": "cheapest"}) >> Cheapest(),
        ByUseCase({"reasoning": ByUseCase({"reasonnig": "cheapest"})}),
        ByUseCase({"reasoning": "cheapest"}, default=ByUseCase({"reasonnig": "cheapest"})),
    ],
)
def test_a_use_case_route_typo_is_found_wherever_the_router_sits(policy: Policy) -> None:
    tagged = Deployment(name="r", model="ollama_chat/m", api_base="http://127.0.0.1:1", use_cases={"reasoning"})
    with pytest.raises(ConfigError, match="reasonnig") as info:
        HybridClient([tagged], policy=policy, health=NO_PROBES)
    assert info.value.field == "policy"


def test_a_model_level_error_carries_no_pydantic_prefix_and_names_a_field() -> None:
    with pytest.raises(ConfigError) as info:
        HybridClient([local()], health=NO_PROBES, cache={"exact": False, "semantic": False})
    assert "Value error" not in str(info.value)
    assert info.value.field == "cache.semantic"  # (was "cache": review 80)
    assert str(info.value).startswith("cache.semantic: exact and semantic are both off")


def test_yaml_merge_keys_work_in_presets(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "deployments:\n  - &local\n    name: a\n    model: ollama_chat/x\n    max_concurrency: 2\n"
        "  - <<: *local\n    name: b\n"
    )
    with HybridClient.from_file(path, health=NO_PROBES) as client:
        assert [(d.name, d.max_concurrency) for d in client.deployments] == [("a", 2), ("b", 2)]


def test_an_error_in_a_from_file_argument_names_the_argument_not_the_file(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("deployments:\n  - {name: a, model: ollama_chat/x}\n")
    with pytest.raises(ConfigError) as info:
        HybridClient.from_file(path, health={"interval_s": 0})
    assert info.value.field == "health.interval_s"
    path.write_text("deployments:\n  - {name: a, model: ollama_chat/x, max_concurrency: 0}\n")
    with pytest.raises(ConfigError) as info:
        HybridClient.from_file(path, health={"enabled": False})  # the file's error still names the file
    assert info.value.field == f"{path}: deployments[0].max_concurrency"


def test_an_unknown_from_file_argument_is_a_config_error_listing_the_known_ones(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("deployments:\n  - {name: a, model: ollama_chat/x}\n")
    with pytest.raises(ConfigError, match=r"known: .*'health'.*'max_response_bytes'") as info:
        HybridClient.from_file(path, helth={"enabled": False})
    assert info.value.field == "helth"


def test_missing_preset_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        HybridClient.from_file(tmp_path / "absent.yaml")


@pytest.mark.parametrize("value", [object(), "native", None])
def test_a_transport_that_is_not_a_transport_is_named(value: object) -> None:
    with pytest.raises(ConfigError) as info:
        HybridClient([local()], transports={"local": value}, health=NO_PROBES)  # type: ignore[dict-item]
    assert info.value.field == "transports.local"


@pytest.mark.parametrize(
    ("section", "settings", "field"),
    [
        ("cache", {"max_entries": True}, "cache.max_entries"),  # not one entry
        ("cache", {"semantic": "no"}, "cache.semantic"),  # a non-empty string is no False
        ("cache", {"size_limit_bytes": 1.5e6}, "cache.size_limit_bytes"),
        ("cache", {"exact": False, "semantic": False}, "cache.semantic"),  # stored, never read
        ("cache", {"path": 5}, "cache.path"),  # not 'cache.path.str'
        ("cache", {"embedder": 5}, "cache.embedder"),
        ("health", {"failure_threshold": True}, "health.failure_threshold"),
        ("health", {"enabled": "yes"}, "health.enabled"),
        ("cache", {"similarity_threshold": True}, "cache.similarity_threshold"),  # not 1.0
        ("cache", {"fallback_threshold": "0.9"}, "cache.fallback_threshold"),
    ],
)
def test_cache_and_health_settings_take_their_own_types_and_errors_name_real_fields(
    section: str, settings: dict[str, object], field: str
) -> None:
    with pytest.raises(ConfigError) as info:
        HybridClient([local()], **{"health": NO_PROBES, section: settings})  # type: ignore[arg-type]
    assert info.value.field == field


def test_a_cache_path_that_cannot_hold_a_cache_is_a_config_error(tmp_path: Path) -> None:
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("x")
    for path in (in_the_way, in_the_way / "below"):
        with pytest.raises(ConfigError) as info:
            HybridClient([local()], health=NO_PROBES, cache={"path": str(path), "semantic": False})
        assert info.value.field == "cache.path"


@pytest.mark.parametrize(
    ("name", "value", "bounds"),
    [("cache_ttl_s", -1, "(0, "), ("timeout_s", 0, "(0, "), ("queue_timeout_s", -1, "[0, "), ("deadline_s", 0, "(0, ")],
)
def test_a_duration_out_of_range_is_refused_with_the_range_it_takes(name: str, value: float, bounds: str) -> None:
    from hybrid_infer._request import build_request

    with pytest.raises(ConfigError, match=re.escape(bounds)) as error:
        build_request("hi", **{name: value})
    assert error.value.field == name


@pytest.mark.parametrize(
    "name", ["max_tokens", "temperature", "timeout_s", "deadline_s", "cache_ttl_s", "top_p", "seed"]
)
def test_a_number_too_large_for_a_float_is_refused_naming_its_argument(name: str) -> None:
    """10**400 used to reach a policy's cost estimate (or math.isfinite) and overflow there,
    blamed on the policy."""
    deployments = [local(), Deployment(name="c", model="openai/gpt-4o-mini")]
    with HybridClient(deployments, health=NO_PROBES) as client, pytest.raises(ConfigError) as error:
        client.complete("hi", policy="cheapest", **{name: 10**400})
    assert error.value.field == name


def test_max_tokens_takes_up_to_the_largest_32_bit_integer() -> None:
    from hybrid_infer._request import build_request

    assert build_request("hi", max_tokens=2**31 - 1).max_tokens == 2**31 - 1
    with pytest.raises(ConfigError, match=re.escape("[1, 2147483647]")) as error:
        build_request("hi", max_tokens=2**31)
    assert error.value.field == "max_tokens"
    with pytest.raises(ConfigError) as error:
        HybridClient([local()], health=NO_PROBES, default_max_output_tokens=10**400)
    assert error.value.field == "default_max_output_tokens"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("api_key", "sk-test-123\n"),
        ("api_key", "sk test"),
        ("api_key", "sk-\u00c4BC-\u043a\u043b\u044e\u0447-0123456789"),  # non-ASCII: no header carries it as is
        ("api_base", "http://127.0.0.1:9/v1?api-version=2024-06-01"),
        ("api_base", "http://127.0.0.1:9/v1#frag"),
    ],
)
def test_keys_and_addresses_no_request_could_carry_are_refused_at_build(field: str, value: str) -> None:
    """A key with a trailing newline cannot go in a header, and paths follow api_base: both
    are configuration mistakes, named at build time instead of blamed on the provider."""
    with pytest.raises(ValidationError) as info:
        Deployment(name="d", model="openai/m", **{field: value})
    assert info.value.errors()[0]["loc"] == (field,)
    assert "sk-test-123" not in str(info.value)


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("sk-test-123\n", "holds spaces, control characters"),
        # (review 55: an empty line in a .env file, a CI secret never filled in: the prompt
        # went out with no key, came back 401 and the deployment was marked unhealthy)
        ("", "is set but empty"),
    ],
)
def test_a_key_variable_no_header_can_carry_is_a_missing_key_not_a_provider_failure(
    fake, monkeypatch: pytest.MonkeyPatch, value: str, said: str
) -> None:
    """A ${VAR} read at call time with a trailing newline, or empty: nothing is sent, each
    transport says MissingApiKey naming the variable, and no breaker counts it."""
    from hybrid_infer.errors import AllDeploymentsFailed, MissingApiKey

    monkeypatch.setenv("HI_TEST_BAD_KEY", value)
    provider = fake("openai")
    for transport in ("native", "litellm"):
        deployment = deployment_for(provider, transport).model_copy(
            update={"api_key": SecretStr("${HI_TEST_BAD_KEY}"), "transport": transport}
        )
        with HybridClient([deployment], health=NO_PROBES) as client:
            for _ in range(4):
                with pytest.raises(AllDeploymentsFailed) as info:
                    client.complete("hi")
                cause = info.value.attempts[-1]
                assert cause.error_type == MissingApiKey.__name__, cause
                assert f"HI_TEST_BAD_KEY {said}" in (cause.error or "")
                assert "sk-test-123" not in str(info.value)
            assert client.health()[transport].state == "closed"
    assert provider.request_count == 0


@pytest.mark.parametrize("key", ["${MY-KEY}", "${}", "$OPENAI_API_KEY", "${1KEY}"])
def test_a_mistyped_key_reference_is_refused_not_sent_as_the_key(key: str) -> None:
    """'${MY-KEY}' was taken for a literal key and sent as 'Bearer ${MY-KEY}' (review 55)."""
    with pytest.raises(ValidationError) as info:
        Deployment(name="d", model="openai/m", api_key=key)
    assert info.value.errors()[0]["loc"] == ("api_key",)
    assert "${ENV_VAR}" in str(info.value)
    assert "put it in an environment variable" in str(info.value)  # the way out for a key that starts with '$'


def test_ollama_through_litellm_is_warned_about_when_the_client_is_built(caplog: pytest.LogCaptureFixture) -> None:
    """litellm queries /api/show with a blocking call on the loop: the choice is flagged."""
    ollama = Deployment(name="o", model="ollama_chat/qwen3", api_base="http://127.0.0.1:9", transport="litellm")
    native = Deployment(name="n", model="ollama_chat/qwen3", api_base="http://127.0.0.1:9")
    with caplog.at_level("WARNING", logger="hybrid_infer"):
        HybridClient([native], health=NO_PROBES).close()
        assert not [r for r in caplog.records if "/api/show" in r.getMessage()]
        HybridClient([ollama], health=NO_PROBES).close()
    assert [r for r in caplog.records if "/api/show" in r.getMessage() and getattr(r, "deployment", None) == "o"]


# --- credentials in api_base ----------------------------------------------------------


def test_credentials_in_api_base_reach_the_server_as_basic_auth(fake) -> None:
    """The native transport sends ``user:password@`` as a Basic Authorization header."""
    provider = fake("openai")
    base = provider.api_base.replace("http://", "http://proxy-user:Pr0xyPassw0rd@")
    deployment = Deployment(name="d", model="openai/fake-model", api_base=base)
    with HybridClient([deployment], health=NO_PROBES) as client:
        assert client.complete("hi").text
    assert provider.headers[-1]["Authorization"].startswith("Basic ")


@pytest.mark.parametrize(
    ("settings", "reason"),
    [
        ({"model": "openai/m", "api_key": "sk-test-1234567"}, "both need the Authorization header"),
        ({"model": "ollama_chat/m", "api_key": "${SOME_KEY}"}, "both need the Authorization header"),
        ({"model": "openai/m", "transport": "litellm"}, "use transport 'native'"),
        ({"model": "anthropic/claude-sonnet-4-5"}, "give the key as api_key"),
    ],
)
def test_credentials_in_api_base_that_no_call_could_send_are_refused_at_build(
    settings: dict[str, str], reason: str
) -> None:
    """URL credentials need the Authorization header: next to an api_key, or through
    litellm, every call would fail and open the breaker, so the deployment is refused."""
    base = "http://proxy-user:Pr0xyPassw0rd@127.0.0.1:9/v1"
    with pytest.raises(ValidationError, match=re.escape(reason)) as info:
        Deployment(name="d", api_base=base, **settings)  # type: ignore[arg-type]
    assert info.value.errors()[0]["loc"] == ("api_base",)
    assert "Pr0xyPassw0rd" not in info.value.json()
    with pytest.raises(ConfigError, match=re.escape(reason)) as error:
        HybridClient([{"name": "d", "api_base": base, **settings}], health=NO_PROBES)
    assert error.value.field == "deployments[0].api_base"


# --- secrets in validation errors -----------------------------------------------------

SECRET = "sk-proj-TOPSECRETKEY1234567890"


@pytest.mark.parametrize(
    "settings",
    [
        {"name": "d", "model": "openai/m", "api_key": SECRET + "\n"},  # a trailing newline
        {"name": "d", "model": "openai/m", "api_key": SECRET.replace("-", " ")},
        {"model": "openai/m", "api_key": SECRET},  # a missing field shows the whole input
        {"name": "d", "model": "openai/m", "apikey": SECRET},  # a misspelt api_key
        {"model": "openai/m", "apikey": SECRET},
        {"name": "d", "model": "openai/m", "api_base": f"http://user:{SECRET}@proxy:99999/v1"},
        {"name": "d", "model": "openai/m", "api_base": f"http://user:{SECRET}@proxy:3128/v1?x=1"},
        {"model": "openai/m", "api_base": f"http://user:{SECRET}@proxy:3128/v1"},
        {"name": "d", "model": "openai/m", "api_base": f"http://proxy:3128/v1?key={SECRET}"},  # refused, not echoed
        {"name": "d", "model": "openai/m", "api_base": f"http://proxy:3128/v1#{SECRET}"},
        {"name": "d", "model": "openai/m", "api_base": f"http://{SECRET}@proxy:99999/v1"},  # a token as user name
    ],
)
def test_no_form_of_a_validation_error_shows_a_key_or_password(settings: dict[str, str]) -> None:
    """``str()`` hides inputs, but ``errors()`` and ``json()`` are what end up in logs and
    API responses: they show a mask instead of a key or a password too."""
    with pytest.raises(ValidationError) as info:
        Deployment(**settings)  # type: ignore[arg-type]
    for text in (str(info.value), repr(info.value), repr(info.value.errors()), info.value.json()):
        assert "TOPSECRETKEY" not in text
    assert info.value.errors()[0]["loc"]  # still names the field


def test_a_deployment_variant_from_model_copy_is_validated_like_a_new_one() -> None:
    """pydantic's model_copy takes updates as they are: a rotated key given as text was
    stored as text, shown by repr and model_dump(), and broke the client (review 41)."""
    from pydantic import ValidationError

    base = Deployment(name="x", model="openai/gpt-4o-mini", api_key="sk-first-0123456789")
    rotated = base.model_copy(update={"api_key": "sk-rotated-0123456789"})
    assert isinstance(rotated.api_key, SecretStr) and rotated.resolve_api_key() == "sk-rotated-0123456789"
    assert "sk-rotated" not in repr(rotated) and "sk-rotated" not in str(rotated.model_dump())
    assert rotated.input_cost_per_mtok == base.input_cost_per_mtok
    with pytest.raises(ValidationError):
        base.model_copy(update={"max_concurrency": 0})
    assert base.model_copy() == base
    # what the constructor works out from the model is worked out again for a new model
    local = Deployment(name="l", model="ollama_chat/qwen3", max_concurrency=2)
    moved = local.model_copy(update={"model": "openai/gpt-4o-mini"})
    fresh = Deployment(name="l", model="openai/gpt-4o-mini", max_concurrency=2)
    assert (moved.kind, moved.input_cost_per_mtok, moved.context_window) == (
        fresh.kind,
        fresh.input_cost_per_mtok,
        fresh.context_window,
    )
    assert moved.max_concurrency == 2
    # ...but what the user gave is kept, even where it equals what the model gives (review 44)
    vllm = Deployment(name="v", model="ollama_chat/qwen3", kind="local").model_copy(update={"model": "openai/qwen3"})
    assert vllm.kind == "local" and vllm.input_cost_per_mtok == 0.0
    window = Deployment(name="w", model="openai/gpt-4o-mini", context_window=128000)
    assert window.model_copy(update={"model": "openai/my-finetune"}).context_window == 128000
    # a field given as None was not given (review 45: a cloud copy came out local and free)
    unset = Deployment(name="u", model="ollama_chat/qwen3", kind=None, context_window=None)
    assert unset.model_copy(update={"model": "openai/gpt-4o-mini"}).kind == "cloud"
    # which fields were given is no part of what a deployment is: equality and hashing
    implicit, explicit = (
        Deployment(name="a", model="ollama_chat/qwen3"),
        Deployment(name="a", model="ollama_chat/qwen3", kind="local"),
    )
    assert implicit == explicit and hash(implicit) == hash(explicit) and len({implicit, explicit}) == 1
    assert implicit == Deployment.model_validate(implicit.model_dump())
