"""How much of the window the devices keep: :data:`DEVICE_ROWS` rows while they are on show.

The devices are what one works through (select, switch, delete), the card is read once: in
a short window (1024 x 700, a small laptop's screen) the card scrolls its last rows so the
devices keep these, rather than the card's last rows leaving the devices a handful.
"""

from __future__ import annotations

from typing import Any

#: the devices the Activations tab shows at the least, in rows
DEVICE_ROWS = 10
#: the same while the Activations tab shows a sentence instead of devices
MESSAGE_ROWS = 4


def give_devices_room(panel: Any) -> None:
    """The devices' table keeps :data:`DEVICE_ROWS` rows while it is on show (or loading),
    :data:`MESSAGE_ROWS` while the part says a sentence instead (nothing looked up, an
    error, no devices): the window's least height is then that of the sentence's part, so
    the demo's serials or an error's details above still fit a small screen. A smaller
    least height moves nothing; a larger one takes the height from the card, which
    scrolls."""
    state = panel.state
    rows = MESSAGE_ROWS if state.currentWidget() is state.message else DEVICE_ROWS
    panel.table.setMinimumHeight(rows_height(panel.table, rows))
    state.updateGeometry()  # the table's page may be hidden: it tells no one itself


def rows_height(table: Any, rows: int) -> int:
    """The height a table needs to show its header, ``rows`` rows and a scroll bar."""
    return (
        table.horizontalHeader().sizeHint().height()
        + rows * table.verticalHeader().defaultSectionSize()
        + table.horizontalScrollBar().sizeHint().height()
        + 2 * table.frameWidth()
    )
