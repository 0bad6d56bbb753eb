"""A profile with one pair (DESIGN §3: each call uses the pair the permission table asks
for and, with one pair, that one): a write pair alone says that lookups need a read pair,
in the connection test and in the window; a read-write key alone in the read slot does
everything; a read-only key alone is tried once for a change, then read-only."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from licensedesk.api.permissions import NO_READ_PAIR, NO_WRITE_PERMISSION_PRODUCTS
from licensedesk.profiles import Profile
from licensedesk.ui.lookup.products_model import COL_SEATS

from ..helpers import (
    activations_table,
    click,
    fill_profile,
    look_up,
    open_profiles_dialog,
    select_rows,
    wait_idle,
)
from ..support_fixtures import server_read, wait_done


def _one_pair_desk(make_desk, sandbox, store, secrets, label: str, slot: str):
    app_id, key = sandbox.creds(label)
    store.save(Profile(name="One", base_url=sandbox.url, **{f"{slot}_app_id": app_id}))
    secrets.set("One", slot, key)
    desk = make_desk(profile="One")
    desk.sandbox = sandbox
    return desk


@pytest.fixture
def writer(make_desk, sandbox, store, secrets):
    """The window on a profile that holds the demo's write pair only."""
    return _one_pair_desk(make_desk, sandbox, store, secrets, "write", "write")


@pytest.fixture
def all_in_one(make_desk, sandbox, store, secrets):
    """The window on a profile whose only pair, in the read slot, is a read-write key."""
    return _one_pair_desk(make_desk, sandbox, store, secrets, "read_write", "read")


def test_a_write_pair_alone_fails_the_test_for_lookups(make_desk, qtbot, sandbox):
    desk = make_desk()
    dialog = open_profiles_dialog(desk, qtbot)
    click(qtbot, dialog.add_button)
    fill_profile(dialog, qtbot, "Writer", sandbox.url, None, sandbox.creds("write"))
    click(qtbot, dialog.write_box.test_button)
    wait_idle(desk, qtbot)
    text = dialog.write_box.result.text()
    assert "refused them for lookups" in text and "read pair" in text, text
    assert text != "The write credentials work."
    dialog.close()


def test_a_read_write_key_alone_passes_for_both(make_desk, qtbot, sandbox):
    desk = make_desk()
    dialog = open_profiles_dialog(desk, qtbot)
    click(qtbot, dialog.add_button)
    fill_profile(dialog, qtbot, "All", sandbox.url, sandbox.creds("read_write"), None)
    click(qtbot, dialog.read_box.test_button)
    wait_idle(desk, qtbot)
    assert "write permission too" in dialog.read_box.result.text()
    fill_profile(dialog, qtbot, "All", sandbox.url, sandbox.creds("read"), None)
    click(qtbot, dialog.read_box.test_button)
    wait_idle(desk, qtbot)
    assert "lacks write permission" in dialog.read_box.result.text()
    dialog.close()


def test_a_write_pair_alone_says_a_read_pair_is_missing_and_counts_no_seats(writer, qtbot):
    sandbox = writer.sandbox
    look_up(writer, qtbot, sandbox.serial("perpetual"))
    ws = writer.window.workspace
    assert ws.banner.isVisible()
    assert ws.banner.text() == (
        f"{NO_READ_PAIR} Add a read pair under File \u2192 Connection profiles."
    ), ws.banner.text()
    model = ws.products.model
    assert model.rowCount() > 0  # listing products is a write call: the pair may
    for row in range(model.rowCount()):
        seats = model.index(row, COL_SEATS)
        assert seats.data().startswith("? / "), seats.data()  # never "0 / 3"
        assert "not known" in seats.data(Qt.ItemDataRole.ToolTipRole)


def test_a_read_write_key_alone_lists_products_and_validates_after_a_lookup(all_in_one, qtbot, run):
    sandbox = all_in_one.sandbox
    serial = sandbox.serial("perpetual")
    look_up(all_in_one, qtbot, serial)
    ws = all_in_one.window.workspace
    assert not ws.banner.isVisible(), ws.banner.text()
    assert ws.products.model.rowCount() > 0
    select_rows(activations_table(all_in_one), [0])
    assert ws.activations.delete_button.isEnabled()  # changes are offered
    before = len(server_read(run, sandbox, "activations", serial))
    all_in_one.window.registry["validate"].trigger()
    d = all_in_one.validate.dialog
    qtbot.waitUntil(lambda: d.product_code() != "")
    assert d.serial_input.text() == serial
    assert d.product_code() == ws.products.model.products()[0].code
    click(qtbot, d.validate_button)
    wait_done(all_in_one, qtbot)
    assert sandbox.request_count("POST", "/v2/licenses/valid") == 1
    assert d.verdict_text() == "Valid", d.error_text()
    assert len(server_read(run, sandbox, "activations", serial)) == before  # check only
    d.close()


def test_a_read_only_key_alone_is_tried_once_then_read_only(reseller, qtbot):
    sandbox = reseller.sandbox
    look_up(reseller, qtbot, sandbox.serial("perpetual"))
    ws = reseller.window.workspace
    assert ws.products.state.message_text() == (
        f"{NO_WRITE_PERMISSION_PRODUCTS} Add a write pair under File \u2192 Connection profiles."
    )
    assert not ws.banner.isVisible(), ws.banner.text()
    select_rows(activations_table(reseller), [0])
    assert not ws.activations.delete_button.isEnabled()
    look_up(reseller, qtbot, sandbox.serial("trial"))
    assert ws.products.state.message_text() == (
        f"{NO_WRITE_PERMISSION_PRODUCTS} Add a write pair under File \u2192 Connection profiles."
    )
    assert sandbox.request_count("POST", "/v2/licenses/products") == 1  # remembered
