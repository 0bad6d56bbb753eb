"""The demo window names its licences to try (from the demo's own catalogue); clicking
one, or pressing it from the keyboard, looks it up. Another profile's window offers none."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ..helpers import click, wait_idle


def demo_desk(make_desk, qtbot):
    desk = make_desk(demo=True)
    qtbot.waitUntil(lambda: desk.demo is not None and not desk.runner.running(), timeout=15000)
    return desk


def test_the_demo_offers_its_licences_and_a_click_looks_one_up(make_desk, qtbot):
    desk = demo_desk(make_desk, qtbot)
    box = desk.window.workspace.demo_serials
    assert box.isVisible()
    serials = desk.demo.serials()
    texts = [b.text() for b in box.buttons]
    assert len(texts) >= 5
    assert all(any(t.startswith(s + " ") for s in serials.values()) for t in texts)
    perpetual = next(b for b in box.buttons if b.text().startswith(serials["perpetual"]))
    assert perpetual.text().endswith("perpetual, 3 devices")
    expired = next(b for b in box.buttons if b.text().startswith(serials["subscription_expired"]))
    assert "subscription, expired" in expired.text()
    click(qtbot, perpetual)
    qtbot.waitUntil(lambda: desk.lookup.serial == serials["perpetual"], timeout=5000)
    wait_idle(desk, qtbot)
    ws = desk.window.workspace
    assert ws.card.license is not None and ws.card.license.serial == serials["perpetual"]
    assert ws.serial_input.text() == serials["perpetual"]
    assert not box.isVisible()  # the licence and its devices take the room


def test_an_offer_is_reached_and_pressed_with_the_keyboard(make_desk, qtbot):
    desk = demo_desk(make_desk, qtbot)
    box = desk.window.workspace.demo_serials
    first = box.buttons[0]
    assert first.focusPolicy() & Qt.FocusPolicy.TabFocus
    desk.window.workspace.check_all_button.show()  # the one before it in the Tab chain
    assert desk.window.workspace.check_all_button.nextInFocusChain() is first
    first.setFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(first, Qt.Key.Key_Space)
    serial = first.text().split()[0]
    qtbot.waitUntil(lambda: desk.lookup.serial == serial, timeout=5000)
    wait_idle(desk, qtbot)
    assert desk.window.workspace.card.license.serial == serial


def test_a_desk_on_another_service_offers_no_demo_serials(desk):
    box = desk.window.workspace.demo_serials
    assert not box.isVisible() and not box.has_offers()
