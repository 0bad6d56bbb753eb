"""The workspace's History tab: the serial on show, newest first (when in local time, who,
what, outcome, details), other people's entries of the same store included, read again
after each change and at each lookup."""

from __future__ import annotations

from datetime import timedelta

from licensedesk.history import HistorySettings, Recorder
from licensedesk.ui.history.model import COL_DETAILS, COL_OUTCOME, COL_WHAT, COL_WHEN, COL_WHO
from licensedesk.ui.history.panel import NOTHING_YET

from ..helpers import activations_table, click, look_up, select_rows, wait_idle
from .steps import history_tab_title, stored, tab_rows, wait_stored
from .test_recording import active_rows, as_shown, row_id


def someone_else(run, serial: str) -> None:
    """Another person (a CLI command, another window) recorded a change of ``serial`` in the
    same store."""
    other = Recorder.from_settings(HistorySettings(display_name="Bea Berg"))

    async def write() -> None:
        async with other.record(
            "delete", serial=serial, activation_ids=[990], before={"activated": False}
        ) as rec:
            rec.refused("Activation does not exist!")

    try:
        run(write())
    finally:
        other.close()


def test_the_tab_lists_the_serial_newest_first_and_follows_each_change(
    desk, qtbot, run, india_time
):
    sb = desk.sandbox
    serial = sb.serial("perpetual")
    someone_else(run, serial)
    look_up(desk, qtbot, serial)
    qtbot.waitUntil(lambda: history_tab_title(desk) == "History (1)", timeout=3000)
    [theirs] = stored(serial)
    assert tab_rows(desk, COL_WHO) == [f"Bea Berg ({theirs.user}@{theirs.machine})"]
    assert tab_rows(desk, COL_WHAT) == ["Delete device #990"]
    assert tab_rows(desk, COL_OUTCOME) == ["refused: Activation does not exist!"]
    assert tab_rows(desk, COL_DETAILS) == ["was off"]
    local = theirs.time + timedelta(hours=5, minutes=30)  # TZ=IST-5:30 (india_time)
    [when] = tab_rows(desk, COL_WHEN)  # the locale's form (ui/shared/values.py), to the second
    assert local.strftime("%H:%M:%S") in when and str(local.year) in when, when

    table = activations_table(desk)
    row = active_rows(table)[0]
    aid = row_id(table, row)
    shown = as_shown(desk, aid)
    select_rows(table, [row])
    click(qtbot, desk.window.workspace.activations.deactivate_button)
    wait_idle(desk, qtbot)
    qtbot.waitUntil(lambda: history_tab_title(desk) == "History (2)", timeout=3000)
    mine = wait_stored(qtbot, 2, serial=serial)[0]
    assert tab_rows(desk, COL_WHAT)[0] == f"Deactivate device #{aid} ({shown['product']})"
    assert tab_rows(desk, COL_OUTCOME)[0] == f"done: {mine.detail}"
    assert tab_rows(desk, COL_DETAILS)[0] == (
        f"was on; host {shown['host_id'][:12]}\u2026; {shown['device_tag']}"
    )
    assert tab_rows(desk, COL_WHO) == [mine.person, f"Bea Berg ({theirs.user}@{theirs.machine})"]

    look_up(desk, qtbot, sb.serial("trial"))  # another serial: its own (empty) history
    qtbot.waitUntil(lambda: history_tab_title(desk) == "History (0)", timeout=3000)
    assert desk.window.workspace.history.state.message_text() == NOTHING_YET


def test_the_tab_reads_again_when_the_serial_is_looked_up_again(desk, qtbot, run):
    sb = desk.sandbox
    serial = sb.serial("trial")
    look_up(desk, qtbot, serial)
    qtbot.waitUntil(lambda: history_tab_title(desk) == "History (0)", timeout=3000)
    someone_else(run, serial)  # a team member's change meanwhile
    desk.window.registry["refresh"].trigger()  # F5
    qtbot.waitUntil(lambda: history_tab_title(desk) == "History (1)", timeout=3000)
    tabs = desk.window.workspace.lower_tabs
    tabs.setCurrentWidget(desk.window.workspace.history)
    assert desk.window.workspace.history.table.isVisible()
    assert tab_rows(desk, COL_WHAT) == ["Delete device #990"]


def test_a_change_reported_after_closing_reads_nothing(desk, run):
    """On quit the recorder, closed after the history, still reports the outcomes it
    writes; the history must not start a read then (the widgets are about to go)."""
    run(desk.history.controller.aclose())

    desk.history.controller.after_change("LEWX-6XUC-N5G5-Q8F9-Q2R5", None)

    assert not desk.history.controller.is_running()
