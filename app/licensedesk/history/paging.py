"""Pages of a filtered history in any column's order, and how many entries match.

Keyset pagination: a page is the ``limit`` entries after the last one shown, in the
order of (the sorted column, time, id), asked as a row-value comparison with that
entry's values. Why not OFFSET: the 500th page would read and drop 250,000 entries
first; a keyset page costs the same anywhere in a history of a million, and entries
written meanwhile do not shift the pages already shown. Both stores build their page
queries here; they differ in placeholders, in how a time is passed and in the id's type.

The same page read in the other direction (:meth:`Sort.reversed`, after the first entry
held) is the page before it: the History window re-reads a page it forgot that way. An
``offset`` skips entries after the keyset: only for a jump (the scroll bar dragged far
from the rows held), where the store steps over the index instead of the window
reading every page in between.

Sorted by time (the default), the history's ``(time, id)`` index answers each page;
by who or action, their ``(column, time, id)`` indexes do; by the other columns the
store sorts (PostgreSQL and SQLite keep only the best ``limit`` rows while reading).
Columns that may be empty sort as "" (first ascending, last descending).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .model import Entry

__all__ = ["PAGE", "SORTS", "Sort", "count_sql", "page_sql"]

#: entries per page: a screenful many times over, read in a few milliseconds
PAGE = 500

#: a sort key -> (its SQL, its value in an entry)
SORTS: dict[str, tuple[str | None, Callable[[Entry], Any]]] = {
    "time": (None, lambda e: None),
    "who": ("history.user_name", lambda e: e.user),
    "profile": ("coalesce(history.profile, '')", lambda e: e.profile or ""),
    "serial": ("coalesce(history.serial, '')", lambda e: e.serial or ""),
    "action": ("history.action", lambda e: e.action),
    "outcome": ("history.outcome", lambda e: e.outcome),
    "detail": ("coalesce(history.detail, '')", lambda e: e.detail or ""),
}


@dataclass(frozen=True)
class Sort:
    """The order of a list: ``key`` (one of :data:`SORTS`), then time, then id, all
    descending or all ascending."""

    key: str = "time"
    descending: bool = True

    def __post_init__(self) -> None:
        if self.key not in SORTS:
            raise ValueError(f"unknown sort {self.key!r} (known: {', '.join(SORTS)})")

    def reversed(self) -> Sort:
        """The other direction: its pages after an entry are the entries before it."""
        return Sort(self.key, not self.descending)


def page_sql(
    where_sql: str,
    where_params: list[Any],
    sort: Sort,
    after: Entry | None,
    limit: int,
    *,
    ph: str,
    time_param: Callable[[datetime], Any],
    id_param: str = "",
    offset: int = 0,
) -> tuple[str, list[Any]]:
    """What follows ``SELECT … FROM history`` for one page: ``where_sql`` (the filters'
    `` WHERE …`` or "") narrowed to the entries after ``after``, the order and the limit,
    the first ``offset`` of them skipped. ``id_param``: a cast for the id's placeholder
    (``::uuid``)."""
    column, value = SORTS[sort.key]
    keys = [c for c in (column, "history.time", "history.id") if c is not None]
    sql, params = where_sql, list(where_params)
    if after is not None:
        marks = [ph] * (len(keys) - 1) + [ph + id_param]
        sign = "<" if sort.descending else ">"
        keyset = f"({', '.join(keys)}) {sign} ({', '.join(marks)})"
        sql += (" AND " if sql else " WHERE ") + keyset
        params += ([value(after)] if column is not None else []) + [
            time_param(after.time),
            after.id,
        ]
    direction = " DESC" if sort.descending else ""
    sql += " ORDER BY " + ", ".join(k + direction for k in keys) + f" LIMIT {ph}"
    if offset > 0:
        return sql + f" OFFSET {ph}", [*params, int(limit), int(offset)]
    return sql, [*params, int(limit)]


def count_sql(where_sql: str) -> str:
    return "SELECT count(*) FROM history" + where_sql
