"""The local store's filters and search index (:mod:`.sqlite_index`): a part of
:class:`~.sqlite_store.SqliteStore` kept apart from its reads and writes (its pages and
counts: :class:`~.table.HistoryTable`)."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from . import sqlite_index
from .model import HistoryQuery
from .search_index import IndexProgress
from .sql import where
from .store import StoreError

__all__ = ["PAUSE", "SqlitePages"]

T = TypeVar("T")

#: the least pause between two batches of the index's build, in seconds
PAUSE = 0.12


class SqlitePages:
    """The WHERE clause and the search index of the history in one SQLite file."""

    if TYPE_CHECKING:  # the store's own (:class:`~licensedesk.storage.sqlite.SqliteDatabase`)
        _time_param: Callable[[datetime], Any]

        def _conn(self) -> sqlite3.Connection: ...
        def _fail(self, doing: str, exc: BaseException) -> StoreError: ...
        def _asking(self, ask: Callable[[sqlite3.Connection], T], *, doing: str = ...) -> T: ...

    def where_clause(self, query: HistoryQuery, *, indexed: bool = True) -> tuple[str, list[Any]]:
        """`` WHERE …`` and its parameters; a search through the index when ``indexed``
        and it is built, else a scan of the columns."""
        clause = None
        if indexed:
            built = self.search_progress().built if query.text else False
            clause = sqlite_index.text_clause(built)
        return where(
            query,
            ph="?",
            like="LIKE",
            time_param=self._time_param,
            as_text=lambda c: c,
            text_clause=clause,
        )

    def search_progress(self) -> IndexProgress:
        return self._asking(sqlite_index.progress)

    def build_search_index(
        self,
        told: Callable[[IndexProgress], None] | None = None,
        stop: threading.Event | None = None,
    ) -> bool:
        """Index the entries there were when the index was made, a batch per transaction,
        until done or ``stop`` is set; ``told`` hears the progress after each batch.
        Returns whether it is built."""
        stop = stop if stop is not None else threading.Event()
        try:
            now = self.search_progress()
            while not now.built and not stop.is_set():
                began = time.monotonic()
                now = sqlite_index.build_step(self._conn())
                # the batch's pages out of the WAL now: else the next write to commit (the
                # desk's) would copy them back into the file while its caller waits
                self._conn().execute("PRAGMA wal_checkpoint(PASSIVE)")
                if told is not None:
                    told(now)
                # the file is free as long as the batch held it, and longer than SQLite's
                # busy handler sleeps between its tries (up to 100 ms): the desk's writes
                # (and the command line's) waiting for the file get their turn
                stop.wait(min(max(time.monotonic() - began, PAUSE), 0.5))
        except sqlite3.Error as exc:
            raise self._fail("written", exc) from None
        return now.built
