"""Table cells painted from one call into Python each: :class:`CellDelegate`, :class:`Look`.

Qt's ``QStyledItemDelegate`` asks the model for seven roles per painted cell (font,
alignment, foreground, check state, decoration, text, background): seven ``data()``
calls from C++ into Python, or one ``multiData`` that crosses the binding twice per
role. A call from Qt into Python costs more than most answers, so this delegate asks
once per cell (the comparison is in docs/ui.md). A lookup paints two tables in the
frame its answers arrive.

A model painted this way has ``look(row, column) -> Look``, and answers the same
roles in ``data()`` from the same :class:`Look` (:func:`look_value`): copying, screen
readers and tests read what is painted.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from PySide6.QtCore import QAbstractProxyModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

_HAS_DISPLAY = QStyleOptionViewItem.ViewItemFeature.HasDisplay
_HAS_CHECK = QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
_TEXT = QPalette.ColorRole.Text


class Look(NamedTuple):
    """What one cell shows; None: nothing of that kind (Qt's default)."""

    text: str | None = None
    check: Qt.CheckState | None = None
    font: QFont | None = None
    foreground: QBrush | QColor | None = None
    background: QBrush | None = None
    align: Qt.AlignmentFlag | None = None


_R = Qt.ItemDataRole
#: the roles a Look answers, and its field for each
LOOK_ROLES = {_R.DisplayRole: 0, _R.CheckStateRole: 1, _R.FontRole: 2,
              _R.ForegroundRole: 3, _R.BackgroundRole: 4, _R.TextAlignmentRole: 5}


def look_value(look: Look, role: int) -> Any:
    """``look``'s answer to ``role`` (one of :data:`LOOK_ROLES`), as ``data()`` gives it."""
    value = look[LOOK_ROLES[role]]
    if role == _R.TextAlignmentRole and value is not None:
        return int(value)
    return value


class CellDelegate(QStyledItemDelegate):
    """Paints (and sizes) the cells of ``model``, which has ``look(row, column)``; a view
    that shows it through ``proxy`` (rows filtered, columns the same) passes the proxy.

    Everything else is Qt's: the style draws the cell as for any model (selection,
    focus, eliding, the check box), and editing is not offered."""

    def __init__(self, model: Any, parent: QWidget | None = None, *,
                 proxy: QAbstractProxyModel | None = None) -> None:
        super().__init__(parent)
        self._look = model.look
        self._proxy = proxy

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        # What QStyledItemDelegate.initStyleOption does with the seven roles, from one Look.
        proxy = self._proxy
        row = index.row() if proxy is None else proxy.mapToSource(index).row()
        look = self._look(row, index.column())
        option.index = index
        features = option.features
        if look.text is not None:
            option.text = look.text
            features |= _HAS_DISPLAY
        if look.check is not None:
            option.checkState = look.check
            features |= _HAS_CHECK
            option.styleObject = None  # no style animation of a check box in a view (Qt's)
        option.features = features
        if look.font is not None:
            option.font = look.font.resolve(option.font)
            option.fontMetrics = QFontMetrics(option.font)
        if look.foreground is not None:
            palette = option.palette
            palette.setBrush(_TEXT, QBrush(look.foreground))
            option.palette = palette
        if look.background is not None:
            option.backgroundBrush = look.background
        if look.align is not None:
            option.displayAlignment = look.align
