"""The Timeline window's rows: one per change seen on a licence (or made to it from the
desk), newest first, as :func:`licensedesk.book.timeline.build` gives them.

Columns: when (the reader's language and time zone), what changed, who made it. A row's
words are made when it is first painted and kept: a site licence's timeline may hold
thousands of device changes, and the window paints a screenful.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt

from licensedesk.book.timeline import Item
from licensedesk.i18n import N_

from ..shared import colours
from ..shared.labels import plain_tip, shown
from ..shared.rows_model import Index, RowsModel
from ..shared.values import local_time, short_day

#: the History window's words for the same columns
HEADERS = (N_("When"), N_("What"), N_("Who"))
COL_WHEN, COL_WHAT, COL_WHO = range(3)


class TimelineModel(RowsModel):
    headers = HEADERS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Item] = []
        self._texts: dict[int, tuple[str, str, str]] = {}

    def set_items(self, items: Sequence[Item]) -> None:
        self.beginResetModel()
        self._rows = list(items)
        self._texts = {}
        self.endResetModel()

    def item(self, row: int) -> Item:
        return self._rows[row]

    def texts(self, row: int) -> tuple[str, str, str]:
        """The row's three cells (made once)."""
        made = self._texts.get(row)
        if made is None:
            item = self._rows[row]
            made = self._texts[row] = (
                local_time(item.at),
                shown(item.what(day=short_day)),
                shown(item.who(day=short_day)),
            )
        return made

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.texts(row)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tip(self.texts(row)[column]) or None
        if role == Qt.ItemDataRole.ForegroundRole and column == COL_WHO:
            # not made from License Desk: the reader's eye goes there first
            return colours.status_colour(colours.WARN) if self._rows[row].ours is False else None
        return None
