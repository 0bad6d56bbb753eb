"""The products and devices of a serial typed in the validate dialog.

The dialog offers the products of the serial it holds, not of the licence the
window shows. A serial that the workspace does not show is read here: its
products (POST licenses/products, which needs the write pair, spec §5) and its
activations (read). One named task, ``support.validate.choices``; a newer serial
supersedes the one in flight, so the dialog never waits on it.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import Signal

from ..shared.service_controller import ServiceController

TASK = "support.validate.choices"


class ChoicesController(ServiceController):
    #: serial, products (None: this profile cannot list them), activations
    loaded = Signal(str, object, object)
    failed = Signal(str, object)  # serial, Failure

    def load(self, serial: str) -> asyncio.Task:
        return self._runner.run(
            TASK,
            lambda: self._load(serial),
            on_success=lambda got: self.loaded.emit(serial, *got),
            on_error=lambda failure: self.failed.emit(serial, failure),
        )

    def cancel(self) -> None:
        self._runner.cancel(TASK)

    async def _load(self, serial: str) -> tuple[list | None, list]:
        from licensedesk.api.errors import NotAuthorized

        client = self._client()
        if client.may_write is False:  # the service refused this key for writes already
            return None, await client.activations(serial)
        products, activations = await asyncio.gather(
            client.license_products(serial), client.activations(serial), return_exceptions=True
        )
        if isinstance(products, NotAuthorized) and not client.has_write_pair:
            products = None  # the single pair lacks write permission: type the code
        for item in (products, activations):  # both ended: raise the first failure
            if isinstance(item, BaseException):
                raise item
        return products, activations
