"""Where the batch check opens from: Ctrl+B, File → Check many serials…, the toolbar's
"Check many…", and "Check all N" beside the hint of a paste of several serials (which
still looks up the first)."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QToolBar, QToolButton

from licensedesk.ui.batch.model import COL_SERIAL, COL_STATUS

from ..helpers import click, serial_box, wait_idle
from ..lookup.test_serial_box import paste_and_enter
from .steps import column, open_batch, unknown, wait_checked


def test_ctrl_b_opens_the_window_beside_the_main_window(desk, qtbot):
    window = open_batch(desk, qtbot)
    assert window.windowTitle() == "Check many serials \u2014 Sandbox"
    assert not window.isModal()
    assert window.isWindow() and window.parent() is desk.window
    assert desk.window.isEnabled()


def test_the_menu_and_the_toolbar_offer_it(desk, qtbot):
    action = desk.window.findChild(QAction, "batchAction")
    assert action in desk.window.findChild(QMenu, "fileMenu").actions()
    assert action.shortcut().toString() == "Ctrl+B"
    button = desk.window.findChild(QToolBar, "supportToolbar").findChild(
        QToolButton, "batchToolButton"
    )
    assert button.isVisible() and button.defaultAction().text() == "Check many\u2026"
    click(qtbot, button)
    qtbot.waitUntil(
        lambda: desk.batch.window is not None and desk.batch.window.isVisible(), timeout=2000
    )


def test_check_all_beside_the_paste_hint_checks_every_pasted_serial(desk, qtbot):
    sandbox = desk.sandbox
    first, second = sandbox.serial("perpetual"), sandbox.serial("subscription_expired")
    paste_and_enter(desk, qtbot, f"Serial\n{first.lower()}\n{second}\n{unknown(5)}\n{first}\n")
    ws = desk.window.workspace
    qtbot.waitUntil(lambda: desk.lookup.serial == first, timeout=3000)
    assert ws.hint.text() == f"The pasted text holds 3 serials; looking up the first, {first}."
    assert ws.check_all_button.isVisible() and ws.check_all_button.text() == "Check all 3"

    click(qtbot, ws.check_all_button)

    window = desk.batch.window
    assert window is not None and window.isVisible()
    wait_checked(desk, qtbot)
    assert column(window, COL_SERIAL) == [first, second, unknown(5)]
    assert column(window, COL_STATUS) == ["active", "expired 35 days ago", "not found"]
    assert window.count_label.text() == "3 serials, 1 duplicate dropped"
    wait_idle(desk, qtbot)
    assert serial_box(desk).text() == first and ws.card.license.serial == first


def test_a_single_serial_or_a_new_edit_offers_no_check_all(desk, qtbot):
    sandbox = desk.sandbox
    first = sandbox.serial("perpetual")
    paste_and_enter(desk, qtbot, f"Ticket: {first}")
    ws = desk.window.workspace
    qtbot.waitUntil(ws.hint.isVisible, timeout=3000)
    assert not ws.check_all_button.isVisible()
    paste_and_enter(desk, qtbot, f"{first}\n{sandbox.serial('trial')}")
    qtbot.waitUntil(ws.check_all_button.isVisible, timeout=3000)
    wait_idle(desk, qtbot)
    serial_box(desk).setFocus()
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.keyClick(serial_box(desk), Qt.Key.Key_Backspace)
    assert not ws.check_all_button.isVisible() and not ws.hint.isVisible()
