"""Text from a file or a pipe in whatever common encoding it was saved in.

A list of serials comes from a spreadsheet's CSV (Windows-1252 on many desks),
a UTF-8 editor, or a UTF-16 export with its byte order mark: each is read as
the text it is, and the same bytes read the same from a file and from a pipe.
"""

from __future__ import annotations

import codecs
from typing import Any

__all__ = ["decode_text", "is_spreadsheet", "spreadsheet_text"]

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
