"""The history table: one row per entry, newest first, as the store returned them.

The rows are the store's list as it is (an ``EntryList`` makes each
:class:`~licensedesk.history.Entry` when first looked at), so a serial with
10,000 entries costs the query, not 10,000 objects: the view asks only for the
rows on screen. The order is the store's (newest first); the table does not
re-sort, which would make every entry. Every text is a stranger's in part (a
device tag, a service message): it passes :func:`~..shared.labels.shown`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QPalette

from licensedesk.i18n import N_, _

from ..shared import colours
from ..shared.labels import plain_tip, shown
from ..shared.rows_model import RowsModel
from .words import details_text, what_text, when_text, where_text

if TYPE_CHECKING:
    from licensedesk.history import Entry

# TRANSLATORS: "Profile" is the connection profile an entry was sent with
HEADERS = (
    N_("When"),
    N_("Who"),
    N_("Profile"),
    N_("Serial"),
    N_("What"),
    N_("Outcome"),
    N_("Details"),
)
COL_WHEN, COL_WHO, COL_PROFILE, COL_SERIAL, COL_WHAT, COL_OUTCOME, COL_DETAILS = range(len(HEADERS))
#: a column -> the store's sort key (licensedesk.history.paging.SORTS): the stored
#: values, so "What" sorts by the action's English key and "Outcome" by its key
SORT_KEYS = {
    COL_WHEN: "time",
    COL_WHO: "who",
    COL_PROFILE: "profile",
    COL_SERIAL: "serial",
    COL_WHAT: "action",
    COL_OUTCOME: "outcome",
    COL_DETAILS: "detail",
}

ENTRY_ROLE = Qt.ItemDataRole.UserRole + 1  # the Entry of the row

_BAD = {"refused", "failed"}
_UNSURE = {"unknown", "pending"}


def cell_text(entry: Entry, column: int) -> str:
    """The text of one cell (also what Ctrl+C copies)."""
    if column == COL_WHEN:
        return when_text(entry)
    if column == COL_WHO:
        return shown(entry.person)
    if column == COL_PROFILE:
        return shown(entry.profile)
    if column == COL_SERIAL:
        return entry.serial or ""
    if column == COL_WHAT:
        return shown(what_text(entry))
    if column == COL_OUTCOME:
        return shown(entry.outcome_text)
    return shown(details_text(entry))


_DISPLAY = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole)
_ASKED = {*_DISPLAY, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole, ENTRY_ROLE}


class HistoryModel(RowsModel):
    """Cells are made into text when the view first asks (only the rows on screen) and
    kept: a view asks each cell for a dozen roles at every paint, and the tab paints
    again after every change."""

    headers = HEADERS

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: Sequence[Entry] = ()
        self._texts: dict[int, tuple[str, ...]] = {}

    def set_entries(self, entries: Sequence[Entry]) -> None:
        self.beginResetModel()
        self._rows = entries
        self._texts = {}
        self.endResetModel()

    # -- Qt model API ------------------------------------------------------------------
    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role not in _ASKED or not index.isValid():  # most roles a paint asks for
            return None
        row, col = index.row(), index.column()
        if role in _DISPLAY:
            texts = self._texts.get(row)
            if texts is None:
                entry = self._rows[row]
                texts = self._texts[row] = tuple(cell_text(entry, c) for c in range(len(HEADERS)))
            return texts[col]
        entry = self._rows[row]
        if role == ENTRY_ROLE:
            return entry
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(entry, col)
        if role == Qt.ItemDataRole.ForegroundRole and col == COL_OUTCOME:
            return _outcome_brush(entry.outcome)
        return None

    @staticmethod
    def _tooltip(entry: Entry, col: int) -> str | None:
        if col == COL_WHO:
            return plain_tip(where_text(entry))
        if col in (COL_OUTCOME, COL_DETAILS, COL_WHAT):
            return plain_tip(cell_text(entry, col)) or None
        if col == COL_WHEN and entry.finished is not None:
            return _("Outcome written {time}").format(
                time=when_text(entry.replace(time=entry.finished))
            )
        return None


def _outcome_brush(outcome: str) -> QBrush | None:
    """Refused / not sent in red, unknown in amber (always beside words), readable on the
    palette's base colour (dark mode too: looked up per palette, kept per colour pair)."""
    if outcome in _BAD:
        colour = colours.BAD
    elif outcome in _UNSURE:
        colour = colours.WARN
    else:
        return None
    base = QGuiApplication.palette().color(QPalette.ColorRole.Base).rgba()
    brush = _BRUSHES.get((colour, base))
    if brush is None:
        brush = _BRUSHES[(colour, base)] = QBrush(
            colours.readable(QColor(colour), QColor.fromRgba(base))
        )
    return brush


_BRUSHES: dict[tuple[str, int], QBrush] = {}
