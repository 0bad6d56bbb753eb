"""Activations of a serial: one table model that sorts and filters itself.

Why no ``QSortFilterProxyModel``: it calls a Python ``filterAcceptsRow`` for every
row on every reset, sort and filter (even with no filter set),
and a Python ``data()`` from every sort comparison. Here a sort is one Python
``sorted`` over one key per row, a filter one list comprehension over one cached,
lower-cased search text per row; then one ``layoutChanged`` (with the selection's
persistent indexes moved along), as the proxy's own ``invalidate()`` emits.

Rows: :meth:`ActivationsModel.activations` are every device in the current order;
the model's rows (``rowCount``, ``index``) are those the filter lets through.

:data:`HEADERS` are marked for translation (:func:`licensedesk.i18n.N_`) and translated
where the table shows them; the CSV export writes them as they are, in English, so a
file's columns stay the same whatever language the window speaks.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from licensedesk.i18n import _

from ..shared.cell_delegate import LOOK_ROLES, Look, look_value
from ..shared.labels import shown
from ..shared.row_swap import swap_rows
from ..shared.slice_release import SliceRelease
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

#: the quick filter on a device's state: every device, the activated ones, the others
STATES = ("all", "active", "inactive")


class ActivationsModel(QAbstractTableModel):
    """Rows are api Activation objects. Toggling the checkbox does not change the
    row: it emits :attr:`toggleRequested`; the controller updates the row once
    the service agreed (:meth:`set_activated`, one ``dataChanged``)."""

    toggleRequested = Signal(int, bool)  # activation id, wanted state

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._all: list[Any] = []  # every device, in the current order
        self._at: dict[int, int] = {}  # activation id -> place in _all
        self._rows: list[Any] = []  # those shown: the filter applied, same order
        self._row_of: dict[int, int] = {}  # activation id -> row shown
        self._search: dict[int, str] = {}  # activation id -> search text (filled lazily)
        self._needle = ""
        self._state = "all"  # one of STATES
        self._active = 0  # activated devices, shown or not (kept as rows change)
        self._sorted: tuple[int, Qt.SortOrder] | None = None  # what _all is in order of
        self.this_host_id: str | None = None
        #: why the checkbox is shown but not offered (a read-only profile); "" = offered
        self.read_only_reason = ""
        self._bold = QFont()
        self._bold.setBold(True)
        self._this_brush = QBrush(QColor(46, 134, 193, 40))
        self._release = SliceRelease(self)

    # -- content ---------------------------------------------------------------
    def set_activations(self, activations: list[Any]) -> None:
        """A new list, in the service's order; the filter text stays."""
        every = list(activations)
        self._search = {}  # a cache of the old rows' texts: the filter reads the new ones
        shown_rows = self._filtered(every)

        def empty() -> None:
            self._release.release(self._all)  # thousands of rows: freed over the next passes
            self._all, self._at, self._rows, self._row_of = [], {}, [], {}
            self._sorted, self._active = None, 0

        def fill() -> None:
            self._all = every
            self._at = {a.id: n for n, a in enumerate(every)}
            self._rows = shown_rows
            self._row_of = {a.id: n for n, a in enumerate(shown_rows)}
            self._active = sum(1 for a in every if a.activated)

        swap_rows(self, len(self._rows), len(shown_rows), empty, fill)
        if not shown_rows:
            fill()  # devices the filter hides: held, though no row shows them

    def activations(self) -> list[Any]:
        """Every device (shown or filtered out), in the table's order."""
        return list(self._all)

    def total(self) -> int:
        """How many devices, shown or not (``rowCount`` counts those shown)."""
        return len(self._all)

    def set_this_host(self, host_id: str | None) -> None:
        self.this_host_id = host_id
        self._search = {}
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, COL_UPDATED))

    def row_of(self, activation_id: int) -> int:
        """The row showing ``activation_id``; -1 when it is not shown (unknown or filtered)."""
        return self._row_of.get(activation_id, -1)

    def activation(self, activation_id: int) -> Any:
        """The device ``activation_id`` as the table holds it, shown or not; else None."""
        place = self._at.get(activation_id)
        return None if place is None else self._all[place]

    def set_activated(self, activation_id: int, activated: bool) -> None:
        """Update one row in place: one ``dataChanged`` for that row."""
        current = self.activation(activation_id)
        if current is not None:
            self._replace(current, dataclasses.replace(current, activated=activated))

    def replace_activation(self, fresh: Any) -> bool:
        """Show ``fresh`` (as the service now holds it) in its row, in place: one
        ``dataChanged`` when it differs; False when unchanged or not held."""
        current = self.activation(fresh.id)
        if current is None or current == fresh:
            return False
        self._replace(current, fresh)
        return True

    def _replace(self, current: Any, fresh: Any) -> None:
        """The filter is not applied again (as a proxy without dynamic filtering): the
        row the user just changed does not vanish under the cursor."""
        self._all[self._at[fresh.id]] = fresh
        self._active += bool(fresh.activated) - bool(current.activated)
        self._sorted = None
        self._search.pop(fresh.id, None)
        row = self._row_of.get(fresh.id)
        if row is not None:
            self._rows[row] = fresh
            self.dataChanged.emit(self.index(row, 0), self.index(row, COLUMN_COUNT - 1))

    def remove_activation(self, activation_id: int) -> None:
        current = self.activation(activation_id)
        if current is None:
            return
        del self._all[self._at[activation_id]]
        self._active -= bool(current.activated)
        self._at = {a.id: n for n, a in enumerate(self._all)}
        self._search.pop(activation_id, None)
        row = self._row_of.get(activation_id)
        if row is None:
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        del self._row_of[activation_id]
        for n in range(row, len(self._rows)):
            self._row_of[self._rows[n].id] = n
        self.endRemoveRows()

    def activated_count_by_product(self) -> dict[Any, int]:
        counts: dict[Any, int] = {}
        for a in self._all:
            if a.activated:
                pid = a.product_id
                counts[pid] = counts.get(pid, 0) + 1
        return counts

    # -- filter and sort ---------------------------------------------------------
    def set_filter_text(self, text: str) -> None:
        """Show the devices whose ID, product, host ID, device tag or Yes/No contain
        ``text`` (case-insensitive); one ``layoutChanged``."""
        needle = text.strip().lower()
        if needle != self._needle:
            self._needle = needle
            self._relayout(self._filtered(self._all))

    def filter_text(self) -> str:
        return self._needle

    def set_state_filter(self, state: str) -> None:
        """Show every device ("all"), the activated ones or the others, with the text
        filter on top; one ``layoutChanged``."""
        if state in STATES and state != self._state:
            self._state = state
            self._relayout(self._filtered(self._all))

    def active_count(self) -> int:
        """How many devices are activated, shown or not."""
        return self._active

    def _filtered(self, rows: list[Any]) -> list[Any]:
        if self._state != "all":
            wanted = self._state == "active"
            rows = [a for a in rows if bool(a.activated) == wanted]
        needle = self._needle
        if not needle:
            return list(rows)
        search = self._search
        missing = [a for a in rows if a.id not in search]
        search.update(zip((a.id for a in missing), self._search_texts(missing), strict=True))
        return [a for a in rows if needle in search[a.id]]

    def search_text(self, row: int) -> str:
        """The lower-cased text the filter looks at, of row ``row`` shown."""
        a = self._rows[row]
        if a.id not in self._search:
            self._search[a.id] = self._search_texts([a])[0]
        return self._search[a.id]

    def _search_texts(self, rows: list[Any]) -> list[str]:
        """ID, product, host ID, device tag and Yes/No of each row, lower-cased; not the
        dates (formatting 2 local times per row made the first filter of 10k rows slow).
        One f-string a row: calling :meth:`display` per cell took 2-3 times as long.
        Yes/No and "This computer" in the language shown, so the filter finds what it reads."""
        yes, no = _("Yes"), _("No")
        texts = [f"{a.id} {a.product_name or ''} {a.host_id or ''} {a.device_tag or ''} "
                 f"{yes if a.activated else no}" for a in rows]
        if not "".join(texts).isprintable():  # one C call; then the rows that need it
            for n, (a, text) in enumerate(zip(rows, texts, strict=True)):
                if not text.isprintable():  # what the cells show: escapes, as shown() writes
                    texts[n] = " ".join(self.display(a, c) for c in (
                        COL_ID, COL_PRODUCT, COL_HOST, COL_DEVICE, COL_ACTIVATED))
        this = self.this_host_id
        if this:
            this_computer = _(THIS_COMPUTER)
            texts = [f"{t} {this_computer}" if a.host_id == this else t
                     for a, t in zip(rows, texts, strict=True)]
        return [t.lower() for t in texts]

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        """Not again when the rows are in that order already: ``QTableView.sortByColumn``
        sorts twice (once itself, once for the header's indicator it sets)."""
        if column not in SORT_KEYS or not self._all or self._sorted == (column, order):
            return
        key = SORT_KEYS[column]
        keys = [key(a) for a in self._all]
        order_ = sorted(range(len(keys)), key=keys.__getitem__,
                        reverse=order == Qt.SortOrder.DescendingOrder)
        self._all = [self._all[i] for i in order_]
        self._at = {a.id: n for n, a in enumerate(self._all)}
        self._sorted = (column, order)
        if len(self._rows) == len(self._all):
            self._relayout(list(self._all))
        else:
            shown_ids = set(self._row_of)
            self._relayout([a for a in self._all if a.id in shown_ids])

    def _relayout(self, rows: list[Any]) -> None:
        """Show ``rows`` (a new order or another subset): one ``layoutChanged``; the
        persistent indexes (selection, current cell) follow their device or go."""
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        old_ids = [self._rows[i.row()].id for i in old]
        self._rows = rows
        self._row_of = row_of = {a.id: n for n, a in enumerate(rows)}
        new = [self.index(row_of[aid], i.column()) if aid in row_of else QModelIndex()
               for aid, i in zip(old_ids, old, strict=True)]
        self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()

    # -- cells ---------------------------------------------------------------------
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
            return _("Yes") if a.activated else _("No")
        if column == COL_CREATED:
            return local_time(a.created_at)
        if column == COL_UPDATED:
            return local_time(a.updated_at)
        return ""

    @staticmethod
    def sort_key(a: Any, column: int) -> Any:
        return SORT_KEYS[column](a) if column in SORT_KEYS else ""

    # -- Qt model API ------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _(HEADERS[section])
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        return self._value(index.row(), index.column(), role)

    def look(self, row: int, col: int) -> Look:
        """What cell (``row``, ``col``) shows: :class:`~..shared.cell_delegate.CellDelegate`
        paints it, ``data()`` answers its roles from it."""
        a = self._rows[row]
        this = self.is_this_computer(a)
        if col == COL_ACTIVATED:
            check = Qt.CheckState.Checked if a.activated else Qt.CheckState.Unchecked
            if not this:
                return Look(check=check)
            return Look(check=check, font=self._bold, background=self._this_brush)
        text = self.display(a, col)
        if not this:
            return Look(text)
        if col == COL_HOST:
            # TRANSLATORS: a device's host ID in the activations table, marked as the
            # computer License Desk runs on
            text = _("{host}  (This computer)").format(host=text)
        return Look(text, font=self._bold, background=self._this_brush)

    def _value(self, row: int, col: int, role: int) -> Any:
        if role in LOOK_ROLES:
            return look_value(self.look(row, col), role)
        a = self._rows[row]
        if role == EDIT_ROLE:
            return self.display(a, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == COL_ACTIVATED and self.read_only_reason:
                return self.read_only_reason
            return _("This computer's host ID") if self.is_this_computer(a) else None
        if role == OBJECT_ROLE:
            return a
        if role == ID_ROLE:
            return a.id
        if role == SORT_ROLE:
            return self.sort_key(a, col)
        if role == SEARCH_ROLE:
            return self.search_text(row)
        if role == THIS_COMPUTER_ROLE:
            return self.is_this_computer(a)
        if role == Qt.ItemDataRole.AccessibleTextRole and col == COL_ACTIVATED:
            return _("Activated") if a.activated else _("Not activated")
        return None

    def flags(self, index):
        """Asked for every painted cell: answered without a call back into Qt."""
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
