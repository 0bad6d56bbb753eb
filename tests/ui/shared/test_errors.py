"""Failures end in a banner sentence (details redacted), the window stays responsive;
the unexpected ends in the error dialog."""

from __future__ import annotations

import socket

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from licensedesk.ui.shared.error_dialog import ErrorDialog

from ..helpers import click, look_up, serial_box, type_serial_and_enter, wait_idle


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_server_down(make_desk, qtbot, store, secrets):
    from licensedesk.profiles import Profile

    store.save(
        Profile(
            name="Down",
            base_url=f"http://127.0.0.1:{free_port()}",
            read_app_id="a",
            write_app_id="a",
            connect_timeout=1.0,
        )
    )
    secrets.set("Down", "read", "sk_test_secret_key_value")
    secrets.set("Down", "write", "sk_test_secret_key_value")
    desk = make_desk(profile="Down")
    look_up(desk, qtbot, "ABCD-ABCD-ABCD-ABCD-ABCD")
    banner = desk.window.workspace.banner
    assert banner.isVisible() and "connect" in banner.text().lower()
    click(qtbot, banner.details_button)
    details = banner.details.toPlainText()
    assert banner.details.isVisible() and details
    assert "sk_test_secret_key_value" not in details
    assert "Traceback" not in details


def test_bad_response_not_json(desk, qtbot):
    desk.sandbox.faults.add("not_json", path="/v2/licenses/show-license")
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    ws = desk.window.workspace
    assert ws.banner.isVisible()
    assert ws.banner.text() and ws.card.state.message_text() == ws.banner.text()
    assert "Traceback" not in ws.banner.details.toPlainText()
    # the other parts loaded on their own
    assert ws.activations.model.rowCount() > 0
    assert ws.products.model.rowCount() > 0


def test_server_500_html(desk, qtbot):
    desk.sandbox.faults.add("http500_html", path="/v2/activations/")
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    ws = desk.window.workspace
    assert ws.banner.isVisible() and ws.banner.text()
    assert ws.activations.state.message_text()
    assert ws.card.license is not None
    assert "<html" not in ws.banner.text().lower()


def test_slow_server_keeps_the_window_responsive(desk, qtbot):
    sandbox = desk.sandbox
    sandbox.faults.add("slow", path="/v2/licenses/show-license", delay_ms=1500)
    type_serial_and_enter(desk, qtbot, sandbox.serial("perpetual"))
    qtbot.waitUntil(lambda: desk.runner.is_running("lookup.license"), timeout=2000)
    ws = desk.window.workspace
    # while the licence is slow, the other parts arrive and the user can type
    qtbot.waitUntil(lambda: ws.activations.model.rowCount() > 0, timeout=3000)
    assert desk.runner.is_running("lookup.license") and ws.card.state.is_busy()
    qtbot.waitUntil(ws.card.state.shows_busy_page, timeout=2000)  # "Loading…" after a moment
    assert not ws.activations.state.shows_busy_page()
    QTest.keyClicks(ws.activations.filter, "x")
    assert ws.activations.filter.text() == "x"
    wait_idle(desk, qtbot)
    assert ws.card.license is not None


def test_slow_server_times_out_into_the_banner(make_desk, qtbot, sandbox, store, secrets):
    from licensedesk.profiles import Profile

    app_id, key = sandbox.creds("read_write")
    store.save(
        Profile(
            name="Impatient",
            base_url=sandbox.url,
            read_app_id=app_id,
            write_app_id=app_id,
            read_timeout=0.3,
        )
    )
    secrets.set("Impatient", "read", key)
    secrets.set("Impatient", "write", key)
    desk = make_desk(profile="Impatient")
    sandbox.faults.add("slow", path="/v2/licenses/show-license", delay_ms=1500)
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    assert "did not answer in time" in desk.window.workspace.banner.text()


def test_unexpected_exception_goes_to_the_error_dialog(desk, qtbot, monkeypatch):
    from licensedesk.api import LicenseClient

    async def boom(self, serial):
        raise RuntimeError("kaboom with api_key=sk_secret_in_text")

    monkeypatch.setattr(LicenseClient, "show_license", boom)
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    dialog = desk.window.findChild(ErrorDialog)
    assert dialog is not None and dialog.isVisible()
    text = dialog.details.toPlainText()
    assert "kaboom" in text and "sk_secret_in_text" not in text
    assert "licensedesk-test.log" in dialog.log_label.text()
    # the card says it failed, the rest of the window goes on
    assert desk.window.workspace.card.state.message_text()
    assert serial_box(desk).isEnabled()
    dialog.close()


def test_enter_on_empty_serial_only_hints(desk, qtbot):
    box = serial_box(desk)
    box.clear()
    QTest.keyClick(box, Qt.Key.Key_Return)
    assert desk.window.workspace.hint.isVisible()
    assert not desk.runner.running()
