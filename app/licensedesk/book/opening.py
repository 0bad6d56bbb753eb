""":func:`open_book`: the book of the store the history settings name, opened and
migrated (:func:`licensedesk.storage.open.open_database`).

Kept apart from :mod:`.store` (what both book stores do) so that no module imports
one that imports it back: this one is the only place that names both stores.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from licensedesk.storage.open import Stores, open_database

from .store import BookStore

if TYPE_CHECKING:
    from licensedesk.history.settings import HistorySettings
    from licensedesk.profiles import SecretStore

__all__ = ["open_book"]


def _local(path: Path) -> BookStore:
    from .sqlite_book import SqliteBook

    return SqliteBook(path)


def _team(url: str, password: str | None) -> BookStore:
    from .postgres_book import PostgresBook

    return PostgresBook(url, password=password)


def open_book(
    settings: HistorySettings, *, secrets: SecretStore | None = None, data_dir: Path | None = None
) -> BookStore:
    """The book of the store the history settings name, opened and migrated; licences
    not seen for ``settings.book_days`` days are dropped. Raises StoreError."""
    days = settings.book_days

    def drop_unseen(book: BookStore) -> None:
        if days is not None:
            book.drop_unseen(datetime.now(UTC) - timedelta(days=days))

    stores = Stores(_local, _team)
    return open_database(settings, stores, secrets=secrets, data_dir=data_dir, then=drop_unseen)
