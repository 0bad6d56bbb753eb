"""*View → Find a licence…* (Ctrl+K) through the real window, against the sandbox: what
the window looked up is found by a fragment of its customer, and Enter opens it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ..helpers import data_activations, look_up, wait_idle


def open_find(desk, qtbot):
    QTest.keyClick(desk.window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    dialog = desk.book_find.dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(dialog.box.hasFocus)
    return dialog


def type_text(widget, text: str) -> None:
    """Key by key, as a keyboard sends them (QTest.keyClicks takes ASCII only)."""
    for char in text:
        if char.isascii():
            QTest.keyClick(widget, char)
        else:
            QTest.sendKeyEvent(QTest.KeyAction.Click, widget, Qt.Key.Key_unknown, char,
                               Qt.KeyboardModifier.NoModifier)


def search(dialog, qtbot, text: str) -> list[str]:
    """Type ``text`` as a person would and wait for the status to say how it went."""
    dialog.box.clear()
    dialog.say("")
    type_text(dialog.box, text)
    qtbot.waitUntil(lambda: dialog.status.text() != "")
    return [dialog.model.sighting(r).serial for r in range(dialog.model.rowCount())]


def test_a_licence_looked_up_is_found_by_its_customer_and_opened(desk, qtbot):
    sandbox = desk.sandbox
    herrera = sandbox.serial("subscription_active")  # Tomás Herrera, t.herrera@example.org
    jensen = sandbox.serial("perpetual")  # Maria Jensen
    look_up(desk, qtbot, herrera)
    look_up(desk, qtbot, jensen)

    dialog = open_find(desk, qtbot)
    assert search(dialog, qtbot, "tomas") == [herrera]  # without the accent
    assert dialog.status.text() == "1 licence found"
    assert search(dialog, qtbot, "HERRERA@exam") == [herrera]
    host = data_activations(sandbox, "perpetual")[1]["host_id"]
    assert search(dialog, qtbot, host[4:14]) == [jensen]
    assert dialog.model.index(0, 1).data() == "Maria Jensen"

    assert search(dialog, qtbot, "to") == []
    assert dialog.status.text() == "Type three characters or more."
    assert search(dialog, qtbot, "nobody-here") == []
    assert dialog.status.text().startswith("No licence in the book matches.")

    search(dialog, qtbot, "tomás")
    QTest.keyClick(dialog.box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.lookup.serial == herrera)
    assert not dialog.isVisible()
    wait_idle(desk, qtbot)
    assert desk.window.workspace.card.license.serial == herrera


def test_enter_right_after_typing_opens_the_first_found(desk, qtbot):
    serial = desk.sandbox.serial("trial")  # Priya Raman
    look_up(desk, qtbot, serial)
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    dialog = open_find(desk, qtbot)
    QTest.keyClicks(dialog.box, "priya")
    QTest.keyClick(dialog.box, Qt.Key.Key_Return)  # before the results came
    qtbot.waitUntil(lambda: desk.lookup.serial == serial)
    assert not dialog.isVisible()


def test_in_german(desk, qtbot, german):
    look_up(desk, qtbot, desk.sandbox.serial("subscription_active"))
    dialog = open_find(desk, qtbot)
    assert dialog.windowTitle() == "Lizenz finden"
    search(dialog, qtbot, "herrera")
    assert dialog.status.text() == "1 Lizenz gefunden"
    assert dialog.model.headerData(1, Qt.Orientation.Horizontal) == "Lizenznehmer"
