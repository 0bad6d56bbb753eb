"""Asks for the api_keys a profile lacks, for this session (DESIGN.md §3).

Without an OS keyring the app keeps keys in memory only, so at each start a
stored profile has its app IDs but no keys: this dialog asks for them when the
profile is chosen. It only collects text; the caller decides where keys go.

    keys = await KeyPromptDialog.ask(parent, "Office", {"read": "app-1"}, note)
    # {"read": "sk_..."} on OK, None on Skip

Pairs that share one app ID get one field. Tests drive the dialog itself
(``KeyPromptDialog.ask`` returns a future; the dialog is ``findChild``-able).
"""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
)

from licensedesk.i18n import _

from ..shared.a11y import named, tab_chain
from ..shared.awaitable import open_awaitable
from ..shared.labels import plain_label
from ..shared.stacked import stacked


def _field_texts(pairs: list[str]) -> tuple[str, str]:
    """The row label and the accessible name of the field that serves ``pairs`` (whole
    phrases: "read"/"write" change their form inside a German phrase)."""
    if pairs == ["read"]:
        return _("Read key:"), _("API key for the read pair")
    if pairs == ["write"]:
        return _("Write key:"), _("API key for the write pair")
    return _("Read and write key:"), _("API key for the read and write pair")


class KeyPromptDialog(QDialog):
    def __init__(self, parent, profile: str, app_ids: dict[str, str], note: str) -> None:
        super().__init__(parent)
        self.setObjectName("keyPromptDialog")
        self.setWindowTitle(_("API key for \u201c{profile}\u201d").format(profile=profile))
        self.setModal(True)
        self._fields: dict[str, QLineEdit] = {}  # app_id -> field
        self._pairs: dict[str, list[str]] = {}  # app_id -> pairs it serves
        for pair, app_id in app_ids.items():
            self._pairs.setdefault(app_id, []).append(pair)

        intro = named(plain_label(note), "keyPromptNote")
        intro.setWordWrap(True)
        form = QFormLayout()
        for app_id, pairs in self._pairs.items():
            label, name = _field_texts(pairs)
            # its accessible name says which key, never the key itself
            field = named(QLineEdit(), f"keyField_{'_'.join(pairs)}", name)
            field.setEchoMode(QLineEdit.EchoMode.Password)
            field.setMinimumWidth(320)
            field.setAccessibleDescription(_("Kept in memory for this session only."))
            field.setPlaceholderText(_("api_key for app ID {app_id}").format(app_id=app_id))
            field.textChanged.connect(self._update)
            form.addRow(label, field)
            self._fields[app_id] = field

        buttons = QDialogButtonBox()
        self.ok_button = buttons.addButton(
            _("Use for this session"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.skip_button = buttons.addButton(_("Skip"), QDialogButtonBox.ButtonRole.RejectRole)
        self.skip_button.setAccessibleDescription(
            _("Goes on without the key: nothing is sent with this profile until it has one.")
        )
        self.ok_button.setObjectName("keyPromptOk")
        self.skip_button.setObjectName("keyPromptSkip")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        stacked(self, intro, form, buttons)
        tab_chain(*self._fields.values(), buttons)  # the buttons as the platform places them
        self._update()

    def _update(self, *_args) -> None:
        self.ok_button.setEnabled(any(f.text().strip() for f in self._fields.values()))

    def keys(self) -> dict[str, str]:
        """pair -> api_key for every field that was filled in."""
        out: dict[str, str] = {}
        for app_id, field in self._fields.items():
            key = field.text().strip()
            if key:
                out.update(dict.fromkeys(self._pairs[app_id], key))
        return out

    def _answer(self, accepted: bool) -> dict[str, str] | None:
        keys = self.keys() if accepted else None
        for field in self._fields.values():
            field.clear()  # drop the typed keys from the widgets
        return keys

    @classmethod
    def ask(cls, parent, profile: str, app_ids: dict[str, str], note: str) -> asyncio.Future:
        """Open the dialog (window-modal, non-blocking); the future gets the keys or None."""
        dialog = cls(parent, profile, app_ids, note)
        return open_awaitable(dialog, dialog._answer)
