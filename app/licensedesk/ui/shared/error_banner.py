"""A non-modal banner for errors: a sentence for a person, and "Details" on request."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
)

from . import colours
from .icons import icon
from .labels import plain_label


class ErrorBanner(QFrame):
    """Hidden until :meth:`show_error`; the user closes it or the next success hides it."""

    dismissed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("errorBanner")
        self.setAccessibleName("Error message")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "#errorBanner { background: palette(base);"
            f" border: 1px solid {colours.BAD}; border-left: 4px solid {colours.BAD};"
            " border-radius: 3px; }"
        )
        self._icon = QLabel()
        self._icon.setPixmap(icon("dialog-error").pixmap(20, 20))
        self.message = plain_label()
        self.message.setObjectName("errorBannerMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details_button = QPushButton("Details")
        self.details_button.setObjectName("errorBannerDetailsButton")
        self.details_button.setCheckable(True)
        self.copy_button = QPushButton("Copy")
        self.copy_button.setToolTip("Copy the message and its details")
        self.close_button = QToolButton()
        self.close_button.setIcon(icon("window-close"))
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Dismiss")
        self.close_button.setAccessibleName("Dismiss error")
        self.details = QPlainTextEdit()
        self.details.setObjectName("errorBannerDetails")
        self.details.setReadOnly(True)
        self.details.setMaximumHeight(110)
        self.details.hide()

        top = QHBoxLayout()
        top.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.message, 1)
        top.addWidget(self.details_button)
        top.addWidget(self.copy_button)
        top.addWidget(self.close_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        lay.addLayout(top)
        lay.addWidget(self.details)

        self.details_button.toggled.connect(self.details.setVisible)
        self.copy_button.clicked.connect(self._copy)
        self.close_button.clicked.connect(self.clear)
        self.hide()

    def show_error(self, sentence: str, details: str = "") -> None:
        """Show ``sentence``; ``details`` (already redacted) behind the Details button."""
        self.message.setText(sentence)
        self.details.setPlainText(details or "No further details.")
        self.details_button.setChecked(False)
        self.show()

    def show_failure(self, failure) -> None:
        self.show_error(failure.sentence, failure.details)

    def clear(self) -> None:
        if self.isVisible():
            self.hide()
            self.dismissed.emit()

    def text(self) -> str:
        return self.message.text() if self.isVisible() else ""

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(
            f"{self.message.text()}\n\n{self.details.toPlainText()}"
        )
