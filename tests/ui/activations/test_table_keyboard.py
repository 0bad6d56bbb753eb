"""The activations table and the keyboard: Tab and Shift+Tab leave the table (the
default walks cell by cell and wraps, so the keyboard never gets out); arrows still
move between cells."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ..helpers import activations_table, look_up


def click_first_cell(desk, qtbot, table) -> None:
    """Activate the window and click a cell, as a person starting to use the table."""
    desk.window.activateWindow()
    qtbot.waitUntil(desk.window.isActiveWindow, timeout=2000)
    rect = table.visualRect(table.model().index(0, 1))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(table.hasFocus, timeout=2000)


def test_tab_and_shift_tab_leave_the_table_arrows_stay(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("many_activations"))
    table = activations_table(desk)
    click_first_cell(desk, qtbot, table)

    qtbot.keyClick(table, Qt.Key.Key_Right)  # arrows move within the table
    assert table.hasFocus() and table.currentIndex().column() == 2

    qtbot.keyClick(table, Qt.Key.Key_Tab)
    after = QApplication.focusWidget()
    assert after is not None and after is not table and not table.isAncestorOf(after)

    click_first_cell(desk, qtbot, table)
    qtbot.keyClick(table, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    before = QApplication.focusWidget()
    assert before is not None and before is not table and not table.isAncestorOf(before)
    assert before is not after  # Shift+Tab goes the other way
