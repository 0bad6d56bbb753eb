"""Wires the registration dialog to its controller, the Support menu (Ctrl+Shift+R) and
the licence card's context menu. Replacing a licensee is confirmed in a
:class:`ConfirmDialog` over the registration dialog. After a registration the dialog
shows the licence as re-read, and the workspace's licence part is reloaded when it
shows that serial."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from licensedesk.i18n import _

from ..shared.confirm import ConfirmDialog
from .controller import CHECK_TASK, CONFIRM_TASK, RegistrationController

if TYPE_CHECKING:
    from ..shared.context import DeskContext, LookupPort
    from .dialog import RegistrationDialog


class RegistrationFeature(QObject):
    def __init__(self, ctx: DeskContext, lookup: LookupPort, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._window = ctx.window
        self._runner = ctx.runner
        self._lookup = lookup
        self.controller = RegistrationController(
            ctx.runner, ctx.connections.client, self._confirm, self, history=ctx.recorder
        )
        self.dialog: RegistrationDialog | None = None
        action = ctx.window.registry["registration"]
        action.triggered.connect(lambda _checked=False: self.open())
        lookup.add_context_action("card", action)

    def _dialog(self) -> RegistrationDialog:
        if self.dialog is None:
            from .dialog import RegistrationDialog

            d = self.dialog = RegistrationDialog(self._window)
            c = self.controller
            d.checkRequested.connect(c.check)
            d.registerRequested.connect(
                lambda s, name, email, sku, replaces: c.register(
                    s, name, email, sku or None, replaces
                )
            )
            c.busyChanged.connect(d.set_busy)
            c.checked.connect(d.show_check)
            c.checkFailed.connect(d.show_failure)
            c.failed.connect(d.show_failure)
            c.registered.connect(self._registered)
            d.finished.connect(self._closed)
        return self.dialog

    def open(self, serial: str | None = None) -> RegistrationDialog:
        """Open the dialog; with a serial, the suitability check starts at once."""
        d = self._dialog()
        d.prefill(self._lookup.serial_on_show() if serial is None else serial)
        d.open()
        if d.serial_input.text():
            d.check()
        return d

    def _confirm(self, title: str, text: str):
        return ConfirmDialog.ask(self.dialog or self._window, title, text, accept=_("Replace"))

    def _closed(self, _code: int) -> None:
        """Closing drops a check and an open question; never the registration itself."""
        self._runner.cancel(CHECK_TASK)
        self._runner.cancel(CONFIRM_TASK)

    def _registered(self, serial: str, message: str, lic) -> None:
        self._dialog().show_registered(serial, message, lic)
        self._lookup.reload("license", serial)


def install_registration(
    ctx: DeskContext, lookup: LookupPort, parent: QObject | None = None
) -> RegistrationFeature:
    return RegistrationFeature(ctx, lookup, parent)
