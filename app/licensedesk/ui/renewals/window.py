"""The Renewals window (View → Renewals…): the book's subscriptions and trials that end
within 7, 30 or 90 days, soonest first, under a heading per week.

A window of its own (not modal), like the History window: it shows state and emits what
the person asked for; ``wiring.py`` reads the book, runs the refresh and writes the
exports. Enter or a double-click on a licence opens it in the workspace. The OS file
dialog sits behind :meth:`RenewalsWindow.ask_save_path`, which tests replace.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from licensedesk.book.renewals import DEFAULT_WINDOW, WINDOWS
from licensedesk.i18n import N_, _, ngettext

from ..shared.a11y import buddy, named, tab_chain
from ..shared.close_keys import add_close_keys
from ..shared.column_widths import fit_capped, fit_serial
from ..shared.error_banner import ErrorBanner
from ..shared.icons import icon
from ..shared.labels import plain_label
from ..shared.row_table import read_rows
from ..shared.table_copy import add_copy_shortcut
from ..shared.timers import one_shot
from .model import (
    COL_DEALER,
    COL_EMAIL,
    COL_LICENSEE,
    COL_NOTE,
    COL_SKU,
    SERIAL_ROLE,
    RenewalsModel,
)

#: the columns of free text, capped so that one long value leaves the others in view
CAPPED = (COL_DEALER, COL_LICENSEE, COL_EMAIL, COL_SKU, COL_NOTE)

TITLE = N_("Renewals")
#: how long typing in the dealer box pauses before the book is asked again
SETTLE_MS = 250


class RenewalsWindow(QWidget):
    filtersChanged = Signal()
    refreshRequested = Signal()
    exportRequested = Signal(str)  # "csv" or "xlsx"
    openRequested = Signal(str)  # the serial of the licence chosen

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("renewalsWindow")
        self.setWindowTitle(_(TITLE))
        self.model = RenewalsModel(self)
        self._build_filters()
        self._build_table()
        self._lay_out()
        self._connect()
        add_close_keys(self)
        self.resize(1100, 560)

    def _build_filters(self) -> None:
        self.within = named(QComboBox(), "renewalsWithin", _("Ending within"))
        for days in WINDOWS:
            self.within.addItem(ngettext("{n} day", "{n} days", days).format(n=days), days)
        self.within.setCurrentIndex(WINDOWS.index(DEFAULT_WINDOW))
        self.dealer = named(
            QLineEdit(), "renewalsDealer", _("Dealer"), _("A part of the dealer's name")
        )
        self.dealer.setPlaceholderText(_("Any dealer"))
        self.dealer.setClearButtonEnabled(True)
        self.profile = named(QComboBox(), "renewalsProfile", _("Profile"))
        self.set_profiles([])
        self.refresh_button = _button(_("&Refresh"), "renewalsRefreshButton", "view-refresh")
        self.refresh_button.setToolTip(
            _(
                "Check the licences listed at the service again "
                "(nothing is changed), then list them anew (F5)"
            )
        )
        self.export_csv_button = _button(
            _("Export &CSV\u2026"), "renewalsExportCsvButton", "document-save"
        )
        self.export_xlsx_button = _button(
            _("Export &XLSX\u2026"), "renewalsExportXlsxButton", "document-save"
        )

    def _build_table(self) -> None:
        self.banner = ErrorBanner()
        self.status_label = named(plain_label(), "renewalsStatus", _("Licences listed"))
        self.status_label.setWordWrap(True)
        table = self.table = named(
            QTableView(),
            "renewalsTable",
            _("Licences ending"),
            _(
                "Soonest first, by week; Enter or a double-click opens "
                "the licence in the main window"
            ),
        )
        read_rows(table, self.model, many=True)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        fit_serial(table, 0)
        for column in (COL_LICENSEE, COL_EMAIL, COL_NOTE):
            table.setColumnWidth(column, 180)
        add_copy_shortcut(table)

    def fit_columns(self) -> None:
        """Each column as wide as its title and the rows need (a German title is longer
        than the English), the free text capped and elided (whole in its tooltip); the
        note takes the rest."""
        fit_capped(self.table, CAPPED)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)  # the note's column, sized above, takes the rest
        header.setStretchLastSection(True)

    def _lay_out(self) -> None:
        filters = QHBoxLayout()
        for text, widget in (
            (_("Ending &within:"), self.within),
            (_("&Dealer:"), self.dealer),
            (_("&Profile:"), self.profile),
        ):
            filters.addWidget(buddy(text, widget))
            filters.addWidget(widget, 1 if widget is self.dealer else 0)
        for button in (self.refresh_button, self.export_csv_button, self.export_xlsx_button):
            filters.addWidget(button)
        lay = QVBoxLayout(self)
        lay.addLayout(filters)
        lay.addWidget(self.banner)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.status_label)
        tab_chain(
            self.within,
            self.dealer,
            self.profile,
            self.refresh_button,
            self.export_csv_button,
            self.export_xlsx_button,
            self.table,
        )

    def _connect(self) -> None:
        self._settle = one_shot(self, SETTLE_MS, self.filtersChanged)
        self.dealer.textEdited.connect(lambda _text: self._settle.start())
        self.dealer.returnPressed.connect(self._filters_now)
        self.within.currentIndexChanged.connect(lambda _i: self._filters_now())
        self.profile.currentIndexChanged.connect(lambda _i: self._filters_now())
        self.refresh_button.clicked.connect(self.refreshRequested)
        self.export_csv_button.clicked.connect(lambda: self.exportRequested.emit("csv"))
        self.export_xlsx_button.clicked.connect(lambda: self.exportRequested.emit("xlsx"))
        self.table.doubleClicked.connect(self._open)
        self.table.installEventFilter(self)  # Enter: the keyboard's double-click
        QShortcut(QKeySequence("F5"), self).activated.connect(self.refreshRequested)
        self.model.modelReset.connect(self._span_headings)

    def _filters_now(self) -> None:
        self._settle.stop()
        self.filtersChanged.emit()

    # -- what the wiring reads and sets ---------------------------------------------------
    def days(self) -> int:
        return int(self.within.currentData())

    def dealer_text(self) -> str:
        return self.dealer.text().strip()

    def profile_name(self) -> str | None:
        """The profile chosen; None for every profile."""
        return self.profile.currentData() or None

    def set_profiles(self, names: Sequence[str]) -> None:
        """ "Every profile", then ``names``; the choice is kept when it is still there."""
        chosen = self.profile.currentData()
        self.profile.blockSignals(True)
        self.profile.clear()
        self.profile.addItem(_("Every profile"), "")
        for name in names:
            self.profile.addItem(name, name)
        self.profile.setCurrentIndex(max(0, self.profile.findData(chosen or "")))
        self.profile.blockSignals(False)

    def set_busy(self, busy: bool) -> None:
        """While the book is read or the listed licences are checked: no second refresh."""
        self.refresh_button.setEnabled(not busy)

    def show_status(self, sentence: str) -> None:
        self.status_label.setText(sentence)

    def ask_save_path(self, proposed: str, kind: str) -> str:
        """The OS save dialog; "" when cancelled (tests replace this)."""
        filters = {"csv": _("CSV files (*.csv)"), "xlsx": _("Excel workbooks (*.xlsx)")}
        path, _chosen = QFileDialog.getSaveFileName(
            self, _("Export renewals"), proposed, filters[kind]
        )
        return path

    # -- internals ----------------------------------------------------------------------
    def _span_headings(self) -> None:
        self.table.clearSpans()
        for row in range(self.model.rowCount()):
            if self.model.is_heading(row):
                self.table.setSpan(row, 0, 1, self.model.columnCount())

    def eventFilter(self, watched, event) -> bool:
        """Enter on the table opens the current licence (a key event of the table's own,
        not a shortcut: it never fires for a table of another window)."""
        if (
            watched is self.table
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self._open(self.table.currentIndex())
            return True
        return super().eventFilter(watched, event)

    def _open(self, index: QModelIndex) -> None:
        serial = index.siblingAtColumn(0).data(SERIAL_ROLE) if index.isValid() else None
        if serial:
            self.openRequested.emit(serial)


def _button(text: str, name: str, glyph: str) -> QPushButton:
    button = QPushButton(icon(glyph), text)
    button.setObjectName(name)
    button.setAutoDefault(False)
    return button
