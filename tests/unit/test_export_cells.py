"""The spreadsheet formula guard and the visible escapes of every export's text cells."""

from __future__ import annotations

import pytest

from licensedesk.export_cells import cell, csv_cell, text_cell


@pytest.mark.parametrize(
    "text, written",
    [
        ('=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'),
        ("+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\t=1+1", "'\\x09=1+1"),
        ("\r=1+1", "'\\x0d=1+1"),
        ("Ada\x1b[31m \u202eevil", "Ada\\x1b[31m \\u202eevil"),
        ("Jensen, Maria", "Jensen, Maria"),
        ("a=b", "a=b"),
        ("", ""),
    ],
)
def test_text_that_a_spreadsheet_would_run_gets_a_quote(text, written):
    assert text_cell(text) == written


def test_numbers_and_other_values_we_write_stay_as_they_are():
    assert cell(-35) == -35 and cell(0) == 0 and cell(None) is None and cell(True) is True
    assert cell("-35") == "'-35"  # text is a stranger's: only our own numbers are spared


def test_a_json_rows_values_as_csv_cells():
    assert [csv_cell(v) for v in (None, True, False, -35, "=1+1")] == [
        "",
        "true",
        "false",
        "-35",
        "'=1+1",
    ]
