"""The activations table's columns, roles and sort keys (the model, the panel and the
CSV export share them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt

from licensedesk.api.activation_rows import (
    ACTIVATED,
    CREATED_AT,
    DEVICE_TAG,
    HOST_ID,
    ID,
    PRODUCT_NAME,
    UPDATED_AT,
    Row,
)
from licensedesk.i18n import N_, _

from ..shared.labels import shown

#: the column titles, untranslated (the CSV's header); the table shows ``_(HEADERS[n])``
HEADERS = (
    N_("ID"),
    N_("Product"),
    N_("Host ID"),
    N_("Device tag"),
    N_("Activated"),
    N_("Created"),
    N_("Updated"),
)
COL_ID, COL_PRODUCT, COL_HOST, COL_DEVICE, COL_ACTIVATED, COL_CREATED, COL_UPDATED = range(7)
#: the columns' first widths (the host ID's is measured: the table's font shows it whole)
WIDTHS = {COL_ID: 60, COL_PRODUCT: 150, COL_DEVICE: 150, COL_ACTIVATED: 80}
WIDTHS |= dict.fromkeys((COL_CREATED, COL_UPDATED), 130)

OBJECT_ROLE = Qt.ItemDataRole.UserRole + 1  # the api Activation object
ID_ROLE = Qt.ItemDataRole.UserRole + 2  # activation id (int)
THIS_COMPUTER_ROLE = Qt.ItemDataRole.UserRole + 5  # bool

THIS_COMPUTER = N_("This computer")


def this_computer_marked(host: str) -> str:
    """A host ID marked as the computer License Desk runs on: the one marker of the
    activations table and the *Free a seat* dialog, in lower case as the command line's
    ("{host_id} (this computer)"), in every language."""
    # TRANSLATORS: a device's host ID in the activations table and the Free a seat
    # dialog, marked as the computer License Desk runs on
    return _("{host}  (this computer)").format(host=host)


EDIT_ROLE = Qt.ItemDataRole.EditRole
#: a cell's flags, as QAbstractTableModel gives them; the Activated box, when offered
CELL_FLAGS = (
    Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemNeverHasChildren
)
CHECKABLE = CELL_FLAGS | Qt.ItemFlag.ItemIsUserCheckable


def _text_key(at: int) -> Callable[[Row], str]:
    return lambda r: shown(r[at]).lower()


def _time_key(at: int) -> Callable[[Row], float]:
    def key(r: Row) -> float:
        moment = r[at]
        return moment.timestamp() if moment else 0.0

    return key


#: one key function per column, on a device's row (:mod:`licensedesk.api.activation_rows`):
#: what its cells sort by (the text shown, lower-cased, for text; numbers and times as such)
SORT_KEYS: dict[int, Callable[[Row], Any]] = {
    COL_ID: lambda r: r[ID] or 0,
    COL_PRODUCT: _text_key(PRODUCT_NAME),
    COL_HOST: _text_key(HOST_ID),
    COL_DEVICE: _text_key(DEVICE_TAG),
    COL_ACTIVATED: lambda r: 1 if r[ACTIVATED] else 0,
    COL_CREATED: _time_key(CREATED_AT),
    COL_UPDATED: _time_key(UPDATED_AT),
}
