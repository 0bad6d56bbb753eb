"""The answers table's view: repaints only the rows on screen when answers come in.

A chunk of answers is one ``dataChanged`` over several rows, and for a change
of more than one cell ``QAbstractItemView`` repaints its whole viewport, even
when every changed row is far below it. With 10,000 rows filling at ~25 chunks
a second that was a full repaint (10-17 ms here) for nearly every chunk, and the
heartbeat's p99 went from 13 to 21-24 ms (``tests/bench/bench_ui_batch.py``).
Changes wholly outside the visible rows are dropped here; the rows are painted
from the model when they scroll into view anyway.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QTableView


class AnswersView(QTableView):
    def dataChanged(self, topLeft: QModelIndex, bottomRight: QModelIndex,
                    roles: Sequence[int] = ()) -> None:
        first = self.rowAt(0)
        last = self.rowAt(self.viewport().height() - 1)
        if first >= 0 and (bottomRight.row() < first or 0 <= last < topLeft.row()):
            return
        super().dataChanged(topLeft, bottomRight, roles)
