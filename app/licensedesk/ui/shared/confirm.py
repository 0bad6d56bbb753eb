"""A yes/no confirmation that a coroutine can await without a nested event loop.

    ok = await ConfirmDialog.ask(parent, title, text, accept=_("Delete"))

``title``, ``text`` and ``accept`` come translated from the caller; ``accept`` defaults
to "OK" in the language in use. Cancel is the default button: Enter never confirms.

Tests replace the entry point: ``monkeypatch.setattr(ConfirmDialog, "ask", fake)``
where ``fake`` is an ``async def`` (or returns an awaitable) giving True/False.
"""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout

from licensedesk.i18n import _

from .a11y import named, tab_chain
from .awaitable import open_awaitable
from .labels import plain_label


class ConfirmDialog(QDialog):
    def __init__(self, parent, title: str, text: str, accept: str | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("confirmDialog")
        self.setWindowTitle(title)
        self.setModal(True)
        head, _sep, rest = text.partition("\n\n")
        label = named(plain_label(head), "confirmText")
        label.setWordWrap(True)
        self.setAccessibleDescription(head)
        lay = QVBoxLayout(self)
        lay.addWidget(label)
        listing: QPlainTextEdit | None = None
        if rest:
            listing = named(QPlainTextEdit(rest), "confirmListing", _("What this affects"))
            listing.setReadOnly(True)
            listing.setAccessibleDescription(head)
            listing.setMinimumWidth(520)
            listing.setMaximumHeight(180)
            lay.addWidget(listing)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.accept_button = buttons.addButton(
            accept if accept is not None else _("OK"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.accept_button.setObjectName("confirmAcceptButton")
        self.accept_button.setAccessibleDescription(head)
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setObjectName("confirmCancelButton")
        cancel.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        tab_chain(*([listing] if listing is not None else []), buttons)

    @classmethod
    def ask(cls, parent, title: str, text: str, accept: str | None = None) -> asyncio.Future:
        """Open the dialog (window-modal, non-blocking); the future gets True on accept."""
        return open_awaitable(cls(parent, title, text, accept), lambda accepted: accepted)
