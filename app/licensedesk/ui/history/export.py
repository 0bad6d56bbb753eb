"""The entries the History window shows, as CSV or JSON lines. No widgets.

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
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from datetime import date

from licensedesk.display_text import json_safe
from licensedesk.history import Entry
from licensedesk.history.csv_rows import COLUMNS
from licensedesk.history.csv_rows import csv_row as history_csv_row
from licensedesk.history.transfer import export_lines

from .words import details_text, outcome_text, what_text

EXTENSIONS = {"csv": "csv", "jsonl": "jsonl"}


def default_file_name(kind: str, day: date, serial: str | None = None) -> str:
    """``history-YYYY-MM-DD.csv``, ``history-SERIAL-YYYY-MM-DD.jsonl``."""
    return "-".join(["history", *([serial] if serial else []), day.isoformat()]) + (
        f".{EXTENSIONS[kind]}")


def csv_row(entry: Entry) -> list[str]:
    """The entry's cells, its words said as the window's table says them."""
    return history_csv_row(entry, what_text(entry), outcome_text(entry), details_text(entry))


def csv_text(entries: Iterable[Entry]) -> tuple[str, int]:
    """The CSV text (header first) and how many entries it holds."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    n = 0
    for entry in entries:
        writer.writerow(csv_row(entry))
        n += 1
    return out.getvalue(), n


def jsonl_text(entries: Iterable[Entry]) -> tuple[str, int]:
    """JSON lines; control and bidi characters as ``\\uXXXX`` (the same text)."""
    lines = [json_safe(line) + "\n" for line in export_lines(entries)]
    return "".join(lines), len(lines)


def export_text(kind: str, entries: Iterable[Entry]) -> tuple[str, int]:
    """(text, entries) of ``kind`` ("csv" or "jsonl")."""
    return (csv_text if kind == "csv" else jsonl_text)(entries)
