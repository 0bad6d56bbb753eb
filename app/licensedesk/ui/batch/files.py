"""Reading a list of serials from a file (Open file…, or one dropped on the window).

Any text file will do: a .txt with one serial a line, a .csv exported from a
spreadsheet (Excel writes UTF-8 with a BOM, UTF-16 or Windows-1252: all read).
A file that cannot be read is a sentence for the window's banner, never a traceback.
"""

from __future__ import annotations

import errno
from pathlib import Path

from PySide6.QtCore import QMimeData

#: a list of 10,000 serials with a few columns is well under 1 MB; this is plenty
MAX_BYTES = 10 * 1024 * 1024
SUFFIXES = (".txt", ".csv")
OPEN_FILTER = "Serial lists (*.txt *.csv);;All files (*)"

_REASONS = {
    errno.ENOENT: "the file does not exist",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EISDIR: "that is a folder",
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
        reason = _REASONS.get(exc.errno or 0) or (exc.strerror or "the system refused").lower()
        raise FileProblem(f"Could not open {path}: {reason}.") from exc
    if len(raw) > MAX_BYTES:
        raise FileProblem(f"{name} is larger than {MAX_BYTES // (1024 * 1024)} MB; "
                          "a list of serials is much smaller. Is it the right file?")
    if b"\0" in raw[:4096] and not raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise FileProblem(f"{name} is not a text file. Open a .txt or .csv file.")
    return decode(raw)


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
