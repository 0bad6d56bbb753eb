"""*View → Full seats…*: the book's licences at their host limit, opened with Enter,
freed through *Free a seat…*; with a read-only profile a sentence says that changes need
a write pair, and where to add one."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from licensedesk.ui.seats.full_model import COL_NOTE, COL_PRODUCT, COL_SEATS
from licensedesk.ui.seats.window import FullSeatsWindow

from ..helpers import click, look_up, wait_idle
from .steps import confirm, oldest_first, rows, seats_text, wait_for_dialog


def open_view(desk, qtbot) -> FullSeatsWindow:
    desk.window.registry["fullSeats"].trigger()
    view = desk.seats.window
    qtbot.waitUntil(
        lambda: view is not None and view.isVisible() and not desk.runner.is_running("seats.load")
    )
    return view


def listed(view: FullSeatsWindow) -> list[str]:
    return view.model.serials()


def test_the_view_lists_full_licences_and_enter_opens_one(desk, qtbot, run):
    sandbox = desk.sandbox
    full, other = sandbox.serial("host_limit"), sandbox.serial("perpetual")
    look_up(desk, qtbot, full)
    look_up(desk, qtbot, other)
    run(desk.book.set_note(full, "Sofia's studio: ask before freeing", "ana", datetime.now(UTC)))
    view = open_view(desk, qtbot)
    assert listed(view) == [full]
    assert view.model.index(0, COL_SEATS).data() == "2 / 2"
    assert view.model.index(0, COL_PRODUCT).data()
    assert view.model.index(0, COL_NOTE).data() == "Sofia's studio: ask before freeing"
    assert "1 licence has" in view.status.text()
    assert not view.read_only.isVisible()
    QTest.keyClick(view.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.lookup.serial == full and not view.isVisible())
    wait_idle(desk, qtbot)
    assert desk.window.workspace.products.full_line.isVisible()


def test_free_a_seat_from_the_view_and_the_licence_leaves_it(desk, qtbot, run):
    sandbox = desk.sandbox
    full = sandbox.serial("host_limit")
    look_up(desk, qtbot, full)
    look_up(desk, qtbot, sandbox.serial("perpetual"))  # another licence on show
    view = open_view(desk, qtbot)
    click(qtbot, view.free_button)
    dialog = wait_for_dialog(qtbot)
    oldest, _newer = oldest_first(sandbox)
    assert desk.lookup.serial == full
    assert [aid for aid, ticked, _host in rows(dialog) if ticked] == [oldest["id"]]
    click(qtbot, dialog.delete_button)
    confirm(qtbot, accept=True)
    qtbot.waitUntil(lambda: seats_text(desk) == "1 / 2")
    wait_idle(desk, qtbot)
    view = open_view(desk, qtbot)  # the book read the devices again
    qtbot.waitUntil(lambda: listed(view) == [])
    assert "No licence in the book" in view.status.text()
    view.close()


def test_a_read_only_profile_says_freeing_needs_the_write_pair(reseller, qtbot, run):
    """The book is a team's (here: filled by another desk's lookup); the reseller's key is
    found read-only at its first lookup."""
    from licensedesk.book import BookKeeper
    from licensedesk.book.sighting import Device, ProductSeats, Sighting

    sandbox = reseller.sandbox
    serial = sandbox.serial("host_limit")
    keeper = BookKeeper.from_settings()
    seats = (ProductSeats("Studio", used=2, maximum=2, id=3),)
    devices = (
        Device("a" * 32, product_id=3, activated=True),
        Device("b" * 32, product_id=3, activated=True),
    )
    keeper.keep(
        [
            Sighting(
                serial,
                sandbox.url,
                "Sandbox",
                datetime.now(UTC),
                licensee="Sofia",
                products=seats,
                devices=devices,
            )
        ]
    )
    keeper.close()
    look_up(reseller, qtbot, sandbox.serial("perpetual"))  # products refused: read-only
    view = open_view(reseller, qtbot)
    assert listed(view) == [serial]
    assert view.read_only.isVisible()
    assert view.read_only.text() == (
        "Changes need a key with write permission, and the profile Reseller has none (it has "
        "a read pair only). Add a write pair under File \u2192 Connection profiles. The "
        "licences can still be opened."
    )
    assert not view.free_button.isEnabled()
    assert view.free_button.toolTip() == view.read_only.text()
    assert view.open_button.isEnabled()
    assert not reseller.window.registry["freeSeat"].isEnabled()
    view.close()


def test_a_read_only_key_says_the_seat_limits_are_unknown(reseller, qtbot):
    """The reseller's key may only read: the products, which carry the seat limits, are
    not listed (spec §5: POST licenses/products needs write), so the book cannot know a
    full licence. The view says so, not that no licence is full."""
    sandbox = reseller.sandbox
    look_up(reseller, qtbot, sandbox.serial("host_limit"))  # full, but its limit unseen
    view = open_view(reseller, qtbot)
    assert listed(view) == []
    said = view.status.text()
    assert said.startswith("Seat limits unknown: no licence in the book is known")
    assert "only for a key with write permission" in said and "Reseller" in said
    assert "No licence in the book has a product with every seat in use" not in said
    view.close()


def test_a_writing_key_with_nothing_full_still_says_so(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    view = open_view(desk, qtbot)
    assert view.status.text().startswith("No licence in the book has a product with every")
    view.close()


def test_freeing_a_licence_no_longer_full_says_why_in_the_banner(desk, qtbot):
    """The book still lists the licence as full (a teammate's desk saw it so), but the
    service's devices say a seat is free: *Free a seat…* is off, and the view's button
    says why in the banner rather than doing nothing."""
    from licensedesk.book.sighting import Device, ProductSeats, Sighting

    sandbox = desk.sandbox
    serial = sandbox.serial("perpetual")
    seats = (ProductSeats("Studio Pro", used=3, maximum=3, id=1),)
    devices = tuple(Device(c * 32, product_id=1, activated=True) for c in "abc")
    seen = Sighting(
        serial, sandbox.url, "Sandbox", datetime.now(UTC), products=seats, devices=devices
    )
    kept = desk.book.keeper.keep([seen])
    qtbot.waitUntil(kept.done)
    view = open_view(desk, qtbot)
    assert listed(view) == [serial]
    click(qtbot, view.free_button)
    banner = desk.window.workspace.banner
    qtbot.waitUntil(banner.isVisible)
    assert banner.text() == f"No product of {serial} has every seat in use."
    assert desk.lookup.serial == serial
    assert not desk.window.registry["freeSeat"].isEnabled()
    wait_idle(desk, qtbot)
