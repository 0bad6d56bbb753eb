"""The team store's filters and search index (:mod:`.postgres_index`): a part of
:class:`~.postgres_store.PostgresStore` kept apart from its reads and writes (its pages
and counts: :class:`~.table.HistoryTable`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

import psycopg

from . import postgres_index
from .model import HistoryQuery
from .search_index import IndexProgress
from .sql import where
from .store import StoreError

__all__ = ["PostgresPages"]

T = TypeVar("T")


class PostgresPages:
    """The WHERE clause and the search index of a team's history."""

    _search_ready: bool | None = None  # the index's function is there (asked once)
    if TYPE_CHECKING:  # the store's own (:class:`~licensedesk.storage.postgres.PostgresDatabase`)
        LOCK_KEY: int
        _time_param: Callable[[datetime], Any]

        def _conn(self) -> psycopg.Connection: ...
        def _connect(self) -> psycopg.Connection: ...
        def _fail(self, doing: str, exc: BaseException) -> StoreError: ...
        def _asking(self, ask: Callable[[psycopg.Connection], T], *, doing: str = ...) -> T: ...

    def _beside(self, db: psycopg.Connection) -> None:
        """After the migrations (:meth:`PostgresDatabase.migrate`): pg_trgm and the index's
        function (the index itself is built later, by :meth:`build_search_index`)."""
        self._search_ready = postgres_index.ensure(db, self.LOCK_KEY)

    def where_clause(self, query: HistoryQuery, *, indexed: bool = True) -> tuple[str, list[Any]]:
        """`` WHERE …`` and its parameters; a search through the index's function when
        ``indexed`` and it is there, else a scan of the columns."""
        plain = {
            "ph": "%s",
            "like": "ILIKE",
            "time_param": self._time_param,
            "as_text": lambda column: f"{column}::text",
        }
        if indexed and self._search_ready is None and query.text:
            self._search_ready = postgres_index.function_ready(self._conn())
        clause = postgres_index.text_clause if indexed and self._search_ready else None
        return where(query, **plain, text_clause=clause)  # type: ignore[arg-type]

    def search_progress(self) -> IndexProgress:
        return self._asking(postgres_index.progress)

    def build_search_index(
        self,
        told: Callable[[IndexProgress], None] | None = None,
        stop: threading.Event | None = None,
    ) -> bool:
        """Build the index on a connection of its own (every desk writes meanwhile);
        ``told`` hears PostgreSQL's progress every half second. ``stop`` is not looked
        at: a build cannot pause, and one cut short is started again by the next desk.
        Returns whether it is built (False also when another desk is building it)."""
        del stop
        builder = self._connect()
        try:
            with builder:
                postgres_index.build(builder, told, self.search_progress)
                return postgres_index.progress(builder).built
        except psycopg.Error as exc:
            raise self._fail("written", exc) from None
