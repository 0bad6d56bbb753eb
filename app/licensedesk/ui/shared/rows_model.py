"""``RowsModel``: the part every table of the window shares: rows in ``self._rows``
under column titles marked with ``N_`` and translated where the header shows them (the
language can change while the window is open).

A table says only what differs: its :attr:`RowsModel.headers`, a column title's
tooltip (:meth:`RowsModel.header_tip`) and its cells; a table that shows only some of
its rows counts them itself (``rowCount``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from licensedesk.i18n import _

__all__ = ["Index", "RowsModel"]

Index = QModelIndex | QPersistentModelIndex


class RowsModel(QAbstractTableModel):
    """A flat table: one row an item of ``self._rows``, one column a title."""

    #: column titles, marked with ``N_`` and translated where shown
    headers: ClassVar[tuple[str, ...]] = ()
    _rows: Sequence[Any]

    def header_tip(self, section: int) -> str | None:
        """A column title's tooltip; None: none."""
        return None

    def rows_changed(self, first: int, end: int, column: int | None = None) -> None:
        """Rows ``first`` up to ``end`` (not included) read differently now: every cell, or
        ``column``'s only. Nothing to repaint when ``end`` is not past ``first``."""
        if end > first:
            left, right = (0, len(self.headers) - 1) if column is None else (column, column)
            self.dataChanged.emit(self.index(first, left), self.index(end - 1, right))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _(self.headers[section])
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.header_tip(section)
        return None
