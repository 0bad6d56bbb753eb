"""What the batch window remembers between runs: its size and place, and the
table's column widths and order (QSettings ``batch/geometry``, ``batch/header``).

Saved when the window closes and when the application quits with it open;
restored when it is made. A person who widened the Licensee column does not
widen it again at every start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..shell.settings import WindowSettings

GEOMETRY = "batch/geometry"
HEADER = "batch/header"


def save_batch_window(window, settings: WindowSettings) -> None:
    settings.qsettings.setValue(GEOMETRY, window.saveGeometry())
    settings.qsettings.setValue(HEADER, window.table.horizontalHeader().saveState())


def restore_batch_window(window, settings: WindowSettings) -> None:
    settings.restore(
        ((GEOMETRY, window.restoreGeometry), (HEADER, window.table.horizontalHeader().restoreState))
    )
