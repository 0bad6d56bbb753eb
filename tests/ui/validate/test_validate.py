"""Validate dialog: each demo serial kind, likely causes from the workspace's data,
input checks, errors, the shortcut and the menus, "Validate this device…"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ..helpers import click, look_up
from ..support_fixtures import wait_done
from .steps import NEW_HOST, validate


@pytest.mark.parametrize(
    ("kind", "code_of", "host", "verdict", "reason"),
    [
        ("perpetual", None, "", "Valid", "valid for this product"),
        ("subscription_expired", None, "", "Not valid", "has expired"),
        ("subscription_not_started", None, "", "Not valid", "not active yet"),
        ("inactive_product", None, "", "Not valid", "no longer active"),
        ("host_limit", None, NEW_HOST, "Not valid", "All seats"),
        ("perpetual", "trial", "", "Not valid", "does not cover this product"),
    ],
)
def test_validation_result_of_each_kind(desk, qtbot, kind, code_of, host, verdict, reason):
    sb = desk.sandbox
    d = validate(
        desk,
        qtbot,
        sb.serial(kind),
        sb.product_code(code_of or kind),
        host,
        "Linux__64bits" if host else "",
    )
    assert d.result_box.isVisible(), d.error_text()
    assert d.verdict_text() == verdict
    assert reason in d.reason.text()
    if verdict == "Valid":
        lic = next(x for x in sb.data["licenses"] if x["serial"] == sb.serial(kind))
        assert d.values["licensee_name"].text() == lic["name"]
        assert d.values["product_code"].text() == sb.product_code(kind)
        assert d.values["sku_number"].text().startswith("SP-")
        assert d.values["version_code"].text() not in ("", "\u2014")


def test_likely_cause_from_the_workspace(desk, qtbot):
    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("host_limit"))
    d = validate(
        desk,
        qtbot,
        sb.serial("host_limit"),
        sb.product_code("host_limit"),
        NEW_HOST,
        "Linux__64bits",
    )
    assert d.verdict_text() == "Not valid"
    assert d.cause.isVisible()
    text = d.cause.text()
    assert "seats" in text and " of " in text
    used, _, rest = text.partition("Likely cause: ")[2].partition(" of ")
    assert used == rest.split()[0]  # "N of N seats"
    d.close()

    look_up(desk, qtbot, sb.serial("subscription_expired"))
    d = validate(
        desk, qtbot, sb.serial("subscription_expired"), sb.product_code("subscription_expired")
    )
    assert "ended on 20" in d.cause.text()


def test_input_is_checked_before_sending(desk, qtbot):
    sb = desk.sandbox
    d = desk.validate.open(sb.serial("perpetual"), "not-a-code", host_id="h" * 256)
    click(qtbot, d.validate_button)
    assert d.product_hint.isVisible() and "8-4-4-4-12" in d.product_hint.text()
    assert d.host_hint.text() == "A host ID has at most 255 characters; this one has 256."
    assert d.host_hint.isVisible()
    d.serial_input.setText("nope")
    click(qtbot, d.validate_button)
    assert d.serial_hint.isVisible()
    assert sb.request_count("POST", "/v2/licenses/valid") == 0


def test_unknown_serial_is_a_result_and_bad_credentials_stay_in_the_dialog(desk, qtbot, secrets):
    sb = desk.sandbox
    d = validate(desk, qtbot, "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ", sb.product_code("perpetual"))
    # the service's "no" for a serial it does not know is a result, with its words
    assert d.result_box.isVisible() and d.verdict_text() == "Not valid"
    assert "does not know this serial" in d.reason.text()
    assert "Serial does not exist or registered!" in d.reason.text()
    assert d.validate_button.isEnabled()  # still usable

    secrets.set("Sandbox", "read", "wrong-key")
    desk.connections.forget_client("Sandbox")
    d = validate(desk, qtbot, sb.serial("perpetual"), sb.product_code("perpetual"))
    assert "did not accept the app ID and API key" in d.error_text()
    assert d.validate_button.isEnabled()


def test_opened_by_shortcut_menu_and_context_menu(desk, qtbot):
    w = desk.window
    w.activateWindow()
    QTest.keyClick(
        w, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    qtbot.waitUntil(
        lambda: desk.validate.dialog is not None and desk.validate.dialog.isVisible(), timeout=2000
    )
    desk.validate.dialog.close()
    actions = [a for a in desk.window.registry.menus["support"].actions() if not a.isSeparator()]
    assert [a.text() for a in actions] == [
        "&Validate a serial\u2026",
        "&Upgrade a licence\u2026",
        "&Register a licence\u2026",
        "&Note on this licence\u2026",
        "&Timeline of this licence\u2026",
        "&Free a seat\u2026",
    ]
    assert [a.shortcut().toString() for a in actions] == [
        "Ctrl+Shift+V",
        "Ctrl+Shift+U",
        "Ctrl+Shift+R",
        "Ctrl+Shift+N",
        "Ctrl+Shift+T",
        "",
    ]
    table = desk.window.workspace.activations.table
    assert desk.validate.device_action in table.actions()
    assert table.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu


def test_validate_this_device_from_the_activations_table(desk, qtbot):
    from ..helpers import activations_table, select_rows

    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("perpetual"))
    table = activations_table(desk)
    select_rows(table, [0])
    aid = desk.window.workspace.activations.selected_ids()[0]
    act = desk.window.workspace.activations.model.activation(aid)
    desk.validate.device_action.trigger()
    d = desk.validate.dialog
    assert d.isVisible()
    assert d.host_input.text() == act.host_id
    assert d.tag_input.text() == act.device_tag
    assert d.host_choice.currentText().startswith(
        "This computer" if act.host_id == desk.this_host else act.device_tag
    )
    assert d.validate_button.text() == "Validate and record host"
    assert d.product_code()  # the device's product


def test_switched_off_device_and_not_started_name_their_cause(desk, qtbot):
    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("perpetual"))
    ws = desk.window.workspace
    off = next(a for a in ws.activations.model.activations() if not a.activated)
    code = next(p.code for p in ws.products.model.products() if p.id == off.product_id)
    d = validate(desk, qtbot, sb.serial("perpetual"), code, off.host_id, off.device_tag)
    assert d.verdict_text() == "Not valid"
    assert "switched off" in d.reason.text()
    assert f"Activation #{off.id}" in d.cause.text()
    d.close()

    look_up(desk, qtbot, sb.serial("subscription_not_started"))
    d = validate(
        desk,
        qtbot,
        sb.serial("subscription_not_started"),
        sb.product_code("subscription_not_started"),
    )
    assert "starts on 20" in d.cause.text()


def test_enter_sends_one_validation(desk, qtbot):
    sb = desk.sandbox
    d = desk.validate.open(
        sb.serial("perpetual"), sb.product_code("perpetual"), host_id="", device_tag=""
    )
    d.serial_input.setFocus()
    QTest.keyClick(d.serial_input, Qt.Key.Key_Return)
    wait_done(desk, qtbot)
    assert d.verdict_text() == "Valid"
    assert sb.request_count("POST", "/v2/licenses/valid") == 1
