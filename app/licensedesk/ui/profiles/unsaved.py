"""Save / Discard / Cancel, asked when the profiles dialog is closed with a profile
changed (or typed, or tested) but not saved: closing never drops typed keys unasked.

    choice = await UnsavedDialog.ask(parent, name)   # "save", "discard" or "cancel"

Window-modal without a nested loop (``open_awaitable``); Cancel is the default button.
Tests replace the entry point: ``monkeypatch.setattr(UnsavedDialog, "ask", fake)``.
"""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout

from licensedesk.i18n import _

from ..shared.awaitable import open_awaitable
from ..shared.labels import plain_label

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


class UnsavedDialog(QDialog):
    def __init__(self, parent, name: str) -> None:
        super().__init__(parent)
        self.setObjectName("unsavedProfileDialog")
        self.setWindowTitle(_("Unsaved profile"))
        self.setModal(True)
        self.choice = CANCEL
        text = (
            _("The profile \u201c{name}\u201d has changes that are not saved.").format(name=name)
            if name.strip()
            else _("This profile has changes that are not saved.")
        )
        label = plain_label(text)
        label.setWordWrap(True)
        self.setAccessibleDescription(text)
        Button = QDialogButtonBox.StandardButton
        buttons = QDialogButtonBox(Button.Save | Button.Discard | Button.Cancel)
        for which, choice in (
            (Button.Save, SAVE),
            (Button.Discard, DISCARD),
            (Button.Cancel, CANCEL),
        ):
            button = buttons.button(which)
            button.setObjectName(f"unsaved{choice.title()}Button")
            button.clicked.connect(lambda _c=False, choice=choice: self._chosen(choice))
        buttons.button(Button.Cancel).setDefault(True)
        lay = QVBoxLayout(self)
        lay.addWidget(label)
        lay.addWidget(buttons)

    def _chosen(self, choice: str) -> None:
        self.choice = choice
        self.accept()

    @classmethod
    def ask(cls, parent, name: str) -> asyncio.Future:
        """Open the question (window-modal, non-blocking); the future gets the choice."""
        dialog = cls(parent, name)
        return open_awaitable(dialog, lambda _accepted: dialog.choice)


def form_state(dialog) -> tuple:
    """Everything the profiles dialog's form holds (typed keys included), to tell a
    change from the profile as loaded or saved."""
    fields = (
        dialog.name,
        dialog.base_url,
        dialog.timezone,
        dialog.ca_bundle,
        *(f for box in (dialog.read_box, dialog.write_box) for f in (box.app_id, box.api_key)),
    )
    return (
        *(f.text() for f in fields),
        dialog.insecure.isChecked(),
        dialog.transport.currentIndex(),
        dialog.legacy.isChecked(),
        dialog.connect_timeout.value(),
        dialog.read_timeout.value(),
        dialog.deadline.value(),
        dialog.batch_concurrency.value(),
        dialog.verify.isChecked(),
    )
