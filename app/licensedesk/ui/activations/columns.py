"""The activations table's columns, roles and sort keys (the model, the panel and the
CSV export share them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt

from licensedesk.i18n import N_

from ..shared.labels import shown

COL_ID, COL_PRODUCT, COL_HOST, COL_DEVICE, COL_ACTIVATED, COL_CREATED, COL_UPDATED = range(7)
#: the column titles, untranslated (the CSV's header); the table shows ``_(HEADERS[n])``
HEADERS = (N_("ID"), N_("Product"), N_("Host ID"), N_("Device tag"), N_("Activated"),
           N_("Created"), N_("Updated"))
COLUMN_COUNT = len(HEADERS)

OBJECT_ROLE = Qt.ItemDataRole.UserRole + 1  # the api Activation object
ID_ROLE = Qt.ItemDataRole.UserRole + 2  # activation id (int)
SORT_ROLE = Qt.ItemDataRole.UserRole + 3  # a value that sorts naturally
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 4  # lower-cased text of the whole row
THIS_COMPUTER_ROLE = Qt.ItemDataRole.UserRole + 5  # bool

THIS_COMPUTER = N_("This computer")

EDIT_ROLE = Qt.ItemDataRole.EditRole
#: a cell's flags, as QAbstractTableModel gives them; the Activated box, when offered
CELL_FLAGS = (Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
               | Qt.ItemFlag.ItemNeverHasChildren)
CHECKABLE = CELL_FLAGS | Qt.ItemFlag.ItemIsUserCheckable


def _text_key(attribute: str) -> Callable[[Any], str]:
    return lambda a: shown(getattr(a, attribute)).lower()


def _time_key(attribute: str) -> Callable[[Any], float]:
    def key(a: Any) -> float:
        moment = getattr(a, attribute)
        return moment.timestamp() if moment else 0.0
    return key


#: one key function per column: what its cells sort by (the text shown, lower-cased,
#: for text; numbers and times as such)
SORT_KEYS: dict[int, Callable[[Any], Any]] = {
    COL_ID: lambda a: a.id or 0,
    COL_PRODUCT: _text_key("product_name"),
    COL_HOST: _text_key("host_id"),
    COL_DEVICE: _text_key("device_tag"),
    COL_ACTIVATED: lambda a: 1 if a.activated else 0,
    COL_CREATED: _time_key("created_at"),
    COL_UPDATED: _time_key("updated_at"),
}
