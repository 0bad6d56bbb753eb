"""Run the CPU work of big answers (JSON decode, model validation) in a worker thread.

A serial with thousands of activations costs enough ``json.loads`` and model
reading to be a visible stall on a UI's event loop (docs/client.md, "Limits"). Small
answers stay on the loop (a thread hop costs more than it saves).
A plain thread pool, not the loop's default executor: qasync's default uses
QThreads, which abort the process when still alive at Qt's shutdown.

A command line has no frames to keep: it runs inside :func:`staying_on_loop` and
decodes everything where it is, since a worker thread only takes turns with the loop at the
GIL and the hand-offs cost time (a site licence's ``activations --json``: ~0.5 s).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

#: Bodies above this size (bytes) are decoded off the loop.
BIG_BODY = 64 * 1024
#: Lists longer than this are validated off the loop.
BIG_LIST = 100

T = TypeVar("T")
_executor: ThreadPoolExecutor | None = None
#: set by :func:`staying_on_loop` (a context variable: the loop's tasks inherit it)
_ON_LOOP: ContextVar[bool] = ContextVar("licensedesk_decode_on_loop", default=False)


@contextmanager
def staying_on_loop() -> Iterator[None]:
    """Inside: big answers are decoded on the caller's loop too (a command line)."""
    token = _ON_LOOP.set(True)
    try:
        yield
    finally:
        _ON_LOOP.reset(token)


def stays_on_loop() -> bool:
    """Whether this runs inside :func:`staying_on_loop`."""
    return _ON_LOOP.get()


def _worker() -> ThreadPoolExecutor:
    """The one worker thread, started on first use."""
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="licensedesk-decode")
    return _executor


async def off_loop(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` in the worker thread; the caller's loop keeps running."""
    if _ON_LOOP.get():
        return fn(*args, **kwargs)
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_worker(), functools.partial(fn, *args, **kwargs))


def submit(fn: Callable[..., T], *args: Any) -> Future[T]:
    """``fn(*args)`` queued on the worker thread, in order (a list read piece by piece)."""
    return _worker().submit(fn, *args)
