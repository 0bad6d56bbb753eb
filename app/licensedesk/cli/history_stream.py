"""``history`` (the list) and ``history export``, written as they are read, a page at a time.

A team's history holds a million entries: the list and the export read a page of rows
(:mod:`licensedesk.history.streaming`), write it, and read the next, so the first line
comes at once and memory holds one page whatever the history's size. The table's
columns take their widths from the first page (a longer cell later pushes its line out).

An export to a file is written to a temporary file beside it (``.NAME.XXXX.part``),
moved over the final name only once whole (``licensedesk.page_file``, the History
window's writer of a file of pages too): Ctrl+C, a
full disk or a crash leaves no half file under that name, and an older file of that
name stays as it was. ``--csv``, or a file name ending in ``.csv``, writes CSV (the History window's
columns); otherwise JSON lines (what ``history import`` reads).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import _, ngettext

from .errors import OK, file_error

if TYPE_CHECKING:
    from licensedesk.history import HistoryQuery

    from .output import Printer

_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def ascii_json(text: str) -> str:
    """JSON text with every non-ASCII character as ``\\uXXXX`` (as ``ensure_ascii`` writes
    it): standard output may be a terminal of any encoding."""
    if text.isascii():
        return text
    return _NON_ASCII.sub(_escape, text)


# ---------------------------------------------------------------- pages of text


def json_line_pages(
    store: Any,
    query: HistoryQuery,
    printer: Printer,
    *,
    ascii_only: bool,
    oldest_first: bool = True,
) -> Iterator[tuple[str, int]]:
    """(JSON lines, entries in them) a page at a time; no raw control or bidi character,
    no key (the printer's net over each page)."""
    from licensedesk.export_json import json_lines
    from licensedesk.history.streaming import json_pages

    for lines in json_pages(store, query, oldest_first=oldest_first):
        text = printer.scrub(json_lines(lines))  # the History window's JSON lines
        yield (ascii_json(text) if ascii_only else text), len(lines)


def _pages(
    store: Any,
    query: HistoryQuery,
    printer: Printer,
    *,
    csv: bool,
    ascii_only: bool,
    oldest_first: bool,
) -> Iterator[tuple[str, int]]:
    """(text, entries in it) a page at a time: the History window's CSV columns
    (:mod:`.history_csv`), else JSON lines."""
    if csv:
        from .history_csv import csv_pages

        return csv_pages(store, query, oldest_first=oldest_first)
    return json_line_pages(store, query, printer, ascii_only=ascii_only, oldest_first=oldest_first)


def _print_pages(printer: Printer, pages: Iterator[tuple[str, int]]) -> int:
    """Each page on stdout as it is read; once the reader went away, no more is read."""
    for text, _n in pages:
        printer.raw(text.removesuffix("\n"))
        if printer.lost is not None:
            break
    return OK


# ---------------------------------------------------------------- commands


def cmd_export(args: Any, printer: Printer, store: Any, query: HistoryQuery, target: str) -> int:
    """Write the entries of ``query``, oldest first, to ``target`` (``-``: stdout): CSV with
    ``--csv`` or a file name ending in ``.csv``, else JSON lines."""
    from licensedesk.page_file import write_pages

    to_stdout = target == "-"
    csv = bool(getattr(args, "csv", False)) or target.lower().endswith(".csv")
    pages = _pages(store, query, printer, csv=csv, ascii_only=to_stdout, oldest_first=True)
    if to_stdout:
        return _print_pages(printer, pages)
    try:  # whole or not at all (the History window's file too); names licensees: private
        n = write_pages(target, pages, private=True)
    except OSError as exc:
        raise file_error(Path(target), exc, writing=True) from None
    printer.note(
        ngettext("Exported {n} entry to {file}.", "Exported {n} entries to {file}.", n).format(
            n=n, file=target
        )
    )
    return OK


def cmd_list(
    printer: Printer, store: Any, query: HistoryQuery, serial: str | None, *, csv: bool = False
) -> int:
    """The entries of ``query``, newest first: a table (:mod:`.history_table`), JSON
    lines with ``--json``, or the export's CSV with ``--csv``."""
    from licensedesk.history.streaming import table_pages

    from .history_table import TableWords, headers
    from .output import column_widths, row_layout

    if printer.json_mode or csv:
        pages = _pages(store, query, printer, csv=csv, ascii_only=True, oldest_first=False)
        return _print_pages(printer, pages)
    words = TableWords(with_serial=serial is None)
    line = None
    for page in table_pages(store, query):
        rows = [words.cells(row) for row in page]
        if line is None:  # the first page's widths (a longer cell later pushes out)
            names = headers(serial is None)
            line = row_layout(column_widths(names, rows))
            printer.raw(line([n.upper() for n in names]))
        printer.raw(printer.scrub("\n".join(map(line, rows))))
        if printer.lost is not None:
            break
    if line is None:
        printer.line(
            _("No history for {serial}.").format(serial=serial)
            if serial
            else _("No history matches.")
        )
    return OK
