"""The one CSV writer of every export: a header, then pages of rows, counted; the same
bytes whatever the page size; and no other module writes CSV."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from licensedesk.export_csv import CsvText, csv_pages, write_rows

APP = Path(__file__).resolve().parents[2] / "app" / "licensedesk"


def test_pages_come_one_at_a_time_after_the_header_and_counted() -> None:
    pages = iter([[("a", 1), ("b, c", 2)], [('say "hi"', 3)]])
    got = csv_pages(("name", "n"), pages, lambda row: [row[0].upper(), row[1]])
    assert next(got) == ("name,n\r\n", 0)
    assert next(got) == ('A,1\r\n"B, C",2\r\n', 2)
    assert next(got) == ('"SAY ""HI""",3\r\n', 1)
    assert next(got, None) is None


def test_a_page_is_read_only_when_its_text_is_asked_for() -> None:
    read: list[int] = []

    def pages():
        for i in range(3):
            read.append(i)
            yield [(i,)]

    got = csv_pages(("n",), pages())
    next(got)
    assert read == []
    next(got)
    assert read == [0]


def test_the_bytes_are_the_same_whatever_the_page_size() -> None:
    rows = [(f"row {i}", i, "x\ny" if i % 7 == 0 else "") for i in range(1234)]
    texts = []
    for page in (1, 10, 500, 5000):
        out = io.StringIO(newline="")
        assert write_rows(out, ("a", "b", "c"), iter(rows), page=page) == len(rows)
        texts.append(out.getvalue())
    expected = io.StringIO(newline="")
    csv.writer(expected).writerows([("a", "b", "c"), *rows])
    assert set(texts) == {expected.getvalue()}


def test_each_page_holds_only_its_own_lines_and_the_line_end_asked_for() -> None:
    text = CsvText(line_end="")
    assert text.text([["a", "b"]]) == "a,b"
    assert text.text([["c"]]) == "c"
    assert CsvText(line_end="\n").text([["a"], ["b"]]) == "a\nb\n"


def test_no_other_module_writes_csv_of_its_own() -> None:
    writes = re.compile(r"\bcsv\.(writer|DictWriter)\(")
    found = [
        str(path.relative_to(APP))
        for path in sorted(APP.rglob("*.py"))
        if path.name != "export_csv.py" and writes.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []
