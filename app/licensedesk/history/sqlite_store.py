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
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from licensedesk.i18n import N_
from licensedesk.storage.sqlite import SqliteDatabase, time_text

from . import sqlite_index
from .model import Entry
from .scrub import clean_entry
from .sql import SELECT
from .sqlite_pages import SqlitePages
from .streaming import json_select
from .table import HistoryTable, insert

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

#: each failure said whole (a clause: StoreError), by what could not be done
_FAILED = {
    "opened": N_("the history file {path} cannot be opened ({problem})"),
    "read": N_("the history file {path} cannot be read ({problem})"),
    "written": N_("the history file {path} cannot be written ({problem})"),
}

#: how :mod:`.streaming`'s JSON lines make the columns that are not plain values
_AS_JSON = {
    "activation_ids": "json('[' || activation_ids || ']')",
    "before": "json(before_json)",
    "counts": "json(counts)",
}


class SqliteStore(HistoryTable, SqlitePages, SqliteDatabase):
    """The history in one SQLite file. Raises :class:`StoreError` with a sentence clause."""

    LABEL = "the history file {path}"
    FAILED = _FAILED
    NEWER = N_(
        "the history file {path} was written by a newer License Desk "
        "(schema {schema}; this version knows {known})"
    )
    MIGRATIONS = MIGRATIONS
    VERSION_TABLE = "schema_version"

    def _beside(self, db: sqlite3.Connection) -> None:
        sqlite_index.ensure(db)

    _time_param = staticmethod(time_text)

    @staticmethod
    def _ids_param(ids: tuple[int, ...]) -> str:
        return ",".join(str(i) for i in ids)

    @staticmethod
    def _json_param(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    def import_entries(self, entries: Iterable[Entry]) -> int:
        rows = (self._row(clean_entry(e)) for e in entries)
        with self._writing() as db:
            # rowcount, not total_changes: the search index's triggers count in that
            added = db.executemany(insert("?", replace=False), rows).rowcount
        return max(added, 0)

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
