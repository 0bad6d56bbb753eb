"""Column widths: what a column's title needs, saved widths restored only where they do
not cut, and a header menu that shows or hides columns.

A saved header state is the person's widths, but a width saved by an older version (or
in another language) can be narrower than what the column shows now: a Host ID column
saved at the width of a host ID alone cuts the "(this computer)" marker beside it. Such
a column gets its width of this version instead (:func:`restore_columns`); the other
columns keep what was saved.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from PySide6.QtCore import QByteArray, QPoint, Qt
from PySide6.QtWidgets import QMenu, QStyle, QTableView


def header_width(table: QTableView, col: int) -> int:
    """The width a column's title needs in the language in use, with the header's margins
    and a sort arrow: the German titles are longer than the English widths."""
    header = table.horizontalHeader()
    style = header.style()
    margin = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    arrow = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, None, header)
    text = str(table.model().headerData(col, Qt.Orientation.Horizontal) or "")
    return header.fontMetrics().horizontalAdvance(text) + 4 * margin + arrow


def fit_serial(table: QTableView, col: int) -> None:
    """Column ``col`` as wide as the widest serial: a serial is never cut short."""
    table.setColumnWidth(
        col, table.fontMetrics().horizontalAdvance("WXYZ-0000-WXYZ-0000-WXYZ") + 16
    )


def cell_width(table: QTableView, text: str) -> int:
    """The width a cell needs to show ``text`` whole (the delegate's margins included)."""
    margin = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    return table.fontMetrics().horizontalAdvance(text) + 2 * margin + 8


#: the fewest average characters a column of free text (a licensee, an e-mail, a note)
#: keeps when the columns do not all fit: one long name must not push the others away
CAP_CHARS = 16


def fit_capped(table: QTableView, capped: Collection[int]) -> None:
    """Each shown column as wide as its title and the rows need; when that is wider than
    the table, the ``capped`` columns (free text) are narrowed, the widest first, down
    to :data:`CAP_CHARS` average characters or their title at least, until the columns
    fit. A value cut short is elided in its cell (the view's elide mode) and whole in its
    tooltip (the models' ``ToolTipRole``): one long licensee leaves E-mail and SKU in
    view, and short values are never cut while there is room."""
    header = table.horizontalHeader()
    need = {c: max(table.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in _shown(table)}
    floor = table.fontMetrics().averageCharWidth() * CAP_CHARS
    floors = {c: min(need[c], max(floor, header_width(table, c))) for c in capped if c in need}
    fixed = sum(w for c, w in need.items() if c not in floors)

    def total(level: int) -> int:
        return fixed + sum(max(min(need[c], level), floors[c]) for c in floors)

    room = table.viewport().width()
    low, high = 0, max(need.values(), default=0)
    while low < high:  # the highest level at which the columns fit (0: every floor)
        mid = (low + high + 1) // 2
        low, high = (mid, high) if total(mid) <= room else (low, mid - 1)
    for c, width in need.items():
        header.resizeSection(c, max(min(width, low), floors[c]) if c in floors else width)


def restore_columns(table: QTableView, state: QByteArray, needs: Mapping[int, int]) -> bool:
    """Restore ``state`` (a saved ``QHeaderView.saveState``) on ``table``; a shown column
    whose saved width is narrower than it ``needs`` (column → pixels; a column not named
    needs its title) gets the width it had before the restore, this version's. False when
    the state could not be read (it is then not applied)."""
    header = table.horizontalHeader()
    before = [header.sectionSize(col) for col in range(header.count())]
    if not header.restoreState(state):
        return False
    last = max(_shown(table), key=header.visualIndex, default=-1)
    for col in range(header.count()):
        if table.isColumnHidden(col) or (col == last and header.stretchLastSection()):
            continue  # a hidden column has no width; the last one fills what is left
        need = needs.get(col, header_width(table, col))
        if header.sectionSize(col) < need:
            table.setColumnWidth(col, max(before[col], need))
    return True


def _shown(table: QTableView) -> list[int]:
    """The columns not hidden."""
    return [c for c in range(table.horizontalHeader().count()) if not table.isColumnHidden(c)]


def offer_column_menu(table: QTableView, optional: Collection[int]) -> QMenu:
    """A right-click on ``table``'s header opens a menu of the ``optional`` columns, each
    ticked while shown: a column hidden by default is one click away. Returns the menu
    (filled as it opens)."""
    header = table.horizontalHeader()
    menu = QMenu(header)
    menu.setObjectName(f"{table.objectName()}ColumnsMenu")

    def fill() -> None:
        menu.clear()
        for col in optional:
            title = str(table.model().headerData(col, Qt.Orientation.Horizontal) or "")
            action = menu.addAction(title)
            action.setCheckable(True)
            action.setChecked(not table.isColumnHidden(col))
            action.toggled.connect(lambda on, c=col: table.setColumnHidden(c, not on))

    def popup(pos: QPoint) -> None:
        menu.popup(header.viewport().mapToGlobal(pos))

    menu.aboutToShow.connect(fill)
    header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    header.customContextMenuRequested.connect(popup)
    return menu
