"""The support dialogs open from the main window as a person opens them: the Support
toolbar's buttons, the Support menu's entries and the shortcuts Ctrl+Shift+V / U / R.
Each opens its own dialog, prefilled with the serial the workspace shows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu, QToolBar, QToolButton

from ..helpers import look_up
from ..support_fixtures import wait_done

DIALOGS = {  # which: (objectName, shortcut key, field with the serial)
    "validate": ("validateDialog", Qt.Key.Key_V, "serial_input"),
    "upgrade": ("upgradeDialog", Qt.Key.Key_U, "current_input"),
    "registration": ("registrationDialog", Qt.Key.Key_R, "serial_input"),
}


def open_by_toolbar(desk, qtbot, which):
    toolbar = desk.window.findChild(QToolBar, "supportToolbar")
    assert toolbar is not None and toolbar.isVisible()
    button = toolbar.findChild(QToolButton, f"{which}ToolButton")
    assert button is not None and button.isVisible() and button.isEnabled()
    assert button.defaultAction().text().endswith("\u2026")  # "Validate…", …
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def open_by_menu(desk, qtbot, which):
    bar = desk.window.menuBar()
    menu = desk.window.findChild(QMenu, "supportMenu")
    assert menu is not None
    qtbot.mouseClick(
        bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(menu.menuAction()).center()
    )
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    action = desk.window.findChild(QAction, f"{which}Action")
    assert action in menu.actions()
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def open_by_shortcut(desk, qtbot, which):
    key = DIALOGS[which][1]
    action = desk.window.findChild(QAction, f"{which}Action")
    assert action.shortcut().toString() == f"Ctrl+Shift+{chr(key)}"
    desk.window.activateWindow()
    QTest.keyClick(
        desk.window, key, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )


@pytest.mark.parametrize(
    "how", [open_by_toolbar, open_by_menu, open_by_shortcut], ids=["toolbar", "menu", "shortcut"]
)
@pytest.mark.parametrize("which", list(DIALOGS))
def test_opens_the_dialog_with_the_workspace_serial(desk, qtbot, which, how):
    serial = desk.sandbox.serial("offline")
    look_up(desk, qtbot, serial)
    assert all(getattr(desk, w).dialog is None for w in DIALOGS)  # made on first use
    how(desk, qtbot, which)
    qtbot.waitUntil(
        lambda: getattr(desk, which).dialog is not None and getattr(desk, which).dialog.isVisible(),
        timeout=2000,
    )
    d = getattr(desk, which).dialog
    name, _key, serial_field = DIALOGS[which]
    assert d.objectName() == name and d.isModal()
    assert getattr(d, serial_field).text() == serial
    others = [getattr(desk, w).dialog for w in DIALOGS if w != which]
    assert all(o is None or not o.isVisible() for o in others)  # only the right one
    wait_done(desk, qtbot)  # registration checks at once; let it end
    d.reject()
