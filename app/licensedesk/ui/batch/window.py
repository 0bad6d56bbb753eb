"""The "Check many serials" window: the serials in, a table of answers out.

A window of its own (not modal, shown with ``show()``): the main window stays
usable, and a double-click on a row looks that serial up there. It shows state
and emits what the person asked for; ``wiring.py`` does the rest. The OS file
dialogs sit behind :meth:`BatchWindow.ask_open_path` and
:meth:`BatchWindow.ask_save_path`, which tests replace.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QVBoxLayout,
    QWidget,
)

from licensedesk.i18n import N_, _, ngettext

from ..shared.a11y import buddy, named, tab_chain
from ..shared.close_keys import add_close_keys
from ..shared.error_banner import ErrorBanner
from ..shared.icons import icon
from ..shared.labels import plain_label
from ..shared.stacked import stacked
from ..shared.support_dialog import hint_label
from ..shared.timers import one_shot
from ..shared.values import format_number as number
from .files import OPEN_FILTER, dropped_file
from .inputs import button as _button
from .inputs import product_input, progress_bar, rows_filter, serials_input, status_label
from .model import (
    NOT_SERIAL,
    OBJECT_ROLE,
    BatchModel,
    Pending,
    Row,
)
from .proxy import BatchProxy
from .seats_note import seats_note
from .view import answers_table

TITLE = N_("Check many serials")
PLACEHOLDER = N_(
    "Paste serials here: one a line, a spreadsheet column, a ticket\u2026 "
    "or open (or drop) a .txt or .csv file."
)
SETTLE_MS = 250  # the count follows typing after this pause (a 10,000-line paste parses once)


class BatchWindow(QWidget):
    checkRequested = Signal()
    cancelRequested = Signal()
    retryRequested = Signal()
    exportRequested = Signal(str)  # "csv", "json" or "xlsx"
    fileChosen = Signal(str)  # a path, from Open file… or a drop
    inputSettled = Signal(str)  # the serials box's text, once typing paused
    serialActivated = Signal(str)  # a row double-clicked: look it up in the main window
    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("batchWindow")
        self.setWindowTitle(_(TITLE))
        self.setAcceptDrops(True)
        self.model = BatchModel(self)
        self.proxy = BatchProxy(self)
        self.proxy.setSourceModel(self.model)
        self._running = False
        self._build_inputs()
        self._build_actions()
        self._build_results()
        self._lay_out()
        self._tab_order()
        self._connect()
        self._update_buttons()
        self.resize(1180, 700)

    # -- building ----------------------------------------------------------------
    def _build_inputs(self) -> None:
        """The serials box, *Open file…*, the count, the product code and its hint."""
        self.input = serials_input(_(PLACEHOLDER))
        self.open_button = _button(_("&Open file\u2026"), "batchOpenButton", icon("document-open"))
        self.open_button.setToolTip(_("Read the serials from a .txt, .csv or .xlsx file"))
        self.count_label = named(
            plain_label(_("No serials yet.")), "batchCount", _("Serials found")
        )
        self.product_input = product_input()
        self.product_hint = hint_label("batchProductHint")

    def _build_actions(self) -> None:
        """Check, Cancel, Retry failed, the rows filter and the exports."""
        # TRANSLATORS: a button that starts checking the serials (nothing is changed)
        self.check_button = _button(_("&Check"), "batchCheckButton", icon("media-playback-start"))
        self.check_button.setToolTip(
            _("Check every serial (Ctrl+Enter). Nothing is changed and no host is recorded.")
        )
        # TRANSLATORS: a button that stops a running batch check
        self.cancel_button = _button(_("Cancel"), "batchCancelButton", icon("media-playback-stop"))
        self.cancel_button.setAccessibleName(_("Cancel the check"))
        self.cancel_button.setToolTip(_("Stop sending; the answers already in stay (Esc)"))
        self.retry_button = _button(_("&Retry failed"), "batchRetryButton", icon("view-refresh"))
        self.retry_button.setToolTip(_("Check again only the serials that could not be checked"))
        self.filter_combo = rows_filter()
        self.shown_label = named(plain_label(), "batchShown", _("Rows shown"))
        save = icon("document-save")
        self.export_csv_button = _button(_("Export CS&V\u2026"), "batchExportCsvButton", save)
        self.export_csv_button.setAccessibleDescription(
            _("Saves the answers the table shows as a CSV file")
        )
        self.export_json_button = _button(_("Export &JSON\u2026"), "batchExportJsonButton", save)
        self.export_json_button.setAccessibleDescription(
            _("Saves the answers the table shows as a JSON file")
        )
        self.export_xlsx_button = _button(_("Export &XLSX\u2026"), "batchExportXlsxButton", save)
        self.export_xlsx_button.setToolTip(
            _("A spreadsheet with typed cells, the header frozen and filterable")
        )

    def _build_results(self) -> None:
        """The progress bar, the banner, the answers table and the notes under it."""
        self.progress = progress_bar()
        self.progress.hide()
        self.banner = ErrorBanner()
        self.table = answers_table(self.proxy)
        self.seats_note = seats_note(self.model)
        self.status_label = status_label()

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.input, 1)
        side = QVBoxLayout()
        side.addWidget(self.open_button)
        side.addStretch(1)
        top.addLayout(side)
        product = QHBoxLayout()
        product.addWidget(buddy(_("&Product code:"), self.product_input))
        product.addWidget(self.product_input)
        product.addWidget(self.product_hint, 1)
        stacked(
            self,
            top,
            self.count_label,
            product,
            self._actions_row(),
            self.progress,
            self.banner,
            (self.table, 1),
            self.seats_note,
            self.status_label,
        )

    def _actions_row(self) -> QHBoxLayout:
        actions = QHBoxLayout()
        for b in (self.check_button, self.cancel_button, self.retry_button):
            actions.addWidget(b)
        actions.addStretch(1)
        # TRANSLATORS: the label of the batch table's filter (which rows the table shows)
        actions.addWidget(buddy(_("S&how:"), self.filter_combo))
        actions.addWidget(self.filter_combo)
        actions.addWidget(self.shown_label)
        actions.addWidget(self.export_csv_button)
        actions.addWidget(self.export_json_button)
        actions.addWidget(self.export_xlsx_button)
        return actions

    def _tab_order(self) -> None:
        """Tab goes as the eye reads: the serials, their file, the product, the actions,
        the filter and the exports, then the table (disabled buttons are passed over)."""
        tab_chain(
            self.input,
            self.open_button,
            self.product_input,
            self.check_button,
            self.cancel_button,
            self.retry_button,
            self.filter_combo,
            self.export_csv_button,
            self.export_json_button,
            self.export_xlsx_button,
            self.banner,
            self.table,
        )

    def _connect(self) -> None:
        self._settle = one_shot(self, SETTLE_MS, lambda: self.inputSettled.emit(self.text()))
        self.input.textChanged.connect(self._settle.start)
        self.input.fileDropped.connect(self.fileChosen)
        self.input.refused.connect(self.banner.show_error)
        self.open_button.clicked.connect(self._open_clicked)
        self.product_input.textEdited.connect(lambda _t: self.show_product_hint(""))
        self.product_input.returnPressed.connect(self.request_check)
        self.check_button.clicked.connect(self.request_check)
        self.cancel_button.clicked.connect(self.cancelRequested)
        self.retry_button.clicked.connect(self.retryRequested)
        self.export_csv_button.clicked.connect(lambda: self.exportRequested.emit("csv"))
        self.export_json_button.clicked.connect(lambda: self.exportRequested.emit("json"))
        self.export_xlsx_button.clicked.connect(lambda: self.exportRequested.emit("xlsx"))
        self.filter_combo.currentIndexChanged.connect(self._filter_changed)
        self.table.doubleClicked.connect(self._double_clicked)
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):  # the double-click's keyboard twin
            enter = QShortcut(QKeySequence(key), self.table)
            enter.setContext(Qt.ShortcutContext.WidgetShortcut)
            enter.activated.connect(lambda: self._double_clicked(self.table.currentIndex()))
        for signal in (
            self.model.modelReset,
            self.model.dataChanged,
            self.proxy.layoutChanged,
            self.proxy.rowsInserted,
            self.proxy.rowsRemoved,
        ):
            signal.connect(self._rows_changed)
        for keys in ("Ctrl+Return", "Ctrl+Enter"):  # the main keyboard's and the keypad's
            QShortcut(QKeySequence(keys), self).activated.connect(self.request_check)
        add_close_keys(self, self._cancel_running)  # Esc: cancels a check, else closes

    def _cancel_running(self) -> bool:
        if self._running:
            self.cancelRequested.emit()
        return self._running

    # -- input -------------------------------------------------------------------
    def text(self) -> str:
        return self.input.toPlainText()

    def set_text(self, text: str) -> None:
        self.input.setPlainText(text)
        self._settle.stop()  # the caller shows the count at once

    def product_code(self) -> str:
        return self.product_input.text().strip()

    def show_count(self, words: str) -> None:
        self.count_label.setText(words)

    def show_product_hint(self, sentence: str) -> None:
        self.product_hint.setText(sentence)
        self.product_hint.setVisible(bool(sentence))

    def request_check(self) -> None:
        if not self._running:
            self._settle.stop()  # Check parses the box now; no second parse after it
            self.checkRequested.emit()

    def _open_clicked(self) -> None:
        path = self.ask_open_path()
        if path:
            self.fileChosen.emit(path)

    def ask_open_path(self) -> str:
        """The file to read the serials from; "" when cancelled. The OS dialog: tests
        replace this."""
        path, _kind = QFileDialog.getOpenFileName(
            self, _("Open a list of serials"), "", _(OPEN_FILTER)
        )
        return path

    def ask_save_path(self, proposed: str, kind: str) -> str:
        """Where to export, starting at ``proposed``; "" when cancelled. Tests replace this."""
        what = {
            "csv": _("CSV files (*.csv)"),
            "json": _("JSON files (*.json)"),
            "xlsx": _("Excel workbooks (*.xlsx)"),
        }[kind]
        path, _kind = QFileDialog.getSaveFileName(self, _("Export the answers"), proposed, what)
        return path

    # -- drops on the whole window (the table, the buttons…) ---------------------
    def dragEnterEvent(self, event) -> None:
        if dropped_file(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event) -> None:
        path = dropped_file(event.mimeData())
        if path:
            event.acceptProposedAction()
            self.fileChosen.emit(path)
        else:
            super().dropEvent(event)

    # -- state shown -------------------------------------------------------------
    def show_rows(self, serials, not_serials, sources=None) -> None:
        """New rows, "waiting…" in input order (a new check: no sort, no filter)."""
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.filter_combo.setCurrentIndex(0)
        self.model.set_input(serials, not_serials, sources)

    def set_running(self, running: bool, total: int = 0) -> None:
        """While a check runs: Check, Retry and the input are off, Cancel and the progress on."""
        self._running = running
        self.input.setReadOnly(running)
        self.open_button.setEnabled(not running)
        self.product_input.setReadOnly(running)
        self.progress.setVisible(running)
        if running:
            self.banner.clear()
            self.status_label.clear()
            self.set_progress(0, total, "")
        self._update_buttons()

    def set_progress(self, done: int, total: int, rate: str) -> None:
        bar = self.progress
        bar.setUpdatesEnabled(False)  # QProgressBar.setValue repaints at once (each
        try:  # chunk); re-enabled, the bar is painted with the rest of the frame
            done_n, total_n = number(done), number(total)
            # TRANSLATORS: the progress of a batch check: serials answered of all
            bar.setFormat(
                _("{done} of {total} \u2014 {rate}").format(done=done_n, total=total_n, rate=rate)
                if rate
                else _("{done} of {total}").format(done=done_n, total=total_n)
            )
            bar.setRange(0, max(total, 1))
            bar.setValue(done)
        finally:
            bar.setUpdatesEnabled(True)

    def show_status(self, text: str) -> None:
        self.status_label.setText(text)

    def is_running(self) -> bool:
        return self._running

    # -- rows --------------------------------------------------------------------
    def shown_rows(self) -> list[Row]:
        """The rows the table shows, in its order (filter and sort applied): answers and
        the rows without one ("not a serial", "not checked")."""
        proxy, model = self.proxy, self.model
        rows = (proxy.mapToSource(proxy.index(r, 0)).row() for r in range(proxy.rowCount()))
        return list(map(model.row, rows))

    def _double_clicked(self, index) -> None:
        row = self.proxy.index(index.row(), 0).data(OBJECT_ROLE)
        if row is not None and not (isinstance(row, Pending) and row.kind == NOT_SERIAL):
            self.serialActivated.emit(row.serial)

    def _filter_changed(self, _index: int) -> None:
        self.proxy.set_filter(self.filter_combo.currentData())
        self._rows_changed()

    def _rows_changed(self, *_args) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        if shown != total:
            # TRANSLATORS: rows the filter shows, of all rows of the batch table
            text = ngettext("{shown} of {total}", "{shown} of {total}", total).format(
                shown=number(shown), total=number(total)
            )
        else:
            text = ngettext("{n} row", "{n} rows", total).format(n=number(total))
        self.shown_label.setText(text)
        self._update_buttons()

    def _update_buttons(self) -> None:
        idle = not self._running
        answered = self.model.rowCount() > 0  # "not a serial" rows are exported too
        self.check_button.setEnabled(idle)
        self.cancel_button.setEnabled(self._running)
        self.retry_button.setEnabled(idle and self.model.counts().get("error", 0) > 0)
        self.export_csv_button.setEnabled(answered)
        self.export_json_button.setEnabled(answered)
        self.export_xlsx_button.setEnabled(answered)

    def closeEvent(self, event) -> None:
        self.closed.emit()
        super().closeEvent(event)
