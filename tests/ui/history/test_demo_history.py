"""The built-in demo's changes are recorded in a history of the session only: the History tab
shows them, but nothing reaches the history the settings name (this computer's file or a
team's database), and the session's history is gone after quitting. Choosing a real
profile records into the configured store again."""

from __future__ import annotations

from ..helpers import activations_table, click, look_up, select_rows, wait_idle
from .steps import history_tab_title, stored
from .test_recording import active_rows


def test_the_demo_records_into_a_history_of_the_session_only(
    make_desk, qtbot, run, sandbox_profile
):
    desk = make_desk()
    desk.start_demo()
    qtbot.waitUntil(lambda: desk.demo is not None and not desk.runner.running(), timeout=15000)
    assert desk.recorder.session_only
    serial = desk.demo.serials()["perpetual"]
    look_up(desk, qtbot, serial)
    table = activations_table(desk)
    select_rows(table, [active_rows(table)[0]])
    click(qtbot, desk.window.workspace.activations.deactivate_button)
    wait_idle(desk, qtbot)
    qtbot.waitUntil(lambda: history_tab_title(desk) == "History (1)", timeout=5000)
    assert stored() == []  # not this computer's history
    session = desk.recorder.session_folder
    assert (session / "history.sqlite3").exists()

    desk.profiles.show_chosen(sandbox_profile)  # a real profile: the configured store again
    assert not desk.recorder.session_only
    look_up(desk, qtbot, serial)  # the sandbox fixture's data: same demo serials
    table = activations_table(desk)
    select_rows(table, [active_rows(table)[0]])
    click(qtbot, desk.window.workspace.activations.deactivate_button)
    wait_idle(desk, qtbot)
    qtbot.waitUntil(lambda: len(stored(serial)) == 1, timeout=5000)
    assert stored(serial)[0].profile == sandbox_profile
    # the desk reads the store in use now, not the demo's it read before
    assert [e.id for e in run(desk.recorder.history(serial))] == [stored(serial)[0].id]
    run(desk.aclose())
    assert not session.exists()
