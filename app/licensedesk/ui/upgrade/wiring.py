"""Wires the upgrade dialog to its controller and the Support menu (Ctrl+Shift+U), the
licence card's and the activations table's context menus.

After an upgrade (or a lost answer that turns out to have gone through) the
workspace shows the upgrade licence. A new licence without a licensee is checked
for registration (register-products); only when it can be registered does "Register
the new licence…" hand the new serial over to the registration feature.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from .controller import PREVIEW_TASK, WENT_THROUGH, UpgradeController

if TYPE_CHECKING:
    from ..shared.context import DeskContext, LookupPort
    from .dialog import UpgradeDialog


class UpgradeFeature(QObject):
    def __init__(
        self,
        ctx: DeskContext,
        lookup: LookupPort,
        register: Callable[[str], object],
        parent: QObject | None = None,
    ) -> None:
        """``register(serial)`` opens the registration on a new licence."""
        super().__init__(parent)
        self._register = register
        self._window = ctx.window
        self._runner = ctx.runner
        self._lookup = lookup
        self.controller = UpgradeController(
            ctx.runner, ctx.connections.client, self, history=ctx.recorder
        )
        self.dialog: UpgradeDialog | None = None
        action = ctx.window.registry["upgrade"]
        action.triggered.connect(lambda _checked=False: self.open())
        lookup.add_context_action("card", action)
        lookup.add_context_action("activations", action)

    def _dialog(self) -> UpgradeDialog:
        if self.dialog is None:
            from .dialog import UpgradeDialog

            d = self.dialog = UpgradeDialog(self._window)
            c = self.controller
            d.previewRequested.connect(c.preview)
            d.upgradeRequested.connect(c.upgrade)
            c.previewBusy.connect(d.set_busy)
            c.previewReady.connect(d.show_preview)
            c.previewFailed.connect(d.show_failure)
            c.writeBusy.connect(d.set_writing)
            c.failed.connect(d.show_failure)
            c.upgraded.connect(self._upgraded)
            c.reconciled.connect(self._reconciled)
            d.registrationRequested.connect(self._register_new)
            d.next_box.checkRequested.connect(c.check_registrable)
            c.registrableChecked.connect(d.next_box.set_registrable)
            # never the write: it runs to its end
            d.finished.connect(lambda _code: self._runner.cancel(PREVIEW_TASK))
        return self.dialog

    def open(self, current: str | None = None, upgrade: str = "") -> UpgradeDialog:
        """Open the dialog with the workspace's serial as the current one; returns it."""
        d = self._dialog()
        d.prefill(self._lookup.serial_on_show() if current is None else current, upgrade)
        d.open()
        return d

    def _upgraded(self, message: str, upgrade_serial: str, lic) -> None:
        self._dialog().show_upgraded(message, upgrade_serial, lic)
        self._lookup.show(upgrade_serial)

    def _reconciled(self, result, upgrade_serial: str) -> None:
        self._dialog().show_reconciliation(result, upgrade_serial)
        if result.outcome == WENT_THROUGH:
            self._lookup.show(upgrade_serial)

    def _register_new(self, serial: str) -> None:
        """The upgrade is done: close its dialog and open the registration on the new
        serial."""
        self._dialog().accept()
        self._register(serial)


def install_upgrade(
    ctx: DeskContext,
    lookup: LookupPort,
    register: Callable[[str], object],
    parent: QObject | None = None,
) -> UpgradeFeature:
    """``register(serial)``: the registration feature's, handed over by the shell."""
    return UpgradeFeature(ctx, lookup, register, parent)
