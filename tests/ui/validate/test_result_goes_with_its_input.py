"""A validate result or error is about the fields as sent: editing the serial, product
or host clears it, and an answer that comes after such an edit is not shown."""

from __future__ import annotations

from PySide6.QtTest import QTest

from ..helpers import click
from ..support_fixtures import wait_done
from .steps import choose, product_codes, validate


def test_an_edited_serial_clears_the_old_result(desk, qtbot):
    sb = desk.sandbox
    d = validate(desk, qtbot, sb.serial("perpetual"), sb.product_code("perpetual"))
    assert d.result_box.isVisible() and d.verdict_text() == "Valid"
    d.serial_input.setFocus()
    d.serial_input.selectAll()
    QTest.keyClicks(d.serial_input, sb.serial("trial"))
    assert not d.result_box.isVisible()
    qtbot.waitUntil(
        lambda: product_codes(d) == [sb.product_code("trial")], timeout=5000
    )  # its products came; the result stays away
    assert not d.result_box.isVisible()


def test_an_edited_product_or_host_clears_the_old_result(desk, qtbot):
    sb = desk.sandbox
    d = validate(desk, qtbot, sb.serial("perpetual"), sb.product_code("perpetual"))
    assert d.result_box.isVisible()
    d.product_input.lineEdit().setFocus()
    d.product_input.lineEdit().selectAll()
    QTest.keyClicks(d.product_input.lineEdit(), sb.product_code("trial"))
    assert not d.result_box.isVisible()

    d = validate(desk, qtbot, sb.serial("perpetual"), sb.product_code("perpetual"))
    assert d.result_box.isVisible()
    choose(qtbot, d.host_choice, "This computer")
    assert not d.result_box.isVisible()


def test_an_error_goes_with_the_serial_it_was_about(desk, qtbot):
    sb = desk.sandbox
    sb.faults.add("http500_html", path="/v2/licenses/valid", times=1)
    d = validate(desk, qtbot, sb.serial("trial"), sb.product_code("perpetual"))
    assert "web page instead of data (HTTP 500)" in d.error_text()
    d.serial_input.setFocus()
    d.serial_input.selectAll()
    QTest.keyClicks(d.serial_input, sb.serial("perpetual"))
    assert not d.banner.isVisible()
    qtbot.waitUntil(lambda: sb.product_code("perpetual") in product_codes(d), timeout=5000)
    wait_done(desk, qtbot)


def test_a_result_of_a_serial_edited_meanwhile_is_not_shown(desk, qtbot):
    sb = desk.sandbox
    d = desk.validate.open(sb.serial("perpetual"), sb.product_code("perpetual"))
    wait_done(desk, qtbot)
    sb.set_latency(300)
    click(qtbot, d.validate_button)
    d.serial_input.setFocus()
    d.serial_input.selectAll()
    QTest.keyClicks(d.serial_input, sb.serial("trial"))  # while the answer is on its way
    qtbot.waitUntil(lambda: not desk.validate.controller.is_running(), timeout=5000)
    assert not d.result_box.isVisible()
    qtbot.waitUntil(lambda: product_codes(d) == [sb.product_code("trial")], timeout=5000)
    wait_done(desk, qtbot)
    assert sb.request_count("POST", "/v2/licenses/valid") == 1
    assert not d.result_box.isVisible()
