"""Activations of a serial: a plain table model; :mod:`.proxy` filters and sorts it.

Rows are every device, in the service's order (or the last sort's, see :meth:`sort`);
the view shows them through :class:`~.proxy.ActivationsProxy`, which filters them. The
model holds the client's rows, plain tuples (:mod:`licensedesk.api.activation_rows`):
a site licence's 200,000 devices as api objects made the cyclic GC's passes a visible
pause. What it gives out (:meth:`ActivationsModel.activation`, :attr:`OBJECT_ROLE`) is
an api ``Activation``, made when asked.

:data:`HEADERS` are marked for translation (:func:`licensedesk.i18n.N_`) and translated
where the table shows them; the CSV export writes them as they are, in English, so a
file's columns stay the same whatever language the window speaks.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from licensedesk.api.activation_rows import (
    ACTIVATED,
    CREATED_AT,
    DEVICE_TAG,
    HOST_ID,
    ID,
    PRODUCT_ID,
    PRODUCT_NAME,
    UPDATED_AT,
    ActivationRows,
    Devices,
    Row,
    as_row,
    as_rows,
    to_row,
)
from licensedesk.api.models import Activation
from licensedesk.i18n import _

from ..shared.labels import shown
from ..shared.values import local_time
from .columns import (
    CELL_FLAGS,
    CHECKABLE,
    COL_ACTIVATED,
    COL_CREATED,
    COL_DEVICE,
    COL_HOST,
    COL_ID,
    COL_PRODUCT,
    COL_UPDATED,
    COLUMN_COUNT,
    EDIT_ROLE,
    HEADERS,
    ID_ROLE,
    OBJECT_ROLE,
    SEARCH_ROLE,
    SORT_KEYS,
    SORT_ROLE,
    THIS_COMPUTER,
    THIS_COMPUTER_ROLE,
)
from .filling import Filling, release

_R = Qt.ItemDataRole
DISPLAY, CHECK, FONT, BACKGROUND, TOOLTIP = (
    _R.DisplayRole, _R.CheckStateRole, _R.FontRole, _R.BackgroundRole, _R.ToolTipRole)


class ActivationsModel(QAbstractTableModel):
    """Rows are devices (the client's rows, or api Activations made rows). Toggling the
    checkbox does not change the row: it emits :attr:`toggleRequested`; the controller
    updates the row once the service agreed (:meth:`set_activated`, one ``dataChanged``)."""

    toggleRequested = Signal(int, bool)  # activation id, wanted state

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []  # every device, in the current order
        self._row_of: dict[int, int] | None = {}  # activation id -> row (made when asked)
        self._counts: tuple[int, dict[Any, int]] | None = None  # activated: all, per product
        #: rows the views know of: a long list is announced a part at a time (:mod:`.filling`)
        self._filling = Filling(self)
        self._search: dict[int, str] = {}  # activation id -> search text (made when asked)
        self._sorted: tuple[int, Qt.SortOrder] | None = None  # what _rows are in order of
        self.this_host_id: str | None = None
        #: why the checkbox is shown but not offered (a read-only profile); "" = offered
        self.read_only_reason = ""
        self._bold = QFont()
        self._bold.setBold(True)
        self._this_brush = QBrush(QColor(46, 134, 193, 40))

    # -- content ---------------------------------------------------------------
    def set_activations(self, activations: list[Any]) -> None:
        """A new list, in the service's order: one model reset with its first rows, the
        others announced in the next turns of the event loop (:mod:`.filling`); the old
        rows are freed in the decode worker (200,000 of them take the UI thread ~100 ms).
        ``activations``: api Activations, or the client's :class:`Devices`, whose rows
        the model then keeps as they are (not a pass over 200,000 of them)."""
        old = (self._rows, self._row_of, self._search)
        self.beginResetModel()
        self._rows = activations if isinstance(activations, Devices) else as_rows(activations)
        self._row_of = None
        self._search = {}
        self._sorted = None
        per = getattr(activations, "activated", None)  # counted as the list was read
        self._counts = None if per is None else (sum(per.values()), dict(per))
        self._filling.reset(len(self._rows))
        self.endResetModel()
        release(*old)
        self._filling.go_on()

    def activations(self) -> ActivationRows:
        """Every device, in the model's order (as Activations, each made when read)."""
        return ActivationRows(list(self._rows))

    def ids(self) -> list[int]:
        """Every device's activation id, in the model's order."""
        return [r[ID] for r in self._rows]

    def total(self) -> int:
        """How many devices (the proxy's ``rowCount`` counts those shown)."""
        return len(self._rows)

    def set_this_host(self, host_id: str | None) -> None:
        self.this_host_id = host_id
        self._search = {}
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, COL_UPDATED))

    def row_of(self, activation_id: int) -> int:
        """The model's row of ``activation_id``; -1 when it is not held."""
        self._filling.finish()  # the row is one the views know of
        return self._index().get(activation_id, -1)

    def activation(self, activation_id: int) -> Activation | None:
        """The device ``activation_id`` as the table holds it; else None."""
        row = self._index().get(activation_id)
        return None if row is None else Activation(*self._rows[row])

    def _index(self) -> dict[int, int]:
        if self._row_of is None:
            self._row_of = {r[ID]: n for n, r in enumerate(self._rows)}
        return self._row_of

    def set_activated(self, activation_id: int, activated: bool) -> None:
        """Update one row in place: one ``dataChanged`` for that row."""
        row = self._index().get(activation_id)
        if row is not None:
            current = self._rows[row]
            self._replace((*current[:ACTIVATED], activated, *current[ACTIVATED + 1:]))

    def replace_activation(self, fresh: Activation | Row) -> bool:
        """Show ``fresh`` (as the service now holds it) in its row, in place: one
        ``dataChanged`` when it differs; False when unchanged or not held."""
        fresh_row = to_row(fresh)
        row = self._index().get(fresh_row[ID])
        if row is None or self._rows[row] == fresh_row:
            return False
        self._replace(fresh_row)
        return True

    def _replace(self, fresh: Row) -> None:
        self._filling.finish()
        row = self._index()[fresh[ID]]
        self._counts = None
        self._rows[row] = fresh
        self._search.pop(fresh[ID], None)
        self._sorted = None
        self.dataChanged.emit(self.index(row, 0), self.index(row, COLUMN_COUNT - 1))

    def remove_activation(self, activation_id: int) -> None:
        self._filling.finish()
        row = self._index().get(activation_id)
        if row is None:
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        self._row_of = None
        self._counts = None
        self._filling.removed()
        self._search.pop(activation_id, None)
        self.endRemoveRows()

    def activated_count_by_product(self) -> dict[Any, int]:
        return dict(self._counted()[1])

    def active_count(self) -> int:
        """How many devices are activated, shown or not."""
        return self._counted()[0]

    def _counted(self) -> tuple[int, dict[Any, int]]:
        """Both counts in one pass, kept until a row changes."""
        if self._counts is None:
            per: dict[Any, int] = {}
            for r in self._rows:
                if r[ACTIVATED]:
                    per[r[PRODUCT_ID]] = per.get(r[PRODUCT_ID], 0) + 1
            self._counts = (sum(per.values()), per)
        return self._counts

    def is_active(self, row: int) -> bool:
        return bool(self._rows[row][ACTIVATED])

    def search_text(self, row: int) -> str:
        """The lower-cased text the filter looks at: ID, product, host ID, device tag and
        Yes/No as the cells show them (not the dates), with "This computer" on its row,
        in the language shown, so the filter finds what a person reads."""
        r = self._rows[row]
        text = self._search.get(r[ID])
        if text is None:
            words = [self.cell(r, c) for c in (COL_ID, COL_PRODUCT, COL_HOST, COL_DEVICE,
                                                COL_ACTIVATED)]
            if self._this(r):
                words.append(_(THIS_COMPUTER))
            text = self._search[r[ID]] = " ".join(words).lower()
        return text

    # -- sorting -----------------------------------------------------------------
    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        """One Python ``sorted`` with a key, then ``layoutChanged`` (the proxy forwards
        its ``sort`` here; see :mod:`.proxy` for why). Not again when the rows are in that
        order already: ``QTableView.sortByColumn`` sorts twice."""
        if column not in SORT_KEYS or not self._rows or self._sorted == (column, order):
            return
        key = SORT_KEYS[column]
        self._filling.finish()
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        old_ids = [self._rows[i.row()][ID] for i in old]
        self._rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        self._row_of = None
        self._sorted = (column, order)
        row_of = self._index()
        new = [self.index(row_of[aid], i.column()) for aid, i in zip(old_ids, old, strict=True)]
        self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()

    # -- cells ---------------------------------------------------------------------
    def _this(self, r: Row) -> bool:
        return bool(self.this_host_id) and r[HOST_ID] == self.this_host_id

    @staticmethod
    def display(a: Activation, column: int) -> str:
        """``a``'s text in ``column``, as its cell shows it."""
        return ActivationsModel.cell(as_row(a), column)

    @staticmethod
    def cell(r: Row, column: int) -> str:
        """A row's text in ``column``."""
        if column == COL_ID:
            return str(r[ID])
        if column == COL_PRODUCT:
            return shown(r[PRODUCT_NAME])
        if column == COL_HOST:
            return shown(r[HOST_ID])
        if column == COL_DEVICE:
            return shown(r[DEVICE_TAG])
        if column == COL_ACTIVATED:
            return _("Yes") if r[ACTIVATED] else _("No")
        if column == COL_CREATED:
            return local_time(r[CREATED_AT])
        if column == COL_UPDATED:
            return local_time(r[UPDATED_AT])
        return ""

    @staticmethod
    def sort_key(r: Row, column: int) -> Any:
        return SORT_KEYS[column](r) if column in SORT_KEYS else ""

    # -- Qt model API ------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._filling.shown

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _(HEADERS[section])
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = DISPLAY) -> Any:
        if not index.isValid():
            return None
        r, col = self._rows[index.row()], index.column()
        if role == DISPLAY:
            return None if col == COL_ACTIVATED else self._shown_text(r, col)
        if role == CHECK:
            if col != COL_ACTIVATED:
                return None
            return Qt.CheckState.Checked if r[ACTIVATED] else Qt.CheckState.Unchecked
        if role in (FONT, BACKGROUND):
            if not self._this(r):
                return None
            return self._bold if role == FONT else self._this_brush
        return self._other(index.row(), r, col, role)

    def _shown_text(self, r: Row, col: int) -> str:
        text = self.cell(r, col)
        if col == COL_HOST and self._this(r):
            # TRANSLATORS: a device's host ID in the activations table, marked as the
            # computer License Desk runs on
            return _("{host}  (This computer)").format(host=text)
        return text

    def _other(self, row: int, r: Row, col: int, role: int) -> Any:
        """The roles a view does not paint with: copying, tooltips, screen readers, the
        proxy's filter and sort, the export."""
        if role == EDIT_ROLE:
            return self.cell(r, col)
        if role == TOOLTIP:
            if col == COL_ACTIVATED and self.read_only_reason:
                return self.read_only_reason
            return _("This computer's host ID") if self._this(r) else None
        if role == OBJECT_ROLE:
            return Activation(*r)
        if role == ID_ROLE:
            return r[ID]
        if role == SORT_ROLE:
            return self.sort_key(r, col)
        if role == SEARCH_ROLE:
            return self.search_text(row)
        if role == THIS_COMPUTER_ROLE:
            return self._this(r)
        if role == Qt.ItemDataRole.AccessibleTextRole and col == COL_ACTIVATED:
            return _("Activated") if r[ACTIVATED] else _("Not activated")
        return None

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if index.column() == COL_ACTIVATED and not self.read_only_reason:
            return CHECKABLE
        return CELL_FLAGS

    def set_read_only(self, reason: str) -> None:
        """Only show the Activated checkbox, saying ``reason`` (a read-only profile);
        "": offer it."""
        if reason != self.read_only_reason:
            self.read_only_reason = reason
            if self.rowCount():
                last = self.rowCount() - 1
                self.dataChanged.emit(self.index(0, COL_ACTIVATED), self.index(last, COL_ACTIVATED))

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if index.isValid() and index.column() == COL_ACTIVATED and not self.read_only_reason and (
            role == Qt.ItemDataRole.CheckStateRole
        ):
            wanted = Qt.CheckState(value) == Qt.CheckState.Checked
            self.toggleRequested.emit(self._rows[index.row()][ID], wanted)
        return False  # the row changes when the service agreed
