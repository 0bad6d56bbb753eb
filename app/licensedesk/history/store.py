"""What every history store does, the one error it raises, and the thread that uses one.

Two stores with the same methods: :class:`~.sqlite_store.SqliteStore` (a file in
the user's data folder, the default) and :class:`~.postgres_store.PostgresStore`
(a team's database), each on its dialect's database layer
(:mod:`licensedesk.storage`, whose :class:`StoreError` is the one error). Both depend
on this module and on nothing of each other; :mod:`.opening` picks one by the settings. Both are synchronous and meant for one
thread at a time: the window and the CLI's write commands reach them through a
:class:`StoreWorker` (the :class:`~.recorder.Recorder`'s); the CLI's history
commands call them directly.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from licensedesk.i18n import _
from licensedesk.storage.errors import StoreError

from .model import Entry, HistoryQuery

__all__ = ["HistoryStore", "StoreError", "StoreWorker"]

log = logging.getLogger(__name__)
T = TypeVar("T")


class HistoryStore(Protocol):
    """The methods both stores have. Every write is one transaction."""

    #: Where, for logs and reprs ("the history file …", "the team database …"); never a
    #: password. English: a sentence says it whole (the stores' ``_fail``).
    label: str

    def migrate(self) -> int:
        """Create or bring the schema up to date; returns the schema version."""

    def write(self, entry: Entry) -> None:
        """Insert the entry, or replace the stored one with the same id (intent, outcome)."""

    def complete(
        self,
        entry_id: str,
        outcome: str,
        detail: str | None,
        counts: dict[str, int] | None,
        finished: datetime,
    ) -> bool:
        """Set the outcome of a stored entry; False when no entry has that id."""

    def get(self, entry_id: str) -> Entry | None: ...

    def history(self, serial: str, limit: int | None = None) -> Sequence[Entry]:
        """Entries of one serial, newest first (an ``EntryList``: each entry is made when
        first looked at)."""

    def query(self, query: HistoryQuery) -> Sequence[Entry]:
        """Entries matching ``query``, newest first."""

    def export(self, since: datetime | None = None) -> Iterator[Entry]:
        """Every entry (from ``since`` on), oldest first."""

    def import_entries(self, entries: Iterable[Entry]) -> int:
        """Add the entries whose ids are not stored yet (one transaction); returns how many."""

    def count(self) -> int: ...

    def page(
        self,
        query: HistoryQuery,
        sort: Any = None,
        after: Entry | None = None,
        limit: int = 500,
        offset: int = 0,
    ) -> Sequence[Entry]:
        """A page of a list in any column's order, after the entry ``after`` and ``offset``
        more (paging.py)."""

    def count_matching(self, query: HistoryQuery) -> int: ...

    def search_progress(self) -> Any:
        """How far the search index is (search_index.py)."""

    def build_search_index(self, told: Any = None, stop: Any = None) -> bool: ...

    def close(self) -> None: ...

    @property
    def broken(self) -> bool:
        """True when the connection is gone and the store must be opened again."""


class Connected(Protocol):
    """What :class:`StoreWorker` needs of a store (the history's, the licence book's)."""

    @property
    def broken(self) -> bool: ...

    def close(self) -> None: ...


S = TypeVar("S", bound=Connected)


class StoreWorker(Generic[S]):
    """One thread that owns a store, so no write ever runs on the UI thread.

    ``submit(job)`` runs ``job(store)`` there and returns a Future. Jobs run in the
    order submitted (an outcome never before its intent; a read sees every write
    before it). The store opens on the first job; after a failed opening jobs fail at
    once for ``retry_after`` seconds instead of each waiting for an absent server; a
    job that meets a broken PostgreSQL connection runs once more on a new one."""

    def __init__(
        self,
        opener: Callable[[], S],
        *,
        retry_after: float = 30.0,
        name: str = "licensedesk-history",
    ) -> None:
        self._opener = opener
        self._retry_after = retry_after
        self._name = name
        self._jobs: queue.SimpleQueue[tuple[Callable[[S], Any], Future[Any]] | None] = (
            queue.SimpleQueue()
        )
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._store: S | None = None
        self._failure: StoreError | None = None
        self._failed_at = 0.0

    def submit(self, job: Callable[[S], T]) -> Future[T]:
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

    def _attempt(self, job: Callable[[S], Any]) -> Any:
        """Run the job; once more on a new connection when the old one had broken (a server
        restart, an idle connection cut): every job is safe to repeat (writes are upserts)."""
        try:
            return job(self._open())
        except StoreError:
            if not self._drop_if_broken():
                raise
        return job(self._open())

    def _open(self) -> S:
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
