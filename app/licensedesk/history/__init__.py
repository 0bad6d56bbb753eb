"""The history: what was done to a licence, by whom, and how it ended. No Qt.

- :class:`Entry`, :data:`ACTIONS`, :data:`OUTCOMES`, :class:`HistoryQuery` (model.py);
  :func:`outcome_words` (English, for exports) and :func:`outcome_text` (shown to people);
- :class:`Recorder` (recorder.py): ``async with record(recorder, ...) as rec:`` writes the
  intent before the request and the outcome after, on the store's worker thread
  (store.py); without a recorder the block records nothing;
- the stores: a SQLite file by default (sqlite_store.py), a team's PostgreSQL database
  (postgres_store.py, psycopg loaded only then), both on the database layer
  (:mod:`licensedesk.storage`); :func:`open_store` (opening.py) picks one from
  :class:`HistorySettings` (settings.py, ``history.json``);
- :func:`export_lines` / :func:`read_lines` (transfer.py): JSON lines for export/import;
- :func:`test_connection` (team_check.py): the settings dialog's "Test connection".

See docs/history.md and the History section of docs/CONTRACTS.md.
"""

from typing import TYPE_CHECKING

from licensedesk.lazy_names import lazy_names

if TYPE_CHECKING:
    from licensedesk.storage.settings import (
        KEYRING_ENTRY,
        HistorySettings,
        SettingsError,
        load_settings,
        local_history_path,
        save_settings,
        set_team_url,
    )

    from .model import (
        ACTIONS,
        OUTCOMES,
        Entry,
        EntryError,
        HistoryQuery,
        outcome_text,
        outcome_words,
    )
    from .opening import open_store
    from .recorder import PROBLEM, HistoryReads, NotRecorded, Recorder, Recording, Records, record
    from .store import HistoryStore, StoreError

#: public name -> the module that defines it (loaded on first use, PEP 562: the licence
#: book needs ``.scrub`` and ``.store`` on every command, not the recorder or settings)
_WHERE = {
    **dict.fromkeys(
        (
            "ACTIONS",
            "OUTCOMES",
            "Entry",
            "EntryError",
            "HistoryQuery",
            "outcome_text",
            "outcome_words",
        ),
        ".model",
    ),
    **dict.fromkeys(
        ("PROBLEM", "HistoryReads", "NotRecorded", "Recorder", "Recording", "Records", "record"),
        ".recorder",
    ),
    **dict.fromkeys(
        (
            "KEYRING_ENTRY",
            "HistorySettings",
            "SettingsError",
            "load_settings",
            "local_history_path",
            "save_settings",
            "set_team_url",
        ),
        "licensedesk.storage.settings",
    ),
    **dict.fromkeys(("HistoryStore", "StoreError"), ".store"),
    "open_store": ".opening",
}

__getattr__, __dir__ = lazy_names(__name__, _WHERE)

__all__ = list(_WHERE)
