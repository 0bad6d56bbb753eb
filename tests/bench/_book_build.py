"""Filling a book fast for the benchmark: the rows :func:`licensedesk.book.sql.row` makes
of each licence (what ``keep()`` writes), made on every CPU and written in bulk
(``executemany`` into SQLite, ``COPY`` into PostgreSQL), the search indexes built once
after. :func:`same_as_kept` checks that a sample written through ``keep()`` comes out
as the same rows.
"""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tests.bench._book_data import CHUNK, chunk

from licensedesk.book.postgres_book import TRIGRAM_INDEX, PostgresBook
from licensedesk.book.sql import COLUMNS, row
from licensedesk.book.sqlite_book import SqliteBook

Row = tuple[Any, ...]


def _text(moment: datetime | None) -> str | None:
    """A time as the SQLite book writes it (fixed-width UTC ISO); :func:`same_as_kept`
    checks that it is."""
    return None if moment is None else moment.astimezone(UTC).isoformat(timespec="seconds")


def _rows(span: tuple[int, int]) -> list[Row]:
    return [row(s, _text(s.seen_at), _text(s.end_at)) for s in chunk(*span)]


def made(start: int, stop: int, say: str) -> Iterator[list[Row]]:
    """The rows of licences ``start`` to ``stop``, a chunk at a time, made on every CPU."""
    spans = [(i, min(i + CHUNK, stop)) for i in range(start, stop, CHUNK)]
    begun, done = time.perf_counter(), 0
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        for rows in pool.imap(_rows, spans):
            yield rows
            done += len(rows)
            if done % 100_000 < CHUNK:
                print(
                    f"    {say}: {start + done:,} licences ({time.perf_counter() - begun:.0f} s)",
                    flush=True,
                )


class SqliteFill:
    """Rows straight into ``book_licences``; the FTS indexes rebuilt after (faster than
    their triggers, row by row). No ANALYZE: a desk's file has none either."""

    def __init__(self, path: Path) -> None:
        book = SqliteBook(path)
        book.migrate()
        book.close()
        self.db = sqlite3.connect(path, isolation_level=None)
        self.insert = (
            f"INSERT INTO book_licences ({', '.join(COLUMNS)}) "
            f"VALUES ({', '.join('?' * len(COLUMNS))})"
        )

    def add(self, start: int, stop: int) -> float:
        """Seconds to write licences ``start`` to ``stop`` and index the whole book."""
        begun = time.perf_counter()
        triggers = self.db.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND "
            "tbl_name = 'book_licences' AND sql LIKE '%AFTER INSERT%'"
        ).fetchall()
        indexes = [
            name
            for (name,) in self.db.execute(
                "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%' "
                "AND sql LIKE '%content=''book_licences''%'"
            )
        ]
        for name, _sql in triggers:
            self.db.execute(f"DROP TRIGGER {name}")
        self.db.execute("BEGIN")
        for rows in made(start, stop, "SQLite"):
            self.db.executemany(self.insert, rows)
        self.db.execute("COMMIT")
        for name in indexes:
            self.db.execute(f"INSERT INTO {name} ({name}) VALUES ('rebuild')")
        for _name, sql in triggers:
            self.db.execute(sql)
        return time.perf_counter() - begun

    def rows(self, start: int, stop: int) -> Iterator[Row]:
        """The written rows of licences ``start`` to ``stop``, for PostgreSQL."""
        yield from self.db.execute(
            f"SELECT {', '.join(COLUMNS)} FROM book_licences WHERE id > ? AND id <= ? ORDER BY id",
            (start, stop),
        )

    def close(self) -> None:
        self.db.close()


class PostgresFill:
    """The SQLite book's rows copied into PostgreSQL (``COPY``); the trigram index made
    after."""

    def __init__(self, url: str) -> None:
        import psycopg

        book = PostgresBook(url)
        book.migrate()
        book.close()
        self.db = psycopg.connect(url, autocommit=True)
        self.db.execute("SET maintenance_work_mem = '512MB'")

    def add(self, source: SqliteFill, start: int, stop: int) -> float:
        begun = time.perf_counter()
        for statement in TRIGRAM_INDEX[1:]:  # "CREATE INDEX IF NOT EXISTS name ON …"
            self.db.execute(f"DROP INDEX IF EXISTS {statement.split()[5]}")
        with (
            self.db.cursor() as cur,
            cur.copy(f"COPY book_licences ({', '.join(COLUMNS)}) FROM STDIN") as copy,
        ):
            for i, values in enumerate(source.rows(start, stop), start + 1):
                copy.write_row(values)
                if i % 250_000 == 0:
                    print(
                        f"    PostgreSQL: {i:,} licences ({time.perf_counter() - begun:.0f} s)",
                        flush=True,
                    )
        for statement in TRIGRAM_INDEX[1:]:
            self.db.execute(statement)
        self.db.execute("VACUUM ANALYZE book_licences")
        return time.perf_counter() - begun

    def close(self) -> None:
        self.db.close()


def same_as_kept(sqlite_path: Path, url: str | None, tmp: Path, sample: int = 500) -> str:
    """The first ``sample`` licences through each store's own ``keep()``: into an empty
    SQLite book (its rows must equal the bulk-written ones), and over the PostgreSQL
    book's rows (which must not change). Returns what differs ("" if nothing)."""
    sightings = list(chunk(0, sample))
    serials = [s.serial for s in sightings]
    cols = ", ".join(COLUMNS)
    kept = SqliteBook(tmp / "kept.sqlite3")
    kept.migrate()
    kept.keep(sightings)
    kept.close()
    with sqlite3.connect(tmp / "kept.sqlite3") as a, sqlite3.connect(sqlite_path) as b:
        ours = a.execute(f"SELECT {cols} FROM book_licences ORDER BY serial").fetchall()
        bulk = b.execute(
            f"SELECT {cols} FROM book_licences WHERE serial IN "
            f"({', '.join('?' * sample)}) ORDER BY serial",
            serials,
        ).fetchall()
    if ours != bulk:
        return "SQLite: the bulk-written rows differ from keep()'s"
    if url is None:
        return ""
    import psycopg

    query = f"SELECT {cols} FROM book_licences WHERE serial = ANY(%s) ORDER BY serial"
    pg = PostgresBook(url)
    with psycopg.connect(url, autocommit=True) as db:
        before = db.execute(query, (serials,)).fetchall()
        pg.keep(sightings)  # over the same licences: keep() writes them again
        after = db.execute(query, (serials,)).fetchall()
    pg.close()
    if len(before) != sample or before != after:
        return "PostgreSQL: the copied rows differ from keep()'s"
    return ""
