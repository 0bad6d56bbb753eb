"""The History window's table model: a window of pages of the store's list around the
rows on screen, in the order the store sorted them.

The list's first page comes with :meth:`PagedHistoryModel.set_entries`, then how many
entries match (:meth:`~PagedHistoryModel.set_count`): that is the row count the view
scrolls through, a million rows or ten. A row the view paints that is not held is
answered empty and asked for (:attr:`readWanted`, a :class:`.page_window.PageRead`,
one at a time, a moment after the paint); the feature reads it on the history's worker
thread and hands it to :meth:`~PagedHistoryModel.land`. The model holds at most
:data:`WINDOW_PAGES` pages (:mod:`.page_window`) and forgets the far ones, so memory
stays the same whatever the list's length. Rows near an edge of the window bring the
next page before they are reached. Until the count is known, Qt's own paging grows the
list (``canFetchMore`` / ``fetchMore`` at the last row). A click on a column's header
asks the store for that order (:attr:`sortWanted`): the model never sorts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt, Signal

from licensedesk.history.paging import PAGE

from ..shared.timers import one_shot
from .model import SORT_KEYS, HistoryModel
from .page_window import PageRead, PageWindow, landing

if TYPE_CHECKING:
    from licensedesk.history import Entry

#: pages held at most (of :data:`~licensedesk.history.paging.PAGE` rows): 10,000 rows,
#: tens of MB, however long the list; tests make it small
WINDOW_PAGES = 20


class PagedHistoryModel(HistoryModel):
    readWanted = Signal(object)  # a PageRead: rows the view shows are not held
    sortWanted = Signal(str, bool)  # a store sort key, descending

    def __init__(self, parent=None, *, pages: int | None = None, page: int = PAGE) -> None:
        """``pages``: the window's size in pages (default :data:`WINDOW_PAGES`, looked up
        now); ``page``: rows per read."""
        super().__init__(parent)
        self._size = pages if pages is not None else WINDOW_PAGES
        self._page = page
        self._window = PageWindow(self._size)
        self._rows = self._window
        self._total = 0  # the rows the view scrolls through
        self._generation = 0  # the list on show (a late page of an older one is dropped)
        self._more = False  # the list may go on after the last row (no count yet)
        self._top = True  # row 0 is the list's first (not a page read back up to it)
        self._grow = False  # the view is at the last row and asked for more
        self._asked = False  # a read is in flight
        self._stopped = False  # a read failed: none more until the list is read again
        self._wanted: tuple[int, int] | None = None  # rows painted but not held
        self._margin = page // 5  # a row this near an edge brings the next page
        self.paged_on = False  # a page was read after the first (the person scrolled)
        # after the paint: one read for the rows it asked
        self._planner = one_shot(self, 0, self._plan)

    def set_entries(self, entries: Sequence[Entry], more: bool = False) -> None:
        """A new list: its first page (``more``: the store may hold more after it)."""
        self.beginResetModel()
        self._generation += 1
        self._window = self._rows = PageWindow(self._size)
        self._window.put(0, entries)
        self._total = len(entries)
        self._texts = {}
        self._more, self._grow, self._asked, self._stopped = more, False, False, False
        self._top, self._wanted = True, None
        self.paged_on = False
        self.endResetModel()

    def set_count(self, n: int) -> None:
        """How many entries match: the rows the view scrolls through (read when shown)."""
        if n > self._total:
            self._resize(n)
        self._more = False

    def land(self, read: PageRead, entries: Sequence[Entry]) -> None:
        """The page ``read`` asked for (in the list's order): held, the far pages forgotten,
        the rows repainted, and the next read asked for if painted rows still lack."""
        if read.generation != self._generation:
            return  # for a list replaced since
        self._asked = False
        self.paged_on = True
        to = landing(read, len(entries), self._total)
        if to.shift:
            self._shift(to.shift)
        if to.total != self._total:
            self._resize(to.total)
        if read.forward and to.at + len(entries) >= to.total:
            self._grow = False  # it reached the end
        if to.more is not None:
            self._more = to.more
        if read.forward and read.after is None:
            self._top = True  # read from the top: positions are the top's
        elif not read.forward and len(entries) < read.limit:
            self._top = True  # a short page back up: the top
        elif not read.forward and to.at == 0:
            self._top = False  # a whole page back up to row 0: entries written since?
        forgotten = self._window.put(to.at, entries)
        if forgotten:
            lo, hi = self._window.lo, self._window.hi
            self._texts = {r: t for r, t in self._texts.items() if lo <= r < hi}
        for first, end in [(to.at, to.at + len(entries)), *forgotten]:
            self.rows_changed(first, min(end, self._total))
        self._plan_soon()

    def stop_fetching(self) -> None:
        """No more pages for this list (a page could not be read: Refresh tries again)."""
        self._more, self._asked, self._stopped = False, False, True

    def people(self, at_most: int = 200) -> list[str]:
        """The names in the first ``at_most`` rows held (OS users and display names), for
        a completer: the newest are the likeliest to be looked for."""
        names: dict[str, None] = {}
        for entry in self._window.entries()[:at_most]:
            names[entry.user] = None
            if entry.display_name:
                names[entry.display_name] = None
        return sorted(names, key=str.casefold)

    def held(self) -> tuple[int, int]:
        """The rows held, ``(first, end)`` (tests and benchmarks)."""
        return self._window.lo, self._window.hi

    @property
    def has_more(self) -> bool:
        return self._more and not self._stopped

    @property
    def reading(self) -> bool:
        """A read is in flight or about to be asked for (tests and benchmarks wait)."""
        return self._asked or self._planner.isActive()

    # -- Qt model API ------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._total

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, w = index.row(), self._window
        if not w.lo <= row < w.hi:
            if role == Qt.ItemDataRole.DisplayRole:  # painted (a copy's EditRole is not)
                self._want(row)
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if row - w.lo < self._margin and (w.lo > 0 or not self._top):
                self._want(w.lo - 1)
            elif w.hi - row <= self._margin and w.hi < self._total:
                self._want(w.hi)
        return super().data(index, role)

    def canFetchMore(self, parent=QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self.has_more

    def fetchMore(self, parent=QModelIndex()) -> None:  # noqa: B008
        if self.canFetchMore(parent):
            self._grow = True
            self._plan_soon()

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        key = SORT_KEYS.get(column)
        if key is not None:
            self.sortWanted.emit(key, order == Qt.SortOrder.DescendingOrder)

    # -- internals -----------------------------------------------------------------------
    def _want(self, row: int) -> None:
        """A row painted but not held: kept with the others of the same paint (a row far
        from them is a new place: the old ones are no longer on screen)."""
        wanted = self._wanted
        if wanted is None or not wanted[0] - self._page <= row <= wanted[1] + self._page:
            self._wanted = (row, row)
        else:
            self._wanted = (min(wanted[0], row), max(wanted[1], row))
        self._plan_soon()

    def _plan_soon(self) -> None:
        if not self._asked and not self._stopped and not self._planner.isActive():
            self._planner.start()

    def _plan(self) -> None:
        """Ask for the one read the rows wanted need next (none while one is in flight)."""
        if self._asked or self._stopped:
            return
        wanted = self._wanted
        if wanted is not None and wanted[0] < 0 and self._top:  # no row above row 0
            wanted = (0, wanted[1]) if wanted[1] >= 0 else None
        read = self._window.next_read(
            wanted, self._total, self._page, grow=self._grow and self._more
        )
        if read is None:
            self._wanted = None
            self._grow = False
            return
        self._asked = True
        self.readWanted.emit(replace(read, generation=self._generation))

    def _shift(self, delta: int) -> None:
        """``delta`` rows more at the top (< 0: fewer): the top was not where the count
        put it (entries written or removed since)."""
        gone = delta < 0 and len(self._window) > 0 and self._window.lo < -delta
        if delta > 0:
            self.beginInsertRows(QModelIndex(), 0, delta - 1)
        else:
            self.beginRemoveRows(QModelIndex(), 0, -delta - 1)
        self._window.shift(delta)
        self._total += delta
        self._texts = {r + delta: t for r, t in self._texts.items()}
        if gone:  # rows held were above the top: positions of an older count
            self._window = self._rows = PageWindow(self._size)
            self._texts = {}
        if self._wanted is not None:
            self._wanted = (self._wanted[0] + delta, self._wanted[1] + delta)
        if delta > 0:
            self.endInsertRows()
        else:
            self.endRemoveRows()
        if gone:
            self.rows_changed(0, self._total)

    def _resize(self, total: int) -> None:
        """The list ends at row ``total``: rows added, or gone, at the end."""
        if total > self._total:
            self.beginInsertRows(QModelIndex(), self._total, total - 1)
            self._total = total
            self.endInsertRows()
            return
        self.beginRemoveRows(QModelIndex(), total, self._total - 1)
        self._window.cut(total)
        self._texts = {r: t for r, t in self._texts.items() if r < total}
        self._total = total
        self.endRemoveRows()
