"""For the unexpected: a sentence, copyable redacted details and where the log is."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
)

from licensedesk.i18n import _

from .a11y import named, tab_chain
from .labels import plain_label


class ErrorDialog(QDialog):
    """Non-blocking: shown with ``show()``; one at a time (the app reuses it)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("errorDialog")
        self.setWindowTitle(_("Something went wrong"))
        self.sentence = named(plain_label(), "errorDialogSentence")
        self.sentence.setWordWrap(True)
        self.details = named(QPlainTextEdit(), "errorDialogDetails", _("Error details"))
        self.details.setReadOnly(True)
        self.details.setMinimumSize(560, 220)
        self.log_label = named(plain_label(), "errorDialogLogPath")
        self.log_label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setObjectName(
            "errorDialogCloseButton"
        )
        copy = QPushButton(_("Copy details"))
        copy.setObjectName("errorDialogCopyButton")
        copy.setAccessibleDescription(_("Copy the message, its details and where the log is"))
        buttons.addButton(copy, QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy)
        buttons.rejected.connect(self.close)
        lay = QVBoxLayout(self)
        lay.addWidget(self.sentence)
        lay.addWidget(self.details, 1)
        lay.addWidget(self.log_label)
        lay.addWidget(buttons)
        tab_chain(self.details, buttons)  # the sentence and log line are read, no tab stops

    def show_error(self, sentence: str, details: str, log_path: str | None) -> None:
        """``details`` must already be redacted."""
        self.sentence.setText(sentence)
        self.details.setAccessibleDescription(sentence)
        if self.isVisible() and self.details.toPlainText():
            self.details.appendPlainText("\n" + "-" * 40 + "\n" + details)
        else:
            self.details.setPlainText(details)
        self.log_label.setText(
            _("The full log is in {path}").format(path=log_path) if log_path else ""
        )
        self.show()
        self.raise_()

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(
            f"{self.sentence.text()}\n\n{self.details.toPlainText()}\n{self.log_label.text()}"
        )
