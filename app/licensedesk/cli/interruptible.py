"""Run a command's coroutine so that Ctrl+C is handled by the loop, between callbacks.

``asyncio.run`` cancels its main task from a Python signal handler, which runs between
any two bytecodes: it can land inside ``asyncio.Event.set`` after a waiter was seen
pending and before its result is set, and the loop then prints "Fatal error:
protocol.data_received() call failed" with a traceback (seen with httpx's anyio
streams during ``check``). ``loop.add_signal_handler`` delivers the signal through the
loop's wake-up pipe instead, so the cancel happens as a callback of its own.

The first Ctrl+C cancels the command (it writes what it has and says "Interrupted");
a second one stops at once. Where the loop cannot take signals (Windows, a thread
that is not the main one) ``asyncio.run``'s own handling stays.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_interruptible(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)``; a Ctrl+C that ends it raises KeyboardInterrupt, no traceback."""
    interrupted = False

    async def guarded() -> T:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()

        def on_sigint() -> None:
            nonlocal interrupted
            if interrupted:  # the second Ctrl+C: do not wait for the clean-up
                raise KeyboardInterrupt
            interrupted = True
            if task is not None:
                task.cancel()

        try:
            loop.add_signal_handler(signal.SIGINT, on_sigint)
        except (NotImplementedError, RuntimeError, ValueError):
            return await main
        try:
            return await main
        finally:
            with contextlib.suppress(RuntimeError, ValueError):
                loop.remove_signal_handler(signal.SIGINT)

    try:
        return asyncio.run(guarded())
    except asyncio.CancelledError:
        if interrupted:
            raise KeyboardInterrupt from None
        raise


__all__ = ["run_interruptible"]
