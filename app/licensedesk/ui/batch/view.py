"""The answers table's view: repaints only the rows on screen when answers come in.

A chunk of answers is one ``dataChanged`` over several rows, and for a change
of more than one cell ``QAbstractItemView`` repaints its whole viewport, even
when every changed row is far below it. With 10,000 rows filling, that was a full
repaint for nearly every chunk, and the heartbeat missed frames
(``tests/bench/bench_ui_batch.py``).
Changes wholly outside the visible rows are dropped here; the rows are painted
from the model when they scroll into view anyway.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QHeaderView, QTableView

from licensedesk.batch.model import Status
from licensedesk.batch.status import NOT_FOUND_WORDS, date_words
from licensedesk.i18n import _

from ..shared.a11y import named
from ..shared.column_widths import cell_width, fit_serial, header_width
from ..shared.row_table import read_rows
from ..shared.table_copy import add_copy_shortcut
from .model import (
    COL_DAYS,
    COL_EMAIL,
    COL_END,
    COL_FOUND,
    COL_LICENSEE,
    COL_SEATS,
    COL_SERIAL,
    COL_SKU,
    COL_START,
    COL_STATUS,
    COL_TYPE,
)
from .proxy import BatchProxy

_WIDTHS = (
    (COL_STATUS, 230),
    (COL_FOUND, 50),
    (COL_TYPE, 90),
    (COL_LICENSEE, 140),
    (COL_EMAIL, 180),
    (COL_SKU, 190),
    (COL_START, 85),
    (COL_END, 85),
    (COL_DAYS, 70),
    (COL_SEATS, 160),
)


#: days that make the longest usual status words ("expired 365 days ago")
_WIDE_DAYS = 365


def status_width(table: QTableView) -> int:
    """The Status column's width: its usual words whole in the language in use (German
    "nicht gestartet: beginnt in 365 Tagen" is longer than 230 pixels), measured from
    the few sentences, not from 10,000 rows; a longer reason is elided, whole in its
    tooltip."""
    by_dates = (Status.NOT_STARTED, Status.EXPIRED, Status.EXPIRING, Status.ACTIVE)
    words = [date_words(status, _WIDE_DAYS) for status in by_dates]
    words.append(_(NOT_FOUND_WORDS))
    return max(cell_width(table, text) for text in words)


class AnswersView(QTableView):
    def dataChanged(
        self, topLeft: QModelIndex, bottomRight: QModelIndex, roles: Sequence[int] = ()
    ) -> None:
        first = self.rowAt(0)
        last = self.rowAt(self.viewport().height() - 1)
        if first >= 0 and (bottomRight.row() < first or 0 <= last < topLeft.row()):
            return
        super().dataChanged(topLeft, bottomRight, roles)


def answers_table(proxy: BatchProxy) -> AnswersView:
    """The table of answers: rows selected whole, nothing edited, fixed row heights and
    column widths (measuring 10,000 rows' text would stall), Ctrl+C copies."""
    table = named(AnswersView(), "batchTable", _("Answers"))
    table.setAccessibleDescription(
        _("One row per serial; Enter or a double-click looks the serial up in the main window")
    )
    read_rows(table, proxy, many=True)
    table.setSortingEnabled(True)
    table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    table.setAlternatingRowColors(True)
    rows = table.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # no row measures its text
    rows.setDefaultSectionSize(24)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    for col, width in _WIDTHS:
        table.setColumnWidth(col, max(width, header_width(table, col)))
    table.setColumnWidth(COL_STATUS, max(table.columnWidth(COL_STATUS), status_width(table)))
    fit_serial(table, COL_SERIAL)
    add_copy_shortcut(table)
    return table
