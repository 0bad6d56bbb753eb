"""The Renewals table: the licences ending soonest first, under one heading row per week.

A heading ("Week of 30 Nov") spans the row and names the Monday of the ISO week the
licences below it end in, written as the user's locale writes a day and a month. Days
left are counted once, when the rows are set, with the licence card's rule
(:func:`licensedesk.licence_term.days_left`), so a row and the card never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from licensedesk.book import Sighting
from licensedesk.book.renewals import week_of
from licensedesk.i18n import N_, _
from licensedesk.licence_term import days_left

from ..book.found_model import ENDS, SKU
from ..shared.sightings_model import AS_OF, EMAIL, LICENSEE, SERIAL, Column, SightingsModel
from ..shared.sightings_model import SERIAL_ROLE as SERIAL_ROLE  # None on a heading
from ..shared.values import day_and_month, format_number

COLUMNS = (
    SERIAL,
    Column(N_("Days left"), lambda s: None),  # counted once a row: RenewalsModel.cell
    ENDS,
    Column(N_("Dealer"), lambda s: s.dealer),
    LICENSEE,
    EMAIL,
    SKU,
    AS_OF,
    Column(N_("Note"), lambda s: s.note),
)
(
    COL_SERIAL,
    COL_DAYS,
    COL_ENDS,
    COL_DEALER,
    COL_LICENSEE,
    COL_EMAIL,
    COL_SKU,
    COL_AS_OF,
    COL_NOTE,
) = range(9)


def week_title(monday: date) -> str:
    """ "Week of 30 Nov" in the language and the locale's month names."""
    # TRANSLATORS: a heading of the Renewals window: the licences ending in that week
    return _("Week of {date}").format(date=day_and_month(monday))


class RenewalsModel(SightingsModel):
    """The licences under their weeks' headings; the note's cell has the note as a tip."""

    columns = COLUMNS
    note_column = COL_NOTE

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.licences: list[Sighting] = []
        self._left: dict[int, int | None] = {}  # a licence row's days left, by row

    def set_rows(self, licences: Iterable[Sighting], now: datetime | None = None) -> None:
        """``licences`` soonest first (the store's order), a heading before each week."""
        self.beginResetModel()
        self.licences = list(licences)
        self._rows, self._left = [], {}
        week: date | None = None
        for s in self.licences:
            monday = week_of(s.end_at) if s.end_at else None
            if monday is not None and monday != week:
                self._rows.append(monday)
                week = monday
            self._left[len(self._rows)] = days_left(s.end_at, now)
            self._rows.append(s)
        self.endResetModel()

    def is_heading(self, row: int) -> bool:
        return isinstance(self._rows[row], date)

    def serials(self) -> list[str]:
        """The licences listed, in order (no headings)."""
        return [s.serial for s in self.licences]

    def cell(self, row: int, column: int) -> str:
        if column == COL_DAYS:
            left = self._left[row]
            return "" if left is None else format_number(left)
        return super().cell(row, column)

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not index.isValid():
            return None
        item = self._rows[index.row()]
        if isinstance(item, date):
            return self._heading(item, index.column(), role)
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == COL_DAYS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return super().data(index, role)

    @staticmethod
    def _heading(monday: date, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return week_title(monday) if column == 0 else ""
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def flags(self, index) -> Qt.ItemFlag:
        if index.isValid() and self.is_heading(index.row()):
            return Qt.ItemFlag.ItemIsEnabled
        return super().flags(index)
