"""What the batch window remembers between runs: its size and place, and the
table's column widths and order (QSettings ``batch/geometry``, ``batch/header``).

Saved when the window closes and when the application quits with it open;
restored when it is made. A person who widened the Licensee column does not
widen it again at every start.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

GEOMETRY = "batch/geometry"
HEADER = "batch/header"


def save_batch_window(window, qsettings: QSettings) -> None:
    qsettings.setValue(GEOMETRY, window.saveGeometry())
    qsettings.setValue(HEADER, window.table.horizontalHeader().saveState())


def restore_batch_window(window, qsettings: QSettings) -> None:
    for key, restore in (
        (GEOMETRY, window.restoreGeometry),
        (HEADER, window.table.horizontalHeader().restoreState),
    ):
        value = qsettings.value(key)
        if isinstance(value, QByteArray) and not value.isEmpty():
            restore(value)
