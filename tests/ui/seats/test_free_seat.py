"""*Free a seat…* on the demo's host-limit licence (2 active devices of 2, 1 inactive),
through the real window: the workspace says the product is full, the dialog ticks the
device updated longest ago (never this computer), Delete asks the usual confirmation,
the seat count drops and the history has the entry."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPlainTextEdit

from ..helpers import click, look_up, wait_idle
from .steps import confirm, oldest_first, open_dialog, rows, seats_text


def test_free_a_seat_deletes_the_oldest_device_and_the_count_drops(desk, qtbot, run):
    sandbox = desk.sandbox
    serial = sandbox.serial("host_limit")
    look_up(desk, qtbot, serial)
    line = desk.window.workspace.products.full_line
    assert line.isVisible()
    assert "2 seats" in line.label.text() and "in use" in line.label.text()
    assert seats_text(desk) == "2 / 2"
    oldest, newer = oldest_first(sandbox)

    dialog = open_dialog(desk, qtbot)
    intro = dialog.findChild(QLabel, "freeSeatIntro").text()
    assert intro.startswith(line.label.text() + " Tick the devices")  # the line's sentence
    assert [(aid, ticked) for aid, ticked, _host in rows(dialog)] == [
        (oldest["id"], True),
        (newer["id"], False),
    ]  # the inactive device is not listed
    assert "frees the seat" in dialog.findChild(QLabel, "freeSeatDifference").text()
    click(qtbot, dialog.delete_button)
    confirmation = confirm(qtbot, accept=True)
    listing = confirmation.findChild(QPlainTextEdit, "confirmListing").toPlainText()
    assert listing.startswith(f"#{oldest['id']} ") and "\n" not in listing  # that one only
    qtbot.waitUntil(lambda: seats_text(desk) == "1 / 2")
    wait_idle(desk, qtbot)
    assert not line.isVisible()
    assert sandbox.request_count("DELETE", "/v2/activations") == 1
    ids = [a.id for a in desk.window.workspace.activations.model.activations()]
    assert oldest["id"] not in ids and newer["id"] in ids
    entries = run(desk.recorder.history(serial))
    assert [(e.action, e.outcome, e.activation_ids) for e in entries] == [
        ("delete", "done", (oldest["id"],))
    ]


def test_this_computer_is_listed_but_never_ticked(make_desk, sandbox_profile, sandbox, qtbot):
    oldest, newer = oldest_first(sandbox)
    desk = make_desk(host_id=oldest["host_id"], profile=sandbox_profile)
    look_up(desk, qtbot, sandbox.serial("host_limit"))
    dialog = open_dialog(desk, qtbot, from_menu=True)
    listed = rows(dialog)
    assert [(aid, ticked) for aid, ticked, _host in listed] == [
        (oldest["id"], False),
        (newer["id"], True),
    ]
    assert "(this computer)" in listed[0][2]
    dialog.reject()
    wait_idle(desk, qtbot)
    assert sandbox.request_count("DELETE", "/v2/activations") == 0


def test_cancelling_the_confirmation_frees_nothing(desk, qtbot):
    sandbox = desk.sandbox
    look_up(desk, qtbot, sandbox.serial("host_limit"))
    dialog = open_dialog(desk, qtbot)
    click(qtbot, dialog.delete_button)
    confirm(qtbot, accept=False)
    wait_idle(desk, qtbot)
    assert seats_text(desk) == "2 / 2"
    assert sandbox.request_count("DELETE", "/v2/activations") == 0


def test_deactivate_keeps_the_record(desk, qtbot, run):
    sandbox = desk.sandbox
    serial = sandbox.serial("host_limit")
    look_up(desk, qtbot, serial)
    oldest, _newer = oldest_first(sandbox)
    dialog = open_dialog(desk, qtbot)
    click(qtbot, dialog.deactivate_button)
    model = desk.window.workspace.activations.model
    qtbot.waitUntil(lambda: not model.activation(oldest["id"]).activated)
    wait_idle(desk, qtbot)
    assert model.activation(oldest["id"]) is not None  # the record stays
    assert seats_text(desk) == "1 / 2"
    action = desk.window.registry["freeSeat"]  # the seat is free: nothing more to offer
    assert not action.isEnabled()
    assert action.statusTip() == f"No product of {serial} has every seat in use."
    [entry] = run(desk.recorder.history(serial))
    assert (entry.action, entry.outcome) == ("deactivate", "done")


def test_nothing_ticked_offers_neither_button(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("host_limit"))
    dialog = open_dialog(desk, qtbot)
    item = dialog.table.item(0, 0)
    item.setCheckState(Qt.CheckState.Unchecked)
    assert not dialog.delete_button.isEnabled() and not dialog.deactivate_button.isEnabled()
    dialog.reject()


def test_free_a_seat_is_off_saying_why_until_a_product_is_full(desk, qtbot):
    """The Support menu never offers what would only answer with an error banner: the
    action is off while nothing is full, its tooltip and status tip saying why, and on
    again for a licence with a full product."""
    action = desk.window.registry["freeSeat"]
    offered = "Deactivate or delete a device of the licence on show"
    assert not action.isEnabled()  # nothing on show yet
    assert action.statusTip().startswith("Look up a licence first")
    assert action.toolTip() == action.statusTip()

    serial = desk.sandbox.serial("perpetual")
    look_up(desk, qtbot, serial)
    wait_idle(desk, qtbot)
    assert not desk.window.workspace.products.full_line.isVisible()
    qtbot.waitUntil(lambda: "has every seat in use" in action.statusTip())
    assert not action.isEnabled()
    assert action.statusTip() == f"No product of {serial} has every seat in use."
    assert action.toolTip() == action.statusTip()
    action.trigger()  # what a disabled menu entry does: nothing, no banner
    assert not desk.window.workspace.banner.isVisible()

    look_up(desk, qtbot, desk.sandbox.serial("host_limit"))
    qtbot.waitUntil(action.isEnabled)
    assert action.statusTip().startswith(offered) and action.toolTip().startswith(offered)
    assert desk.window.workspace.products.full_line.button.isEnabled()


def test_following_what_is_shown_makes_no_activation_of_the_devices(desk, qtbot, monkeypatch):
    """Whether a product is full is read from the table's counts: the action follows every
    part a lookup shows, and making an Activation of each of 5,000 devices each time took
    the UI thread 5-10 ms (tests/bench/bench_ui_stall.py)."""
    from licensedesk.api.activation_rows import ActivationRows

    look_up(desk, qtbot, desk.sandbox.serial("host_limit"))
    wait_idle(desk, qtbot)
    action = desk.window.registry["freeSeat"]
    read: list[int] = []
    real = ActivationRows.__iter__
    monkeypatch.setattr(ActivationRows, "__iter__", lambda self: read.append(1) or real(self))
    desk.window.registry.menus["support"].aboutToShow.emit()  # the action follows the licence
    assert action.isEnabled()  # its product is full: 2 of 2
    assert not read
