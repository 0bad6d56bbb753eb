"""What every history store does, the one error it raises, and which store the settings ask for.

Two stores with the same methods: :class:`~.sqlite_store.SqliteStore` (a file in
the user's data folder, the default) and :class:`~.postgres_store.PostgresStore`
(a team's database). Both are synchronous and meant for one thread at a time:
the window and the CLI's write commands reach them through the
:class:`~.recorder.Recorder`'s worker thread; the CLI's history commands call
them directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from licensedesk.i18n import _

from .model import Entry, HistoryQuery

if TYPE_CHECKING:
    from licensedesk.profiles import SecretStore

    from .settings import HistorySettings

__all__ = ["LOCAL_FILE", "HistoryStore", "StoreError", "local_history_path", "open_store"]

LOCAL_FILE = "history.sqlite3"


class StoreError(Exception):
    """The store cannot be used. ``str()`` is a clause for a sentence ("the team database
    ld@db.example.com:5432/desk cannot be reached (connection refused)"), in the language
    in use; ``network`` is True when a server could not be reached (the CLI exits 3 then,
    else 2). ``whole``: ``reason`` is already a whole sentence (a settings file that cannot
    be read says so itself), not a clause: no language can make a clause of it by changing
    its first letter."""

    def __init__(self, reason: str, *, network: bool = False, whole: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.network = network
        self.whole = whole

    @property
    def sentence(self) -> str:
        if self.whole:
            return self.reason
        text = self.reason[:1].upper() + self.reason[1:]
        return text if text.endswith(".") else text + "."


class HistoryStore(Protocol):
    """The methods both stores have. Every write is one transaction."""

    #: Where, for logs and reprs ("the history file …", "the team database …"); never a
    #: password. English: a sentence says it whole (the stores' ``_fail``).
    label: str

    def migrate(self) -> int:
        """Create or bring the schema up to date; returns the schema version."""

    def write(self, entry: Entry) -> None:
        """Insert the entry, or replace the stored one with the same id (intent, outcome)."""

    def complete(self, entry_id: str, outcome: str, detail: str | None,
                 counts: dict[str, int] | None, finished: datetime) -> bool:  # fmt: skip
        """Set the outcome of a stored entry; False when no entry has that id."""

    def get(self, entry_id: str) -> Entry | None: ...

    def history(self, serial: str, limit: int | None = None) -> Sequence[Entry]:
        """Entries of one serial, newest first (an ``EntryList``: each entry is made when
        first looked at)."""

    def query(self, query: HistoryQuery) -> Sequence[Entry]:
        """Entries matching ``query``, newest first."""

    def export(self, since: datetime | None = None) -> Iterator[Entry]:
        """Every entry (from ``since`` on), oldest first."""

    def import_entries(self, entries: Iterable[Entry]) -> int:
        """Add the entries whose ids are not stored yet (one transaction); returns how many."""

    def count(self) -> int: ...

    def close(self) -> None: ...

    @property
    def broken(self) -> bool:
        """True when the connection is gone and the store must be opened again."""


def local_history_path(data_dir: Path | None = None) -> Path:
    """``<data folder>/history.sqlite3``; the data folder is ``$LICENSEDESK_DATA_DIR`` or
    platformdirs' user data folder of "licensedesk" (the same as the host-id file's)."""
    from licensedesk.machine import data_dir as default_data_dir

    return (data_dir if data_dir is not None else default_data_dir()) / LOCAL_FILE


def open_store(
    settings: HistorySettings,
    *,
    secrets: SecretStore | None = None,
    data_dir: Path | None = None,
    store: str | None = None,
) -> HistoryStore:
    """The store the settings name (``store`` overrides their choice), opened and migrated.

    The team database's password comes from ``secrets`` (the OS keyring entry
    ``history-team``), else from ``$LICENSEDESK_HISTORY_PASSWORD``. Raises StoreError."""
    kind = store or settings.store
    if kind == "team":
        from .postgres_store import PostgresStore
        from .settings import team_password

        if not settings.team_url:
            raise StoreError(_("no team database is set in the history settings"))
        password = team_password(secrets)
        opened: HistoryStore = PostgresStore(settings.team_url, password=password)
    else:
        from .sqlite_store import SqliteStore

        opened = SqliteStore(local_history_path(data_dir))
    try:
        opened.migrate()
    except BaseException:
        opened.close()
        raise
    return opened
