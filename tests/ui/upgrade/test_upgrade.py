"""Upgrade dialog: comparison before writing, typed confirmation, success, each error row
of spec §7 (404 current, 404 upgrade, 422, 401), no double submit, and an upgrade whose
answer is dropped (drop_after_commit / drop) reconciled by reading both serials again
(time-outs, server errors and cut answers: test_upgrade_reconcile.py). The dialog opens
at a usable size, the confirmation box offers no completion, and a new licence without a
licensee offers its registration."""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCompleter, QLabel, QLineEdit, QPushButton

from ..helpers import click
from ..support_fixtures import (
    double_click,
    exists,
    server_read,
    wait_done,
)
from .flow import compared, confirm, upgrade

UPGRADE_PATH = "/v2/licenses/upgrade"
SHOW_PATH = "/v2/licenses/show-license/"


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
    assert "do not match" in d.match_label.text() and d.match_label.isVisible()
    assert "The service decides" in d.match_label.text()  # a preview: never a refusal
    confirm(d, sb.serial("upgrade_current"))
    # warn-only: the match rule is the sandbox's choice (DESIGN §2), the service decides
    assert d.upgrade_button.isEnabled()
    upgrade(desk, qtbot, d)
    assert sb.request_count("POST", UPGRADE_PATH) == 1
    assert d.error_text() == (
        "The upgrade licence does not match the current licence, so it cannot upgrade it."
    )
    click(qtbot, d.banner.details_button)  # the service's own 422 sentence
    details = d.banner.details.toPlainText()
    assert "422" in details
    assert "Upgrade license does not match for upgrade with current license!" in details
    assert d.outcome_text() == ""
    assert d.upgrade_button.isEnabled()  # the dialog stays usable
    assert exists(run, sb, sb.serial("upgrade_current"))


def test_current_licence_gone_meanwhile(desk, qtbot, run):
    sb = desk.sandbox
    d = compared(desk, qtbot)
    assert server_read(
        run, sb, "upgrade", sb.serial("upgrade_current"), sb.serial("upgrade_target")
    )  # someone else upgraded it meanwhile
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
    d = desk.upgrade.open(sb.serial("upgrade_current"), "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ")
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
    assert "may lack write permission" in d.error_text()  # a 401 on a change (DESIGN §2)
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
    wait_done(desk, qtbot)
    assert f"The new licence {target} has no licensee yet" in d.next_label.text()
    assert not d.register_new_button.isVisible()  # not an offline-distribution licence


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
    from ..helpers import look_up

    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("upgrade_current"))
    desk.window.registry["upgrade"].trigger()
    d = desk.upgrade.dialog
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


def test_opens_at_a_size_where_nothing_is_squashed(desk, qtbot):
    from ..helpers import look_up

    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("upgrade_current"))
    desk.window.activateWindow()
    QTest.keyClick(
        desk.window,
        Qt.Key.Key_U,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    qtbot.waitUntil(
        lambda: desk.upgrade.dialog is not None and desk.upgrade.dialog.isVisible(), timeout=2000
    )
    d = desk.upgrade.dialog
    qtbot.waitExposed(d)
    assert d.height() >= 250
    assert d.height() >= d.layout_.totalHeightForWidth(d.width())
    shown = [w for w in d.findChildren(QLineEdit) + d.findChildren(QPushButton) if w.isVisible()]
    assert d.current_input in shown and d.compare_button in shown
    for w in shown:
        assert w.height() >= w.sizeHint().height(), w.objectName()
    for label in d.findChildren(QLabel):
        if label.isVisible() and label.wordWrap() and label.text():
            assert label.height() >= label.heightForWidth(label.width()), label.text()


def test_the_confirmation_box_does_not_complete_the_serial(desk, qtbot):
    sb = desk.sandbox
    current = sb.serial("upgrade_current")
    d = compared(desk, qtbot)
    assert d.confirm_input.isVisible()
    assert d.confirm_input.completer() is None
    assert d.findChildren(QCompleter) == []
    d.confirm_input.setFocus()
    confirm(d, current[:4])
    assert d.confirm_input.text() == current[:4]  # nothing filled in
    assert QApplication.activePopupWidget() is None  # and nothing offered
    assert not d.upgrade_button.isEnabled()
    confirm(d, current)
    assert d.upgrade_button.isEnabled()


def test_a_new_licence_that_cannot_be_registered_says_where_its_licensee_comes_from(desk, qtbot):
    """The demo's upgrade licence has no offline distribution: registering it would end
    in "Not suitable", so it is not offered."""
    sb = desk.sandbox
    current, target = sb.serial("upgrade_current"), sb.serial("upgrade_target")
    d = compared(desk, qtbot)
    confirm(d, current)
    upgrade(desk, qtbot, d)
    assert "ready to use" in d.outcome_text(), d.error_text()
    wait_done(desk, qtbot)
    assert sb.request_count("GET", "/v2/register-products/" + target) == 1
    text = d.next_label.text()
    assert text.startswith(
        f"The new licence {target} has no licensee yet, and it cannot be registered here"
    ), text
    assert "where the licence was issued" in text
    assert d.next_label.isVisible() and not d.register_new_button.isVisible()


def test_a_new_licence_without_licensee_offers_its_registration(desk, qtbot, run):
    sb = desk.sandbox
    current, target = sb.serial("upgrade_current"), sb.serial("upgrade_target")
    with sqlite3.connect(sb.db_path) as conn:  # an upgrade licence that can be registered
        conn.execute("UPDATE licenses SET offline_distribution = 1 WHERE serial = ?", (target,))
    d = compared(desk, qtbot)
    assert not d.next_box.isVisible()
    confirm(d, current)
    upgrade(desk, qtbot, d)
    assert "ready to use" in d.outcome_text(), d.error_text()
    wait_done(desk, qtbot)
    assert d.next_label.isVisible()
    assert d.next_label.text().startswith(f"The new licence {target} has no licensee yet.")
    assert "To set one, register it" in d.next_label.text()
    button = d.register_new_button
    assert button.isVisible() and button.text() == "Register the new licence\u2026"
    click(qtbot, button)
    qtbot.waitUntil(
        lambda: desk.registration.dialog is not None and desk.registration.dialog.isVisible(),
        timeout=2000,
    )
    r = desk.registration.dialog
    assert r.serial_input.text() == target
    assert not d.isVisible()  # the upgrade is done: one dialog at a time
    wait_done(desk, qtbot)  # the suitability check of the new serial ran
    assert r.verdict.isVisible()
    assert sb.request_count("GET", "/v2/register-products/" + target) == 2


def test_a_new_licence_with_a_licensee_offers_nothing(desk, qtbot, run):
    """The spec does not say what an upgrade does to the licensee: a service may carry it
    over. What counts is the new licence as read after the upgrade, not the comparison."""
    sb = desk.sandbox
    target = sb.serial("upgrade_target")
    d = compared(desk, qtbot)
    assert d.cells[("upgrade", "licensee")].text() == "\u2014"
    with sqlite3.connect(sb.db_path) as conn:  # such a service, simulated
        conn.execute(
            "UPDATE licenses SET name = 'Jonas Weber', registered = 1 WHERE serial = ?", (target,)
        )
    confirm(d, sb.serial("upgrade_current"))
    upgrade(desk, qtbot, d)
    assert "ready to use" in d.outcome_text(), d.error_text()
    assert not d.next_box.isVisible()
