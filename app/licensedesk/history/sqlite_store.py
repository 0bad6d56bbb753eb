"""The local history: one SQLite file in the user's data folder, created on first use.

Each write is one short transaction on a file opened in WAL mode
(:mod:`licensedesk.storage.sqlite`, which says what a crash or a power cut keeps, and
whose :class:`~licensedesk.storage.sqlite.SqliteDatabase` holds the connection, the
transactions and the migrations). The licence book keeps its tables in the same file,
under its own schema versions.

Migrations are numbered from the first release: ``schema_version`` holds one
row per applied step; they run under ``BEGIN IMMEDIATE`` so two processes
opening a new file at once apply them once.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

from licensedesk.i18n import N_
from licensedesk.storage.sqlite import SqliteDatabase

from . import sqlite_index
from .model import Entry, HistoryQuery
from .scrub import clean_entry, scrub_text
from .sql import SELECT, WRITTEN, EntryList, entries_from_rows, order_and_limit, other_serial
from .sqlite_pages import SqlitePages, time_text
from .streaming import json_select, stream_entries

__all__ = ["MIGRATIONS", "SqliteStore"]

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE history (
            id TEXT PRIMARY KEY,
            time TEXT NOT NULL,
            user_name TEXT NOT NULL,
            display_name TEXT,
            machine TEXT NOT NULL,
            profile TEXT,
            service TEXT,
            action TEXT NOT NULL,
            serial TEXT,
            activation_ids TEXT NOT NULL DEFAULT '',
            product TEXT,
            before_json TEXT,
            outcome TEXT NOT NULL,
            detail TEXT,
            counts TEXT,
            finished TEXT
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
        ALTER TABLE history ADD COLUMN other_serial TEXT;
        UPDATE history SET other_serial = json_extract(before_json, '$.upgrade_serial')
            WHERE action = 'upgrade';
        CREATE INDEX history_other_serial_time ON history (other_serial, time, id);
    """,
    ),
)

_UPSERT = (
    f"INSERT INTO history ({', '.join(WRITTEN)}) VALUES ({', '.join('?' * len(WRITTEN))}) "
    "ON CONFLICT (id) DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in WRITTEN[1:])
)
#: each failure said whole (a clause: StoreError), by what could not be done
_FAILED = {
    "opened": N_("the history file {path} cannot be opened ({problem})"),
    "read": N_("the history file {path} cannot be read ({problem})"),
    "written": N_("the history file {path} cannot be written ({problem})"),
}
_INSERT_NEW = (
    f"INSERT INTO history ({', '.join(WRITTEN)}) VALUES ({', '.join('?' * len(WRITTEN))}) "
    "ON CONFLICT (id) DO NOTHING"
)


#: how :mod:`.streaming`'s JSON lines make the columns that are not plain values
_AS_JSON = {
    "activation_ids": "json('[' || activation_ids || ']')",
    "before": "json(before_json)",
    "counts": "json(counts)",
}


def _row(entry: Entry) -> tuple[Any, ...]:
    return (
        entry.id,
        time_text(entry.time),
        entry.user,
        entry.display_name,
        entry.machine,
        entry.profile,
        entry.service,
        entry.action,
        entry.serial,
        ",".join(str(i) for i in entry.activation_ids),
        entry.product,
        json.dumps(entry.before, ensure_ascii=False) if entry.before is not None else None,
        entry.outcome,
        entry.detail,
        json.dumps(entry.counts) if entry.counts is not None else None,
        time_text(entry.finished) if entry.finished else None,
        other_serial(entry),
    )


class SqliteStore(SqlitePages, SqliteDatabase):
    """The history in one SQLite file. Raises :class:`StoreError` with a sentence clause."""

    LABEL = "the history file {path}"
    FAILED = _FAILED
    NEWER = N_(
        "the history file {path} was written by a newer License Desk "
        "(schema {schema}; this version knows {known})"
    )
    MIGRATIONS = MIGRATIONS
    VERSION_TABLE = "schema_version"

    def _stamp(self) -> str:
        return time_text(datetime.now(UTC))

    def _beside(self, db: sqlite3.Connection) -> None:
        sqlite_index.ensure(db)

    # ------------------------------------------------------------ writes

    def write(self, entry: Entry) -> None:
        entry = clean_entry(entry)  # the canary rule: no key, password or URL query stored
        self.execute_write(_UPSERT, _row(entry))

    def complete(
        self,
        entry_id: str,
        outcome: str,
        detail: str | None,
        counts: dict[str, int] | None,
        finished: datetime,
    ) -> bool:
        changed = self.execute_write(
            "UPDATE history SET outcome = ?, detail = ?, counts = ?, finished = ? WHERE id = ?",
            (
                outcome,
                scrub_text(detail),
                json.dumps(counts) if counts is not None else None,
                time_text(finished),
                entry_id,
            ),
        )
        return changed > 0

    def import_entries(self, entries: Iterable[Entry]) -> int:
        with self._writing() as db:
            # rowcount, not total_changes: the search index's triggers count in that
            added = db.executemany(_INSERT_NEW, (_row(clean_entry(e)) for e in entries)).rowcount
        return max(added, 0)

    def remove_before(self, before: datetime) -> int:
        """Remove the entries older than ``before`` (:mod:`.retention`); how many."""
        return self.execute_write("DELETE FROM history WHERE time < ?", [time_text(before)])

    # ------------------------------------------------------------ reads

    def _select(self, sql: str, params: list[Any] | tuple[Any, ...]) -> EntryList:
        return entries_from_rows(self._read(sql, params), datetime.fromisoformat)

    def get(self, entry_id: str) -> Entry | None:
        found = self._select(SELECT + " WHERE id = ?", (entry_id,))
        return found[0] if found else None

    def history(self, serial: str, limit: int | None = None) -> EntryList:
        return self.query(HistoryQuery(serial=serial, limit=limit))

    def query(self, query: HistoryQuery) -> EntryList:
        clause, params = self.where_clause(query)
        tail, more = order_and_limit(query.limit, "?")
        return self._select(SELECT + clause + tail, params + more)

    def export(self, since: datetime | None = None) -> Iterator[Entry]:
        yield from stream_entries(self, HistoryQuery(since=since), oldest_first=True)

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM history")[0][0])

    # ------------------------------------------------------------ streaming (streaming.py)

    PH = "?"
    ROWS_SELECT = SELECT
    JSON_SELECT = json_select("json_object({pairs})", _AS_JSON)
    TABLE_SELECT = (
        "SELECT time, user_name, display_name, machine, serial, action, activation_ids, "
        "counts, outcome, detail FROM history"
    )
    #: a stored time (ISO text) as a datetime
    time_of = staticmethod(datetime.fromisoformat)
