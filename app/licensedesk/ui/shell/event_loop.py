"""The asyncio loop on Qt's: qasync's, with timers that go when they are cancelled.

qasync gives every ``call_later`` a Qt timer and a plain ``asyncio.Handle``, and a
cancelled handle keeps both until its time comes: it is only skipped then (qasync
issue #35). Every network call sets timeouts (httpx/anyio: one per read and write;
the client's deadline), and nearly all of them are cancelled once the call ends. So
a big batch check left tens of thousands of handles (each with its copied context)
waiting for their timeouts to pass. The cyclic GC scanned them at every full
collection: long pauses of the window during a big batch check
(``tests/bench/bench_ui_batch.py``, the longest heartbeat gap); and every zero-delay
timer (each step of a task) was sorted in front of all of them in Qt's timer list.

Here ``call_later`` returns an ``asyncio.TimerHandle``, whose ``cancel()`` asks the
loop to forget it (``_timer_handle_cancelled``): the Qt timer is killed and the handle
dropped at once. In debug mode (``loop.set_debug(True)``, or ``PYTHONASYNCIODEBUG=1``)
each callback is timed and one that holds the loop ``slow_callback_duration`` or longer
is logged, as asyncio and qasync do: the quickest way to find what stalls the window.
Everything else is qasync's.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Callable
from typing import Any

import qasync
from PySide6.QtCore import QObject, QTimerEvent

#: asyncio's own logger: where asyncio and qasync report a slow callback
_asyncio_log = logging.getLogger("asyncio")
#: the loop's own source files, left out of a handle's "created at" in debug mode
_LOOP_FILES = frozenset({__file__, qasync.__file__})


class _Timers(QObject):
    """One Qt timer per scheduled callback (as qasync's), removable before it fires."""

    def __init__(self) -> None:
        super().__init__()
        self._handles: dict[int, asyncio.Handle] = {}  # Qt timer id -> handle
        self._ids: dict[int, int] = {}  # id(handle) -> Qt timer id
        self._stopped = False
        self._debug = False

    def add_callback(self, handle: asyncio.Handle, delay: float = 0) -> asyncio.Handle:
        timer = self.startTimer(max(0, int(delay * 1000)))
        self._handles[timer] = handle
        self._ids[id(handle)] = timer
        return handle

    def cancel(self, handle: asyncio.Handle) -> None:
        timer = self._ids.pop(id(handle), None)
        if timer is not None:
            del self._handles[timer]
            self.killTimer(timer)

    def pending(self) -> int:
        """How many callbacks wait for their time (tests and benchmarks)."""
        return len(self._handles)

    def timerEvent(self, event: QTimerEvent) -> None:
        timer = event.timerId()
        self.killTimer(timer)
        handle = self._handles.pop(timer, None)
        if handle is None:
            return
        del self._ids[id(handle)]
        if not self._stopped and not handle._cancelled:
            if self._debug:
                self._run_timed(handle)
            else:
                handle._run()

    def _run_timed(self, handle: asyncio.Handle) -> None:
        loop = handle._loop
        loop._current_handle = handle  # what asyncio's debug messages name
        start = time.monotonic()
        try:
            handle._run()
        finally:
            loop._current_handle = None
        took = time.monotonic() - start
        if took >= loop.slow_callback_duration:
            _asyncio_log.warning("Executing %r took %.3f seconds", handle, took)

    def stop(self) -> None:
        self._stopped = True

    def set_debug(self, enabled: bool) -> None:
        self._debug = enabled


class DeskEventLoop(qasync.QEventLoop):
    """qasync's ``QEventLoop`` whose cancelled timers leave at once (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # qasync's own timer object stays alive: a callback it was given while the loop
        # was made (already_running) still fires
        self._qasync_timer = self._timer
        self._timer = _Timers()
        self._timer.set_debug(self.get_debug())  # PYTHONASYNCIODEBUG, read as it was made

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any,
                   context: contextvars.Context | None = None) -> asyncio.TimerHandle:
        if asyncio.iscoroutinefunction(callback):
            raise TypeError("coroutines cannot be used with call_later")
        if not callable(callback):
            raise TypeError(f"callback must be callable: {type(callback).__name__}")
        handle = asyncio.TimerHandle(self.time() + delay, callback, args, self, context)
        trace = handle._source_traceback  # debug mode: where it was made, for the log
        while trace and trace[-1].filename in _LOOP_FILES:
            trace.pop()  # our call_later, qasync's call_soon...: name their caller
        return self._add_callback(handle, delay)

    def _timer_handle_cancelled(self, handle: asyncio.TimerHandle) -> None:
        self._timer.cancel(handle)

    def pending_timers(self) -> int:
        """Callbacks waiting for their time: cancelled ones are not among them."""
        return self._timer.pending()
