"""A team's history: one PostgreSQL table that every desk writes.

- Each entry is one transaction (autocommit: one statement each), so desks on
  several machines write at once without waiting for each other; ids are UUIDs
  made on the desks, so there is nothing to coordinate.
- The connection, the migrations and the failures' sentences are the database
  layer's (:class:`~licensedesk.storage.postgres.PostgresDatabase`); here are the
  history's SQL and its rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any, NamedTuple

from psycopg.types.json import Jsonb

from licensedesk.i18n import N_
from licensedesk.storage.postgres import PostgresDatabase, Tables

from .model import Entry, HistoryQuery
from .postgres_pages import PostgresPages
from .scrub import clean_entry, scrub_text
from .sql import SELECT, WRITTEN, EntryList, entries_from_rows, order_and_limit, other_serial
from .streaming import json_select, stream_entries

__all__ = ["LOCK_KEY", "MIGRATIONS", "PostgresStore", "ServerFacts"]

#: The advisory lock of the migrations: one constant every License Desk uses
#: ("LDHISTMG" in ASCII, a positive bigint).
LOCK_KEY = 0x4C44_4849_5354_4D47

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
#: the columns of :data:`.sql.COLUMNS` as :func:`.sql.entries_from_rows` reads them here
ROWS_SELECT = (
    SELECT.replace("id, ", "id::text, ", 1)
    .replace("activation_ids", "array_to_string(activation_ids, ',')")
    .replace("before_json", "before_json::text")
    .replace("counts", "counts::text")
)
SELECT_TEXT = _SELECT = ROWS_SELECT  # the pages' (postgres_pages.py)


def _same(moment: datetime) -> datetime:
    return moment


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC) if moment.tzinfo is not None else moment


class ServerFacts(NamedTuple):
    """What "Test connection" found (:meth:`PostgresStore.server_facts`)."""

    version: int  # the server's version number (160004: 16.4)
    may_create: bool  # this user may create tables in the schema in use
    history: Tables
    count: int  # entries in the history


class PostgresStore(PostgresPages, PostgresDatabase):
    """The history in a PostgreSQL database. ``url``: ``postgresql://user@host:port/db``
    (no password in it); ``password``: from the keyring, or None."""

    LABEL = "the team database {where}"
    FAILED = _FAILED
    NEWER = N_(
        "the team database {where} was set up by a newer License Desk "
        "(schema {schema}; this version knows {known})"
    )
    MIGRATIONS = MIGRATIONS
    VERSION_TABLE = "schema_version"
    LOCK_KEY = LOCK_KEY

    def __init__(self, url: str, **connection: Any) -> None:
        super().__init__(url, **connection)
        self._analysed = self._unanalysed = 0  # rows imported through this store

    def migrate(self) -> int:
        current = super().migrate()
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
        rows = [_row(clean_entry(e)) for e in entries]
        with self._writing() as cur:
            cur.executemany(_INSERT_NEW, rows)
            added = max(cur.rowcount, 0)
        # fresh statistics, or the planner sorts a serial's rows; an import in pages
        # (5,000 a call) analyses when a fifth more rows came since the last time
        self._unanalysed += added
        if self._unanalysed >= max(1000, self._analysed // 5):
            self._run("written", "ANALYZE history")
            self._analysed += self._unanalysed
            self._unanalysed = 0
        return added

    def remove_before(self, before: datetime) -> int:
        """Remove the entries older than ``before`` (:mod:`.retention`); how many."""
        return self.execute_write("DELETE FROM history WHERE time < %s", [before])

    # ------------------------------------------------------------ reads

    def _select(self, sql: str, params: Any) -> EntryList:
        return entries_from_rows(self._read(sql, params), _same)

    def get(self, entry_id: str) -> Entry | None:
        found = self._select(_SELECT + " WHERE id = %s", (entry_id,))
        return found[0] if found else None

    def history(self, serial: str, limit: int | None = None) -> EntryList:
        return self.query(HistoryQuery(serial=serial, limit=limit))

    def query(self, query: HistoryQuery) -> EntryList:
        clause, params = self.where_clause(query)
        tail, more = order_and_limit(query.limit, "%s")
        return self._select(_SELECT + clause + tail, params + more)

    def export(self, since: datetime | None = None) -> Iterator[Entry]:
        yield from stream_entries(self, HistoryQuery(since=since), oldest_first=True)

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM history")[0][0])

    def server_facts(self) -> ServerFacts:
        """What "Test connection" says, read without changing anything: the server's
        version, whether this user may create tables, and what it may do with the
        history's."""
        row = self._read("SELECT has_schema_privilege(current_schema(), 'CREATE')")
        may_create = bool(row[0][0])
        history = self.tables_facts(("history",), "schema_version", MIGRATIONS[-1][0])
        count = self.count() if history.there else 0
        return ServerFacts(self._conn().info.server_version, may_create, history, count)

    # ------------------------------------------------------------ streaming (streaming.py)

    PH = "%s"
    ROWS_SELECT = ROWS_SELECT
    JSON_SELECT = json_select("json_build_object({pairs})::text", {})
    TABLE_SELECT = (
        "SELECT time, user_name, display_name, machine, serial, action, "
        "array_to_string(activation_ids, ','), counts::text, outcome, detail FROM history"
    )
    #: a stored time as a datetime in UTC
    time_of = staticmethod(_utc)
