"""Opening the local SQLite file the history and the licence book share.

WAL with ``synchronous=NORMAL``: readers never wait for a writer, and another window
or a CLI command may write the same file at the same time (they queue on SQLite's
lock, ``busy_timeout``). A committed write survives a crash of the process; a power
cut may lose the last transactions (the price of NORMAL instead of FULL).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from licensedesk.i18n import _

__all__ = ["cause", "connect", "immediate"]

#: SQLite's primary result codes (an extended code's low byte) a person can act on
_BUSY, _LOCKED, _READONLY, _FULL, _CANTOPEN = 5, 6, 8, 13, 14


def connect(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """A connection to ``path`` (made with its folder when missing), in WAL mode.
    Raises OSError or sqlite3.Error."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: no implicit transactions, each write says BEGIN itself;
    # check_same_thread=False: a store's worker thread owns it, one at a time.
    db = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None, check_same_thread=False)
    try:
        _into_wal(db, busy_timeout)
        db.execute("PRAGMA synchronous=NORMAL")
        # what is deleted or replaced is overwritten, not left in free pages: erasing a
        # licensee's personal data leaves no copy in the file
        db.execute("PRAGMA secure_delete=ON")
    except sqlite3.Error:
        db.close()
        raise
    return db


def _into_wal(db: sqlite3.Connection, busy_timeout: float) -> None:
    """``PRAGMA journal_mode=WAL``, tried again until the busy timeout: while another
    process turns a new file into WAL, SQLite answers "database is locked" at once,
    without waiting on its busy handler (two desks or commands starting together)."""
    give_up = time.monotonic() + busy_timeout
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
def immediate(db: sqlite3.Connection, *, keep: bool = True) -> Iterator[sqlite3.Connection]:
    """One write transaction: ``BEGIN IMMEDIATE`` (the write lock taken at once, so two
    writers queue on the busy handler instead of failing at their first write), then
    ``COMMIT`` (``ROLLBACK`` when not ``keep``: a dry run); ``ROLLBACK`` when the block
    or the commit raises. The error raised is the first one: a full disk or an I/O error
    during COMMIT makes SQLite roll the transaction back itself, and our ROLLBACK's own
    "cannot rollback - no transaction is active" would hide why."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT" if keep else "ROLLBACK")
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
