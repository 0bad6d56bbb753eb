"""The local SQLite file the history and the licence book share: one class for both.

:class:`SqliteDatabase` owns the file's connection, its transactions, its migrations,
its failures said in one sentence (what could not be done, and :func:`cause`), and
emptying its write-ahead log after an erasure. A feature's store subclasses it and
says only its sentences, its schema steps and its SQL.

WAL with ``synchronous=NORMAL``: readers never wait for a writer, and another window
or a CLI command may write the same file at the same time (they queue on SQLite's
lock, :data:`BUSY_TIMEOUT`). A committed write survives a crash of the process; a power
cut may lose the last transactions (the price of NORMAL instead of FULL).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from licensedesk import clock
from licensedesk.i18n import _

from .errors import StoreError
from .migrations import Steps, VersionTable, apply

__all__ = ["SqliteDatabase", "cause", "connect", "immediate", "time_text"]

T = TypeVar("T")
#: SQLite's primary result codes (an extended code's low byte) a person can act on
_BUSY, _LOCKED, _READONLY, _FULL, _CANTOPEN = 5, 6, 8, 13, 14
#: seconds a statement waits for another program's lock on the file before it fails
BUSY_TIMEOUT = 5.0


def time_text(moment: datetime, timespec: str = "microseconds") -> str:
    """A time as the stores write it in the file: fixed-width UTC ISO text, so that text
    order is time order."""
    return moment.astimezone(UTC).isoformat(timespec=timespec)


def connect(path: Path) -> sqlite3.Connection:
    """A connection to ``path`` (made with its folder when missing), in WAL mode.
    Raises OSError or sqlite3.Error."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: no implicit transactions, each write says BEGIN itself;
    # check_same_thread=False: a store's worker thread owns it, one at a time.
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False)
    try:
        _into_wal(db)
        db.execute("PRAGMA synchronous=NORMAL")
        # what is deleted or replaced is overwritten, not left in free pages: erasing a
        # licensee's personal data leaves no copy in the file
        db.execute("PRAGMA secure_delete=ON")
    except sqlite3.Error:
        db.close()
        raise
    return db


def _into_wal(db: sqlite3.Connection) -> None:
    """``PRAGMA journal_mode=WAL``, tried again until the busy timeout: while another
    process turns a new file into WAL, SQLite answers "database is locked" at once,
    without waiting on its busy handler (two desks or commands starting together)."""
    give_up = time.monotonic() + BUSY_TIMEOUT
    pause = 0.005
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            if time.monotonic() + pause > give_up:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


@contextlib.contextmanager
def immediate(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction: ``BEGIN IMMEDIATE`` (the write lock taken at once, so two
    writers queue on the busy handler instead of failing at their first write), then
    ``COMMIT``; ``ROLLBACK`` when the block or the commit raises. The error raised is the
    first one: a full disk or an I/O error during COMMIT makes SQLite roll the transaction
    back itself, and our ROLLBACK's own "cannot rollback - no transaction is active" would
    hide why."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise


def cause(exc: BaseException, path: Path | None = None) -> str:
    """Why the file at ``path`` could not be used, as a person can act on it: another
    program holds its lock, the disk is full, the file or its folder is read-only; else
    the database's or the system's own words. (SQLite says only "unable to open database
    file" when WAL's files cannot be made beside it: the folder is asked then.)"""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    number = getattr(exc, "errno", None)
    if primary in (_BUSY, _LOCKED):
        return _("locked by another program")
    if primary == _FULL or number in (errno.ENOSPC, errno.EDQUOT):
        return _("the disk is full")
    if primary == _READONLY or number == errno.EROFS or _read_only(primary, path):
        return _("read-only")
    if number in (errno.EACCES, errno.EPERM):
        return _("permission denied")
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def _read_only(primary: int | None, path: Path | None) -> bool:
    """The file could not be opened because it, or the folder its WAL files go in, may
    not be written."""
    if primary != _CANTOPEN or path is None:
        return False
    folder_ok = os.access(path.parent, os.W_OK)
    return not folder_ok or (path.exists() and not os.access(path, os.W_OK))


class SqliteDatabase:
    """One connection to the SQLite file at ``path``, opened at its first use. A store
    subclasses it and sets the class attributes below; its methods raise
    :class:`StoreError` with the store's sentence for what failed."""

    #: "the history file {path}": where, for logs and reprs (never in a sentence: those
    #: are said whole, :attr:`FAILED`)
    LABEL: ClassVar[str]
    #: each failure said whole by what could not be done ("opened", "read", "written"),
    #: with ``{path}`` and ``{problem}`` (marked with ``N_``)
    FAILED: ClassVar[Mapping[str, str]]
    #: a schema newer than this version knows: ``{path}``, ``{schema}``, ``{known}``
    NEWER: ClassVar[str]
    MIGRATIONS: ClassVar[Steps]
    VERSION_TABLE: ClassVar[str]
    #: skip the write lock when the schema is at its last step (:meth:`migrate`)
    FAST: ClassVar[bool] = False
    #: how precisely a migration step's time is written in the version table
    STAMP: ClassVar[str] = "microseconds"

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.label = self.LABEL.format(path=self.path)
        self._db: sqlite3.Connection | None = None
        #: sees each read's statement and parameters (the benchmark replays them)
        self.trace: Callable[[str, Any], None] | None = None

    # ------------------------------------------------------------ connection

    def _fail(self, doing: str, exc: BaseException) -> StoreError:
        return StoreError(
            _(self.FAILED[doing]).format(path=self.path, problem=cause(exc, self.path))
        )

    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            try:
                self._db = connect(self.path)
            except (OSError, sqlite3.Error) as exc:
                raise self._fail("opened", exc) from None
        return self._db

    @property
    def broken(self) -> bool:
        return False

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.path}>"

    # ------------------------------------------------------------ statements

    def _read(self, sql: str, params: Any = ()) -> list[Any]:
        """The rows of one statement."""
        if self.trace is not None:
            self.trace(sql, params)
        return self._asking(lambda db: db.execute(sql, params).fetchall())

    def _asking(self, ask: Callable[[sqlite3.Connection], T], *, doing: str = "read") -> T:
        """What ``ask`` makes of the connection (a module's statements on it)."""
        try:
            return ask(self._conn())
        except sqlite3.Error as exc:
            raise self._fail(doing, exc) from None

    def execute_write(self, sql: str, params: Any = ()) -> int:
        """One statement that changes rows; how many."""
        return self._asking(lambda db: db.execute(sql, params).rowcount, doing="written")

    @contextlib.contextmanager
    def _writing(self, *, doing: str = "written") -> Iterator[sqlite3.Connection]:
        """One write transaction (:func:`immediate`) on the connection it yields."""
        db = self._conn()
        try:
            with immediate(db):
                yield db
        except sqlite3.Error as exc:
            raise self._fail(doing, exc) from None

    def read_pages(self, sql: str, params: list[Any], size: int) -> Iterator[list[Any]]:
        """The rows of ``sql`` ``size`` at a time, from one cursor: one snapshot, and only
        a page in memory however many rows match."""
        try:
            cursor = self._conn().execute(sql, params)
            while rows := cursor.fetchmany(size):
                yield rows
        except sqlite3.Error as exc:
            raise self._fail("read", exc) from None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """One transaction around reads and writes (a read snapshot that a later write
        keeps: SQLite refuses the write when another one came between)."""
        db = self._conn()
        try:
            db.execute("BEGIN")
        except sqlite3.Error as exc:
            raise self._fail("written", exc) from None
        try:
            yield
            db.execute("COMMIT")
        except BaseException as exc:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise self._fail("written", exc) from None
            raise

    # ------------------------------------------------------------ schema

    def _beside(self, db: sqlite3.Connection) -> None:
        """What is kept beside the schema, not a step of it: made in the migrations'
        transaction after them."""

    def migrate(self) -> int:
        """The steps above the stored version under ``BEGIN IMMEDIATE`` (two processes
        opening a new file at once apply them once), then :meth:`_beside`. ``FAST``: when
        the stored version is already the last, return it without the write lock (every
        start but the first)."""
        db, steps, table = self._conn(), self.MIGRATIONS, self.VERSION_TABLE
        if self.FAST:
            try:
                found = db.execute(f"SELECT max(version) FROM {table}").fetchone()
                if found and found[0] == steps[-1][0]:
                    return int(found[0])
            except sqlite3.OperationalError:
                pass  # no such table yet: made below
        kind = VersionTable(
            "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)",
            "INSERT INTO {table} VALUES (?, ?)",
            lambda v: (v, time_text(clock.now(), self.STAMP)),
        )
        with self._writing() as db:
            current = apply(db, steps, table=table, kind=kind, newer=self._newer)
            self._beside(db)
        return current

    def _newer(self, schema: int, known: int) -> str:
        return _(self.NEWER).format(path=self.path, schema=schema, known=known)

    # ------------------------------------------------------------ erasing

    def _empty_log(self) -> tuple[str, ...]:
        """Copy the write-ahead log into the file and empty it (the log still holds the
        pages as they were before an erasure). Another program's read keeps the log as
        it is until it ends: then say so (``("wal",)``) rather than call the file clean."""
        try:
            busy, _log, _copied = self._conn().execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except sqlite3.Error:
            return ("wal",)
        return ("wal",) if busy else ()
