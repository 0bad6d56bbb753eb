"""Reading a list of serials from a file (Open file…, or one dropped on the window).

Any text file will do: a .txt with one serial a line, a .csv exported from a
spreadsheet (Excel writes UTF-8 with a BOM, UTF-16 or Windows-1252: all read), or the
.xlsx workbook itself (every cell of every sheet is read).
A file that cannot be read, is too large or is not text is a sentence for the window's
banner (the command line's own: :mod:`licensedesk.text_input`), never a traceback.
"""

from __future__ import annotations

import errno
from pathlib import Path

from PySide6.QtCore import QMimeData

from licensedesk.i18n import N_
from licensedesk.text_input import InputProblem, read_serial_list

from ..shared.export_file import FailureWords

SUFFIXES = (".txt", ".csv", ".xlsx")
#: the Open dialog's file types (translated where the dialog is made)
OPEN_FILTER = N_("Serial lists (*.txt *.csv *.xlsx);;All files (*)")

#: why a file could not be opened
OPEN_FAILED = FailureWords(
    {
        errno.ENOENT: N_("Could not open {path}: the file does not exist."),
        errno.EACCES: N_("Could not open {path}: permission denied."),
        errno.EPERM: N_("Could not open {path}: permission denied."),
        errno.EISDIR: N_("Could not open {path}: that is a folder."),
    },
    N_("Could not open {path}: {reason}."),
    N_("Could not open {path}: the system refused."),
)


def read_serials_file(path: str) -> str:
    """The file's text; raises :class:`~licensedesk.text_input.InputProblem` with the
    sentence of why not. Read as the command line reads it
    (:func:`licensedesk.text_input.read_serial_list`: in bounded pieces, up to its
    ceiling, the same sentence for what is not text); a FIFO nobody writes to reads as
    empty at once rather than a window that hangs."""
    try:
        return read_serial_list(path, Path(path).name, wait_for_writer=False)
    except OSError as exc:
        raise InputProblem(OPEN_FAILED.sentence(path, exc)) from exc


def dropped_file(mime: QMimeData) -> str | None:
    """The first local file of a drag that is a list of serials (:data:`SUFFIXES`), or None
    (then it is not ours to take)."""
    if not mime.hasUrls():
        return None
    for url in mime.urls():
        path = url.toLocalFile()
        if path and path.lower().endswith(SUFFIXES):
            return path
    return None
