"""A team-sized history built by bulk insert (not through the CLI): 10 desks' entries.

The rows are made in Python without Entry objects, in the stores' own column order
(``history.sql.WRITTEN``), and go in by ``executemany`` (SQLite, one transaction) or
``COPY`` (PostgreSQL). Each row looks like a recorded deactivation: a ``before`` row of
about 200 characters, a detail, ten desks, 9,000 serials, one entry every 30 s.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from licensedesk.history.sql import WRITTEN

START = datetime(2024, 1, 1, tzinfo=UTC)
STEP = timedelta(seconds=30)
BEFORE = {
    "id": 8,
    "activated": True,
    "host_id": "294b106a4a099802248d0bcfc974791c",
    "device_tag": "Windows 11__64bits",
    "product_name": "Studio Essentials",
    "created_at": "2026-09-22T00:41:09+00:00",
}


def entry_id(i: int) -> str:
    return f"00000000-0000-4000-8000-{i:012x}"


def rows(n: int, *, postgres: bool = False) -> Iterator[tuple[Any, ...]]:
    """``n`` rows in :data:`WRITTEN` order, oldest first; text values for PostgreSQL's COPY."""
    before = json.dumps(BEFORE)
    for i in range(n):
        when = START + STEP * i
        desk = i % 10
        ids = i % 50
        time_text = when.isoformat(timespec="microseconds")
        finished = (when + timedelta(milliseconds=80)).isoformat(timespec="microseconds")
        yield (
            entry_id(i),
            time_text,
            f"agent{desk}",
            f"Agent {desk}",
            f"desk-{desk}",
            "prod",
            "https://licences.example.com",
            ("activate", "deactivate", "delete")[i % 3],
            f"AAAA-BBBB-CCCC-DDDD-{i % 9000:04d}",
            f"{{{ids}}}" if postgres else str(ids),
            "Studio Essentials",
            before,
            "done",
            "Activation successfully updated.",
            None,
            finished,
            None,
        )


def build_sqlite(path: Path, n: int) -> None:
    """A new history file of ``n`` entries (the store's schema, then one bulk insert)."""
    from licensedesk.history.sqlite_store import SqliteStore

    store = SqliteStore(path)
    store.migrate()
    store.close()
    db = sqlite3.connect(path)
    marks = ", ".join("?" * len(WRITTEN))
    with db:
        db.executemany(f"INSERT INTO history ({', '.join(WRITTEN)}) VALUES ({marks})", rows(n))
    db.execute("ANALYZE")
    db.close()


def build_postgres(url: str, n: int) -> None:
    """The same ``n`` entries in a team database (schema by the store, then COPY)."""
    import psycopg

    from licensedesk.history.postgres_store import PostgresStore

    store = PostgresStore(url)
    store.migrate()
    store.close()
    with psycopg.connect(url, autocommit=True) as db:
        with db.cursor() as cur, cur.copy(f"COPY history ({', '.join(WRITTEN)}) FROM STDIN") as cp:
            for row in rows(n, postgres=True):
                cp.write_row(row)
        db.execute("VACUUM ANALYZE history")
