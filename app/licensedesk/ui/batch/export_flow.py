"""Export CSV… / JSON… / XLSX…: the answers the table shows (filter and order applied).

The columns and formats are the engine's (:mod:`licensedesk.batch.export`, the
same as ``licensedesk-cli check``): times with their UTC offset. The file name
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
import os
from collections.abc import Sequence

from PySide6.QtCore import QSettings

from licensedesk import clock
from licensedesk.batch.model import CheckResult
from licensedesk.i18n import _, ngettext

from ..shared.export_file import (
    last_folder,
    remember_folder,
    save_failed_sentence,
    with_extension,
    write_bytes_file,
)
from ..shared.values import format_number as number
from .window import BatchWindow

KINDS = ("csv", "json", "xlsx")


def save(path: str, results: Sequence[CheckResult], kind: str) -> int:
    """Write ``results`` to ``path`` as ``kind``; returns the row count; raises OSError."""
    from licensedesk.batch.export import write_csv, write_json, xlsx_bytes

    rows = list(results)
    if kind == "xlsx":
        write_bytes_file(path, xlsx_bytes(rows))
        return len(rows)
    text = io.StringIO(newline="")
    (write_csv if kind == "csv" else write_json)(text, rows)
    write_bytes_file(path, text.getvalue().encode("utf-8"))
    return len(rows)


def export(window: BatchWindow, qsettings: QSettings, kind: str) -> str | None:
    """Ask where, write, and say where it went (or why not); returns the path written."""
    from licensedesk.batch.export import default_file_name

    results = window.shown_results()
    if not results:
        window.show_status(_("Nothing to export: the table shows no answer."))
        return None
    proposed = os.path.join(last_folder(qsettings), default_file_name(kind, clock.today()))
    path = window.ask_save_path(proposed, kind)
    if not path:
        return None
    path = with_extension(path, kind)
    try:
        rows = save(path, results, kind)
    except OSError as exc:
        window.banner.show_error(save_failed_sentence(path, exc), f"{type(exc).__name__}: {exc}")
        return None
    window.banner.clear()
    remember_folder(qsettings, path)
    window.show_status(ngettext("Saved {n} row to {path}", "Saved {n} rows to {path}",
                                rows).format(n=number(rows), path=path))
    return path
