"""Devices a licence is activated on: filter, sort, multi-select, bulk actions, CSV.

The panel is the page of the workspace's *Activations* tab, with neither a frame nor a
title of its own: a group box titled "Activations" under the tab of that name said it
twice, and its title and frame took the height of a device row (the History tab's page
is the same, ui/history/panel.py).

Keyboard: Tab goes filter → All/Active/Inactive → table → Activate, Deactivate, Delete…,
Export CSV… → Cancel (while a bulk action runs); Tab leaves the table (arrows move
within it)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QStyle,
    QTableView,
    QWidget,
)

from licensedesk.api.activation_rows import ID, as_rows
from licensedesk.i18n import N_, _, ngettext

from ..shared.a11y import named, tab_chain
from ..shared.column_widths import restore_columns
from ..shared.icons import icon
from ..shared.labels import shown
from ..shared.part_state import TAB_PAGE_TOP, PartState
from ..shared.row_table import read_rows
from ..shared.stacked import stacked
from ..shared.table_copy import add_copy_shortcut
from ..shared.values import format_number
from .columns import COL_HOST, WIDTHS, this_computer_marked
from .model import ID_ROLE, ActivationsModel
from .state_filter import active_label, active_text, state_combo

#: a host ID's length (DESIGN.md: 32 characters)
HOST_ID_LENGTH = 32

EMPTY_TEXT = N_("No devices activated")


class ActivationsPanel(QWidget):
    """Emits what the user asked for; the controller does the work and reports back."""

    activateRequested = Signal(object)  # list of activation ids
    deactivateRequested = Signal(object)
    deleteRequested = Signal(object)
    cancelRequested = Signal()
    exportRequested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)  # no frame nor title: the tab names it (module docstring)
        self.setAccessibleName(_("Activations"))
        self.model = ActivationsModel(self)  # every device; sorts and filters itself
        bar = self._build_bar()
        self._build_progress_row()
        self._build_table()
        self._lay_out(bar)
        self._connect()
        self._bulk_running = False
        self._show_write_tips("")
        self._set_tab_order()
        self._update_buttons()

    def _build_bar(self) -> QHBoxLayout:
        """Filter, state, count and the bulk buttons above the table."""
        self.filter = named(QLineEdit(), "activationsFilter", _("Filter activations"))
        self.filter.setAccessibleDescription(
            _("Shows only the devices whose ID, product, host ID or device tag contains the text")
        )
        self.filter.setPlaceholderText(_("Filter devices (host, product, tag, id\u2026)"))
        self.filter.setClearButtonEnabled(True)
        # TRANSLATORS: a button: activate the devices selected in the activations table
        self.activate_button = named(QPushButton(_("Activate")), "activateButton")
        # TRANSLATORS: a button: deactivate the devices selected in the activations table
        self.deactivate_button = named(QPushButton(_("Deactivate")), "deactivateButton")
        self.delete_button = named(
            QPushButton(icon("edit-delete"), _("Delete\u2026")), "deleteButton"
        )
        self.export_button = named(
            QPushButton(icon("document-save"), _("Export CSV\u2026")),
            "exportButton",
            described=_("Save the devices shown (filter applied) as a CSV file"),
        )
        self._build_count_label()
        self.state_filter = state_combo()
        self.active_label = active_label()
        bar = QHBoxLayout()
        bar.addWidget(self.filter, 1)
        bar.addWidget(self.state_filter)
        bar.addWidget(self.count_label)
        for b in (*self._write_buttons(), self.export_button):
            bar.addWidget(b)
        return bar

    def _build_count_label(self) -> None:
        # shows data: no tab stop (a QLabel's default)
        self.count_label = named(QLabel(), "activationsCount", _("Number of devices"))
        # Room for a count of five digits: the text changes twice a lookup ("" while it
        # runs), and each new width moved the filter box beside it (and repainted the row
        # in the frame the answers arrive in).
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        metrics = self.count_label.fontMetrics()
        self.count_label.setMinimumWidth(
            max(
                metrics.horizontalAdvance(self._count_text(*n))
                for n in ((88888, 88888), (88888, 99999))
            )
        )

    def _build_progress_row(self) -> None:
        """A bulk action's progress and its Cancel, hidden until one runs."""
        self.progress = named(QProgressBar(), "bulkProgress", _("Progress of the bulk action"))
        self.cancel_button = named(
            QPushButton(icon("media-playback-stop"), _("Cancel")),
            "bulkCancelButton",
            _("Cancel the bulk action"),
        )
        self.cancel_button.setAccessibleDescription(
            _("Stops before the next device; the one being sent may still change")
        )
        self.progress_row = QWidget()
        prow = QHBoxLayout(self.progress_row)
        prow.setContentsMargins(0, 0, 0, 0)
        prow.addWidget(self.progress, 1)
        prow.addWidget(self.cancel_button)
        self.progress_row.hide()

    def _build_table(self) -> None:
        self.table = named(QTableView(), "activationsTable", _("Activations"))
        self.table.setAccessibleDescription(
            _(
                "The devices this licence is activated on. Arrow keys move between cells, "
                "Space on the Activated column switches a device on or off, Del deletes the "
                "selected devices, Ctrl+C copies them."
            )
        )
        read_rows(self.table, self.model, many=True)  # the Activated box still toggles: no editor
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setDefaultSectionSize(24)
        # rows of one fixed height (the header is hidden: nobody resizes them); with
        # thousands of rows this saves the header's per-row bookkeeping on each reset
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for col, width in {**WIDTHS, COL_HOST: self._host_width()}.items():
            self.table.setColumnWidth(col, width)

    def _lay_out(self, bar: QHBoxLayout) -> None:
        content = QWidget()
        # the count of active devices under the table: the filter row holds no more
        lay = stacked(content, bar, self.progress_row, (self.table, 1), self.active_label)
        lay.setContentsMargins(0, 0, 0, 0)
        self.state = PartState(content, "activations")
        outer = stacked(self, self.state)
        outer.setContentsMargins(0, TAB_PAGE_TOP, 0, 0)  # the tab bar's line is its frame

    def _connect(self) -> None:
        self.filter.textChanged.connect(self._filter_changed)
        self.state_filter.currentIndexChanged.connect(self._state_changed)
        self.model.dataChanged.connect(self._update_count)  # a device switched on or off
        self.activate_button.clicked.connect(lambda: self._emit(self.activateRequested))
        self.deactivate_button.clicked.connect(lambda: self._emit(self.deactivateRequested))
        self.delete_button.clicked.connect(self.request_delete)
        self.export_button.clicked.connect(self.exportRequested)
        self.cancel_button.clicked.connect(self.cancelRequested)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        for changed in (self.model.modelReset, self.model.rowsRemoved, self.model.layoutChanged):
            changed.connect(self._update_buttons)
        add_copy_shortcut(self.table)
        delete = QShortcut(QKeySequence.StandardKey.Delete, self.table)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self.request_delete)

    def _host_width(self) -> int:
        """A host ID and the "(this computer)" marker, in the bold of that row, whole (the
        language's words: "(dieser Computer)" is wider), with the cell's margins."""
        bold = QFont(self.table.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        digit = max(metrics.horizontalAdvance(c) for c in "0123456789abcdef")
        marked = this_computer_marked("")
        margin = (
            self.table.style().pixelMetric(
                QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table
            )
            + 1
        )
        return HOST_ID_LENGTH * digit + metrics.horizontalAdvance(marked) + 2 * margin + 8

    def restore_columns(self, state: QByteArray) -> None:
        """The saved widths, but the Host ID column never narrower than a host ID and its
        "(this computer)" marker (an older version saved it without room for the marker)."""
        restore_columns(self.table, state, {COL_HOST: self._host_width()})

    def _set_tab_order(self) -> None:
        """Filter, then the rows it filters, then what acts on the selected rows (the
        layout has the buttons beside the filter, which would put them first)."""
        tab_chain(
            self.filter,
            self.state_filter,
            self.table,
            *self._write_buttons(),
            self.export_button,
            self.cancel_button,
        )

    # -- state shown -------------------------------------------------------------
    def set_busy(self, busy: bool) -> None:
        self.state.set_busy(busy)

    def show_error(self, sentence: str) -> None:
        self.model.set_activations([])
        self.state.show_message(sentence, error=True)

    def clear(self) -> None:
        self.model.set_activations([])
        self.state.show_message("")

    def empty(self) -> None:
        """No devices on show while a lookup runs, the empty table in their place: the
        next serial's rows fill it without a page to switch and repaint in the frame
        they arrive in."""
        self.model.set_activations([])
        self.count_label.setText("")  # not "0 devices": nothing is known yet
        self.active_label.setText("")
        self.table.doItemsLayout()  # in this frame's paint, not one of its own
        self.state.show_content()

    def show_activations(self, activations: list) -> None:
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.model.set_activations(activations)
        # the view's row layout now, not from its own timer after the first paint: with
        # 5,000 rows that second layout (the scroll bar's new range) painted it all again
        self.table.doItemsLayout()
        if self.model.total() == 0:
            self.state.show_message(_(EMPTY_TEXT))
        else:
            self.state.show_content()
        self._update_count()

    def set_bulk_running(self, running: bool, total: int = 0, text: str = "%v / %m") -> None:
        """``text``: the progress bar's words, already translated, with Qt's ``%v`` (rows
        done) and ``%m`` (rows in all), e.g. "Deactivating %v of %m"."""
        self._bulk_running = running
        self.progress_row.setVisible(running)
        if running:
            self.set_progress(0, total)
            self.progress.setFormat(text)
        self._update_buttons()

    def set_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)

    def refresh_rows(self, fresh: list) -> None:
        """Show the service's state of the rows on show, in place (selection, order and
        filter stay); rows the service no longer holds go. New devices wait for F5."""
        by_id = {r[ID]: r for r in as_rows(fresh)}  # the client's rows, or Activations
        for aid in self.model.ids():
            if aid in by_id:
                self.model.replace_activation(by_id[aid])
            else:
                self.row_removed(aid)

    def row_removed(self, activation_id: int) -> None:
        self.model.remove_activation(activation_id)
        if self.model.total() == 0:
            self.state.show_message(_(EMPTY_TEXT))
        self._update_count()

    # -- selection and actions ---------------------------------------------------
    def select_device(
        self, activation_id: int | None, host_id: str = "", product: str = ""
    ) -> bool:
        """Select the device ``activation_id`` (else the one of ``host_id``), scrolled to and
        focused, the filters cleared when they hide it (a change on the licence's
        timeline names it); False when the table does not hold it."""
        model = self.model
        if activation_id is None or model.activation(activation_id) is None:
            activation_id = model.id_of_host(host_id, product) if host_id else None
        if activation_id is None:
            return False
        if model.row_of(activation_id) < 0:  # held, hidden by a filter
            self.filter.clear()
            self.state_filter.setCurrentIndex(0)  # every device
        index = model.index(model.row_of(activation_id), 0)
        self.table.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.table.scrollTo(index)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def selected_ids(self) -> list[int]:
        rows = sorted(self.table.selectionModel().selectedRows(), key=lambda i: i.row())
        return [i.data(ID_ROLE) for i in rows]

    def describe(self, ids: list[int]) -> list[str]:
        """One line per activation, naming the device, for confirmations and reports."""
        lines = []
        for aid in ids:
            a = self.model.activation(aid)
            if a is None:
                lines.append(f"#{aid}")
                continue
            # TRANSLATORS: one device in the list of a confirmation, e.g.
            # "#12 Studio: Linux__64bits, host 3f2a…"
            lines.append(
                _("#{id} {product}: {tag}, host {host}").format(
                    id=aid,
                    product=shown(a.product_name),
                    tag=shown(a.device_tag),
                    host=shown(a.host_id),
                )
            )
        return lines

    def set_read_only(self, reason: str) -> None:
        """``reason`` (a sentence): the profile cannot write, so Activate, Deactivate,
        Delete and the checkbox are not offered and say why; "": they are."""
        self.model.set_read_only(reason)
        self._show_write_tips(reason)
        self._update_buttons()

    def _show_write_tips(self, reason: str) -> None:
        """Each write button's tooltip and description: what it does, or why it is off."""
        tips = (
            (
                _("Activate the selected devices"),
                _("Deactivate the selected devices"),
                _("Delete the selected activations (Del)"),
            )
            if not reason
            else (reason,) * 3
        )
        for button, tip in zip(self._write_buttons(), tips, strict=True):
            button.setToolTip(tip)
            button.setAccessibleDescription(tip)

    def _write_buttons(self) -> tuple[QPushButton, QPushButton, QPushButton]:
        return (self.activate_button, self.deactivate_button, self.delete_button)

    def request_delete(self) -> None:
        self._emit(self.deleteRequested)

    def _emit(self, signal) -> None:
        ids = self.selected_ids()
        if ids and not self._bulk_running and not self.model.read_only_reason:
            signal.emit(ids)

    def _update_buttons(self, *_args) -> None:
        has = bool(self.table.selectionModel().selectedRows()) and not self._bulk_running
        for b in self._write_buttons():
            b.setEnabled(has and not self.model.read_only_reason)
        self.export_button.setEnabled(self.model.total() > 0)

    def _filter_changed(self, text: str) -> None:
        self.model.set_filter_text(text)
        self._update_count()

    def _state_changed(self, _index: int) -> None:
        self.model.set_state_filter(self.state_filter.currentData())
        self._update_count()

    def _update_count(self, *_args) -> None:
        total = self.model.total()
        shown = self.model.rowCount()
        self.count_label.setText(self._count_text(shown, total))
        self.active_label.setText(active_text(self.model.active_count(), total))

    @staticmethod
    def _count_text(shown: int, total: int) -> str:
        if shown != total:
            # TRANSLATORS: devices the filter shows, of all the licence's devices
            text = ngettext("{shown} of {total}", "{shown} of {total}", total)
        else:
            text = ngettext("{total} device", "{total} devices", total)
        return text.format(shown=format_number(shown), total=format_number(total))

    # -- CSV -------------------------------------------------------------------
    def ask_csv_path(self, proposed: str) -> str:
        """The file to export to, starting at ``proposed``; "" when cancelled.
        The OS dialog: tests replace this."""
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Export activations"), proposed, _("CSV files (*.csv)")
        )
        return path
