"""Serve a FakeProvider in its own process: ``python -m hybrid_infer.testing --protocol openai``.

Benchmarks use it so the fake server's event loop does not compete with the code being measured.
It prints one line, ``READY <api_base>``, once listening and serves until SIGINT or SIGTERM; it
offers no runtime fault control (use the in-process API for that).
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Sequence
from types import FrameType

from hybrid_infer.testing._fake_provider import FakeProvider


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hybrid_infer.testing",
        description="Serve a fake OpenAI- or Ollama-compatible LLM on loopback.",
    )
    parser.add_argument("--protocol", choices=("openai", "ollama"), default="openai")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port (default)")
    parser.add_argument("--model", dest="models", action="append", help="a model to serve (repeatable)")
    parser.add_argument("--name", default="fake")
    parser.add_argument("--reply", default=None, help="fixed reply text (default: echo)")
    parser.add_argument("--latency-s", type=float, default=0.0)
    parser.add_argument("--token-delay-s", type=float, default=0.0)
    parser.add_argument("--context-window", type=int, default=None)
    parser.add_argument("--api-key", default=None)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--error-status", type=int, default=None)
    parser.add_argument("--error-rate", type=float, default=0.0)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        provider = FakeProvider(
            args.protocol,
            models=args.models or ("fake-model",),
            reply=args.reply,
            name=args.name,
            latency_s=args.latency_s,
            token_delay_s=args.token_delay_s,
            context_window=args.context_window,
            host=args.host,
            port=args.port,
            seed=args.seed,
            api_key=args.api_key,
        )
        provider.set_faults(error_status=args.error_status, error_rate=args.error_rate)
    except ValueError as exc:  # an option out of range: a usage error, as argparse's own are
        parser.error(str(exc))
    provider.start()
    try:
        print(f"READY {provider.api_base}", flush=True)
        # Wake up periodically: signal handlers only run between bytecodes of the main thread.
        while not stop.wait(0.2):
            pass
    finally:
        provider.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
