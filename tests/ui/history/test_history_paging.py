"""The History window pages: the first page, then the count of the matching entries, which
makes the table's rows; the pages the table is scrolled to are read off the UI thread; a
click on a column's header reads the list in that order from the store; the search index
of a history written before it is built in the background, its progress on a line of
its own, searches answered meanwhile. (The window of pages it holds:
test_history_window_pages.py.)"""

from __future__ import annotations

import sqlite3
import uuid
from datetime import timedelta

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView

from licensedesk import clock
from licensedesk.history import Entry, local_history_path
from licensedesk.history import sqlite_index as index
from licensedesk.history.paging import PAGE
from licensedesk.history.sqlite_store import SqliteStore
from licensedesk.ui.history.model import COL_WHO, ENTRY_ROLE

from .test_history_window import open_window, settle

N = 2 * PAGE + 123


def seed(n: int = N, *, without_index: bool = False) -> list[Entry]:
    """``n`` entries in the last hours, three people; ``without_index``: as a desk of an
    older version left the file (no search index)."""
    now = clock.now().replace(microsecond=0)
    entries = [
        Entry(
            id=str(uuid.uuid4()),
            time=now - timedelta(seconds=10 * i),
            user=("bea", "carl", "dana")[i % 3],
            machine="desk-7",
            action="deactivate",
            outcome="done",
            serial=None,
            detail=f"entry number {i:05d}",
        )
        for i in range(n)
    ]
    store = SqliteStore(local_history_path())
    try:
        store.migrate()
        store.import_entries(entries)
    finally:
        store.close()
    if without_index:
        db = sqlite3.connect(local_history_path(), isolation_level=None)
        index.drop(db)
        db.close()
    return entries


def shown(w) -> list[Entry]:
    """The rows held (a window of pages around those on screen: here, every row read)."""
    lo, hi = w.model.held()
    return [w.model.index(r, 0).data(ENTRY_ROLE) for r in range(lo, hi)]


def read_all(w, qtbot) -> None:
    """Scroll down page after page to the last row, until every row is read."""
    for row in range(0, w.model.rowCount(), PAGE // 2):
        w.table.scrollTo(w.model.index(row, 0), QAbstractItemView.ScrollHint.PositionAtTop)
        qtbot.waitUntil(
            lambda row=row: w.model.held()[1] > row + 1 and not w.model.reading, timeout=5000
        )
    qtbot.waitUntil(lambda: w.model.held() == (0, w.model.rowCount()), timeout=5000)


def test_scrolling_to_the_end_reads_the_next_pages_and_the_count_is_shown(desk, qtbot):
    entries = seed()
    w = open_window(desk, qtbot)
    qtbot.waitUntil(lambda: w.status_label.text() == f"{N:,} entries", timeout=5000)
    assert w.model.rowCount() == N  # the count makes the rows
    assert w.model.held() == (0, PAGE)  # one page read
    read_all(w, qtbot)
    assert not w.model.canFetchMore()
    assert [e.id for e in shown(w)] == [e.id for e in entries]  # newest first, each once
    assert w.status_label.text() == f"{N:,} entries"


def test_a_header_click_sorts_in_the_store(desk, qtbot):
    entries = seed()
    w = open_window(desk, qtbot)
    header = w.table.horizontalHeader()
    for _twice in range(2):  # one order, then the other
        x = header.sectionViewportPosition(COL_WHO) + 5
        QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
        descending = header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
        first = "dana" if descending else "bea"
        qtbot.waitUntil(lambda first=first: shown(w)[0].user == first, timeout=5000)
        settle(desk, qtbot)
        page = shown(w)
        assert [e.user for e in page[:374]] == [first] * 374
        order = [(e.user, e.time) for e in page]
        assert order == sorted(order, reverse=descending)
    read_all(w, qtbot)
    users = [e.user for e in shown(w)]
    assert users == sorted(users, reverse=descending) and len(users) == len(entries)


def test_the_index_of_an_older_history_is_built_while_the_window_is_used(desk, qtbot):
    seed(3000, without_index=True)
    told = []
    desk.history.controller.indexProgress.connect(told.append)
    w = open_window(desk, qtbot)
    w.filters.search.setText("number 02999")  # searches answer meanwhile (a scan)
    qtbot.waitUntil(lambda: w.model.rowCount() == 1, timeout=10_000)
    qtbot.waitUntil(lambda: not desk.history.runner.is_running("history.index"), timeout=60_000)
    assert told and not told[0].built and told[-1].built
    assert not w.index_label.isVisible()
    store = SqliteStore(local_history_path())
    try:
        assert store.search_progress().built
    finally:
        store.close()
    w.filters.search.setText("number 01234")
    qtbot.waitUntil(lambda: [e.detail for e in shown(w)] == ["entry number 01234"], timeout=5000)


def test_the_progress_line_says_how_far_the_index_is(desk, qtbot):
    from licensedesk.history.search_index import IndexProgress

    w = open_window(desk, qtbot)
    w.show_index(IndexProgress(False, 420, 1000))
    assert w.index_label.isVisible()
    assert w.index_label.text() == (
        "Building the search index: 42\u00a0% \u2014 until it is done, a search reads every entry"
    )
    w.show_index(IndexProgress(True))
    assert not w.index_label.isVisible()
