"""One thread that owns the history store, so no write ever runs on the UI thread.

Jobs run one after another in the order they were submitted (an outcome is
never written before its intent; a read sees every write submitted before it).
The store is opened on the first job; when opening fails, jobs fail at once
with the same error for ``retry_after`` seconds instead of each waiting for a
server that is not there; a job that meets a broken PostgreSQL connection is
run once more on a new one.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from licensedesk.i18n import _

from .store import HistoryStore, StoreError

__all__ = ["StoreWorker"]

log = logging.getLogger(__name__)
T = TypeVar("T")
Job = Callable[[HistoryStore], Any]


class StoreWorker:
    """``submit(job)`` runs ``job(store)`` on the worker thread; returns a Future."""

    def __init__(self, opener: Callable[[], HistoryStore], *, retry_after: float = 30.0,
                 name: str = "licensedesk-history") -> None:  # fmt: skip
        self._opener = opener
        self._retry_after = retry_after
        self._name = name
        self._jobs: queue.SimpleQueue[tuple[Job, Future[Any]] | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._store: HistoryStore | None = None
        self._failure: StoreError | None = None
        self._failed_at = 0.0

    def submit(self, job: Callable[[HistoryStore], T]) -> Future[T]:
        future: Future[T] = Future()
        with self._lock:
            if self._closed:
                future.set_exception(StoreError(_("the history was closed")))
                return future
            if self._thread is None:
                # daemon: a window closing without close() must not hang on a slow server
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._jobs.put((job, future))
        return future

    def close(self, timeout: float | None = 5.0) -> bool:
        """Run what was submitted, then stop and close the store. False: still busy after
        ``timeout`` (the thread is a daemon and ends with the process)."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._jobs.put(None)
            thread = self._thread
        if thread is None:
            return True
        thread.join(timeout)
        return not thread.is_alive()

    # ------------------------------------------------------------ the thread

    def _run(self) -> None:
        while (item := self._jobs.get()) is not None:
            job, future = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = self._attempt(job)
            except BaseException as exc:
                future.set_exception(exc)
            else:
                future.set_result(result)
        if self._store is not None:
            self._store.close()
            self._store = None

    def _attempt(self, job: Job) -> Any:
        """Run the job; once more on a new connection when the old one had broken (a server
        restart, an idle connection cut): every job is safe to repeat (writes are upserts)."""
        try:
            return job(self._open())
        except StoreError:
            if not self._drop_if_broken():
                raise
        return job(self._open())

    def _open(self) -> HistoryStore:
        if self._store is not None:
            return self._store
        if self._failure is not None and time.monotonic() - self._failed_at < self._retry_after:
            raise self._failure
        try:
            self._store = self._opener()
        except StoreError as exc:
            self._failure, self._failed_at = exc, time.monotonic()
            raise
        self._failure = None
        return self._store

    def _drop_if_broken(self) -> bool:
        store = self._store
        if store is None or not store.broken:
            return False
        log.info("The history store's connection broke; opening it again.")
        store.close()
        self._store = None
        return True
