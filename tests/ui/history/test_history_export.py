"""The History window's export writes every entry of its list, not the rows it holds: with
a window of three pages over 4,000 entries, scrolled to the middle, CSV and JSON lines
hold every entry in the window's order (another column's too), a filter narrows them to
exactly its entries, the line under the table says how far it is, and the bytes are what
the window's export always wrote. An export that fails midway (the store, a full disk,
its folder gone) or is stopped (Cancel export, Esc, closing the window) leaves no file
under its name, an older file of that name as it was, and says why in one sentence.
Ctrl+C copies the selected rows held and says when others were not."""

from __future__ import annotations

import asyncio
import csv
import errno
import shutil

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from licensedesk.history import Entry, StoreError
from licensedesk.history.paging import PAGE
from licensedesk.history.transfer import read_lines
from licensedesk.ui.history import export, export_stream, paged_model
from licensedesk.ui.history.model import COL_WHEN, COL_WHO

from ..helpers import click
from .steps import export_with, sort_by_who
from .test_history_page_window import on_screen
from .test_history_paging import seed
from .test_history_window import open_window, settle
from .test_history_window_pages import BOUND, PAGES, scroll_to, shown_on_screen

N = 4000
SIZE = 700  # the export's page here: five whole pages and a short one


@pytest.fixture(autouse=True)
def small_pages(monkeypatch):
    monkeypatch.setattr(paged_model, "WINDOW_PAGES", PAGES)
    monkeypatch.setattr(export_stream, "EXPORT_PAGE", SIZE)


@pytest.fixture
def save_to(monkeypatch, tmp_path):
    """``save_to(w, name)``: the file dialog answers ``tmp_path / name``; returns it."""

    def answer(w, name: str):
        target = tmp_path / name
        monkeypatch.setattr(w, "ask_save_path", lambda proposed, kind: str(target))
        return target

    return answer


def csv_ids(path) -> list[str]:
    with open(path, newline="", encoding="utf-8") as fh:
        return [row["id"] for row in csv.DictReader(fh)]


def json_ids(path) -> list[str]:
    with open(path, encoding="utf-8") as fh:
        return [e.id for e in read_lines(fh, source="the export")]


def ids(entries: list[Entry]) -> list[str]:
    return [e.id for e in entries]


def leftovers(folder) -> list[str]:
    """Temporary files an export left in ``folder`` (``.NAME.XXXX.part``)."""
    return [p.name for p in folder.iterdir() if p.name.endswith(".part")]


def scrolled_to_the_middle(desk, qtbot):
    w = open_window(desk, qtbot)
    assert w.model.rowCount() == N
    scroll_to(w, N // 2)
    qtbot.waitUntil(lambda: N // 2 in on_screen(w.table), timeout=5000)
    shown_on_screen(w, qtbot)
    lo, hi = w.model.held()
    assert lo > 0 and hi < N  # the window holds neither end
    return w


def test_csv_and_json_hold_every_entry_in_the_windows_order(desk, qtbot, save_to):
    entries = seed(N)  # newest first: the window's order
    w = scrolled_to_the_middle(desk, qtbot)
    told: list[int] = []
    shows = w.show_export_progress
    w.show_export_progress = lambda n, total, path: told.append(n) or shows(n, total, path)

    out = save_to(w, "all.csv")
    export_with(qtbot, w, w.export_csv_button)
    assert csv_ids(out) == ids(entries)
    assert out.read_bytes() == export.export_text("csv", entries).encode("utf-8")
    assert w.status_label.text() == f"Saved {N:,} entries to {out}"
    assert told == [0, *range(SIZE, N, SIZE), N]  # after each page
    assert not w.exporting and not w.cancel_export_button.isVisible()

    out = save_to(w, "all.jsonl")
    export_with(qtbot, w, w.export_json_button)
    assert json_ids(out) == ids(entries)
    assert out.read_bytes() == export.export_text("jsonl", entries).encode("utf-8")
    assert leftovers(out.parent) == []
    lo, hi = w.model.held()
    assert hi - lo <= BOUND  # the export went past the window, not through it


def test_in_another_columns_order_the_file_is_in_that_order(desk, qtbot, save_to):
    entries = seed(N)
    w = open_window(desk, qtbot)
    expected = sort_by_who(w, entries)
    settle(desk, qtbot)
    scroll_to(w, 2345)
    shown_on_screen(w, qtbot)
    out = save_to(w, "by-who.csv")
    export_with(qtbot, w, w.export_csv_button)
    assert csv_ids(out) == ids(expected)


def test_with_a_filter_the_file_holds_exactly_the_filtered_entries(desk, qtbot, save_to):
    entries = seed(N)
    carl = [e for e in entries if e.user == "carl"]
    w = open_window(desk, qtbot)
    QTest.keyClicks(w.filters.person, "carl")
    settle(desk, qtbot)
    qtbot.waitUntil(lambda: w.model.rowCount() == len(carl), timeout=5000)
    scroll_to(w, len(carl) // 2)
    shown_on_screen(w, qtbot)
    out = save_to(w, "carl.jsonl")
    export_with(qtbot, w, w.export_json_button)
    assert json_ids(out) == ids(carl)
    out = save_to(w, "carl.csv")
    export_with(qtbot, w, w.export_csv_button)
    assert csv_ids(out) == ids(carl)


def test_a_store_failing_midway_leaves_no_file_and_says_why(desk, qtbot, save_to, monkeypatch):
    seed(N)
    w = scrolled_to_the_middle(desk, qtbot)
    out = save_to(w, "history.csv")
    out.write_text("an older export\n", encoding="utf-8")
    history = desk.history.recorder
    real = history.page
    calls: list[int] = []

    async def failing(query, sort, after, limit=PAGE, offset=0):
        if limit == SIZE:  # the export's pages (the table reads PAGE)
            calls.append(limit)
            if len(calls) == 3:
                raise StoreError(
                    "the history file /data/history.sqlite3 cannot be read (disk I/O error)"
                )
        return await real(query, sort, after, limit, offset)

    monkeypatch.setattr(history, "page", failing)
    export_with(qtbot, w, w.export_csv_button)
    assert w.banner.text() == (
        f"Could not save to {out}: the history file "
        "/data/history.sqlite3 cannot be read (disk I/O error)."
    )
    assert out.read_text(encoding="utf-8") == "an older export\n"  # as it was
    assert leftovers(out.parent) == []
    assert not w.status_label.text().startswith("Saved")
    assert w.export_csv_button.isEnabled()


def test_a_full_disk_midway_leaves_no_file_and_says_why(desk, qtbot, save_to, monkeypatch):
    seed(N)
    w = scrolled_to_the_middle(desk, qtbot)
    out = save_to(w, "history.jsonl")
    real = export.page_text
    pages: list[int] = []

    def full(kind, entries):  # on the export's thread, inside the file's block
        pages.append(len(entries))
        if len(pages) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(kind, entries)

    monkeypatch.setattr(export, "page_text", full)
    export_with(qtbot, w, w.export_json_button)
    assert w.banner.text() == f"Could not save to {out}: the disk is full."
    assert not out.exists() and leftovers(out.parent) == []


def test_its_folder_removed_midway_leaves_no_file_and_says_why(desk, qtbot, tmp_path, save_to):
    seed(N)
    w = scrolled_to_the_middle(desk, qtbot)
    folder = tmp_path / "gone"
    folder.mkdir()
    out = save_to(w, "gone/history.csv")
    shows = w.show_export_progress

    def removing(n, total, path):
        if n and folder.exists():  # a page is written: the folder goes (a share unmounted)
            shutil.rmtree(folder)
        shows(n, total, path)

    w.show_export_progress = removing
    export_with(qtbot, w, w.export_csv_button)
    assert w.banner.text() == f"Could not save to {out}: the folder does not exist."
    assert not folder.exists()


@pytest.mark.parametrize("how", ["Cancel export", "Esc", "closing the window"])
def test_a_stopped_export_leaves_no_file(desk, qtbot, save_to, monkeypatch, how):
    seed(N)
    w = scrolled_to_the_middle(desk, qtbot)
    out = save_to(w, "history.csv")
    history = desk.history.recorder
    real = history.page
    never = asyncio.Event()  # the export's second page waits here until stopped

    async def paused(query, sort, after, limit=PAGE, offset=0):
        if limit == SIZE and after is not None:
            await never.wait()
        return await real(query, sort, after, limit, offset)

    monkeypatch.setattr(history, "page", paused)
    click(qtbot, w.export_csv_button)
    qtbot.waitUntil(lambda: f"{SIZE} of {N:,} entries" in w.export_label.text(), timeout=5000)
    assert w.cancel_export_button.isVisible() and not w.export_csv_button.isEnabled()
    if how == "Cancel export":
        click(qtbot, w.cancel_export_button)
    elif how == "Esc":
        w.activateWindow()
        qtbot.waitUntil(w.isActiveWindow, timeout=2000)
        QTest.keyClick(w.focusWidget() or w, Qt.Key.Key_Escape)
    else:
        w.close()
    qtbot.waitUntil(lambda: not w.exporting, timeout=5000)
    assert not out.exists() and leftovers(out.parent) == []
    assert w.status_label.text() == f"The export was stopped: nothing was saved to {out}."
    assert w.isVisible() == (how != "closing the window")  # Esc stops the export first


def test_ctrl_c_copies_the_selected_rows_held_and_says_when_others_are_not(desk, qtbot):
    seed(N)
    w = scrolled_to_the_middle(desk, qtbot)
    lo, hi = w.model.held()
    table = w.table
    table.setFocus()

    table.selectRow(lo + 10)  # held: copied as shown, nothing said
    w.show_status("")
    QTest.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    cells = QGuiApplication.clipboard().text().split("\t")
    assert cells[COL_WHEN] == w.model.index(lo + 10, COL_WHEN).data()
    assert cells[COL_WHO] == w.model.index(lo + 10, COL_WHO).data()
    assert w.status_label.text() == ""

    table.selectAll()  # Ctrl+A: every row, most of them not held
    QTest.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    lines = QGuiApplication.clipboard().text().split("\n")
    assert len(lines) == hi - lo and all(line.split("\t")[COL_WHEN] for line in lines)
    assert lines[0].split("\t")[COL_WHO] == w.model.index(lo, COL_WHO).data()
    assert w.status_label.text() == (
        f"Copied {hi - lo:,} of the {N:,} selected rows: the others are not read yet. "
        "Scroll to them first, or export the list."
    )

    QGuiApplication.clipboard().setText("before")
    table.selectionModel().select(  # far above the rows held: nothing copied, said so
        w.model.index(0, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    QTest.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == "before"
    assert w.status_label.text().startswith("Nothing was copied")


def test_from_a_team_database_the_file_holds_every_entry_in_its_order(run, team_db, tmp_path):
    """The same pages from PostgreSQL (its ids are uuids, its times timestamps): here in
    the Serial column's order, ascending, a filter on the action."""
    import uuid
    from datetime import timedelta

    from licensedesk import clock
    from licensedesk.history import HistoryQuery, Recorder
    from licensedesk.history.paging import Sort
    from licensedesk.history.postgres_store import PostgresStore

    now = clock.now().replace(microsecond=0)
    entries = [
        Entry(
            id=str(uuid.uuid4()),
            time=now - timedelta(seconds=i),
            user="ana",
            machine="desk-3",
            action=("delete", "deactivate")[i % 2],
            outcome="done",
            serial=f"AAAA-BBBB-CCCC-{i % 37:04d}" if i % 5 else None,
        )
        for i in range(2500)
    ]
    store = PostgresStore(team_db.admin_url)
    try:
        store.migrate()
        store.import_entries(entries)
    finally:
        store.close()
    deletes = sorted(
        (e for e in entries if e.action == "delete"), key=lambda e: (e.serial or "", e.time, e.id)
    )
    recorder = Recorder(lambda: PostgresStore(team_db.admin_url))
    try:
        for kind in ("csv", "jsonl"):
            out = tmp_path / f"team.{kind}"
            n = run(
                export_stream.write_list(
                    recorder,
                    HistoryQuery(action="delete"),
                    Sort("serial", descending=False),
                    export.ExportFile(str(out), kind),
                    page=SIZE,
                )
            )
            assert n == len(deletes)
            assert (csv_ids if kind == "csv" else json_ids)(out) == ids(deletes)
            assert out.read_bytes() == export.export_text(kind, deletes).encode("utf-8")
    finally:
        recorder.close()
