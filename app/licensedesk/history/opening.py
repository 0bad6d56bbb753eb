"""Which history store the settings ask for, opened and migrated
(:func:`licensedesk.storage.open.open_database`).

Kept apart from :mod:`.store` (the types both stores share) so that no store
module imports another: this one is the only place that names both.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from licensedesk.storage.open import Stores, open_database

from .store import HistoryStore

if TYPE_CHECKING:
    from licensedesk.profiles import SecretStore

    from .settings import HistorySettings

__all__ = ["open_store"]


def _local(path: Path) -> HistoryStore:
    from .sqlite_store import SqliteStore

    return SqliteStore(path)


def _team(url: str, password: str | None) -> HistoryStore:
    from .postgres_store import PostgresStore

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
    stores = Stores(_local, _team)
    return open_database(settings, stores, secrets=secrets, data_dir=data_dir, store=store)
