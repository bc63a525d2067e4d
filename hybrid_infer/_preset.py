"""Load a declarative preset (YAML or TOML) into ``HybridClient`` keyword arguments.

Presets are files users copy and commit, so they must never hold a secret: an
``api_key`` has to be a ``${ENV_VAR}`` reference, resolved only when a call is made.
Other string values may reference environment variables the same way (resolved at load).
Errors name the file and the field.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any, get_args

import yaml
from pydantic import BaseModel

from hybrid_infer._config import Deployment
from hybrid_infer.errors import ConfigError

_ENV_REF = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
_TOP_LEVEL = {
    "deployments",
    "policy",
    "health",
    "queue_timeout_s",
    "default_max_output_tokens",
    "cache",
}


class _UniqueKeyLoader(yaml.SafeLoader):
    """YAML's safe loader, refusing a key written twice (the last would silently win)."""


def _mapping_without_duplicates(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":  # `<<: *defaults` merges, it is no key
            continue
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates)


_MAX_VALUES = 100_000
"""The most values a preset may hold once its aliases are expanded: YAML aliases share one
object, and a 600-byte file of aliases of aliases ('billion laughs') expands to billions."""


def _expand(
    value: Any,
    where: str,
    budget: list[int] | None = None,
    *,
    text_keys: frozenset[str] = frozenset(),
    keep_text: bool = False,
) -> Any:
    """``value`` with ``${VAR}`` references resolved, as a tree (aliases copied).

    ``text_keys``: the keys of this mapping whose values are text whatever they look like
    (``namespace: ${TENANT_ID}`` with TENANT_ID=42 is the text "42"); ``keep_text`` says so
    of ``value`` itself.
    """
    if budget is None:
        budget = [_MAX_VALUES]
    budget[0] -= 1
    if budget[0] < 0:
        raise ConfigError(f"the preset holds more than {_MAX_VALUES} values once its aliases are expanded", field=where)
    if isinstance(value, str):
        whole = _ENV_REF.fullmatch(value.strip())
        if whole is not None:
            # A value that is one reference takes the variable's type, as YAML would read
            # it: `max_concurrency: ${LOCAL_SLOTS}` with LOCAL_SLOTS=4 is the number 4.
            name = whole.group(1)
            if name not in os.environ:
                raise ConfigError(f"environment variable {name} is not set", field=where)
            return os.environ[name] if keep_text else _scalar(os.environ[name])

        def replace(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in os.environ:
                raise ConfigError(f"environment variable {name} is not set", field=where)
            return os.environ[name]

        return _ENV_REF.sub(replace, value)
    if isinstance(value, dict):
        return {k: _expand(v, f"{where}.{k}", budget, keep_text=keep_text or k in text_keys) for k, v in value.items()}
    if isinstance(value, list):
        return [_expand(v, f"{where}[{i}]", budget, keep_text=keep_text) for i, v in enumerate(value)]
    return value


def _text_keys(model: type[BaseModel]) -> frozenset[str]:
    """The fields of ``model`` that take no number or boolean in any form: text fields, where
    a variable's '42' or 'true' stays the text it is."""
    return frozenset(name for name, field in model.model_fields.items() if not _takes_number(field.annotation))


def _takes_number(annotation: Any) -> bool:
    if annotation in (int, float, bool):
        return True
    return any(_takes_number(arg) for arg in get_args(annotation) if not isinstance(arg, str))


_NUMBER = re.compile(r"[-+]?(?:\d+|\d*\.\d+(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+)")


def _scalar(text: str) -> Any:
    """An environment variable's text as a number or a boolean when it is plainly one
    ("4", "2.5", "true", "false"), else the text: "no", "0755" or "[a, b]" stay text."""
    stripped = text.strip()
    if stripped.lower() in ("true", "false"):
        return stripped.lower() == "true"
    if _NUMBER.fullmatch(stripped) and not (
        len(stripped) > 1 and stripped.lstrip("+-").startswith("0") and "." not in stripped
    ):
        return float(stripped) if any(c in stripped for c in ".eE") else int(stripped)
    return text


def _policy(spec: Any, where: str) -> Any:
    """A policy name, or a mapping ``{name: by-use-case, routes: {...}, default: ...}``."""
    from hybrid_infer.policies import ByUseCase, LocalFirst

    if isinstance(spec, str):
        return _named_policy(spec, where)
    if not isinstance(spec, dict) or "name" not in spec:
        raise ConfigError("must be a policy name or a mapping with a 'name'", field=where)
    name = spec["name"]
    if not isinstance(name, str):
        raise ConfigError("policy name must be a string", field=f"{where}.name")
    allowed = {"by-use-case": {"name", "routes", "default"}, "local-first": {"name", "then"}}.get(name, {"name"})
    extra = set(spec) - allowed
    if extra:
        raise ConfigError(f"unknown keys {sorted(extra)} for policy {name!r}; allowed: {sorted(allowed)}", field=where)
    if name == "by-use-case":
        routes = spec.get("routes", {})
        if not isinstance(routes, dict):
            raise ConfigError("must map use cases to policy names", field=f"{where}.routes")
        return ByUseCase(
            {k: _policy(v, f"{where}.routes.{k}") for k, v in routes.items()},
            default=_policy(spec.get("default", "local-first"), f"{where}.default"),
        )
    if name == "local-first" and "then" in spec:
        return LocalFirst(then=_policy(spec["then"], f"{where}.then"))
    return _named_policy(name, f"{where}.name")


def _named_policy(name: str, where: str) -> Any:
    """The registry's policy called ``name``; an unknown name is an error at ``where``."""
    from hybrid_infer.policies import resolve_policy

    try:
        return resolve_policy(name)
    except ConfigError as exc:
        raise exc.at(where) from None


def _syntax_error(exc: Exception) -> str:
    """One line saying what is wrong and where ('expected <block end>, but found '-' at line 5, column 3')."""
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        context = f" ({exc.context})" if exc.context else ""
        return f"{exc.problem}{context} at line {mark.line + 1}, column {mark.column + 1}"
    return str(exc).splitlines()[0]


BUNDLED_PRESETS = ("local-first", "cheapest", "fastest", "by-use-case")
"""The presets of the repository's ``policies/``, shipped in the package as ``hybrid_infer/presets``."""


def bundled_preset(name: str) -> Path | None:
    """The shipped preset ``name`` ('local-first'), from an install or a source checkout."""
    if name not in BUNDLED_PRESETS:
        return None
    here = Path(__file__).resolve().parent
    for directory in (here / "presets", here.parent / "policies"):
        if (directory / f"{name}.yaml").is_file():
            return directory / f"{name}.yaml"
    return None


def _preset_path(path: Path) -> Path:
    """``path``, or the shipped preset it names when there is no such file: a bare name
    ('local-first') or the repository's path of one ('policies/local-first.yaml'), so the
    documented commands work from an install too."""
    if path.exists():
        return path
    if path.suffix == "" and len(path.parts) == 1:
        return bundled_preset(path.name) or path
    if path.suffix == ".yaml" and path.parent.name == "policies":
        return bundled_preset(path.stem) or path
    return path


def load_preset(path: str | Path) -> dict[str, Any]:
    """Parse ``path`` and return keyword arguments for :class:`HybridClient`.

    A path that names no file but a shipped preset (``"local-first"``,
    ``"policies/local-first.yaml"``) loads that preset."""
    if not isinstance(path, str | os.PathLike) or isinstance(os.fspath(path), bytes):
        raise ConfigError(f"must be a file path (str or Path), got {type(path).__name__}", field="path")
    try:
        return _load_preset(_preset_path(Path(path)))
    except RecursionError:  # lists in lists thousands deep, in the parser or in _expand
        raise ConfigError("the preset is nested too deeply", field=str(path)) from None


def _load_preset(path: Path) -> dict[str, Any]:
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # a byte-order mark (Windows editors) is no key
    except OSError as exc:
        shipped = ", ".join(BUNDLED_PRESETS)
        raise ConfigError(
            f"cannot read preset: {exc.strerror} (shipped presets, usable by name: {shipped})", field=where
        ) from None
    except UnicodeDecodeError:
        raise ConfigError("preset is not UTF-8 text", field=where) from None
    try:
        if path.suffix.lower() == ".toml":
            data: Any = tomllib.loads(text)
        else:
            data = yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader: no object construction
    except (yaml.YAMLError, tomllib.TOMLDecodeError) as exc:
        hint = ""
        if "${" in text and isinstance(exc, yaml.MarkedYAMLError) and "flow" in str(exc.context or ""):
            hint = '; inside { } or [ ] quote a ${VAR} reference: "${VAR}"'
        raise ConfigError(f"malformed preset: {_syntax_error(exc)}{hint}", field=where) from None
    if not isinstance(data, dict):
        raise ConfigError("a preset must be a mapping with a 'deployments' list", field=where)
    # 'x-' keys hold YAML anchors for the rest of the file ('x-defaults: &defaults'), as in
    # Compose files; they configure nothing themselves
    data = {k: v for k, v in data.items() if not (isinstance(k, str) and k.startswith("x-"))}
    unknown = set(data) - _TOP_LEVEL
    if unknown:
        raise ConfigError(f"unknown keys {sorted(unknown)}; known: {sorted(_TOP_LEVEL)}", field=where)
    deployments = data.get("deployments")
    if not isinstance(deployments, list):
        raise ConfigError("must be a list", field=f"{where}: deployments")
    settings: dict[str, Any] = {}
    budget = [_MAX_VALUES]  # shared by every part of the file
    resolved = []
    for i, item in enumerate(deployments):
        field = f"{where}: deployments[{i}]"
        if not isinstance(item, dict):
            raise ConfigError("must be a mapping", field=field)
        item = dict(item)
        key = item.pop("api_key", None)
        if key is not None and (not isinstance(key, str) or not _ENV_REF.fullmatch(key)):
            raise ConfigError(
                "presets must not hold keys; write api_key: ${ENV_VAR_NAME} and set the variable",
                field=f"{field}.api_key",
            )
        item = _expand(item, field, budget, text_keys=_text_keys(Deployment))
        if key is not None:
            item["api_key"] = key  # resolved at call time, never stored resolved
        resolved.append(item)
    settings["deployments"] = resolved
    if "policy" in data:
        policy = _expand(data["policy"], f"{where}: policy", budget, keep_text=True)  # names are text
        settings["policy"] = _policy(policy, f"{where}: policy")
    for name in ("health", "queue_timeout_s", "default_max_output_tokens"):
        if name in data:
            settings[name] = _expand(data[name], f"{where}: {name}", budget)
    if "cache" in data:
        from hybrid_infer.cache import CacheConfig

        cache_keys = _text_keys(CacheConfig)
        settings["cache"] = _expand(data["cache"], f"{where}: cache", budget, text_keys=cache_keys)
    return settings
