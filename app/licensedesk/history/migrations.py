"""Numbered schema steps, each applied once: the runner the history and the book share,
in the local SQLite file and in a team's PostgreSQL database.

Each store keeps its own steps, its own version table and its own sentences; what they
share is the rule. Read the stored version; refuse a schema newer than this version
knows (a desk must not write tables it does not understand); apply each step above the
stored version in order and record it. All of it in one transaction of the database's
kind, so that two desks (or a desk and a command) starting together against a new file
or an empty database apply each step once: SQLite's ``BEGIN IMMEDIATE`` queues the
second on the file's lock, PostgreSQL's advisory lock makes it wait and find it done.

psycopg is imported by :func:`migrate_postgres` only, so that the local store and
``--help`` never load it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .sqlite_file import immediate
from .store import StoreError

if TYPE_CHECKING:
    import psycopg

__all__ = ["Steps", "apply", "migrate_postgres", "migrate_sqlite", "plain_statements"]

#: a store's migrations: (version, SQL script), the versions rising from 1
Steps = tuple[tuple[int, str], ...]
#: the sentence for a stored schema newer than this version knows, from (stored, known)
Newer = Callable[[int, int], str]
#: the caller's clause for a database error (which file or database, what was being done)
Fail = Callable[[BaseException], StoreError]


class Executes(Protocol):
    """A connection of either kind: both run one statement with ``execute``."""

    def execute(self, sql: Any, params: Any = ..., /) -> Any: ...


@dataclass(frozen=True)
class VersionTable:
    """How one database kind records the applied steps: the table's columns and the
    statement (``{table}`` in it) with the values of one step."""

    columns: str
    insert: str
    values: Callable[[int], tuple[Any, ...]]


def plain_statements(script: str) -> list[str]:
    """A step's statements, split at each ``;`` (for steps without a trigger body)."""
    return list(filter(str.strip, script.split(";")))


def apply(
    db: Executes,
    steps: Steps,
    *,
    table: str,
    kind: VersionTable,
    newer: Newer,
    split: Callable[[str], list[str]] = plain_statements,
) -> int:
    """Apply the steps above the version stored in ``table`` (made when missing), in
    order, in the caller's transaction; returns the version now stored. Raises
    :class:`StoreError` (``newer``'s sentence) for a newer schema, or the database's
    own error."""
    db.execute(f"CREATE TABLE IF NOT EXISTS {table} {kind.columns}")
    row = db.execute(f"SELECT max(version) FROM {table}").fetchone()
    current: int = (row[0] if row else None) or 0
    known = steps[-1][0]
    if current > known:
        raise StoreError(newer(current, known))
    for version, script in steps:
        if version > current:
            for statement in split(script):
                db.execute(statement)
            db.execute(kind.insert.format(table=table), kind.values(version))
            current = version
    return current


def migrate_sqlite(
    db: sqlite3.Connection,
    steps: Steps,
    *,
    table: str,
    newer: Newer,
    fail: Fail,
    stamp: Callable[[], str],
    split: Callable[[str], list[str]] = plain_statements,
    beside: Callable[[sqlite3.Connection], None] | None = None,
    fast: bool = False,
) -> int:
    """The steps under ``BEGIN IMMEDIATE``; ``stamp()`` is the text of each step's time.
    ``beside`` runs in the same transaction after them (what is kept beside the schema,
    not a step of it). ``fast``: when the stored version is already the last, return it
    without taking the write lock (every start but the first). A database error is
    raised as ``fail``'s clause."""
    if fast:
        try:
            found = db.execute(f"SELECT max(version) FROM {table}").fetchone()
            if found and found[0] == steps[-1][0]:
                return int(found[0])
        except sqlite3.OperationalError:
            pass  # no such table yet: made below
    kind = VersionTable(
        "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)",
        "INSERT INTO {table} VALUES (?, ?)",
        lambda v: (v, stamp()),
    )
    try:
        with immediate(db):
            current = apply(db, steps, table=table, kind=kind, newer=newer, split=split)
            if beside is not None:
                beside(db)
    except sqlite3.Error as exc:
        raise fail(exc) from None
    return current


#: PostgreSQL fills in each step's time itself
_POSTGRES = VersionTable(
    "(version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    "INSERT INTO {table} (version) VALUES (%s)",
    lambda v: (v,),
)


def migrate_postgres(
    db: psycopg.Connection,
    steps: Steps,
    *,
    table: str,
    newer: Newer,
    fail: Fail,
    lock_key: int,
    beside: Callable[[psycopg.Connection], None] | None = None,
) -> int:
    """The steps in one transaction under ``pg_advisory_xact_lock(lock_key)`` on ``db``
    (an autocommit psycopg connection); ``beside`` runs in it after them. A psycopg
    error is raised as ``fail``'s clause.

    A schema already at the last step is only read: no lock, no ``CREATE … IF NOT
    EXISTS`` (which asks for the right to create even when the table is there), so a
    role that may only read uses a database another desk set up; ``beside`` still runs,
    in a transaction of its own (it makes what it can and leaves the rest)."""
    import psycopg

    try:
        stored, known = _postgres_version(db, table), steps[-1][0]
        if stored is not None and stored > known:
            raise StoreError(newer(stored, known))
        if stored == known:
            if beside is not None:
                with db.transaction():
                    beside(db)
            return known
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key,))
            current = apply(db, steps, table=table, kind=_POSTGRES, newer=newer)
            if beside is not None:
                beside(db)
    except psycopg.Error as exc:
        raise fail(exc) from None
    return current


def _postgres_version(db: psycopg.Connection, table: str) -> int | None:
    """The version stored in ``table``; None when there is no such table yet."""
    there = db.execute("SELECT to_regclass(%s) IS NOT NULL", (table,)).fetchone()
    if not there or not there[0]:
        return None
    row = db.execute(f"SELECT max(version) FROM {table}").fetchone()
    return None if row is None or row[0] is None else int(row[0])
