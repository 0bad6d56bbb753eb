"""Export CSV… / JSON… / XLSX… of the rows shown: the engine's columns, times with their
UTC offset (XLSX: UTC date cells), the rows without an answer ("not a serial") too, each
with the input line it came from; a file name from the date in the folder used last; a
file that cannot be written is a sentence, not a traceback. Only the OS file dialog is
replaced."""

from __future__ import annotations

import csv
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from licensedesk.batch.export import COLUMNS, SOURCE_COLUMNS, XLSX_HEADERS

from ...support.xlsx_cells import sheet_rows
from ...support.zones import days_around
from ..helpers import click
from .steps import check_text, choose_filter, unknown

WRITTEN = (*COLUMNS, *SOURCE_COLUMNS)  # the window's exports say where each row came from


def answer_dialog(monkeypatch, window, answer) -> list[tuple[str, str]]:
    """Replace the save dialog: record (proposed path, kind), answer ``answer(proposed)``."""
    asked: list[tuple[str, str]] = []

    def ask(proposed: str, kind: str) -> str:
        asked.append((proposed, kind))
        return str(answer(proposed))

    monkeypatch.setattr(window, "ask_save_path", ask)
    return asked


def test_csv_then_json_hold_the_rows_shown_with_offset_times(
    desk, qtbot, tmp_path, monkeypatch, india_time
):
    sandbox = desk.sandbox
    kinds = ("perpetual", "subscription_active", "trial")
    serials = [sandbox.serial(k) for k in kinds]
    window = check_text(desk, qtbot, "\n".join([*serials, unknown(3), "ABCD-1234-EFGH-5678"]))
    folder = tmp_path / "exports"
    folder.mkdir()
    asked = answer_dialog(monkeypatch, window, lambda p: folder / p.rsplit("/", 1)[-1])

    days = days_around(lambda: click(qtbot, window.export_csv_button))  # India's day

    name = asked[0][0].rsplit("/", 1)[-1]
    assert name in {f"batch-check-{d}.csv" for d in days} and asked[0][1] == "csv"
    path = folder / name
    with path.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.reader(stream))
    assert tuple(rows[0]) == WRITTEN
    body = [dict(zip(WRITTEN, r, strict=True)) for r in rows[1:]]
    # every row shown, the typo too, each with its input line
    assert [r["serial"] for r in body] == [*serials, unknown(3), "ABCD-1234-EFGH-5678"]
    assert [r["status"] for r in body] == [
        "active",
        "active",
        "expiring",
        "not_found",
        "not_serial",
    ]
    assert body[4]["words"] == "not a serial" and body[4]["found"] == ""
    assert [r["line"] for r in body] == ["1", "2", "3", "4", "5"]
    assert body[4]["input"] == "ABCD-1234-EFGH-5678" and body[0]["input"] == serials[0]
    assert body[0]["seats"] == "Studio Pro 2/3; Studio Pro Effects Pack 0/3"
    assert body[1]["start"].endswith("+05:30") and body[1]["end"].endswith("+05:30")
    assert window.status_label.text() == f"Saved 5 rows to {path}"

    choose_filter(window, "expiring")  # what the table shows is what is written
    days = days_around(lambda: click(qtbot, window.export_json_button))
    assert asked[1] in {
        (str(folder / f"batch-check-{d}.json"), "json")  # the folder used last
        for d in days
    }
    rows = json.loads(Path(asked[1][0]).read_text(encoding="utf-8"))
    assert [r["serial"] for r in rows] == [sandbox.serial("trial")]
    assert set(rows[0]) == set(WRITTEN)
    assert rows[0]["days_left"] == 25 and rows[0]["found"] is True
    assert rows[0]["end"].endswith("+05:30") and rows[0]["line"] == 3


def test_only_the_not_a_serial_rows_shown_are_exported_with_their_lines(
    desk, qtbot, tmp_path, monkeypatch
):
    first = desk.sandbox.serial("perpetual")
    text = "\n".join(
        [
            "Serial;Customer",
            f"{first};Jensen",
            "LEWX-6XUC-N5G5-Q8F9-Q2R5-9999;Berg",
            unknown(2),
            "ABCD-1234-EFGH-5678;Olsen",
        ]
    )
    window = check_text(desk, qtbot, text)
    asked = answer_dialog(monkeypatch, window, lambda p: tmp_path / p.rsplit("/", 1)[-1])
    choose_filter(window, "not_serial")
    assert window.proxy.rowCount() == 2

    click(qtbot, window.export_csv_button)

    path = tmp_path / asked[0][0].rsplit("/", 1)[-1]
    with path.open(newline="", encoding="utf-8") as stream:
        body = [dict(zip(WRITTEN, r, strict=True)) for r in list(csv.reader(stream))[1:]]
    assert [(r["serial"], r["status"], r["line"], r["input"]) for r in body] == [
        ("LEWX-6XUC-N5G5-Q8F9-Q2R5-9999", "not_serial", "3", "LEWX-6XUC-N5G5-Q8F9-Q2R5-9999;Berg"),
        ("ABCD-1234-EFGH-5678", "not_serial", "5", "ABCD-1234-EFGH-5678;Olsen"),
    ]
    assert window.status_label.text() == f"Saved 2 rows to {path}"


def test_an_unwritable_path_is_a_sentence_not_a_traceback(desk, qtbot, tmp_path, monkeypatch):
    window = check_text(desk, qtbot, desk.sandbox.serial("perpetual"))
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    target = blocker / "out.csv"
    answer_dialog(monkeypatch, window, lambda _p: target)

    click(qtbot, window.export_csv_button)

    assert window.banner.text() == (
        f"Could not save to {target}: part of the path is a file, not a folder."
    )
    assert "Traceback" not in window.banner.details.toPlainText()
    assert desk.error_dialog is None or not desk.error_dialog.isVisible()
    assert not target.exists()
    assert "Saved" not in window.status_label.text()


def test_export_is_offered_once_there_is_an_answer(desk, qtbot):
    from .steps import open_batch

    window = open_batch(desk, qtbot)
    assert not window.export_csv_button.isEnabled()
    assert not window.export_json_button.isEnabled()
    assert not window.export_xlsx_button.isEnabled()
    check_text(desk, qtbot, unknown(1))
    assert window.export_csv_button.isEnabled() and window.export_json_button.isEnabled()
    assert window.export_xlsx_button.isEnabled()


def test_xlsx_holds_the_rows_shown_as_typed_cells(desk, qtbot, tmp_path, monkeypatch):
    sandbox = desk.sandbox
    serials = [sandbox.serial("perpetual"), sandbox.serial("trial"), unknown(4)]
    window = check_text(desk, qtbot, "\n".join(serials))
    asked = answer_dialog(monkeypatch, window, lambda p: tmp_path / p.rsplit("/", 1)[-1])

    days = days_around(lambda: click(qtbot, window.export_xlsx_button))

    name = asked[0][0].rsplit("/", 1)[-1]
    assert name in {f"batch-check-{d}.xlsx" for d in days} and asked[0][1] == "xlsx"
    rows = sheet_rows(tmp_path / name)
    assert tuple(rows[0]) == tuple(XLSX_HEADERS.get(c, c) for c in WRITTEN)
    body = [dict(zip(WRITTEN, r, strict=False)) for r in rows[1:]]
    assert [r["serial"] for r in body] == serials
    assert body[1]["days_left"] == 25 and body[1]["found"] is True  # a number, a boolean
    assert body[2]["status"] == "not_found" and body[2]["found"] is False
    # the trial's end: a date cell in UTC, 25 days (counted up) after the check
    end = datetime(1899, 12, 30) + timedelta(days=body[1]["end"])
    assert timedelta(days=24) < end - datetime.now(UTC).replace(tzinfo=None) <= timedelta(days=25)
    assert body[1]["line"] == 2 and body[1]["input"] == serials[1]
    assert window.status_label.text().startswith("Saved 3 rows to ")


def test_a_name_typed_without_an_extension_gets_the_kind(desk, qtbot, tmp_path, monkeypatch):
    window = check_text(desk, qtbot, unknown(5))
    answer_dialog(monkeypatch, window, lambda _p: tmp_path / "customers")

    click(qtbot, window.export_json_button)

    assert json.loads((tmp_path / "customers.json").read_text(encoding="utf-8"))[0][
        "serial"
    ] == unknown(5)
    assert not (tmp_path / "customers").exists()
