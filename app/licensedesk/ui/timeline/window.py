"""The Timeline window (*Support → Timeline of this licence…*, Ctrl+Shift+T, or
*Timeline…* on the licence card): every change the book saw on a licence and every change
made to it from License Desk, newest first: when, what, who.

A window of its own over the main one, not modal, like *Full seats*. Enter or a
double-click on a device's change (or *Show device*) selects that device in the main
window's activations table. It shows and emits; the reading is :mod:`.wiring`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

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

from licensedesk.book.changes import Change
from licensedesk.book.timeline import Item
from licensedesk.i18n import N_, _

from ..shared import colours
from ..shared.a11y import named, tab_chain
from ..shared.close_keys import add_close_keys
from ..shared.colours import text_style
from ..shared.labels import plain_label
from ..shared.table_copy import add_copy_shortcut
from .model import COL_WHAT, COL_WHEN, COL_WHO, TimelineModel

# TRANSLATORS: the Timeline window's title; {serial} is the licence's serial
TITLE = N_("Timeline of {serial}")
#: the What column is never narrower than this many average characters (a device's
#: change names its host, its tag and its product)
WHAT_CHARS = 48


class TimelineWindow(QDialog):
    deviceRequested = Signal(object)  # the device's Change: select it in the main window
    refreshRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("timelineWindow")
        self.serial = ""
        self.status = named(plain_label(), "timelineStatus", _("About the timeline"))
        self.status.setWordWrap(True)
        self.model = TimelineModel(self)
        self.table = named(
            QTableView(),
            "timelineTable",
            _("Changes, newest first"),
            _("Enter on a device's change selects the device in the main window"),
        )
        self._build_table()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.device_button = self._button(
            _("Show device"),
            "timelineDeviceButton",
            _("Select this device in the main window's activations (Enter)"),
        )
        self.refresh_button = self._button(
            _("Refresh"), "timelineRefreshButton", _("Read the timeline from the book again")
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.buttons)
        self.table.activated.connect(lambda index: self._emit_device(index.row()))
        self.device_button.clicked.connect(lambda: self._emit_device(self._chosen_row()))
        self.refresh_button.clicked.connect(self.refreshRequested)
        self.buttons.rejected.connect(self.close)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        add_close_keys(self)
        tab_chain(self.table, self.buttons)
        self.resize(860, 420)
        self._update_buttons()

    def _build_table(self) -> None:
        t = self.table
        t.setModel(self.model)
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        t.setTabKeyNavigation(False)
        t.verticalHeader().hide()
        t.setWordWrap(False)
        t.setAlternatingRowColors(True)
        header = t.horizontalHeader()
        # the time and who whole, in any language; what changed takes what is left
        header.setSectionResizeMode(COL_WHEN, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_WHO, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_WHAT, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(t.fontMetrics().averageCharWidth() * 8)
        t.setMinimumWidth(t.fontMetrics().averageCharWidth() * (WHAT_CHARS + 40))
        add_copy_shortcut(t)

    def _button(self, text: str, name: str, tip: str) -> QPushButton:
        button = named(
            self.buttons.addButton(text, QDialogButtonBox.ButtonRole.ActionRole), name, text, tip
        )
        button.setAutoDefault(False)  # Enter belongs to the table's row
        return button

    def start(self, serial: str) -> None:
        """Shown (again) in front for ``serial``, the list focused."""
        self.serial = serial
        self.setWindowTitle(_(TITLE).format(serial=serial))
        self.show()
        self.raise_()
        self.activateWindow()
        self.table.setFocus()

    def show_items(self, items: Sequence[Item]) -> None:
        self.model.set_items(items)
        self._fit_width()
        if items:
            self.table.selectionModel().setCurrentIndex(
                self.model.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
        self._update_buttons()

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

    def say(self, sentence: str, *, error: bool = False) -> None:
        self.status.setText(sentence)
        self.status.setAccessibleDescription(sentence)
        self.status.setStyleSheet(text_style(colours.BAD) if error else "")

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

    def keyPressEvent(self, event) -> None:
        """Enter on the table is its row's (the table says ``activated``): not the
        dialog's default button's too."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.table.hasFocus():
            event.accept()
            return
        super().keyPressEvent(event)
