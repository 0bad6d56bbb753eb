"""The SQL both stores share: column order and the WHERE clause of a filtered list.

The two dialects differ in placeholders (``?`` / ``%s``), case-insensitive
matching (SQLite's ``LIKE`` is case-insensitive for ASCII; PostgreSQL needs
``ILIKE``) and how a time is passed (ISO text / ``timestamptz``); the caller
says which.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, NamedTuple, overload

from .model import Entry, HistoryQuery

COLUMNS = (
    "id",
    "time",
    "user_name",
    "display_name",
    "machine",
    "profile",
    "service",
    "action",
    "serial",
    "activation_ids",
    "product",
    "before_json",
    "outcome",
    "detail",
    "counts",
    "finished",
)
SELECT = f"SELECT {', '.join(COLUMNS)} FROM history"


class StoredRow(NamedTuple):
    """A row of :data:`SELECT` by name: the JSON and the ids as stored, times as the
    dialect gives them (what :class:`EntryList` and the command line's CSV read)."""

    id: int
    time: Any
    user: str
    display: str | None
    machine: str
    profile: str | None
    service: str | None
    action: str
    serial: str | None
    ids: str | None
    product: str | None
    before: str | None
    outcome: str
    detail: str | None
    counts: str | None
    finished: Any


#: written, not read back: the serial an upgrade turned the entry's serial into, so that
#: a query by serial finds the upgrade under both serials (indexed like ``serial``)
WRITTEN = (*COLUMNS, "other_serial")


def other_serial(entry: Entry) -> str | None:
    """The other serial an entry is about (an upgrade's target), or None."""
    if entry.action != "upgrade" or not isinstance(entry.before, dict):
        return None
    target = entry.before.get("upgrade_serial")
    return target if isinstance(target, str) and target else None


# What the text search looks in (coalesce: one NULL column must not hide the row).
_SEARCHED = ("serial", "user_name", "display_name", "machine", "profile", "product", "detail")


def like_pattern(text: str) -> str:
    """``text`` as a LIKE pattern that matches it anywhere, wildcards taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def where(
    query: HistoryQuery,
    *,
    ph: str,
    like: str,
    time_param: Callable[[datetime], Any],
    as_text: Callable[[str], str],
    text_clause: Callable[[str], tuple[str, list[Any]]] | None = None,
) -> tuple[str, list[Any]]:
    """`` WHERE …`` (or "") and its parameters. ``as_text(column)``: the column as text
    (for activation ids and the JSON of ``before``); ``text_clause(text)``: the store's
    search (its index, :mod:`.search_index`), instead of a LIKE over the columns."""
    clauses: list[str] = []
    params: list[Any] = []
    if query.serial is not None:
        clauses.append(f"(serial = {ph} OR other_serial = {ph})")
        params += [query.serial, query.serial]
    if query.action is not None:
        clauses.append(f"action = {ph}")
        params.append(query.action)
    if query.outcome is not None:
        clauses.append(f"outcome = {ph}")
        params.append(query.outcome)
    if query.person:
        clauses.append(f"(lower(user_name) = lower({ph}) OR lower(display_name) = lower({ph}))")
        params += [query.person.strip(), query.person.strip()]
    if query.since is not None:
        clauses.append(f"time >= {ph}")
        params.append(time_param(query.since))
    if query.until is not None:
        clauses.append(f"time < {ph}")
        params.append(time_param(query.until))
    if query.text and text_clause is not None and query.text.strip():
        sql, more = text_clause(query.text.strip())
        clauses.append(sql)
        params += more
    elif query.text:
        parts = [f"coalesce({c}, '')" for c in _SEARCHED]
        parts += [as_text("activation_ids"), f"coalesce({as_text('before_json')}, '')"]
        haystack = " || ' ' || ".join(parts)
        clauses.append(f"({haystack}) {like} {ph} ESCAPE '\\'")
        params.append(like_pattern(query.text.strip()))
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


def order_and_limit(
    limit: int | None, ph: str, *, oldest_first: bool = False
) -> tuple[str, list[Any]]:
    """Newest first (or oldest first), and the limit when there is one."""
    direction = "" if oldest_first else " DESC"
    # the columns, not their text casts
    sql = f" ORDER BY history.time{direction}, history.id{direction}"
    if limit is not None:
        return sql + f" LIMIT {ph}", [int(limit)]
    return sql, []


class EntryList(Sequence[Entry]):
    """A read-only list of entries that makes each :class:`Entry` from its row (in
    :data:`COLUMNS` order, ``activation_ids`` as "8,9", the JSON columns as text) when it is
    first looked at. Why: a table of a serial's 10,000 entries shows ~30 at a time, and
    making all 10,000 objects (JSON, times) cost more than the query itself; this way
    the history of a serial reads in the time of the query."""

    __slots__ = ("_made", "_rows", "_to_time")

    def __init__(self, rows: list[tuple[Any, ...]], to_time: Callable[[Any], datetime]) -> None:
        self._rows = rows
        self._to_time = to_time
        self._made: list[Entry | None] = [None] * len(rows)

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> Entry: ...
    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...

    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        made = self._made[index]
        if made is None:
            made = self._made[index] = _entry(self._rows[index], self._to_time)
        return made

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<EntryList of {len(self)}>"


def _entry(row: tuple[Any, ...], to_time: Callable[[Any], datetime]) -> Entry:
    r = StoredRow._make(row)
    return Entry(
        id=r.id,
        time=to_time(r.time),
        user=r.user,
        machine=r.machine,
        action=r.action,
        outcome=r.outcome,
        display_name=r.display,
        profile=r.profile,
        service=r.service,
        serial=r.serial,
        activation_ids=tuple(map(int, r.ids.split(","))) if r.ids else (),
        product=r.product,
        before=json.loads(r.before) if r.before else None,
        detail=r.detail,
        counts=json.loads(r.counts) if r.counts else None,
        finished=to_time(r.finished) if r.finished else None,
        checked=False,
    )
