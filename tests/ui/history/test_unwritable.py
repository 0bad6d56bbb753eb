"""A history that cannot be written never stops a change: the change is sent and done, and
the person is told once, plainly (the workspace's banner), with a mark that stays in the
status bar; a second change says nothing more."""

from __future__ import annotations

from licensedesk.history import local_history_path

from ..helpers import activations_table, click, look_up, select_rows, wait_idle
from ..support_fixtures import server_read
from .test_recording import active_rows, row_id


def test_an_unwritable_history_never_stops_a_change_and_is_said_once(
    desk, qtbot, run, tmp_path, monkeypatch
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("LICENSEDESK_DATA_DIR", str(blocker))
    sb = desk.sandbox
    serial = sb.serial("perpetual")
    look_up(desk, qtbot, serial)
    banner = desk.window.workspace.banner
    said: list[str] = []
    show_error = banner.show_error
    monkeypatch.setattr(
        banner,
        "show_error",
        lambda sentence, details="": (said.append(sentence), show_error(sentence, details)),
    )
    table = activations_table(desk)
    first, second = (row_id(table, r) for r in active_rows(table)[:2])

    select_rows(table, [active_rows(table)[0]])
    click(qtbot, desk.window.workspace.activations.deactivate_button)
    wait_idle(desk, qtbot)
    qtbot.waitUntil(lambda: bool(said), timeout=5000)
    path = local_history_path()
    assert len(said) == 1 and said[0].startswith(
        f"The history is not being recorded: the history file {path} cannot be opened ("
    )
    assert banner.isVisible() and banner.text() == said[0]
    assert desk.window.statusBar().currentMessage() == "1 of 1 deactivated."
    assert {a.id: a.activated for a in server_read(run, sb, "activations", serial)}[
        first
    ] is False  # the change was made
    mark = desk.history.problem_mark
    assert mark.isVisible() and mark.toolTip() == said[0]

    click(qtbot, banner.close_button)  # read and dismissed
    select_rows(
        table, [next(r for r in range(table.model().rowCount()) if row_id(table, r) == second)]
    )
    click(qtbot, desk.window.workspace.activations.deactivate_button)
    wait_idle(desk, qtbot)
    qtbot.waitUntil(
        lambda: desk.window.statusBar().currentMessage() == "1 of 1 deactivated.", timeout=3000
    )
    assert {a.id: a.activated for a in server_read(run, sb, "activations", serial)}[second] is False
    assert len(said) == 1 and not banner.isVisible()  # told once
    assert mark.isVisible()
