"""The History window (View → History…, Ctrl+H): every recorded change, filtered, searched,
exported.

A window of its own (not modal): the main window stays usable, and a double-click on
an entry looks its serial up there. It shows state and emits what the person asked
for; ``wiring.py`` reads the store and writes the exports (``export_flow.py``). The OS
file dialog sits behind :meth:`HistoryWindow.ask_save_path`, which tests replace.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from licensedesk.history import Entry
from licensedesk.history.search_index import IndexProgress
from licensedesk.i18n import N_, _, ngettext

from ..shared import colours
from ..shared.a11y import named, tab_chain
from ..shared.close_keys import add_close_keys
from ..shared.colours import text_style
from ..shared.error_banner import ErrorBanner
from ..shared.icons import icon
from ..shared.labels import plain_label
from ..shared.part_state import PartState
from ..shared.values import format_number
from .filters import HistoryFilters
from .held_copy import held_cells
from .model import COL_WHEN, ENTRY_ROLE
from .page_window import PageRead
from .paged_model import PagedHistoryModel
from .panel import history_table, on_enter

TITLE = N_("History")
EMPTY = N_("No recorded change matches these filters.")


class HistoryWindow(QWidget):
    filtersChanged = Signal()
    refreshRequested = Signal()
    exportRequested = Signal(str)  # "csv" or "jsonl"
    exportCancelRequested = Signal()
    settingsRequested = Signal()
    serialActivated = Signal(str)  # an entry double-clicked: look its serial up
    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("historyWindow")
        self.setWindowTitle(_(TITLE))
        self.model = PagedHistoryModel(self)
        self.filters = HistoryFilters()
        self._build_list()
        self._build_buttons()
        self._lay_out()
        self.exporting = False  # an export runs (set_exporting)
        self._connect()
        add_close_keys(self, self._cancel_export)  # Esc: stops an export, else closes
        self._update_buttons()
        self.resize(1100, 640)

    def _build_list(self) -> None:
        """The table of entries in its part state, the banner, and the two muted lines."""
        self.table = history_table(
            self.model, "historyWindowTable", lambda _view: self.copy_selection()
        )
        # TRANSLATORS: the History window's table of recorded changes (a screen reader's name)
        self.table.setAccessibleName(_("Recorded changes"))
        self.table.setAccessibleDescription(
            _("Newest first; Enter or a double-click looks the serial up in the main window")
        )
        # the store sorts: a click on a header reads the list again in that order
        self.table.horizontalHeader().setSortIndicator(COL_WHEN, Qt.SortOrder.DescendingOrder)
        self.table.setSortingEnabled(True)
        self.state = PartState(self.table, "history")
        self.banner = ErrorBanner()
        # which store: this computer's file or the team's
        self.where_label = _muted_label("historyStore", _("Where the history is kept"))
        self.status_label = _muted_label("historyStatus", _("Entries shown"))
        # TRANSLATORS: a screen reader's name of the line that says how far the search
        # index of the history is built
        self.index_label = _muted_label("historyIndexStatus", _("Search index"))
        self.index_label.hide()
        # TRANSLATORS: a screen reader's name of the line that says how far an export is
        self.export_label = _muted_label("historyExportProgress", _("Export progress"))
        self.export_label.hide()

    def _build_buttons(self) -> None:
        self.refresh_button = _button(_("&Refresh"), "historyRefreshButton", "view-refresh")
        self.refresh_button.setToolTip(_("Read the history again (F5): a team's new entries too"))
        self.export_csv_button = _button(
            _("Export &CSV\u2026"), "historyExportCsvButton", "document-save"
        )
        self.export_csv_button.setAccessibleDescription(
            _("Saves the entries shown as a CSV file for a spreadsheet")
        )
        self.export_json_button = _button(
            _("Export &JSON\u2026"), "historyExportJsonButton", "document-save"
        )
        self.export_json_button.setToolTip(
            _(
                "JSON lines, as licensedesk-cli history export writes them: "
                "licensedesk-cli history import takes the file"
            )
        )
        # TRANSLATORS: a button shown while the History window exports: it stops the export
        self.cancel_export_button = _button(
            _("Cancel e&xport"), "historyCancelExportButton", "media-playback-stop"
        )
        self.cancel_export_button.setToolTip(_("Stop the export: no file is saved (Esc)"))
        self.cancel_export_button.hide()
        self.settings_button = _button(
            _("Se&ttings\u2026"), "historySettingsButton", "preferences-system"
        )
        self.settings_button.setAccessibleName(_("History settings"))
        self.settings_button.setToolTip(_("Where the history is kept, and your display name"))

    def _lay_out(self) -> None:
        buttons = (
            self.refresh_button,
            self.export_csv_button,
            self.export_json_button,
            self.cancel_export_button,
            self.settings_button,
        )
        actions = QHBoxLayout()
        actions.addWidget(self.where_label, 1)
        for b in buttons:
            actions.addWidget(b)
        lay = QVBoxLayout(self)
        lay.addWidget(self.filters)
        lay.addLayout(actions)
        lay.addWidget(self.banner)
        lay.addWidget(self.state, 1)
        status = QHBoxLayout()
        status.addWidget(self.status_label, 1)
        status.addWidget(self.index_label)
        status.addWidget(self.export_label)
        lay.addLayout(status)
        # Tab: the filters, the actions, then the list
        tab_chain(self.filters.until, *buttons, self.banner, self.table)

    def _connect(self) -> None:
        self.filters.changed.connect(self.filtersChanged)
        self.refresh_button.clicked.connect(self.refreshRequested)
        self.export_csv_button.clicked.connect(lambda: self.exportRequested.emit("csv"))
        self.export_json_button.clicked.connect(lambda: self.exportRequested.emit("jsonl"))
        self.cancel_export_button.clicked.connect(self.exportCancelRequested)
        self.settings_button.clicked.connect(self.settingsRequested)
        self.table.doubleClicked.connect(self._double_clicked)
        on_enter(self.table, self._double_clicked)
        QShortcut(QKeySequence("F5"), self).activated.connect(self.refreshRequested)

    def showEvent(self, event) -> None:
        self.filters.follow_today()  # opened again on another day: that day's defaults
        super().showEvent(event)

    def changeEvent(self, event) -> None:
        """Coming back to the window reads the list again: a teammate's entries (or the
        command line's) show without Refresh, and nothing polls the store meanwhile."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            self.refreshRequested.emit()  # on opening too: the read in flight is superseded

    # -- state shown -------------------------------------------------------------------
    def set_busy(self, busy: bool) -> None:
        self.state.set_busy(busy)

    def show_entries(self, entries: Sequence[Entry], more: bool = False) -> None:
        """A new list: its first page (``more``: the store holds more, read as the table
        scrolls; their number follows, :meth:`show_count`, and makes the table's rows)."""
        self.model.set_entries(entries, more)
        self.table.doItemsLayout()  # now: not after a first paint, painting it all twice
        self.filters.set_people(self.model.people())
        n = len(entries)
        if n:
            self.state.show_content()
        else:
            self.state.show_message(_(EMPTY))
        self.show_status("" if more else _count_text(n))
        self._update_buttons()

    def show_page(self, read: PageRead, entries: Sequence[Entry]) -> None:
        """A page the table asked for (its window of pages, :mod:`.page_window`)."""
        self.model.land(read, entries)

    def show_count(self, n: int) -> None:
        """How many entries match the filters ("12,418 entries"): the table's rows, read
        as they are scrolled to."""
        self.model.set_count(n)
        self.show_status(_count_text(n))

    def show_page_error(self, sentence: str) -> None:
        """A page could not be read: the rows held stay, scrolling reads no more (Refresh
        reads the list again)."""
        self.model.stop_fetching()
        self.show_status(sentence)

    def show_index(self, progress: IndexProgress | None) -> None:
        """How far the search index is being built (None or built: the line goes)."""
        if progress is None or progress.built:
            self.index_label.hide()
            return
        percent = int(progress.fraction * 100)
        self.index_label.setText(
            _(
                "Building the search index: {percent}\u00a0% \u2014 until it is done, a "
                "search reads every entry"
            ).format(percent=percent)
        )
        self.index_label.show()

    def show_error(self, sentence: str) -> None:
        self.model.set_entries(())
        self.state.show_message(sentence, error=True)
        self.show_status("")
        self._update_buttons()

    def show_status(self, text: str) -> None:
        self.status_label.setText(text)

    def show_store(self, words: str) -> None:
        self.where_label.setText(words)

    def set_exporting(self, on: bool) -> None:
        """An export runs: the export buttons wait, *Cancel export* and the progress show."""
        self.exporting = on
        self.cancel_export_button.setVisible(on)
        self.export_label.setVisible(on)
        if not on:
            self.export_label.clear()
        self._update_buttons()

    def show_export_progress(self, n: int, total: int | None, path: str) -> None:
        """How many entries are written (``total``: how many the list counted, if known)."""
        if total is not None and total >= n:
            text = ngettext(
                "Exporting: {n} of {total} entry written to {path}\u2026",
                "Exporting: {n} of {total} entries written to {path}\u2026",
                total,
            )
        else:
            text = ngettext(
                "Exporting: {n} entry written to {path} so far\u2026",
                "Exporting: {n} entries written to {path} so far\u2026",
                n,
            )
        self.export_label.setText(
            text.format(n=format_number(n), path=path, total=format_number(total or 0))
        )

    def copy_selection(self) -> None:
        """Ctrl+C: the selected rows held (:mod:`.held_copy` says why only those); the
        status line says so when some selected rows are not held."""
        text, copied, selected = held_cells(self.table, self.model.held())
        if copied:
            QGuiApplication.clipboard().setText(text)
        if copied == selected:
            return
        if not copied:
            self.show_status(
                _(
                    "Nothing was copied: the selected rows are not read yet. "
                    "Scroll to them first, or export the list."
                )
            )
            return
        self.show_status(
            ngettext(
                "Copied {copied} of the {n} selected row: the others are not read yet. Scroll "
                "to them first, or export the list.",
                "Copied {copied} of the {n} selected rows: the others are not read yet. Scroll "
                "to them first, or export the list.",
                selected,
            ).format(copied=format_number(copied), n=format_number(selected))
        )

    def ask_save_path(self, proposed: str, kind: str) -> str:
        """Where to export, starting at ``proposed``; "" when cancelled. Tests replace this."""
        what = {"csv": _("CSV files (*.csv)"), "jsonl": _("JSON lines (*.jsonl *.json)")}[kind]
        path, _kind = QFileDialog.getSaveFileName(self, _("Export the history"), proposed, what)
        return path

    # -- internals -----------------------------------------------------------------------
    def _double_clicked(self, index) -> None:
        entry = index.siblingAtColumn(0).data(ENTRY_ROLE)
        if entry is not None and entry.serial:
            self.serialActivated.emit(entry.serial)

    def _update_buttons(self) -> None:
        can = self.model.rowCount() > 0 and not self.exporting
        self.export_csv_button.setEnabled(can)
        self.export_json_button.setEnabled(can)

    def _cancel_export(self) -> bool:
        if self.exporting:
            self.exportCancelRequested.emit()
        return self.exporting

    def closeEvent(self, event) -> None:
        self.closed.emit()
        super().closeEvent(event)


def _count_text(n: int) -> str:
    return ngettext("{n} entry", "{n} entries", n).format(n=format_number(n))


def _button(text: str, name: str, glyph: str) -> QPushButton:
    button = named(QPushButton(icon(glyph), text), name)
    button.setAutoDefault(False)
    return button


def _muted_label(name: str, accessible: str) -> QLabel:
    """A muted line that wraps, named for a screen reader."""
    label = named(plain_label(), name, accessible)
    label.setWordWrap(True)
    label.setStyleSheet(text_style(colours.MUTED))
    return label
