"""The activations table's filter: the text box and All / Active / Inactive.

A ``QSortFilterProxyModel`` with a small :meth:`ActivationsProxy.filterAcceptsRow`
(two filters on one proxy: Qt's own filter takes one role and one pattern).
``dynamicSortFilter`` is off: a device switched on or off under the "Active" filter
stays in its row until the filter changes, instead of vanishing under the cursor.
A new filter is applied with ``invalidate()`` (one ``layoutChanged``): the filter-change
calls announce the rows removed or inserted one contiguous run at a time, and every
other row of a long list is thousands of runs.

Sorting is forwarded to the model (:meth:`.model.ActivationsModel.sort`), as the
batch table does (:mod:`licensedesk.ui.batch.proxy`): the proxy's own sort asks a
Python ``data()`` twice per comparison, and the first-sort goal of docs/ui.md
("Keeping a frame") fails with it.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

#: the quick filter on a device's state: every device, the activated ones, the others
STATES = ("all", "active", "inactive")


class ActivationsProxy(QSortFilterProxyModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setDynamicSortFilter(False)
        self._needle = ""
        self._state = "all"  # one of STATES

    def set_filter_text(self, text: str) -> None:
        """Show the devices whose ID, product, host ID, device tag or Yes/No contain
        ``text`` (case-insensitive)."""
        needle = text.strip().lower()
        if needle != self._needle:
            self._needle = needle
            self.invalidate()

    def filter_text(self) -> str:
        return self._needle

    def filtering(self) -> bool:
        """Whether a filter hides devices (the text box or Active / Inactive)."""
        return bool(self._needle) or self._state != "all"

    def set_state_filter(self, state: str) -> None:
        """Show every device ("all"), the activated ones or the others, with the text
        filter on top."""
        if state in STATES and state != self._state:
            self._state = state
            self.invalidate()

    def filterAcceptsRow(self, source_row: int,
                         source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        if self._state != "all" and model.is_active(source_row) != (self._state == "active"):
            return False
        return not self._needle or self._needle in model.search_text(source_row)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        source = self.sourceModel()
        if source is not None:
            source.sort(column, order)
