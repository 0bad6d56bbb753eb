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

Here ``call_later``, ``call_at`` and so ``call_soon`` (qasync's goes through
``call_later``) return a :class:`DeskTimer`: what asyncio's ``TimerHandle`` offers its
users (``cancel()``, ``cancelled()``, ``when()``, ``get_context()``), whose ``cancel()``
kills its Qt timer and drops it at once. Only public names of asyncio and qasync are
used: the callback is run by the timer itself, as asyncio's handles run theirs (an
error goes to the loop's exception handler). In debug mode (``loop.set_debug(True)``, or
``PYTHONASYNCIODEBUG=1``) each timer notes where it was made and each callback is
timed; one that holds the loop ``slow_callback_duration`` or longer is logged, as
asyncio and qasync do: the quickest way to find what stalls the window.
Everything else is qasync's.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import inspect
import itertools
import logging
import reprlib
import time
import traceback
from collections.abc import Callable
from typing import Any

import qasync
from PySide6.QtCore import QObject, QTimerEvent

#: asyncio's own logger: where asyncio and qasync report a slow callback
_asyncio_log = logging.getLogger("asyncio")
#: the loop's own source files, left out of a timer's "created at" in debug mode
_LOOP_FILES = frozenset({__file__, qasync.__file__})
#: frames noted per timer in debug mode (asyncio's DEBUG_STACK_DEPTH)
_STACK_DEPTH = 10


class DeskTimer:
    """One scheduled callback: asyncio's ``TimerHandle`` as its users see it."""

    __slots__ = (
        "__weakref__",
        "_args",
        "_callback",
        "_cancelled",
        "_context",
        "_made_at",
        "_timer_id",
        "_timers",
        "_when",
    )

    def __init__(
        self,
        when: float,
        callback: Callable[..., Any],
        args: tuple[Any, ...],
        timers: _Timers,
        context: contextvars.Context | None,
    ) -> None:
        self._callback: Callable[..., Any] | None = callback
        self._args: tuple[Any, ...] | None = args
        self._context = context if context is not None else contextvars.copy_context()
        self._when = when
        self._timers = timers
        self._timer_id = 0
        self._cancelled = False
        self._made_at = _caller() if timers.debug else None

    def when(self) -> float:
        """The loop's time (``loop.time()``) it is due at."""
        return self._when

    def get_context(self) -> contextvars.Context:
        return self._context

    def cancelled(self) -> bool:
        return self._cancelled

    def cancel(self) -> None:
        """It will not run: its Qt timer is killed, and it is dropped, at once."""
        if not self._cancelled:
            self._cancelled = True
            self._timers.cancel(self)
            if not self._timers.debug:  # as asyncio: what it would call can go now
                self._callback = self._args = None

    def run(self) -> None:
        """Its callback, in its context; an error goes to the loop's exception handler."""
        callback, args = self._callback, self._args
        if callback is None or args is None:
            return
        try:
            self._context.run(callback, *args)
        except (SystemExit, KeyboardInterrupt):
            raise
        except BaseException as exc:
            context: dict[str, Any] = {
                "message": f"Exception in callback {_describe(callback, args)}",
                "exception": exc,
                "handle": self,
            }
            if self._made_at is not None:
                context["source_traceback"] = self._made_at
            self._timers.loop.call_exception_handler(context)

    def __repr__(self) -> str:
        info = [type(self).__name__, f"when={self._when}"]
        if self._cancelled:
            info.append("cancelled")
        if self._callback is not None and self._args is not None:
            info.append(_describe(self._callback, self._args))
        if self._made_at:
            frame = self._made_at[-1]
            info.append(f"created at {frame.filename}:{frame.lineno}")
        return f"<{' '.join(info)}>"


def _caller() -> traceback.StackSummary:
    """Where a timer was made (debug mode), as asyncio notes it for a handle: the last
    frames, oldest first; the loop's own calls (ours, qasync's ``call_soon``...) left
    out, so that the last one names their caller."""
    frames = traceback.walk_stack(None)
    for frame, line in frames:
        if frame.f_code.co_filename not in _LOOP_FILES:
            frames = itertools.chain([(frame, line)], frames)
            break
    summary = traceback.StackSummary.extract(frames, limit=_STACK_DEPTH, lookup_lines=False)
    summary.reverse()
    return summary


def _describe(callback: Callable[..., Any], args: tuple[Any, ...]) -> str:
    """``name(args) at file:line``, as asyncio names a callback in its messages."""
    while isinstance(callback, functools.partial):
        args = (*callback.args, *args)
        callback = callback.func
    name = getattr(callback, "__qualname__", None) or repr(callback)
    text = f"{name}({', '.join(reprlib.repr(arg) for arg in args)})"
    code = getattr(inspect.unwrap(callback), "__code__", None)
    if code is not None:
        text += f" at {code.co_filename}:{code.co_firstlineno}"
    return text


class _Timers(QObject):
    """One Qt timer per scheduled callback (as qasync's), removable before it fires."""

    def __init__(self, loop: DeskEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self._due: dict[int, DeskTimer] = {}  # Qt timer id -> timer
        self._stopped = False
        self.debug = False

    def add(self, timer: DeskTimer, delay: float) -> DeskTimer:
        timer._timer_id = self.startTimer(max(0, int(delay * 1000)))
        self._due[timer._timer_id] = timer
        return timer

    def cancel(self, timer: DeskTimer) -> None:
        if self._due.pop(timer._timer_id, None) is not None:
            self.killTimer(timer._timer_id)

    def pending(self) -> int:
        """How many callbacks wait for their time (tests and benchmarks)."""
        return len(self._due)

    def timerEvent(self, event: QTimerEvent) -> None:
        timer_id = event.timerId()
        self.killTimer(timer_id)
        timer = self._due.pop(timer_id, None)
        if timer is None or self._stopped:
            return
        if self.debug:
            self._run_timed(timer)
        else:
            timer.run()

    def _run_timed(self, timer: DeskTimer) -> None:
        start = time.monotonic()
        timer.run()
        took = time.monotonic() - start
        if took >= self.loop.slow_callback_duration:
            _asyncio_log.warning("Executing %r took %.3f seconds", timer, took)

    def stop(self) -> None:
        self._stopped = True


class DeskEventLoop(qasync.QEventLoop):
    """qasync's ``QEventLoop`` whose cancelled timers leave at once (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # before qasync's and asyncio's set-up: it sets the debug mode (PYTHONASYNCIODEBUG)
        self._desk_timers = _Timers(self)
        super().__init__(*args, **kwargs)

    def call_later(
        self,
        delay: float,
        callback: Callable[..., Any],
        *args: Any,
        context: contextvars.Context | None = None,
    ) -> DeskTimer:
        return self._schedule(self.time() + delay, delay, callback, args, context)

    def call_at(
        self,
        when: float,
        callback: Callable[..., Any],
        *args: Any,
        context: contextvars.Context | None = None,
    ) -> DeskTimer:
        return self._schedule(when, when - self.time(), callback, args, context)

    def _schedule(
        self,
        when: float,
        delay: float,
        callback: Callable[..., Any],
        args: tuple[Any, ...],
        context: contextvars.Context | None,
    ) -> DeskTimer:
        if asyncio.iscoroutinefunction(callback):
            raise TypeError("coroutines cannot be used with call_later")
        if not callable(callback):
            raise TypeError(f"callback must be callable: {type(callback).__name__}")
        timer = DeskTimer(when, callback, args, self._desk_timers, context)
        return self._desk_timers.add(timer, delay)

    def set_debug(self, enabled: bool) -> None:
        super().set_debug(enabled)
        self._desk_timers.debug = enabled

    def close(self) -> None:
        super().close()
        self._desk_timers.stop()

    def pending_timers(self) -> int:
        """Callbacks waiting for their time: cancelled ones are not among them."""
        return self._desk_timers.pending()
