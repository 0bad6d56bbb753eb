"""Give a flat table model new rows as "rows removed" then "rows inserted", not a reset.

A reset also resets the view's header: it asks the model for every column's title
again (a Python ``headerData`` call per section and role) and repaints itself, and the
view lays its rows out from scratch, for both tables of a lookup, in the frame its
answers arrive. The columns never change, so the header has nothing new to say.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractItemModel, QModelIndex


def swap_rows(model: QAbstractItemModel, old_count: int, new_count: int,
              empty: Callable[[], None], fill: Callable[[], None]) -> None:
    """Replace ``old_count`` rows by ``new_count``: ``empty()`` must leave the model with
    no rows, ``fill()`` with the new ones (each runs between its begin/end pair)."""
    root = QModelIndex()
    if old_count:
        model.beginRemoveRows(root, 0, old_count - 1)
        empty()
        model.endRemoveRows()
    else:
        empty()
    if new_count:
        model.beginInsertRows(root, 0, new_count - 1)
        fill()
        model.endInsertRows()
