"""*View → Full seats…*: the licences of the book whose product has every seat in use.

A window of its own over the main one, not modal. Enter (or a double click) opens the
chosen licence in the workspace, where the products' line offers *Free a seat…*; the
view's own *Free a seat…* opens the licence and then that dialog. With a profile that
may not write, a sentence says that changes need a write pair (and where to add one),
and the button is off. The view shows and emits; the reading is :mod:`.wiring`'s.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from licensedesk.i18n import _

from ..shared import colours
from ..shared.a11y import named, tab_chain
from ..shared.close_keys import add_close_keys
from ..shared.colours import text_style
from ..shared.labels import plain_label, plain_tip
from .full_model import COL_NOTE, SERIAL_ROLE, FullModel


class FullSeatsWindow(QDialog):
    openRequested = Signal(str)  # the serial chosen
    freeRequested = Signal(str)  # the serial whose seat to free
    refreshRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fullSeatsWindow")
        self.setWindowTitle(_("Full seats"))
        self.resize(900, 420)
        self.status = named(plain_label(), "fullSeatsStatus", _("About the list"))
        self.status.setWordWrap(True)
        self.read_only = named(plain_label(), "fullSeatsReadOnly", _("Freeing a seat"))
        self.read_only.setWordWrap(True)
        self.read_only.hide()
        self.model = FullModel(self)
        self.table = named(
            QTableView(),
            "fullSeatsTable",
            _("Licences with every seat in use"),
            _("Enter opens the licence in the main window"),
        )
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        # every value whole; the note (free text, the longest) takes what is left
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_NOTE, QHeaderView.ResizeMode.Stretch)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = self._button(
            _("Open"), "fullSeatsOpenButton", _("Open the licence in the main window (Enter)")
        )
        self.free_button = self._button(_("Free a seat\u2026"), "fullSeatsFreeButton", "")
        self.refresh_button = self._button(
            _("Refresh"), "fullSeatsRefreshButton", _("Read the list from the book again")
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.read_only)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.buttons)
        self._connect()
        add_close_keys(self)
        tab_chain(self.table, self.buttons)
        self.set_can_write("")

    def _button(self, text: str, name: str, tip: str) -> QPushButton:
        button = named(
            self.buttons.addButton(text, QDialogButtonBox.ButtonRole.ActionRole),
            name,
            text.rstrip("\u2026"),
            tip,
        )
        button.setAutoDefault(False)  # Enter belongs to the table's row
        return button

    def _connect(self) -> None:
        self.table.activated.connect(lambda index: self._emit(self.openRequested, index.row()))
        self.open_button.clicked.connect(lambda: self._emit(self.openRequested))
        self.free_button.clicked.connect(lambda: self._emit(self.freeRequested))
        self.refresh_button.clicked.connect(self.refreshRequested)
        self.buttons.rejected.connect(self.close)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)

    def start(self) -> None:
        """Shown (again) in front, the list focused."""
        self.show()
        self.raise_()
        self.activateWindow()
        self.table.setFocus()

    def show_rows(self, rows: list) -> None:
        self.model.set_rows(rows)
        if rows:
            self.table.selectionModel().setCurrentIndex(
                self.model.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
        self._update_buttons()

    def say(self, sentence: str, *, error: bool = False) -> None:
        self.status.setText(sentence)
        self.status.setStyleSheet(text_style(colours.BAD) if error else "")

    def set_can_write(self, reason: str) -> None:
        """``reason``: why freeing a seat is not offered with this profile ("": it is)."""
        self._reason = reason
        self.read_only.setText(reason)
        self.read_only.setVisible(bool(reason))
        tip = reason or _("Open the licence and choose the device whose seat to free")
        self.free_button.setToolTip(plain_tip(tip))  # the reason names the profile
        self.free_button.setAccessibleDescription(tip)
        self._update_buttons()

    def chosen(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].data(SERIAL_ROLE) if rows else None

    def _emit(self, signal, row: int | None = None) -> None:
        serial = self.model.index(row, 0).data(SERIAL_ROLE) if row is not None else self.chosen()
        if serial and (signal is not self.freeRequested or not self._reason):
            signal.emit(serial)
            self.close()

    def _update_buttons(self, *_args) -> None:
        some = self.chosen() is not None
        self.open_button.setEnabled(some)
        self.free_button.setEnabled(some and not self._reason)

    def keyPressEvent(self, event) -> None:
        """Enter on the table is its row's (the table says ``activated``): not the
        dialog's default button's too."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.table.hasFocus():
            event.accept()
            return
        super().keyPressEvent(event)
