"""At its smallest the window still shows ten devices, the licence card's first rows and
its validity (the rest of the card scrolls, none of its rows clipped), and that smallest
size fits a small laptop screen.

The card used to take its whole height at any window size, and at 1024 x 700 the devices
were left four rows; the devices are what one works through, the card is read once, so
in a short window the card scrolls (ui/lookup/card_scroll.py, device_room.DEVICE_ROWS)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QLabel

from licensedesk.ui.lookup.device_room import DEVICE_ROWS

from ..helpers import look_up


def test_at_the_minimum_size_ten_devices_and_the_cards_first_rows_show(desk, qtbot):
    window, ws = desk.window, desk.window.workspace
    look_up(desk, qtbot, desk.sandbox.serial("subscription_active"))  # long e-mail and SKU
    window.resize(1, 1)  # as small as the window lets itself be

    def settled_at_minimum() -> bool:
        # a card made narrower wraps its rows and asks for more height: one more layout
        # pass, after which the window takes its new minimum
        QApplication.sendPostedEvents()
        return window.size() == window.minimumSizeHint().expandedTo(window.minimumSize())

    qtbot.waitUntil(settled_at_minimum, timeout=2000)
    size = window.size()
    assert size.width() <= 1024 and size.height() <= 700  # a small laptop screen
    table = ws.activations.table
    assert table.viewport().height() >= DEVICE_ROWS * table.verticalHeader().defaultSectionSize()
    # inside its scroll area the card has its whole height: no row is clipped, the last
    # ones are a scroll away
    for label in ws.card.findChildren(QLabel):
        if label.isVisible() and label.wordWrap() and label.text():
            assert label.height() >= label.heightForWidth(label.width()), label.objectName()
    bar, view = ws.card_scroll.verticalScrollBar(), ws.card_scroll.viewport()
    assert bar.value() == 0 and bar.maximum() == ws.card.height() - view.height()
    # on show, unscrolled: who holds the licence, what it is and how long it runs
    for part in (ws.card.labels["licensee"], ws.card.labels["type"], ws.card.validity_bar):
        where = QRect(part.mapTo(view, QPoint(0, 0)), part.size())
        assert view.rect().contains(where), part.objectName()
