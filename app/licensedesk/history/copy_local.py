"""Copy this computer's history into a team database: what ``licensedesk-cli history
export`` then ``history import`` do, in one step, for the window's History settings.

Entry ids are made on the desks, so copying twice (or entries already imported by
hand) adds nothing the second time. Runs in a worker thread: both stores block.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from pathlib import Path

from licensedesk.storage.settings import local_history_path

from .store import HistoryStore

CHUNK = 500  # entries a transaction: progress to show, and a bounded memory


def _local(data_dir: Path | None) -> HistoryStore:
    """This computer's history, opened and migrated, whatever the settings choose."""
    from licensedesk.storage.settings import HistorySettings

    from .opening import open_store

    return open_store(HistorySettings(), data_dir=data_dir, store="local")


def local_count(data_dir: Path | None = None) -> int:
    """How many entries this computer's history file holds (0 when there is none)."""
    if not local_history_path(data_dir).exists():
        return 0
    store = _local(data_dir)
    try:
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
    local = _local(data_dir)
    try:
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
