"""First run without profiles: try the demo, or add a connection.

Keyboard first: the focus starts on "Try the demo" (also the default button, Enter),
Tab goes on to "Add a connection…" and back; the two texts are read as the page's
description, not as tab stops.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from licensedesk.i18n import _

from ..shared.a11y import named


class WelcomePage(QWidget):
    demoRequested = Signal()
    addConnectionRequested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("welcomePage")
        heading = _("Welcome to License Desk")
        title = named(QLabel(f"<h2>{escape(heading)}</h2>"), "welcomeTitle", heading)
        title.setTextFormat(Qt.TextFormat.RichText)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        words = _(
            "Look up licence serials, their products and the devices they are activated on.\n"
            "There is no connection to a licence service yet. Try the built-in demo service,\n"
            "or add a connection with the app ID and API key your service gave you."
        )
        text = named(QLabel(words), "welcomeText")
        text.setTextFormat(Qt.TextFormat.PlainText)
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text.setWordWrap(True)
        self.setAccessibleName(heading)
        self.setAccessibleDescription(words.replace("\n", " "))
        self.demo_button = named(QPushButton(_("Try the demo")), "tryDemoButton")
        self.demo_button.setDefault(True)
        self.demo_button.setAccessibleDescription(
            _("Starts a demo licence service on this computer, with sample serials")
        )
        self.add_button = named(QPushButton(_("Add a connection\u2026")), "addConnectionButton")
        self.add_button.setAccessibleDescription(
            _("Add a connection profile with the app ID and API key of your service")
        )
        for b in (self.demo_button, self.add_button):
            b.setMinimumWidth(180)
            b.setMinimumHeight(36)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.demo_button)
        buttons.addWidget(self.add_button)
        buttons.addStretch(1)
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        lay.addWidget(title)
        lay.addWidget(text)
        lay.addSpacing(16)
        lay.addLayout(buttons)
        lay.addStretch(3)
        QWidget.setTabOrder(self.demo_button, self.add_button)
        self.setFocusProxy(self.demo_button)  # focusing the page lands on its first button
        self.demo_button.clicked.connect(self.demoRequested)
        self.add_button.clicked.connect(self.addConnectionRequested)
