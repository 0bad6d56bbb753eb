"""The batch check's table: one row per serial, in input order, filled in as answers come.

A row is a :class:`~licensedesk.batch.model.CheckResult` once answered, else a
small :class:`Pending` ("waiting…", "not checked (stopped)", "not a serial").
Cells are formatted when the view asks (only the rows on screen), never stored:
10,000 rows cost the answers themselves and one dict.

Answers arrive in chunks (:mod:`.buffer`): :meth:`BatchModel.apply` sets a chunk
with one ``dataChanged`` over the rows it touched, not one signal per cell or row.
The status words are said here, in the language in use (:func:`status_words`), from
the answer's status and days: the engine's ``CheckResult.words`` stay English for
the exports and the command line's ``--json``.

Sorting is done here (one Python ``sorted`` with a key, then ``layoutChanged``):
the first-sort goal of docs/ui.md fails with the proxy's own sort, which calls a
Python ``data()`` twice from each comparison (the activations table sorts the same
way). The proxy only filters (:mod:`.proxy`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QGuiApplication, QPalette

from licensedesk import clock
from licensedesk.batch.export import seats_text
from licensedesk.batch.model import CheckResult, Status
from licensedesk.batch.status import date_words
from licensedesk.i18n import N_, _

from ..shared import colours
from ..shared.labels import plain_tip, shown
from ..shared.licence_types import TYPE_WORDS, type_word
from ..shared.rows_model import RowsModel
from ..shared.values import local_date, local_time

# the status next to the serial: what a person scans the table for
(
    COL_SERIAL,
    COL_STATUS,
    COL_FOUND,
    COL_TYPE,
    COL_LICENSEE,
    COL_EMAIL,
    COL_SKU,
    COL_START,
    COL_END,
    COL_DAYS,
    COL_SEATS,
) = range(11)
HEADERS = (
    N_("Serial"),
    N_("Status"),
    N_("Found"),
    N_("Type"),
    N_("Licensee"),
    N_("E-mail"),
    N_("SKU"),
    N_("Start"),
    N_("End"),
    N_("Days left"),
    N_("Seats used / max"),
)
COLUMN_COUNT = len(HEADERS)
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter  # the days left

OBJECT_ROLE = Qt.ItemDataRole.UserRole + 1  # the row: CheckResult or Pending

WAITING, STOPPED, NOT_SERIAL = "waiting", "stopped", "not_serial"
#: the kinds of a row without an answer (its keys), and their words
PENDING_WORDS = {
    # TRANSLATORS: the status of a serial in the batch table, before its answer came
    WAITING: N_("waiting\u2026"),
    # TRANSLATORS: the status of a serial in the batch table: the check was stopped first
    STOPPED: N_("not checked (stopped)"),
    # TRANSLATORS: a row of the batch table that holds text which is no serial number
    NOT_SERIAL: N_("not a serial"),
}
#: the order of the Status column when sorted: what needs attention first
STATUS_RANK = {
    s: n
    for n, s in enumerate(
        (
            Status.ERROR,
            Status.NOT_FOUND,
            Status.INVALID,
            Status.NO_SUBSCRIPTION,
            Status.EXPIRED,
            Status.EXPIRING,
            Status.NOT_STARTED,
            Status.ACTIVE,
            STOPPED,
            WAITING,
            NOT_SERIAL,
        )
    )
}
_BAD = {Status.ERROR, Status.NOT_FOUND, Status.INVALID, Status.NO_SUBSCRIPTION, Status.EXPIRED}
_SHOWN_TEXT = 80  # characters of a not-a-serial piece shown in its cell
# TRANSLATORS: under the batch table and in the Seats column's tooltips: "?" stands for a
# product's maximum of devices, which only a key with write permission can read
UNKNOWN_MAXIMUM = N_("? = the maximum needs a key with write permission")


class Pending:
    """A row without an answer. ``index`` is its place in the input, like CheckResult's."""

    __slots__ = ("index", "kind", "serial")

    def __init__(self, index: int, serial: str, kind: str) -> None:
        self.index, self.serial, self.kind = index, serial, kind

    @property
    def words(self) -> str:
        return _(PENDING_WORDS[self.kind])


Row = CheckResult | Pending


def status_words(r: CheckResult) -> str:
    """The Status cell in the language in use: "active", "expires in 5 days", "could not
    check: <why>". Said from the status and the days, not from ``r.words`` (the engine's
    English, kept for the exports); the why of an invalid or unchecked serial is the
    part of ``r.words_text`` after its prefix ("invalid for product: <sentence>"), the
    api's sentence in the language in use (else ``r.reason_text``)."""
    status, days = r.status, r.days_left
    if status == Status.ACTIVE:
        # TRANSLATORS: the status of a licence in the batch table
        return _("active")
    if status == Status.NOT_FOUND:
        # TRANSLATORS: the status of a serial in the batch table: the service does not know it
        return _("not found")
    if status in (Status.EXPIRING, Status.EXPIRED) and days is not None:
        return date_words(status, days)
    if status == Status.NO_SUBSCRIPTION:
        return date_words(status, 0)
    if status == Status.NOT_STARTED and r.start is not None:
        return date_words(status, max(0, clock.days_between(clock.now(), r.start)))
    why = r.words_text.partition(": ")[2] or r.reason_text
    if status == Status.INVALID:
        return (
            _("invalid for product: {reason}").format(reason=why)
            if why
            else _("invalid for the product")
        )
    if status == Status.ERROR:
        return _("could not check: {problem}").format(problem=why) if why else _("could not check")
    return {
        Status.EXPIRING: _("expiring soon"),
        Status.EXPIRED: _("expired"),
        Status.NOT_STARTED: _("not started"),
    }.get(status, r.words)


def unknown_maximum(row: Row) -> bool:
    """Whether the row's seats show "?" for a maximum (the products were not listed)."""
    seats = getattr(row, "seats", None)
    return bool(seats) and any(s.maximum is None for s in seats)


def category(row: Row) -> str:
    """The filter's view of a row: its Status value, or the Pending kind."""
    return row.kind if isinstance(row, Pending) else row.status  # a StrEnum: its value


def display(row: Row, column: int) -> str:
    """The text of one cell (also what Ctrl+C copies)."""
    if column == COL_SERIAL:
        not_serial = isinstance(row, Pending) and row.kind == NOT_SERIAL
        return _one_line(row.serial) if not_serial else row.serial
    if isinstance(row, Pending):
        return row.words if column == COL_STATUS else ""
    r = row
    if column == COL_FOUND:
        if r.status == Status.NOT_FOUND:
            # TRANSLATORS: the Found column of the batch table: the serial was not found
            return _("No")
        # TRANSLATORS: the Found column of the batch table: the serial was found
        return _("Yes") if r.found else ""
    if column == COL_SKU:
        return shown(f"{r.sku_name} ({r.sku})" if r.sku_name and r.sku else r.sku_name or r.sku)
    if column == COL_START:
        return local_date(r.start)
    if column == COL_END:
        return local_date(r.end)
    if column == COL_DAYS:
        return "" if r.days_left is None else str(r.days_left)
    if column == COL_STATUS:
        return shown(status_words(r))
    if column == COL_SEATS:
        return seats_text(r.seats) or ""
    if column == COL_TYPE and r.type in TYPE_WORDS:
        return type_word(r.type)
    value = {COL_TYPE: r.type, COL_LICENSEE: r.licensee, COL_EMAIL: r.email}[column]
    return shown(value)


#: the key of an empty text cell: after every text (no text starts with the last code point)
_EMPTY_LAST = "\U0010ffff"


def sort_key(row: Row, column: int) -> float | str:
    """Sorts naturally (numbers as numbers, times as times); empty cells last. A number or
    a string, never a tuple: 10,000 tuples are 10,000 objects for the cyclic GC to track
    (and a collection inside a sort is a stall of its own)."""
    if column == COL_STATUS:
        rank = STATUS_RANK.get(category(row), 99)
        days = getattr(row, "days_left", None)
        return rank * 1e9 + (5e8 if days is None else max(-4e8, min(4e8, days)))
    if column in (COL_START, COL_END, COL_DAYS):
        if isinstance(row, Pending):
            return math.inf
        value = {COL_START: row.start, COL_END: row.end, COL_DAYS: row.days_left}[column]
        if value is None:
            return math.inf
        return float(value if column == COL_DAYS else value.timestamp())
    if isinstance(row, Pending) and column != COL_SERIAL:
        return _EMPTY_LAST
    return display(row, column).lower() or _EMPTY_LAST


def blanks_last(keys: list[float | str], *, descending: bool) -> list[int]:
    """The row order for ``keys`` (:func:`sort_key`'s): the filled cells ascending or
    descending, then the blank ones (no days left, a row without an answer) in their
    current order, in both directions, as a spreadsheet sorts."""
    filled = [i for i, k in enumerate(keys) if k != math.inf and k != _EMPTY_LAST]
    filled.sort(key=keys.__getitem__, reverse=descending)
    if len(filled) == len(keys):
        return filled
    blank = [i for i, k in enumerate(keys) if k == math.inf or k == _EMPTY_LAST]
    return filled + blank


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= _SHOWN_TEXT else line[: _SHOWN_TEXT - 1] + "\u2026"


class BatchModel(RowsModel):
    """Rows in input order until sorted; :meth:`row_of` finds an input index's row."""

    headers = HEADERS

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []
        self._row_of: dict[int, int] = {}  # input index -> row
        self._sources: list[tuple[int, str] | None] = []  # input index -> (line, its text)
        self._counts: Counter = Counter()  # rows per category, kept as rows change
        self._unknown = 0  # rows whose seats show "?" for a maximum
        self._brushes: dict[tuple[str, int], QBrush] = {}
        self._sorted: tuple[int, Qt.SortOrder] | None = None  # what the rows are in order of

    # -- content ---------------------------------------------------------------
    def set_input(
        self,
        serials: Sequence[str],
        not_serials: Sequence[str] = (),
        sources: Mapping[str, tuple[int, str]] | None = None,
    ) -> None:
        """One "waiting…" row per serial, then one "not a serial" row per piece of text
        that is none (never sent). ``sources``: the input line each came from (exports)."""
        self.beginResetModel()
        n = len(serials)
        self._rows = [Pending(i, s, WAITING) for i, s in enumerate(serials)]
        self._rows += [Pending(n + j, t, NOT_SERIAL) for j, t in enumerate(not_serials)]
        self._sources = [(sources or {}).get(r.serial) for r in self._rows]
        self._row_of = {i: i for i in range(len(self._rows))}
        self._counts = Counter({WAITING: n, NOT_SERIAL: len(not_serials)})
        self._unknown = 0
        self._sorted = None
        self.endResetModel()

    def apply(self, results: Iterable[CheckResult]) -> None:
        """Put each answer in its row; one ``dataChanged`` for the chunk."""
        self._changed([(r.index, r) for r in results])

    def mark(self, indexes: Iterable[int], kind: str) -> None:
        """Rows of ``indexes`` become Pending ``kind`` (a retry: "waiting…" again)."""
        self._changed(
            [
                (i, Pending(i, self._rows[self._row_of[i]].serial, kind))
                for i in indexes
                if i in self._row_of
            ]
        )

    def mark_unanswered(self) -> None:
        """Rows still waiting become "not checked (stopped)": the check stopped."""
        waiting = [r.index for r in self._rows if isinstance(r, Pending) and r.kind == WAITING]
        self.mark(waiting, STOPPED)

    def _changed(self, updates: list[tuple[int, Row]]) -> None:
        lo, hi = len(self._rows), -1
        for index, new in updates:
            row = self._row_of.get(index)
            if row is None:
                continue
            self._counts[category(self._rows[row])] -= 1
            self._counts[category(new)] += 1
            self._unknown += unknown_maximum(new) - unknown_maximum(self._rows[row])
            self._rows[row] = new
            lo, hi = min(lo, row), max(hi, row)
        if hi >= 0:
            self._sorted = None
            self.rows_changed(lo, hi + 1)

    def row(self, row: int) -> Row:
        return self._rows[row]

    def source(self, index: int) -> tuple[int, str] | None:
        """(line number, line text) of the input row ``index`` came from, if known."""
        return self._sources[index] if 0 <= index < len(self._sources) else None

    def row_of(self, index: int) -> int:
        return self._row_of.get(index, -1)

    def category(self, row: int) -> str:
        return category(self._rows[row])

    def failed(self) -> list[CheckResult]:
        """Answers that say the serial could not be checked (Retry failed), in input order."""
        failed = [r for r in self._rows if isinstance(r, CheckResult) and r.status == Status.ERROR]
        return sorted(failed, key=lambda r: r.index)

    def counts(self) -> Counter:
        """How many rows per :func:`category`."""
        return +self._counts

    def unknown_maximums(self) -> int:
        """How many rows show "?" for a maximum (the footnote under the table says why)."""
        return self._unknown

    def answered(self) -> int:
        """How many rows hold an answer."""
        return sum(n for k, n in self._counts.items() if k not in PENDING_WORDS)

    # -- Qt model API ------------------------------------------------------------
    def header_tip(self, section: int) -> str | None:
        if section == COL_SEATS:
            # TRANSLATORS: the tooltip of the batch table's Seats column
            return _("Activated devices / the product's maximum") + "\n" + _(UNKNOWN_MAXIMUM)
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, col = self._rows[index.row()], index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return display(row, col)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._brush(category(row)) if col == COL_STATUS else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if col == COL_DAYS else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, col)
        return row if role == OBJECT_ROLE else None

    @staticmethod
    def _tooltip(row: Row, col: int) -> str | None:
        if isinstance(row, Pending):
            typed = row.kind == NOT_SERIAL and col == COL_SERIAL
            return plain_tip(row.serial[:500]) if typed else None
        if col == COL_SEATS and unknown_maximum(row):
            return plain_tip("\n".join(t for t in (row.reason_text, _(UNKNOWN_MAXIMUM)) if t))
        if col in (COL_STATUS, COL_SEATS) and row.reason_text:
            return plain_tip(row.reason_text)
        if col in (COL_START, COL_END):
            return local_time(row.start if col == COL_START else row.end) or None
        return None

    def _brush(self, kind: str) -> QBrush | None:
        """The status in colour (words always say it too), readable on the palette's base."""
        if kind == Status.EXPIRING:
            colour = colours.WARN
        elif kind in _BAD:
            colour = colours.BAD
        elif kind in PENDING_WORDS:
            colour = None
        else:
            return None
        palette = QGuiApplication.palette()
        base = palette.color(QPalette.ColorRole.Base)
        key = (kind, base.rgba())
        if key not in self._brushes:
            fixed = (
                palette.color(QPalette.ColorRole.PlaceholderText)
                if colour is None
                else colours.readable(colour, base)
            )
            self._brushes[key] = QBrush(fixed)
        return self._brushes[key]

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        """Not again when the rows are in that order already: ``QTableView.sortByColumn``
        sorts twice (once itself, once for the header's indicator it sets)."""
        if not 0 <= column < COLUMN_COUNT or not self._rows or self._sorted == (column, order):
            return
        keys = [sort_key(r, column) for r in self._rows]
        order_ = blanks_last(keys, descending=order == Qt.SortOrder.DescendingOrder)
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        old_indexes = [self._rows[i.row()].index for i in old]
        self._rows = [self._rows[i] for i in order_]
        self._sorted = (column, order)
        self._row_of = {r.index: n for n, r in enumerate(self._rows)}
        new = [
            self.index(self._row_of[x], i.column()) for x, i in zip(old_indexes, old, strict=True)
        ]
        self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()
