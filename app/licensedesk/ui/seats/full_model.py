"""The *Full seats* view's rows: one per licence of the book with a product at its host
limit, in the book's order (last seen first)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

from licensedesk.book import Sighting
from licensedesk.i18n import N_, _

from ..shared.labels import plain_tip, shown
from ..shared.values import local_time

#: column titles, marked here and translated where shown
HEADERS = (N_("Serial"), N_("Licensee"), N_("E-mail"), N_("Product"), N_("Seats"),
           N_("As of"), N_("Note"))  # fmt: skip
COL_SERIAL, COL_LICENSEE, COL_EMAIL, COL_PRODUCT, COL_SEATS, COL_AS_OF, COL_NOTE = range(7)
SERIAL_ROLE = Qt.ItemDataRole.UserRole + 1


def cell(s: Sighting, column: int) -> str:
    """What one cell says: the full products and their seats ("2 / 2"), the note on one
    line (service and user text made visible: :func:`..shared.labels.shown`)."""
    full = [p for p in s.products or () if p.full]
    values: tuple[Any, ...] = (
        s.serial, s.licensee, s.email, ", ".join(p.name for p in full),
        ", ".join(f"{p.used} / {p.maximum}" for p in full), local_time(s.seen_at),
        " ".join((s.note or "").split()))  # fmt: skip
    value = values[column]
    return shown(value) if value else ""


class FullModel(QAbstractTableModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Sighting] = []

    def set_rows(self, rows: list[Sighting]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def serials(self) -> list[str]:
        return [s.serial for s in self._rows]

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
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == COL_NOTE and s.note:
            return plain_tip(s.note)
        return None
