"""A yes/no confirmation that a coroutine can await without a nested event loop.

    ok = await ConfirmDialog.ask(parent, "Delete 2 activations", text, accept="Delete")

Tests replace the entry point: ``monkeypatch.setattr(ConfirmDialog, "ask", fake)``
where ``fake`` is an ``async def`` (or returns an awaitable) giving True/False.
"""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout

from .awaitable import open_awaitable
from .labels import plain_label


class ConfirmDialog(QDialog):
    def __init__(self, parent, title: str, text: str, accept: str = "OK") -> None:
        super().__init__(parent)
        self.setObjectName("confirmDialog")
        self.setWindowTitle(title)
        self.setModal(True)
        head, _, rest = text.partition("\n\n")
        label = plain_label(head)
        label.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addWidget(label)
        if rest:
            listing = QPlainTextEdit(rest)
            listing.setObjectName("confirmListing")
            listing.setReadOnly(True)
            listing.setMinimumWidth(520)
            listing.setMaximumHeight(180)
            lay.addWidget(listing)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.accept_button = buttons.addButton(accept, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    @classmethod
    def ask(cls, parent, title: str, text: str, accept: str = "OK") -> asyncio.Future:
        """Open the dialog (window-modal, non-blocking); the future gets True on accept."""
        return open_awaitable(cls(parent, title, text, accept), lambda accepted: accepted)
