"""The history settings' old address: they live below the history and the book, with the
database they name (:mod:`licensedesk.storage.settings`)."""

from licensedesk.storage.settings import (
    KEYRING_ENTRY,
    PASSWORD_VARIABLE,
    HistorySettings,
    SettingsError,
    describe_team_url,
    load_settings,
    save_settings,
    set_team_url,
    team_password,
)

__all__ = [
    "KEYRING_ENTRY",
    "PASSWORD_VARIABLE",
    "HistorySettings",
    "SettingsError",
    "describe_team_url",
    "load_settings",
    "save_settings",
    "set_team_url",
    "team_password",
]
