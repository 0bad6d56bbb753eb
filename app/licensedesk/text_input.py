"""Text from a file or a pipe in whatever common encoding it was saved in, read in bounded
pieces: the one way the desk reads what a user gives it (docs/cli.md, "Files").

A list of serials comes from a spreadsheet's CSV (Windows-1252 on many desks),
a UTF-8 editor, or a UTF-16 export with its byte order mark: each is read as
the text it is, and the same bytes read the same from a file and from a pipe.

Every input has a ceiling (:data:`SERIAL_LIST_MAX`, :data:`HISTORY_LINE_MAX`) and is read
a piece at a time, so ``/dev/zero`` or an endless pipe is refused within a second
instead of filling the memory, and Ctrl+C is honoured between two pieces. What is not
text (a picture, a program) is said as such from its first piece, in one sentence
that the command line and the window share (:class:`InputProblem`).
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator
from typing import Any, BinaryIO

from licensedesk.i18n import _

__all__ = [
    "HISTORY_LINE_MAX",
    "SERIAL_LIST_MAX",
    "InputProblem",
    "bounded_lines",
    "decode_text",
    "is_spreadsheet",
    "open_input",
    "paste_too_large",
    "read_serial_list",
    "serial_list_text",
    "spreadsheet_text",
]

#: the most a list of serials may hold (a file, standard input, a drop or a paste):
#: 10,000 serials with a few columns are well under 1 MB
SERIAL_LIST_MAX = 10 * 1024 * 1024
#: the most one line of a history import may hold (an entry is a few hundred bytes; a
#: batch check's entry with its serials a few hundred kB)
HISTORY_LINE_MAX = 4 * 1024 * 1024
#: a piece read at a time
PIECE = 64 * 1024
#: how much of the start is looked at to tell text from a binary file
SNIFF = 4096

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode_text(data: bytes) -> str:
    """The text of ``data``: by its byte order mark, else UTF-8, else Windows-1252 (a
    superset of Latin-1's printable characters); a byte neither knows stays visible as
    U+FFFD, never an error. The BOM is not part of the text."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data.decode(encoding, errors="replace").removeprefix("\ufeff")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


class InputProblem(ValueError):
    """Why an input gives no text (too large, not text, a workbook that cannot be read),
    as one sentence for a person: the command line and the window say the same."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def _mb(size: int) -> int:
    return size // (1024 * 1024)


def paste_too_large() -> str:
    """A paste past :data:`SERIAL_LIST_MAX` characters."""
    return _("The pasted text is larger than {size} MB; a list of serials is much smaller.").format(
        size=_mb(SERIAL_LIST_MAX)
    )


def _not_text(name: str, kind: str) -> InputProblem:
    if kind == "history":
        return InputProblem(
            _("{name} is not a text file; a history export is JSON lines (.jsonl).").format(
                name=name
            )
        )
    return InputProblem(
        _("{name} is not a text file; a list of serials is a .txt, .csv or .xlsx file.").format(
            name=name
        )
    )


def is_binary(start: bytes) -> bool:
    """A NUL byte in the first :data:`SNIFF` bytes of a file without a byte order mark (UTF-16
    and UTF-32 text has NULs) and not a workbook: a picture, a program, ``/dev/zero``."""
    head = start[:SNIFF]
    if b"\0" not in head or is_spreadsheet(head):
        return False
    return not any(head.startswith(bom) for bom, _enc in _BOMS)


def open_input(source: str, *, wait_for_writer: bool = True) -> BinaryIO:
    """``source`` opened to be read in bytes; ``-``: standard input (not closed by the
    caller's ``with``: a duplicate of it). ``wait_for_writer`` False (the window, which
    must not hang): a FIFO that nobody writes to reads as empty at once. Raises OSError."""
    import sys

    if source == "-":
        stdin = sys.stdin
        if stdin is None:
            raise OSError(0, _("there is no standard input"))
        try:
            fd = stdin.fileno()
        except (AttributeError, OSError, ValueError):  # a stand-in (a test's): text in memory
            import io

            return io.BytesIO(stdin.read().encode("utf-8"))
        return os.fdopen(os.dup(fd), "rb")
    if wait_for_writer or not hasattr(os, "O_NONBLOCK"):  # no FIFO on Windows
        return open(source, "rb")
    fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK)
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def read_bounded(stream: BinaryIO, name: str) -> bytes:
    """Every byte of ``stream``, a :data:`PIECE` at a time; raises :class:`InputProblem`
    as soon as it is past :data:`SERIAL_LIST_MAX` or its first piece is not text. Ctrl+C
    (KeyboardInterrupt) comes between two pieces."""
    pieces: list[bytes] = []
    size = 0
    while piece := stream.read(PIECE):
        if not pieces and is_binary(piece):
            raise _not_text(name, "serials")
        size += len(piece)
        if size > SERIAL_LIST_MAX:
            raise InputProblem(
                _(
                    "{name} is larger than {size} MB; a list of serials is much smaller. "
                    "Is it the right file?"
                ).format(name=name, size=_mb(SERIAL_LIST_MAX))
            )
        pieces.append(piece)
    return b"".join(pieces)


def serial_list_text(data: bytes, name: str) -> str:
    """What a list of serials holds: every cell of an .xlsx workbook, or the text in its
    encoding; raises :class:`InputProblem` for what is neither. The one classification of
    an input that the command line and the window share."""
    if is_spreadsheet(data):
        try:
            return spreadsheet_text(data)
        except ValueError:
            raise InputProblem(
                _(
                    "{file} looks like a spreadsheet but cannot be read as an .xlsx "
                    "workbook; save it as .xlsx or .csv."
                ).format(file=name)
            ) from None
    if is_binary(data):
        raise _not_text(name, "serials")
    return decode_text(data)


def read_serial_list(source: str, name: str, *, wait_for_writer: bool = True) -> str:
    """The text of the list of serials in ``source`` (a path, or ``-``: standard input),
    called ``name`` in a sentence. Raises :class:`InputProblem`, or OSError (it cannot be
    opened or read: the caller's words)."""
    with open_input(source, wait_for_writer=wait_for_writer) as stream:
        data = read_bounded(stream, name)
    return serial_list_text(data, name)


def bounded_lines(stream: BinaryIO, name: str) -> Iterator[str]:
    """The lines of ``stream`` (UTF-8, each with its newline), each read in at most
    :data:`HISTORY_LINE_MAX` bytes: a line past it, or a first line that is not text, raises
    :class:`InputProblem`; a byte that is not UTF-8 raises UnicodeDecodeError."""
    number = 0
    while line := stream.readline(HISTORY_LINE_MAX + 1):
        number += 1
        if number == 1 and is_binary(line):
            raise _not_text(name, "history")
        if len(line) > HISTORY_LINE_MAX:
            raise InputProblem(
                _(
                    "{file}: line {line} is longer than {size} MB; a history entry is "
                    "much smaller. Is it the right file?"
                ).format(line=number, file=name, size=_mb(HISTORY_LINE_MAX))
            )
        yield line.decode("utf-8")


#: the most a spreadsheet's text parts may hold once unpacked (a list of serials is far
#: smaller; a file that unpacks to more is not one)
MAX_UNPACKED = 64 * 1024 * 1024
_SHEET_PARTS = ("xl/sharedStrings.xml", "xl/worksheets/")


def is_spreadsheet(data: bytes) -> bool:
    """An Office Open XML file (.xlsx): a zip archive."""
    return data.startswith(b"PK\x03\x04")


def spreadsheet_text(data: bytes) -> str:
    """Every cell's text of an .xlsx workbook, one per line (shared strings, inline
    strings and numbers, every sheet): where a serial is, it is in there. Reads the
    archive with the standard library only; raises ValueError for a file that is not
    a readable workbook."""
    import io
    import zipfile
    from xml.etree import ElementTree

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        parts = [i for i in archive.infolist() if i.filename.startswith(_SHEET_PARTS)]
        if not parts or sum(i.file_size for i in parts) > MAX_UNPACKED:
            raise ValueError("not a workbook of a size a list of serials has")
        lines: list[str] = []
        for info in parts:
            root = ElementTree.fromstring(archive.read(info))
            lines += _cell_texts(root, shared=info.filename == _SHEET_PARTS[0])
    except (zipfile.BadZipFile, ElementTree.ParseError, KeyError, OSError) as exc:
        raise ValueError(str(exc)) from None
    return "\n".join(lines)


def _cell_texts(root: Any, *, shared: bool) -> list[str]:
    """The texts of a shared-strings part, or a sheet's cells that are not an index into
    it (``t="s"``: the text is in the shared strings)."""

    def local(tag: str) -> str:
        return tag.rsplit("}", 1)[-1]

    if shared:
        return [el.text for el in root.iter() if el.text and local(el.tag) == "t"]
    texts = []
    for cell in root.iter():
        if local(cell.tag) != "c" or cell.get("t") == "s":
            continue
        texts += [el.text for el in cell.iter() if el.text and local(el.tag) in ("t", "v")]
    return texts
