"""Upgrade dialog: comparison before writing, typed confirmation, success, each error row
of spec §7 (404 current, 404 upgrade, 422, 401), no double submit, and an upgrade whose
answer is lost (drop_after_commit / drop) reconciled by reading both serials again."""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from .helpers import click
from .support_fixtures import double_click, exists, server_read, wait_done

UPGRADE_PATH = "/v2/licenses/upgrade"


def compared(desk, qtbot, current_kind="upgrade_current", upgrade_kind="upgrade_target"):
    sb = desk.sandbox
    d = desk.support.open_upgrade(sb.serial(current_kind), sb.serial(upgrade_kind))
    assert d.objectName() == "upgradeDialog" and d.isVisible()
    assert not d.upgrade_button.isEnabled()  # nothing can be written before comparing
    click(qtbot, d.compare_button)
    wait_done(desk, qtbot)
    assert d.preview is not None, d.error_text()
    return d


def confirm(d, text):
    d.confirm_input.clear()
    QTest.keyClicks(d.confirm_input, text)


def upgrade(desk, qtbot, d):
    click(qtbot, d.upgrade_button)
    wait_done(desk, qtbot)


def test_compare_confirm_and_upgrade(desk, qtbot, run):
    sb = desk.sandbox
    current, target = sb.serial("upgrade_current"), sb.serial("upgrade_target")
    d = compared(desk, qtbot)
    assert sb.request_count("POST", UPGRADE_PATH) == 0
    # side by side, with what matches and what will be lost
    assert d.cells[("current", "serial")].text() == current
    assert d.cells[("upgrade", "serial")].text() == target
    assert "SE-2023-PERP" in d.cells[("current", "sku")].text()
    assert d.cells[("upgrade", "sku_upgrade")].text() == "SE-2023-PERP"
    n_acts = len(server_read(run, sb, "activations", current))
    assert d.cells[("current", "activations")].text().startswith(f"{n_acts} (")
    assert "SKUs match" in d.match_label.text()
    assert "deletes the current licence" in d.warning.text() and current in d.warning.text()
    assert f"its {n_acts} activation" in d.warning.text()
    # confirmation: a wrong serial keeps the button disabled; lower case is fine
    confirm(d, target)
    assert not d.upgrade_button.isEnabled()
    confirm(d, current.lower())
    assert d.upgrade_button.isEnabled()
    upgrade(desk, qtbot, d)
    assert "Upgrade license is ready to use." in d.outcome_text()
    assert not d.upgrade_button.isEnabled()  # done: no second upgrade
    assert not exists(run, sb, current) and exists(run, sb, target)
    # the workspace now shows the upgrade licence
    qtbot.waitUntil(lambda: desk.window.workspace.card.license is not None, timeout=5000)
    assert desk.lookup.serial == target
    assert desk.window.workspace.card.license.serial == target


def test_cancelled_confirmation_writes_nothing(desk, qtbot, run):
    sb = desk.sandbox
    d = compared(desk, qtbot)
    confirm(d, sb.serial("upgrade_current")[:-1])  # not quite
    assert not d.upgrade_button.isEnabled()
    assert d.submit() is False
    d.reject()  # Close
    assert not d.isVisible()
    assert sb.request_count("POST", UPGRADE_PATH) == 0
    assert exists(run, sb, sb.serial("upgrade_current"))
    assert exists(run, sb, sb.serial("upgrade_target"))


def test_double_click_sends_one_request(desk, qtbot, run):
    sb = desk.sandbox
    sb.set_latency(150)
    d = compared(desk, qtbot)
    confirm(d, sb.serial("upgrade_current"))
    double_click(d.upgrade_button)
    assert d.submit() is False  # and once more while it runs
    assert not d.upgrade_button.isEnabled()
    wait_done(desk, qtbot)
    assert sb.request_count("POST", UPGRADE_PATH) == 1
    assert "ready to use" in d.outcome_text()


def test_mismatch_is_shown_before_and_refused_by_the_service(desk, qtbot, run):
    sb = desk.sandbox
    d = compared(desk, qtbot, "upgrade_current", "upgrade_mismatch")
    assert "do not match" in d.match_label.text()
    confirm(d, sb.serial("upgrade_current"))
    upgrade(desk, qtbot, d)
    assert d.error_text() == (
        "The upgrade licence does not match the current licence, so it cannot upgrade it.")
    assert d.outcome_text() == ""
    assert d.upgrade_button.isEnabled()  # the dialog stays usable
    assert exists(run, sb, sb.serial("upgrade_current"))


def test_current_licence_gone_meanwhile(desk, qtbot, run):
    sb = desk.sandbox
    d = compared(desk, qtbot)
    assert server_read(run, sb, "upgrade", sb.serial("upgrade_current"),
                       sb.serial("upgrade_target"))  # someone else upgraded it meanwhile
    confirm(d, sb.serial("upgrade_current"))
    upgrade(desk, qtbot, d)
    assert d.error_text() == "The current licence (the one to upgrade from) does not exist."
    assert d.compare_button.isEnabled()


def test_upgrade_licence_gone_meanwhile(desk, qtbot, run):
    sb = desk.sandbox
    d = compared(desk, qtbot)
    with sqlite3.connect(sb.db_path) as conn:  # deleted on the server side meanwhile
        conn.execute("DELETE FROM licenses WHERE serial = ?", (sb.serial("upgrade_target"),))
    confirm(d, sb.serial("upgrade_current"))
    upgrade(desk, qtbot, d)
    assert d.error_text() == "The upgrade licence does not exist."
    assert exists(run, sb, sb.serial("upgrade_current"))


def test_missing_licence_blocks_the_upgrade(desk, qtbot):
    sb = desk.sandbox
    d = desk.support.open_upgrade(sb.serial("upgrade_current"), "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ")
    click(qtbot, d.compare_button)
    wait_done(desk, qtbot)
    assert d.cells[("upgrade", "sku")].text() == "This serial does not exist."
    assert not d.confirm_row.isVisible() and not d.upgrade_button.isEnabled()


def test_not_authorized(desk, qtbot, run, secrets):
    sb = desk.sandbox
    d = compared(desk, qtbot)
    secrets.set("Sandbox", "read", "wrong-key")  # the key was revoked meanwhile
    desk.connections.forget_client("Sandbox")
    confirm(d, sb.serial("upgrade_current"))
    upgrade(desk, qtbot, d)
    assert "did not accept the app ID and API key" in d.error_text()
    assert d.upgrade_button.isEnabled()
    assert exists(run, sb, sb.serial("upgrade_current"))


def test_lost_answer_after_commit_is_reconciled(desk, qtbot, run):
    sb = desk.sandbox
    current, target = sb.serial("upgrade_current"), sb.serial("upgrade_target")
    d = compared(desk, qtbot)
    sb.faults.add("drop_after_commit", path=UPGRADE_PATH, times=1)
    confirm(d, current)
    upgrade(desk, qtbot, d)
    assert sb.request_count("POST", UPGRADE_PATH) == 1  # never retried
    text = d.outcome_text()
    assert f"the current licence {current} no longer exists" in text
    assert "the upgrade went through" in text
    assert "broke" in d.error_text()  # the lost answer, with details
    assert not exists(run, sb, current) and exists(run, sb, target)
    qtbot.waitUntil(lambda: desk.lookup.serial == target, timeout=5000)


def test_lost_answer_without_commit_says_nothing_changed(desk, qtbot, run):
    sb = desk.sandbox
    d = compared(desk, qtbot)
    sb.faults.add("drop", path=UPGRADE_PATH, times=1)
    confirm(d, sb.serial("upgrade_current"))
    upgrade(desk, qtbot, d)
    assert sb.request_count("POST", UPGRADE_PATH) == 1
    assert "nothing changed" in d.outcome_text()
    assert d.upgrade_button.isEnabled()  # a new, deliberate try is allowed
    assert exists(run, sb, sb.serial("upgrade_current"))


def test_opened_from_the_workspace_with_its_serial(desk, qtbot):
    from .helpers import look_up

    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("upgrade_current"))
    desk.support.upgrade_action.trigger()
    d = desk.support.upgrade_dialog
    assert d.isVisible() and d.current_input.text() == sb.serial("upgrade_current")


def test_enter_in_the_confirmation_does_not_upgrade(desk, qtbot, run):
    sb = desk.sandbox
    d = compared(desk, qtbot)
    confirm(d, sb.serial("upgrade_current"))
    QTest.keyClick(d.confirm_input, Qt.Key.Key_Return)
    QTest.keyClick(d.upgrade_input, Qt.Key.Key_Return)  # compares again, writes nothing
    wait_done(desk, qtbot)
    assert sb.request_count("POST", UPGRADE_PATH) == 0
    assert d.isVisible() and d.preview is not None
