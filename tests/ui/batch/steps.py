"""Steps of the batch-check tests, done as a person does them: Ctrl+B, paste, Check."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from licensedesk.ui.batch.model import COL_SERIAL, COL_STATUS

from ..helpers import click

#: the demo kinds in the order the tests paste them
KINDS = (
    "perpetual",
    "subscription_active",
    "subscription_expired",
    "subscription_not_started",
    "trial",
    "upgrade_current",
    "upgrade_target",
    "upgrade_mismatch",
    "offline",
    "host_limit",
    "no_activations",
    "many_activations",
    "inactive_product",
)
#: the status words of each kind, checked without a product
WORDS = {
    "subscription_expired": "expired 35 days ago",
    "subscription_not_started": "not started: starts in 7 days",
    "trial": "expires in 25 days",
}


def unknown(n: int) -> str:
    """A well-formed serial the demo does not hold."""
    return f"ZZZZ-ZZZZ-ZZZZ-{n:04d}-ZZZZ"


def open_batch(desk, qtbot):
    """Ctrl+B in the main window; returns the batch window once it shows."""
    desk.window.activateWindow()
    QTest.keyClick(desk.window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(
        lambda: desk.batch.window is not None and desk.batch.window.isVisible(), timeout=3000
    )
    return desk.batch.window


def paste(window, qtbot, text: str) -> None:
    """Copy ``text``, click the serials box, Ctrl+V (the count follows)."""
    QGuiApplication.clipboard().setText(text)
    box = window.input
    box.clear()
    qtbot.mouseClick(box.viewport(), Qt.MouseButton.LeftButton)
    QTest.keyClick(box, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert box.toPlainText() == text


def check(window, qtbot) -> None:
    click(qtbot, window.check_button)


def wait_checked(desk, qtbot, timeout: int = 15000) -> None:
    window = desk.batch.window
    qtbot.waitUntil(
        lambda: not desk.batch.controller.is_running() and not window.is_running(), timeout=timeout
    )


def check_text(desk, qtbot, text: str):
    """Ctrl+B, paste ``text``, Check, wait for every answer; returns the window."""
    window = open_batch(desk, qtbot)
    paste(window, qtbot, text)
    check(window, qtbot)
    wait_checked(desk, qtbot)
    return window


def column(window, col: int) -> list[str]:
    """The texts of one column, as the table shows them (filter and order applied)."""
    model = window.table.model()
    return [model.index(r, col).data() for r in range(model.rowCount())]


def words_by_serial(window) -> dict[str, str]:
    return dict(zip(column(window, COL_SERIAL), column(window, COL_STATUS), strict=True))


def cell(window, serial: str, col: int) -> str:
    """The text of ``serial``'s row in column ``col``."""
    row = column(window, COL_SERIAL).index(serial)
    return window.table.model().index(row, col).data()


def click_header(window, qtbot, col: int) -> None:
    header = window.table.horizontalHeader()
    x = header.sectionViewportPosition(col) + header.sectionSize(col) // 2
    qtbot.mouseClick(
        header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2)
    )


def choose_filter(window, key: str) -> None:
    combo = window.filter_combo
    combo.setCurrentIndex(combo.findData(key))


def double_click(table, index) -> None:
    """A person's double click: press and release, then the second press (QTest's
    mouseDClick alone sends only that second half, which an item view ignores)."""
    at, left, plain = (
        table.visualRect(index).center(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QTest.mouseClick(table.viewport(), left, plain, at)
    QTest.mouseDClick(table.viewport(), left, plain, at)
