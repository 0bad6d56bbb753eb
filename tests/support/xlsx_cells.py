"""Read back the cells of an XLSX sheet with the standard library (zip + XML).

Only what the exports write: shared strings, numbers, booleans, blanks. It lets
the tests check typed cells without another dependency.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}


def _column(ref: str) -> int:
    letters = re.match(r"[A-Z]+", ref).group(0)
    index = 0
    for ch in letters:
        index = index * 26 + ord(ch) - 64
    return index - 1


def sheet_rows(path: Path | str, sheet: int = 1) -> list[list[object]]:
    """The rows of sheet ``sheet`` as lists (None for an empty cell)."""
    with zipfile.ZipFile(path) as book:
        strings: list[str] = []
        if "xl/sharedStrings.xml" in book.namelist():
            root = ElementTree.fromstring(book.read("xl/sharedStrings.xml"))
            strings = [
                "".join(t.text or "" for t in si.iter(f"{{{NS['m']}}}t"))
                for si in root.findall("m:si", NS)
            ]
        root = ElementTree.fromstring(book.read(f"xl/worksheets/sheet{sheet}.xml"))
    rows: list[list[object]] = []
    for row in root.iter(f"{{{NS['m']}}}row"):
        cells: dict[int, object] = {}
        for cell in row.findall("m:c", NS):
            kind, value = cell.get("t"), cell.find("m:v", NS)
            if cell.find("m:f", NS) is not None:
                cells[_column(cell.get("r"))] = ("formula", cell.find("m:f", NS).text)
            elif value is None:
                continue
            elif kind == "s":
                cells[_column(cell.get("r"))] = strings[int(value.text)]
            elif kind == "b":
                cells[_column(cell.get("r"))] = value.text == "1"
            else:
                number = float(value.text)
                cells[_column(cell.get("r"))] = int(number) if number.is_integer() else number
        width = max(cells) + 1 if cells else 0
        rows.append([cells.get(i) for i in range(width)])
    return rows
