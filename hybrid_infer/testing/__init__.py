"""Test harness for hybrid-infer users and its own test-suite: a fake LLM provider.

:class:`FakeProvider` is a real HTTP server on 127.0.0.1 that speaks the OpenAI or Ollama chat
protocol and can be told to misbehave (hang, 429, 5xx, cut streams, refuse connections). It is
standalone on purpose: it imports nothing else from hybrid_infer and not litellm, so it can judge
the router from the outside.
"""

from hybrid_infer.testing._fake_provider import NO_FAULTS, FakeProvider, Protocol, ReplyFn

__all__ = ["NO_FAULTS", "FakeProvider", "Protocol", "ReplyFn"]
