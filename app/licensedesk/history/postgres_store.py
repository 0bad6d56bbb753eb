"""A team's history: one PostgreSQL table that every desk writes.

- Each entry is one transaction (autocommit: one statement each), so desks on
  several machines write at once without waiting for each other; ids are UUIDs
  made on the desks, so there is nothing to coordinate.
- The connection, the migrations and the failures' sentences are the database
  layer's (:class:`~licensedesk.storage.postgres.PostgresDatabase`); here are the
  history's SQL and its rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, NamedTuple

from psycopg.types.json import Jsonb

from licensedesk.i18n import N_
from licensedesk.storage.postgres import PostgresDatabase, Tables, unchanged

from .model import Entry
from .postgres_pages import PostgresPages
from .scrub import clean_entry
from .sql import SELECT
from .streaming import json_select
from .table import HistoryTable, insert

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
#: the columns of :data:`.sql.COLUMNS` as :class:`.sql.EntryList` reads them here
ROWS_SELECT = (
    SELECT.replace("id, ", "id::text, ", 1)
    .replace("activation_ids", "array_to_string(activation_ids, ',')")
    .replace("before_json", "before_json::text")
    .replace("counts", "counts::text")
)


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC) if moment.tzinfo is not None else moment


class ServerFacts(NamedTuple):
    """What "Test connection" found (:meth:`PostgresStore.server_facts`)."""

    version: int  # the server's version number (160004: 16.4)
    may_create: bool  # this user may create tables in the schema in use
    history: Tables
    count: int  # entries in the history


class PostgresStore(HistoryTable, PostgresPages, PostgresDatabase):
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

    _time_param = staticmethod(unchanged)

    @staticmethod
    def _ids_param(ids: tuple[int, ...]) -> list[int]:
        return list(ids)

    @staticmethod
    def _json_param(value: Any) -> Jsonb:
        return Jsonb(value)

    def import_entries(self, entries: Iterable[Entry]) -> int:
        rows = [self._row(clean_entry(e)) for e in entries]
        with self._writing() as cur:
            cur.executemany(insert("%s", replace=False), rows)
            added = max(cur.rowcount, 0)
        # fresh statistics, or the planner sorts a serial's rows; an import in pages
        # (5,000 a call) analyses when a fifth more rows came since the last time
        self._unanalysed += added
        if self._unanalysed >= max(1000, self._analysed // 5):
            self.execute_write("ANALYZE history")
            self._analysed += self._unanalysed
            self._unanalysed = 0
        return added

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
    ID_CAST = "::uuid"
    ROWS_SELECT = ROWS_SELECT
    JSON_SELECT = json_select("json_build_object({pairs})::text", {})
    TABLE_SELECT = (
        "SELECT time, user_name, display_name, machine, serial, action, "
        "array_to_string(activation_ids, ','), counts::text, outcome, detail FROM history"
    )
    #: a stored time as a datetime in UTC
    time_of = staticmethod(_utc)
