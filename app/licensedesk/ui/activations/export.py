"""CSV export of the activations the table shows (filter applied, in view order)."""

from __future__ import annotations

import csv
from typing import TextIO

from PySide6.QtCore import QAbstractItemModel

from .model import (
    COL_ACTIVATED,
    COLUMN_COUNT,
    HEADERS,
    OBJECT_ROLE,
    THIS_COMPUTER_ROLE,
    ActivationsModel,
)


def write_csv(stream: TextIO, model: QAbstractItemModel) -> int:
    """Write the rows the model shows (filtered, in view order) as CSV; returns the row count.

    Columns: the table's, with Activated as ``true``/``false`` and times in
    local time, plus ``this_computer``.
    """
    writer = csv.writer(stream)
    writer.writerow([*HEADERS, "This computer"])
    rows = model.rowCount()
    for r in range(rows):
        a = model.index(r, 0).data(OBJECT_ROLE)
        values = [ActivationsModel.display(a, c) for c in range(COLUMN_COUNT)]
        values[COL_ACTIVATED] = "true" if a.activated else "false"
        values.append("true" if model.index(r, 0).data(THIS_COMPUTER_ROLE) else "false")
        writer.writerow(values)
    return rows
