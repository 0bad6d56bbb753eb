"""Run a coroutine to completion in a fresh event loop on a worker thread; count the
loop's turns.

The UI tests install a qasync loop that stays "running" on the main thread
for the whole session, so ``asyncio.run`` there fails; a thread has no loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def loop_turns(work: Awaitable[T]) -> tuple[T, int]:
    """``work``'s result, and how many times the loop let another task run meanwhile
    (a ticker that counts each pass it gets)."""
    turns = 0

    async def ticker() -> None:
        nonlocal turns
        while True:
            turns += 1
            await asyncio.sleep(0)

    ticking = asyncio.ensure_future(ticker())
    await asyncio.sleep(0)  # the ticker's first turn is not work's
    before = turns
    try:
        result = await work
    finally:
        ticking.cancel()
    return result, turns - before
