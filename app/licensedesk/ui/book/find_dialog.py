"""*View → Find a licence…* (Ctrl+K): one box over the licence book, results as you type.

A small window of its own, not modal: the workspace stays usable behind it. Enter (or a
double click) opens the chosen licence in the workspace as a fresh lookup and closes
the dialog, as a command palette does; Down goes from the box to the results. The
dialog shows; the searching is :mod:`.wiring`'s.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from licensedesk.i18n import _

from ..shared.a11y import named
from ..shared.close_keys import add_close_keys
from ..shared.column_widths import fit_capped
from ..shared.labels import plain_label
from ..shared.timers import one_shot
from .found_model import COL_EMAIL, COL_LICENSEE, COL_SKU, SERIAL_ROLE, FoundModel

#: how long typing pauses before the book is asked (a person types faster than this)
SETTLE_MS = 150


class FindDialog(QDialog):
    searchRequested = Signal(str)  # the text, once typing settled
    openRequested = Signal(str)  # the serial chosen

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("findDialog")
        self.setWindowTitle(_("Find a licence"))
        self.resize(860, 420)
        self.box = named(
            QLineEdit(),
            "findBox",
            _("Find"),
            _("Name, e-mail, host ID or serial: three characters or more"),
        )
        self.box.setPlaceholderText(_("Name, e-mail, host ID or serial"))
        self.box.setClearButtonEnabled(True)
        self.status = plain_label()
        self.status.setObjectName("findStatus")
        self.status.setWordWrap(True)  # a sentence of two lines, not a dialog too wide
        self.model = FoundModel(self)
        self.table = named(QTableView(), "findResults", _("Licences found"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)  # a long value is elided on its line, whole in its tip
        header = self.table.horizontalHeader()
        # fitted to the results (at most 50 rows to measure) in show_found; the last
        # column takes what is left
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.box)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        self._settle = one_shot(self, SETTLE_MS, lambda: self.searchRequested.emit(self.box.text()))
        self._open_when_found = False  # Enter came before the results: open the first
        self.box.textEdited.connect(lambda _text: self._settle.start())
        self.box.returnPressed.connect(self.open_chosen)
        self.table.activated.connect(lambda index: self._open(index.row()))
        self.box.installEventFilter(self)
        add_close_keys(self)
        self.say(_("Type a name, an e-mail, a host ID or a serial."))

    def start(self) -> None:
        """Shown again (Ctrl+K): the box focused with its text selected, as a search box."""
        self.show()
        self.raise_()
        self.activateWindow()
        self.box.setFocus()
        self.box.selectAll()

    def show_found(self, found: list) -> None:
        self.model.set_rows(found)
        fit_capped(self.table, (COL_LICENSEE, COL_EMAIL, COL_SKU))
        if found and self._open_when_found:
            self._open_when_found = False
            self._open(0)
            return
        self._open_when_found = False
        if found:
            self.table.selectionModel().setCurrentIndex(
                self.model.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )

    def say(self, sentence: str) -> None:
        self.status.setText(sentence)

    def open_chosen(self) -> None:
        """Enter: the selected licence, else the first."""
        if self._settle.isActive():  # typed and pressed Enter at once: search first
            self._settle.stop()
            self._open_when_found = True
            self.searchRequested.emit(self.box.text())
            return
        rows = self.table.selectionModel().selectedRows()
        if rows or self.model.rowCount():
            self._open(rows[0].row() if rows else 0)

    def _open(self, row: int) -> None:
        serial = self.model.index(row, 0).data(SERIAL_ROLE)
        if serial:
            self.openRequested.emit(serial)
            self.close()

    def eventFilter(self, watched, event) -> bool:
        if (
            watched is self.box
            and isinstance(event, QKeyEvent)
            and event.type() == QKeyEvent.Type.KeyPress
            and event.key() == Qt.Key.Key_Down
            and self.model.rowCount()
        ):
            self.table.setFocus()
            return True
        return super().eventFilter(watched, event)
