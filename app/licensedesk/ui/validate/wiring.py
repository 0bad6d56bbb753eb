"""Wires the validate dialog to its controller, the Support menu (Ctrl+Shift+V), the licence
card's context menu and "Validate this device…" on the activations table.

The dialog is made on first use and opened with ``open()``; it is prefilled with
the serial on show and records no host unless asked to. Its product and device
lists follow the serial in the dialog: from the workspace when it shows that
licence, else read in the background (:class:`.choices.ChoicesController`). A
refusal is shown with the service's reason (``ValidationResult.reason_sentence``, from
:mod:`licensedesk.api.verdicts`), the service's own words when it sent a sentence,
and, when the workspace shows the same licence, a likely cause from its data
(:func:`.cause.likely_cause`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from licensedesk.api.verdicts import Verdict, spoken
from licensedesk.display_text import visible
from licensedesk.i18n import _

from ..shared.refusals import products_unavailable
from ..shared.tasks import Failure
from ..shell.actions import make_action
from .cause import likely_cause
from .choices import ChoicesController
from .controller import ValidateController, ValidateRequest

if TYPE_CHECKING:
    from ..shared.context import DeskContext, LookupPort
    from .dialog import ValidateDialog

log = logging.getLogger(__name__)


class ValidateFeature(QObject):
    def __init__(self, ctx: DeskContext, lookup: LookupPort, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._window = ctx.window
        self._lookup = lookup
        self._host_id = ctx.host_id
        self.controller = ValidateController(
            ctx.runner, ctx.connections.client, self, history=ctx.recorder
        )
        self.choices = ChoicesController(ctx.runner, ctx.connections.client, self)
        self.dialog: ValidateDialog | None = None
        action = ctx.window.registry["validate"]
        action.triggered.connect(lambda _checked=False: self.open())
        self.device_action = make_action(
            ctx.window,
            "validateDevice",
            _("Validate this device\u2026"),
            tip=_("Validate the serial for this device's product and host"),
        )
        self.device_action.triggered.connect(lambda _checked=False: self.open_for_device())
        lookup.add_context_action("card", action)
        lookup.add_context_action("activations", self.device_action)

    def _dialog(self) -> ValidateDialog:
        if self.dialog is None:
            from .dialog import ValidateDialog

            d = self.dialog = ValidateDialog(self._window)
            c = self.controller
            d.validateRequested.connect(
                lambda s, code, host, tag: c.validate(
                    ValidateRequest(s, code, host or None, tag or None)
                )
            )
            c.busyChanged.connect(d.set_busy)
            c.failed.connect(d.show_failure)
            c.resultReady.connect(self._validated)
            c.deviceRecorded.connect(lambda serial: self._lookup.reload("activations", serial))
            d.serialSettled.connect(self._choices_for)
            self.choices.loaded.connect(self._choices_loaded)
            self.choices.failed.connect(self._choices_failed)
            d.finished.connect(lambda _code: (c.cancel(), self.choices.cancel()))
        return self.dialog

    def open(
        self,
        serial: str | None = None,
        product_code: str = "",
        host_id: str | None = None,
        device_tag: str | None = None,
    ) -> ValidateDialog:
        """Open the dialog prefilled from the workspace; returns it (tests drive it).
        Without ``host_id`` nothing is recorded: taking a seat is the agent's choice."""
        d = self._dialog()
        serial = self._lookup.serial_on_show() if serial is None else serial
        d.this_host = self.this_computer()
        self.choices.cancel()
        d.prefill(serial, product_code, host_id, device_tag)
        d.open()
        return d

    def open_for_device(self) -> ValidateDialog:
        """The selected device's serial, product and host, from the activations table."""
        act = self._lookup.selected_activation()
        if act is None:
            return self.open()
        shown = self._lookup.shown(self._lookup.serial or "")
        products = shown.products if shown is not None else []
        code = next((p.code for p in products if p.id == act.product_id), "")
        return self.open(self._lookup.serial or act.serial, code, act.host_id, act.device_tag)

    def this_computer(self) -> tuple[str, str]:
        """This machine's host ID and device tag ("" when not available)."""
        host = self._host_id
        try:
            from licensedesk.machine import device_tag, host_id

            tag = device_tag()
            host = host or host_id()
        except Exception:  # no machine id and no data folder: leave it to the user
            log.warning("this computer's identity is not available", exc_info=True)
            tag = ""
        return host or "", tag

    def _choices_for(self, serial: str) -> None:
        """The products and devices of the dialog's serial: the workspace's when it shows
        that licence with its products, else read without blocking the dialog (also when
        the workspace's lookup is still running, failed or was stopped)."""
        shown = self._lookup.shown(serial)
        if shown is not None and shown.products and not self._lookup.is_running():
            self.choices.cancel()
            self._dialog().set_choices(serial, shown.products, shown.activations or [])
            return
        self._dialog().show_choices_loading()
        self.choices.load(serial)

    def _choices_loaded(self, serial: str, products: list | None, activations: list) -> None:
        note = (
            ""
            if products is not None
            else _("{reason} Type the product code.").format(reason=products_unavailable())
        )
        self._dialog().set_choices(serial, products, activations, note)

    def _choices_failed(self, serial: str, failure: Failure) -> None:
        note = _(
            "The products of this serial could not be read: {reason} Type the product code."
        ).format(reason=failure.sentence)
        self._dialog().set_choices(serial, [], [], note)

    def _validated(self, request: ValidateRequest, result) -> None:
        cause = (
            ""
            if result.valid
            else likely_cause(
                result.message,
                self._lookup.shown(request.serial),
                request.product_code,
                request.host_id,
            )
        )
        reason = result.reason_sentence
        words = spoken(result.message) if result.verdict is not Verdict.NOT_VALID else ""
        if words and not result.valid:  # the service's own sentence, beside ours
            # TRANSLATORS: {words} is the service's own message (English, as it sent it)
            reason = _("{reason} The service said: \u201c{words}\u201d").format(
                reason=reason, words=visible(words)
            )
        if result.valid and request.records_device:
            reason = _("{reason} This device is recorded on the licence.").format(reason=reason)
        self._dialog().show_result(result, reason, cause)


def install_validate(
    ctx: DeskContext, lookup: LookupPort, parent: QObject | None = None
) -> ValidateFeature:
    return ValidateFeature(ctx, lookup, parent)
