"""The history's CSV columns (the window's export and the command line's), and an
entry's cells in them (the window's; the command line makes its cells from the stored
rows, :mod:`licensedesk.cli.history_csv`). No Qt.

One flat row per entry for a spreadsheet: times in ISO 8601, local time with the UTC
offset; ``before`` and ``counts`` as JSON text; the outcome as its key and in words.
The column names, keys and times are the same in every language; the three words
columns (``what``, ``outcome_words``, ``details``) are given by the caller, in the
language in use: the window says them as its table does, the command line as its own.
"""

from __future__ import annotations

import json
from typing import Any

from licensedesk.export_cells import local_time, text_cell

from .model import Entry

__all__ = ["COLUMNS", "OWN_COLUMNS", "csv_row"]

COLUMNS = (
    "time",
    "user",
    "display_name",
    "machine",
    "profile",
    "service",
    "action",
    "serial",
    "activation_ids",
    "product",
    "what",
    "outcome",
    "outcome_words",
    "detail",
    "details",
    "before",
    "counts",
    "finished",
    "id",
)
#: the columns we write ourselves (times, keys, ids): never a stranger's text
OWN_COLUMNS = frozenset({"time", "action", "activation_ids", "outcome", "finished", "id"})


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True) if value else ""


def csv_row(entry: Entry, what: str, outcome_words: str, details: str) -> list[str]:
    """The cells of one entry in :data:`COLUMNS` order."""
    values = {
        "time": local_time(entry.time),
        "user": entry.user,
        "display_name": entry.display_name or "",
        "machine": entry.machine,
        "profile": entry.profile or "",
        "service": entry.service or "",
        "action": entry.action,
        "serial": entry.serial or "",
        "activation_ids": " ".join(str(i) for i in entry.activation_ids),
        "product": entry.product or "",
        "what": what,
        "outcome": entry.outcome,
        "outcome_words": outcome_words,
        "detail": entry.detail or "",
        "details": details,
        "before": _json(entry.before),
        "counts": _json(entry.counts),
        "finished": local_time(entry.finished),
        "id": entry.id,
    }
    # people's and the service's text: as the table shows it, never read as a formula
    return [values[c] if c in OWN_COLUMNS else text_cell(values[c]) for c in COLUMNS]
