"""Support tools (validate, upgrade, registration): actions, dialogs, controllers.

:func:`install_support_actions` is the one integration point with the main
window: ``app.py`` calls it once with the ``DeskApp``. It adds a "Support"
menu, a toolbar, the shortcuts Ctrl+Shift+V / U / R, context-menu entries on
the licence card and the activations table, and connects each dialog to its
controller and the workspace. Dialogs are made on first use and opened with
``open()``; every network call goes through the desk's TaskRunner.
"""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence

from .controllers.registration import RegistrationController
from .controllers.upgrade import UpgradeController
from .controllers.validate import ValidateController, ValidateRequest
from .models.validation_cause import WorkspaceData, likely_cause
from .models.values import field

log = logging.getLogger(__name__)


class SupportActions(QObject):
    """Owns the three support dialogs and their controllers for one window."""

    def __init__(self, desk: Any, parent: QObject | None = None) -> None:
        super().__init__(parent or desk)
        self.desk = desk
        self.window = desk.window
        self.workspace = desk.window.workspace
        runner, client = desk.runner, desk.connections.client
        self.validate_controller = ValidateController(runner, client, self)
        self.upgrade_controller = UpgradeController(runner, client, self)
        self.registration_controller = RegistrationController(runner, client, self)
        self.validate_dialog = None
        self.upgrade_dialog = None
        self.registration_dialog = None
        self._make_actions()
        # whether the activations part holds a loaded list (not an error, not a lookup
        # in flight): only then can seats be counted for a likely cause
        self._activations_loaded = False
        lookup = desk.lookup
        lookup.started.connect(lambda _serial: self._set_activations_loaded(False))
        lookup.activationsLoaded.connect(lambda _acts: self._set_activations_loaded(True))
        lookup.partFailed.connect(
            lambda part, _f: part == "activations" and self._set_activations_loaded(False))

    def _set_activations_loaded(self, loaded: bool) -> None:
        self._activations_loaded = loaded

    # -- actions -----------------------------------------------------------------------
    def _action(self, text: str, shortcut: str, tip: str, slot, name: str) -> QAction:
        action = QAction(text, self.window)
        action.setObjectName(name)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setToolTip(f"{tip} ({shortcut})" if shortcut else tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _make_actions(self) -> None:
        w = self.window
        self.validate_action = self._action(
            "&Validate a serial\u2026", "Ctrl+Shift+V",
            "Validate a serial for a product", self.open_validate, "validateAction")
        self.upgrade_action = self._action(
            "&Upgrade a licence\u2026", "Ctrl+Shift+U",
            "Upgrade a licence from another one", self.open_upgrade, "upgradeAction")
        self.registration_action = self._action(
            "&Register a licence\u2026", "Ctrl+Shift+R",
            "Register an offline-distribution licence", self.open_registration,
            "registrationAction")
        actions = [self.validate_action, self.upgrade_action, self.registration_action]
        menu = w.menuBar().addMenu("&Support")
        menu.setObjectName("supportMenu")
        help_menu = getattr(w, "help_menu", None)
        if help_menu is not None:  # keep Help last
            w.menuBar().insertMenu(help_menu.menuAction(), menu)
        menu.addActions(actions)
        self.menu = menu
        toolbar = w.addToolBar("Support")
        toolbar.setObjectName("supportToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        toolbar.setMovable(False)
        short = {self.validate_action: "Validate\u2026", self.upgrade_action: "Upgrade\u2026",
                 self.registration_action: "Register\u2026"}
        for action in actions:
            button_action = toolbar.addAction(short[action])
            # validateToolbarAction / validateToolButton etc.: found by tests and a11y tools
            stem = action.objectName().removesuffix("Action")
            button_action.setObjectName(f"{stem}ToolbarAction")
            button_action.setToolTip(action.toolTip())
            button_action.triggered.connect(action.trigger)
            toolbar.widgetForAction(button_action).setObjectName(f"{stem}ToolButton")
        self.toolbar = toolbar

        # context menus: the licence card (all three) and the activations table
        card = self.workspace.card
        if card.contextMenuPolicy() == Qt.ContextMenuPolicy.DefaultContextMenu:
            card.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
            card.addActions(actions)
        table = self.workspace.activations.table
        self.validate_device_action = self._action(
            "Validate this device\u2026", "", "Validate the serial for this device's product "
            "and host", self.validate_selected_device, "validateDeviceAction")
        if table.contextMenuPolicy() == Qt.ContextMenuPolicy.DefaultContextMenu:
            table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
            table.addActions([self.validate_device_action, self.upgrade_action])

    # -- what the workspace shows --------------------------------------------------------
    def workspace_serial(self) -> str:
        serial = self.desk.lookup.serial
        if serial:
            return serial
        from .dialogs.support_base import normalise_serial

        return normalise_serial(self.workspace.serial_input.text()) or ""

    def workspace_data(self, serial: str) -> WorkspaceData | None:
        """What the workspace holds for ``serial`` (None when it shows another serial)."""
        if not serial or self.desk.lookup.serial != serial:
            return None
        ws = self.workspace
        return WorkspaceData(
            serial=serial,
            license=ws.card.license,
            products=ws.products.model.products(),
            activations=ws.activations.model.activations() if self._activations_loaded
            else None,
        )

    def this_computer(self) -> tuple[str, str]:
        host = self.workspace.activations.model.this_host_id
        try:
            from licensedesk.machine import device_tag, host_id

            tag = device_tag()
            host = host or host_id()
        except Exception:  # no machine id and no data folder: leave it to the user
            log.warning("this computer's identity is not available", exc_info=True)
            tag = ""
        return host or "", tag

    # -- validate -------------------------------------------------------------------------
    def _validate_dialog(self):
        if self.validate_dialog is None:
            from .dialogs.validate import ValidateDialog

            d = self.validate_dialog = ValidateDialog(self.window)
            c = self.validate_controller
            d.validateRequested.connect(
                lambda s, code, host, tag: c.validate(
                    ValidateRequest(s, code, host or None, tag or None)))
            c.busyChanged.connect(d.set_busy)
            c.failed.connect(d.show_failure)
            c.resultReady.connect(self._validated)
            c.deviceRecorded.connect(self._refresh_activations)
            d.finished.connect(lambda _code: c.cancel())
        return self.validate_dialog

    def open_validate(self, serial: str | None = None, product_code: str = "",
                      host_id: str | None = None, device_tag: str | None = None):
        """Open the validate dialog prefilled from the workspace; returns it (tests drive it)."""
        d = self._validate_dialog()
        serial = self.workspace_serial() if serial is None else serial
        data = self.workspace_data(serial)
        d.this_host = self.this_computer()
        d.prefill(serial, data.products if data else [], product_code, host_id, device_tag)
        d.open()
        return d

    def validate_selected_device(self):
        ws = self.workspace
        ids = ws.activations.selected_ids()
        act = ws.activations.model.activation(ids[0]) if ids else None
        if act is None:
            return self.open_validate()
        code = next((field(p, "code") for p in ws.products.model.products()
                     if field(p, "id") == field(act, "product_id")), "")
        return self.open_validate(self.desk.lookup.serial or field(act, "serial"), code,
                                  field(act, "host_id"), field(act, "device_tag"))

    def _validated(self, request: ValidateRequest, result) -> None:
        cause = "" if result.valid else likely_cause(
            result.message, self.workspace_data(request.serial), request.product_code,
            request.host_id)
        reason = result.reason_sentence
        if result.valid and request.records_device:
            reason += " This device is recorded on the licence."
        self._validate_dialog().show_result(result, reason, cause)

    def _refresh_activations(self, serial: str) -> None:
        """A validation recorded a device: reload the activations part if it shows ``serial``."""
        if self.desk.lookup.serial == serial:
            self.desk.lookup.reload("activations")

    # -- upgrade ----------------------------------------------------------------------------
    def _upgrade_dialog(self):
        if self.upgrade_dialog is None:
            from .dialogs.upgrade import UpgradeDialog

            d = self.upgrade_dialog = UpgradeDialog(self.window)
            c = self.upgrade_controller
            d.previewRequested.connect(c.preview)
            d.upgradeRequested.connect(c.upgrade)
            c.previewBusy.connect(d.set_busy)
            c.previewReady.connect(d.show_preview)
            c.previewFailed.connect(d.show_failure)
            c.writeBusy.connect(d.set_writing)
            c.failed.connect(d.show_failure)
            c.upgraded.connect(self._upgraded)
            c.reconciled.connect(self._reconciled)
            d.finished.connect(lambda _code: self.desk.runner.cancel(
                "support.upgrade.preview"))  # never the write: it runs to its end
        return self.upgrade_dialog

    def open_upgrade(self, current: str | None = None, upgrade: str = ""):
        """Open the upgrade dialog with the workspace's serial as the current one."""
        d = self._upgrade_dialog()
        d.prefill(self.workspace_serial() if current is None else current, upgrade)
        d.open()
        return d

    def _upgraded(self, message: str, upgrade_serial: str) -> None:
        self._upgrade_dialog().show_upgraded(message, upgrade_serial)
        self.show_in_workspace(upgrade_serial)

    def _reconciled(self, result, upgrade_serial: str) -> None:
        from .controllers.upgrade import WENT_THROUGH

        self._upgrade_dialog().show_reconciliation(result)
        if result.outcome == WENT_THROUGH:
            self.show_in_workspace(upgrade_serial)

    def show_in_workspace(self, serial: str) -> None:
        ws = self.workspace
        ws.serial_input.setText(serial)
        ws.remember(serial)
        self.window.show_workspace()
        self.desk.lookup.lookup(serial)

    # -- registration -------------------------------------------------------------------------
    def _registration_dialog(self):
        if self.registration_dialog is None:
            from .dialogs.registration import RegistrationDialog

            d = self.registration_dialog = RegistrationDialog(self.window)
            c = self.registration_controller
            d.checkRequested.connect(c.check)
            d.registerRequested.connect(
                lambda s, name, email, sku: c.register(s, name, email, sku or None))
            c.busyChanged.connect(d.set_busy)
            c.checked.connect(d.show_check)
            c.checkFailed.connect(d.show_failure)
            c.failed.connect(d.show_failure)
            c.registered.connect(self._registered)
            d.finished.connect(lambda _code: self.desk.runner.cancel(
                "support.registration.check"))
        return self.registration_dialog

    def open_registration(self, serial: str | None = None, check: bool = True):
        """Open the registration dialog; with a serial, the suitability check starts at once."""
        d = self._registration_dialog()
        d.prefill(self.workspace_serial() if serial is None else serial)
        d.open()
        if check and d.serial_input.text():
            d.check()
        return d

    def _registered(self, serial: str, message: str) -> None:
        self._registration_dialog().show_registered(message)
        if self.desk.lookup.serial == serial:
            self.desk.lookup.reload("license")


def install_support_actions(desk: Any) -> SupportActions:
    """Add the support menu, toolbar, shortcuts and context entries to ``desk.window``."""
    return SupportActions(desk)
