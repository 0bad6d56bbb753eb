"""The one runner every network call from the UI goes through.

Usage, from a controller (never from a widget)::

    runner.run(
        "lookup.license",                 # the task's name
        client.show_license(serial),      # a coroutine (or a zero-argument factory)
        busy=panel.set_busy,              # called with True, then False
        on_success=panel.show_license,    # called with the coroutine's result
        on_error=panel.show_error,        # called with a Failure (optional)
    )

What the runner owns, so callers don't repeat it:

- **Named tasks**: starting a task under a name that is still running cancels
  the running one first ("lookup" again cancels the "lookup" in flight). Use
  dotted names (``lookup.license``) and :meth:`TaskRunner.cancel_group` to
  cancel a family.
- **Busy state** of whoever asked: ``busy(True)`` before, ``busy(False)``
  after, also when cancelled or failed. ``busy`` may be a callable or a QWidget
  (disabled while busy). :attr:`TaskRunner.busyChanged` reports every name.
- **Cancellation**: a superseded or cancelled task ends silently
  (``asyncio.CancelledError`` is caught here; callbacks are not called).
- **Errors** (three endings, like Electrum): an ``ApiError`` becomes a
  :class:`Failure` with the error's sentence and redacted details, given to
  ``on_error`` or, without one, emitted as :attr:`TaskRunner.failed`.
  Anything else is logged with its traceback and emitted as
  :attr:`TaskRunner.unexpected` (the app shows an error dialog); ``on_error``
  also receives a Failure with ``unexpected=True`` so the part can say it failed.
- :attr:`TaskRunner.finished` (name) after each task that was not cancelled,
  e.g. for "last request" in the status bar.

Dialogs that need the user's decision inside a flow await a future
(see ``shared/confirm.py``); never ``exec()`` inside a coroutine.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
import traceback
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from licensedesk.i18n import _

log = logging.getLogger(__name__)

BusyTarget = Callable[[bool], Any] | QWidget | None


@dataclass(frozen=True)
class Failure:
    """How a task failed, in words for a person. ``details`` is already redacted."""

    sentence: str
    details: str = ""
    error: BaseException | None = None
    unexpected: bool = False


def failure_from(exc: BaseException) -> Failure:
    """Map an exception to a Failure: ApiError → its sentence; anything else → unexpected.
    The details are redacted by the api's redaction (imported on first use)."""
    from licensedesk.api.errors import ApiError
    from licensedesk.api.redact import redact

    if isinstance(exc, ApiError):
        from .refusals import told  # a refusal of the key: and where the window fixes it

        sentence = told(exc) or exc.sentence
        return Failure(sentence=sentence, details=redact(exc.details.describe()), error=exc)
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return Failure(
        sentence=_("Something unexpected went wrong. The details were written to the log."),
        details=redact(text),
        error=exc,
        unexpected=True,
    )


async def wait_for_tasks(tasks: Iterable[asyncio.Task | None]) -> None:
    """Return once these tasks have ended, however they end (at once for none). Never
    gather: cancelling the one who waits must not cancel the tasks it waits for."""
    pending = [t for t in tasks if t is not None]
    if pending:
        await asyncio.wait(pending)


class TaskRunner(QObject):
    """Runs named coroutines on the qasync loop; see the module docstring."""

    busyChanged = Signal(str, bool)  # name, busy
    failed = Signal(str, object)  # name, Failure (only when the caller gave no on_error)
    unexpected = Signal(str, object)  # name, Failure with unexpected=True
    finished = Signal(str)  # name; not emitted for cancelled tasks

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks: dict[str, asyncio.Task] = {}
        self._superseded: set[asyncio.Task] = set()
        self.last_finished_at: float | None = None

    # -- public API ----------------------------------------------------------
    def run(
        self,
        name: str,
        work: Awaitable[Any] | Callable[[], Awaitable[Any]],
        *,
        busy: BusyTarget = None,
        on_success: Callable[[Any], Any] | None = None,
        on_error: Callable[[Failure], Any] | None = None,
    ) -> asyncio.Task:
        """Start ``work`` as task ``name``, cancelling a running task of that name.

        Busy is set at once (before the task's first step). A superseded task
        leaves the busy state to its successor when the successor has a busy
        target (assumed to be the same widget), else clears its own.
        """
        previous = self._tasks.get(name)
        if previous is not None and not previous.done():
            if busy is not None:
                self._superseded.add(previous)
            previous.cancel()
        coro = work() if callable(work) and not inspect.isawaitable(work) else work
        self._set_busy(name, busy, True)
        task = asyncio.get_event_loop().create_task(
            self._guard(name, coro, busy, on_success, on_error), name=name
        )
        self._tasks[name] = task
        task.add_done_callback(lambda t: self._forget(name, t, coro, busy))
        return task

    def cancel(self, name: str) -> bool:
        """Cancel the running task ``name``; True if there was one."""
        task = self._tasks.get(name)
        if task is not None and not task.done():
            task.cancel()
            return True
        return False

    def cancel_group(self, prefix: str) -> None:
        """Cancel every running task whose name is ``prefix`` or starts with ``prefix.``."""
        for name in list(self._tasks):
            if name == prefix or name.startswith(prefix + "."):
                self.cancel(name)

    def cancel_all(self) -> None:
        for name in list(self._tasks):
            self.cancel(name)

    def is_running(self, name: str) -> bool:
        task = self._tasks.get(name)
        return task is not None and not task.done()

    def task(self, name: str) -> asyncio.Task | None:
        return self._tasks.get(name)

    def running(self) -> list[str]:
        return [n for n, t in self._tasks.items() if not t.done()]

    # -- internals -----------------------------------------------------------
    def _forget(self, name: str, task: asyncio.Task, coro, busy: BusyTarget) -> None:
        if task.cancelled():  # cancelled before its first step: _guard never ran
            if inspect.iscoroutine(coro):
                coro.close()
            if task not in self._superseded:
                self._set_busy(name, busy, False)
        self._superseded.discard(task)
        if self._tasks.get(name) is task:
            del self._tasks[name]

    def _set_busy(self, name: str, busy: BusyTarget, value: bool) -> None:
        try:
            if isinstance(busy, QWidget):
                busy.setEnabled(not value)
            elif busy is not None:
                busy(value)
        except RuntimeError:  # the widget went away meanwhile
            log.debug("busy target of %s is gone", name)
        self.busyChanged.emit(name, value)

    async def _guard(self, name, coro, busy, on_success, on_error) -> Any:
        try:
            result = await coro
        except asyncio.CancelledError:
            log.debug("task %s cancelled", name)
            if inspect.iscoroutine(coro):
                coro.close()
            return None
        except Exception as exc:
            failure = failure_from(exc)
            if failure.unexpected:
                log.error("task %s failed unexpectedly:\n%s", name, failure.details)
                self.unexpected.emit(name, failure)
            else:
                log.info("task %s: %s", name, failure.sentence)
            if on_error is not None:
                on_error(failure)
            elif not failure.unexpected:
                self.failed.emit(name, failure)
            self._done(name)
            return None
        finally:
            if asyncio.current_task() not in self._superseded:
                self._set_busy(name, busy, False)
        if on_success is not None:
            try:
                on_success(result)
            except Exception as exc:
                failure = failure_from(exc)
                log.error("showing the result of %s failed:\n%s", name, failure.details)
                self.unexpected.emit(name, failure)
        self._done(name)
        return result

    def _done(self, name: str) -> None:
        self.last_finished_at = time.time()
        self.finished.emit(name)
