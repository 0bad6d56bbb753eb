"""The validate dialog's product and device lists follow the serial typed in it, read in
the background when the workspace does not show that licence; a read-only profile types
the product code."""

from __future__ import annotations

from PySide6.QtTest import QTest

from licensedesk.profiles import Profile

from ..helpers import click, data_activations, look_up
from ..support_fixtures import wait_done
from .steps import choice_texts, product_codes, type_serial


def test_products_follow_the_serial_typed_in_the_dialog(desk, qtbot):
    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("perpetual"))
    d = desk.validate.open()
    assert sb.product_code("perpetual") in product_codes(d)
    assert sb.product_code("trial") not in product_codes(d)
    sb.set_latency(200)
    d.serial_input.setFocus()
    d.serial_input.selectAll()
    QTest.keyClicks(d.serial_input, sb.serial("trial").lower().replace("-", ""))
    # typing paused: its products are read in the background, and nothing waits for them
    qtbot.waitUntil(lambda: "support.validate.choices" in desk.runner.running(), timeout=5000)
    assert d.validate_button.isEnabled() and d.serial_input.isEnabled()
    assert "Reading the products" in d.product_note.text()
    qtbot.waitUntil(lambda: product_codes(d) == [sb.product_code("trial")], timeout=5000)
    assert d.product_code() == sb.product_code("trial")  # the old licence's code gave way
    assert not d.product_note.isVisible()
    wait_done(desk, qtbot)
    sb.set_latency(0)
    # back to the licence on show: its products again, from the workspace
    type_serial(desk, qtbot, d, sb.serial("perpetual"))
    assert sb.product_code("perpetual") in product_codes(d)
    click(qtbot, d.validate_button)
    wait_done(desk, qtbot)
    assert d.verdict_text() == "Valid", d.error_text()


def test_devices_follow_the_serial_typed_in_the_dialog(desk, qtbot):
    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("perpetual"))
    d = desk.validate.open()
    other = data_activations(sb, "host_limit")[0]["host_id"]
    assert not any(other[:8] in t for t in choice_texts(d))
    type_serial(desk, qtbot, d, sb.serial("host_limit"))
    qtbot.waitUntil(lambda: any(other[:8] in t for t in choice_texts(d)), timeout=5000)
    assert not any(
        a.host_id[:8] in t
        for t in choice_texts(d)
        for a in desk.window.workspace.activations.model.activations()
        if a.host_id != desk.this_host
    )


def test_a_typed_product_code_stays_when_the_products_arrive(desk, qtbot):
    sb = desk.sandbox
    d = desk.validate.open(sb.serial("perpetual"), "")
    d.product_input.lineEdit().setFocus()
    QTest.keyClicks(d.product_input.lineEdit(), sb.product_code("trial"))
    wait_done(desk, qtbot)
    assert sb.product_code("perpetual") in product_codes(d)
    assert d.product_code() == sb.product_code("trial")


def test_read_only_key_lets_the_product_code_be_typed(make_desk, sandbox, store, secrets, qtbot):
    sb = sandbox
    app_id, key = sb.creds("read")
    store.save(Profile(name="Reseller", base_url=sb.url, read_app_id=app_id))
    secrets.set("Reseller", "read", key)
    desk = make_desk(profile="Reseller")
    d = desk.validate.open(sb.serial("trial"))
    wait_done(desk, qtbot)
    assert product_codes(d) == []
    assert d.product_note.isVisible() and "write permission" in d.product_note.text()
    assert sb.request_count("POST", "/v2/licenses/products") == 1  # tried once, refused
    d.product_input.lineEdit().setFocus()
    QTest.keyClicks(d.product_input.lineEdit(), sb.product_code("trial"))
    click(qtbot, d.validate_button)
    wait_done(desk, qtbot)
    assert d.verdict_text() == "Valid", d.error_text()


def test_unknown_serial_typed_says_its_products_could_not_be_read(desk, qtbot):
    sb = desk.sandbox
    look_up(desk, qtbot, sb.serial("perpetual"))
    d = desk.validate.open()
    type_serial(desk, qtbot, d, "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ")
    qtbot.waitUntil(lambda: "could not be read" in d.product_note.text(), timeout=5000)
    assert "does not exist" in d.product_note.text()
    assert product_codes(d) == []
    assert not d.banner.isVisible()  # the validation's own line stays for the validation
