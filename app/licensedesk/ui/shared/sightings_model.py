"""A read-only table of licences as the book last saw them (:class:`~licensedesk.book.Sighting`):
what the find dialog's results, the *Full seats* view and the Renewals table share.

One row a licence, in the order given (the book's: these views do not sort), each
giving its serial under :data:`SERIAL_ROLE`. A view says only what differs: its
:class:`Column` s (the titles and what a cell says; the ones every view has are here),
and which column's tooltip is the licence's note.

Every tooltip is plain text (:func:`.labels.plain_tip`): a note or a licensee is a
person's text, and Qt would render ``<b>x</b><img src=…>`` in a tooltip as rich text.
A cell's tooltip is its whole text (a view elides a long one:
:func:`.column_widths.fit_capped`), then the note where the view has no column of its own
for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, NamedTuple

from PySide6.QtCore import QObject, Qt

from licensedesk.book import Sighting
from licensedesk.i18n import N_, _

from .labels import plain_tip, shown
from .rows_model import Index, RowsModel
from .values import local_time

__all__ = [
    "AS_OF",
    "BOOK_HOLDS",
    "EMAIL",
    "LICENSEE",
    "SERIAL",
    "SERIAL_ROLE",
    "Column",
    "SightingsModel",
    "cell_text",
]

#: after "no licence" in a view of the book: what the book holds, so an empty view is
#: not read as "the service has none"
BOOK_HOLDS = N_(
    "The book holds the licences looked up, checked, validated or registered here (or by "
    "the team, with a team history)."
)

#: the serial of a licence's row
SERIAL_ROLE = Qt.ItemDataRole.UserRole + 1


def cell_text(value: Any) -> str:
    """What a cell says of ``value``: service and user text made visible
    (:func:`.labels.shown`), nothing for an empty value."""
    return shown(value) if value else ""


class Column(NamedTuple):
    """A column of a view of the book: its title (marked with ``N_``, translated where
    shown) and what its cell says of a licence (made text by :func:`cell_text`)."""

    title: str
    value: Callable[[Sighting], Any]


SERIAL = Column(N_("Serial"), lambda s: s.serial)
LICENSEE = Column(N_("Licensee"), lambda s: s.licensee)
EMAIL = Column(N_("E-mail"), lambda s: s.email)
AS_OF = Column(N_("As of"), lambda s: local_time(s.seen_at))


class SightingsModel(RowsModel):
    """The rows, titles and roles; a view gives its :attr:`columns` (or its
    :attr:`headers` and :meth:`cell`) and its note's column (:attr:`note_column`)."""

    columns: ClassVar[tuple[Column, ...]] = ()
    #: the column that shows the licence's note; None: every cell's tooltip adds it
    note_column: ClassVar[int | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.columns:
            cls.headers = tuple(c.title for c in cls.columns)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        #: a licence a row (a view may add rows of its own: the Renewals' week headings)
        self._rows: list[Any] = []

    def set_rows(self, rows: Iterable[Sighting]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def sighting(self, row: int) -> Sighting:
        return self._rows[row]

    def serials(self) -> list[str]:
        return [s.serial for s in self._rows]

    def cell(self, row: int, column: int) -> str:
        """What a licence row's cell says (service and user text made visible)."""
        return cell_text(self.columns[column].value(self._rows[row]))

    def tip(self, row: int, column: int) -> str | None:
        """A licence row's tooltip, as plain text: the note's column, the note whole (its
        lines kept); another cell, its whole text and, when the view has no note column,
        the note. None: nothing to say."""
        note = self._rows[row].note or ""
        if column == self.note_column:
            return plain_tip(note) or None
        lines = [self.cell(row, column)]
        if note and self.note_column is None:
            lines.append(_("Note: {note}").format(note=note))
        return plain_tip("\n".join(line for line in lines if line)) or None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        s, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell(index.row(), column)
        if role == SERIAL_ROLE:
            return s.serial
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tip(index.row(), column)
        return None
