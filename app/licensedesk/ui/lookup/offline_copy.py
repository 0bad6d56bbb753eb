"""The licence book's copy in the workspace when the service cannot be reached.

When the licence part fails because the service is down, times out, cannot be
reached securely (TLS) or keeps refusing with a rate limit (:func:`licensedesk.book.offline.unreachable`), and the
book holds the serial, the workspace shows the book's copy: the card, the products
and the devices as last seen, under the banner :data:`licensedesk.book.offline.COPY_SHOWN`. The devices are read-only while a copy is on show
(:attr:`OfflineCopy.serial`): nothing is ever changed from a copy. Never shown for a
"not found" or a refusal, and never when the service answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from licensedesk.book.as_models import activations_of, licence_of, products_of
from licensedesk.book.offline import COPY_SHOWN, unreachable
from licensedesk.history.store import StoreError
from licensedesk.i18n import N_, _

from ..shared.values import local_time

if TYPE_CHECKING:
    from licensedesk.book import Sighting

    from ..shared.context import DeskContext
    from ..shared.tasks import Failure

#: why the devices of a copy cannot be switched (the checkbox's tooltip)
READ_ONLY = N_("This is the licence book's copy: nothing can be changed from it.")


class OfflineCopy:
    def __init__(self, ctx: DeskContext) -> None:
        self._ctx = ctx
        self.serial: str | None = None  # the serial whose copy is on show, if any

    def offer(self, serial: str, failure: Failure) -> None:
        """The licence part of ``serial`` failed: look for a copy when the service could
        not be reached (a task of the lookup's group: a new lookup cancels it)."""
        if unreachable(failure.error):
            self._ctx.runner.run("lookup.copy", self._show(serial, failure))

    def forget(self) -> None:
        """A new lookup started: no copy on show."""
        self.serial = None

    async def _show(self, serial: str, failure: Failure) -> None:
        connections = self._ctx.connections
        service = connections.profile(connections.current).base_url if connections.current else None
        try:
            copy = await self._ctx.book.copy(serial, service)
        except StoreError:
            return  # no book to read: the service's error is all there is to say
        if copy is not None:
            self._put(copy, failure)

    def _put(self, copy: Sighting, failure: Failure) -> None:
        ws = self._ctx.window.workspace
        self.serial = copy.serial
        ws.card.show_license(licence_of(copy))
        products, devices = products_of(copy), activations_of(copy)
        if products is not None:
            ws.products.show_products(products)
        if devices is not None:
            ws.activations.show_activations(devices)
            ws.activations.set_read_only(_(READ_ONLY))
        ws.update_seats(known=devices is not None)
        ws.banner.show_error(_(COPY_SHOWN).format(time=local_time(copy.seen_at)), failure.sentence)
