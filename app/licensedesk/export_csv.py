"""The one CSV writer of every export: a header, then rows, as text a page at a time. No Qt.

The history (the window's *Export CSV…* and ``history export --csv``), the batch check
(the window and ``check --csv``), the renewals (the window and ``expiring --csv``) and the
activations all write their CSV here, so a cell is quoted, and a line ended, one way
whatever wrote it. Text comes out a page at a time and counted, never the text of a whole
list: the caller decides where each page goes (a file through
:class:`licensedesk.page_file.PageFile`, standard output, a buffer) and how far along it is.

The cells are the caller's: made with :func:`licensedesk.export_cells.cell` where a
stranger's text is in them. Line ends are ``\\r\\n`` (RFC 4180, as the csv module writes
them); the command line's ``expiring --csv`` writes ``\\n`` and ``check --csv`` one row a
line without its end (each line goes through the printer's scrub on its own).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, TextIO

__all__ = ["CsvText", "csv_pages", "write_rows"]

#: a row of cells as the csv module takes it
Row = Sequence[Any]


class CsvText:
    """Rows as CSV text, one call a page: the csv module's writer over a buffer that is
    emptied after each page (memory holds one page's text)."""

    def __init__(self, *, line_end: str = "\r\n") -> None:
        self._out = io.StringIO(newline="")
        self._writer = csv.writer(self._out, lineterminator=line_end)

    def text(self, rows: Iterable[Row]) -> str:
        """The CSV lines of ``rows``."""
        self._writer.writerows(rows)
        text = self._out.getvalue()
        self._out.seek(0)
        self._out.truncate()
        return text


def csv_pages(
    header: Row,
    pages: Iterable[Sequence[Any]],
    cells: Callable[[Any], Row] | None = None,
    *,
    line_end: str = "\r\n",
) -> Iterator[tuple[str, int]]:
    """(CSV text, rows in it) a page at a time: the header first (0 rows), then each of
    ``pages``, its rows made into cells by ``cells`` (the rows as they are without)."""
    out = CsvText(line_end=line_end)
    yield out.text([header]), 0
    for page in pages:
        yield out.text(page if cells is None else map(cells, page)), len(page)


def write_rows(
    fp: TextIO, header: Row, lines: Iterable[Row], *, line_end: str = "\r\n", page: int = 500
) -> int:
    """``header``, then each of ``lines``, written to ``fp`` a page of ``page`` lines at a
    time; returns the lines written, the header not counted. Open ``fp`` with
    ``newline=""`` (the lines' ends are written as they are)."""
    count = 0
    for text, n in csv_pages(header, _pages(lines, page), line_end=line_end):
        fp.write(text)
        count += n
    return count


def _pages(rows: Iterable[Row], size: int) -> Iterator[list[Row]]:
    """``rows`` in lists of ``size`` (the last one shorter)."""
    rows = iter(rows)
    while page := list(islice(rows, size)):
        yield page
