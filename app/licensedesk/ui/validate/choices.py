"""The products and devices of a serial typed in the validate dialog.

The dialog offers the products of the serial it holds, not of the licence the
window shows. A serial that the workspace does not show is read here: its
products (POST licenses/products, which needs the write pair, spec §5) and its
activations (read). One named task, ``support.validate.choices``; a newer serial
supersedes the one in flight, so the dialog never waits on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from ..shared.tasks import Failure, TaskRunner

TASK = "support.validate.choices"


class ChoicesController(QObject):
    #: serial, products (None: this profile cannot list them), activations
    loaded = Signal(str, object, object)
    failed = Signal(str, object)  # serial, Failure

    def __init__(self, runner: TaskRunner, client: Callable[[], Any], parent=None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._client = client

    def load(self, serial: str) -> asyncio.Task:
        return self._runner.run(
            TASK,
            lambda: self._load(serial),
            on_success=lambda got: self.loaded.emit(serial, *got),
            on_error=lambda failure: self._failed(serial, failure),
        )

    def cancel(self) -> None:
        self._runner.cancel(TASK)

    async def _load(self, serial: str) -> tuple[list | None, list]:
        from licensedesk.api.errors import NotAuthorized

        client = self._client()
        if client.may_write is False:  # the service refused this key for writes already
            return None, await client.activations(serial)
        got = await asyncio.gather(
            client.license_products(serial), client.activations(serial), return_exceptions=True
        )
        products, activations = got
        if isinstance(products, NotAuthorized) and not client.has_write_pair:
            products = None  # the single pair lacks write permission: type the code
        for item in (products, activations):  # both ended: raise the first failure
            if isinstance(item, BaseException):
                raise item
        return products, activations

    def _failed(self, serial: str, failure: Failure) -> None:
        self.failed.emit(serial, failure)
