"""The demo's licences to try, under the serial box until the first lookup.

A newcomer on the demo service knows no serial: each entry names one (with what it
shows) and looks it up when clicked, or pressed with Space or Enter. The entries come
from whoever started the demo (``offer``); without them the box stays hidden.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton

from licensedesk.i18n import _

from ..shared.stacked import stacked

#: entries per row of the grid (seven fit in four rows, beside each other at 760 px)
COLUMNS = 2
LINK_STYLE = (
    "QPushButton { color: palette(link); text-decoration: underline; text-align: left;"
    " border: 1px solid transparent; padding: 1px 4px; }"
    " QPushButton:focus { border: 1px solid palette(highlight); }"
)


class DemoSerials(QFrame):
    """Shows state and emits the serial chosen; holds no network code."""

    chosen = Signal(str)  # a serial of the demo

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("demoSerials")
        self.setAccessibleName(_("Demo licences to try"))
        self.title = QLabel(_("Try one of the demo\u2019s licences:"))
        self.title.setObjectName("demoSerialsTitle")
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(16)
        self._grid.setVerticalSpacing(0)
        stacked(self, self.title, self._grid).setContentsMargins(0, 4, 0, 4)
        self.buttons: list[QPushButton] = []
        self.hide()

    def offer(self, offers: list[tuple[str, str]]) -> None:
        """``offers``: (serial, one-line description) pairs, in the order shown."""
        for button in self.buttons:
            self._grid.removeWidget(button)
            button.deleteLater()
        self.buttons = []
        for n, (serial, description) in enumerate(offers):
            button = QPushButton(f"{serial} \u2014 {description}")
            button.setObjectName(f"demoSerial{n}")
            button.setStyleSheet(LINK_STYLE)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.setAccessibleName(_("Look up {serial}").format(serial=serial))
            button.setAccessibleDescription(description)
            button.clicked.connect(lambda _checked=False, s=serial: self.chosen.emit(s))
            self._grid.addWidget(button, n // COLUMNS, n % COLUMNS, Qt.AlignmentFlag.AlignLeft)
            self.buttons.append(button)

    def has_offers(self) -> bool:
        return bool(self.buttons)

    def show_while(self, demo: bool) -> None:
        """Shown while the demo profile is on (``demo``), and only with licences to offer."""
        self.setVisible(demo and self.has_offers())
