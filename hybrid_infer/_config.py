"""Validated configuration values: deployments and health/breaker settings.

Everything a user configures passes through these pydantic models, so bad input fails
early with an error naming the field. They carry no runtime state (that lives in
``_state``), and API keys stay :class:`~pydantic.SecretStr` — or ``${ENV_VAR}`` references
resolved only at call time — so a key never shows up in a repr, a log or a file.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any, Literal, Self, get_args
from urllib.parse import urlsplit, urlunsplit

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    PrivateAttr,
    SecretStr,
    ValidationError,
    field_serializer,
    field_validator,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError
from pydantic_core.core_schema import ErrorType

from hybrid_infer._costmap import lookup_model
from hybrid_infer._request import MAX_SECONDS
from hybrid_infer.errors import ConfigError

TransportName = Literal["auto", "native", "litellm"]
Protocol = Literal["openai", "ollama", "litellm"]

# litellm model prefixes that the native transport speaks, and the protocol of each.
_OLLAMA_PREFIXES = frozenset({"ollama", "ollama_chat"})
_OPENAI_PREFIXES = frozenset({"openai", "hosted_vllm", "lm_studio", "llamafile", "vllm", "llama_cpp"})
_LOCAL_PREFIXES = frozenset({"ollama", "ollama_chat", "lm_studio", "llamafile", "llama_cpp"})
_ENV_REF = re.compile(r"^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$")
# Where each runtime listens by default. vLLM has no well-known address: give api_base.
_DEFAULT_BASES = {
    "ollama": "http://localhost:11434",
    "ollama_chat": "http://localhost:11434",
    "openai": "https://api.openai.com/v1",
    "": "https://api.openai.com/v1",
    "lm_studio": "http://localhost:1234/v1",
    "llamafile": "http://localhost:8080/v1",
    "llama_cpp": "http://localhost:8080/v1",
}


def _prefix(model: str) -> str:
    return model.split("/", 1)[0] if "/" in model else ""


@cache
def protocol_of(model: str) -> Protocol:
    """The wire protocol a litellm model string implies (a pure function of the string)."""
    prefix = _prefix(model)
    if prefix in _OLLAMA_PREFIXES:
        return "ollama"
    if prefix in _OPENAI_PREFIXES:
        return "openai"
    if not prefix and (info := lookup_model(model)) and info.provider == "openai":
        return "openai"
    return "litellm"


def _sendable_key(key: str) -> bool:
    """Whether a key can go in an HTTP header as it is: ASCII, no spaces or control characters
    (litellm's client cannot encode another letter, and failed as a server error)."""
    return key == "" or all(c.isascii() and c.isprintable() and not c.isspace() for c in key)


_KEY_VARIABLE = re.compile(r"(?:API_KEY|ACCESS_KEY|SECRET_KEY|_TOKEN)$")
"""Names of environment variables that hold a provider's credentials (``ANTHROPIC_API_KEY``,
``GEMINI_API_KEY``, ``AWS_SECRET_ACCESS_KEY``, ``HF_TOKEN``)."""
_PROVIDER_VARIABLE_PREFIXES = MappingProxyType(
    {"bedrock": ("AWS",), "sagemaker": ("AWS",), "vertex_ai": ("VERTEX", "GOOGLE"), "gemini": ("GEMINI", "GOOGLE"),
     "huggingface": ("HF", "HUGGINGFACE"), "together_ai": ("TOGETHER",), "fireworks_ai": ("FIREWORKS",),
     "cohere": ("COHERE", "CO")}
)  # fmt: skip
"""Providers whose variables do not start with their litellm prefix (``AWS_SECRET_ACCESS_KEY``
for ``bedrock/…``)."""
_MIN_ENVIRONMENT_KEY = 12
"""Shorter values are placeholders ('ollama', 'none', 'dummy'), not keys: masking them would
garble answers that say the word."""


def provider_keys_in_environment(model: str) -> list[str]:
    """Credentials litellm may send on its own for ``model`` given no ``api_key`` (it reads
    the provider's variable itself, ``ANTHROPIC_API_KEY`` for ``anthropic/…``): masked like a
    key given, should the provider echo one back. Only that provider's variables, and only
    values long enough to be keys. Read at each call, as litellm reads them."""
    prefix = _prefix(model) or _litellm_provider(model)
    starts = set(_PROVIDER_VARIABLE_PREFIXES.get(prefix, ()))
    if prefix:
        # litellm's own spellings: TOGETHERAI_API_KEY for together_ai, PERPLEXITYAI_API_KEY
        # for perplexity, MISTRAL_API_KEY for mistral
        name = re.sub(r"[^A-Z0-9]", "_", prefix.upper())
        joined = name.replace("_", "")
        starts |= {name, joined, name.split("_")[0], f"{joined}AI"}
    return [
        value
        for variable, value in os.environ.items()
        if len(value) >= _MIN_ENVIRONMENT_KEY
        and _KEY_VARIABLE.search(variable.upper())
        and any(variable.upper().startswith(start + "_") for start in starts if start)
    ]


def _litellm_provider(model: str) -> str:
    """The provider litellm reads a bare model name as ('claude-3-5-haiku' is anthropic), if
    litellm is loaded already (its import is slow; without it nothing is sent through it)."""
    litellm = sys.modules.get("litellm")
    if litellm is None:
        return ""
    try:
        provider = litellm.get_llm_provider(model)[1]
    except Exception:  # litellm does not know the name
        return ""
    return provider if isinstance(provider, str) else ""


def _with_defaults(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with what the model string tells filled in where it is missing: ``kind`` from
    its prefix, prices and context window from the cost map (a local model is free)."""
    data = dict(data)
    model = data.get("model")
    if not isinstance(model, str) or not model:
        return data
    prefix = _prefix(model)
    if data.get("kind") is None:
        data["kind"] = "local" if prefix in _LOCAL_PREFIXES else "cloud"
    needs_price = data.get("input_cost_per_mtok") is None or data.get("output_cost_per_mtok") is None
    if needs_price or data.get("context_window") is None:
        info = lookup_model(model)
        if data.get("kind") == "local":
            data.setdefault("input_cost_per_mtok", None)
            data.setdefault("output_cost_per_mtok", None)
            if data["input_cost_per_mtok"] is None:
                data["input_cost_per_mtok"] = 0.0
            if data["output_cost_per_mtok"] is None:
                data["output_cost_per_mtok"] = 0.0
        elif info is not None:
            if data.get("input_cost_per_mtok") is None:
                data["input_cost_per_mtok"] = info.input_cost_per_mtok
            if data.get("output_cost_per_mtok") is None:
                data["output_cost_per_mtok"] = info.output_cost_per_mtok
        if data.get("context_window") is None and info is not None:
            data["context_window"] = info.context_window
    return data


class _RecentKeys:
    """The last few keys a ``${VAR}`` reference resolved to, so that masking also covers the
    key a call was sent with when the variable was rotated during the call (review 61: the
    provider echoed the old key, and only the new one was masked).

    Not configuration: two deployments are equal whatever keys they have resolved, and a
    copy or a pickle starts empty (the keys stay in this process's memory, never in a
    pickle; review 66). Bounded; a race between two threads at worst repeats a key."""

    _KEEP = 4

    def __init__(self) -> None:
        self._keys: list[str] = []

    def note(self, key: str) -> None:
        if key not in self._keys:
            self._keys = [*self._keys[-(self._KEEP - 1) :], key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __repr__(self) -> str:
        return f"<{len(self._keys)} recent keys>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _RecentKeys)

    def __reduce__(self) -> tuple[type[_RecentKeys], tuple[()]]:
        return (_RecentKeys, ())

    def __copy__(self) -> _RecentKeys:
        return _RecentKeys()

    def __deepcopy__(self, memo: dict[int, object]) -> _RecentKeys:
        return _RecentKeys()

    __hash__ = None  # type: ignore[assignment]


class Deployment(BaseModel):
    """One model behind one endpoint, with its price, limits and the use cases it serves."""

    model_config = ConfigDict(frozen=True, extra="forbid", hide_input_in_errors=True)

    _given: frozenset[str] = PrivateAttr(default=frozenset())
    """The fields the user gave (``model_copy`` works the others out again)."""
    _resolved: _RecentKeys = PrivateAttr(default_factory=_RecentKeys)

    name: str = Field(min_length=1, max_length=200)
    model: str = Field(min_length=1, max_length=500)
    """A litellm model string: ``ollama_chat/qwen3-coder``, ``openai/gpt-4o-mini``, …"""
    api_base: str | None = None
    api_key: SecretStr | None = None
    """The key itself, or a ``${ENV_VAR}`` reference resolved at call time (never stored)."""
    kind: Literal["local", "cloud"] = None  # type: ignore[assignment]  # inferred when omitted
    use_cases: frozenset[str] = frozenset()
    # strict: a number must be a number ("5" and True are mistakes, not 5 and 1)
    input_cost_per_mtok: float | None = Field(default=None, ge=0, allow_inf_nan=False, strict=True)
    output_cost_per_mtok: float | None = Field(default=None, ge=0, allow_inf_nan=False, strict=True)
    max_concurrency: int | None = Field(default=None, ge=1, strict=True)
    timeout_s: float = Field(default=30.0, gt=0, le=MAX_SECONDS, allow_inf_nan=False, strict=True)
    context_window: int | None = Field(default=None, ge=1, strict=True)
    rpm: int | None = Field(default=None, ge=1, strict=True)
    transport: TransportName = "auto"

    @field_validator("name")
    @classmethod
    def _check_name(cls, value: str) -> str:
        if value != value.strip():  # names are matched exactly: in results, policies, transports
            raise ValueError(f"name {value!r} must be non-blank, without spaces at either end")
        if not value.isprintable():
            raise ValueError(f"name {value!r} must not contain line breaks or control characters")
        return value

    @field_validator("model")
    @classmethod
    def _check_model(cls, value: str) -> str:
        if any(c.isspace() or not c.isprintable() for c in value):
            raise ValueError("model must not contain spaces or control characters, e.g. 'openai/gpt-4o-mini'")
        if "" in value.split("/"):  # 'openai/', '/gpt-4o', 'ollama_chat//qwen3'
            raise ValueError(f"model {value!r} lacks a name around its '/', e.g. 'ollama_chat/qwen3-coder'")
        return value

    @field_validator("api_key")
    @classmethod
    def _check_api_key(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _sendable_key(value.get_secret_value()):
            # (the message never quotes the key)
            raise ValueError(
                "api_key must be ASCII without spaces or control characters (a trailing newline? a pasted quote?)"
            )
        if (
            value is not None
            and value.get_secret_value().startswith("$")
            and not _ENV_REF.match(value.get_secret_value())
        ):
            # a reference mistyped ('${MY-KEY}', '${}', '$OPENAI_API_KEY') would be sent as the key itself
            raise ValueError(
                "api_key starts with '$' but is no ${ENV_VAR} reference: write exactly ${NAME}, NAME of letters, "
                "digits and '_' not starting with a digit (a key that itself starts with '$': put it in an "
                "environment variable and write ${NAME})"
            )
        return value

    @field_validator("api_base")
    @classmethod
    def _check_api_base(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if any(c.isspace() or not c.isprintable() for c in value):
            raise ValueError("api_base must not contain spaces or control characters (a stray newline?)")
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("api_base must be an http(s) URL such as http://localhost:11434")
        if parts.query or parts.fragment or value.endswith(("?", "#")):
            # paths are appended to it ('/chat/completions'): a query would end up before them
            raise ValueError("api_base must not have a query or fragment (paths such as /chat/completions follow it)")
        try:
            port = parts.port  # raises for a port outside 0-65535
        except ValueError:
            port = 0
        if port == 0:  # port 0 means "any free port" to a server; no client can connect to it
            raise ValueError(f"api_base has an invalid port: {parts.netloc.rpartition(':')[2]!r}")
        return value.rstrip("/")

    def __repr_args__(self) -> Iterator[tuple[str | None, object]]:
        """As pydantic's, with a password written into ``api_base`` masked (proxy credentials)."""
        for name, value in super().__repr_args__():
            if name == "api_base" and isinstance(value, str):
                value = _masked_url(value)
            yield name, value

    @field_serializer("api_base")
    def _dump_api_base(self, value: str | None) -> str | None:
        """A password written into ``api_base`` is masked in ``model_dump`` and JSON too, as
        the key is: dumps end up in logs. The live value is still ``deployment.api_base``."""
        return None if value is None else _masked_url(value)

    @field_validator("use_cases", mode="before")
    @classmethod
    def _check_use_cases(cls, value: object) -> object:
        if isinstance(value, str):
            value = frozenset({value})
        if isinstance(value, set | frozenset | list | tuple) and any(
            isinstance(tag, str) and (not tag.strip() or tag != tag.strip()) for tag in value
        ):
            raise ValueError("use case tags must be non-blank strings without surrounding spaces")
        return value

    @model_validator(mode="before")
    @classmethod
    def _fill_defaults(cls, data: object) -> object:
        """Infer ``kind`` from the model prefix; fill prices and window from the cost map."""
        return _with_defaults(data) if isinstance(data, dict) else data

    @model_validator(mode="after")
    def _check_url_credentials(self) -> Deployment:
        """Credentials written into ``api_base`` travel as a Basic ``Authorization`` header,
        which only the native transport sends, and only when no ``api_key`` needs that header
        for its Bearer token: refused here, every call would fail and open the breaker."""
        if self.api_base is None or urlsplit(self.api_base).username is None:
            return self
        if not self.uses_native_transport:
            # (both the OpenAI and the Anthropic paths of litellm fail every such call)
            fix = "use transport 'native'" if self.protocol != "litellm" else "give the key as api_key"
            reason = f"api_base holds credentials (user:password@), which calls through litellm cannot send; {fix}"
        elif self.api_key is not None and self.api_key.get_secret_value():
            reason = (
                "api_base holds credentials (user:password@) and api_key is set: both need the "
                "Authorization header (Basic and Bearer); give only one"
            )
        else:
            return self
        raise _field_error("api_base", reason, _masked_url(self.api_base))

    @model_validator(mode="wrap")
    @classmethod
    def _hide_secrets_in_errors(cls, data: object, handler: ModelWrapValidatorHandler[Deployment]) -> Deployment:
        """``hide_input_in_errors`` hides inputs from ``str(error)`` only: ``errors()`` and
        ``json()`` still carry them, and those end up in logs and API responses. Mask the key,
        a password in ``api_base`` and values of misspelt fields there too."""
        try:
            made = handler(data)
        except ValidationError as exc:
            raise _without_secrets(exc) from None
        if isinstance(data, dict) and made.__pydantic_private__ is not None:
            # what the user gave, before the model string filled in the rest (model_copy)
            made.__pydantic_private__["_given"] = frozenset(
                name for name, value in data.items() if name in cls.model_fields and value is not None
            )
        return made

    def __eq__(self, other: object) -> bool:
        """Equal when every field is (pydantic's own test also compares private attributes:
        which fields the user gave is no part of what a deployment is)."""
        if not isinstance(other, BaseModel):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), tuple(self.__dict__.values())))

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A variant of this deployment, ``update``'s fields validated as the constructor
        validates them: pydantic's own copy takes them as they are, so a rotated key given
        as text was stored as text, shown in ``repr`` and ``model_dump()``, and broke the
        client with a raw ``AttributeError``."""
        if not update:
            return super().model_copy(deep=deep)
        # The fields the user gave (not as None), not the ones worked out from the model
        # (kind, prices, window): those are worked out again, so a new model gets its own. A
        # deployment rebuilt from its model_dump() was given them all.
        given = {name: getattr(self, name) for name in self._given or self.model_fields_set}
        return self.model_validate({**given, **update})

    # --- derived, read-only views ------------------------------------------------

    @property
    def protocol(self) -> Protocol:
        """Which wire protocol the native transport would speak, or ``"litellm"``."""
        return protocol_of(self.model)

    @property
    def wire_model(self) -> str:
        """The model name the endpoint itself expects (the litellm prefix removed)."""
        if self.protocol in ("ollama", "openai") and "/" in self.model:
            return self.model.split("/", 1)[1]
        return self.model

    @property
    def resolved_api_base(self) -> str | None:
        """``api_base``, or the runtime's well-known default address (None if it has none)."""
        if self.api_base is not None or self.protocol == "litellm":
            return self.api_base
        return _DEFAULT_BASES.get(_prefix(self.model))

    @property
    def uses_native_transport(self) -> bool:
        if self.transport == "native":
            return True
        return self.transport == "auto" and self.protocol != "litellm"

    @property
    def has_prices(self) -> bool:
        return self.input_cost_per_mtok is not None and self.output_cost_per_mtok is not None

    def secrets(self) -> list[str]:
        """What a provider must never see echoed back to the caller: the key to send, and a
        password written into ``api_base`` (with its ``user:password`` pair, which a Basic
        ``Authorization`` header carries in base64), or a user name written there alone, which
        is then the credential. A ``${VAR}`` that is unset adds nothing; the last keys it
        resolved to before a rotation are kept (a call in flight was sent with one of them)."""
        found: list[str] = []
        try:
            key = self.resolve_api_key()
        except ValueError:  # (an unset ${VAR}: nothing was sent)
            key = None
        if key:
            found.append(key)
        elif self.api_key is None and self.protocol == "litellm":
            found += provider_keys_in_environment(self.model)  # what litellm sends on its own
        found += [sent for sent in self._resolved if sent != key]  # sent before the variable was rotated
        from hybrid_infer.transports._proxy import proxy_for  # (the proxy this deployment is reached through)

        proxy = proxy_for(self.resolved_api_base or "")
        if proxy is not None:
            found += proxy.secrets()
        if self.api_base is not None:
            parts = urlsplit(self.api_base)
            if parts.password:
                found += [parts.password, f"{parts.username or ''}:{parts.password}"]
            elif parts.username:  # a token written as the user name ('https://TOKEN@host')
                found += [parts.username, f"{parts.username}:"]
        return found

    def resolve_api_key(self) -> str | None:
        """The key to send, resolving a ``${ENV_VAR}`` reference now (never cached)."""
        if self.api_key is None:
            # Only OpenAI itself gets the conventional variable: never a local server, and
            # never another provider's unprefixed model ("claude-…" goes through litellm,
            # which reads that provider's own variable).
            if self.api_base is None and self.protocol == "openai" and _prefix(self.model) in ("openai", ""):
                return os.environ.get("OPENAI_API_KEY")
            return None
        raw = self.api_key.get_secret_value()
        match = _ENV_REF.match(raw)
        if match is None:
            return raw
        value = os.environ.get(match.group(1))
        if value is None:
            raise ConfigError(f"environment variable {match.group(1)} is not set", field=f"{self.name}.api_key")
        if not value:  # (an empty line in a .env file, a CI secret never filled in): no key to send
            raise ConfigError(f"environment variable {match.group(1)} is set but empty", field=f"{self.name}.api_key")
        if not _sendable_key(value):
            # A header cannot carry it: a request-side mistake, never the provider's failure.
            raise ConfigError(
                f"environment variable {match.group(1)} holds spaces, control characters or non-ASCII "
                "letters (a trailing newline from a secrets file?)",
                field=f"{self.name}.api_key",
            )
        self._resolved.note(value)
        return value

    def cost_usd(self, prompt_tokens: int, completion_tokens: int) -> float:
        """What a call with these token counts costs on this deployment (0 if unpriced)."""
        return (
            prompt_tokens * (self.input_cost_per_mtok or 0.0) + completion_tokens * (self.output_cost_per_mtok or 0.0)
        ) / 1_000_000


class HealthConfig(BaseModel):
    """Live health probes and circuit-breaker settings, shared by all deployments."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    enabled: bool = Field(default=True, strict=True)
    interval_s: float = Field(default=10.0, gt=0, le=MAX_SECONDS, allow_inf_nan=False, strict=True)
    probe_timeout_s: float = Field(default=2.0, gt=0, le=MAX_SECONDS, allow_inf_nan=False, strict=True)
    unhealthy_after: int = Field(default=1, ge=1, strict=True)
    """Consecutive failed probes that mark a deployment unhealthy."""
    failure_threshold: int = Field(default=3, ge=1, strict=True)
    """Consecutive failed calls that open a deployment's breaker."""
    reset_timeout_s: float = Field(default=30.0, gt=0, le=MAX_SECONDS, allow_inf_nan=False, strict=True)
    """How long a breaker stays open before one half-open trial call is let through."""
    default_retry_after_s: float = Field(default=1.0, ge=0, le=MAX_SECONDS, allow_inf_nan=False, strict=True)
    """Cooldown after a 429 that carried no Retry-After header."""
    max_retry_after_s: float = Field(default=300.0, ge=0, le=MAX_SECONDS, allow_inf_nan=False, strict=True)
    """Upper bound on a provider-requested cooldown, so one bad header cannot park a deployment."""


_MASK = "**********"
_KNOWN_ERROR_TYPES = frozenset(get_args(ErrorType))


def _field_error(field: str, message: str, shown_input: object) -> ValidationError:
    """A validation error located at ``field`` (a model validator's own would name no field)."""
    detail: InitErrorDetails = {
        "type": "value_error",
        "loc": (field,),
        "input": shown_input,
        "ctx": {"error": ValueError(message)},
    }
    return ValidationError.from_exception_data("Deployment", [detail], hide_input=True)


def _masked_input(error_type: str, field: object, value: object) -> object:
    """An error's input as it may be shown: no key, no password, no value of an unknown field
    (a misspelt ``api_key`` is still a key)."""
    if field == "api_key" or error_type == "extra_forbidden":
        return _MASK
    if field == "api_base" and isinstance(value, str):
        return _masked_url(value)
    if isinstance(value, dict):  # a whole input, as a 'missing' error shows it
        return {k: _masked_input("", k, v) if k in Deployment.model_fields else _MASK for k, v in value.items()}
    return value


def _without_secrets(exc: ValidationError) -> ValidationError:
    """``exc`` with every input passed through :func:`_masked_input`."""
    details: list[InitErrorDetails] = []
    for error in exc.errors():
        field = error["loc"][0] if error["loc"] else None
        detail: InitErrorDetails = {
            "type": error["type"]
            if error["type"] in _KNOWN_ERROR_TYPES
            else PydanticCustomError(error["type"], error["msg"].replace("{", "{{").replace("}", "}}")),
            "loc": error["loc"],
            "input": _masked_input(error["type"], field, error["input"]),
        }
        if "ctx" in error:
            detail["ctx"] = error["ctx"]
        details.append(detail)
    return ValidationError.from_exception_data(exc.title, details, hide_input=True)


def _masked_url(url: str) -> str:
    """``url`` as it may be shown: the password of a ``user:password@`` part replaced by
    ``***``, a lone ``token@`` (a key written as the user name) too, and any query or
    fragment (``?key=…``, refused, but echoed by the error that refuses it). All of it
    if it is too malformed to take apart."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return _MASK
    if parts.query or "?" in url:
        parts = parts._replace(query="***")
    if parts.fragment:
        parts = parts._replace(fragment="***")
    if parts.username is not None:
        host = parts.netloc.rpartition("@")[2]
        user = f"{parts.username}:***" if parts.password is not None else "***"
        parts = parts._replace(netloc=f"{user}@{host}")
    return urlunsplit(parts)
