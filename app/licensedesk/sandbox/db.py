"""SQLite schema and a small connection pool.

One connection per request would pay the PRAGMA set-up every time; a pool keeps
connections warm. Writes run inside ``BEGIN IMMEDIATE`` so two concurrent writers
(e.g. two upgrades of the same licence) serialise instead of racing.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS dealers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS products (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    code TEXT NOT NULL UNIQUE,
    filename TEXT NOT NULL,
    key TEXT NOT NULL,
    signature TEXT NOT NULL,
    signature_trial TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1,
    max_host_count INTEGER NOT NULL DEFAULT 1,
    version_code TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS skus (
    id INTEGER PRIMARY KEY,
    number TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    url TEXT,
    image_url TEXT,
    sku_upgrade TEXT NOT NULL DEFAULT '',
    definer TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS sku_products (
    sku_id INTEGER NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    PRIMARY KEY (sku_id, product_id)
);
CREATE TABLE IF NOT EXISTS licenses (
    id INTEGER PRIMARY KEY,
    serial TEXT NOT NULL UNIQUE,
    dealer_id INTEGER NOT NULL REFERENCES dealers(id),
    sku_id INTEGER NOT NULL REFERENCES skus(id),
    name TEXT,
    email TEXT,
    type TEXT NOT NULL CHECK (type IN ('perpetual', 'subscription', 'trial')),
    start_at INTEGER,
    end_at INTEGER,
    registered INTEGER NOT NULL DEFAULT 0,
    offline_distribution INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS activations (
    id INTEGER PRIMARY KEY,
    license_id INTEGER NOT NULL REFERENCES licenses(id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    activated INTEGER NOT NULL DEFAULT 1,
    host_id TEXT NOT NULL,
    device_tag TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS activations_by_license
    ON activations (license_id, product_id, host_id);
CREATE TABLE IF NOT EXISTS credentials (
    app_id TEXT PRIMARY KEY,
    api_key_hash TEXT NOT NULL,
    can_read INTEGER NOT NULL DEFAULT 0,
    can_write INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);
"""


def now() -> int:
    """Current time as unix seconds (the sandbox's only clock)."""
    return int(time.time())


def stamp(unix: int | None = None) -> str:
    """``YYYY-MM-DD HH:MM:SS`` in UTC, the spec's created_at/updated_at format."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(now() if unix is None else unix))


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA busy_timeout = 30000")
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


def initialise(path: Path | str) -> None:
    """Create the schema (idempotent) and switch the file to WAL mode."""
    conn = _connect(Path(path))
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.executescript(SCHEMA)
    finally:
        conn.close()


class Database:
    """A pool of connections to one SQLite file, safe to use from worker threads."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        initialise(self.path)
        self._idle: list[sqlite3.Connection] = []
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._closed = False

    @contextmanager
    def _borrow(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._closed:
                raise RuntimeError("database is closed")
            conn = self._idle.pop() if self._idle else None
        if conn is None:
            conn = _connect(self.path)
            with self._lock:
                self._all.append(conn)
        try:
            yield conn
        finally:
            if conn.in_transaction:
                conn.rollback()
            with self._lock:
                if self._closed:
                    conn.close()
                else:
                    self._idle.append(conn)

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A connection in autocommit mode, for requests that only read."""
        with self._borrow() as conn:
            yield conn

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed on success, rolled back on error."""
        with self._borrow() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.rollback()
                raise
            conn.commit()

    def close(self) -> None:
        """Close every idle connection; borrowed ones close when they come back."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
