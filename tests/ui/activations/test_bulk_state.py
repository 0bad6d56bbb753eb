"""After a bulk deactivate the rows show the service's new state (its new Updated
times), and a device already off is neither sent nor counted as deactivated; when
that second read fails, the status bar keeps the summary and says to press F5."""

from __future__ import annotations

from licensedesk.ui.activations.model import COL_ID, COL_UPDATED, ID_ROLE

from ..helpers import activations_table, click, look_up, row_texts, select_rows, wait_idle
from ..support_fixtures import server_read


def server_activations(desk, run, kind: str) -> dict:
    """What the service holds now, read with a separate client."""
    rows = server_read(run, desk.sandbox, "activations", desk.sandbox.serial(kind))
    return {a.id: a for a in rows}


def test_bulk_deactivate_skips_devices_already_off_and_shows_new_times(desk, qtbot, run):
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    table = activations_table(desk)
    panel = desk.window.workspace.activations
    before = server_activations(desk, run, "perpetual")
    ids = [table.model().index(r, COL_ID).data(ID_ROLE) for r in range(table.model().rowCount())]
    off = [aid for aid in ids if not before[aid].activated]
    on = [aid for aid in ids if before[aid].activated]
    assert len(off) == 1 and len(on) == 2  # the demo data: two devices on, one off
    shown_before = dict(zip(ids, row_texts(table, COL_UPDATED), strict=True))
    puts = sandbox.request_count("PUT")

    select_rows(table, list(range(len(ids))))
    click(qtbot, panel.deactivate_button)
    wait_idle(desk, qtbot)

    assert desk.window.statusBar().currentMessage() == "2 of 2 deactivated; 1 was already off."
    assert sandbox.request_count("PUT") - puts == 2  # the device already off was not sent
    after = server_activations(desk, run, "perpetual")
    assert after[off[0]].updated_at == before[off[0]].updated_at
    shown_after = dict(zip(ids, row_texts(table, COL_UPDATED), strict=True))
    for aid in on:
        assert after[aid].updated_at != before[aid].updated_at
        assert shown_after[aid] != shown_before[aid]  # the table shows the new time
        assert panel.model.activation(aid) == after[aid]
    assert shown_after[off[0]] == shown_before[off[0]]
    assert panel.selected_ids() == ids  # the rows were updated in place


def test_a_failed_reread_keeps_the_summary_and_asks_for_f5(desk, qtbot):
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    table = activations_table(desk)
    panel = desk.window.workspace.activations
    sandbox.faults.add("http500_html", path="/v2/activations/", method="GET")
    on = next(
        r
        for r in range(table.model().rowCount())
        if panel.model.activation(table.model().index(r, COL_ID).data(ID_ROLE)).activated
    )

    select_rows(table, [on])
    click(qtbot, panel.deactivate_button)
    wait_idle(desk, qtbot)

    message = desk.window.statusBar().currentMessage()
    assert message.startswith("1 of 1 deactivated. The devices could not be read again (")
    assert message.endswith("press F5 to reload.")
    assert not desk.window.workspace.banner.isVisible()
    assert desk.error_dialog is None or not desk.error_dialog.isVisible()
