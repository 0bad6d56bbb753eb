"""Text cells of an export that a spreadsheet and a terminal take as text. No Qt.

A licensee, a device tag or a message comes from the service, a display name or a
typed line from a user: a stranger's text. In a CSV file opened by a spreadsheet,
a cell that starts with ``=``, ``+``, ``-`` or ``@`` is read as a formula
(``=HYPERLINK(…)`` sends the reader somewhere, ``=cmd|…`` runs a program), and
one that starts with a tab or a carriage return can hide such a start. Such a
cell gets a leading single quote, as OWASP advises ("CSV Injection"): the
spreadsheet shows the text and the quote tells a reader why.

Control and bidi characters are written as the screen shows them
(:func:`licensedesk.display_text.visible`): ``\\x1b``, ``\\u202e``. Numbers we
write ourselves (an activation id, ``days_left`` of ``-35``) are not text from a
stranger and are left as they are: pass them as ``int``, or do not pass them here.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from licensedesk.display_text import visible

__all__ = ["FORMULA_STARTS", "cell", "text_cell", "write_rows"]

#: the first characters that make a spreadsheet read a cell as a formula
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """A stranger's ``text`` as a cell: visible escapes, and a leading ``'`` when a
    spreadsheet would otherwise take it for a formula."""
    escaped = visible(text)
    return "'" + escaped if text.startswith(FORMULA_STARTS) else escaped


def cell(value: Any) -> Any:
    """``value`` for an export: text guarded by :func:`text_cell`; anything else (None,
    bool, int, a datetime) as it is."""
    return text_cell(value) if isinstance(value, str) else value


def write_rows(
    fp: TextIO, header: Sequence[str], lines: Iterable[Sequence[Any]], *, line_end: str = "\r\n"
) -> int:
    """A CSV file: ``header``, then each of ``lines`` (their cells already made with
    :func:`cell`); returns the lines written, the header not counted. Open ``fp`` with
    ``newline=""`` (the csv module writes ``line_end`` itself)."""
    writer = csv.writer(fp, lineterminator=line_end)
    writer.writerow(header)
    count = 0
    for line in lines:
        writer.writerow(line)
        count += 1
    return count
