"""The entries the History window shows, as CSV or JSON lines. No widgets.

CSV: one flat row per entry for a spreadsheet; times are ISO 8601 in local time
with their UTC offset (like every export of the app), ``before`` and ``counts``
as JSON text, and the outcome both as its key and in words. JSON lines: exactly
what ``licensedesk-cli history export`` writes (``Entry.to_dict``, times in
UTC), so ``licensedesk-cli history import`` takes the file (no duplicates: the
ids are the entries' own). Neither holds a key or a password: the stores clean
every entry they write (docs/history.md, "Keeping secrets out").

For machines and people alike: the column names, the keys (``action``, ``outcome``)
and the times stay the same in every language (English names, raw values); the
words columns (``what``, ``outcome_words``, ``details``) say the same as the table,
in the language in use.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from datetime import date, datetime
from typing import Any

from licensedesk.display_text import json_safe
from licensedesk.export_cells import text_cell
from licensedesk.history import Entry
from licensedesk.history.transfer import export_lines

from .words import details_text, outcome_text, what_text

COLUMNS = (
    "time", "user", "display_name", "machine", "profile", "service", "action", "serial",
    "activation_ids", "product", "what", "outcome", "outcome_words", "detail", "details",
    "before", "counts", "finished", "id",
)  # fmt: skip
#: the columns we write ourselves (times, keys, ids): never a stranger's text
OWN_COLUMNS = frozenset({"time", "action", "activation_ids", "outcome", "finished", "id"})
EXTENSIONS = {"csv": "csv", "jsonl": "jsonl"}


def default_file_name(kind: str, day: date, serial: str | None = None) -> str:
    """``history-YYYY-MM-DD.csv``, ``history-SERIAL-YYYY-MM-DD.jsonl``."""
    return "-".join(["history", *([serial] if serial else []), day.isoformat()]) + (
        f".{EXTENSIONS[kind]}")


def _iso(moment: datetime | None) -> str:
    return moment.astimezone().isoformat(timespec="seconds") if moment else ""


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True) if value else ""


def csv_row(entry: Entry) -> list[str]:
    values = {
        "time": _iso(entry.time),
        "user": entry.user,
        "display_name": entry.display_name or "",
        "machine": entry.machine,
        "profile": entry.profile or "",
        "service": entry.service or "",
        "action": entry.action,
        "serial": entry.serial or "",
        "activation_ids": " ".join(str(i) for i in entry.activation_ids),
        "product": entry.product or "",
        "what": what_text(entry),
        "outcome": entry.outcome,
        "outcome_words": outcome_text(entry),
        "detail": entry.detail or "",
        "details": details_text(entry),
        "before": _json(entry.before),
        "counts": _json(entry.counts),
        "finished": _iso(entry.finished),
        "id": entry.id,
    }
    # people's and the service's text: as the table shows it, never read as a formula
    return [values[c] if c in OWN_COLUMNS else text_cell(values[c]) for c in COLUMNS]


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
