"""A batch check's rows as CSV, a JSON array, JSON lines or XLSX (the window and the CLI).

One flat row per serial with the same columns in every format, so a
spreadsheet and a script see the same thing. Times are ISO 8601 in local time
with their UTC offset (``2026-11-24T10:05:00+01:00``), like the activations
export: the value means the same moment wherever it is read. In XLSX they are
date cells in UTC, which the header says (a spreadsheet's date has no zone, and a
date that is text cannot be filtered or subtracted).

A row is a :class:`CheckResult`, or a mapping of the columns for a row without an
answer (the window's "not a serial" and "not checked" rows: :func:`unanswered_row`),
with the window's :data:`SOURCE_COLUMNS` when it says where each row came from.

Not translated, on purpose: the column names, the sheet's name and every value
(``words`` and ``reason`` are the rows' English, not ``words_text``/``reason_text``)
stay English in every language, so a script reading an export keeps working and
colleagues with different languages exchange the same files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import Any, TextIO

from licensedesk.export_cells import csv_cell, times_as_text
from licensedesk.export_csv import write_rows
from licensedesk.export_json import json_text
from licensedesk.export_xlsx import xlsx_bytes as sheet_bytes

from .model import CheckResult, Seats

COLUMNS: tuple[str, ...] = (
    "serial",
    "status",
    "words",
    "found",
    "type",
    "licensee",
    "email",
    "sku",
    "sku_name",
    "start",
    "end",
    "days_left",
    "seats",
    "reason",
)
#: where a row came from: the input line's number (from 1) and its text as typed
SOURCE_COLUMNS: tuple[str, ...] = ("line", "input")
#: XLSX only: the time columns hold UTC date cells, and their headers say so
XLSX_HEADERS = {"start": "start (UTC)", "end": "end (UTC)"}
_TIMES = ("start", "end")

#: a row for the exports: an answer, or the columns of a row without one
Row = CheckResult | Mapping[str, Any]


def seats_text(seats: tuple[Seats, ...] | None) -> str | None:
    """``Studio Pro 1/3; Effects 0/3`` (``1/?`` when a product's maximum could not be
    read); "" for none; None when the seats were not read."""
    if seats is None:
        return None
    return "; ".join(
        f"{s.product} {s.used}/{'?' if s.maximum is None else s.maximum}" for s in seats
    )


def row_values(result: CheckResult) -> dict[str, Any]:
    """The row with :data:`COLUMNS` as keys; ``start``/``end`` aware datetimes."""
    return {
        "serial": result.serial,
        "status": result.status.value,
        "words": result.words,
        "found": result.found,
        "type": result.type,
        "licensee": result.licensee,
        "email": result.email,
        "sku": result.sku,
        "sku_name": result.sku_name,
        "start": result.start,
        "end": result.end,
        "days_left": result.days_left,
        "seats": seats_text(result.seats),
        "reason": result.reason,
    }


def row_dict(result: Row) -> dict[str, Any]:
    """The row with JSON types only (None, bool, int, str): times as ISO text."""
    return times_as_text(row_values(result) if isinstance(result, CheckResult) else result)


def unanswered_row(text: str, status: str, words: str) -> dict[str, Any]:
    """The columns of a row the service was not asked about: ``text`` as the serial
    (what was typed, for "not a serial"), ``status`` (``not_serial``, ``stopped``…)."""
    row: dict[str, Any] = dict.fromkeys(COLUMNS)
    row.update(serial=text, status=status, words=words)
    return row


def csv_cells(result: Row, columns: Sequence[str] = COLUMNS) -> list[str]:
    """The row's CSV cells in ``columns`` order ("" for none, ``true``/``false``); text
    guarded against formulas and with visible escapes (:mod:`licensedesk.export_cells`),
    numbers (``days_left``, ``line``) as they are."""
    row = row_dict(result)
    return [csv_cell(row.get(c)) for c in columns]


def write_csv(fp: TextIO, results: Iterable[Row], columns: Sequence[str] = COLUMNS) -> int:
    """Header, then one row per result; returns the rows written (header not counted).
    Open ``fp`` with ``newline=""`` (the csv module writes its own line ends)."""
    return write_rows(fp, columns, (csv_cells(r, columns) for r in results))


def write_json(fp: TextIO, results: Iterable[Row], columns: Sequence[str] = COLUMNS) -> int:
    """One JSON array of row objects; returns the rows written. Control and bidi
    characters are written as ``\\uXXXX`` (the same text, nothing raw)."""
    rows = [_only(row_dict(r), columns) for r in results]
    fp.write(json_text(rows, indent=2) + "\n")
    return len(rows)


def _only(row: dict[str, Any], columns: Sequence[str]) -> dict[str, Any]:
    return {c: row.get(c) for c in columns}


def json_line(result: CheckResult) -> str:
    """One row as a single line of JSON (no newline), control and bidi characters as
    ``\\uXXXX``."""
    return json_text(row_dict(result))


def xlsx_bytes(results: Iterable[Row], columns: Sequence[str] = COLUMNS) -> bytes:
    """An XLSX workbook of the rows: one sheet, the header frozen and filterable, every
    cell typed (:func:`licensedesk.export_xlsx.xlsx_bytes`: text never a formula, start
    and end UTC date cells)."""
    values = (row_values(r) if isinstance(r, CheckResult) else r for r in results)
    return sheet_bytes("Batch check", columns, values, headers=XLSX_HEADERS, times=_TIMES)


def default_file_name(ext: str, today: date) -> str:
    """``batch-check-2026-11-24.csv``: says what it holds and from when."""
    return f"batch-check-{today.isoformat()}.{ext.lstrip('.')}"
