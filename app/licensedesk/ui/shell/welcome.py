"""First run without profiles: try the demo, or add a connection."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


class WelcomePage(QWidget):
    demoRequested = Signal()
    addConnectionRequested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("welcomePage")
        title = QLabel("<h2>Welcome to License Desk</h2>")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text = QLabel(
            "Look up licence serials, their products and the devices they are activated on.\n"
            "There is no connection to a licence service yet. Try the built-in demo service,\n"
            "or add a connection with the app ID and API key your service gave you."
        )
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text.setWordWrap(True)
        self.demo_button = QPushButton("Try the demo")
        self.demo_button.setObjectName("tryDemoButton")
        self.demo_button.setDefault(True)
        self.add_button = QPushButton("Add a connection\u2026")
        self.add_button.setObjectName("addConnectionButton")
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
        self.demo_button.clicked.connect(self.demoRequested)
        self.add_button.clicked.connect(self.addConnectionRequested)
