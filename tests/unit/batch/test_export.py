"""Exports of batch rows: the same columns in CSV, JSON, JSON lines and XLSX; ISO times
with offset."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from datetime import UTC, date, datetime, timedelta

from licensedesk.batch.export import (
    COLUMNS,
    XLSX_HEADERS,
    default_file_name,
    json_line,
    row_dict,
    write_csv,
    write_json,
    xlsx_bytes,
)
from licensedesk.batch.model import CheckResult, Seats, Status

from ...support.xlsx_cells import sheet_rows

ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d")

FOUND = CheckResult(
    0,
    "LEWX-6XUC-N5G5-Q8F9-Q2R5",
    Status.EXPIRING,
    "expires in 5 days",
    found=True,
    type="subscription",
    licensee="Jensen, Maria",
    email="m@example.com",
    sku="SP-2024-SUB",
    sku_name='Studio Pro 2024 "Sub"',
    start=datetime(2025, 11, 29, 10, 0, tzinfo=UTC),
    end=datetime(2026, 11, 29, 10, 0, tzinfo=UTC),
    days_left=5,
    seats=(Seats("Studio Pro", 1, 3), Seats("Effects", 0, 3)),
)
MISSING = CheckResult(
    1,
    "AAAA-BBBB-CCCC-DDDD-EEEE",
    Status.NOT_FOUND,
    "not found",
    reason="The service does not know this serial.",
)
UNREAD = CheckResult(
    2,
    "P8DW-E3T8-ENL2-Q43X-XDKT",
    Status.ACTIVE,
    "active",
    found=True,
    seats=(Seats("Studio Pro", 2, None),),
)


def excel_time(days: float) -> datetime:
    """A spreadsheet's date number as the naive time it stands for (to the second)."""
    return datetime(1899, 12, 30) + timedelta(seconds=round(days * 86400))


def date_formats(path) -> str:
    """The number formats the workbook declares (its styles part, as text)."""
    with zipfile.ZipFile(path) as book:
        return book.read("xl/styles.xml").decode("utf-8")


def test_columns():
    assert COLUMNS == (
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


def test_row_dict_values():
    row = row_dict(FOUND)
    assert tuple(row) == COLUMNS
    assert row["status"] == "expiring" and row["found"] is True and row["days_left"] == 5
    assert row["seats"] == "Studio Pro 1/3; Effects 0/3"
    assert ISO.fullmatch(row["start"]) and ISO.fullmatch(row["end"])
    assert datetime.fromisoformat(row["end"]) == FOUND.end  # the same moment, any zone
    assert row_dict(UNREAD)["seats"] == "Studio Pro 2/?"  # maximum not read
    missing = row_dict(MISSING)
    assert (missing["found"], missing["seats"], missing["start"]) == (False, None, None)


def test_csv_has_a_header_and_one_row_each():
    buffer = io.StringIO(newline="")
    assert write_csv(buffer, [FOUND, MISSING]) == 2
    rows = list(csv.reader(io.StringIO(buffer.getvalue())))
    assert tuple(rows[0]) == COLUMNS
    assert rows[1][:4] == ["LEWX-6XUC-N5G5-Q8F9-Q2R5", "expiring", "expires in 5 days", "true"]
    assert rows[1][COLUMNS.index("licensee")] == "Jensen, Maria"  # quoted, not split
    assert rows[1][COLUMNS.index("sku_name")] == 'Studio Pro 2024 "Sub"'
    assert rows[2][COLUMNS.index("found")] == "false"
    assert rows[2][COLUMNS.index("days_left")] == ""
    assert len(rows) == 3


def test_json_array_and_json_lines_hold_the_same_rows():
    array = io.StringIO()
    assert write_json(array, [FOUND, MISSING]) == 2
    parsed = json.loads(array.getvalue())
    assert parsed == [json.loads(json_line(r)) for r in (FOUND, MISSING)]
    assert parsed[0]["serial"] == FOUND.serial and parsed[1]["status"] == "not_found"
    assert parsed[1]["seats"] is None


def test_default_file_name():
    assert default_file_name("csv", date(2026, 11, 24)) == "batch-check-2026-11-24.csv"
    assert default_file_name(".json", date(2026, 1, 2)) == "batch-check-2026-01-02.json"


def test_xlsx_holds_typed_cells_and_never_a_formula(tmp_path):
    hostile = CheckResult(
        3,
        "AAAA-BBBB-CCCC-DDDD-FFFF",
        Status.ACTIVE,
        "active",
        found=True,
        licensee='=HYPERLINK("http://evil.example","click")',
        email="+1-555",
        days_left=None,
    )
    path = tmp_path / "out.xlsx"
    path.write_bytes(xlsx_bytes([FOUND, MISSING, hostile]))

    rows = sheet_rows(path)
    assert tuple(rows[0]) == tuple(XLSX_HEADERS.get(c, c) for c in COLUMNS)
    assert XLSX_HEADERS == {"start": "start (UTC)", "end": "end (UTC)"}
    found = dict(zip(COLUMNS, rows[1], strict=False))
    assert found["found"] is True and found["days_left"] == 5  # a boolean and a number
    assert found["licensee"] == "Jensen, Maria" and found["seats"] == "Studio Pro 1/3; Effects 0/3"
    # real date cells (a number of days since 1899-12-30, in a date format), in UTC
    assert excel_time(found["start"]) == datetime(2025, 11, 29, 10, 0)
    assert excel_time(found["end"]) == datetime(2026, 11, 29, 10, 0)
    assert excel_time(found["end"]) - excel_time(found["start"]) == timedelta(days=365)
    assert "yyyy-mm-dd hh:mm:ss" in date_formats(path)
    missing = dict(zip(COLUMNS, rows[2], strict=False))
    assert missing["found"] is False and missing.get("start") is None
    evil = dict(zip(COLUMNS, rows[3], strict=False))
    assert evil["licensee"] == '=HYPERLINK("http://evil.example","click")'  # text, not a formula
    assert evil["email"] == "+1-555"
    assert not any(isinstance(v, tuple) for r in rows for v in r)


HOSTILE = CheckResult(
    3,
    "M4GW-28XU-JXW7-GKU8-DG84",
    Status.EXPIRED,
    "expired 35 days ago",
    found=True,
    type="subscription",
    licensee='=HYPERLINK("http://evil.example","Maria")',
    email="@evil.example",
    sku="-SKU",
    sku_name="Studio\x1b[31m \u202eevil",
    days_left=-35,
    seats=(Seats("+Effects", 0, 3),),
)


def test_csv_guards_the_service_text_and_leaves_our_numbers():
    out = io.StringIO(newline="")
    write_csv(out, [HOSTILE])
    row = dict(zip(COLUMNS, list(csv.reader(io.StringIO(out.getvalue())))[1], strict=True))
    assert row["licensee"] == '\'=HYPERLINK("http://evil.example","Maria")'
    assert row["email"] == "'@evil.example" and row["sku"] == "'-SKU"
    assert row["seats"] == "'+Effects 0/3"
    assert row["sku_name"] == "Studio\\x1b[31m \\u202eevil"
    assert row["days_left"] == "-35"  # a number we wrote: no quote


def test_json_and_xlsx_carry_no_raw_control_or_bidi_character(tmp_path):
    out = io.StringIO()
    write_json(out, [HOSTILE])
    assert "\x1b" not in out.getvalue() and "\u202e" not in out.getvalue()
    assert json.loads(out.getvalue())[0]["sku_name"] == HOSTILE.sku_name  # the same text
    path = tmp_path / "x.xlsx"
    path.write_bytes(xlsx_bytes([HOSTILE]))
    cells = sheet_rows(path)[1]
    assert "Studio\\x1b[31m \\u202eevil" in cells
