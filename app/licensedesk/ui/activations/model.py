"""Activations of a serial: table model and filter proxy.

Sorting is done by the source model itself (one Python ``sorted`` with a key,
then ``layoutChanged``), because a ``QSortFilterProxyModel`` calling a Python
``data()`` from every comparison is too slow for 10,000 rows. The proxy only
filters, on the row's search text (one lower-cased string per row, also
:data:`SEARCH_ROLE`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from ..shared.labels import shown
from ..shared.values import local_time

COL_ID, COL_PRODUCT, COL_HOST, COL_DEVICE, COL_ACTIVATED, COL_CREATED, COL_UPDATED = range(7)
HEADERS = ("ID", "Product", "Host ID", "Device tag", "Activated", "Created", "Updated")
COLUMN_COUNT = len(HEADERS)

OBJECT_ROLE = Qt.ItemDataRole.UserRole + 1  # the api Activation object
ID_ROLE = Qt.ItemDataRole.UserRole + 2  # activation id (int)
SORT_ROLE = Qt.ItemDataRole.UserRole + 3  # a value that sorts naturally
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 4  # lower-cased text of the whole row
THIS_COMPUTER_ROLE = Qt.ItemDataRole.UserRole + 5  # bool

THIS_COMPUTER = "This computer"


class ActivationsModel(QAbstractTableModel):
    """Rows are api Activation objects. Toggling the checkbox does not change the
    row: it emits :attr:`toggleRequested`; the controller updates the row once
    the service agreed (:meth:`set_activated`, one ``dataChanged``)."""

    toggleRequested = Signal(int, bool)  # activation id, wanted state

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []
        self._search: list[str | None] = []  # filled lazily (first filter)
        self._row_of: dict[int, int] = {}
        self.this_host_id: str | None = None
        #: why the checkbox is shown but not offered (a read-only profile); "" = offered
        self.read_only_reason = ""
        self._bold = QFont()
        self._bold.setBold(True)

    # -- content ---------------------------------------------------------------
    def set_activations(self, activations: list[Any]) -> None:
        self.beginResetModel()
        self._rows = list(activations)
        self._reindex()
        self.endResetModel()

    def activations(self) -> list[Any]:
        return list(self._rows)

    def set_this_host(self, host_id: str | None) -> None:
        self.this_host_id = host_id
        if self._rows:
            self._reindex()
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, COL_UPDATED))

    def row_of(self, activation_id: int) -> int:
        return self._row_of.get(activation_id, -1)

    def activation(self, activation_id: int) -> Any:
        row = self.row_of(activation_id)
        return self._rows[row] if row >= 0 else None

    def set_activated(self, activation_id: int, activated: bool) -> None:
        """Update one row in place: one ``dataChanged`` for that row."""
        row = self.row_of(activation_id)
        if row < 0:
            return
        self._rows[row] = self._rows[row].model_copy(update={"activated": activated})
        self._search[row] = None
        self.dataChanged.emit(self.index(row, 0), self.index(row, COLUMN_COUNT - 1))

    def replace_activation(self, fresh: Any) -> bool:
        """Show ``fresh`` (as the service now holds it) in its row, in place: one
        ``dataChanged`` when it differs; False when unchanged or not shown."""
        row = self.row_of(fresh.id)
        if row < 0 or self._rows[row] == fresh:
            return False
        self._rows[row] = fresh
        self._search[row] = None
        self.dataChanged.emit(self.index(row, 0), self.index(row, COLUMN_COUNT - 1))
        return True

    def remove_activation(self, activation_id: int) -> None:
        row = self.row_of(activation_id)
        if row < 0:
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        del self._search[row]
        self._row_of = {a.id: i for i, a in enumerate(self._rows)}
        self.endRemoveRows()

    def activated_count_by_product(self) -> dict[Any, int]:
        counts: dict[Any, int] = {}
        for a in self._rows:
            if a.activated:
                pid = a.product_id
                counts[pid] = counts.get(pid, 0) + 1
        return counts

    def _reindex(self) -> None:
        self._row_of = {a.id: i for i, a in enumerate(self._rows)}
        self._search = [None] * len(self._rows)

    def search_text(self, row: int) -> str:
        text = self._search[row]
        if text is None:
            text = self._search[row] = self._search_text(self._rows[row])
        return text

    def _search_text(self, a: Any) -> str:
        # The filter matches ID, product, host ID, device tag and Yes/No, not the
        # dates (formatting 2 local times per row made the first filter of 10k rows slow).
        parts = [self.display(a, c) for c in (COL_ID, COL_PRODUCT, COL_HOST, COL_DEVICE,
                                              COL_ACTIVATED)]
        if self.is_this_computer(a):
            parts.append(THIS_COMPUTER)
        return " ".join(parts).lower()

    def is_this_computer(self, a: Any) -> bool:
        return bool(self.this_host_id) and a.host_id == self.this_host_id

    @staticmethod
    def display(a: Any, column: int) -> str:
        if column == COL_ID:
            return str(a.id)
        if column == COL_PRODUCT:
            return shown(a.product_name)
        if column == COL_HOST:
            return shown(a.host_id)
        if column == COL_DEVICE:
            return shown(a.device_tag)
        if column == COL_ACTIVATED:
            return "Yes" if a.activated else "No"
        if column == COL_CREATED:
            return local_time(a.created_at)
        if column == COL_UPDATED:
            return local_time(a.updated_at)
        return ""

    @staticmethod
    def sort_key(a: Any, column: int) -> Any:
        if column == COL_ID:
            return a.id or 0
        if column == COL_ACTIVATED:
            return 1 if a.activated else 0
        if column in (COL_CREATED, COL_UPDATED):
            moment = a.created_at if column == COL_CREATED else a.updated_at
            return moment.timestamp() if moment else 0.0
        return ActivationsModel.display(a, column).lower()

    # -- Qt model API ------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        a = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == COL_ACTIVATED:
                return None
            text = self.display(a, col)
            if col == COL_HOST and self.is_this_computer(a):
                return f"{text}  ({THIS_COMPUTER})"
            return text
        if role == Qt.ItemDataRole.EditRole:
            return self.display(a, col)
        if role == Qt.ItemDataRole.CheckStateRole and col == COL_ACTIVATED:
            return Qt.CheckState.Checked if a.activated else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole and col == COL_ACTIVATED and self.read_only_reason:
            return self.read_only_reason
        if role == Qt.ItemDataRole.ToolTipRole and self.is_this_computer(a):
            return "This computer's host ID"
        if role == Qt.ItemDataRole.FontRole and self.is_this_computer(a):
            return self._bold
        if role == Qt.ItemDataRole.BackgroundRole and self.is_this_computer(a):
            return QBrush(QColor(46, 134, 193, 40))
        if role == OBJECT_ROLE:
            return a
        if role == ID_ROLE:
            return a.id
        if role == SORT_ROLE:
            return self.sort_key(a, col)
        if role == SEARCH_ROLE:
            return self.search_text(index.row())
        if role == THIS_COMPUTER_ROLE:
            return self.is_this_computer(a)
        if role == Qt.ItemDataRole.AccessibleTextRole and col == COL_ACTIVATED:
            return "Activated" if a.activated else "Not activated"
        return None

    def flags(self, index):
        base = super().flags(index)
        if index.isValid() and index.column() == COL_ACTIVATED and not self.read_only_reason:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base

    def set_read_only(self, reason: str) -> None:
        """Only show the Activated checkbox, saying ``reason`` (a read-only profile);
        "": offer it."""
        if reason != self.read_only_reason:
            self.read_only_reason = reason
            if self._rows:
                last = len(self._rows) - 1
                self.dataChanged.emit(self.index(0, COL_ACTIVATED), self.index(last, COL_ACTIVATED))

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if index.isValid() and index.column() == COL_ACTIVATED and not self.read_only_reason and (
            role == Qt.ItemDataRole.CheckStateRole
        ):
            wanted = Qt.CheckState(value) == Qt.CheckState.Checked
            self.toggleRequested.emit(self._rows[index.row()].id, wanted)
        return False  # the row changes when the service agreed

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < COLUMN_COUNT or not self._rows:
            return
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        old_ids = [self._rows[i.row()].id for i in old]
        keys = [self.sort_key(a, column) for a in self._rows]
        order_ = sorted(range(len(keys)), key=keys.__getitem__,
                        reverse=order == Qt.SortOrder.DescendingOrder)
        self._rows = [self._rows[i] for i in order_]
        self._search = [self._search[i] for i in order_]
        self._row_of = {a.id: i for i, a in enumerate(self._rows)}
        new = [
            self.index(self._row_of[aid], i.column())
            for aid, i in zip(old_ids, old, strict=True)
        ]
        self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()


class ActivationsProxy(QSortFilterProxyModel):
    """Filters on the row's search text (case-insensitive, substring); sorting is
    forwarded to the source model (see the module docstring)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setDynamicSortFilter(False)
        self._needle = ""
        self._sort_column = -1
        self._sort_order = Qt.SortOrder.AscendingOrder

    def set_filter_text(self, text: str) -> None:
        """One ``layoutChanged`` (:meth:`invalidate`): ``setFilterFixedString`` emits one
        ``rowsRemoved`` per gap between matches, 5,000 when every other row of 10,000 matches."""
        needle = text.strip().lower()
        if needle != self._needle:
            self._needle = needle
            self.invalidate()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        return not self._needle or self._needle in self.sourceModel().search_text(source_row)

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        self._sort_column, self._sort_order = column, order
        source = self.sourceModel()
        if source is not None:
            source.sort(column, order)

