"""Numbered schema steps, each applied once: the runner the history and the book share,
in the local SQLite file and in a team's PostgreSQL database.

Each store keeps its own steps, its own version table and its own sentences; what they
share is the rule. Read the stored version; refuse a schema newer than this version
knows (a desk must not write tables it does not understand); apply each step above the
stored version in order and record it. All of it in one transaction of the database's
kind, so that two desks (or a desk and a command) starting together against a new file
or an empty database apply each step once: SQLite's ``BEGIN IMMEDIATE`` queues the
second on the file's lock, PostgreSQL's advisory lock makes it wait and find it done.

Each dialect's runner is its database class's ``migrate``
(:class:`~.sqlite.SqliteDatabase`, :class:`~.postgres.PostgresDatabase`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .errors import StoreError

__all__ = ["Newer", "Steps", "VersionTable", "apply", "split_statements"]

#: a store's migrations: (version, SQL script), the versions rising from 1
Steps = tuple[tuple[int, str], ...]
#: the sentence for a stored schema newer than this version knows, from (stored, known)
Newer = Callable[[int, int], str]


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


def split_statements(script: str) -> list[str]:
    """The statements of a step; a trigger's body (``BEGIN … END;``) stays whole."""
    out: list[str] = []
    current = ""
    for piece in script.split(";"):
        current += piece + ";"
        if current.count(" BEGIN\n") > current.count("END;"):
            continue
        if current.strip(" \n;"):
            out.append(current.strip())
        current = ""
    return out


def apply(
    db: Executes,
    steps: Steps,
    *,
    table: str,
    kind: VersionTable,
    newer: Newer,
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
            for statement in split_statements(script):
                db.execute(statement)
            db.execute(kind.insert.format(table=table), kind.values(version))
            current = version
    return current
