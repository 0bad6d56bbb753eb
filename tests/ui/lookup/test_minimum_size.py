"""At its smallest the window still shows the whole licence card and several devices,
and that smallest size fits a small laptop screen."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel

from ..helpers import look_up


def test_at_the_minimum_size_no_card_row_is_clipped_and_four_devices_show(desk, qtbot):
    window, ws = desk.window, desk.window.workspace
    look_up(desk, qtbot, desk.sandbox.serial("subscription_active"))  # long e-mail and SKU
    window.resize(1, 1)  # as small as the window lets itself be

    def settled_at_minimum() -> bool:
        # a card made narrower wraps its rows and asks for more height: one more layout
        # pass, after which the window takes its new minimum
        QApplication.sendPostedEvents()
        return window.size() == window.minimumSizeHint().expandedTo(window.minimumSize())

    qtbot.waitUntil(lambda: settled_at_minimum()
                    and ws.card_scroll.verticalScrollBar().maximum() == 0,  # all of the card
                    timeout=2000)
    size = window.size()
    assert size.width() <= 1024 and size.height() <= 700  # a small laptop screen
    for label in ws.card.findChildren(QLabel):
        if label.isVisible() and label.wordWrap() and label.text():
            assert label.height() >= label.heightForWidth(label.width()), label.objectName()
    table = ws.activations.table
    assert table.viewport().height() >= 4 * table.verticalHeader().defaultSectionSize()
