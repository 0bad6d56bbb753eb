"""Reading a list of serials from a file (Open file…, or one dropped on the window).

Any text file will do: a .txt with one serial a line, a .csv exported from a
spreadsheet (Excel writes UTF-8 with a BOM, UTF-16 or Windows-1252: all read), or the
.xlsx workbook itself (every cell of every sheet is read).
A file that cannot be read is a sentence for the window's banner, never a traceback.
"""

from __future__ import annotations

import errno
from pathlib import Path

from PySide6.QtCore import QMimeData

from licensedesk.i18n import N_, _
from licensedesk.text_input import is_spreadsheet, spreadsheet_text

#: a list of 10,000 serials with a few columns is well under 1 MB; this is plenty
MAX_BYTES = 10 * 1024 * 1024
SUFFIXES = (".txt", ".csv", ".xlsx")
#: the Open dialog's file types (translated where the dialog is made)
OPEN_FILTER = N_("Serial lists (*.txt *.csv *.xlsx);;All files (*)")

#: why a file could not be opened, each a whole sentence (errno → words)
_REASONS = {
    errno.ENOENT: N_("Could not open {path}: the file does not exist."),
    errno.EACCES: N_("Could not open {path}: permission denied."),
    errno.EPERM: N_("Could not open {path}: permission denied."),
    errno.EISDIR: N_("Could not open {path}: that is a folder."),
}


class FileProblem(Exception):
    """Why a file gives no serials, as a sentence for a person."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def read_serials_file(path: str) -> str:
    """The file's text; raises :class:`FileProblem`."""
    name = Path(path).name
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise FileProblem(_open_failed(path, exc)) from exc
    if len(raw) > MAX_BYTES:
        raise FileProblem(
            _(
                "{name} is larger than {size} MB; a list of serials is much "
                "smaller. Is it the right file?"
            ).format(name=name, size=MAX_BYTES // (1024 * 1024))
        )
    if is_spreadsheet(raw):
        try:
            return spreadsheet_text(raw)
        except ValueError:
            raise FileProblem(
                _(
                    "{name} looks like a spreadsheet but cannot be read as an "
                    ".xlsx workbook. Save it as .xlsx or .csv."
                ).format(name=name)
            ) from None
    if b"\0" in raw[:4096] and not raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise FileProblem(
            _("{name} is not a text file. Open a .txt, .csv or .xlsx file.").format(name=name)
        )
    return decode(raw)


def _open_failed(path: str, exc: OSError) -> str:
    """The sentence for a file that could not be opened: ours for the usual reasons, else
    the system's own words (already in the system's language)."""
    sentence = _REASONS.get(exc.errno or 0)
    if sentence is not None:
        return _(sentence).format(path=path)
    reason = (exc.strerror or "").lower()
    if not reason:
        return _("Could not open {path}: the system refused.").format(path=path)
    return _("Could not open {path}: {reason}.").format(path=path, reason=reason)


def decode(raw: bytes) -> str:
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16", errors="replace")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def dropped_file(mime: QMimeData) -> str | None:
    """The first local .txt/.csv file of a drag, or None (then it is not ours to take)."""
    if not mime.hasUrls():
        return None
    for url in mime.urls():
        path = url.toLocalFile()
        if path and path.lower().endswith(SUFFIXES):
            return path
    return None
