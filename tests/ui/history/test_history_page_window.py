"""The History window's model of a window of pages (ui/history/page_window.py,
paged_model.py) on its own: a table over a list answered by a reader that keeps the
keyset's rules (entries after or before an entry's key, an offset past it), so the
test can change the list under the model. Where a page lands, what the window forgets,
jumps, and a list that grew at the top and shrank at the end since it was counted."""

from __future__ import annotations

import random
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QAbstractItemView, QTableView

from licensedesk.history import Entry
from licensedesk.ui.history.model import ENTRY_ROLE
from licensedesk.ui.history.page_window import PageRead, PageWindow, landing
from licensedesk.ui.history.paged_model import PagedHistoryModel

T0 = datetime(2026, 11, 2, 12, tzinfo=UTC)
PAGE = 100
PAGES = 3


def on_screen(table: QTableView) -> range:
    """The rows the table shows, whole or in part."""
    top = table.rowAt(0)
    if top < 0:
        return range(0)
    bottom = table.rowAt(table.viewport().height() - 1)
    return range(top, (bottom if bottom >= 0 else table.model().rowCount() - 1) + 1)


def made(n: int, start: int = 0) -> list[Entry]:
    """``n`` entries, newest first, a second apart; ``start``: seconds after T0 the oldest
    is (a later start: newer entries)."""
    return [
        Entry(
            id=str(uuid.UUID(int=start + i)),
            time=T0 + timedelta(seconds=start + i),
            user="bea",
            machine="desk-7",
            action="deactivate",
            outcome="done",
            detail=f"entry {start + i}",
        )
        for i in reversed(range(n))
    ]


class Reader:
    """Answers the model's reads from ``items`` (newest first) on the next turn of the
    loop, as a store would: by the keyset's key, not by position."""

    def __init__(self, model: PagedHistoryModel, items: list[Entry]) -> None:
        self.items = items
        self.model = model
        self.reads: list[PageRead] = []
        model.readWanted.connect(self.read)

    def read(self, read: PageRead) -> None:
        self.reads.append(read)
        QTimer.singleShot(0, lambda: self.model.land(read, self.answer(read)))

    def answer(self, read: PageRead) -> list[Entry]:
        def key(e: Entry) -> tuple:
            return e.time, e.id

        if read.forward:
            begin = 0 if read.after is None else sum(key(e) >= key(read.after) for e in self.items)
            begin += read.offset
            return self.items[begin : begin + read.limit]
        end = (
            len(self.items)
            if read.after is None
            else sum(key(e) > key(read.after) for e in self.items)
        )
        end -= read.offset
        return self.items[max(end - read.limit, 0) : max(end, 0)]


@pytest.fixture
def table(qtbot):
    model = PagedHistoryModel(pages=PAGES, page=PAGE)
    view = QTableView()
    view.setModel(model)
    view.resize(700, 400)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    return view


def opened(table: QTableView, items: list[Entry]) -> Reader:
    """The list's first page and its count, as the window is given them; the reader
    (keep it: the model's signal does not)."""
    model = table.model()
    reader = Reader(model, items)
    model.set_entries(items[:PAGE], more=len(items) > PAGE)
    model.set_count(len(items))
    return reader


def shown(table: QTableView, qtbot) -> tuple[int, list[str]]:
    """(the first row on screen, the ids on screen) once they are read."""
    model = table.model()

    def ready() -> bool:
        rows = on_screen(table)
        lo, hi = model.held()
        return bool(rows) and lo <= rows[0] and rows[-1] < hi and not model.reading

    qtbot.waitUntil(ready, timeout=5000)
    lo, hi = model.held()
    assert hi - lo <= PAGES * PAGE
    rows = on_screen(table)
    return rows[0], [model.index(r, 0).data(ENTRY_ROLE).id for r in rows]


def go(table: QTableView, row: int) -> None:
    table.scrollTo(table.model().index(row, 0), QAbstractItemView.ScrollHint.PositionAtTop)


def test_a_page_lands_where_its_read_says_and_the_pages_win_over_the_count():
    forward = PageRead(True, 200, None, 100, 200)
    got = landing(forward, 100, 1000)
    assert (got.shift, got.at, got.total, got.more) == (0, 200, 1000, None)
    short = landing(forward, 40, 1000)  # the list ends sooner than counted
    assert (short.at, short.total, short.more) == (200, 240, False)
    past = landing(PageRead(True, 950, None, 100, 950), 100, 1000)  # and later
    assert (past.total, past.more) == (1050, True)
    up = landing(PageRead(False, 300, made(1)[0], 100), 100, 1000)
    assert (up.shift, up.at, up.total) == (0, 200, 1000)
    top = landing(PageRead(False, 50, made(1)[0], 100), 80, 1000)  # 30 written above
    assert (top.shift, top.at, top.total) == (30, 0, 1030)
    gone = landing(PageRead(False, 50, made(1)[0], 100), 20, 1000)  # 30 removed above
    assert (gone.shift, gone.at, gone.total) == (-30, 0, 970)
    bottom = landing(PageRead(False, 1000, None, 100), 100, 1000)
    assert (bottom.at, bottom.more) == (900, False)


def test_the_window_forgets_the_far_pages_and_reads_toward_the_rows_wanted():
    items = made(1000)
    window = PageWindow(3)
    for at in range(0, 500, 100):
        window.put(at, items[at : at + 100])
    assert (window.lo, window.hi) == (200, 500)  # the first two forgotten
    assert window[250] is items[250] and window.get(150) is None
    back = window.next_read((120, 140), 1000, 100)  # a walk back: the page before
    assert (back.forward, back.at, back.after, back.offset) == (False, 200, items[200], 0)
    on = window.next_read((560, 580), 1000, 100)
    assert (on.forward, on.at, on.after, on.offset) == (True, 500, items[499], 0)
    far = window.next_read((990, 999), 1000, 100)  # far: backward from the bottom
    assert (far.forward, far.at, far.after, far.offset) == (False, 1000, None, 0)
    middle = window.next_read((720, 740), 1000, 100)  # past the rows held, by offset
    assert (middle.forward, middle.at, middle.after, middle.offset) == (True, 680, items[499], 180)
    assert window.next_read((300, 320), 1000, 100) is None
    assert window.put(680, items[680:780]) == [(200, 500)]  # a jump: a new window
    assert (window.lo, window.hi, window.entries()) == (680, 780, items[680:780])


def test_scrolling_and_jumping_show_the_right_rows_with_three_pages_held(table, qtbot):
    items = made(1000)
    reader = opened(table, items)
    where = random.Random(36)
    rows = [
        *range(0, 1000, 40),
        *range(999, 0, -70),
        *(where.randrange(1000) for _ in range(25)),
        0,
    ]
    for row in rows:
        go(table, row)
        first, ids = shown(table, qtbot)
        assert ids == [e.id for e in items[first : first + len(ids)]], row
    assert table.model().rowCount() == 1000
    assert any(r.offset for r in reader.reads) and any(not r.forward for r in reader.reads)


def test_rows_written_above_and_removed_below_since_the_count_are_found(table, qtbot):
    items = made(1000, start=100)
    reader = opened(table, items)
    go(table, 500)
    shown(table, qtbot)
    newer, kept = made(30, start=2000), items[:-50]
    reader.items = now = newer + kept  # 30 written since, the 50 oldest removed
    for row in range(500, -1, -50):  # back up: the pages are the new list's, a row lower
        go(table, row)
        shown(table, qtbot)
    go(table, 0)
    qtbot.waitUntil(
        lambda: table.model().rowCount() == 1030 and not table.model().reading, timeout=5000
    )  # the top was 30 rows higher
    assert shown(table, qtbot)[1][:5] == [e.id for e in now[:5]]
    for row in range(0, 1030, 60):  # down: the end is 50 rows sooner
        go(table, row)
        first, ids = shown(table, qtbot)
        assert ids == [e.id for e in now[first : first + len(ids)]], row
    assert table.model().rowCount() == len(now) == 980
    assert reader.reads and all(r.limit == PAGE for r in reader.reads)


def test_a_page_for_a_list_replaced_since_is_dropped(table, qtbot):
    items = made(400)
    opened(table, items)
    model = table.model()
    read = PageRead(True, PAGE, items[PAGE - 1], PAGE, 0, generation=1)
    model.set_entries(items[:10])
    model.land(read, items[PAGE : 2 * PAGE])
    assert model.rowCount() == 10 and model.held() == (0, 10)
