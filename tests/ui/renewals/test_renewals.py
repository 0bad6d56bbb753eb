"""*View → Renewals…* through the real window, against the sandbox serving the demo with
three licences that end 3, 20 and 45 days from now (tests/support/ending_demo.py): the
licences looked up are listed soonest first, by week, with days left as the card counts
them; Enter opens one; Refresh checks them again, read-only; export CSV and XLSX."""

from __future__ import annotations

import csv
from datetime import datetime, timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from licensedesk.book.renewals import COLUMNS, XLSX_HEADERS, week_of
from licensedesk.licence_term import days_left
from licensedesk.ui.renewals.model import COL_DAYS, SERIAL_ROLE, week_title
from tests.support.ending_demo import (
    ENDING,
    dealer_of,
    end_of,
    ending_demo,
    serials_ending,
    serve_ending_demo,
)

from ...support.team_book import MINE, THEIRS, two_desks_licences
from ...support.xlsx_cells import sheet_rows
from ..helpers import click, look_up, serial_box, wait_idle


@pytest.fixture
def seen(desk, qtbot, tmp_path):
    """The three licences and a perpetual one looked up: (data, [3, 20, 45 days])."""
    data = serve_ending_demo(desk.sandbox, tmp_path)
    ending = serials_ending(data)
    for serial in (*reversed(ending), data["catalogue"]["serials"]["perpetual"]):
        look_up(desk, qtbot, serial)
    return data, ending


def open_renewals(desk, qtbot, *, from_menu: bool = False):
    """A click in the main window, then Ctrl+Shift+E (or the menu); the list read."""
    if from_menu:
        desk.window.registry["renewals"].trigger()  # View → Renewals…
    else:
        qtbot.mouseClick(serial_box(desk), Qt.MouseButton.LeftButton)
        QTest.keyClick(
            desk.window,
            Qt.Key.Key_E,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
    window = desk.renewals.window
    assert window is not None and window.isVisible()
    wait_listed(desk, qtbot, window)
    return window


def wait_listed(desk, qtbot, window) -> None:
    qtbot.waitUntil(
        lambda: (
            window.status_label.text() != ""
            and not any(name.startswith("renewals.") for name in desk.runner.running())
        )
    )


def relist(desk, qtbot, window, change) -> None:
    """Change a filter as a person would and wait for the list read again."""
    window.show_status("")
    change()
    wait_listed(desk, qtbot, window)


def renew_the_3_day_subscription(desk, tmp_path) -> None:
    """Meanwhile, at the service, the 3-day subscription was renewed for a year."""
    ending_demo(tmp_path / "renewed.db", {**ENDING, "subscription_active": 368})
    desk.sandbox.server.use_database(tmp_path / "renewed.db")


def test_within_30_days_lists_the_3_and_20_day_licences_soonest_first(desk, qtbot, seen):
    data, (soon, later, beyond) = seen
    window = open_renewals(desk, qtbot)
    model = window.model
    assert window.within.currentText() == "30 days"
    assert model.serials() == [soon, later]
    assert window.status_label.text() == "2 licences end within 30 days."

    weeks = sorted({week_of(end_of(data, s)) for s in (soon, later)})
    assert model.rowCount() == 2 + len(weeks)
    assert model.is_heading(0) and model.index(0, 0).data() == week_title(weeks[0])
    assert model.index(0, 0).data().startswith("Week of ")
    assert window.table.columnSpan(0, 0) == model.columnCount()
    rows = {model.index(r, 0).data(SERIAL_ROLE): r for r in range(model.rowCount())}
    for serial in (soon, later):
        left = days_left(end_of(data, serial))
        assert model.index(rows[serial], COL_DAYS).data() == str(left)
        assert model.index(rows[serial], 3).data() == dealer_of(data, serial)
    assert model.index(rows[soon], 4).data() == "Tomás Herrera"
    assert model.index(rows[later], 5).data() == "priya.raman@example.com"

    relist(desk, qtbot, window, lambda: window.within.setCurrentIndex(2))
    assert model.serials() == [soon, later, beyond]
    relist(desk, qtbot, window, lambda: window.within.setCurrentIndex(0))
    assert model.serials() == [soon]


def test_the_dealer_and_the_profile_narrow_the_list(desk, qtbot, seen):
    data, ending = seen
    window = open_renewals(desk, qtbot)
    relist(desk, qtbot, window, lambda: window.within.setCurrentIndex(2))
    dealer = dealer_of(data, ending[1])
    relist(desk, qtbot, window, lambda: QTest.keyClicks(window.dealer, dealer.split()[0].lower()))
    assert window.model.serials() == [s for s in ending if dealer_of(data, s) == dealer]
    assert [window.profile.itemText(i) for i in range(window.profile.count())] == [
        "Every profile",
        "Sandbox",
    ]
    window.dealer.clear()
    relist(desk, qtbot, window, lambda: window.profile.setCurrentIndex(1))
    assert window.model.serials() == ending


def test_enter_opens_the_licence_in_the_workspace_in_front(desk, qtbot, seen):
    """The main window comes in front of the list, as from *Full seats* or the history:
    the card opened is the one the person sees."""
    _data, (soon, later, _beyond) = seen
    look_up(desk, qtbot, soon)
    window = open_renewals(desk, qtbot)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    model = window.model
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data(SERIAL_ROLE) == later)
    window.table.setFocus()
    window.table.setCurrentIndex(model.index(row, 0))
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.lookup.serial == later)
    qtbot.waitUntil(desk.window.isActiveWindow)
    wait_idle(desk, qtbot)


def test_refresh_checks_the_listed_licences_read_only_and_lists_them_anew(
    desk, qtbot, seen, tmp_path
):
    _data, (soon, later, _beyond) = seen
    window = open_renewals(desk, qtbot)
    assert window.model.serials() == [soon, later]
    renew_the_3_day_subscription(desk, tmp_path)
    desk.sandbox.clear_requests()

    window.show_status("")
    click(qtbot, window.refresh_button)
    qtbot.waitUntil(lambda: window.model.serials() == [later])
    wait_listed(desk, qtbot, window)
    served = desk.sandbox.served()
    assert {
        s.path.rsplit("/", 1)[-1] for s in served if s.path.startswith("/v2/licenses/show-license/")
    } == {soon, later}
    # reads only: the products' listing is a POST that needs the write pair, and changes nothing
    assert {(s.method, s.path) for s in served if s.method != "GET"} <= {
        ("POST", "/v2/licenses/products")
    }
    assert window.status_label.text() == "1 licence ends within 30 days."


def test_a_licence_renewed_and_looked_up_leaves_the_open_list_without_refresh(
    desk, qtbot, seen, tmp_path
):
    """The book keeps the later end the lookup saw: the list on show is read again."""
    _data, (soon, later, _beyond) = seen
    window = open_renewals(desk, qtbot)
    assert window.model.serials() == [soon, later]
    renew_the_3_day_subscription(desk, tmp_path)

    look_up(desk, qtbot, soon)  # in the main window, not the list's Refresh
    qtbot.waitUntil(lambda: window.model.serials() == [later])
    wait_listed(desk, qtbot, window)
    assert window.status_label.text() == "1 licence ends within 30 days."


def test_export_csv_and_xlsx_hold_the_rows_listed(desk, qtbot, seen, tmp_path, monkeypatch):
    data, (soon, later, _beyond) = seen
    window = open_renewals(desk, qtbot)
    asked: list[tuple[str, str]] = []

    def ask(proposed: str, kind: str) -> str:
        asked.append((proposed, kind))
        return str(tmp_path / f"out.{kind}")

    monkeypatch.setattr(window, "ask_save_path", ask)
    click(qtbot, window.export_csv_button)
    assert asked[0][0].rsplit("/", 1)[-1].startswith("renewals-")
    with open(tmp_path / "out.csv", encoding="utf-8", newline="") as fp:
        rows = list(csv.DictReader(fp))
    assert [r["serial"] for r in rows] == [soon, later]
    assert rows[0]["days_left"] == str(days_left(end_of(data, soon)))
    assert datetime.fromisoformat(rows[0]["end"]) == end_of(data, soon)
    assert window.status_label.text().startswith("Saved 2 rows to ")

    click(qtbot, window.export_xlsx_button)
    sheet = sheet_rows(tmp_path / "out.xlsx")
    assert tuple(sheet[0]) == tuple(XLSX_HEADERS.get(c, c) for c in COLUMNS)
    body = [dict(zip(COLUMNS, r, strict=False)) for r in sheet[1:]]
    assert [r["serial"] for r in body] == [soon, later]
    assert body[1]["days_left"] == days_left(end_of(data, later))  # a number
    end = datetime(1899, 12, 30) + timedelta(days=body[0]["end"])  # a date cell, UTC
    assert abs(end - end_of(data, soon).replace(tzinfo=None)) < timedelta(seconds=1)


def test_in_german(german, desk, qtbot, seen):
    """The window built in German: its menu, its window, its sentences."""
    _data, (soon, later, _beyond) = seen
    window = open_renewals(desk, qtbot)
    assert window.windowTitle() == "Verlängerungen"
    assert window.within.currentText() == "30 Tage"
    assert window.model.serials() == [soon, later]
    assert window.status_label.text() == "2 Lizenzen enden innerhalb von 30 Tagen."
    assert window.model.index(0, 0).data().startswith("Woche vom ")
    assert window.model.headerData(1, Qt.Orientation.Horizontal) == "Tage verbleibend"
    assert desk.window.registry["renewals"].text() == "Ver&längerungen\u2026"


def test_a_team_book_lists_every_desks_licences_with_their_notes(
    make_desk, qtbot, team_db, sandbox_profile, monkeypatch
):
    """On a team database the list holds a teammate's licences too, each with its note."""
    from licensedesk.history import HistorySettings, save_settings
    from licensedesk.ui.renewals.model import COL_NOTE

    save_settings(HistorySettings(store="team", team_url=team_db.url))
    monkeypatch.setenv("LICENSEDESK_HISTORY_PASSWORD", team_db.password)
    two_desks_licences(team_db.url, team_db.password, "Sandbox")
    mine, theirs = MINE, THEIRS
    desk = make_desk(profile=sandbox_profile)
    window = open_renewals(desk, qtbot, from_menu=True)
    assert window.model.serials() == [theirs, mine]
    notes = {
        window.model.index(r, 0).data(SERIAL_ROLE): window.model.index(r, COL_NOTE).data()
        for r in range(window.model.rowCount())
    }
    assert notes[theirs] == "Renews through the school's office" and notes[mine] == ""
