"""Export CSV… / JSON… / XLSX…: the rows the table shows (filter and order applied).

The columns and formats are the engine's (:mod:`licensedesk.batch.export`, the
same as ``licensedesk-cli check``): times with their UTC offset (XLSX: UTC date
cells). Rows without an answer go too ("not a serial", "not checked (stopped)"),
and every row ends with the input line it came from (``line``, ``input``), so a
reseller can hand the bad entries back. The file name
proposed is ``batch-check-DATE.csv`` in the folder of the last export, the one
the activations export remembers too (QSettings ``export/lastFolder``). A file
that cannot be written is a sentence in the window's banner, never a traceback;
the text is built before the file is opened, so a failure leaves no half file.
A name typed without an extension gets the kind's (``report`` → ``report.xlsx``).
The files are for machines as much as people: their column names and values are the
engine's, English whatever the window's language.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PySide6.QtCore import QSettings

from licensedesk import clock
from licensedesk.batch.export import Row
from licensedesk.batch.model import CheckResult
from licensedesk.i18n import _

from ..shared.export_file import save_rows, write_bytes_file
from .model import PENDING_WORDS
from .window import BatchWindow


def save(path: str, rows: Sequence[Row], kind: str) -> int:
    """Write ``rows`` to ``path`` as ``kind``; returns the row count; raises OSError."""
    from licensedesk.batch.export import COLUMNS, SOURCE_COLUMNS, write_csv, write_json, xlsx_bytes

    columns = (*COLUMNS, *SOURCE_COLUMNS)
    if kind == "xlsx":
        write_bytes_file(path, xlsx_bytes(rows, columns))
        return len(rows)
    text = io.StringIO(newline="")
    (write_csv if kind == "csv" else write_json)(text, rows, columns)
    write_bytes_file(path, text.getvalue().encode("utf-8"))
    return len(rows)


def export_rows(window: BatchWindow) -> list[Row]:
    """The rows shown, each with the input line it came from; a row without an answer
    in the engine's English, like the answers (the files are the same in every language)."""
    from licensedesk.batch.export import row_values, unanswered_row

    rows: list[Row] = []
    for row in window.shown_rows():
        if isinstance(row, CheckResult):
            values = row_values(row)
        else:
            values = unanswered_row(row.serial, row.kind, PENDING_WORDS[row.kind])
        line, text = window.model.source(row.index) or (None, None)
        values.update(line=line, input=text)
        rows.append(values)
    return rows


def export(window: BatchWindow, qsettings: QSettings, kind: str) -> str | None:
    """Ask where, write, and say where it went (or why not); returns the path written."""
    from licensedesk.batch.export import default_file_name

    results = export_rows(window)
    if not results:
        window.show_status(_("Nothing to export: the table shows no answer."))
        return None
    file_name = default_file_name(kind, clock.today())
    return save_rows(window, qsettings, kind, file_name, lambda path: save(path, results, kind))
