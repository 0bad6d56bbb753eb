"""Wires the lookup: the serial box asks, the controller loads three parts in parallel,
each part shows its own progress and error, one banner per lookup, then the licence image.
Esc (or the Look up button, which reads "Stop" meanwhile) stops a lookup in flight:
the parts still loading say so, those already shown stay. A serial joins the
profile's recent serials once the service has found it.

:func:`install_lookup` runs once (``DeskApp``); the :class:`LookupFeature` it returns
is the :class:`~licensedesk.ui.shared.context.LookupPort` that other features are given:
the serial on show, what the workspace shows for it (:meth:`LookupFeature.shown`),
showing another serial, reloading one part, context actions, the selected device.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from licensedesk.api.serials import normalize_serial
from licensedesk.batch.parse import parse_serials
from licensedesk.i18n import N_, _

from ..shared.support_dialog import serial_or_none
from ..shared.tasks import Failure
from ..shared.timers import one_shot
from .controller import LookupController
from .image import LicenseImageController
from .offline_copy import OfflineCopy
from .workspace_data import WorkspaceData

if TYPE_CHECKING:
    from licensedesk.api.models import Activation

    from ..shared.context import DeskContext

#: How long the previous serial's results stay after Enter, and the Look up button
#: waits to read "Stop". Painting the cleared window or the button takes time;
#: done before the three requests are written, either delays them all (Qt paints
#: before it runs the loop's next steps). One frame later the requests are on the
#: wire; the first answer clears at once if it is sooner.
CLEAR_DELAY_MS = 16
STOPPED = N_("Stopped before the answer came.")


def serials_in(text: str) -> list[str]:
    """The serials of a paste, read by the batch check's rule: the serial box and the batch
    window (and the command line) agree on what is a serial and how many a text holds; a
    six-group token is not a serial, never its first five groups."""
    return list(parse_serials(text).serials)


class LookupFeature(QObject):
    """The workspace's lookup: its controller, the image controller and their handlers."""

    started = Signal(str)  # a lookup of this serial started (after the workspace knows)
    partShown = Signal(str)  # a part ("license", "products", "activations") shown or failed
    seatsShown = Signal()  # the products' seats in use shown again (a device changed…)

    def __init__(self, ctx: DeskContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._window = ctx.window
        self.workspace = ws = ctx.window.workspace
        ws.normalizer = normalize_serial
        ws.finder = serials_in
        client = ctx.connections.client
        self.controller = c = LookupController(ctx.runner, client, self)
        self.image = LicenseImageController(ctx.runner, client, c.in_flight, self)
        self._parts = {"license": ws.card, "products": ws.products, "activations": ws.activations}
        self._banner_part: str | None = None  # the part whose error the banner shows
        self._activations_loaded = False  # a list is on show (not an error, not loading)
        self._clear_timer = one_shot(self, CLEAR_DELAY_MS, self._empty_results)
        self._busy_parts: set[str] = set()
        self.copy = OfflineCopy(ctx)  # the book's, when the service is out of reach
        self._stop = ctx.window.registry["stop"]
        self._stop.setEnabled(False)

        ws.lookupRequested.connect(c.lookup)
        ws.stopRequested.connect(self.stop)
        self._stop.triggered.connect(lambda _checked=False: self.stop())
        ctx.window.registry["refresh"].triggered.connect(self.refresh)
        ctx.connections.currentChanged.connect(self._profile_changed)
        c.started.connect(self._started)
        c.started.connect(self.started)
        c.partBusy.connect(self._part_busy)
        c.partFailed.connect(self._part_failed)
        c.licenseLoaded.connect(self._show_license)
        c.productsLoaded.connect(self._show_products)
        c.productsUnavailable.connect(self._products_unavailable)
        c.activationsLoaded.connect(self._show_activations)
        c.licenseLoaded.connect(self.image.show_soon)  # after the card shows the licence
        self.image.loading.connect(ws.card.show_image_loading)
        self.image.loaded.connect(ws.card.show_image)
        self.image.failed.connect(ws.card.show_image_failed)
        self._offer_free_seat(ctx.window.registry["freeSeat"])

    def _offer_free_seat(self, action: QAction) -> None:
        """*Free a seat…* beside the products' "every seat in use" line: the Support
        menu's action (the activations feature's), on or off as it is."""
        line = self.workspace.products.full_line
        line.freeRequested.connect(action.trigger)
        line.fullChanged.connect(self.seatsShown)
        action.changed.connect(lambda: line.follow(action.isEnabled(), action.toolTip()))
        line.follow(action.isEnabled(), action.toolTip())

    # -- what other features use ------------------------------------------------------
    @property
    def serial(self) -> str | None:
        """The serial of the last lookup (what the workspace shows), or None."""
        return self.controller.serial

    def serial_on_show(self) -> str:
        """The serial on show, else the valid serial typed in the box, else ""."""
        return self.controller.serial or serial_or_none(self.workspace.serial_input.text()) or ""

    def shown(self, serial: str) -> WorkspaceData | None:
        """What the workspace holds for ``serial`` (None when it shows another serial)."""
        if not serial or self.controller.serial != serial:
            return None
        ws = self.workspace
        return WorkspaceData(
            serial=serial,
            license=ws.card.license,
            products=ws.products.model.products(),
            activations=ws.activations.model.activations() if self._activations_loaded else None,
        )

    def show(self, serial: str) -> None:
        """Put ``serial`` in the box and look it up (e.g. the licence an upgrade made)."""
        self.workspace.serial_input.setText(serial)
        self._window.show_workspace()
        self.controller.lookup(serial)

    def show_in_front(self, serial: str) -> None:
        """:meth:`show`, the main window brought in front of the window that asked (the
        batch's, the history's, the Full seats or the Renewals view's row opened)."""
        self.show(serial)
        self._window.raise_()
        self._window.activateWindow()

    def show_note(self, serial: str, text: str) -> None:
        """The team's note on ``serial`` (the book's), on the card while it shows it."""
        if serial == self.serial:
            self.workspace.card.show_note(text)

    def add_card_line(self, line: QWidget) -> None:
        """Put ``line`` under the licence card's fields (a feature's line about the licence
        on show: the changes seen since it was last looked up)."""
        self.workspace.card.layout().addWidget(line)

    def select_device(
        self, activation_id: int | None, host_id: str = "", product: str = ""
    ) -> bool:
        """Select that device in the activations table of the licence on show, the
        Activations tab and the main window brought forward; False when not there."""
        panel = self.workspace.activations
        if not self._activations_loaded or not panel.select_device(activation_id, host_id, product):
            return False
        self.workspace.lower_tabs.setCurrentWidget(panel)
        self._window.show_workspace()
        self._window.raise_()
        self._window.activateWindow()
        panel.table.setFocus()
        return True

    def add_context_action(self, where: str, action: QAction) -> None:
        """Offer ``action`` in the context menu of the licence ``card`` or the ``activations``
        table (the support features add theirs)."""
        widget = self.workspace.card if where == "card" else self.workspace.activations.table
        widget.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        widget.addAction(action)

    def reload(self, part: str, serial: str | None = None):
        """Load ``part`` again if the workspace shows ``serial`` (default: whatever it shows)."""
        if serial is None or self.controller.serial == serial:
            return self.controller.reload(part)
        return None

    def selected_activation(self) -> Activation | None:
        """The first device selected in the activations table, or None."""
        panel = self.workspace.activations
        ids = panel.selected_ids()
        return panel.model.activation(ids[0]) if ids else None

    def update_seats(self) -> None:
        """The products' seats again, after the activations table changed."""
        self.workspace.update_seats()

    def set_tab_title(self, tab: QWidget, title: str) -> None:
        """Name ``tab``, one of the workspace's lower tabs."""
        tabs = self.workspace.lower_tabs
        tabs.setTabText(tabs.indexOf(tab), title)

    def in_flight(self) -> list[asyncio.Task]:
        """The lookup's requests still running (work that should wait for them)."""
        return self.controller.in_flight()

    def refresh(self) -> None:
        if not self._window.is_welcome():
            self.controller.refresh()

    def is_running(self) -> bool:
        return self.controller.is_running()

    def stop(self) -> list[str]:
        """Stop the lookup in flight; returns the parts that were still loading."""
        stopped = sorted(self._busy_parts)
        if not stopped:
            return []
        self.controller.cancel()
        if self._clear_timer.isActive():  # nothing of the new serial yet: no old results
            self._clear_results()
        for part in stopped:
            self._parts[part].state.show_message(_(STOPPED))
        self._window.statusBar().showMessage(
            _("Stopped the lookup of {serial}.").format(serial=self.serial), 5000
        )
        return stopped

    def clearing_soon(self) -> bool:
        """Whether the previous serial's results are still to be cleared (CLEAR_DELAY_MS)."""
        return self._clear_timer.isActive()

    # -- handlers ----------------------------------------------------------------------
    def _part_busy(self, part: str, busy: bool) -> None:
        self._parts[part].set_busy(busy)
        if busy:
            self._busy_parts.add(part)
        else:
            self._busy_parts.discard(part)
        running = bool(self._busy_parts)
        self._stop.setEnabled(running)  # Esc works at once (an action: nothing to paint)
        if not (running and self._clear_timer.isActive()):  # else: after the requests left
            self.workspace.set_looking_up(running)

    def _profile_changed(self, _name: str) -> None:
        self.controller.cancel()
        self.image.cancel()
        self.workspace.clear_results()
        self.workspace.card.show_note("")

    def _started(self, serial: str) -> None:
        self.image.cancel()  # the previous licence's, if still to come
        self.workspace.hint_goes_unless(serial)
        self._banner_part = None
        self._activations_loaded = False
        self.copy.forget()
        self.workspace.card.show_note("")  # the book says the new serial's, when it has one
        self._clear_timer.start()

    def _clear_results(self) -> None:
        """An answer came within CLEAR_DELAY_MS: the previous results go first."""
        if self._clear_timer.isActive():
            self._clear_timer.stop()
            self._empty_results()

    def _empty_results(self) -> None:
        """The previous serial's results go, but the parts whose answers are in: each is
        shown next, over the old content (emptied first, its page would change twice)."""
        self.workspace.empty_results(keep=self.controller.arrived())
        self.workspace.set_looking_up(bool(self._busy_parts))

    def _show_license(self, license_: Any) -> None:
        self._clear_results()
        self.workspace.card.show_license(license_)
        if self.serial:
            self.workspace.remember(self.serial)
        self.partShown.emit("license")

    def _part_failed(self, part: str, failure: Failure) -> None:
        if self.copy.serial is not None:
            return  # the book's copy is on show: its parts stay
        if part == "license" and self.serial:
            self.copy.offer(self.serial, failure)
        self._clear_results()
        if part == "activations":
            self._activations_loaded = False
            self.workspace.update_seats(known=False)
        self._parts[part].show_error(failure.sentence)
        # One banner per lookup: the licence's error wins, others only if first.
        if self._banner_part is None or part == "license":
            self._banner_part = part
            self.workspace.banner.show_failure(failure)
        self.partShown.emit(part)

    def _show_products(self, products: list) -> None:
        self._clear_results()
        self.workspace.products.show_products(products)
        self.workspace.update_seats(known=self._activations_loaded)
        self.partShown.emit("products")

    def _products_unavailable(self, sentence: str) -> None:
        self._clear_results()
        self.workspace.products.show_unavailable(_(sentence))  # an api constant (N_)
        self.partShown.emit("products")

    def _show_activations(self, activations: list) -> None:
        self._clear_results()
        self._activations_loaded = True
        self.workspace.activations.show_activations(activations)
        self.workspace.update_seats()
        self.partShown.emit("activations")


def install_lookup(ctx: DeskContext, parent: QObject | None = None) -> LookupFeature:
    """Connect the serial box, the three parts, the banner and the image to the lookup."""
    return LookupFeature(ctx, parent)
