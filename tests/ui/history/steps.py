"""Helpers of the history tests: read what the store really holds (a store of its own on the
same file, not the window's recorder), and what the window shows."""

from __future__ import annotations

from licensedesk.history import Entry, HistoryQuery, local_history_path

#: a key that must never reach an entry, an export or a file (the canary)
CANARY_KEY = "sk_canary_5e1f0c2d9b8a7f6e5d4c3b2a19081726"


def stored(serial: str | None = None, action: str | None = None) -> list[Entry]:
    """The local history file's entries (newest first); [] while there is no file."""
    from licensedesk.history.sqlite_store import SqliteStore

    path = local_history_path()
    if not path.exists():
        return []
    store = SqliteStore(path)
    try:
        store.migrate()  # as open_store does: waits for a desk that is creating the file
        return list(store.query(HistoryQuery(serial=serial, action=action)))
    finally:
        store.close()


def wait_stored(
    qtbot,
    n: int,
    *,
    serial: str | None = None,
    action: str | None = None,
    finished: bool = True,
    timeout: int = 5000,
) -> list[Entry]:
    """Wait until the file holds ``n`` such entries (with their outcome when ``finished``)."""
    found: list[Entry] = []

    def there() -> bool:
        found[:] = stored(serial, action)
        return len(found) == n and (not finished or all(e.outcome != "pending" for e in found))

    qtbot.waitUntil(there, timeout=timeout)
    return found


def tab_rows(desk, column: int) -> list[str]:
    """One column of the workspace's History tab, as it shows it."""
    return desk.window.workspace.history.shown_texts(column)


def history_tab_title(desk) -> str:
    tabs = desk.window.workspace.lower_tabs
    return tabs.tabText(tabs.indexOf(desk.window.workspace.history))


def origin(url: str) -> str:
    """``http://127.0.0.1:PORT``: what an entry keeps of the service's address."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def export_with(qtbot, w, button) -> None:
    """Click an export button of the History window; return once the export has ended
    (it reads the list from the store off the UI thread: written, failed or stopped)."""
    from ..helpers import click

    click(qtbot, button)
    qtbot.waitUntil(lambda: not w.exporting, timeout=10000)


def sort_by_who(w, entries: list[Entry]) -> list[Entry]:
    """Click the History window's Who header; ``entries`` in the order it then shows
    (the store's: who, then time and id, the click's direction)."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    from licensedesk.ui.history.model import COL_WHO

    header = w.table.horizontalHeader()
    x = header.sectionViewportPosition(COL_WHO) + 5
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    descending = header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
    return sorted(entries, key=lambda e: (e.user, e.time, e.id), reverse=descending)
