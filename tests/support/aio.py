"""Run a coroutine to completion in a fresh event loop on a worker thread.

The UI tests install a qasync loop that stays "running" on the main thread
for the whole session, so ``asyncio.run`` there fails; a thread has no loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
