"""Nothing stale: the paste hint ("holds N serials… Check all N") goes when another
licence is opened or another profile chosen, and the batch window drops the rows checked
with the other profile (the serials stay in the box, to check again)."""

from __future__ import annotations

from ..batch.steps import column, double_click, wait_checked
from ..helpers import click, wait_idle
from .test_serial_box import paste_and_enter
from .test_stop_and_recent import _choose_profile, _second_profile


def paste_two(desk, qtbot) -> tuple[str, str]:
    first, second = desk.sandbox.serial("perpetual"), desk.sandbox.serial("trial")
    paste_and_enter(desk, qtbot, f"{first}\n{second}\n")
    ws = desk.window.workspace
    qtbot.waitUntil(lambda: desk.lookup.serial == first, timeout=3000)
    wait_idle(desk, qtbot)
    assert ws.hint.isVisible() and ws.check_all_button.isVisible()
    return first, second


def test_the_paste_hint_goes_when_another_licence_is_opened(desk, qtbot):
    _first, second = paste_two(desk, qtbot)
    ws = desk.window.workspace
    click(qtbot, ws.check_all_button)
    wait_checked(desk, qtbot)
    window = desk.batch.window
    row = column(window, 0).index(second)

    double_click(window.table, window.table.model().index(row, 0))

    qtbot.waitUntil(lambda: desk.lookup.serial == second, timeout=3000)
    wait_idle(desk, qtbot)
    assert not ws.hint.isVisible() and not ws.check_all_button.isVisible()


def test_another_profile_clears_the_hint_and_the_batch_rows(desk, qtbot, store, secrets):
    other = _second_profile(store, secrets, desk.sandbox)
    desk.profiles.refresh()
    paste_two(desk, qtbot)
    ws = desk.window.workspace
    click(qtbot, ws.check_all_button)
    wait_checked(desk, qtbot)
    window = desk.batch.window
    assert window.model.rowCount() == 2

    _choose_profile(desk, qtbot, other)

    assert not ws.hint.isVisible() and not ws.check_all_button.isVisible()
    assert window.model.rowCount() == 0 and window.windowTitle().endswith(other)
    assert window.status_label.text() == "The rows checked with the other profile were cleared."
    assert not window.export_csv_button.isEnabled()
    assert window.text().count("\n") == 2  # the serials stay, to check on this profile
