"""The litellm transport closes the provider's response when a stream is abandoned.

Freeing the slot is not enough: if the HTTP response stays open, the provider keeps
generating and the next request makes two in flight on a ``max_concurrency=1`` deployment.
"""

from __future__ import annotations

import asyncio
from contextlib import aclosing

import pytest

from hybrid_infer import Deployment, HybridClient

from .conftest import NO_PROBES, deployment_for, wait_for

LONG = " ".join(f"w{i}" for i in range(300))  # ~6 s at 20 ms a piece: far longer than any wait below


async def test_closing_a_litellm_stream_early_closes_the_response(fake) -> None:
    provider = fake("openai", token_delay_s=0.02, reply=LONG)
    deployment = deployment_for(provider, "p", transport="litellm", max_concurrency=1)
    async with HybridClient([deployment], health=NO_PROBES, queue_timeout_s=5) as client:
        stream = client.astream("talk at length")
        async for _ in stream:
            break
        await stream.aclose()  # type: ignore[attr-defined]
        await wait_for(lambda: provider.in_flight == 0, timeout=2.0)  # the server saw it end
        result = await client.acomplete("next")
    assert result.provider == "p"
    assert provider.request_count == 2
    assert provider.max_in_flight == 1


@pytest.mark.parametrize("busy", [False, True], ids=["awaiting-a-chunk", "handling-a-chunk"])
async def test_cancelling_a_litellm_stream_closes_the_response(fake, busy: bool) -> None:
    provider = fake("openai", token_delay_s=0.02, reply=LONG)
    deployment = deployment_for(provider, "p", transport="litellm", max_concurrency=1)
    async with HybridClient([deployment], health=NO_PROBES, queue_timeout_s=5) as client:
        first = asyncio.Event()

        async def consume() -> None:
            async with aclosing(client.astream("talk at length")) as stream:  # type: ignore[type-var]
                async for _ in stream:
                    first.set()
                    if busy:  # cancelled in the consumer's own code, not inside the stream
                        await asyncio.sleep(30)

        task = asyncio.create_task(consume())
        await asyncio.wait_for(first.wait(), timeout=30)  # includes litellm's first import
        task.cancel()
        done, _ = await asyncio.wait([task], timeout=5)
        assert task in done and task.cancelled()
        await wait_for(lambda: provider.in_flight == 0, timeout=2.0)
        result = await client.acomplete("next")
    assert result.provider == "p"
    assert provider.request_count == 2
    assert provider.max_in_flight == 1


@pytest.mark.parametrize("style", ["async", "sync"])
def test_closing_a_litellm_client_closes_its_connections(fake, style: str) -> None:
    """litellm caches its HTTP clients per event loop for minutes; ``close()`` must not leave
    their sockets open (services that rebuild their client on a config reload pile them up)."""
    import gc

    import psutil

    provider = fake("openai")
    port = int(provider.api_base.split(":")[2].split("/")[0])
    me = psutil.Process()

    def open_sockets() -> int:
        return sum(1 for c in me.net_connections("tcp") if c.raddr and c.raddr.port == port)

    for _ in range(3):
        deployment = deployment_for(provider, "p", transport="litellm")
        if style == "async":

            async def use(deployment: Deployment = deployment) -> None:
                async with HybridClient([deployment], health=NO_PROBES) as client:
                    await asyncio.gather(*(client.acomplete(f"q{i}") for i in range(3)))

            asyncio.run(use())
        else:
            with HybridClient([deployment], health=NO_PROBES) as client:
                for i in range(3):
                    client.complete(f"q{i}")
    gc.collect()
    assert provider.request_count == 9
    assert open_sockets() == 0
