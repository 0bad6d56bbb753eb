"""The workspace's History tab: what was done to the serial on show, newest first.

Shows state and emits what the person asked for; the history feature's wiring
reads the entries (off the UI thread) and hands them over. Entries of every
desk that writes the same store are here: with a team database, the team's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from licensedesk.i18n import N_, _

from ..shared.column_widths import fit_serial
from ..shared.part_state import TAB_PAGE_TOP, PartState
from ..shared.row_table import read_rows
from ..shared.table_copy import add_copy_shortcut, copy_cells
from .model import (
    COL_OUTCOME,
    COL_PROFILE,
    COL_SERIAL,
    COL_WHAT,
    COL_WHEN,
    COL_WHO,
    HistoryModel,
)

if TYPE_CHECKING:
    from licensedesk.history import Entry

NOTHING_YET = N_("No change to this serial has been recorded.")
_WIDTHS = ((COL_WHEN, 140), (COL_WHO, 170), (COL_PROFILE, 110), (COL_WHAT, 250), (COL_OUTCOME, 230))


def history_table(
    model: HistoryModel, name: str, copy: Callable[[QAbstractItemView], object] = copy_cells
) -> QTableView:
    """A read-only table of entries: rows selected whole, Tab leaves it, Ctrl+C copies
    (``copy``: how, the History window's own way, :mod:`.held_copy`)."""
    table = QTableView()
    table.setObjectName(name)
    read_rows(table, model, many=True)
    table.setAlternatingRowColors(True)
    header = table.horizontalHeader()
    header.setStretchLastSection(True)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    for col, width in _WIDTHS:
        table.setColumnWidth(col, width)
    fit_serial(table, COL_SERIAL)
    add_copy_shortcut(table, copy)
    table.setAccessibleDescription(_("Newest first; Ctrl+C copies the selected rows"))
    return table


def on_enter(table: QTableView, slot) -> None:
    """Enter / Return on the table's current row calls ``slot(index)``: the keyboard's
    double-click (``activated`` would fire on a single click on some platforms)."""
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        shortcut = QShortcut(QKeySequence(key), table)
        shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
        shortcut.activated.connect(lambda: slot(table.currentIndex()))


class HistoryPanel(QWidget):
    """Emits :attr:`openRequested` (the serial) for "All history…".

    The page of the workspace's *History* tab: no frame nor title of its own, as the
    Activations tab's (ui/activations/panel.py); the table's name for a screen reader
    says whose history it is."""

    openRequested = Signal(str)
    countChanged = Signal(int)  # entries on show (-1: none, the part is empty or failed)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("historyPanel")
        self.setAccessibleName(_("History of this serial"))
        self.serial: str | None = None
        self.model = HistoryModel(self)
        self.table = history_table(self.model, "historyTable")
        self.table.setAccessibleName(_("History of this serial"))
        self.table.setColumnHidden(COL_SERIAL, True)  # always the serial on show
        self.table.setColumnHidden(COL_PROFILE, True)  # the tab stays narrow: the window has it
        self.open_button = QPushButton(_("Open in the History window\u2026"))
        self.open_button.setObjectName("historyOpenButton")
        self.open_button.setToolTip(_("Filter, search and export the history (Ctrl+H)"))
        self.open_button.clicked.connect(lambda: self.openRequested.emit(self.serial or ""))
        content = QWidget()
        lay = QVBoxLayout(content)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.table, 1)
        self.state = PartState(content, "history")
        bar = QHBoxLayout()
        bar.addStretch(1)
        bar.addWidget(self.open_button)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, TAB_PAGE_TOP, 0, 0)  # the tab bar's line is its frame
        outer.addWidget(self.state, 1)
        outer.addLayout(bar)
        QWidget.setTabOrder(self.table, self.open_button)

    def set_busy(self, busy: bool) -> None:
        self.state.set_busy(busy)

    def show_entries(self, serial: str, entries: Sequence[Entry]) -> None:
        self.serial = serial
        self.model.set_entries(entries)
        self.table.doItemsLayout()  # now: not after a first paint, painting it all twice
        if entries:
            self.state.show_content()
        else:
            self.state.show_message(_(NOTHING_YET))
        self.countChanged.emit(len(entries))

    def show_error(self, serial: str, sentence: str) -> None:
        self.serial = serial
        self.model.set_entries(())
        self.state.show_message(sentence, error=True)
        self.countChanged.emit(-1)

    def clear(self) -> None:
        self.serial = None
        self.model.set_entries(())
        self.state.show_message("")
        self.countChanged.emit(-1)

    def shown_texts(self, column: int) -> list[str]:
        """The texts of one column as the table shows them (tests, screenshots)."""
        return [self.model.index(r, column).data() for r in range(self.model.rowCount())]
