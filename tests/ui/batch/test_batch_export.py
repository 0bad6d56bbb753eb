"""Export CSV… / JSON… / XLSX… of the answers shown: the engine's columns, times with their
UTC offset, a file name from the date in the folder used last; a file that cannot be
written is a sentence, not a traceback. Only the OS file dialog is replaced."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from licensedesk.batch.export import COLUMNS

from ...support.xlsx_cells import sheet_rows
from ...support.zones import days_around
from ..helpers import click
from .steps import check_text, choose_filter, unknown


def answer_dialog(monkeypatch, window, answer) -> list[tuple[str, str]]:
    """Replace the save dialog: record (proposed path, kind), answer ``answer(proposed)``."""
    asked: list[tuple[str, str]] = []

    def ask(proposed: str, kind: str) -> str:
        asked.append((proposed, kind))
        return str(answer(proposed))

    monkeypatch.setattr(window, "ask_save_path", ask)
    return asked


def test_csv_then_json_hold_the_rows_shown_with_offset_times(desk, qtbot, tmp_path,
                                                             monkeypatch, india_time):
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
    assert tuple(rows[0]) == COLUMNS
    body = [dict(zip(COLUMNS, r, strict=True)) for r in rows[1:]]
    assert [r["serial"] for r in body] == [*serials, unknown(3)]  # answers only: not the typo
    assert [r["status"] for r in body] == ["active", "active", "expiring", "not_found"]
    assert body[0]["seats"] == "Studio Pro 2/3; Studio Pro Effects Pack 0/3"
    assert body[1]["start"].endswith("+05:30") and body[1]["end"].endswith("+05:30")
    assert window.status_label.text() == f"Saved 4 rows to {path}"

    choose_filter(window, "expiring")  # what the table shows is what is written
    days = days_around(lambda: click(qtbot, window.export_json_button))
    assert asked[1] in {(str(folder / f"batch-check-{d}.json"), "json")  # the folder used last
                        for d in days}
    rows = json.loads(Path(asked[1][0]).read_text(encoding="utf-8"))
    assert [r["serial"] for r in rows] == [sandbox.serial("trial")]
    assert set(rows[0]) == set(COLUMNS)
    assert rows[0]["days_left"] == 25 and rows[0]["found"] is True
    assert rows[0]["end"].endswith("+05:30")


def test_an_unwritable_path_is_a_sentence_not_a_traceback(desk, qtbot, tmp_path, monkeypatch):
    window = check_text(desk, qtbot, desk.sandbox.serial("perpetual"))
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    target = blocker / "out.csv"
    answer_dialog(monkeypatch, window, lambda _p: target)

    click(qtbot, window.export_csv_button)

    assert window.banner.text() == (
        f"Could not save to {target}: part of the path is a file, not a folder.")
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
    assert tuple(rows[0]) == COLUMNS
    body = [dict(zip(COLUMNS, r, strict=False)) for r in rows[1:]]
    assert [r["serial"] for r in body] == serials
    assert body[1]["days_left"] == 25 and body[1]["found"] is True  # a number, a boolean
    assert body[2]["status"] == "not_found" and body[2]["found"] is False
    assert window.status_label.text().startswith("Saved 3 rows to ")


def test_a_name_typed_without_an_extension_gets_the_kind(desk, qtbot, tmp_path, monkeypatch):
    window = check_text(desk, qtbot, unknown(5))
    answer_dialog(monkeypatch, window, lambda _p: tmp_path / "customers")

    click(qtbot, window.export_json_button)

    assert json.loads((tmp_path / "customers.json").read_text(encoding="utf-8"))[0]["serial"] \
        == unknown(5)
    assert not (tmp_path / "customers").exists()
