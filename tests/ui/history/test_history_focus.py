"""The History window names each entry's connection profile, and reads the list again
when a person comes back to it: an entry another desk (or the command line) wrote since
shows without Refresh; nothing polls the store while the window is in the background."""

from __future__ import annotations

import uuid

from PySide6.QtCore import Qt

from licensedesk import clock
from licensedesk.history import Entry, local_history_path
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.ui.history.model import COL_PROFILE, COL_SERIAL

from .test_history_window import column, open_window, seed, settle


def write_as_a_teammate(serial: str) -> None:
    """One entry written into the same history, as another desk would."""
    store = SqliteStore(local_history_path())
    try:
        store.migrate()
        store.write(
            Entry(
                id=str(uuid.uuid4()),
                time=clock.now().replace(microsecond=0),
                user="dana",
                machine="desk-9",
                action="delete",
                outcome="done",
                serial=serial,
                activation_ids=(4,),
                profile="Team EU",
                service="https://licences.example.com",
            )
        )
    finally:
        store.close()


def test_the_window_shows_each_entrys_profile(desk, qtbot):
    seed(desk.sandbox)
    w = open_window(desk, qtbot)
    assert set(column(w, COL_PROFILE)) == {"Work"}
    header = w.table.model().headerData(COL_PROFILE, Qt.Orientation.Horizontal)
    assert header == "Profile" and not w.table.isColumnHidden(COL_PROFILE)
    assert desk.window.workspace.history.table.isColumnHidden(COL_PROFILE)  # the tab: narrow


def test_coming_back_to_the_window_shows_a_teammates_new_entry(desk, qtbot):
    sb = desk.sandbox
    seed(sb)
    w = open_window(desk, qtbot)
    qtbot.waitUntil(w.isActiveWindow, timeout=3000)
    settle(desk, qtbot)
    assert len(column(w, COL_SERIAL)) == 5

    desk.window.activateWindow()  # the person works in the main window…
    qtbot.waitUntil(desk.window.isActiveWindow, timeout=3000)
    write_as_a_teammate(sb.serial("host_limit"))  # …meanwhile a teammate deletes a device
    settle(desk, qtbot)
    assert len(column(w, COL_SERIAL)) == 5  # nothing polled the store in the background

    w.activateWindow()  # and comes back: no Refresh pressed
    qtbot.waitUntil(lambda: len(column(w, COL_SERIAL)) == 6, timeout=5000)
    row = column(w, COL_SERIAL).index(sb.serial("host_limit"))  # seed's newest: same second
    assert column(w, COL_PROFILE)[row] == "Team EU"
