"""The hybrid-infer command: a demo, one-off questions and health checks from a preset.

A thin argparse layer over the public API; it holds no logic of its own beyond
formatting. Exit status is 0 on success, 1 when a request or probe fails, 2 for bad
arguments or configuration.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hybrid_infer import __version__
from hybrid_infer.errors import CacheUnavailable, ConfigError, HybridInferError

if TYPE_CHECKING:
    from hybrid_infer.cache import ResponseCache


def _cmd_demo(args: argparse.Namespace) -> int:
    from hybrid_infer._demo import run_demo

    asyncio.run(run_demo())
    return 0


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _shown(text: str) -> str:
    """``text`` safe for a terminal: control characters other than newlines and tabs are
    written as escapes. A model's answer or a server's error could otherwise move the cursor,
    rewrite earlier lines or set the clipboard (OSC 52)."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def _cmd_ask(args: argparse.Namespace) -> int:
    from hybrid_infer._client import HybridClient

    with HybridClient.from_file(args.config) as client:
        kwargs = {"use_case": args.use_case, "max_tokens": args.max_tokens}
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        if args.stream:
            try:
                for chunk in client.stream(args.prompt, **kwargs):
                    print(_shown(chunk.delta), end="", flush=True)
                    if chunk.result is not None:
                        result = chunk.result
            finally:
                print()  # end the line of a stream cut short too, before the error is shown
        else:
            result = client.complete(args.prompt, **kwargs)
            print(_shown(result.text))
        print(
            f"-- {result.provider} ({result.kind}, {result.model}) {result.latency_ms:.0f} ms, "
            f"{result.usage.total_tokens} tokens, ${result.cost_usd:.6f}, cache={result.cache}",
            file=sys.stderr,
        )
    return 0


def _cmd_health(args: argparse.Namespace) -> int:
    from hybrid_infer._client import HybridClient, _cache_config, _health_config
    from hybrid_infer._preset import load_preset

    settings = load_preset(args.config)
    # One probe now, with the preset's probe settings; no background loop, and no cache (a
    # probe reads none, and the CLI never creates one). Both sections are still checked as
    # `ask` checks them, and an error in them names the file.
    with _in_file(args.config):
        health = _health_config(settings.get("health"))
        if settings.get("cache") is not None:
            _cache_config(settings["cache"])
    settings["health"] = health.model_copy(update={"enabled": False})
    settings.pop("cache", None)
    with HybridClient._from_preset(args.config, settings, overridden=set()) as client:
        report = client.check_health()
    if args.json:
        print(json.dumps({k: v.model_dump(mode="json") for k, v in report.items()}, indent=2))
    else:
        for name, h in report.items():
            latency = "-" if h.last_probe_latency_ms is None else f"{h.last_probe_latency_ms:.0f} ms"
            present = {True: "model present", False: "MODEL MISSING", None: ""}[h.model_present]
            status = "healthy" if h.healthy else "UNHEALTHY"
            print(
                _shown(f"{name:20s} {h.kind:5s} {status:9s} probe={latency:8s} {present} {h.last_error or ''}".rstrip())
            )
    return 0 if all(h.healthy for h in report.values()) else 1


def _open_cache(args: argparse.Namespace) -> ResponseCache:
    """The cache a preset (or --path) points at, opened without loading any model."""
    from hybrid_infer._client import _cache_config
    from hybrid_infer.cache import ResponseCache

    settings: dict[str, object] = {}
    if args.config:
        from hybrid_infer._preset import load_preset

        preset = load_preset(args.config).get("cache")
        if isinstance(preset, dict):
            settings.update(preset)
        elif preset is not None:
            with _in_file(args.config):
                _cache_config(preset)  # not a mapping: refused as the client refuses it
    if args.path:
        settings["path"] = args.path
    # checked as the client checks it (a semantic-only cache is a cache), then opened with the
    # exact layer alone: stats and clear need no embedder
    with _in_file(args.config):
        config = _cache_config(settings).model_copy(update={"exact": True, "semantic": False})
    # where the directory came from: the option, the preset (named as every command names it)
    # or the default location
    given = "path" in settings  # else the default location, which the preset does not name
    source = "--path" if args.path else f"{args.config}: cache.path" if args.config and given else "cache"
    if not (config.directory() / "entries" / "cache.db").is_file():  # a typo must not create a cache
        how = "" if given else " (the default location: no cache.path was given)"
        raise ConfigError(
            f"no cache at {config.directory()}{how}; a cache is made by the first request a client "
            "with a cache answers",
            field=source,
        )
    try:
        return ResponseCache(config)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ConfigError(f"cannot open the cache at {config.directory()}: {reason}", field=source) from None
    except sqlite3.Error as exc:
        if "locked" in str(exc):  # another connection held the write lock through the open's retries
            raise CacheUnavailable(
                f"the cache at {config.directory()} stayed locked by another connection ({exc}); try again"
            ) from None
        raise ConfigError(f"cannot open the cache at {config.directory()}: {exc}", field=source) from None


@contextmanager
def _in_file(config: str | None) -> Iterator[None]:
    """A ``ConfigError`` raised inside names the preset file first, as the loader's own do."""
    try:
        yield
    except ConfigError as exc:
        if not config or exc.field is None:
            raise
        raise exc.at(f"{config}: {exc.field}") from None


_PROCESS_COUNTERS = ("hits", "misses", "guard_rejections", "semantic_skipped", "stores", "store_errors", "embed_errors")
"""``stats()`` entries that count one process's lookups: always zero in this one."""


def _saved_index(directory: Path) -> dict[str, Any]:
    """The semantic index as last saved (this process loads no embedder to open it)."""
    from hybrid_infer.cache._index_file import IndexFiles

    sidecar = IndexFiles(directory / "index").sidecar()
    if sidecar is None:
        return {"saved": False, "sizes": {}}
    return {
        "saved": True,
        "generation": sidecar.generation,
        "embedder": sidecar.embedder,
        "dim": sidecar.dim,
        "sizes": {n.namespace: n.count for n in sidecar.namespaces},
    }


def _cmd_cache(args: argparse.Namespace) -> int:
    if args.namespace is not None and not args.namespace.strip():
        raise ConfigError("must be a non-blank namespace", field="--namespace")
    if args.namespace is not None and args.all_namespaces:
        raise ConfigError("give --namespace or --all-namespaces, not both", field="--namespace")
    cache = _open_cache(args)
    try:
        if args.action == "clear":
            namespace = args.namespace
            if namespace is None and args.config and not args.all_namespaces:
                # A preset is one application's view: clear its namespace, not its neighbours'.
                namespace = cache.config.namespace
            removed = cache.clear(namespace=namespace)
            scope = f"namespace {namespace!r}" if namespace else "all namespaces"
            hint = " (--all-namespaces clears every namespace)" if namespace and args.namespace is None else ""
            print(f"removed {removed} {'entry' if removed == 1 else 'entries'} from {scope} in {cache.directory}{hint}")
            return 0
        stats = {k: v for k, v in cache.stats().items() if k not in _PROCESS_COUNTERS}
        stats["index"] = _saved_index(cache.directory)
        if args.namespace:
            stats["namespaces"] = {k: v for k, v in stats["namespaces"].items() if k == args.namespace}
            stats["entries"] = sum(stats["namespaces"].values())
            stats["index"]["sizes"] = {k: v for k, v in stats["index"]["sizes"].items() if k == args.namespace}
        print(json.dumps(stats, indent=2, default=str))
        return 0
    finally:
        cache.close()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hybrid-infer", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="tour the routing on simulated local and cloud deployments")
    demo.set_defaults(func=_cmd_demo)
    ask = sub.add_parser("ask", help="send one prompt through a preset's deployments")
    ask.add_argument("--config", required=True, help="a YAML/TOML preset, e.g. policies/local-first.yaml")
    ask.add_argument("--use-case")
    ask.add_argument("--max-tokens", type=int)
    ask.add_argument("--stream", action="store_true")
    ask.add_argument("prompt")
    ask.set_defaults(func=_cmd_ask)
    health = sub.add_parser("health", help="probe every deployment of a preset once")
    health.add_argument("--config", required=True)
    health.add_argument("--json", action="store_true")
    health.set_defaults(func=_cmd_health)
    cache = sub.add_parser("cache", help="inspect or clear the response cache")
    cache.add_argument("action", choices=["stats", "clear"])
    cache.add_argument("--config", help="a preset whose 'cache' section names the cache")
    cache.add_argument("--path", help="the cache directory (default: the preset's, else the user cache dir)")
    cache.add_argument("--namespace", help="only this namespace")
    cache.add_argument(
        "--all-namespaces",
        action="store_true",
        help="clear every namespace (the default without --config; with it, clear takes the preset's namespace)",
    )
    cache.set_defaults(func=_cmd_cache)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except ConfigError as exc:
        print(_shown(f"hybrid-infer: configuration error: {exc}"), file=sys.stderr)
        return 2
    except HybridInferError as exc:
        print(_shown(f"hybrid-infer: {type(exc).__name__}: {exc}"), file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (`| head`): say nothing more, and let the exit's flush of
        # stdout go nowhere instead of printing a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("\nhybrid-infer: interrupted", file=sys.stderr)
        return 130  # what a shell reports for a command ended by Ctrl-C
    except OSError as exc:  # the output cannot be written (a full disk, /dev/full)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(_shown(f"hybrid-infer: cannot write the output: {exc.strerror or exc}"), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
