"""The desk's database, opened from the history settings: this computer's SQLite file
or the team's PostgreSQL database, for the history and the book alike.

The one place that knows both dialects. A feature names its store class for each;
:func:`open_database` picks the one the settings ask for, gives it
the file or the team database with its password, migrates it, and closes it again
when that fails. The PostgreSQL class is named by a function that imports it, so that
the local store and ``--help`` never load psycopg.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from licensedesk.i18n import _

from .errors import StoreError
from .settings import (
    HistorySettings,
    SettingsError,
    load_settings,
    local_history_path,
    team_password,
)

if TYPE_CHECKING:
    from licensedesk.profiles import SecretStore

__all__ = ["open_database", "opener_from_settings"]


T = TypeVar("T")


def opener_from_settings(
    settings: HistorySettings | None,
    open_with: Callable[[HistorySettings], T],
    config_dir: Path | None = None,
) -> tuple[HistorySettings | None, Callable[[], T]]:
    """The settings given or read (``history.json``), and what opens the store they name
    (``open_with`` them): the history's recorder and the book's keeper open their store on
    their own thread when first used. Settings that cannot be read give None and an
    opener that raises their sentence whole, the problem the writer says once."""
    try:
        chosen = settings if settings is not None else load_settings(config_dir)
    except SettingsError as exc:
        said = exc.sentence

        def unreadable() -> T:
            raise StoreError(said, whole=True)

        return None, unreadable
    return chosen, lambda: open_with(chosen)


class Opened(Protocol):
    def migrate(self) -> int: ...
    def close(self) -> None: ...


S = TypeVar("S", bound=Opened)


def open_database(
    settings: HistorySettings,
    local: Callable[[Path], S],
    team: Callable[[str, str | None], S],
    *,
    secrets: SecretStore | None = None,
    data_dir: Path | None = None,
    store: str | None = None,
    then: Callable[[S], object] | None = None,
) -> S:
    """The store the settings name (``store``, "local" or "team", overrides them), made
    by ``local`` from the file's path or by ``team`` from the team database's URL and
    password, migrated; ``then`` runs on it before it is handed over (a failure closes
    it). The password comes from ``secrets`` (the OS keyring entry ``history-team``),
    else from ``$LICENSEDESK_HISTORY_PASSWORD``. Raises StoreError."""
    if (store or settings.store) == "team":
        if not settings.team_url:
            raise StoreError(_("no team database is set in the history settings"))
        opened = team(settings.team_url, team_password(secrets))
    else:
        opened = local(local_history_path(data_dir))
    try:
        opened.migrate()
        if then is not None:
            then(opened)
    except BaseException:
        opened.close()
        raise
    return opened
