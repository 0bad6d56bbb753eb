"""The batch window without a mouse: Tab goes through it in reading order in each of its
states (idle, answered, running), every stop has a name a screen reader says, the data
labels are no stops, and Enter on a row does what a double-click does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from licensedesk.batch.model import CheckResult, Status
from licensedesk.ui.batch.window import BatchWindow

from ..helpers import accessible_name, shown, tab_sequence
from .steps import unknown


@pytest.fixture
def window(qtbot) -> BatchWindow:
    return shown(qtbot, BatchWindow())


def answered(w: BatchWindow) -> None:
    """Two answers, one of them an error (so Retry failed is on), and a problem shown."""
    w.show_rows([unknown(0), unknown(1)], [])
    w.model.apply(
        [
            CheckResult(0, unknown(0), Status.ERROR, "could not check: The service timed out."),
            CheckResult(
                1,
                unknown(1),
                Status.ACTIVE,
                "active",
                found=True,
                end=datetime.now(UTC) + timedelta(days=90),
                days_left=90,
            ),
        ]
    )
    w.banner.show_error("Could not save to /x: permission denied.", "PermissionError")


def stops(w: BatchWindow, count: int) -> list[str]:
    """Tab ``count`` times from the serials box; the object names reached, each checked
    for a name a screen reader says."""
    reached = tab_sequence(w.input, count)
    for widget in reached:
        assert accessible_name(widget).strip(), f"{widget.objectName()} has no accessible name"
    return [widget.objectName() for widget in reached]


def test_tab_goes_through_the_idle_window_in_reading_order(window):
    assert stops(window, 6) == [
        "batchOpenButton",
        "batchProduct",
        "batchCheckButton",
        "batchFilter",
        "batchTable",
        "batchInput",
    ]
    assert accessible_name(window.input) == "Serials to check"


def test_after_answers_tab_reaches_retry_the_exports_and_the_problem_shown(window):
    answered(window)
    assert stops(window, 13) == [
        "batchOpenButton",
        "batchProduct",
        "batchCheckButton",
        "batchRetryButton",
        "batchFilter",
        "batchExportCsvButton",
        "batchExportJsonButton",
        "batchExportXlsxButton",
        "errorBannerDetailsButton",
        "errorBannerCopyButton",
        "errorBannerCloseButton",
        "batchTable",
        "batchInput",
    ]


def test_while_a_check_runs_tab_reaches_cancel(window):
    window.set_running(True, 10)
    assert stops(window, 5) == [
        "batchProduct",
        "batchCancelButton",
        "batchFilter",
        "batchTable",
        "batchInput",
    ]
    assert accessible_name(window.cancel_button) == "Cancel the check"


def test_the_labels_are_named_and_reached_by_their_keys_not_by_tab(window):
    for label in (window.count_label, window.shown_label, window.status_label):
        assert label.focusPolicy() == Qt.FocusPolicy.NoFocus
        assert not label.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByKeyboard
        assert accessible_name(label).strip()
    assert accessible_name(window.count_label).startswith("Serials found")
    window.input.setFocus()
    QTest.keyClick(window.input, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)  # &Product code
    assert window.product_input.hasFocus()
    QTest.keyClick(window.product_input, Qt.Key.Key_H, Qt.KeyboardModifier.AltModifier)  # S&how
    assert window.filter_combo.hasFocus()


def test_enter_on_a_row_looks_its_serial_up_as_a_double_click_does(window, qtbot):
    answered(window)
    table = window.table
    table.setFocus()
    table.setCurrentIndex(table.model().index(1, 0))
    with qtbot.waitSignal(window.serialActivated, timeout=2000) as activated:
        QTest.keyClick(table, Qt.Key.Key_Return)
    assert activated.args == [unknown(1)]
