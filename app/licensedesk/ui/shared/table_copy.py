"""Ctrl+C on a table: the selected cells as tab-separated text, one line per row."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractItemView


def copy_cells(view: QAbstractItemView) -> None:
    """Copy the selected cells (else the current one) in row order; each cell's EditRole
    text, which is what the cell shows (secret columns stay masked)."""
    indexes = sorted(view.selectedIndexes(), key=lambda i: (i.row(), i.column()))
    if not indexes and view.currentIndex().isValid():
        indexes = [view.currentIndex()]
    rows: dict[int, list[str]] = {}
    for i in indexes:
        value = i.data(Qt.ItemDataRole.EditRole)
        rows.setdefault(i.row(), []).append("" if value is None else str(value))
    QGuiApplication.clipboard().setText("\n".join("\t".join(v) for v in rows.values()))


def add_copy_shortcut(
    view: QAbstractItemView, copy: Callable[[QAbstractItemView], object] = copy_cells
) -> QShortcut:
    """Ctrl+C (the platform's Copy) on ``view`` copies its selected cells (``copy``: a
    table whose model holds only some of its rows copies its own way)."""
    shortcut = QShortcut(QKeySequence.StandardKey.Copy, view)
    shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
    shortcut.activated.connect(lambda: copy(view))
    return shortcut
