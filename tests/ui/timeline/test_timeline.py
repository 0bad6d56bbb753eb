"""A licence changed behind the desk's back: the card's line after the next lookup names
each change, the Timeline window lists each, dated, marked not made from License Desk,
and a deactivation made from the window with who made it; Enter on a device's change
selects that device (docs/book.md, "Since you last looked").

Everything real: the sandbox over HTTP, changed by another client (a device recorded by
a validation, one deactivated) and as the vendor's dashboard would (its database: no
endpoint changes a licensee or an end), the book and the history in the test's data
folder."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtTest import QTest

from licensedesk.history import HistorySettings, save_settings
from licensedesk.ui.shared.values import local_time
from licensedesk.ui.timeline.model import COL_WHAT, COL_WHEN, COL_WHO

from ..helpers import click, look_up, select_rows, wait_idle
from ..support_fixtures import server_read

YEAR = 365 * 86400
NEW_HOST = "7e57" * 8
NEW_NAME = "Tomás Herrera-Lind"


@pytest.fixture
def ana(tmp_path):
    """This desk's person is Ana Lima in the history (history.json, local store)."""
    save_settings(HistorySettings(display_name="Ana Lima"), tmp_path / "config")


def changed_behind_the_back(run, sandbox, serial: str) -> int:
    """Another client records a new device (a validation with its host) and deactivates
    the licence's one device; the dashboard moves the end a year later and renames the
    licensee. Returns the new device's activation id."""
    code = sandbox.product_code("subscription_active")
    result = server_read(run, sandbox, "validate", serial, code, NEW_HOST, "Linux__64bits")
    assert not isinstance(result, Exception), result
    (old,) = [
        a for a in sandbox.data["activations"] if a["license_id"] == licence_id(sandbox, serial)
    ]
    assert not isinstance(server_read(run, sandbox, "set_activation", old["id"], False), Exception)
    with sqlite3.connect(sandbox.db_path) as conn:
        conn.execute(
            "UPDATE licenses SET end_at = end_at + ?, name = ? WHERE serial = ?",
            (YEAR, NEW_NAME, serial),
        )
    rows = server_read(run, sandbox, "activations", serial)
    return next(a.id for a in rows if a.host_id == NEW_HOST)


def licence_id(sandbox, serial: str) -> int:
    return next(x["id"] for x in sandbox.data["licenses"] if x["serial"] == serial)


def test_changes_behind_the_desks_back_on_the_card_and_in_the_timeline(
    ana, make_desk, sandbox, sandbox_profile, qtbot, run
):
    desk = make_desk(profile=sandbox_profile)
    ws = desk.window.workspace
    line = desk.timeline.line
    serial = sandbox.serial("subscription_active")

    look_up(desk, qtbot, serial)
    assert ws.card.shows_licence()
    assert line.isHidden()  # new to the book: nothing to compare with

    new_id = changed_behind_the_back(run, sandbox, serial)
    before = datetime.now(UTC)
    look_up(desk, qtbot, serial)
    assert not line.isHidden()
    said = line.summary()
    assert said.startswith("Since "), said
    for words in (
        "1 device added, not from License Desk",
        "1 device deactivated, not from License Desk",
        "licensee changed, not from License Desk",
        "days later, renewed",
    ):
        assert words in said, said

    look_up(desk, qtbot, sandbox.serial("perpetual"))  # another licence: the line goes
    assert line.isHidden()
    look_up(desk, qtbot, serial)  # again, nothing changed meanwhile: no line
    assert line.isHidden()

    # a deactivation made from the window, by Ana
    table = ws.activations.table
    select_rows(table, [ws.activations.model.row_of(new_id)])
    click(qtbot, ws.activations.deactivate_button)
    wait_idle(desk, qtbot)
    assert ws.activations.model.activation(new_id).activated is False

    desk.window.registry["timeline"].trigger()  # Support -> Timeline of this licence…
    window = desk.timeline.window
    assert window is not None and window.isVisible()
    qtbot.waitUntil(lambda: window.model.rowCount() >= 5 and not desk.runner.running())
    items = [window.model.item(r) for r in range(window.model.rowCount())]
    assert [i.at for i in items] == sorted((i.at for i in items), reverse=True)  # newest first
    kinds = {i.change.kind: i for i in items if i.change is not None and i.ours is False}
    for kind in ("device_added", "device_deactivated", "end", "licensee"):
        assert kind in kinds, (kind, [(i.change and i.change.kind, i.ours) for i in items])
        item = kinds[kind]
        assert before <= item.at <= datetime.now(UTC)
        row = items.index(item)
        assert window.model.texts(row)[COL_WHEN] == local_time(item.at)  # dated, local
        assert window.model.texts(row)[COL_WHO] == "not made from License Desk"
    assert kinds["device_added"].change.activation_id == new_id
    ours = [
        i
        for i in items
        if i.change is not None and i.change.kind == "device_deactivated" and i.ours
    ]
    assert len(ours) == 1 and ours[0].change.activation_id == new_id
    assert window.model.texts(items.index(ours[0]))[COL_WHO].startswith("Ana Lima")
    assert NEW_HOST[:8] in window.model.texts(items.index(kinds["device_added"]))[COL_WHAT]

    # Enter on the added device's change: that device, selected in the main window
    table.clearSelection()
    window.table.selectionModel().setCurrentIndex(
        window.model.index(items.index(kinds["device_added"]), 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    window.table.setFocus()
    QTest.keyClick(window.table, Qt.Key.Key_Return)
    assert ws.activations.selected_ids() == [new_id]
    assert ws.lower_tabs.currentWidget() is ws.activations
    assert window.isVisible()  # the list stays for the next change


def test_a_device_hidden_by_the_filter_is_shown_and_selected(
    make_desk, sandbox, sandbox_profile, qtbot, run
):
    desk = make_desk(profile=sandbox_profile)
    ws = desk.window.workspace
    serial = sandbox.serial("subscription_active")
    look_up(desk, qtbot, serial)
    new_id = changed_behind_the_back(run, sandbox, serial)
    look_up(desk, qtbot, serial)
    QTest.keyClicks(ws.activations.filter, "no such device")
    assert ws.activations.model.rowCount() == 0

    click(qtbot, desk.timeline.line.button)  # Timeline… on the card's line
    window = desk.timeline.window
    qtbot.waitUntil(lambda: window.model.rowCount() > 0 and not desk.runner.running())
    row = next(
        r
        for r in range(window.model.rowCount())
        if (c := window.model.item(r).change) is not None and c.kind == "device_added"
    )
    window.table.selectionModel().setCurrentIndex(
        window.model.index(row, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    click(qtbot, window.device_button)
    assert ws.activations.filter.text() == ""
    assert ws.activations.selected_ids() == [new_id]


def test_the_timeline_asks_for_a_licence_first(make_desk, sandbox_profile, qtbot):
    desk = make_desk(profile=sandbox_profile)
    desk.window.registry["timeline"].trigger()
    assert desk.timeline.window is None
    assert desk.window.workspace.banner.text() == (
        "Look up a licence first: the timeline belongs to it."
    )
