"""*View → Full seats…*: the licences of the book whose product has every seat in use.

A window of its own over the main one, not modal. Enter (or a double click) opens the
chosen licence in the workspace, where the products' line offers *Free a seat…*; the
view's own *Free a seat…* opens the licence and then that dialog. With a profile that
may not write, a sentence says that changes need a write pair (and where to add one),
and the button is off. The view shows and emits; the reading is :mod:`.wiring`'s.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHeaderView, QWidget

from licensedesk.i18n import _

from ..shared.a11y import named
from ..shared.labels import plain_label, plain_tip
from ..shared.list_window import ListWindow
from ..shared.sightings_model import SERIAL_ROLE
from .full_model import COL_NOTE, FullModel


class FullSeatsWindow(ListWindow):
    openRequested = Signal(str)  # the serial chosen
    freeRequested = Signal(str)  # the serial whose seat to free
    refreshRequested = Signal()
    model: FullModel

    def __init__(self, parent: QWidget | None = None) -> None:
        table = (
            _("Licences with every seat in use"),
            _("Enter opens the licence in the main window"),
        )
        super().__init__("fullSeats", _("About the list"), FullModel, table, parent)
        self.setWindowTitle(_("Full seats"))
        self.resize(900, 420)
        self.read_only = named(plain_label(), "fullSeatsReadOnly", _("Freeing a seat"))
        self.read_only.setWordWrap(True)
        self.read_only.hide()
        self.layout().insertWidget(1, self.read_only)
        header = self.table.horizontalHeader()
        # every value whole; the note (free text, the longest) takes what is left
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_NOTE, QHeaderView.ResizeMode.Stretch)
        self.open_button = self._button(
            _("Open"), "fullSeatsOpenButton", _("Open the licence in the main window (Enter)")
        )
        self.free_button = self._button(_("Free a seat\u2026"), "fullSeatsFreeButton", "")
        self.refresh_button = self._button(
            _("Refresh"), "fullSeatsRefreshButton", _("Read the list from the book again")
        )
        self.table.activated.connect(lambda index: self._emit(self.openRequested, index.row()))
        self.open_button.clicked.connect(lambda: self._emit(self.openRequested))
        self.free_button.clicked.connect(lambda: self._emit(self.freeRequested))
        self.refresh_button.clicked.connect(self.refreshRequested)
        self._ready()
        self.set_can_write("")

    def show_rows(self, rows: list) -> None:
        self.model.set_rows(rows)
        self._choose_first()

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
