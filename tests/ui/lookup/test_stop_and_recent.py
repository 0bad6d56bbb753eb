"""A lookup in flight can be stopped (Esc, or the Look up button that reads "Stop"
meanwhile), and the serial box offers the serials found on the profile in use."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from licensedesk.ui.lookup.wiring import STOPPED

from ..helpers import click, look_up, serial_box, type_serial_and_enter, wait_idle


@pytest.fixture
def slow_licence(desk):
    """The licence and the activations answer after 30 s (long after Esc, however loaded
    the machine); products at once."""
    faults = desk.sandbox.faults
    faults.add("slow", path="/v2/licenses/show-license", delay_ms=30000)
    faults.add("slow", path="/v2/activations/", delay_ms=30000)
    return desk


def _start_slow_lookup(desk, qtbot) -> None:
    ws = desk.window.workspace
    type_serial_and_enter(desk, qtbot, desk.sandbox.serial("perpetual"))
    qtbot.waitUntil(lambda: ws.products.model.rowCount() > 0, timeout=10000)
    assert desk.lookup.is_running()
    assert ws.lookup_button.text() == "Stop"
    assert desk.window.registry["stop"].isEnabled()


def test_esc_stops_the_lookup_and_says_so_where_the_answer_was_awaited(slow_licence, qtbot):
    desk = slow_licence
    ws = desk.window.workspace
    _start_slow_lookup(desk, qtbot)
    QTest.keyClick(serial_box(desk), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not desk.lookup.is_running(), timeout=5000)  # not after 30 s
    assert ws.card.state.message_text() == STOPPED
    assert ws.activations.state.message_text() == STOPPED
    assert ws.products.model.rowCount() > 0  # what had arrived stays
    assert not ws.banner.isVisible()  # stopping is not an error
    assert ws.lookup_button.text() == "Look up"
    assert not desk.window.registry["stop"].isEnabled()
    assert "Stopped the lookup" in desk.window.statusBar().currentMessage()


def test_the_stop_button_stops_and_enter_starts_again(slow_licence, qtbot):
    desk = slow_licence
    ws = desk.window.workspace
    _start_slow_lookup(desk, qtbot)
    click(qtbot, ws.lookup_button)
    qtbot.waitUntil(lambda: not desk.lookup.is_running(), timeout=5000)
    assert ws.card.state.message_text() == STOPPED
    desk.sandbox.faults.clear()
    QTest.keyClick(serial_box(desk), Qt.Key.Key_Return)
    wait_idle(desk, qtbot)
    assert ws.card.license is not None and ws.card.state.message_text() == ""


def test_esc_without_a_lookup_does_nothing(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    ws = desk.window.workspace
    QTest.keyClick(serial_box(desk), Qt.Key.Key_Escape)
    assert ws.card.license is not None and ws.card.state.message_text() == ""


def _second_profile(store, secrets, sandbox, name="Second"):
    from licensedesk.profiles import Profile

    app_id, key = sandbox.creds("read_write")
    store.save(Profile(name=name, base_url=sandbox.url, read_app_id=app_id, write_app_id=app_id))
    secrets.set(name, "read", key)
    secrets.set(name, "write", key)
    return name


def _choose_profile(desk, qtbot, name: str) -> None:
    selector = desk.window.workspace.profile_selector
    selector.setCurrentText(name)  # what picking it in the list does
    qtbot.waitUntil(lambda: desk.connections.current == name, timeout=2000)


def test_recent_serials_are_found_ones_of_the_profile_in_use(
    desk, qtbot, store, secrets, make_desk
):
    sandbox = desk.sandbox
    second = _second_profile(store, secrets, sandbox)
    desk.profiles.refresh()
    ws = desk.window.workspace
    look_up(desk, qtbot, sandbox.serial("trial"))
    look_up(desk, qtbot, "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ")  # no such serial
    qtbot.waitUntil(lambda: bool(ws.banner.text()), timeout=2000)
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    assert ws.recent_serials() == [sandbox.serial("perpetual"), sandbox.serial("trial")]

    _choose_profile(desk, qtbot, second)
    assert ws.recent_serials() == []  # another service: not its serials
    completer = serial_box(desk).completer()
    assert completer.model().rowCount() == 0
    look_up(desk, qtbot, sandbox.serial("subscription_expired"))
    assert ws.recent_serials() == [sandbox.serial("subscription_expired")]

    _choose_profile(desk, qtbot, "Sandbox")
    assert ws.recent_serials() == [sandbox.serial("perpetual"), sandbox.serial("trial")]

    desk.save_state()
    again = make_desk(profile=second)
    assert again.window.workspace.recent_serials() == [sandbox.serial("subscription_expired")]
