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
same as :func:`export_text` of the whole list.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Generator, Iterable, Sequence
from datetime import date
from pathlib import Path

from licensedesk.display_text import json_safe
from licensedesk.history import Entry
from licensedesk.history.csv_rows import COLUMNS
from licensedesk.history.csv_rows import csv_row as history_csv_row
from licensedesk.history.transfer import export_lines
from licensedesk.paths import PartFile

from .words import details_text, outcome_text, what_text

EXTENSIONS = {"csv": "csv", "jsonl": "jsonl"}


def default_file_name(kind: str, day: date, serial: str | None = None) -> str:
    """``history-YYYY-MM-DD.csv``, ``history-SERIAL-YYYY-MM-DD.jsonl``."""
    return "-".join(["history", *([serial] if serial else []), day.isoformat()]) + (
        f".{EXTENSIONS[kind]}"
    )


def csv_row(entry: Entry) -> list[str]:
    """The entry's cells, its words said as the window's table says them."""
    return history_csv_row(entry, what_text(entry), outcome_text(entry), details_text(entry))


def _csv(rows: Iterable[Sequence[str]]) -> str:
    out = io.StringIO(newline="")
    csv.writer(out).writerows(rows)
    return out.getvalue()


def head_text(kind: str) -> str:
    """What a file of ``kind`` starts with: the CSV header; nothing for JSON lines."""
    return _csv([COLUMNS]) if kind == "csv" else ""


def page_text(kind: str, entries: Iterable[Entry]) -> str:
    """The lines of ``entries`` in a file of ``kind``; JSON lines with control and bidi
    characters as ``\\uXXXX`` (the same text)."""
    if kind == "csv":
        return _csv(csv_row(entry) for entry in entries)
    return "".join(json_safe(line) + "\n" for line in export_lines(entries))


def export_text(kind: str, entries: Sequence[Entry]) -> tuple[str, int]:
    """(text, entries) of a whole file of ``kind`` ("csv" or "jsonl")."""
    return head_text(kind) + page_text(kind, entries), len(entries)


class ExportFile:
    """``path`` written a page at a time, as every file of the desk
    (:class:`licensedesk.paths.PartFile`: a FIFO or device written through, a symlink
    kept). A file is whole or not at all: its text goes to a temporary file beside it,
    moved over ``path`` by :meth:`finish` only; :meth:`discard` (cancelled, the store failed) or a failed
    write removes it, and an older file of that name stays as it was. Its methods do the
    file's work: call them from one thread at a time, in order. Raises OSError."""

    def __init__(self, path: str, kind: str) -> None:
        self.path = path
        self._steps = self._written(Path(path), kind)

    def open(self) -> None:
        """Make the temporary file and write the head."""
        next(self._steps)

    def write(self, entries: Sequence[Entry]) -> int:
        """Write a page; how many entries are written so far."""
        return self._steps.send(entries)

    def finish(self) -> int:
        """Move the file over ``path``; how many entries it holds."""
        try:
            self._steps.send(None)
        except StopIteration as end:
            return int(end.value)
        raise RuntimeError("the export file was not finished")  # pragma: no cover

    def discard(self) -> None:
        """Remove the temporary file (nothing under ``path``); after a failure, nothing."""
        self._steps.close()

    @staticmethod
    def _written(path: Path, kind: str) -> Generator[int, Sequence[Entry] | None, int]:
        """The file as one ``with`` block that waits for each page: ended by ``None``
        (whole, moved over ``path``) or closed (GeneratorExit: removed)."""
        n = 0
        with PartFile(path, private=True, wait_for_reader=False) as fh:
            fh.write(head_text(kind))
            while (entries := (yield n)) is not None:
                fh.write(page_text(kind, entries))
                n += len(entries)
        return n
