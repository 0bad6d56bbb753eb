"""Copy this computer's history into a team database: what ``licensedesk-cli history
export`` then ``history import`` do, in one step, for the window's History settings.

Entry ids are made on the desks, so copying twice (or entries already imported by
hand) adds nothing the second time. Runs in a worker thread: both stores block.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from pathlib import Path

from .store import HistoryStore, local_history_path

CHUNK = 500  # entries a transaction: progress to show, and a bounded memory


def local_count(data_dir: Path | None = None) -> int:
    """How many entries this computer's history file holds (0 when there is none)."""
    from .sqlite_store import SqliteStore

    path = local_history_path(data_dir)
    if not path.exists():
        return 0
    store = SqliteStore(path)
    try:
        store.migrate()
        return store.count()
    finally:
        store.close()


def copy_local_to(
    team: HistoryStore,
    progress: Callable[[int, int], None] | None = None,
    data_dir: Path | None = None,
) -> tuple[int, int]:
    """Import every local entry into ``team``; returns (read, added). ``progress(done,
    total)`` after each chunk. Raises StoreError (a sentence) when either store fails."""
    from .sqlite_store import SqliteStore

    local = SqliteStore(local_history_path(data_dir))
    try:
        local.migrate()
        total = local.count()
        entries = local.export()
        done = added = 0
        while chunk := list(islice(entries, CHUNK)):
            added += team.import_entries(chunk)
            done += len(chunk)
            if progress is not None:
                progress(done, total)
        return done, added
    finally:
        local.close()
