"""Run the CPU work of big answers (JSON decode, model validation) in a worker thread.

A serial with thousands of activations costs enough ``json.loads`` and model
reading to be a visible stall on a UI's event loop (docs/client.md, "Limits"). Small
answers stay on the loop (a thread hop costs more than it saves).
A plain thread pool, not the loop's default executor: qasync's default uses
QThreads, which abort the process when still alive at Qt's shutdown.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

#: Bodies above this size (bytes) are decoded off the loop.
BIG_BODY = 64 * 1024
#: Lists longer than this are validated off the loop.
BIG_LIST = 100

T = TypeVar("T")
_executor: ThreadPoolExecutor | None = None


async def off_loop(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` in the worker thread; the caller's loop keeps running."""
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="licensedesk-decode")
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_executor, functools.partial(fn, *args, **kwargs))


def submit(fn: Callable[..., T], *args: Any) -> Future[T]:
    """``fn(*args)`` queued on the worker thread, in order (a list read piece by piece)."""
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="licensedesk-decode")
    return _executor.submit(fn, *args)
