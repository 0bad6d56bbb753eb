"""The entries the History window lists, as CSV or JSON lines, a page at a time. No widgets.

CSV: the columns of :mod:`licensedesk.history.csv_rows` (the command line's
``history export --csv`` writes the same ones), the words said as the table says
them. JSON lines: the shape ``licensedesk-cli history export`` writes
(``Entry.to_dict``, times in UTC), so ``licensedesk-cli history import`` takes the
file (no duplicates: the ids are the entries' own). Neither holds a key or a
password: the stores clean every entry they write (docs/history.md, "Keeping secrets out").

For machines and people alike: the column names, the keys (``action``, ``outcome``)
and the times stay the same in every language (English names, raw values); the
words columns (``what``, ``outcome_words``, ``details``) say the same as the table,
in the language in use.

A file is its head (the CSV header) and then its pages, each written as it is read
(:class:`ExportFile`): the text of a whole list is never held, and the bytes are the
same as :func:`export_text` of the whole list. The CSV text is the one every export
writes (:mod:`licensedesk.export_csv`), the file the one every paged export writes
(:mod:`licensedesk.page_file`); what is the window's own is the words of its table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from licensedesk.export_csv import CsvText
from licensedesk.export_json import json_lines
from licensedesk.history import Entry
from licensedesk.history.csv_rows import COLUMNS
from licensedesk.history.csv_rows import csv_row as history_csv_row
from licensedesk.history.transfer import export_lines
from licensedesk.page_file import PageFile

from .words import details_text, what_text


def default_file_name(kind: str, day: date, serial: str | None = None) -> str:
    """``history-YYYY-MM-DD.csv``, ``history-SERIAL-YYYY-MM-DD.jsonl``."""
    return "-".join(["history", *([serial] if serial else []), day.isoformat()]) + f".{kind}"


def csv_row(entry: Entry) -> list[str]:
    """The entry's cells, its words said as the window's table says them."""
    return history_csv_row(entry, what_text(entry), entry.outcome_text, details_text(entry))


def head_text(kind: str) -> str:
    """What a file of ``kind`` starts with: the CSV header; nothing for JSON lines."""
    return CsvText().text([COLUMNS]) if kind == "csv" else ""


def page_text(kind: str, entries: Iterable[Entry]) -> str:
    """The lines of ``entries`` in a file of ``kind``; JSON lines with control and bidi
    characters as ``\\uXXXX`` (the same text)."""
    if kind == "csv":
        return CsvText().text(csv_row(entry) for entry in entries)
    return json_lines(export_lines(entries))


def export_text(kind: str, entries: Sequence[Entry]) -> str:
    """The text of a whole file of ``kind`` ("csv" or "jsonl")."""
    return head_text(kind) + page_text(kind, entries)


class ExportFile(PageFile):
    """``path`` (a file of ``kind``) written a page of entries at a time, as a
    :class:`licensedesk.page_file.PageFile` (whole or not at all, a FIFO or device
    written through, a symlink kept): :meth:`open` writes the head, :meth:`write_entries`
    a page, then ``finish`` or ``discard``. Raises OSError."""

    def __init__(self, path: str, kind: str) -> None:
        super().__init__(path, private=True, wait_for_reader=False)
        self._kind = kind

    def open(self) -> None:
        """Make the temporary file and write the head."""
        super().open()
        self.write(head_text(self._kind), 0)

    def write_entries(self, entries: Sequence[Entry]) -> int:
        """Write a page; how many entries are written so far."""
        return self.write(page_text(self._kind, entries), len(entries))
