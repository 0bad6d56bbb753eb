"""Runs one batch check at a time through the task runner and reports in chunks.

The check is the task ``batch.check`` (:class:`licensedesk.batch.check.BatchCheck`,
reads only, never a host). Its answers go through a :class:`.buffer.ResultBuffer`
and come out as :attr:`BatchController.answered` lists with one
:attr:`BatchController.progress` each. :meth:`BatchController.cancel` cancels the
task: nothing more is sent, what was answered stays. A second check is refused
while one runs (the window also disables Check), so two never mix their rows.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Signal

from licensedesk.history.recorder import Records, record

from ..shared.service_controller import ServiceController
from ..shared.tasks import Failure, TaskRunner
from .buffer import ResultBuffer

TASK = "batch.check"


class BatchController(ServiceController):
    started = Signal(int)  # how many serials this check sends
    answered = Signal(object)  # list of CheckResults, one chunk
    progress = Signal(int, int, float)  # answered, total, seconds since the start
    finished = Signal(bool)  # stopped: cancelled before every serial was answered
    failed = Signal(object)  # Failure: the check could not go on (no profile, no key…)

    def __init__(
        self,
        runner: TaskRunner,
        client: Callable[[], Any],
        concurrency: Callable[[], int],
        parent=None,
        *,
        history: Records | None = None,
    ) -> None:
        """``concurrency``: how many requests at once (the profile's ``batch_concurrency``);
        ``history``: one entry per check (how many serials, the product, the counts)."""
        super().__init__(runner, client, parent, history=history)
        self._concurrency = concurrency
        self.buffer = ResultBuffer(self)
        self.buffer.flushed.connect(self._flushed)
        self._run = 0  # the check whose answers are taken (0: none)
        self._total = self._done = 0
        self._started_at = 0.0
        self._stopped = False

    def check(
        self,
        serials: Sequence[str],
        *,
        product: str | None = None,
        indexes: Sequence[int] | None = None,
    ) -> asyncio.Task | None:
        """Start checking ``serials`` (``indexes``: the row of each, for a retry);
        None when a check is already running."""
        if self.is_running():
            return None
        self._run += 1
        self._total, self._done, self._stopped = len(serials), 0, False
        self._started_at = time.monotonic()
        self.buffer.clear()
        self.started.emit(self._total)
        run = self._run
        return self._runner.run(
            TASK,
            lambda: self._check(
                run, list(serials), product, None if indexes is None else list(indexes)
            ),
            busy=self._busy,
            on_error=self._failed,
        )

    def cancel(self) -> bool:
        """Stop sending at once; the answers already in are kept. True if one was running."""
        if not self.is_running():
            return False
        self._stopped = True
        return self._runner.cancel(TASK)

    def is_running(self) -> bool:
        return self._runner.is_running(TASK)

    async def _check(
        self, run: int, serials: list[str], product: str | None, indexes: list[int] | None
    ) -> None:
        from licensedesk.batch.check import BatchCheck, stopped_words

        counts = {"serials": len(serials), "checked": 0}  # the CLI's shape (cli/check.py)

        def take(result: Any) -> None:
            counts["checked"] += 1
            key = result.status.value
            counts[key] = counts.get(key, 0) + 1
            if run == self._run:  # never an answer of an earlier check
                self.buffer.add(result)

        check = BatchCheck(
            self._client(),
            serials,
            product=product,
            concurrency=self._concurrency(),
            indexes=indexes,
        )
        async with record(self._history, "batch_check", product=product) as rec:
            try:
                await check.run(take)
            except asyncio.CancelledError:  # reads only: stopping is an ending, not a doubt
                rec.done(stopped_words(counts["checked"], len(serials)), counts=counts)
                raise
            rec.done(counts=counts)

    def _flushed(self, results: list) -> None:
        self._done += len(results)
        self.answered.emit(results)
        self.progress.emit(self._done, self._total, time.monotonic() - self._started_at)

    def _failed(self, failure: Failure) -> None:
        self._stopped = True
        self.failed.emit(failure)

    def _busy(self, busy: bool) -> None:
        if busy:
            return
        self.buffer.flush()  # what came in before the end is shown, then the end
        self._run += 1  # late answers (none expected) are dropped
        self.finished.emit(self._stopped or self._done < self._total)
