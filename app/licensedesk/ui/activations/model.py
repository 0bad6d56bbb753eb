"""Activations of a serial: a plain table model that sorts and filters itself.

It holds every device, in the service's order (or the last sort's, see :meth:`sort`),
and shows those the filter lets through (:mod:`.row_filter`: the text box and
All / Active / Inactive), in that order. It holds the client's rows, plain tuples
(:mod:`licensedesk.api.activation_rows`): a site licence's 200,000 devices as api
objects made the cyclic GC's passes a visible pause. What it gives out
(:meth:`ActivationsModel.activation`, :attr:`OBJECT_ROLE`) is an api ``Activation``,
made when asked.

:data:`HEADERS` are marked for translation (:func:`licensedesk.i18n.N_`) and translated
where the table shows them; the CSV export writes them as they are, in English, so a
file's columns stay the same whatever language the window speaks.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
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
    as_rows,
    to_row,
)
from licensedesk.api.models import Activation
from licensedesk.i18n import _

from ..shared.labels import shown
from ..shared.rows_model import RowsModel
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
    EDIT_ROLE,
    HEADERS,
    ID_ROLE,
    OBJECT_ROLE,
    SORT_KEYS,
    THIS_COMPUTER_ROLE,
    this_computer_marked,
)
from .freeing import release
from .row_filter import RowFilter, search_texts

_R = Qt.ItemDataRole
DISPLAY, CHECK, FONT, BACKGROUND, TOOLTIP = (
    _R.DisplayRole,
    _R.CheckStateRole,
    _R.FontRole,
    _R.BackgroundRole,
    _R.ToolTipRole,
)


class ActivationsModel(RowsModel):
    """Rows are devices (the client's rows, or api Activations made rows). Toggling the
    checkbox does not change the row: it emits :attr:`toggleRequested`; the controller
    updates the row once the service agreed (:meth:`set_activated`, one ``dataChanged``)."""

    headers = HEADERS
    toggleRequested = Signal(int, bool)  # activation id, wanted state

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []  # every device, in the current order
        self._row_of: dict[int, int] | None = {}  # activation id -> position (made when asked)
        self._counts: tuple[int, dict[Any, int]] | None = None  # activated: all, per product
        self._filter = RowFilter()
        #: the positions in _rows of the rows shown, in order; None: every device
        self._shown: list[int] | None = None
        self._texts: list[str] | None = None  # _rows' search texts (made when a text needs them)
        self._sorted: tuple[int, Qt.SortOrder] | None = None  # what _rows are in order of
        self.this_host_id: str | None = None
        #: why the checkbox is shown but not offered (a read-only profile); "" = offered
        self.read_only_reason = ""
        self._bold = QFont()
        self._bold.setBold(True)
        self._this_brush = QBrush(QColor(46, 134, 193, 40))

    # -- content ---------------------------------------------------------------
    def set_activations(self, activations: list[Any]) -> None:
        """A new list, in the service's order, the filter kept: one model reset. The old
        rows are freed in the decode worker (200,000 of them take the UI thread ~100 ms).
        ``activations``: api Activations, or the client's :class:`Devices`, whose rows
        the model then keeps as they are (not a pass over 200,000 of them)."""
        old = (self._rows, self._row_of, self._texts, self._shown)
        self.beginResetModel()
        self._rows = activations if isinstance(activations, Devices) else as_rows(activations)
        self._row_of = None
        self._texts = None
        self._sorted = None
        per = getattr(activations, "activated", None)  # counted as the list was read
        self._counts = None if per is None else (sum(per.values()), dict(per))
        self._shown = self._filter.shown(self._rows, self._texts_for_filter())
        self.endResetModel()
        release(*old)

    def activations(self) -> ActivationRows:
        """Every device, in the model's order (as Activations, each made when read)."""
        return ActivationRows(list(self._rows))

    def ids(self) -> list[int]:
        """Every device's activation id, in the model's order."""
        return [r[ID] for r in self._rows]

    def total(self) -> int:
        """How many devices (``rowCount`` counts those shown)."""
        return len(self._rows)

    def set_this_host(self, host_id: str | None) -> None:
        self.this_host_id = host_id
        self._texts = None  # "This computer" is in its row's text
        if self._filter.needle:
            self._refilter()
        self.rows_changed(0, self.rowCount())

    def row_of(self, activation_id: int) -> int:
        """The row ``activation_id`` is shown in; -1 when it is not held or not shown."""
        return self._view_row(self._index().get(activation_id, -1))

    def id_of_host(self, host_id: str, product: str = "") -> int | None:
        """The activation id of the device ``host_id`` (of ``product`` when given), or
        None: a change the book saw names a device by its host when the service gave no id."""
        for r in self._rows:
            if r[HOST_ID] == host_id and (not product or r[PRODUCT_NAME] == product):
                return r[ID]
        return None

    def _view_row(self, at: int) -> int:
        """The row the device at position ``at`` of _rows is shown in; -1: not shown."""
        if self._shown is None:
            return at
        n = bisect_left(self._shown, at)
        return n if n < len(self._shown) and self._shown[n] == at else -1

    def _at(self, row: int) -> Row:
        """The device shown in ``row``."""
        return self._rows[row if self._shown is None else self._shown[row]]

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
            self._replace((*current[:ACTIVATED], activated, *current[ACTIVATED + 1 :]))

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
        """In its row, shown or not; a row the filter would now hide stays until the
        filter changes (rather than vanish under the cursor)."""
        at = self._index()[fresh[ID]]
        self._counts = None
        self._rows[at] = fresh
        if self._texts is not None:
            self._texts[at] = search_texts((fresh,), self.this_host_id)[0]
        self._sorted = None
        row = self._view_row(at)
        if row >= 0:
            self.rows_changed(row, row + 1)

    def remove_activation(self, activation_id: int) -> None:
        at = self._index().get(activation_id)
        if at is None:
            return
        row = self._view_row(at)
        if row >= 0:
            self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[at]
        if self._texts is not None:
            del self._texts[at]
        if self._shown is not None:
            self._shown = [n - (n > at) for n in self._shown if n != at]
        self._row_of = None
        self._counts = None
        if row >= 0:
            self.endRemoveRows()

    def activated_count_by_product(self) -> dict[Any, int]:
        """As counted with the list, or once until a row changes: *Free a seat…* asks on
        every part a lookup shows, where making an Activation of each of thousands of
        devices cost the UI thread a frame."""
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

    # -- filtering ---------------------------------------------------------------
    def set_filter_text(self, text: str) -> None:
        """Show the devices whose ID, product, host ID, device tag or Yes/No contain
        ``text`` (any case)."""
        if self._filter.set_text(text):
            self._refilter()

    def set_state_filter(self, state: str) -> None:
        """Show every device ("all"), the activated ones or the others (with the text
        filter on top)."""
        if self._filter.set_state(state):
            self._refilter()

    def _texts_for_filter(self) -> list[str] | None:
        if self._filter.needle and self._texts is None:
            self._texts = search_texts(self._rows, self.this_host_id)
        return self._texts

    def _refilter(self, reorder: Callable[[], None] | None = None) -> None:
        """The rows the filter shows now (after ``reorder``: a sort), in one
        ``layoutChanged``; the selection and the current row follow their devices (or go,
        when hidden)."""
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        old_ids = [self._at(i.row())[ID] for i in old]
        if reorder is not None:
            reorder()
        self._shown = self._filter.shown(self._rows, self._texts_for_filter())
        at = self._index()
        rows = [self._view_row(at[aid]) for aid in old_ids]
        self.changePersistentIndexList(
            old,
            [
                self.index(row, i.column()) if row >= 0 else QModelIndex()
                for row, i in zip(rows, old, strict=True)
            ],
        )
        self.layoutChanged.emit()

    # -- sorting -----------------------------------------------------------------
    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        """One Python sort with a key, then ``layoutChanged``. (A proxy's sort asked a
        Python ``data()`` twice per comparison.) Not again when the rows are in that
        order already: ``QTableView.sortByColumn`` sorts twice."""
        if column not in SORT_KEYS or not self._rows or self._sorted == (column, order):
            return
        key, reverse = SORT_KEYS[column], order == Qt.SortOrder.DescendingOrder

        def reorder() -> None:
            if self._texts is None:
                self._rows.sort(key=key, reverse=reverse)
            else:  # the texts go with their rows
                keys = list(map(key, self._rows))
                moved = sorted(range(len(keys)), key=keys.__getitem__, reverse=reverse)
                self._rows[:] = [self._rows[n] for n in moved]
                self._texts = [self._texts[n] for n in moved]
            self._row_of = None

        self._refilter(reorder)
        self._sorted = (column, order)

    # -- cells ---------------------------------------------------------------------
    def _this(self, r: Row) -> bool:
        return bool(self.this_host_id) and r[HOST_ID] == self.this_host_id

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

    # -- Qt model API ------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return len(self._rows) if self._shown is None else len(self._shown)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = DISPLAY) -> Any:
        if not index.isValid():
            return None
        r, col = self._at(index.row()), index.column()
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
        return self._other(r, col, role)

    def _shown_text(self, r: Row, col: int) -> str:
        text = self.cell(r, col)
        if col == COL_HOST and self._this(r):
            return this_computer_marked(text)
        return text

    def _other(self, r: Row, col: int, role: int) -> Any:
        """The roles a view does not paint with: copying, tooltips, screen readers, the
        export."""
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
            self.rows_changed(0, self.rowCount(), COL_ACTIVATED)

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if (
            index.isValid()
            and index.column() == COL_ACTIVATED
            and not self.read_only_reason
            and (role == Qt.ItemDataRole.CheckStateRole)
        ):
            wanted = Qt.CheckState(value) == Qt.CheckState.Checked
            self.toggleRequested.emit(self._at(index.row())[ID], wanted)
        return False  # the row changes when the service agreed
