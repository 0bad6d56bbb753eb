"""Look up one serial: licence, products and activations load in parallel.

Each part is its own named task (``lookup.license``, ``lookup.products``,
``lookup.activations``) with its own busy state and error; a new lookup
cancels the parts still in flight (TaskRunner's named tasks).

The service answers GET activations with the same 404 "Activation does not
exist!" for a licence without devices and for a serial that does not exist
(spec §7). So an empty activations list waits for the licence part's answer:
when the licence does not exist, the activations part fails with that same
"does not exist" instead of saying "No devices activated".
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal

from ..shared.service_controller import ServiceController, read_devices
from ..shared.tasks import TaskRunner

PARTS = ("license", "products", "activations")


class LookupController(ServiceController):
    started = Signal(str)  # serial
    partBusy = Signal(str, bool)  # part, busy
    partFailed = Signal(str, object)  # part, Failure
    licenseLoaded = Signal(object)
    # lists go as ``object``: a Signal(list) converts every item to a QVariant and back
    # (on the UI thread, slow for a long list; tests/ui/shared/test_signal_types.py)
    productsLoaded = Signal(object)  # list of Product
    productsUnavailable = Signal(str)  # why they are not listed (no write pair): not an error
    activationsLoaded = Signal(object)  # list of Activation

    def __init__(self, runner: TaskRunner, client: Callable[[], Any], parent=None) -> None:
        super().__init__(runner, client, parent)
        self.serial: str | None = None
        # The licence part's outcome in the last lookup: None (found, or failed
        # otherwise) or the NotFound it raised. Settled by the licence part.
        self._license_outcome: asyncio.Future | None = None
        self._arrived: set[str] = set()  # parts of the lookup on show whose answer is in

    def lookup(self, serial: str) -> list:
        """Start the three parts for ``serial``; returns their tasks (tests await them)."""
        self.cancel()
        self.serial = serial
        self._license_outcome = asyncio.get_event_loop().create_future()
        self._arrived = set()
        self.started.emit(serial)
        return [self.reload(part) for part in PARTS]

    def reload(self, part: str):
        """Load one part again for the serial on show (e.g. after a dialog changed it)."""
        loaded = {
            "license": self.licenseLoaded.emit,
            "products": self._products_loaded,
            "activations": self.activationsLoaded.emit,
        }[part]
        serial = self.serial
        return self._runner.run(
            f"lookup.{part}",
            lambda: self._load(part, serial),
            busy=lambda busy: self.partBusy.emit(part, busy),
            on_success=loaded,
            on_error=lambda failure: self.partFailed.emit(part, failure),
        )

    def _products_loaded(self, result: list | str) -> None:
        if isinstance(result, str):
            self.productsUnavailable.emit(result)
        else:
            self.productsLoaded.emit(result)

    def refresh(self) -> list:
        return self.lookup(self.serial) if self.serial else []

    def cancel(self) -> None:
        self._runner.cancel_group("lookup")
        self._arrived = set()  # stopped: none of its answers is shown

    def arrived(self) -> set[str]:
        """The parts of the lookup on show whose answer (or error) is in."""
        return set(self._arrived)

    def is_running(self) -> bool:
        return any(self._runner.is_running(f"lookup.{p}") for p in PARTS)

    def in_flight(self) -> list[asyncio.Task]:
        """The parts' tasks still running (e.g. for work that should wait for them)."""
        tasks = (self._runner.task(f"lookup.{p}") for p in PARTS)
        return [t for t in tasks if t is not None and not t.done()]

    async def _load(self, part: str, serial: str) -> Any:
        arrived = self._arrived  # this lookup's: a new lookup or a stop makes another
        try:
            client = self._client()
            if part == "license":
                return await self._load_license(client, serial)
            if part == "products":
                return await _products(client, serial)
            activations = await read_devices(client, serial)
            outcome = self._license_outcome
            if not activations and outcome is not None:
                missing = await asyncio.shield(outcome)
                if missing is not None:
                    raise missing
            return activations
        finally:
            arrived.add(part)

    async def _load_license(self, client, serial: str) -> Any:
        outcome = self._license_outcome
        try:
            return await client.show_license(serial)
        except Exception as exc:
            from licensedesk.api.errors import NotFound

            _settle(outcome, exc if isinstance(exc, NotFound) else None)
            raise
        finally:
            _settle(outcome, None)


async def _products(client, serial: str) -> list | str:
    """The products, or why they are not listed: a single pair is tried once (DESIGN §3);
    once the service refused it for writes, nothing doomed is sent again."""
    from licensedesk.api.errors import NotAuthorized
    from licensedesk.ui.shared.refusals import products_unavailable, with_where

    if client.may_write is False:
        return products_unavailable()
    try:
        return await client.license_products(serial)
    except NotAuthorized as exc:
        if client.has_write_pair:
            raise
        return with_where(exc.sentence, exc.remedy)


def _settle(outcome: asyncio.Future | None, value: BaseException | None) -> None:
    if outcome is not None and not outcome.done():
        outcome.set_result(value)
