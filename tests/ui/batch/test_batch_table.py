"""The answers table: sort by a column, filter by kind of answer, double-click a row to
look the serial up in the main window."""

from __future__ import annotations

from licensedesk.ui.batch.model import COL_DAYS, COL_SERIAL, COL_START, COL_STATUS

from ..helpers import serial_box, wait_idle
from .steps import check_text, choose_filter, click_header, column, double_click, unknown


def mixed(sandbox) -> list[str]:
    kinds = (
        "perpetual",
        "subscription_expired",
        "trial",
        "subscription_active",
        "subscription_not_started",
    )
    return [sandbox.serial(k) for k in kinds]


def test_sort_by_days_left_and_by_status(desk, qtbot):
    sandbox = desk.sandbox
    serials = mixed(sandbox)
    window = check_text(desk, qtbot, "\n".join([*serials, unknown(7)]))

    click_header(window, qtbot, COL_DAYS)
    days = column(window, COL_DAYS)
    assert days[:4] == ["-35", "25", "325", "372"]  # numbers as numbers, empty cells last
    assert set(days[4:]) == {""}
    click_header(window, qtbot, COL_DAYS)
    assert column(window, COL_DAYS)[:4] == ["372", "325", "25", "-35"]  # blanks last too

    click_header(window, qtbot, COL_STATUS)
    assert column(window, COL_STATUS) == [
        "not found",
        "expired 35 days ago",
        "expires in 25 days",
        "not started: starts in 7 days",
        "active",
        "active",
    ]


def test_blank_cells_stay_last_in_both_directions(desk, qtbot):
    """As in a spreadsheet: a perpetual licence (no days left), a serial not found and a
    token that is not a serial sort after every number, ascending and descending."""
    sandbox = desk.sandbox
    serials = mixed(sandbox)
    window = check_text(desk, qtbot, "\n".join([unknown(7), "ABCD-1234-EFGH-5678", *serials]))
    blanks = [unknown(7), serials[0], "ABCD-1234-EFGH-5678"]  # the table's order

    click_header(window, qtbot, COL_DAYS)
    assert column(window, COL_DAYS) == ["-35", "25", "325", "372", "", "", ""]
    assert column(window, COL_SERIAL)[4:] == blanks
    click_header(window, qtbot, COL_DAYS)  # descending: the numbers turn, the blanks stay
    assert column(window, COL_DAYS) == ["372", "325", "25", "-35", "", "", ""]
    assert column(window, COL_SERIAL)[4:] == blanks

    click_header(window, qtbot, COL_START)  # a time column: blank starts last as well
    click_header(window, qtbot, COL_START)
    starts = column(window, COL_START)
    assert starts[-3:] == ["", "", ""] and "" not in starts[:-3]


def test_filter_shows_one_kind_of_answer_and_says_how_many(desk, qtbot):
    sandbox = desk.sandbox
    serials = mixed(sandbox)
    window = check_text(desk, qtbot, "\n".join([*serials, unknown(7), "ABCD-1234-EFGH-5678"]))
    assert window.shown_label.text() == "7 rows"

    choose_filter(window, "expiring")
    assert column(window, COL_SERIAL) == [sandbox.serial("trial")]
    assert window.shown_label.text() == "1 of 7"
    choose_filter(window, "not_found")
    assert column(window, COL_SERIAL) == [unknown(7)]
    choose_filter(window, "expired")
    assert column(window, COL_SERIAL) == [sandbox.serial("subscription_expired")]
    choose_filter(window, "errors")
    assert column(window, COL_SERIAL) == []
    choose_filter(window, "not_serial")
    assert column(window, COL_SERIAL) == ["ABCD-1234-EFGH-5678"]
    choose_filter(window, "all")
    assert len(column(window, COL_SERIAL)) == 7


def test_answers_that_come_in_join_the_filter_on_show(desk, qtbot):
    sandbox = desk.sandbox
    sandbox.faults.add("slow", delay_ms=150)
    from .steps import check, open_batch, paste, wait_checked

    window = open_batch(desk, qtbot)
    paste(window, qtbot, "\n".join([*mixed(sandbox), unknown(1), unknown(2)]))
    check(window, qtbot)
    choose_filter(window, "not_found")
    assert column(window, COL_SERIAL) == []  # nothing answered yet
    wait_checked(desk, qtbot)
    assert column(window, COL_SERIAL) == [unknown(1), unknown(2)]


def test_double_click_looks_the_serial_up_in_the_main_window(desk, qtbot):
    sandbox = desk.sandbox
    serials = mixed(sandbox)
    window = check_text(desk, qtbot, "\n".join(serials))
    click_header(window, qtbot, COL_STATUS)  # the row is found wherever it is shown
    target = sandbox.serial("trial")
    row = column(window, COL_SERIAL).index(target)
    double_click(window.table, window.table.model().index(row, COL_STATUS))

    qtbot.waitUntil(lambda: desk.lookup.serial == target, timeout=3000)
    wait_idle(desk, qtbot)
    assert serial_box(desk).text() == target
    assert desk.window.workspace.card.license.serial == target
    assert window.isVisible()  # the batch window stays open for the next row
