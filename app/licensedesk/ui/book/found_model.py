"""The find dialog's results: one row per licence, in the book's order (best match first)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

from licensedesk.book import Sighting
from licensedesk.i18n import N_, _

from ..shared.labels import shown
from ..shared.licence_types import type_word
from ..shared.values import local_date, local_time

#: column titles, marked here and translated where shown
HEADERS = (N_("Serial"), N_("Licensee"), N_("E-mail"), N_("SKU"), N_("Type"), N_("Ends"),
           N_("As of"))  # fmt: skip
COL_SERIAL, COL_LICENSEE, COL_EMAIL, COL_SKU, COL_TYPE, COL_ENDS, COL_AS_OF = range(7)
SERIAL_ROLE = Qt.ItemDataRole.UserRole + 1


def cell(s: Sighting, column: int) -> str:
    """What one cell says (service text made visible: :func:`..shared.labels.shown`)."""
    values: tuple[Any, ...] = (
        s.serial, s.licensee, s.email, s.sku_name or s.sku_number,
        type_word(s.type), local_date(s.end_at), local_time(s.seen_at))
    value = values[column]
    return shown(value) if value else ""


class FoundModel(QAbstractTableModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Sighting] = []

    def set_found(self, found: list[Sighting]) -> None:
        self.beginResetModel()
        self._rows = list(found)
        self.endResetModel()

    def sighting(self, row: int) -> Sighting:
        return self._rows[row]

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _(HEADERS[section])
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        s = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return cell(s, index.column())
        if role == SERIAL_ROLE:
            return s.serial
        if role == Qt.ItemDataRole.ToolTipRole and s.note:
            return shown(s.note)
        return None
