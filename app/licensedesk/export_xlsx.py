"""One sheet of an XLSX export, as the batch check's and the renewals' exports write it.
No Qt.

Every cell is typed by hand (``write_string`` for text, with visible escapes as on
screen), so a licensee named ``=HYPERLINK(…)`` stays text: a spreadsheet never evaluates
what the service sent. Times are date cells in UTC (a spreadsheet's date has no zone:
the caller's header says so), so date filters and arithmetic work. The header is
bold, frozen and filterable; a column is as wide as its header or its longest value
(counted up to 60 characters), a time column as a time.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from licensedesk.display_text import visible

__all__ = ["xlsx_bytes"]

#: the width of a time column: ``2026-11-24 10:05:00``
_TIME_WIDTH = 19


def xlsx_bytes(
    sheet_name: str,
    columns: Sequence[str],
    rows: Iterable[Mapping[str, Any]],
    *,
    headers: Mapping[str, str],
    times: Collection[str],
) -> bytes:
    """A workbook of one sheet ``sheet_name``: ``columns`` (named ``headers.get(c, c)``)
    of ``rows`` (a column's value by its name; None or missing: an empty cell). The
    columns in ``times`` are at least as wide as a time."""
    import xlsxwriter  # only an XLSX export pays for it

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(
        buffer,
        {
            "in_memory": True,
            "strings_to_formulas": False,
            "strings_to_urls": False,
            "strings_to_numbers": False,
        },
    )
    sheet = book.add_worksheet(sheet_name)
    bold = book.add_format({"bold": True})
    when = book.add_format({"num_format": "yyyy-mm-dd hh:mm:ss"})
    names = [headers.get(c, c) for c in columns]
    widths = [
        max(len(h), _TIME_WIDTH if c in times else 0) for c, h in zip(columns, names, strict=True)
    ]
    for col, name in enumerate(names):
        sheet.write_string(0, col, name, bold)
    row = 0
    for row, values in enumerate(rows, start=1):
        for col, name in enumerate(columns):
            value = values.get(name)
            if value is None:
                continue
            if isinstance(value, datetime):
                sheet.write_datetime(row, col, value.astimezone(UTC).replace(tzinfo=None), when)
                continue
            if isinstance(value, bool):
                sheet.write_boolean(row, col, value)
            elif isinstance(value, int):
                sheet.write_number(row, col, value)
            else:
                sheet.write_string(row, col, visible(value))  # as on screen
            widths[col] = max(widths[col], min(len(str(value)), 60))
    for col, width in enumerate(widths):
        sheet.set_column(col, col, width + 2)
    sheet.freeze_panes(1, 0)
    sheet.autofilter(0, 0, max(row, 1), len(columns) - 1)
    book.close()
    return buffer.getvalue()
