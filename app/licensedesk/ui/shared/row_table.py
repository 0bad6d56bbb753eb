"""The set-up every table of rows to read shares (the batch's answers, the history,
renewals, the products and devices of a licence, the list windows)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QAbstractItemView, QTableView


def read_rows(table: QTableView, model: QAbstractItemModel, *, many: bool) -> None:
    """Show ``model`` in ``table`` as rows to read: a row selected whole (``many``: several
    at once), nothing edited, Tab / Shift+Tab leave the table (arrows move between cells;
    the default walks every cell and wraps, so the keyboard never gets out), a long value
    elided on its one line (whole in its tooltip), no row numbers."""
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    mode = QAbstractItemView.SelectionMode
    table.setSelectionMode(mode.ExtendedSelection if many else mode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setTabKeyNavigation(False)
    table.setWordWrap(False)
    table.verticalHeader().hide()
