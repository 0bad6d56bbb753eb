"""The History window holds a window of pages, not the whole list: with a window of three
pages (1,500 rows) over 4,000 entries, scrolling down and back up, jumping to the
bottom, the middle and the top, and in another column's order, the rows on screen are
always the right entries, no more than three pages are held, the count says how many
match and a selected row stays selected with its entry."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QAbstractItemView

from licensedesk.history import Entry, local_history_path
from licensedesk.history.paging import PAGE
from licensedesk.ui.history import paged_model
from licensedesk.ui.history.model import ENTRY_ROLE

from .steps import sort_by_who
from .test_history_page_window import on_screen
from .test_history_paging import seed
from .test_history_window import open_window, settle

N = 4000
PAGES = 3  # the window's size in this file: 1,500 rows of 4,000
BOUND = PAGES * PAGE


@pytest.fixture(autouse=True)
def small_window(monkeypatch):
    monkeypatch.setattr(paged_model, "WINDOW_PAGES", PAGES)


def shown_on_screen(w, qtbot) -> list[Entry]:
    """The entries of the rows on screen, once they are read (and what they bring)."""

    def ready() -> bool:
        rows = on_screen(w.table)
        lo, hi = w.model.held()
        return bool(rows) and lo <= rows[0] and rows[-1] < hi and not w.model.reading

    qtbot.waitUntil(ready, timeout=5000)
    lo, hi = w.model.held()
    assert hi - lo <= BOUND
    return [w.model.index(r, 0).data(ENTRY_ROLE) for r in on_screen(w.table)]


def scroll_to(w, row: int) -> None:
    """Bring ``row`` to the top of the table. The view's row layout first: a layout
    still pending (the count just arrived) would make the scroll a no-op."""
    w.table.doItemsLayout()
    w.table.scrollTo(w.model.index(row, 0), QAbstractItemView.ScrollHint.PositionAtTop)


def ids(entries) -> list[str]:
    return [e.id for e in entries]


def check_steps(w, qtbot, expected: list[Entry], rows: range) -> None:
    """Scroll to each row of ``rows`` in turn: the rows on screen are ``expected``'s."""
    for row in rows:
        scroll_to(w, row)
        got = shown_on_screen(w, qtbot)
        first = on_screen(w.table)[0]
        assert ids(got) == ids(expected[first : first + len(got)]), row


def test_scrolling_down_and_back_up_holds_three_pages_and_shows_the_right_rows(desk, qtbot):
    entries = seed(N)  # newest first
    w = open_window(desk, qtbot)
    assert w.model.rowCount() == N  # the count: every row to scroll through
    assert w.status_label.text() == f"{N:,} entries"
    assert w.model.held() == (0, PAGE)
    check_steps(w, qtbot, entries, range(0, N, PAGE // 2))  # page after page, by keyset
    assert w.model.held()[1] == N
    check_steps(w, qtbot, entries, range(N - 1, -1, -PAGE // 2))  # back up: read again
    assert w.model.held()[0] == 0
    scroll_to(w, 0)
    assert ids(shown_on_screen(w, qtbot)) == ids(entries[: len(on_screen(w.table))])
    assert w.model.rowCount() == N and w.status_label.text() == f"{N:,} entries"


def test_jumps_to_the_bottom_the_middle_and_the_top_read_those_rows(desk, qtbot):
    entries = seed(N)
    w = open_window(desk, qtbot)
    w.table.scrollToBottom()  # the scroll bar dragged down: no walk through the pages
    bottom = shown_on_screen(w, qtbot)
    assert ids(bottom) == ids(entries[N - len(bottom) :])
    assert w.model.held()[0] >= N - BOUND
    check_steps(w, qtbot, entries, [N // 2, 1234, N - 10])
    w.table.scrollToTop()
    top = shown_on_screen(w, qtbot)
    assert ids(top) == ids(entries[: len(top)])
    assert w.model.rowCount() == N


def test_in_another_columns_order_the_pages_read_again_are_that_orders(desk, qtbot):
    entries = seed(N)
    w = open_window(desk, qtbot)
    expected = sort_by_who(w, entries)
    qtbot.waitUntil(lambda: w.model.index(0, 0).data(ENTRY_ROLE).id == expected[0].id, timeout=5000)
    settle(desk, qtbot)
    assert w.model.rowCount() == N and w.status_label.text() == f"{N:,} entries"
    check_steps(w, qtbot, expected, range(0, N, PAGE // 2))
    check_steps(w, qtbot, expected, range(N - 1, -1, -PAGE))
    w.table.scrollToBottom()
    bottom = shown_on_screen(w, qtbot)
    assert ids(bottom) == ids(expected[N - len(bottom) :])


def test_a_selected_row_keeps_its_entry_when_its_page_is_read_again(desk, qtbot):
    entries = seed(N)
    w = open_window(desk, qtbot)
    row = 3210
    scroll_to(w, row)
    shown_on_screen(w, qtbot)
    w.table.selectionModel().select(
        w.model.index(row, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    w.table.scrollToTop()  # the selected row's page is forgotten
    shown_on_screen(w, qtbot)
    assert not w.model.held()[0] <= row < w.model.held()[1]
    scroll_to(w, row - 5)
    shown_on_screen(w, qtbot)
    selected = w.table.selectionModel().selectedRows()
    assert [i.row() for i in selected] == [row]
    assert selected[0].data(ENTRY_ROLE).id == entries[row].id


def test_entries_removed_since_the_count_end_the_list_where_the_pages_end(desk, qtbot):
    entries = seed(N)
    w = open_window(desk, qtbot)
    db = sqlite3.connect(local_history_path(), isolation_level=None)
    db.executemany("DELETE FROM history WHERE id = ?", [(e.id,) for e in entries[-300:]])
    db.close()
    check_steps(w, qtbot, entries, range(0, N - 300, PAGE // 2))  # no read reveals it yet
    scroll_to(w, N - 1)
    qtbot.waitUntil(
        lambda: w.model.rowCount() == N - 300 and not w.model.reading, timeout=5000
    )  # the last page came short: the list ends there
    w.table.scrollToBottom()
    last = shown_on_screen(w, qtbot)
    assert on_screen(w.table)[-1] == N - 301
    assert ids(last) == ids(entries[N - 300 - len(last) : N - 300])
