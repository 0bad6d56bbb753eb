"""Ctrl+C in the History window: the selected rows the window holds, and a word when
some selected rows are not held.

The window holds a window of pages around the rows on screen (:mod:`.page_window`); a
selection can reach far past it (Ctrl+A over a million entries, a Shift+click after a
jump). Ctrl+C copies the selected rows that are held, as the table shows them, and
when some selected rows are not held, the status line says how many were copied and
that Export writes the whole list. It does not read the others first: a row not held
is a position in a count the store may have changed since (entries written or
removed), so reading "row 123,456" now could copy an entry the person never saw, and
a selection of a million rows is a file's size, not a clipboard's (Export writes it,
from the store, off the UI thread). Nothing is copied as empty cells.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import QTableView


def selected_rows(selection: QItemSelection) -> int:
    """How many rows ``selection`` touches (its ranges may overlap or abut)."""
    spans = sorted((r.top(), r.bottom()) for r in selection)
    n, end = 0, -1
    for top, bottom in spans:
        if bottom > end:
            n += bottom - max(top, end + 1) + 1
            end = bottom
    return n


def held_cells(view: QTableView, held: tuple[int, int]) -> tuple[str, int, int]:
    """(the text of the selected cells in rows ``held`` = ``(first, end)``, tab-separated,
    a line per row; the rows copied; the rows selected). No selection: the current cell,
    if held. Goes through the selection's ranges, not its cells: a selection of a
    million rows costs its ranges, and the cells read are the held ones only."""
    lo, hi = held
    model = view.model()
    selection = view.selectionModel().selection()
    cells: dict[int, dict[int, str]] = {}
    for r in selection:
        for row in range(max(r.top(), lo), min(r.bottom() + 1, hi)):
            for col in range(r.left(), r.right() + 1):
                if not view.isColumnHidden(col):  # as Ctrl+C of a table copies
                    value = model.index(row, col).data(Qt.ItemDataRole.EditRole)
                    cells.setdefault(row, {})[col] = "" if value is None else str(value)
    total = selected_rows(selection)
    current = view.currentIndex()
    if not total and current.isValid():
        total = 1
        if lo <= current.row() < hi:
            value = current.data(Qt.ItemDataRole.EditRole)
            cells[current.row()] = {current.column(): "" if value is None else str(value)}
    text = "\n".join("\t".join(row[c] for c in sorted(row)) for _r, row in sorted(cells.items()))
    return text, len(cells), total
