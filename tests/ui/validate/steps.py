"""What a person does in the validate dialog, for its tests: pick from a list with the
keyboard, type over the serial and let its lists settle, validate."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ..helpers import click
from ..support_fixtures import wait_done

NEW_HOST = "N" * 32


def product_codes(d) -> list[str]:
    return [d.product_input.itemData(i) for i in range(d.product_input.count())]


def choice_texts(d) -> list[str]:
    return [d.host_choice.itemText(i) for i in range(d.host_choice.count())]


def choose(qtbot, combo, text: str) -> None:
    """Pick the first entry that contains ``text`` with the keyboard, as a person would:
    Home, then Down until it shows."""
    index = next(i for i in range(combo.count()) if text in combo.itemText(i))
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(index):
        QTest.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentIndex() == index


def type_serial(desk, qtbot, d, text: str) -> None:
    """Type over the dialog's serial; return once the dialog has asked for that serial's
    products and devices and nothing runs any more."""
    d.serial_input.setFocus()
    d.serial_input.selectAll()
    with qtbot.waitSignal(d.serialSettled, timeout=5000):
        QTest.keyClicks(d.serial_input, text)
    wait_done(desk, qtbot)


def validate(desk, qtbot, serial, code, host="", tag=""):
    d = desk.validate.open(serial, code, host_id=host, device_tag=tag)
    assert d.objectName() == "validateDialog" and d.isVisible()
    click(qtbot, d.validate_button)
    wait_done(desk, qtbot)
    return d
