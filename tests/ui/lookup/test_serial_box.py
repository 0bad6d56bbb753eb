"""The serial box with what people paste: spreadsheet columns, long text, mistakes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from ..helpers import look_up, serial_box, type_serial_and_enter, wait_idle


def paste_and_enter(desk, qtbot, text: str) -> None:
    """Copy ``text`` to the clipboard, click the serial box, Ctrl+V, Enter."""
    QGuiApplication.clipboard().setText(text)
    box = serial_box(desk)
    box.clear()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    QTest.keyClick(box, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(box, Qt.Key.Key_Return)


def test_a_pasted_column_of_serials_looks_up_the_first_and_says_so(desk, qtbot):
    sandbox = desk.sandbox
    first, second = sandbox.serial("perpetual"), sandbox.serial("trial")
    window = desk.window
    width = window.width()
    paste_and_enter(desk, qtbot, f"Serial\n{first.lower()}\n{second}\n{first}\nnot one\n")
    qtbot.waitUntil(lambda: desk.lookup.serial == first, timeout=3000)
    wait_idle(desk, qtbot)
    ws = window.workspace
    assert serial_box(desk).text() == first
    assert ws.card.license.serial == first
    assert ws.hint.isVisible()
    assert ws.hint.text() == f"The pasted text holds 2 serials; looking up the first, {first}."
    assert window.width() == width and window.minimumSizeHint().width() < 1000


def test_long_garbage_gets_a_short_wrapped_hint_and_the_window_never_widens(desk, qtbot):
    window = desk.window
    width = window.width()
    garbage = "lorem ipsum dolor sit amet " * 40 + "\nsecond line " * 5
    paste_and_enter(desk, qtbot, garbage)
    ws = window.workspace
    qtbot.waitUntil(ws.hint.isVisible, timeout=2000)
    text = ws.hint.text()
    assert len(text) < 200, text
    assert "\\n" not in text and "\n" not in text
    assert text.count("five groups of four") == 1  # said once, not twice
    assert ws.hint.wordWrap()
    assert not desk.runner.running()  # nothing sent
    window.layout().activate()
    assert window.width() == width
    assert window.minimumSizeHint().width() < 1000


def test_a_new_input_hint_replaces_an_old_error_banner(desk, qtbot):
    look_up(desk, qtbot, "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZY")
    ws = desk.window.workspace
    assert ws.banner.isVisible()
    type_serial_and_enter(desk, qtbot, "ABC-123")
    assert ws.hint.isVisible() and "is not a serial" in ws.hint.text()
    assert not ws.banner.isVisible()
