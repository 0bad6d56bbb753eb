"""Validate records nothing unless asked: the default takes no seat; this computer, a
device of the licence or a typed host ID are explicit choices, named on the button."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ..helpers import click, look_up
from ..support_fixtures import server_read, wait_done
from .steps import NEW_HOST, choose, product_codes


def test_workspace_products_are_offered_and_nothing_is_recorded_by_default(desk, qtbot):
    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("perpetual"))
    d = desk.validate.open()
    assert d.serial_input.text() == sb.serial("perpetual")
    assert sb.product_code("perpetual") in product_codes(d)
    # records nothing by default; says what choosing a host means
    assert d.host_choice.currentText() == "Record nothing (check only)"
    assert not d.records_note.isVisible() and not d.host_input.isEnabled()
    assert d.validate_button.text() == "Validate"
    choose(qtbot, d.host_choice, "This computer")
    assert d.host_input.text() == desk.this_host
    assert d.records_note.isVisible() and "seat" in d.records_note.text()
    assert d.validate_button.text() == "Validate and record host"
    choose(qtbot, d.host_choice, "Record nothing")
    assert d.host_input.text() == "" and not d.records_note.isVisible()
    assert d.validate_button.text() == "Validate"


def test_defaults_record_nothing_and_this_computer_is_a_choice(desk, qtbot, run):
    """Validate with the dialog's defaults takes no seat; choosing this computer says so
    on the button and records it."""
    sb = desk.sandbox
    serial = sb.serial("no_activations")
    look_up(desk, qtbot, serial)
    panel = desk.window.workspace.activations
    before = len(server_read(run, sb, "activations", serial))
    d = desk.validate.open()
    wait_done(desk, qtbot)
    click(qtbot, d.validate_button)
    wait_done(desk, qtbot)
    assert d.verdict_text() == "Valid", d.error_text()
    assert "recorded" not in d.reason.text()
    assert len(server_read(run, sb, "activations", serial)) == before == 0
    assert panel.model.rowCount() == 0

    choose(qtbot, d.host_choice, "This computer")
    assert d.validate_button.text() == "Validate and record host"
    click(qtbot, d.validate_button)
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    wait_done(desk, qtbot)
    assert d.verdict_text() == "Valid" and "recorded" in d.reason.text()
    assert panel.model.activations()[0].host_id == desk.this_host
    on_server = server_read(run, sb, "activations", serial)
    assert [a.host_id for a in on_server] == [desk.this_host]


def test_a_device_of_the_licence_can_be_chosen(desk, qtbot, run):
    sb = desk.sandbox
    serial = sb.serial("host_limit")
    look_up(desk, qtbot, serial)
    acts = desk.window.workspace.activations.model.activations()
    device = next(a for a in acts if a.activated and a.host_id != desk.this_host)
    d = desk.validate.open()
    choose(qtbot, d.host_choice, device.host_id[:8])
    assert d.host_input.text() == device.host_id
    assert d.tag_input.text() == device.device_tag
    assert d.validate_button.text() == "Validate and record host"
    click(qtbot, d.validate_button)
    wait_done(desk, qtbot)
    assert d.verdict_text() == "Valid", d.error_text()  # a known host takes no new seat
    assert len(server_read(run, sb, "activations", serial)) == len(acts)


def test_typed_host_id_is_recorded_only_when_chosen(desk, qtbot):
    sb = desk.sandbox
    d = desk.validate.open(sb.serial("perpetual"), sb.product_code("perpetual"))
    wait_done(desk, qtbot)
    choose(qtbot, d.host_choice, "Another host ID")
    assert d.host_input.isEnabled() and d.host_input.text() == ""
    click(qtbot, d.validate_button)
    assert d.host_hint.isVisible() and "Record nothing" in d.host_hint.text()
    QTest.keyClicks(d.host_input, NEW_HOST)
    assert d.validate_button.text() == "Validate and record host"
    click(qtbot, d.validate_button)
    wait_done(desk, qtbot)
    assert d.verdict_text() == "Valid", d.error_text()
    assert "recorded" in d.reason.text()


def test_editing_the_host_of_this_computer_makes_it_a_typed_host(desk, qtbot):
    sb = desk.sandbox
    d = desk.validate.open(sb.serial("perpetual"), sb.product_code("perpetual"))
    choose(qtbot, d.host_choice, "This computer")
    d.host_input.setFocus()
    QTest.keyClick(d.host_input, Qt.Key.Key_Backspace)
    assert d.host_choice.currentText().startswith("Another host ID")
    assert d.host_input.text() == desk.this_host[:-1]


def test_a_typed_host_id_of_another_form_is_recorded(desk, qtbot, run):
    """A name such as server-backend, as other integrations send (DESIGN.md §2)."""
    sb = desk.sandbox
    serial = sb.serial("no_activations")
    d = desk.validate.open(serial, sb.product_code("no_activations"))
    wait_done(desk, qtbot)
    choose(qtbot, d.host_choice, "Another host ID")
    QTest.keyClicks(d.host_input, "server-backend")
    click(qtbot, d.validate_button)
    wait_done(desk, qtbot)
    assert not d.host_hint.isVisible()
    assert d.verdict_text() == "Valid", d.error_text()
    assert [a.host_id for a in server_read(run, sb, "activations", serial)] == ["server-backend"]
