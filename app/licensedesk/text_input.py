"""Text from a file or a pipe in whatever common encoding it was saved in.

A list of serials comes from a spreadsheet's CSV (Windows-1252 on many desks),
a UTF-8 editor, or a UTF-16 export with its byte order mark: each is read as
the text it is, and the same bytes read the same from a file and from a pipe.
"""

from __future__ import annotations

import codecs

__all__ = ["decode_text"]

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
