"""The Timeline window (*Support → Timeline of this licence…*, Ctrl+Shift+T, or
*Timeline…* on the licence card): every change the book saw on a licence and every change
made to it from License Desk, newest first: when, what, who.

A window of its own over the main one, not modal, like *Full seats*. Enter or a
double-click on a device's change (or *Show device*) selects that device in the main
window's activations table. It shows and emits; the reading is :mod:`.wiring`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHeaderView, QWidget

from licensedesk.book.changes import Change
from licensedesk.book.timeline import Item
from licensedesk.i18n import N_, _

from ..shared.list_window import ListWindow
from ..shared.table_copy import add_copy_shortcut
from .model import COL_WHAT, COL_WHEN, COL_WHO, TimelineModel

# TRANSLATORS: the Timeline window's title; {serial} is the licence's serial
TITLE = N_("Timeline of {serial}")
#: the What column is never narrower than this many average characters (a device's
#: change names its host, its tag and its product)
WHAT_CHARS = 48


class TimelineWindow(ListWindow):
    deviceRequested = Signal(object)  # the device's Change: select it in the main window
    refreshRequested = Signal()
    model: TimelineModel

    def __init__(self, parent: QWidget | None = None) -> None:
        table = (
            _("Changes, newest first"),
            _("Enter on a device's change selects the device in the main window"),
        )
        super().__init__("timeline", _("About the timeline"), TimelineModel, table, parent)
        self.serial = ""
        self._build_table()
        self.device_button = self._button(
            _("Show device"),
            "timelineDeviceButton",
            _("Select this device in the main window's activations (Enter)"),
        )
        self.refresh_button = self._button(
            _("Refresh"), "timelineRefreshButton", _("Read the timeline from the book again")
        )
        self.table.activated.connect(lambda index: self._emit_device(index.row()))
        self.device_button.clicked.connect(lambda: self._emit_device(self._chosen_row()))
        self.refresh_button.clicked.connect(self.refreshRequested)
        self._ready()
        self.resize(860, 420)
        self._update_buttons()

    def _build_table(self) -> None:
        t = self.table
        t.setAlternatingRowColors(True)
        header = t.horizontalHeader()
        # the time and who whole, in any language; what changed takes what is left
        header.setSectionResizeMode(COL_WHEN, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_WHO, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_WHAT, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(t.fontMetrics().averageCharWidth() * 8)
        t.setMinimumWidth(t.fontMetrics().averageCharWidth() * (WHAT_CHARS + 40))
        add_copy_shortcut(t)

    def start_for(self, serial: str) -> None:
        """Shown (again) in front for ``serial``, the list focused."""
        self.serial = serial
        self.setWindowTitle(_(TITLE).format(serial=serial))
        self.start()

    def show_items(self, items: Sequence[Item]) -> None:
        self.model.set_items(items)
        self._fit_width()
        self._choose_first()

    def _fit_width(self) -> None:
        """Wide enough for every column's longest text on show, in any language (a
        device's change in German is longer than in English), within the screen: never
        narrower than the person made it."""
        t = self.table
        columns = sum(t.sizeHintForColumn(c) for c in range(self.model.columnCount()))
        frame = 2 * t.frameWidth() + t.verticalScrollBar().sizeHint().width()
        margins = self.layout().contentsMargins()
        need = columns + frame + margins.left() + margins.right()
        screen = self.screen()
        most = int(screen.availableGeometry().width() * 0.9) if screen is not None else need
        if min(need, most) > self.width():
            self.resize(min(need, most), self.height())

    def set_busy(self, busy: bool) -> None:
        self.refresh_button.setEnabled(not busy)

    def _chosen_row(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def chosen_device(self, row: int | None = None) -> Change | None:
        """The device change of ``row`` (default: the selected row), or None."""
        row = self._chosen_row() if row is None else row
        if row is None or not 0 <= row < self.model.rowCount():
            return None
        change = self.model.item(row).change
        return change if change is not None and change.device else None

    def _emit_device(self, row: int | None) -> None:
        change = self.chosen_device(row)
        if change is not None:
            self.deviceRequested.emit(change)

    def _update_buttons(self, *_args) -> None:
        self.device_button.setEnabled(self.chosen_device() is not None)
