"""A private event loop on a daemon thread, for the synchronous facade.

Sync callers (scripts, notebooks, WSGI apps) still need health probes running in the
background and one pooled connection set, so the async engine runs here and sync calls
hand it coroutines. It can be started and stopped; nothing runs after ``stop``.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    """Runs one asyncio loop forever on a daemon thread until :meth:`stop`."""

    def __init__(self, name: str = "hybrid-infer-loop") -> None:
        self._name = name
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> asyncio.AbstractEventLoop:
        if self.loop is not None:
            return self.loop
        loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(loop)
            loop.call_soon(ready.set)
            loop.run_forever()

        self._thread = threading.Thread(target=run, name=self._name, daemon=True)
        self._thread.start()
        ready.wait()
        self.loop = loop
        return loop

    def run(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        """Run ``coro`` on the loop and wait for its result from this (other) thread."""
        if self.loop is None:
            raise RuntimeError("loop thread is not running")
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        """Cancel what is left on the loop, stop it, join the thread, close the loop."""
        loop, thread = self.loop, self._thread
        self.loop = self._thread = None
        if loop is None or thread is None:
            return

        async def cancel_rest() -> None:
            current = asyncio.current_task()
            tasks = [t for t in asyncio.all_tasks() if t is not current]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await loop.shutdown_asyncgens()

        if thread.is_alive():
            try:
                asyncio.run_coroutine_threadsafe(cancel_rest(), loop).result(10)
            finally:
                loop.call_soon_threadsafe(loop.stop)
                thread.join(10)
        if not loop.is_running():
            loop.close()
