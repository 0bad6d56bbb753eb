"""Activations: toggle, delete (confirm / cancel), bulk with a failing row, cancel,
filter, sort, copy, CSV export."""

from __future__ import annotations

import csv

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from licensedesk.ui.activations.model import COL_ACTIVATED, COL_HOST, COL_ID, ID_ROLE
from licensedesk.ui.shared.confirm import ConfirmDialog

from ..helpers import (
    activations_table,
    click,
    data_activations,
    look_up,
    row_texts,
    select_rows,
    wait_idle,
)


def server_activations(desk, run, kind):
    """What the service holds now, read with a separate client."""
    from licensedesk.api import ClientConfig, Credentials, LicenseClient

    app_id, key = desk.sandbox.creds("read_write")

    async def read():
        async with LicenseClient(
            ClientConfig(
                desk.sandbox.url, read=Credentials(app_id, key), write=Credentials(app_id, key)
            )
        ) as c:
            return {a.id: a for a in await c.activations(desk.sandbox.serial(kind))}

    return run(read())


def fake_confirm(monkeypatch, answer: bool, seen: list):
    async def ask(parent, title, text, accept="OK"):
        seen.append((title, text))
        return answer

    monkeypatch.setattr(ConfirmDialog, "ask", ask)


def test_toggle_one_updates_the_row_in_place(desk, qtbot, run):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    table = activations_table(desk)
    model = desk.window.workspace.activations.model
    resets, changed = [], []
    model.modelReset.connect(lambda: resets.append(1))
    model.dataChanged.connect(lambda a, b, _roles=(): changed.append((a.row(), b.row())))
    row = next(
        r
        for r in range(table.model().rowCount())
        if table.model().index(r, COL_ACTIVATED).data(Qt.ItemDataRole.CheckStateRole)
        == Qt.CheckState.Checked
    )
    aid = table.model().index(row, COL_ID).data(ID_ROLE)
    # a person: go to the Activated cell and press Space (toggles the checkbox)
    table.setFocus()
    table.setCurrentIndex(table.model().index(row, COL_ACTIVATED))
    QTest.keyClick(table, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: not desk.runner.running() and bool(changed), timeout=5000)
    assert resets == []
    assert all(a == b for a, b in changed)  # one row per dataChanged
    assert (
        table.model().index(row, COL_ACTIVATED).data(Qt.ItemDataRole.CheckStateRole)
        == Qt.CheckState.Unchecked
    )
    assert server_activations(desk, run, "perpetual")[aid].activated is False


def test_delete_one_confirm_and_cancel(desk, qtbot, run, monkeypatch):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    table = activations_table(desk)
    count = table.model().rowCount()
    select_rows(table, [0])
    aid = table.model().index(0, COL_ID).data(ID_ROLE)
    host = data_activations(desk.sandbox, "perpetual")
    host_of = {a["id"]: a["host_id"] for a in host}
    seen: list = []
    fake_confirm(monkeypatch, False, seen)
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Delete)
    wait_idle(desk, qtbot)
    assert len(seen) == 1 and host_of[aid] in seen[0][1]  # names the device
    assert table.model().rowCount() == count
    assert aid in server_activations(desk, run, "perpetual")

    fake_confirm(monkeypatch, True, seen)
    click(qtbot, desk.window.workspace.activations.delete_button)
    wait_idle(desk, qtbot)
    assert len(seen) == 2
    assert table.model().rowCount() == count - 1
    assert aid not in server_activations(desk, run, "perpetual")


def test_real_confirm_dialog_cancel_keeps_the_row(desk, qtbot, run):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    table = activations_table(desk)
    count = table.model().rowCount()
    select_rows(table, [0])
    click(qtbot, desk.window.workspace.activations.delete_button)
    qtbot.waitUntil(
        lambda: (
            desk.window.findChild(ConfirmDialog) is not None
            and desk.window.findChild(ConfirmDialog).isVisible()
        )
    )
    dialog = desk.window.findChild(ConfirmDialog)
    assert any("cannot be undone" in label.text() for label in dialog.findChildren(QLabel))
    QTest.keyClick(dialog, Qt.Key.Key_Escape)
    wait_idle(desk, qtbot)
    assert table.model().rowCount() == count


def test_bulk_deactivate_reports_the_failing_row(desk, qtbot, run, monkeypatch):
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("many_activations"))
    table = activations_table(desk)
    ids = [table.model().index(r, COL_ID).data(ID_ROLE) for r in range(3)]
    gone = ids[1]

    from licensedesk.api import ClientConfig, Credentials, LicenseClient

    app_id, key = sandbox.creds("read_write")

    async def delete_meanwhile():
        async with LicenseClient(
            ClientConfig(sandbox.url, write=Credentials(app_id, key), read=Credentials(app_id, key))
        ) as c:
            await c.delete_activation(gone)

    run(delete_meanwhile())
    select_rows(table, [0, 1, 2])
    assert desk.window.workspace.activations.selected_ids() == ids
    click(qtbot, desk.window.workspace.activations.deactivate_button)
    wait_idle(desk, qtbot)
    banner = desk.window.workspace.banner
    assert banner.isVisible()
    assert "2 of 3 deactivated; 1 failed" in banner.text()
    assert f"#{gone}" in banner.details.toPlainText()
    now = server_activations(desk, run, "many_activations")
    assert now[ids[0]].activated is False and now[ids[2]].activated is False
    assert not desk.window.workspace.activations.progress_row.isVisible()


def test_bulk_can_be_cancelled(desk, qtbot, run):
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("many_activations"))
    table = activations_table(desk)
    panel = desk.window.workspace.activations
    table.selectAll()
    total = len(panel.selected_ids())
    results = []
    desk.activations.bulkFinished.connect(results.append)
    sandbox.set_latency(150)
    click(qtbot, panel.deactivate_button)
    qtbot.waitUntil(lambda: panel.progress.value() >= 1, timeout=5000)
    assert panel.progress_row.isVisible()
    assert not panel.delete_button.isEnabled()  # no second write while one runs
    click(qtbot, panel.cancel_button)
    wait_idle(desk, qtbot)
    sandbox.set_latency(0)
    assert results and results[-1].cancelled
    done = len(results[-1].succeeded)
    assert 1 <= done < total
    now = server_activations(desk, run, "many_activations")
    assert sum(1 for a in now.values() if not a.activated) < total


def test_filter_sort_copy_and_csv(desk, qtbot, tmp_path, monkeypatch):
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("many_activations"))
    panel = desk.window.workspace.activations
    table = activations_table(desk)
    acts = data_activations(sandbox, "many_activations")
    assert table.model().rowCount() == len(acts)
    # filter by part of one host id
    target = acts[5]["host_id"]
    qtbot.mouseClick(panel.filter, Qt.MouseButton.LeftButton)
    QTest.keyClicks(panel.filter, target[:12].upper())
    assert table.model().rowCount() == 1
    assert target in table.model().index(0, COL_HOST).data()
    assert panel.count_label.text() == f"1 of {len(acts)}"
    panel.filter.clear()
    assert table.model().rowCount() == len(acts)
    # sort by ID descending: click the header twice
    header = table.horizontalHeader()
    where = QPoint(header.sectionViewportPosition(COL_ID) + 5, 5)
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=where)
    ids = [int(t) for t in row_texts(table, COL_ID)]
    if ids != sorted(ids):
        QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=where)
        ids = [int(t) for t in row_texts(table, COL_ID)]
    assert ids == sorted(ids)
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=where)
    ids = [int(t) for t in row_texts(table, COL_ID)]
    assert ids == sorted(ids, reverse=True)
    # sort by host id too (text column)
    QTest.mouseClick(
        header.viewport(),
        Qt.MouseButton.LeftButton,
        pos=QPoint(header.sectionViewportPosition(COL_HOST) + 5, 5),
    )
    hosts = row_texts(table, COL_HOST)
    assert hosts in (sorted(hosts), sorted(hosts, reverse=True))
    # copy two rows with Ctrl+C
    select_rows(table, [0, 1])
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    lines = QGuiApplication.clipboard().text().splitlines()
    assert len(lines) == 2 and lines[0].split("\t")[0] == row_texts(table, COL_ID)[0]
    # CSV of the filtered view
    QTest.keyClicks(panel.filter, "linux")
    shown = table.model().rowCount()
    assert 0 < shown < len(acts)
    out = tmp_path / "acts.csv"
    monkeypatch.setattr(panel, "ask_csv_path", lambda _proposed: str(out))
    click(qtbot, panel.export_button)
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0][2:7] == ["ID", "Product", "Host ID", "Device tag", "Activated"]
    assert len(rows) == shown + 1
    by_id = {a["id"]: a for a in acts}
    for r in rows[1:]:
        a = by_id[int(r[2])]
        assert r[4] == a["host_id"] and r[5] == a["device_tag"]
        assert r[6] == ("true" if a["activated"] else "false")
        assert "linux" in a["device_tag"].lower()


def test_no_activations_shows_the_empty_text(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("no_activations"))
    panel = desk.window.workspace.activations
    assert panel.state.message_text() == "No devices activated"
    assert not desk.window.workspace.banner.isVisible()
    assert not panel.export_button.isEnabled()
