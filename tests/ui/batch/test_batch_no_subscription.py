"""A subscription without a period (the demo's ``subscription_none``) is what the service's
validation says of it, "No Active Subscription!": never "active", in the table, its
summary, its filter and its exports, in English and in German, with a product chosen or
not."""

from __future__ import annotations

import csv

from licensedesk.batch.export import COLUMNS, SOURCE_COLUMNS, XLSX_HEADERS

from ...support.xlsx_cells import sheet_rows
from ..helpers import click
from .steps import (
    check,
    check_text,
    choose_filter,
    column,
    open_batch,
    paste,
    wait_checked,
    words_by_serial,
)
from .test_batch_export import answer_dialog

WRITTEN = (*COLUMNS, *SOURCE_COLUMNS)
REASON = "There is no active subscription for this licence."


def exported(window, qtbot, monkeypatch, folder, button) -> list[dict]:
    """The rows the export button writes (the save dialog answered with ``folder``)."""
    asked = answer_dialog(monkeypatch, window, lambda p: folder / p.rsplit("/", 1)[-1])
    click(qtbot, button)
    path = folder / asked[-1][0].rsplit("/", 1)[-1]
    if path.suffix == ".xlsx":
        rows = sheet_rows(path)
        assert tuple(rows[0]) == tuple(XLSX_HEADERS.get(c, c) for c in WRITTEN)
        return [dict(zip(WRITTEN, r, strict=False)) for r in rows[1:]]
    with path.open(newline="", encoding="utf-8") as stream:
        return [dict(zip(WRITTEN, r, strict=True)) for r in list(csv.reader(stream))[1:]]


def test_it_is_no_active_subscription_in_the_table_and_the_exports(
    desk, qtbot, tmp_path, monkeypatch
):
    sandbox = desk.sandbox
    none, running = sandbox.serial("subscription_none"), sandbox.serial("perpetual")
    window = check_text(desk, qtbot, f"{none}\n{running}")

    assert words_by_serial(window) == {none: "no active subscription", running: "active"}
    assert window.status_label.text() == (
        "Checked 2 serials: 1 active, 1 without an active subscription."
    )
    choose_filter(window, "no_subscription")
    assert column(window, 0) == [none]
    choose_filter(window, "all")
    for button in (window.export_csv_button, window.export_xlsx_button):
        row = exported(window, qtbot, monkeypatch, tmp_path, button)[0]
        assert row["serial"] == none and row["status"] == "no_subscription"
        assert (row["words"], row["reason"]) == ("no active subscription", REASON)


def test_with_a_product_it_says_so_once(desk, qtbot, tmp_path, monkeypatch):
    """Validate answers "No Active Subscription!" too: one status, the reason said once."""
    sandbox = desk.sandbox
    none = sandbox.serial("subscription_none")
    window = open_batch(desk, qtbot)
    window.product_input.setText(sandbox.product_code("subscription_none"))
    paste(window, qtbot, none)
    check(window, qtbot)
    wait_checked(desk, qtbot)

    assert words_by_serial(window) == {none: "no active subscription"}
    [row] = exported(window, qtbot, monkeypatch, tmp_path, window.export_csv_button)
    assert (row["status"], row["reason"]) == ("no_subscription", REASON)  # said once
    assert sandbox.request_count("POST", "/v2/licenses/valid") == 1  # validate was asked


def test_in_german_the_table_says_it_and_the_exports_stay_english(
    german, desk, qtbot, tmp_path, monkeypatch
):
    none = desk.sandbox.serial("subscription_none")
    window = check_text(desk, qtbot, none)

    assert words_by_serial(window) == {none: "kein aktives Abonnement"}
    assert window.status_label.text().endswith("1 ohne aktives Abonnement.")
    [row] = exported(window, qtbot, monkeypatch, tmp_path, window.export_csv_button)
    assert (row["status"], row["words"], row["reason"]) == (
        "no_subscription",
        "no active subscription",
        REASON,
    )
