"""The history without a mouse: Tab goes through the History window, its settings dialog
and the workspace's History tab in reading order, every stop has a name a screen reader
says, and Enter on an entry does what a double-click does."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from licensedesk.history import Entry, HistorySettings
from licensedesk.ui.history.panel import HistoryPanel
from licensedesk.ui.history.settings_dialog import HistorySettingsDialog
from licensedesk.ui.history.window import HistoryWindow

from ..batch.steps import unknown
from ..helpers import accessible_name, shown, tab_sequence


def entries(n: int = 2) -> list[Entry]:
    now = datetime.now(UTC)
    return [
        Entry(
            str(uuid.uuid4()),
            now - timedelta(minutes=i),
            "ana",
            "desk-3",
            "deactivate",
            outcome="done",
            serial=unknown(i),
            activation_ids=(i + 1,),
        )
        for i in range(n)
    ]


def stops(start, count: int) -> list[str]:
    """Tab ``count`` times from ``start``; the object names reached, each checked for a name
    a screen reader says."""
    reached = tab_sequence(start, count)
    for widget in reached:
        assert accessible_name(widget).strip(), f"{widget.objectName()} has no accessible name"
    return [widget.objectName() for widget in reached]


FILTERS = [
    "historyPersonFilter",
    "historyActionFilter",
    "historyOutcomeFilter",
    "historySearch",
    "historySinceCheck",
]


def test_history_window_filters_then_actions_then_the_list(qtbot):
    w = shown(qtbot, HistoryWindow())
    w.show_entries(entries())
    assert stops(w.filters.serial, 11) == [
        *FILTERS,
        "historyUntilCheck",
        "historyRefreshButton",
        "historyExportCsvButton",
        "historyExportJsonButton",
        "historySettingsButton",
        "historyWindowTable",
    ]
    assert accessible_name(w.filters.serial) == "Serial"
    assert accessible_name(w.table) == "Recorded changes"


def test_history_window_dates_and_a_problem_are_stops_when_shown(qtbot):
    """A date edit takes a Tab per part (year, month, day: Qt's own), then goes on."""
    w = shown(qtbot, HistoryWindow())
    w.show_entries(entries())
    w.filters.use_since.setChecked(True)
    w.filters.use_until.setChecked(True)
    w.banner.show_error("The history could not be read.", "details")
    assert stops(w.filters.serial, 21) == [
        *FILTERS,
        *["historySince"] * 3,
        "historyUntilCheck",
        *["historyUntil"] * 3,
        "historyRefreshButton",
        "historyExportCsvButton",
        "historyExportJsonButton",
        "historySettingsButton",
        "errorBannerDetailsButton",
        "errorBannerCopyButton",
        "errorBannerCloseButton",
        "historyWindowTable",
        "historySerialFilter",
    ]


def test_history_window_enter_on_an_entry_looks_its_serial_up(qtbot):
    w = shown(qtbot, HistoryWindow())
    w.show_entries(entries())
    w.table.setFocus()
    w.table.setCurrentIndex(w.model.index(1, 0))
    with qtbot.waitSignal(w.serialActivated, timeout=2000) as activated:
        QTest.keyClick(w.table, Qt.Key.Key_Return)
    assert activated.args == [unknown(1)]


def box_buttons(d: HistorySettingsDialog) -> list[str]:
    """The dialog's buttons as the platform lays them out, left to right."""
    box = d.findChild(QDialogButtonBox)
    return [b.objectName() for b in sorted(box.buttons(), key=lambda b: b.mapTo(d, QPoint()).x())]


def test_settings_dialog_on_this_computer_skips_the_team_fields(qtbot):
    d = HistorySettingsDialog()
    d.load(
        HistorySettings(),
        "/home/ana/.local/share/licensedesk/history.sqlite3",
        password_stored=False,
    )
    shown(qtbot, d)
    assert stops(d.local, 6) == [
        "historyDisplayName",
        "historyBookDays",
        "historyKeepMonths",
        *box_buttons(d),
        "historyLocal",
    ]
    assert d.local_path.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert accessible_name(d.local_path).startswith("History file")


def test_settings_dialog_with_a_team_goes_through_its_fields(qtbot):
    d = HistorySettingsDialog()
    d.load(
        HistorySettings(store="team", team_url="postgresql://ana@db.example.com/desk"),
        "/tmp/history.sqlite3",
        password_stored=True,
    )
    shown(qtbot, d)
    assert stops(d.team, 9) == [
        "historyTeamUrl",
        "historyTeamPassword",
        "historyTestButton",
        "historyDisplayName",
        "historyBookDays",
        "historyKeepMonths",
        *box_buttons(d),
        "historyTeam",
    ]
    assert accessible_name(d.password) == "Team database password"
    QTest.keyClick(d.team, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)  # Your &name
    assert d.display_name.hasFocus()


def test_history_tab_table_then_the_window_button(qtbot):
    p = shown(qtbot, HistoryPanel())
    p.show_entries(unknown(0), entries(1))
    assert stops(p.table, 2) == ["historyOpenButton", "historyTable"]
    assert accessible_name(p.table) == "History of this serial"
