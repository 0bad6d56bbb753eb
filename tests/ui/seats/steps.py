"""Steps of the seats tests: the host-limit licence, its dialogs, as a person uses them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from licensedesk.ui.activations.free_seat_dialog import ID_ROLE, FreeSeatDialog
from licensedesk.ui.shared.confirm import ConfirmDialog

from ..helpers import data_activations


def oldest_first(sandbox) -> list[dict]:
    """The host-limit licence's active devices, the one updated longest ago first."""
    active = [a for a in data_activations(sandbox, "host_limit") if a["activated"]]
    return sorted(active, key=lambda a: a["updated_at"])


def seats_text(desk) -> str:
    products = desk.window.workspace.products
    return products.model.index(0, 1).data()


def open_dialog(desk, qtbot, *, from_menu: bool = False) -> FreeSeatDialog:
    """*Free a seat…*: the button beside the products' line, or the Support menu's entry."""
    if from_menu:
        desk.window.registry["freeSeat"].trigger()
    else:
        line = desk.window.workspace.products.full_line
        qtbot.mouseClick(line.button, Qt.MouseButton.LeftButton)
    return wait_for_dialog(qtbot)


def wait_for_dialog(qtbot) -> FreeSeatDialog:
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), FreeSeatDialog))
    return QApplication.activeModalWidget()


def rows(dialog: FreeSeatDialog) -> list[tuple[int, bool, str]]:
    """(activation id, ticked, host cell) per row, as listed."""
    table = dialog.table
    return [
        (
            table.item(r, 0).data(ID_ROLE),
            table.item(r, 0).checkState() == Qt.CheckState.Checked,
            table.item(r, 0).text(),
        )
        for r in range(table.rowCount())
    ]


def confirm(qtbot, accept: bool) -> ConfirmDialog:
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), ConfirmDialog))
    dialog = QApplication.activeModalWidget()
    if accept:
        qtbot.mouseClick(dialog.accept_button, Qt.MouseButton.LeftButton)
    else:
        QTest.keyClick(dialog, Qt.Key.Key_Escape)
    return dialog
