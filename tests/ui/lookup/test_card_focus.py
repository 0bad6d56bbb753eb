"""The licence card's labels show data: they are no tab stops (Tab from the serial box
goes on to the products, not through ten labels that show no focus mark); their text
is still selectable with the mouse. The card's one tab stop is its *Links* button (its
links, for the keyboard: tests/ui/lookup/test_tab_order.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from ..helpers import look_up, serial_box


def test_card_labels_are_no_tab_stops(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    card = desk.window.workspace.card
    labels = [label for label in card.findChildren(QLabel) if label.isVisibleTo(card)]
    assert len(labels) >= 10  # the nine fields and the image
    for label in labels:
        assert label.focusPolicy() == Qt.FocusPolicy.NoFocus, label.objectName()
        flags = label.textInteractionFlags()
        assert not flags & Qt.TextInteractionFlag.TextSelectableByKeyboard, label.objectName()
    licensee = card.labels["licensee"]
    assert licensee.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse


def test_tabbing_from_the_serial_box_lands_on_the_card_only_for_its_links(desk, qtbot):
    look_up(desk, qtbot, desk.sandbox.serial("perpetual"))
    box = serial_box(desk)
    desk.window.activateWindow()
    qtbot.waitUntil(desk.window.isActiveWindow, timeout=2000)
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(box.hasFocus, timeout=2000)

    ws = desk.window.workspace
    visited = []
    for _ in range(40):  # the whole round, back to the serial box
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        visited.append(widget)
        if widget is box:
            break
    names = [w.objectName() or type(w).__name__ for w in visited]
    assert visited[-1] is box, names  # no table keeps Tab
    assert ws.products.table in visited and ws.activations.table in visited, names
    scroll = ws.card_scroll
    on_card = [w.objectName() for w in visited if w is scroll or scroll.isAncestorOf(w)]
    assert on_card == ["licenseLinksButton"]  # the sandbox's licence has an e-mail address
