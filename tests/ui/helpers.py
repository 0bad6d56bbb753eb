"""Helpers for UI tests: act as a person would (type, click, press keys)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton, QTableView, QWidget


def find(desk, cls, name):
    widget = desk.window.findChild(cls, name)
    assert widget is not None, f"no {cls.__name__} named {name}"
    return widget


def serial_box(desk) -> QLineEdit:
    return find(desk, QLineEdit, "serialInput")


def activations_table(desk) -> QTableView:
    return find(desk, QTableView, "activationsTable")


def wait_idle(desk, qtbot, timeout=10000) -> None:
    """Nothing running, nor the licence image still to be asked for (it starts a frame
    after the licence is shown)."""
    qtbot.waitUntil(
        lambda: not desk.runner.running() and not desk.lookup.image.waiting(), timeout=timeout
    )


def type_serial_and_enter(desk, qtbot, text: str) -> None:
    box = serial_box(desk)
    box.clear()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    QTest.keyClicks(box, text)
    QTest.keyClick(box, Qt.Key.Key_Return)


def look_up(desk, qtbot, serial: str) -> None:
    type_serial_and_enter(desk, qtbot, serial)
    qtbot.waitUntil(
        lambda: bool(desk.runner.running()) or desk.lookup.serial == serial, timeout=2000
    )
    wait_idle(desk, qtbot)


def click(qtbot, button: QPushButton) -> None:
    assert button.isEnabled(), f"{button.objectName()} is disabled"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def select_rows(table: QTableView, rows: list[int]) -> None:
    """Ctrl-click each row's first cell, as a person selecting several devices."""
    table.clearSelection()
    for n, row in enumerate(rows):
        rect = table.visualRect(table.model().index(row, 1))
        modifier = Qt.KeyboardModifier.ControlModifier if n else Qt.KeyboardModifier.NoModifier
        QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())


def row_texts(table: QTableView, column: int) -> list[str]:
    model = table.model()
    return [str(model.index(r, column).data()) for r in range(model.rowCount())]


def data_licence(sandbox, kind):
    serial = sandbox.serial(kind)
    return next(x for x in sandbox.data["licenses"] if x["serial"] == serial)


def data_activations(sandbox, kind):
    lic = data_licence(sandbox, kind)
    return [a for a in sandbox.data["activations"] if a["license_id"] == lic["id"]]


def tick(qtbot, box) -> None:
    """Click a QCheckBox on its indicator (its centre may lie beyond the label)."""
    from PySide6.QtCore import QPoint

    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def open_profiles_dialog(desk, qtbot):
    """Open the profiles dialog as a person would (welcome page or workspace button)."""
    from licensedesk.ui.profiles.dialog import ProfilesDialog

    click(
        qtbot,
        desk.window.welcome.add_button
        if desk.window.is_welcome()
        else desk.window.workspace.profiles_button,
    )
    dialog = desk.window.findChild(ProfilesDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def fill_profile(dialog, qtbot, name, url, read=None, write=None) -> None:
    """Type a profile into the dialog: name, address and the (app_id, key) pairs given."""
    for field, text in ((dialog.name, name), (dialog.base_url, url)):
        field.clear()
        QTest.keyClicks(field, text)
    for box, pair in ((dialog.read_box, read), (dialog.write_box, write)):
        box.app_id.clear()
        box.api_key.clear()
        if pair:
            QTest.keyClicks(box.app_id, pair[0])
            QTest.keyClicks(box.api_key, pair[1])


def tab_sequence(start: QWidget, count: int) -> list[QWidget]:
    """Focus ``start``, press Tab ``count`` times (real key events to the focused widget),
    and return the widgets that had the focus after each press, in order."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    reached = []
    for _ in range(count):
        focused = QApplication.focusWidget() or start
        QTest.keyClick(focused, Qt.Key.Key_Tab)
        QApplication.processEvents()
        reached.append(QApplication.focusWidget())
    return reached


def accessible_name(widget: QWidget) -> str:
    """The name a screen reader says for ``widget`` (Qt's accessibility interface: its
    accessibleName, else its buddy label's text, else what Qt derives)."""
    from PySide6.QtGui import QAccessible

    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name) if interface is not None else ""


def tab_names(start: QWidget, presses: int) -> list[str]:
    """objectNames of the widgets real Tab presses reach from ``start``; each must have a
    name a screen reader says."""
    reached = tab_sequence(start, presses)
    for w in reached:
        assert accessible_name(w).strip(), f"{w.objectName()} has no accessible name"
    return [w.objectName() for w in reached]


def placed(dialog: QWidget) -> list[str]:
    """The enabled buttons of ``dialog``'s button box, left to right as the platform
    places them (not the order they were added)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QDialogButtonBox

    box = dialog.findChild(QDialogButtonBox)
    buttons = [b for b in box.buttons() if b.isVisible() and b.isEnabled()]
    return [b.objectName() for b in sorted(buttons, key=lambda b: b.mapTo(dialog, QPoint()).x())]


def shown(qtbot, widget: QWidget) -> QWidget:
    """``widget`` on screen and active, as a person opening it would see it (closed by
    qtbot after the test)."""
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)
    return widget
