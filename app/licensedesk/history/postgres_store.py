"""A team's history: one PostgreSQL table that every desk writes (psycopg 3).

- Each entry is one transaction (autocommit: one statement each), so desks on
  several machines write at once without waiting for each other; ids are UUIDs
  made on the desks, so there is nothing to coordinate.
- The schema is created and migrated by the app, in one transaction under
  ``pg_advisory_xact_lock``: two desks starting together against an empty
  database apply each step once, the second waits and finds it done.
- The password is never part of the URL kept in the settings: it comes from the
  OS keyring and is passed to libpq on its own. Sentences name the database as
  ``user@host:port/db``.

psycopg is imported here only, so that the local store and ``--help`` never load it.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any, NamedTuple

import psycopg
from psycopg.types.json import Jsonb

from licensedesk.i18n import N_, _

from .migrations import migrate_postgres
from .model import Entry, HistoryQuery
from .postgres_pages import PostgresPages
from .scrub import clean_entry, register_secret, scrub_text
from .settings import describe_team_url
from .sql import SELECT, WRITTEN, EntryList, entries_from_rows, order_and_limit, other_serial
from .store import StoreError

__all__ = [
    "LOCK_KEY",
    "MIGRATIONS",
    "PostgresStore",
    "ServerFacts",
    "Tables",
    "connect",
    "store_error",
    "tables_facts",
]

# psycopg reports what it gives up on while leaving a broken pipeline ("error ignored
# terminating <psycopg.Pipeline [BAD] …>") on its logger. Where nothing handles that
# logger (the command line), Python's last-resort handler printed it raw on stderr,
# after or before our own sentence; the window's log file still receives it.
logging.getLogger("psycopg").addHandler(logging.NullHandler())

#: The advisory lock of the migrations: one constant every License Desk uses
#: ("LDHISTMG" in ASCII, a positive bigint).
LOCK_KEY = 0x4C44_4849_5354_4D47
CONNECT_TIMEOUT = 5  # seconds; libpq's own

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE history (
            id uuid PRIMARY KEY,
            time timestamptz NOT NULL,
            user_name text NOT NULL,
            display_name text,
            machine text NOT NULL,
            profile text,
            service text,
            action text NOT NULL,
            serial text,
            activation_ids bigint[] NOT NULL DEFAULT '{}',
            product text,
            before_json jsonb,
            outcome text NOT NULL,
            detail text,
            counts jsonb,
            finished timestamptz
        );
        CREATE INDEX history_serial_time ON history (serial, time, id);
        CREATE INDEX history_time ON history (time, id);
        CREATE INDEX history_user_time ON history (user_name, time, id);
        CREATE INDEX history_action_time ON history (action, time, id);
    """,
    ),
    (
        2,
        """
        ALTER TABLE history ADD COLUMN other_serial text;
        UPDATE history SET other_serial = before_json ->> 'upgrade_serial'
            WHERE action = 'upgrade';
        CREATE INDEX history_other_serial_time ON history (other_serial, time, id);
    """,
    ),
)

#: each failure said whole (a clause: StoreError), by what could not be done
_FAILED = {
    "reached": N_("the team database {where} cannot be reached ({problem})"),
    "opened": N_("the team database {where} cannot be opened ({problem})"),
    "set up": N_("the team database {where} cannot be set up ({problem})"),
    "read": N_("the team database {where} cannot be read ({problem})"),
    "written": N_("the team database {where} cannot be written ({problem})"),
}
_VALUES = ", ".join(["%s"] * len(WRITTEN))
_UPSERT = (
    f"INSERT INTO history ({', '.join(WRITTEN)}) VALUES ({_VALUES}) ON CONFLICT (id) DO UPDATE "
    "SET " + ", ".join(f"{c} = excluded.{c}" for c in WRITTEN[1:])
)
_INSERT_NEW = (
    f"INSERT INTO history ({', '.join(WRITTEN)}) VALUES ({_VALUES}) ON CONFLICT (id) DO NOTHING"
)


def _row(entry: Entry) -> tuple[Any, ...]:
    return (
        entry.id,
        entry.time,
        entry.user,
        entry.display_name,
        entry.machine,
        entry.profile,
        entry.service,
        entry.action,
        entry.serial,
        list(entry.activation_ids),
        entry.product,
        Jsonb(entry.before) if entry.before is not None else None,
        entry.outcome,
        entry.detail,
        Jsonb(entry.counts) if entry.counts is not None else None,
        entry.finished,
        other_serial(entry),
    )


# Text where Python would decode row by row (uuid, jsonb, arrays): entries_from_rows
# decodes the JSON of all rows at once.
_SELECT = (
    SELECT.replace("id, ", "id::text, ", 1)
    .replace("activation_ids", "array_to_string(activation_ids, ',')")
    .replace("before_json", "before_json::text")
    .replace("counts", "counts::text")
)
SELECT_TEXT = _SELECT  # the pages' (postgres_pages.py)
#: the columns of :data:`.sql.COLUMNS` as :func:`.sql.entries_from_rows` reads them here
ROWS_SELECT = _SELECT


_CURSORS = itertools.count(1)


def _same(moment: datetime) -> datetime:
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


def store_error(url: str, said: dict[str, str], doing: str, exc: BaseException) -> StoreError:
    """The clause for a failure while ``doing`` (a key of ``said``, whose "reached" entry
    is used when the server could not be reached); no password in it."""
    text = str(exc).strip().splitlines()
    why = scrub_text(text[0] if text else type(exc).__name__) or type(exc).__name__
    network = isinstance(exc, psycopg.OperationalError)
    clause = said["reached" if network else doing]
    return StoreError(_(clause).format(where=describe_team_url(url), problem=why), network=network)


class Tables(NamedTuple):
    """A store's tables as one user finds them (:func:`tables_facts`)."""

    there: bool  # every one of them exists
    current: bool  # at this version's last schema step: nothing to set up
    writes: bool  # this user may insert and update their rows
    owned: bool  # this user owns them: may bring an older schema up to date


class ServerFacts(NamedTuple):
    """What "Test connection" found (:meth:`PostgresStore.server_facts`)."""

    version: int  # the server's version number (160004: 16.4)
    may_create: bool  # this user may create tables in the schema in use
    history: Tables
    count: int  # entries in the history


def tables_facts(
    db: psycopg.Connection,
    tables: tuple[str, ...],
    version_table: str,
    known: int,
    sequences: tuple[str, ...] = (),
) -> Tables:
    """Read through PostgreSQL's privilege functions: nothing is tried, nothing changed.
    ``sequences``: those an insert draws from (a ``bigserial``'s). Raises psycopg.Error."""
    found = db.execute(
        "SELECT bool_and(to_regclass(t) IS NOT NULL) FROM unnest(%s::text[]) AS t", (list(tables),)
    ).fetchone()
    if not found or not found[0]:
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
    stored = None
    if db.execute("SELECT to_regclass(%s) IS NOT NULL", (version_table,)).fetchone()[0]:
        stored = db.execute(f"SELECT max(version) FROM {version_table}").fetchone()[0]
    return Tables(there=True, current=stored == known, writes=writes, owned=owned)


class PostgresStore(PostgresPages):
    """The history in a PostgreSQL database. ``url``: ``postgresql://user@host:port/db``
    (no password in it); ``password``: from the keyring, or None."""

    #: the SQL dialect, for :mod:`.streaming` and :mod:`.retention`
    dialect = "postgres"

    def __init__(
        self, url: str, *, password: str | None = None, connect_timeout: int = CONNECT_TIMEOUT
    ) -> None:
        self.url = url
        self.label = f"the team database {describe_team_url(url)}"
        self._password = password
        register_secret(password)
        self._connect_timeout = connect_timeout
        self._db: psycopg.Connection | None = None
        self._analysed = self._unanalysed = 0  # rows imported through this store

    # ------------------------------------------------------------ connection

    def _fail(self, doing: str, exc: BaseException) -> StoreError:
        return store_error(self.url, _FAILED, doing, exc)

    def _conn(self) -> psycopg.Connection:
        if self._db is not None and not self._db.closed:
            return self._db
        try:
            self._db = connect(self.url, self._password, self._connect_timeout)
        except psycopg.Error as exc:
            raise self._fail("opened", exc) from None
        return self._db

    @property
    def broken(self) -> bool:
        return self._db is not None and (self._db.closed or self._db.broken)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def _run(self, doing: str, sql: str, params: Any = None) -> psycopg.Cursor:
        try:
            return self._conn().execute(sql, params)
        except psycopg.Error as exc:
            raise self._fail(doing, exc) from None

    # ------------------------------------------------------------ schema

    def migrate(self) -> int:
        current = migrate_postgres(
            self._conn(),
            MIGRATIONS,
            table="schema_version",
            newer=lambda schema, known: _(
                "the team database {where} was set up by a newer License Desk "
                "(schema {schema}; this version knows {known})"
            ).format(where=describe_team_url(self.url), schema=schema, known=known),
            fail=lambda exc: self._fail("set up", exc),
            lock_key=LOCK_KEY,
        )
        self._ensure_search()  # beside the schema, not a step of it
        return current

    # ------------------------------------------------------------ writes

    def write(self, entry: Entry) -> None:
        entry = clean_entry(entry)  # the canary rule: no key, password or URL query stored
        self._run("written", _UPSERT, _row(entry))

    def complete(
        self,
        entry_id: str,
        outcome: str,
        detail: str | None,
        counts: dict[str, int] | None,
        finished: datetime,
    ) -> bool:
        cur = self._run(
            "written",
            "UPDATE history SET outcome = %s, detail = %s, counts = %s, finished = %s "
            "WHERE id = %s",
            (
                outcome,
                scrub_text(detail),
                Jsonb(counts) if counts is not None else None,
                finished,
                entry_id,
            ),
        )
        return cur.rowcount > 0

    def import_entries(self, entries: Iterable[Entry]) -> int:
        db = self._conn()
        rows = [_row(clean_entry(e)) for e in entries]
        try:
            with db.transaction(), db.cursor() as cur:
                cur.executemany(_INSERT_NEW, rows)
                added = max(cur.rowcount, 0)
            # fresh statistics, or the planner sorts a serial's rows; an import in pages
            # (5,000 a call) analyses when a fifth more rows came since the last time
            self._unanalysed += added
            if self._unanalysed >= max(1000, self._analysed // 5):
                db.execute("ANALYZE history")
                self._analysed += self._unanalysed
                self._unanalysed = 0
        except psycopg.Error as exc:
            raise self._fail("written", exc) from None
        return added

    # ------------------------------------------------------------ reads

    def _select(self, sql: str, params: Any) -> EntryList:
        return entries_from_rows(self._run("read", sql, params).fetchall(), _same)

    def get(self, entry_id: str) -> Entry | None:
        found = self._select(_SELECT + " WHERE id = %s", (entry_id,))
        return found[0] if found else None

    def history(self, serial: str, limit: int | None = None) -> EntryList:
        return self.query(HistoryQuery(serial=serial, limit=limit))

    def query(self, query: HistoryQuery) -> EntryList:
        clause, params = self._where(query)
        tail, more = order_and_limit(query.limit, "%s")
        return self._select(_SELECT + clause + tail, params + more)

    def export(self, since: datetime | None = None) -> Iterator[Entry]:
        from .streaming import stream_entries

        yield from stream_entries(self, HistoryQuery(since=since), oldest_first=True)

    # ------------------------------------------------------------ streaming (streaming.py)

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

    def execute_write(self, sql: str, params: list[Any]) -> int:
        """One statement that changes rows; how many."""
        return max(self._run("written", sql, params).rowcount, 0)

    def server_facts(self) -> ServerFacts:
        """What "Test connection" says, read without changing anything: the server's
        version, whether this user may create tables, and what it may do with the
        history's."""
        row = self._run("read", "SELECT has_schema_privilege(current_schema(), 'CREATE')")
        may_create = bool(row.fetchone()[0])
        history = self.tables_facts(("history",), "schema_version", MIGRATIONS[-1][0])
        count = self.count() if history.there else 0
        return ServerFacts(self._conn().info.server_version, may_create, history, count)

    def tables_facts(
        self,
        tables: tuple[str, ...],
        version_table: str,
        known: int,
        sequences: tuple[str, ...] = (),
    ) -> Tables:
        """What this user may do with ``tables`` (a store's, versioned in
        ``version_table``, whose last step is ``known``): there, current, writable, its
        own to bring up to date. The book's tables are asked through it too."""
        try:
            return tables_facts(self._conn(), tables, version_table, known, sequences)
        except psycopg.Error as exc:
            raise self._fail("read", exc) from None

    def count(self) -> int:
        row = self._run("read", "SELECT count(*) FROM history").fetchone()
        return int(row[0]) if row else 0

    def __repr__(self) -> str:
        return f"<PostgresStore {describe_team_url(self.url)}>"
