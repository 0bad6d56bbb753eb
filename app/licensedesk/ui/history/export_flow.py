"""Export CSV… / Export JSON…: the entries the History window shows, in its order.

The file name proposed is ``history-DATE.csv`` (``history-SERIAL-DATE…`` when the
list is one serial's) in the folder of the last export, the one every export of
the app remembers (``ui/shared/export_file.py``). The text is built before the
file is opened, so a failure leaves no half file, and is said in the window's
banner as a sentence. A name typed without an extension gets the kind's. The columns
and keys of the files stay English in every language (``export.py``).
"""

from __future__ import annotations

import os

from PySide6.QtCore import QSettings

from licensedesk import clock
from licensedesk.i18n import _, ngettext

from ..shared.export_file import (
    last_folder,
    remember_folder,
    save_failed_sentence,
    with_extension,
    write_bytes_file,
)
from ..shared.values import format_number
from .export import EXTENSIONS, default_file_name, export_text
from .window import HistoryWindow


def export(window: HistoryWindow, qsettings: QSettings, kind: str,
           serial: str | None = None) -> str | None:  # fmt: skip
    """Ask where, write, say where it went (or why not); returns the path written."""
    entries = window.shown_entries()
    if not entries:
        window.show_status(_("Nothing to export: no entry is on show."))
        return None
    proposed = os.path.join(last_folder(qsettings), default_file_name(kind, clock.today(), serial))
    path = window.ask_save_path(proposed, kind)
    if not path:
        return None
    path = with_extension(path, EXTENSIONS[kind])
    text, n = export_text(kind, entries)
    try:
        write_bytes_file(path, text.encode("utf-8"))
    except OSError as exc:
        window.banner.show_error(save_failed_sentence(path, exc), f"{type(exc).__name__}: {exc}")
        return None
    window.banner.clear()
    remember_folder(qsettings, path)
    window.show_status(ngettext("Saved {n} entry to {path}", "Saved {n} entries to {path}",
                                n).format(n=format_number(n), path=path))
    return path
