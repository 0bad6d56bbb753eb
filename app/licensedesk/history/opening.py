"""Which history store the settings ask for, opened and migrated
(:func:`licensedesk.storage.open.open_database`).

Kept apart from :mod:`.store` (the types both stores share) so that no store
module imports another: this one is the only place that names both.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from licensedesk.storage.open import open_database

from .sqlite_store import SqliteStore
from .store import HistoryStore

if TYPE_CHECKING:
    from licensedesk.profiles import SecretStore
    from licensedesk.storage.settings import HistorySettings

__all__ = ["open_store"]


def _team(url: str, password: str | None) -> HistoryStore:
    from .postgres_store import PostgresStore  # psycopg loaded for a team store only

    return PostgresStore(url, password=password)


def open_store(
    settings: HistorySettings,
    *,
    secrets: SecretStore | None = None,
    data_dir: Path | None = None,
    store: str | None = None,
) -> HistoryStore:
    """The store the settings name (``store`` overrides their choice), opened and migrated.
    Raises StoreError."""
    return open_database(
        settings, SqliteStore, _team, secrets=secrets, data_dir=data_dir, store=store
    )
