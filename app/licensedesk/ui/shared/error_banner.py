"""A non-modal banner for errors: a sentence for a person, and "Details" on request.

For a screen reader the banner is "Error message" and describes itself with the
sentence; its buttons say what they act on ("Copy error message", "Dismiss error")."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
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

from licensedesk.i18n import _

from . import colours
from .a11y import named
from .icons import icon
from .labels import plain_label


class ErrorBanner(QFrame):
    """Hidden until :meth:`show_error`; the user closes it or the next success hides it."""

    dismissed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("errorBanner")
        self.setAccessibleName(_("Error message"))
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._restyle()
        self._icon = QLabel()
        self._icon.setPixmap(icon("dialog-error").pixmap(20, 20))
        self.message = named(plain_label(), "errorBannerMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # read with the banner, no tab stop
        self.message.setAccessibleDescription(_("Error message"))
        # TRANSLATORS: a button that shows the technical details of an error
        self.details_button = QPushButton(_("Details"))
        self.details_button.setObjectName("errorBannerDetailsButton")
        self.details_button.setCheckable(True)
        self.details_button.setAccessibleName(_("Show error details"))
        self.details_button.setAccessibleDescription(
            _("Shows or hides the technical details of the error")
        )
        # TRANSLATORS: a button that copies the error message and its details
        self.copy_button = QPushButton(_("Copy"))
        self.copy_button.setObjectName("errorBannerCopyButton")
        self.copy_button.setToolTip(_("Copy the message and its details"))
        self.copy_button.setAccessibleName(_("Copy error message"))
        self.copy_button.setAccessibleDescription(_("Copy the message and its details"))
        self.close_button = QToolButton()
        self.close_button.setObjectName("errorBannerCloseButton")
        self.close_button.setIcon(icon("window-close"))
        self.close_button.setAutoRaise(True)
        # TRANSLATORS: tooltip of the ✕ button that closes an error message
        self.close_button.setToolTip(_("Dismiss"))
        self.close_button.setAccessibleName(_("Dismiss error"))
        self.details = named(QPlainTextEdit(), "errorBannerDetails", _("Error details"))
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
        self.setAccessibleDescription(sentence)
        self.details.setPlainText(details or _("No further details."))
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

    def changeEvent(self, ev: QEvent) -> None:
        """A new palette (dark mode switched on) gets a border that reads on it."""
        if ev.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._restyle()
        super().changeEvent(ev)

    def _restyle(self) -> None:
        bad = colours.BAD  # resolved against the palette in use
        style = (
            "#errorBanner { background: palette(base);"
            f" border: 1px solid {bad}; border-left: 4px solid {bad};"
            " border-radius: 3px; }"
        )
        if style != self.styleSheet():  # setting it again would send another change
            self.setStyleSheet(style)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(
            f"{self.message.text()}\n\n{self.details.toPlainText()}"
        )
