"""Which history store the settings ask for, opened and migrated.

Kept apart from :mod:`.store` (the types both stores share) so that no store
module imports another: this one is the only place that knows both.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from licensedesk.i18n import _

from .store import HistoryStore, StoreError, local_history_path

if TYPE_CHECKING:
    from licensedesk.profiles import SecretStore

    from .settings import HistorySettings

__all__ = ["open_store"]


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
