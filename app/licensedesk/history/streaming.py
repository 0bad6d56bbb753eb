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

from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from datetime import UTC, datetime
from typing import Any, Protocol

from .model import Entry, HistoryQuery
from .sql import SELECT, EntryList, order_and_limit, where

__all__ = [
    "PAGE",
    "PagedStore",
    "count",
    "entry_pages",
    "json_pages",
    "row_pages",
    "stream_entries",
    "table_pages",
    "time_reader",
]

#: rows a page: large enough that a page costs little more than its rows, small enough
#: that a page of entries (~2 KB each, made) stays a few megabytes
PAGE = 2000

_OLDEST_FIRST = " ORDER BY history.time, history.id"
#: Entry.to_dict's keys and the columns (or expressions) each is made of, per dialect
_JSON_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("id", "id", "id"),
    ("time", "time", "time"),
    ("user", "user_name", "user_name"),
    ("display_name", "display_name", "display_name"),
    ("machine", "machine", "machine"),
    ("profile", "profile", "profile"),
    ("service", "service", "service"),
    ("action", "action", "action"),
    ("serial", "serial", "serial"),
    ("activation_ids", "json('[' || activation_ids || ']')", "activation_ids"),
    ("product", "product", "product"),
    ("before", "json(before_json)", "before_json"),
    ("outcome", "outcome", "outcome"),
    ("detail", "detail", "detail"),
    ("counts", "json(counts)", "counts"),
    ("finished", "finished", "finished"),
)


class PagedStore(Protocol):
    """What a store offers for reading in pages (both stores have it)."""

    dialect: str

    def read_pages(self, sql: str, params: list[Any], size: int) -> Iterator[list[Any]]: ...


def _where(store: PagedStore, query: HistoryQuery) -> tuple[str, list[Any], str]:
    """(WHERE clause, its parameters, placeholder) in the store's dialect."""
    if store.dialect == "postgres":
        clause, params = where(
            query,
            ph="%s",
            like="ILIKE",
            time_param=lambda t: t,
            as_text=lambda column: f"{column}::text",
        )
        return clause, params, "%s"
    from .sqlite_store import time_text

    clause, params = where(
        query, ph="?", like="LIKE", time_param=time_text, as_text=lambda column: column
    )
    return clause, params, "?"


def _ordered(query: HistoryQuery, ph: str, oldest_first: bool) -> tuple[str, list[Any]]:
    if not oldest_first:
        return order_and_limit(query.limit, ph)
    if query.limit is None:
        return _OLDEST_FIRST, []
    return _OLDEST_FIRST + f" LIMIT {ph}", [int(query.limit)]


def entry_pages(
    store: PagedStore, query: HistoryQuery, *, oldest_first: bool = False, size: int = PAGE
) -> Iterator[Sequence[Entry]]:
    """The entries matching ``query`` (newest first, or oldest first), a page at a time;
    each page makes an entry when it is first looked at."""
    to_time = time_reader(store)
    for rows in row_pages(store, query, oldest_first=oldest_first, size=size):
        yield EntryList(rows, to_time)


def time_reader(store: PagedStore) -> Callable[[Any], datetime]:
    """How the store's rows hold a time (ISO text in SQLite) as a datetime."""
    return _same if store.dialect == "postgres" else datetime.fromisoformat


def row_pages(
    store: PagedStore, query: HistoryQuery, *, oldest_first: bool = False, size: int = PAGE
) -> Iterator[list[tuple[Any, ...]]]:
    """The rows of :data:`.sql.COLUMNS` (activation ids as "8,9", JSON as text, the time as
    :func:`time_reader` reads it) a page at a time: for who needs no Entry."""
    clause, params, ph = _where(store, query)
    tail, more = _ordered(query, ph, oldest_first)
    if store.dialect == "postgres":
        from .postgres_store import ROWS_SELECT

        select = ROWS_SELECT
    else:
        select = SELECT
    yield from store.read_pages(select + clause + tail, params + more, size)


def stream_entries(
    store: PagedStore, query: HistoryQuery, *, oldest_first: bool = False
) -> Iterator[Entry]:
    """:func:`entry_pages`, one entry at a time."""
    for page in entry_pages(store, query, oldest_first=oldest_first):
        yield from page


def json_pages(
    store: PagedStore, query: HistoryQuery, *, oldest_first: bool = True, size: int = PAGE
) -> Iterator[list[str]]:
    """The JSON line of each matching entry (no newline), a page at a time, as the
    database writes them: :meth:`Entry.to_dict`'s keys and values (times in UTC)."""
    clause, params, ph = _where(store, query)
    tail, more = _ordered(query, ph, oldest_first)
    if store.dialect == "postgres":
        pairs = ", ".join(f"'{key}', {pg}" for key, _lite, pg in _JSON_FIELDS)
        select = f"SELECT json_build_object({pairs})::text FROM history"
    else:
        pairs = ", ".join(f"'{key}', {lite}" for key, lite, _pg in _JSON_FIELDS)
        select = f"SELECT json_object({pairs}) FROM history"
    for rows in store.read_pages(select + clause + tail, params + more, size):
        yield [row[0] for row in rows]


#: what a table of entries shows, per dialect: time, user, display name, machine, serial,
#: action, activation ids ("8,9"), counts (JSON text), outcome, detail
_TABLE = {
    "sqlite": "time, user_name, display_name, machine, serial, action, activation_ids, "
    "counts, outcome, detail",
    "postgres": "time, user_name, display_name, machine, serial, action, "
    "array_to_string(activation_ids, ','), counts::text, outcome, detail",
}


def table_pages(
    store: PagedStore, query: HistoryQuery, *, size: int = PAGE
) -> Iterator[list[tuple[Any, ...]]]:
    """The rows a table of entries shows (:data:`_TABLE`'s columns), newest first, a page at
    a time: no entry is made (its ``before`` is not read), and the time is the store's own
    (ISO text from SQLite, a datetime from PostgreSQL)."""
    clause, params, ph = _where(store, query)
    tail, more = _ordered(query, ph, False)
    sql = f"SELECT {_TABLE[store.dialect]} FROM history" + clause + tail
    yield from store.read_pages(sql, params + more, size)


def count(store: PagedStore, query: HistoryQuery) -> int:
    """How many entries match ``query`` (its limit ignored)."""
    clause, params, _ph = _where(store, query)
    with closing(store.read_pages("SELECT count(*) FROM history" + clause, params, 1)) as pages:
        rows = next(pages, [(0,)])
    return int(rows[0][0])


def _same(moment: datetime) -> datetime:
    return moment.astimezone(UTC) if moment.tzinfo is not None else moment
