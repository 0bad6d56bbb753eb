"""The batch table's filter: all rows, or one kind of answer (the "Show" combo).

Filtering only: sorting is forwarded to :class:`.model.BatchModel` (see its
docstring). ``dynamicSortFilter`` stays on so an answer that arrives while a
filter is chosen joins (or leaves) the rows shown: Qt re-checks only the rows
of each ``dataChanged``, one chunk at a time.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt

from licensedesk.batch.model import EXPIRING_DAYS, Status
from licensedesk.i18n import N_, _

from .model import NOT_SERIAL, STOPPED, WAITING

#: (key, label, categories shown); the first shows every row. The labels are marked
#: here and said by :func:`filter_label`.
FILTERS: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("all", N_("All rows"), frozenset()),
    ("expiring", N_("Expire within {days} days"), frozenset({Status.EXPIRING})),
    ("expired", N_("Expired"), frozenset({Status.EXPIRED})),
    ("not_found", N_("Not found"), frozenset({Status.NOT_FOUND})),
    ("invalid", N_("Not valid for the product"), frozenset({Status.INVALID})),
    # TRANSLATORS: a filter of the batch table: subscriptions without a period
    ("no_subscription", N_("No active subscription"), frozenset({Status.NO_SUBSCRIPTION})),
    ("errors", N_("Could not check (errors)"), frozenset({Status.ERROR})),
    ("not_checked", N_("Not checked yet"), frozenset({WAITING, STOPPED})),
    ("not_serial", N_("Not a serial"), frozenset({NOT_SERIAL})),
)


def filter_label(label: str) -> str:
    """A :data:`FILTERS` label in the language in use (``{days}``: the engine's
    "expiring soon" window, always more than one day)."""
    return _(label).format(days=EXPIRING_DAYS)


class BatchProxy(QSortFilterProxyModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._shown: frozenset[str] = frozenset()  # empty: every row
        self.filter_key = "all"

    def set_filter(self, key: str) -> None:
        """Show the rows of filter ``key`` (one of :data:`FILTERS`): one ``layoutChanged``."""
        shown = next(cats for k, _label, cats in FILTERS if k == key)
        if key != self.filter_key:
            self.filter_key, self._shown = key, shown
            self.invalidate()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        return not self._shown or self.sourceModel().category(source_row) in self._shown

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        source = self.sourceModel()
        if source is not None:
            source.sort(column, order)
