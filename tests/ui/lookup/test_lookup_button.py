"""The Look up button keeps one size on both faces ("Look up", "Stop"): its text changing
twice a lookup lays nothing out again (issue #14), and neither face is clipped."""

from __future__ import annotations

from PySide6.QtGui import QFont

from licensedesk.ui.lookup.lookup_button import LookupButton


def test_both_faces_fit_one_fixed_size(qtbot):
    button = LookupButton()
    qtbot.addWidget(button)
    size = button.size()
    assert button.minimumSize() == button.maximumSize() == size
    for stop in (True, False, True):
        button.set_stop(stop)
        assert button.size() == size and button.is_stop() is stop
        # what the face needs, measured by a free button of the same face
        from PySide6.QtWidgets import QPushButton

        free = QPushButton(button.icon(), button.text())
        qtbot.addWidget(free)
        assert free.sizeHint().width() <= size.width()
    assert button.text() == "Stop" and button.accessibleName() == "Stop the lookup"


def test_a_bigger_font_refits_it(qtbot):
    button = LookupButton()
    qtbot.addWidget(button)
    before = button.width()
    font = QFont(button.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    button.setFont(font)
    assert button.width() > before
    assert button.minimumSize() == button.maximumSize()
