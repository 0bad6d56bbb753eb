"""``ListWindow``: a window of its own over the main one, not modal, that lists rows the
book gave (*Full seats*, the Timeline): a status line, a read-only table chosen a whole
row at a time, and a Close box holding the window's own buttons.

Enter (or a double click) on the table is its row's (the table says ``activated``),
never the dialog's default button's too; Tab goes from the table to the buttons. A
window says only what differs: its object names' prefix, its model, its columns'
widths, its buttons and what choosing a row does (:meth:`ListWindow._update_buttons`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractItemModel, QItemSelectionModel, QObject, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from . import colours
from .a11y import named, tab_chain
from .close_keys import add_close_keys
from .colours import text_style
from .labels import plain_label
from .row_table import read_rows

__all__ = ["ListWindow"]


class ListWindow(QDialog):
    """``name``: the prefix of the object names (``{name}Window``, ``{name}Status``,
    ``{name}Table``); ``about``: the status line's accessible name; ``model``: makes the
    table's model (its parent: the window); ``table``: the table's accessible name and
    description. The subclass adds its buttons (:meth:`_button`), then calls
    :meth:`_ready`."""

    def __init__(
        self,
        name: str,
        about: str,
        model: Callable[[QObject], QAbstractItemModel],
        table: tuple[str, str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName(f"{name}Window")
        self.status = named(plain_label(), f"{name}Status", about)
        self.status.setWordWrap(True)
        self.model = model(self)
        t = self.table = named(QTableView(), f"{name}Table", *table)
        read_rows(t, self.model, many=False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(t, 1)
        layout.addWidget(self.buttons)

    def _button(self, text: str, name: str, tip: str) -> QPushButton:
        """One of the window's buttons, beside Close (its accessible name without "…")."""
        button = named(
            self.buttons.addButton(text, QDialogButtonBox.ButtonRole.ActionRole),
            name,
            text.rstrip("\u2026"),
            tip,
        )
        button.setAutoDefault(False)  # Enter belongs to the table's row
        return button

    def _ready(self) -> None:
        """Close, the close keys, the Tab order and the buttons' state: once the buttons
        are all there."""
        self.buttons.rejected.connect(self.close)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        add_close_keys(self)
        tab_chain(self.table, self.buttons)

    def _update_buttons(self, *_args) -> None:
        """The buttons that need a chosen row on or off (the subclass's)."""

    def start(self) -> None:
        """Shown (again) in front, the list focused."""
        self.show()
        self.raise_()
        self.activateWindow()
        self.table.setFocus()

    def _choose_first(self) -> None:
        """The first row chosen, when there is one (a list shown anew)."""
        if self.model.rowCount():
            self.table.selectionModel().setCurrentIndex(
                self.model.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
        self._update_buttons()

    def say(self, sentence: str, *, error: bool = False) -> None:
        self.status.setText(sentence)
        self.status.setAccessibleDescription(sentence)
        self.status.setStyleSheet(text_style(colours.BAD) if error else "")

    def keyPressEvent(self, event) -> None:
        """Enter on the table is its row's (the table says ``activated``): not the
        dialog's default button's too."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.table.hasFocus():
            event.accept()
            return
        super().keyPressEvent(event)
