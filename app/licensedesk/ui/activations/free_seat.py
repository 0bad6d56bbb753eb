"""*Support → Free a seat…* (and the button beside the products' "every seat in use"):
for the licence on show, the active devices of its full products in
:class:`~.free_seat_dialog.FreeSeatDialog`, then the activations' own bulk action.

Nothing new is written here: Delete goes through :meth:`ActivationsController.delete` (the
usual confirmation naming the devices, one ``DELETE`` each, the history's entries) and
Deactivate through :meth:`ActivationsController.deactivate`; the rows and the products'
seats follow as for the table's own buttons. After a deletion the devices are read
again, so the licence book, and with it *View → Full seats…*, learns the seat is free.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from licensedesk.i18n import _

from ..lookup.seats_full import full_sentence
from ..shared.labels import plain_tip
from ..shared.refusals import read_only_reason
from ..shared.tasks import wait_for_tasks
from .controller import BULK
from .free_seat_choice import candidates, full_products, preselected
from .free_seat_dialog import FreeSeatDialog

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from ..shared.context import DeskContext, LookupPort
    from .controller import ActivationsController
    from .panel import ActivationsPanel


class FreeSeat(QObject):
    """The action's handler: what the workspace shows decides what is offered."""

    def __init__(
        self,
        ctx: DeskContext,
        lookup: LookupPort,
        panel: ActivationsPanel,
        controller: ActivationsController,
    ) -> None:
        super().__init__(controller)
        self.setObjectName("freeSeat")
        self._ctx, self._lookup, self._panel, self._controller = ctx, lookup, panel, controller
        self.action: QAction = ctx.window.registry["freeSeat"]
        self._tip = self.action.toolTip()  # what it does, said while it is offered
        self.action.triggered.connect(lambda _checked=False: self.open())
        ctx.connections.follow_write_access(self.follow)
        # what the workspace shows: a lookup, its products' seats, a change of devices
        lookup.started.connect(lambda _serial: self.follow())
        lookup.partShown.connect(lambda _part: self.follow())
        lookup.seatsShown.connect(self.follow)
        controller.bulkStarted.connect(lambda _action, _total: self._follow_bulk())
        ctx.window.registry.menus["support"].aboutToShow.connect(self.follow)
        self.follow()

    def follow(self) -> None:
        """On only when the dialog has something to offer; off, its tooltip and status
        tip saying why (no licence on show, a read-only profile, no product full…), so
        the menu never offers what would only answer with an error."""
        name = self._ctx.connections.current
        reason = read_only_reason(self._ctx.connections.can_write(name), name) or self._why_not()
        self.action.setEnabled(not reason)
        self.action.setToolTip(plain_tip(reason) or self._tip)
        self.action.setStatusTip(reason or self._tip)

    def _follow_bulk(self) -> None:
        """Off while devices are being changed, and followed again once that is done."""
        self.follow()
        bulk = self._ctx.runner.task(BULK)
        if bulk is not None:
            bulk.add_done_callback(lambda _task: self.follow())

    def open(self) -> asyncio.Task | None:
        """Ask which device to free; None when there is nothing to ask (said why)."""
        why = self._why_not()
        if why:
            self._ctx.banner.show_error(why)
            return None
        serial = self._lookup.serial or ""
        data = self._lookup.shown(serial)
        assert data is not None and data.activations is not None  # else _why_not said why
        full = full_products(data.products, self._panel.model.activated_count_by_product())
        rows = candidates(full, data.activations, self._ctx.host_id)
        return self._ctx.runner.run("activations.freeSeat", self._ask(serial, full, rows))

    def _why_not(self) -> str:
        """The sentence that stands in for the dialog ("" when it can open): the action's
        tooltip while it is off, and the banner when it is asked for all the same (the
        *Full seats* view's own button)."""
        serial = self._lookup.serial
        data = self._lookup.shown(serial) if serial else None
        if data is None or data.license is None:
            return _("Look up a licence first: a seat is freed on the licence on show.")
        if self._panel.model.read_only_reason:
            return self._panel.model.read_only_reason
        if data.activations is None:
            return _(
                "The devices of {serial} are not on show: press F5 to read them again."
            ).format(serial=serial)
        if not full_products(data.products, self._panel.model.activated_count_by_product()):
            return _("No product of {serial} has every seat in use.").format(serial=serial)
        if self._controller.is_running():
            return _("Wait until the devices being changed are done.")
        return ""

    async def _ask(self, serial: str, full: list, rows: list) -> None:
        intro = _intro(full)
        choice = await FreeSeatDialog.ask(self._ctx.window, serial, intro, rows, preselected(rows))
        if choice is None or self._lookup.serial != serial:
            return
        if choice.action == "deactivate":
            self._controller.deactivate(choice.ids)  # it reads the devices again after
            return
        if not await self._controller.delete(choice.ids, self._panel.describe(choice.ids)):
            return
        await wait_for_tasks([self._ctx.runner.task(BULK)])
        # the devices as the service now holds them: the licence book (and its *Full
        # seats* view) learns that the seat is free
        self._lookup.reload("activations", serial)


def _intro(full: list) -> str:
    """The dialog's first sentence: which product is full, and what to choose."""
    if len(full) == 1:
        first = full_sentence([full[0].name], full[0].max_host_count)
    else:
        first = _("Every seat of {products} is in use.").format(
            products=", ".join(p.name for p in full)
        )
    return (
        first
        + " "
        + _("Tick the devices to free: the one updated longest ago is ticked, never this computer.")
    )
