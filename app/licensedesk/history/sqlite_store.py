"""The local history: one SQLite file in the user's data folder, created on first use.

Each write is one short transaction on a file opened in WAL mode
(:mod:`.sqlite_file`, which says what a crash or a power cut keeps). The licence
book keeps its tables in the same file, under its own schema versions.

Migrations are numbered from the first release: ``schema_version`` holds one
row per applied step; they run under ``BEGIN IMMEDIATE`` so two processes
opening a new file at once apply them once.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from licensedesk.i18n import N_, _

from . import sqlite_index
from .migrations import migrate_sqlite
from .model import Entry, HistoryQuery
from .scrub import clean_entry, scrub_text
from .sql import SELECT, WRITTEN, EntryList, entries_from_rows, order_and_limit, other_serial
from .sqlite_file import cause, connect, immediate
from .sqlite_pages import SqlitePages
from .store import StoreError

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


def _time(moment: datetime) -> str:
    """Fixed-width UTC ISO text, so that text order is time order."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


#: the stored form of a time (for :mod:`.streaming`'s and :mod:`.retention`'s queries)
time_text = _time


def _row(entry: Entry) -> tuple[Any, ...]:
    return (
        entry.id,
        _time(entry.time),
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
        _time(entry.finished) if entry.finished else None,
        other_serial(entry),
    )


class SqliteStore(SqlitePages):
    """The history in one SQLite file. Raises :class:`StoreError` with a sentence clause."""

    #: the SQL dialect, for :mod:`.streaming` and :mod:`.retention`
    dialect = "sqlite"

    def __init__(self, path: str | Path, *, busy_timeout: float = 5.0) -> None:
        self.path = Path(path)
        self.label = f"the history file {self.path}"
        self._busy_timeout = busy_timeout
        self._db: sqlite3.Connection | None = None

    # ------------------------------------------------------------ connection

    def _fail(self, doing: str, exc: BaseException) -> StoreError:
        return StoreError(_(_FAILED[doing]).format(path=self.path, problem=cause(exc, self.path)))

    def _conn(self) -> sqlite3.Connection:
        if self._db is not None:
            return self._db
        try:
            self._db = connect(self.path, self._busy_timeout)
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

    # ------------------------------------------------------------ schema

    def migrate(self) -> int:
        return migrate_sqlite(
            self._conn(),
            MIGRATIONS,
            table="schema_version",
            newer=lambda schema, known: _(
                "the history file {path} was written by a newer License Desk "
                "(schema {schema}; this version knows {known})"
            ).format(path=self.path, schema=schema, known=known),
            fail=lambda exc: self._fail("written", exc),
            stamp=lambda: _time(datetime.now(UTC)),
            beside=sqlite_index.ensure,  # beside the schema, not a step of it
        )

    # ------------------------------------------------------------ writes

    def write(self, entry: Entry) -> None:
        entry = clean_entry(entry)  # the canary rule: no key, password or URL query stored
        try:
            self._conn().execute(_UPSERT, _row(entry))
        except sqlite3.Error as exc:
            raise self._fail("written", exc) from None

    def complete(
        self,
        entry_id: str,
        outcome: str,
        detail: str | None,
        counts: dict[str, int] | None,
        finished: datetime,
    ) -> bool:
        try:
            cur = self._conn().execute(
                "UPDATE history SET outcome = ?, detail = ?, counts = ?, finished = ? WHERE id = ?",
                (
                    outcome,
                    scrub_text(detail),
                    json.dumps(counts) if counts is not None else None,
                    _time(finished),
                    entry_id,
                ),
            )
        except sqlite3.Error as exc:
            raise self._fail("written", exc) from None
        return cur.rowcount > 0

    def import_entries(self, entries: Iterable[Entry]) -> int:
        db = self._conn()
        try:
            with immediate(db):
                # rowcount, not total_changes: the search index's triggers count in that
                added = db.executemany(
                    _INSERT_NEW, (_row(clean_entry(e)) for e in entries)
                ).rowcount
            return max(added, 0)
        except sqlite3.Error as exc:
            raise self._fail("written", exc) from None

    # ------------------------------------------------------------ reads

    def _select(self, sql: str, params: list[Any] | tuple[Any, ...]) -> EntryList:
        try:
            rows = self._conn().execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise self._fail("read", exc) from None
        return entries_from_rows(rows, datetime.fromisoformat)

    def get(self, entry_id: str) -> Entry | None:
        found = self._select(SELECT + " WHERE id = ?", (entry_id,))
        return found[0] if found else None

    def history(self, serial: str, limit: int | None = None) -> EntryList:
        return self.query(HistoryQuery(serial=serial, limit=limit))

    def query(self, query: HistoryQuery) -> EntryList:
        clause, params = self._where(query)
        tail, more = order_and_limit(query.limit, "?")
        return self._select(SELECT + clause + tail, params + more)

    def export(self, since: datetime | None = None) -> Iterator[Entry]:
        from .streaming import stream_entries

        yield from stream_entries(self, HistoryQuery(since=since), oldest_first=True)

    # ------------------------------------------------------------ streaming (streaming.py)

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

    def execute_write(self, sql: str, params: list[Any]) -> int:
        """One statement that changes rows; how many."""
        try:
            return self._conn().execute(sql, params).rowcount
        except sqlite3.Error as exc:
            raise self._fail("written", exc) from None

    def count(self) -> int:
        try:
            return self._conn().execute("SELECT count(*) FROM history").fetchone()[0]
        except sqlite3.Error as exc:
            raise self._fail("read", exc) from None

    def __repr__(self) -> str:
        return f"<SqliteStore {self.path}>"
