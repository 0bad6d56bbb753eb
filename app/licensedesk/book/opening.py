""":func:`open_book`: the book of the store the history settings name, opened and
migrated (:func:`licensedesk.storage.open.open_database`).

Kept apart from :mod:`.store` (what both book stores do) so that no module imports
one that imports it back: this one is the only place that names both stores.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from licensedesk import clock
from licensedesk.storage.open import open_database

from .sqlite_book import SqliteBook
from .store import BookStore

if TYPE_CHECKING:
    from licensedesk.profiles import SecretStore
    from licensedesk.storage.settings import HistorySettings

__all__ = ["open_book"]


def _team(url: str, password: str | None) -> BookStore:
    from .postgres_book import PostgresBook  # psycopg loaded for a team store only

    return PostgresBook(url, password=password)


def open_book(
    settings: HistorySettings, *, secrets: SecretStore | None = None, data_dir: Path | None = None
) -> BookStore:
    """The book of the store the history settings name, opened and migrated; licences
    not seen for ``settings.book_days`` days are dropped. Raises StoreError."""
    days = settings.book_days

    def drop_unseen(book: BookStore) -> None:
        if days is not None:
            book.drop_unseen(clock.now() - timedelta(days=days))

    return open_database(
        settings, SqliteBook, _team, secrets=secrets, data_dir=data_dir, then=drop_unseen
    )
