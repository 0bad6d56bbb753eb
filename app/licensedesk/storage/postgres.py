"""A team's PostgreSQL database, which the history and the licence book share: one class
for both (psycopg 3).

:class:`PostgresDatabase` owns a connection (autocommit: one statement, one
transaction, unless a block asks for more), opened again when the server dropped it;
the migrations (one transaction under ``pg_advisory_xact_lock``: two desks starting
together against an empty database apply each step once, the second waits and finds
it done); its failures said in one sentence, without the password; what this user
may do with a store's tables; and ``VACUUM`` after an erasure. A feature's store
subclasses it and says only its sentences, its schema steps and its SQL.

The password is never part of the URL kept in the settings: it comes from the OS
keyring and is passed to libpq on its own. Sentences name the database as
``user@host:port/db``. psycopg is imported by this module and the stores that
subclass it only, so that the local store and ``--help`` never load it.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, NamedTuple, TypeVar

import psycopg

from licensedesk.i18n import _

from .errors import StoreError
from .migrations import Steps, VersionTable, apply
from .scrub import register_secret, scrub_text
from .settings import describe_team_url

__all__ = [
    "CONNECT_TIMEOUT",
    "REWRITE_WAIT",
    "PostgresDatabase",
    "Tables",
    "all_there",
    "connect",
    "make_beside",
    "unchanged",
]

# psycopg reports what it gives up on while leaving a broken pipeline ("error ignored
# terminating <psycopg.Pipeline [BAD] …>") on its logger. Where nothing handles that
# logger (the command line), Python's last-resort handler printed it raw on stderr,
# after or before our own sentence; the window's log file still receives it.
logging.getLogger("psycopg").addHandler(logging.NullHandler())

T = TypeVar("T")
CONNECT_TIMEOUT = 5  # seconds; libpq's own
#: seconds an erasure's VACUUM FULL waits for another connection's lock on a table
REWRITE_WAIT = 5

#: PostgreSQL fills in each step's time itself
_VERSIONS = VersionTable(
    "(version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    "INSERT INTO {table} (version) VALUES (%s)",
    lambda v: (v,),
)
_CURSORS = itertools.count(1)


def unchanged(moment: T) -> T:
    """A time as a store passes it to a ``timestamptz`` and reads it back: psycopg takes
    and gives an aware datetime, so there is nothing to convert (the SQLite stores write
    text: :func:`licensedesk.storage.sqlite.time_text`)."""
    return moment


def connect(url: str, password: str | None, connect_timeout: int) -> psycopg.Connection:
    """An autocommit connection that reads times in UTC (the history's and the book's).
    Raises psycopg.Error."""
    extra: dict[str, Any] = {"password": password} if password else {}
    db = psycopg.connect(
        url,
        autocommit=True,
        connect_timeout=connect_timeout,
        application_name="licensedesk",
        **extra,
    )
    try:
        # times come back in UTC (not as a libpq "options" argument: that would replace
        # the team's own ?options=, e.g. a search_path)
        db.execute("SET TIME ZONE 'UTC'")
    except psycopg.Error:
        db.close()
        raise
    return db


def all_there(db: psycopg.Connection | psycopg.Cursor, names: Iterable[str]) -> bool:
    """Whether every relation ``names`` names (a table, an index) is there."""
    row = db.execute(
        "SELECT bool_and(to_regclass(n) IS NOT NULL) FROM unnest(%s::text[]) AS n", (list(names),)
    ).fetchone()
    return bool(row and row[0])


def make_beside(
    db: psycopg.Connection,
    statements: Iterable[str],
    ready: Callable[[psycopg.Connection], bool],
    *,
    lock: int | None = None,
) -> bool:
    """Make what a store keeps beside its schema (pg_trgm, a search index or its
    function) when ``ready`` says it is missing, in a transaction of its own (a
    savepoint inside another: a refusal leaves the rest applied), under the advisory
    ``lock`` when given (two desks starting together make it once). False when the
    server refuses (no right, the extension not installed): the store works without
    it, by reading every row. Every open but the first only asks ``ready`` (a role that
    may only read is never refused)."""
    if ready(db):
        return True
    try:
        with db.transaction():
            if lock is not None:
                db.execute("SELECT pg_advisory_xact_lock(%s)", (lock,))
                if ready(db):
                    return True
            for statement in statements:
                db.execute(statement)  # type: ignore[call-overload]
    except (
        psycopg.errors.InsufficientPrivilege,
        psycopg.errors.UndefinedFile,  # the extension is not installed on the server
        psycopg.errors.FeatureNotSupported,
        psycopg.errors.UniqueViolation,  # another desk made it at the same moment
    ):
        return ready(db)
    return True


class Tables(NamedTuple):
    """A store's tables as one user finds them (:meth:`PostgresDatabase.tables_facts`)."""

    there: bool  # every one of them exists
    current: bool  # at this version's last schema step: nothing to set up
    writes: bool  # this user may insert and update their rows
    owned: bool  # this user owns them: may bring an older schema up to date


class PostgresDatabase:
    """One connection to the PostgreSQL database at ``url`` (``postgresql://user@host:
    port/db``, no password in it; ``password``: from the keyring, or None), opened at
    its first use and again after the server dropped it. A store subclasses it and sets
    the class attributes below; its methods raise :class:`StoreError` with the store's
    sentence for what failed (``network`` set when the server could not be reached)."""

    #: "the team database {where}": for logs and reprs (a sentence says it whole)
    LABEL: ClassVar[str]
    #: each failure said whole by what could not be done ("reached", "opened", "set up",
    #: "read", "written"), with ``{where}`` and ``{problem}`` (marked with ``N_``)
    FAILED: ClassVar[Mapping[str, str]]
    #: a schema newer than this version knows: ``{where}``, ``{schema}``, ``{known}``
    NEWER: ClassVar[str]
    MIGRATIONS: ClassVar[Steps]
    VERSION_TABLE: ClassVar[str]
    #: the migrations' advisory lock: one constant every License Desk uses per store
    LOCK_KEY: ClassVar[int]

    def __init__(
        self, url: str, *, password: str | None = None, connect_timeout: int = CONNECT_TIMEOUT
    ) -> None:
        self.url = url
        self.label = self.LABEL.format(where=describe_team_url(url))
        self._password = password
        register_secret(password)
        self._connect_timeout = connect_timeout
        self._db: psycopg.Connection | None = None
        #: sees each read's statement and parameters (the benchmark replays them)
        self.trace: Any = None

    # ------------------------------------------------------------ connection

    def _fail(self, doing: str, exc: BaseException) -> StoreError:
        """The clause for a failure while ``doing``; the "reached" one when the server
        could not be reached; no password in it."""
        text = str(exc).strip().splitlines()
        why = scrub_text(text[0] if text else type(exc).__name__) or type(exc).__name__
        network = isinstance(exc, psycopg.OperationalError)
        clause = self.FAILED["reached" if network else doing]
        where = describe_team_url(self.url)
        return StoreError(_(clause).format(where=where, problem=why), network=network)

    def _connect(self) -> psycopg.Connection:
        """A new connection of its own (a long build beside the store's). Raises
        StoreError."""
        try:
            return connect(self.url, self._password, self._connect_timeout)
        except psycopg.Error as exc:
            raise self._fail("opened", exc) from None

    def _conn(self) -> psycopg.Connection:
        if self._db is None or self._db.closed:
            self._db = self._connect()
        return self._db

    @property
    def broken(self) -> bool:
        return self._db is not None and (self._db.closed or self._db.broken)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {describe_team_url(self.url)}>"

    # ------------------------------------------------------------ statements

    def _read(self, sql: str, params: Any = None, *, prepare: bool | None = None) -> list[Any]:
        """The rows of one statement."""
        if self.trace is not None:
            self.trace(sql, params)
        return self._asking(lambda db: db.execute(sql, params, prepare=prepare).fetchall())  # type: ignore[arg-type]

    def _asking(self, ask: Callable[[psycopg.Connection], T], *, doing: str = "read") -> T:
        """What ``ask`` makes of the connection (a module's statements on it)."""
        try:
            return ask(self._conn())
        except psycopg.Error as exc:
            raise self._fail(doing, exc) from None

    def execute_write(self, sql: str, params: Any = None) -> int:
        """One statement that changes rows; how many."""
        changed = self._asking(lambda db: db.execute(sql, params).rowcount, doing="written")  # type: ignore[arg-type]
        return max(changed, 0)

    @contextlib.contextmanager
    def _writing(self, *, doing: str = "written") -> Iterator[psycopg.Cursor]:
        """One transaction, on the cursor it yields."""
        db = self._conn()
        try:
            with db.transaction(), db.cursor() as cur:
                yield cur
        except psycopg.Error as exc:
            raise self._fail(doing, exc) from None

    def read_pages(self, sql: str, params: list[Any], size: int) -> Iterator[list[Any]]:
        """The rows of ``sql`` ``size`` at a time from a server-side cursor (one snapshot;
        only a page crosses the network at a time, however many rows match)."""
        db = self._conn()
        name = f"ld_pages_{next(_CURSORS)}"
        try:
            with db.transaction(), db.cursor(name=name) as cursor:
                cursor.execute(sql, params)  # type: ignore[arg-type]
                while rows := cursor.fetchmany(size):
                    yield rows
        except psycopg.Error as exc:
            raise self._fail("read", exc) from None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """One REPEATABLE READ transaction: what it read is what a later write in it sees
        (a row changed by another desk meanwhile makes the write fail, not guess)."""
        db = self._conn()
        try:
            with db.transaction():
                db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                yield
        except psycopg.Error as exc:
            raise self._fail("written", exc) from None

    # ------------------------------------------------------------ schema

    def _beside(self, db: psycopg.Connection) -> None:
        """What is kept beside the schema, not a step of it: made in the migrations'
        transaction after them, or alone when there is nothing to migrate
        (:func:`make_beside`)."""

    def migrate(self) -> int:
        """The steps in one transaction under ``pg_advisory_xact_lock(LOCK_KEY)``, then
        :meth:`_beside` in it.

        A schema already at the last step is only read: no lock, no ``CREATE … IF NOT
        EXISTS`` (which asks for the right to create even when the table is there), so a
        role that may only read uses a database another desk set up; :meth:`_beside`
        still runs, on its own (it makes what it can)."""
        db, steps, table = self._conn(), self.MIGRATIONS, self.VERSION_TABLE
        try:
            stored, known = _stored_version(db, table), steps[-1][0]
            if stored is not None and stored > known:
                raise StoreError(self._newer(stored, known))
            if stored == known:
                self._beside(db)
                return known
            with db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(%s)", (self.LOCK_KEY,))
                current = apply(db, steps, table=table, kind=_VERSIONS, newer=self._newer)
                self._beside(db)
        except psycopg.Error as exc:
            raise self._fail("set up", exc) from None
        return current

    def _newer(self, schema: int, known: int) -> str:
        where = describe_team_url(self.url)
        return _(self.NEWER).format(where=where, schema=schema, known=known)

    def tables_facts(
        self,
        tables: tuple[str, ...],
        version_table: str,
        known: int,
        sequences: tuple[str, ...] = (),
    ) -> Tables:
        """What this user may do with ``tables`` (a store's, versioned in
        ``version_table``, whose last step is ``known``): there, current, writable, its
        own to bring up to date. Read through PostgreSQL's privilege functions: nothing
        is tried, nothing changed. ``sequences``: those an insert draws from (a
        ``bigserial``'s)."""
        return self._asking(lambda db: _tables_facts(db, tables, version_table, known, sequences))

    # ------------------------------------------------------------ erasing

    def _vacuum(self, touched: list[str], erasure: str) -> tuple[str, ...]:
        """Remove the old row versions that held the erased text now, not at the next
        autovacuum: ``VACUUM FULL`` writes each ``touched`` table (its indexes, the
        trigram ones too, and its TOAST table) anew, because a plain VACUUM frees a dead
        row's space without overwriting it. It locks each table for the moment it takes:
        when another connection holds one (or takes one it holds longer than
        :data:`REWRITE_WAIT`), a plain VACUUM instead. The planner's statistics (a sample of the columns, names among
        them) are made anew. Says what it could not remove
        (:attr:`~licensedesk.book.erase.Forgotten.left`): a connection whose snapshot is
        older than the ``erasure`` (its transaction id) may still read the old versions,
        and VACUUM keeps them (FULL copies them); a table this role may not vacuum is
        skipped."""
        db = self._conn()
        tables = ", ".join(touched)
        left: list[str] = []
        try:
            readers = db.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND age(backend_xmin) >= age(%s::xid) "
                "AND backend_type IS DISTINCT FROM 'autovacuum worker'",
                (erasure,),
            ).fetchone()
            not_owned = db.execute(
                "SELECT count(*) FROM pg_class WHERE oid = ANY(%s::regclass[]) "
                "AND NOT pg_has_role(relowner, 'USAGE') AND NOT pg_has_role((SELECT datdba "
                "FROM pg_database WHERE datname = current_database()), 'USAGE')",
                (touched,),
            ).fetchone()
            # a table another connection holds now is not waited for at all; the lock
            # timeout covers one taken between this look and the VACUUM (the server's timer)
            held = db.execute(
                "SELECT count(*) FROM pg_locks WHERE relation = ANY(%s::regclass[]) "
                "AND pid <> pg_backend_pid() AND granted",
                (touched,),
            ).fetchone()
            db.execute(f"SET lock_timeout = '{REWRITE_WAIT}s'")  # type: ignore[call-overload]
            try:
                if held and held[0]:
                    raise psycopg.errors.LockNotAvailable
                db.execute(f"VACUUM (FULL, ANALYZE) {tables}")  # type: ignore[call-overload]
            except psycopg.errors.LockNotAvailable:
                left.append("rewrite")
                db.execute("RESET lock_timeout")
                db.execute(f"VACUUM (ANALYZE) {tables}")  # type: ignore[call-overload]
            finally:
                db.execute("RESET lock_timeout")
        except psycopg.Error:
            return ("vacuum",)
        if readers and readers[0]:
            left.append("readers")
        if not_owned and not_owned[0]:
            left.append("owner")
        return tuple(left)


def _tables_facts(
    db: psycopg.Connection,
    tables: tuple[str, ...],
    version_table: str,
    known: int,
    sequences: tuple[str, ...],
) -> Tables:
    if not all_there(db, tables):
        return Tables(there=False, current=False, writes=False, owned=False)
    row = db.execute(
        "SELECT bool_and(has_table_privilege(t, 'INSERT') AND has_table_privilege(t, 'UPDATE')),"
        " bool_and(pg_has_role(c.relowner, 'USAGE')) FROM unnest(%s::text[]) AS t"
        " JOIN pg_class c ON c.oid = to_regclass(t)",
        (list(tables),),
    ).fetchone()
    writes, owned = (bool(row[0]), bool(row[1])) if row else (False, False)
    for sequence in sequences:
        usable = db.execute("SELECT has_sequence_privilege(%s, 'USAGE')", (sequence,))
        writes = writes and bool(usable.fetchone()[0])
    current = _stored_version(db, version_table) == known
    return Tables(there=True, current=current, writes=writes, owned=owned)


def _stored_version(db: psycopg.Connection, table: str) -> int | None:
    """The version stored in the version ``table``; None when there is no such table yet."""
    if not all_there(db, [table]):
        return None
    row = db.execute(f"SELECT max(version) FROM {table}").fetchone()  # type: ignore[call-overload]
    return None if row is None or row[0] is None else int(row[0])
