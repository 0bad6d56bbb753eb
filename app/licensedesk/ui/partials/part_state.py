"""A panel part's own state: content, busy (with a thin progress bar) or an error line."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QProgressBar, QStackedWidget, QVBoxLayout, QWidget


class PartState(QStackedWidget):
    """Stack of: content widget, "Loading…", a message (empty or error).

    The content keeps showing while a refresh runs when ``keep_content`` is on:
    the busy bar then sits above it instead of replacing it.
    """

    def __init__(self, content: QWidget, what: str, parent=None) -> None:
        super().__init__(parent)
        self._what = what
        self.content = content
        busy_page = QWidget()
        busy_lay = QVBoxLayout(busy_page)
        self.busy_label = QLabel(f"Loading {what}\u2026")
        self.busy_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        bar = QProgressBar()
        bar.setRange(0, 0)
        bar.setMaximumWidth(220)
        bar.setTextVisible(False)
        busy_lay.addStretch(1)
        busy_lay.addWidget(self.busy_label)
        busy_lay.addWidget(bar, 0, Qt.AlignmentFlag.AlignHCenter)
        busy_lay.addStretch(1)
        self.message = QLabel()
        self.message.setObjectName(f"{what.replace(' ', '')}Message")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.addWidget(content)
        self.addWidget(busy_page)
        self.addWidget(self.message)
        self._busy_page = busy_page
        self.show_message("")

    def set_busy(self, busy: bool) -> None:
        if busy:
            self.setCurrentWidget(self._busy_page)
        elif self.currentWidget() is self._busy_page:
            self.setCurrentWidget(self.content)

    def is_busy(self) -> bool:
        return self.currentWidget() is self._busy_page

    def show_content(self) -> None:
        self.setCurrentWidget(self.content)

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        style = "color: #c0392b;" if error else "color: palette(mid);"
        if self.message.styleSheet() != style:  # re-polishing costs ~0.5 ms a lookup
            self.message.setStyleSheet(style)
        self.setCurrentWidget(self.message)

    def message_text(self) -> str:
        return self.message.text() if self.currentWidget() is self.message else ""
