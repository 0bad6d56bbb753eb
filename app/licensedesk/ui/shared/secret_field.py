"""A masked secret: shown as dots, with Reveal and Copy buttons (product keys, signatures)."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QToolButton, QWidget

from licensedesk.i18n import _

from .icons import icon

MASK = "\u2022" * 12


def masked(value: str | None) -> str:
    return MASK if value else ""


class SecretField(QWidget):
    """Read-only masked value with reveal (toggle) and copy."""

    def __init__(self, value: str = "", label: str | None = None, parent=None) -> None:
        """``label`` names the secret (translated: "product key"); its buttons' names and
        tooltips say it."""
        super().__init__(parent)
        label = label if label is not None else _("secret")
        self._value = value or ""
        self.edit = QLineEdit(self._value)
        self.edit.setReadOnly(True)
        self.edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.edit.setAccessibleName(label)
        self.reveal_button = QToolButton()
        self.reveal_button.setCheckable(True)
        self.reveal_button.setIcon(icon("view-reveal"))
        self.reveal_button.setToolTip(_("Show the {secret}").format(secret=label))
        self.reveal_button.setAccessibleName(_("Reveal {secret}").format(secret=label))
        self.copy_button = QToolButton()
        self.copy_button.setIcon(icon("edit-copy"))
        self.copy_button.setToolTip(_("Copy the {secret}").format(secret=label))
        self.copy_button.setAccessibleName(_("Copy {secret}").format(secret=label))
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.edit, 1)
        lay.addWidget(self.reveal_button)
        lay.addWidget(self.copy_button)
        self.reveal_button.toggled.connect(self._reveal)
        self.copy_button.clicked.connect(self.copy)

    def value(self) -> str:
        return self._value

    def set_value(self, value: str) -> None:
        """Show another secret, masked again."""
        self._value = value or ""
        self.edit.setText(self._value)
        self.reveal_button.setChecked(False)

    def is_revealed(self) -> bool:
        return self.edit.echoMode() == QLineEdit.EchoMode.Normal

    def _reveal(self, on: bool) -> None:
        self.edit.setEchoMode(QLineEdit.EchoMode.Normal if on else QLineEdit.EchoMode.Password)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self._value)
