"""Reading a history of any size a page at a time: entries, or JSON lines the database writes.

A team of ten desks keeps a million entries. Reading them whole (a list of rows, then
of entries) took gigabytes and minutes before the first line; here a store hands its
rows over a page at a time (SQLite: one cursor and ``fetchmany``; PostgreSQL: a
server-side cursor), so memory holds one page whatever the history's size.

The JSON lines of an export are written by the database itself (``json_object`` /
``json_build_object``, in the shape of :meth:`.model.Entry.to_dict`): making an
:class:`~.model.Entry` of each row only to turn it into JSON again cost three times
the query. The lines are what is stored; the stores cleaned every entry on its way in.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from datetime import datetime
from typing import Any, Protocol

from .model import Entry, HistoryQuery
from .sql import COLUMNS, EntryList, order_and_limit

__all__ = [
    "JSON_FIELDS",
    "PAGE",
    "PagedStore",
    "count",
    "json_pages",
    "json_select",
    "row_pages",
    "stream_entries",
    "table_pages",
]

#: rows a page: large enough that a page costs little more than its rows, small enough
#: that a page of entries (~2 KB each, made) stays a few megabytes
PAGE = 2000

#: the columns whose Entry.to_dict key is not their own name
_KEYS = {"user_name": "user", "before_json": "before"}
#: Entry.to_dict's keys and the column of :data:`.sql.COLUMNS` each is made of (a dialect
#: makes some of them JSON its own way: :func:`json_select`)
JSON_FIELDS: tuple[tuple[str, str], ...] = tuple((_KEYS.get(c, c), c) for c in COLUMNS)


def json_select(template: str, as_json: dict[str, str]) -> str:
    """The statement that writes an entry's JSON line: ``template`` is the dialect's
    object function around ``{pairs}``; ``as_json``: a key's expression where it is not
    its column."""
    pairs = ", ".join(f"'{key}', {as_json.get(key, column)}" for key, column in JSON_FIELDS)
    return f"SELECT {template.format(pairs=pairs)} FROM history"


class PagedStore(Protocol):
    """What a history store offers for reading in pages: its dialect's pieces of SQL,
    so that this module never asks which dialect it has."""

    #: the placeholder of a parameter
    PH: str
    #: SELECT of :data:`.sql.COLUMNS` as :class:`.sql.EntryList` reads them
    ROWS_SELECT: str
    #: SELECT of each entry's JSON line (:func:`json_select`)
    JSON_SELECT: str
    #: SELECT of what a table of entries shows: time, user, display name, machine,
    #: serial, action, activation ids ("8,9"), counts (JSON text), outcome, detail
    TABLE_SELECT: str

    def time_of(self, stored: Any) -> datetime:
        """A time as the store's rows hold it, as a datetime."""

    def where_clause(self, query: HistoryQuery, *, indexed: bool = True) -> tuple[str, list[Any]]:
        """`` WHERE …`` and its parameters; not ``indexed``: a search reads the columns."""

    def read_pages(self, sql: str, params: list[Any], size: int) -> Iterator[list[Any]]: ...


def _pages(
    store: PagedStore, select: str, query: HistoryQuery, oldest_first: bool, size: int
) -> Iterator[list[Any]]:
    """The rows ``select`` makes of the entries matching ``query``, in time order, a page
    at a time (the store's WHERE clause and placeholder)."""
    clause, params = store.where_clause(query, indexed=False)
    tail, more = order_and_limit(query.limit, store.PH, oldest_first=oldest_first)
    return store.read_pages(select + clause + tail, params + more, size)


def row_pages(
    store: PagedStore, query: HistoryQuery, *, oldest_first: bool = False, size: int = PAGE
) -> Iterator[list[tuple[Any, ...]]]:
    """The rows of :data:`.sql.COLUMNS` (activation ids as "8,9", JSON as text, the time as
    the store's :meth:`~PagedStore.time_of` reads it) a page at a time: for who needs no
    Entry."""
    yield from _pages(store, store.ROWS_SELECT, query, oldest_first, size)


def stream_entries(
    store: PagedStore, query: HistoryQuery, *, oldest_first: bool = False
) -> Iterator[Entry]:
    """The entries matching ``query`` (newest first, or oldest first), one at a time, read
    a page at a time; each entry is made when it is first looked at."""
    for rows in row_pages(store, query, oldest_first=oldest_first):
        yield from EntryList(rows, store.time_of)


def json_pages(
    store: PagedStore, query: HistoryQuery, *, oldest_first: bool = True, size: int = PAGE
) -> Iterator[list[str]]:
    """The JSON line of each matching entry (no newline), a page at a time, as the
    database writes them: :meth:`Entry.to_dict`'s keys and values (times in UTC)."""
    for rows in _pages(store, store.JSON_SELECT, query, oldest_first, size):
        yield [row[0] for row in rows]


def table_pages(
    store: PagedStore, query: HistoryQuery, *, size: int = PAGE
) -> Iterator[list[tuple[Any, ...]]]:
    """The rows a table of entries shows (:attr:`PagedStore.TABLE_SELECT`), newest first, a page at
    a time: no entry is made (its ``before`` is not read), and the time is the store's own
    (ISO text from SQLite, a datetime from PostgreSQL)."""
    yield from _pages(store, store.TABLE_SELECT, query, False, size)


def count(store: PagedStore, query: HistoryQuery) -> int:
    """How many entries match ``query`` (its limit ignored)."""
    clause, params = store.where_clause(query, indexed=False)
    with closing(store.read_pages("SELECT count(*) FROM history" + clause, params, 1)) as pages:
        rows = next(pages, [(0,)])
    return int(rows[0][0])
