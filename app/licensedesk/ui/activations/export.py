"""CSV export of the activations the table shows (filter applied, in view order).

One table, so a spreadsheet can filter and join it: every row carries the
serial and the licensee, then the table's columns. Times are ISO 8601 in local
time *with* their UTC offset (``2026-11-24T10:05:00+01:00``), so the file
means the same moment wherever it is opened.
"""

from __future__ import annotations

import io
from datetime import date
from typing import Any

from PySide6.QtCore import QAbstractItemModel

from licensedesk.export_cells import local_time, text_cell
from licensedesk.export_csv import write_rows

from ..shared.export_file import write_text_file
from ..shared.values import as_datetime
from .columns import HEADERS, OBJECT_ROLE, THIS_COMPUTER_ROLE


def default_file_name(serial: str, day: date) -> str:
    """``activations-SERIAL-YYYY-MM-DD.csv``: says what it holds and from when."""
    return "-".join(["activations", *([serial] if serial else []), day.isoformat()]) + ".csv"


def iso_time(value: Any) -> str:
    """ISO 8601 in local time with the UTC offset, to the second; "" when unknown."""
    return local_time(as_datetime(value))


def _cells(model: QAbstractItemModel, r: int, serial: str, licensee: str) -> list[str]:
    """Row ``r``'s cells, as :func:`save_csv` says (the table's in :data:`HEADERS`' order)."""
    a = model.index(r, 0).data(OBJECT_ROLE)
    return [
        text_cell(serial or a.serial or ""),
        text_cell(licensee or ""),
        str(a.id),
        *(text_cell(text or "") for text in (a.product_name, a.host_id, a.device_tag)),
        "true" if a.activated else "false",
        iso_time(a.created_at),
        iso_time(a.updated_at),
        "true" if model.index(r, 0).data(THIS_COMPUTER_ROLE) else "false",
    ]


def save_csv(path: str, model: QAbstractItemModel, serial: str, licensee: str) -> int:
    """Write the rows the model shows (filtered, in view order) as CSV to ``path`` in one
    go; returns the row count, raises OSError. The text is built first, so a failure
    leaves no half-written file (one that fails mid-write is removed).

    Columns: Serial, Licensee, the table's (Activated as ``true``/``false``, times
    as :func:`iso_time`), then ``This computer``. The service's text (licensee, product,
    host, device) is guarded against formulas and shows its control characters as the
    table does (:func:`licensedesk.export_cells.text_cell`). The header stays in English whatever
    language the window speaks (the untranslated :data:`HEADERS`): a file's columns are
    for machines and scripts, and must not change with the language.
    """
    text = io.StringIO(newline="")
    rows = write_rows(
        text,
        ["Serial", "Licensee", *HEADERS, "This computer"],
        (_cells(model, r, serial, licensee) for r in range(model.rowCount())),
    )
    write_text_file(path, text.getvalue())
    return rows
