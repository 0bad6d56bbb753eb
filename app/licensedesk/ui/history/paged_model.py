"""The History window's table model: pages of the store's list, fetched as the view
scrolls, in the order the store sorted them.

Qt's own paging: the view calls :meth:`PagedHistoryModel.fetchMore` when it is scrolled
to the last row and :meth:`~PagedHistoryModel.canFetchMore` says there may be more; the
model asks for the next page (:attr:`moreWanted`), the feature reads it on the
history's worker thread and hands it to :meth:`~PagedHistoryModel.append_page`. A
click on a column's header asks the store for that order (:attr:`sortWanted`): the
model never sorts (it holds a few pages of a list that may be a million long).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING, overload

from PySide6.QtCore import QModelIndex, Qt, Signal

from .model import (
    COL_DETAILS,
    COL_OUTCOME,
    COL_PROFILE,
    COL_SERIAL,
    COL_WHAT,
    COL_WHEN,
    COL_WHO,
    HistoryModel,
)

if TYPE_CHECKING:
    from licensedesk.history import Entry

#: a column -> the store's sort key (licensedesk.history.paging.SORTS): the stored
#: values, so "What" sorts by the action's English key and "Outcome" by its key
SORT_KEYS = {COL_WHEN: "time", COL_WHO: "who", COL_PROFILE: "profile", COL_SERIAL: "serial",
             COL_WHAT: "action", COL_OUTCOME: "outcome", COL_DETAILS: "detail"}  # fmt: skip


class Pages(Sequence["Entry"]):
    """The pages read so far as one list (each page stays the store's lazy list)."""

    def __init__(self) -> None:
        self._pages: list[Sequence[Entry]] = []
        self._starts: list[int] = []
        self._length = 0

    def add(self, page: Sequence[Entry]) -> None:
        if len(page):
            self._starts.append(self._length)
            self._pages.append(page)
            self._length += len(page)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Entry: ...
    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...

    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(index)
        page = bisect_right(self._starts, index) - 1
        return self._pages[page][index - self._starts[page]]


class PagedHistoryModel(HistoryModel):
    moreWanted = Signal()  # the view reached the last row: read the next page
    sortWanted = Signal(str, bool)  # a store sort key, descending

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._pages = Pages()
        self._more = False
        self._asked = False

    def set_entries(self, entries: Sequence[Entry], more: bool = False) -> None:
        """A new list: its first page (``more``: the store may hold more after it)."""
        self.beginResetModel()
        self._pages = Pages()
        self._pages.add(entries)
        self._rows = self._pages
        self._texts = {}
        self._more, self._asked = more, False
        self.endResetModel()

    def append_page(self, entries: Sequence[Entry], more: bool) -> None:
        """The next page, after the rows on show."""
        first = len(self._pages)
        if len(entries):
            self.beginInsertRows(QModelIndex(), first, first + len(entries) - 1)
            self._pages.add(entries)
            self.endInsertRows()
        self._more, self._asked = more, False

    def stop_fetching(self) -> None:
        """No more pages for this list (a page could not be read: Refresh tries again)."""
        self._more = self._asked = False

    def last_entry(self) -> Entry | None:
        return self._pages[len(self._pages) - 1] if len(self._pages) else None

    @property
    def has_more(self) -> bool:
        return self._more

    # -- Qt model API ------------------------------------------------------------------
    def canFetchMore(self, parent=QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self._more and not self._asked

    def fetchMore(self, parent=QModelIndex()) -> None:  # noqa: B008
        if self.canFetchMore(parent):
            self._asked = True
            self.moreWanted.emit()

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        key = SORT_KEYS.get(column)
        if key is not None:
            self.sortWanted.emit(key, order == Qt.SortOrder.DescendingOrder)
