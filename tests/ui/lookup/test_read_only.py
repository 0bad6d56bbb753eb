"""A read-only key is the normal case (a reseller's, DESIGN §3), not an error: its one
refused try at listing products is remembered, the products part says plainly why it lists
nothing, no banner, and the controls that need write permission are not offered and say
why."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from licensedesk.ui.activations.model import COL_ACTIVATED
from licensedesk.ui.shared import colours
from licensedesk.ui.shared.refusals import products_unavailable, read_only_reason

from ..helpers import activations_table, look_up, select_rows

#: what the window says: the client's sentence and where the window fixes it
PRODUCTS = (
    "Listing products needs a key with write permission, and this profile's key lacks it "
    "(the service refused it). Add a write pair under File \u2192 Connection profiles."
)
NO_WRITE_PAIR = (
    "Changes need a key with write permission, and the profile Reseller has none (it has "
    "a read pair only). Add a write pair under File \u2192 Connection profiles."
)


def test_a_read_only_lookup_says_why_products_are_not_listed_without_a_banner(reseller, qtbot):
    sandbox = reseller.sandbox
    look_up(reseller, qtbot, sandbox.serial("perpetual"))
    ws = reseller.window.workspace
    assert not ws.banner.isVisible(), ws.banner.text()
    assert ws.card.license is not None
    assert ws.products.state.message_text() == PRODUCTS == products_unavailable()
    assert colours.BAD not in ws.products.state.message.styleSheet()  # plain, not red
    assert ws.activations.model.rowCount() == 3
    look_up(reseller, qtbot, sandbox.serial("trial"))
    # tried once (DESIGN §3: with one pair, that one), then nothing doomed is sent
    assert sandbox.request_count("POST", "/v2/licenses/products") == 1


def test_a_read_only_profile_offers_no_writes_and_says_why(reseller, qtbot):
    sandbox = reseller.sandbox
    look_up(reseller, qtbot, sandbox.serial("perpetual"))
    panel = reseller.window.workspace.activations
    table = activations_table(reseller)
    select_rows(table, [0, 1])
    assert panel.selected_ids()
    for button in (panel.activate_button, panel.deactivate_button, panel.delete_button):
        assert not button.isEnabled()
        assert button.toolTip() == NO_WRITE_PAIR == read_only_reason(False, "Reseller")
    table.setFocus()
    QTest.keyClick(table, Qt.Key.Key_Delete)  # Del does nothing either
    index = table.model().index(0, COL_ACTIVATED)
    assert not table.model().flags(index) & Qt.ItemFlag.ItemIsUserCheckable
    assert index.data(Qt.ItemDataRole.ToolTipRole) == NO_WRITE_PAIR
    before = index.data(Qt.ItemDataRole.CheckStateRole)
    QTest.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualRect(index).center()
    )
    assert index.data(Qt.ItemDataRole.CheckStateRole) == before
    assert not reseller.runner.running()
    assert sandbox.request_count("PUT", "/v2/activations") == 0
    assert sandbox.request_count("DELETE", "/v2/activations") == 0


def test_a_profile_with_a_write_pair_offers_writes(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    panel = desk.window.workspace.activations
    select_rows(activations_table(desk), [0])
    assert panel.delete_button.isEnabled() and panel.delete_button.toolTip() != NO_WRITE_PAIR
    index = activations_table(desk).model().index(0, COL_ACTIVATED)
    assert activations_table(desk).model().flags(index) & Qt.ItemFlag.ItemIsUserCheckable


def test_the_card_is_never_narrower_than_its_content(reseller, qtbot):
    """The products' sentence leaves the card the room the start page needed; a licence
    needs more (the image beside the fields): the splitter gives it, nothing is cut off."""
    reseller.window.resize(1100, 720)
    sandbox = reseller.sandbox
    look_up(reseller, qtbot, sandbox.serial("perpetual"))
    look_up(reseller, qtbot, sandbox.serial("trial"))
    ws = reseller.window.workspace
    QApplication.sendPostedEvents()  # the layout the loop does next
    assert ws.card.license is not None
    needed = ws.card.minimumSizeHint().width()
    qtbot.waitUntil(lambda: ws.card_scroll.viewport().width() >= needed)
