"""Validate a serial for a product (POST licenses/valid), for the validate dialog.

One named task, ``support.validate``; a new validation cancels the one in
flight. Not valid is a result (``resultReady``), not a failure.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from PySide6.QtCore import Signal

from licensedesk.history.recorder import record

from ..shared.service_controller import ServiceController

TASK = "support.validate"


@dataclass(frozen=True)
class ValidateRequest:
    serial: str
    product_code: str
    host_id: str | None = None
    device_tag: str | None = None

    @property
    def records_device(self) -> bool:
        return bool(self.host_id)


class ValidateController(ServiceController):
    """Its ``history`` records a validation that records a host (a check-only one changes
    nothing and is not recorded)."""

    busyChanged = Signal(bool)
    resultReady = Signal(object, object)  # ValidateRequest, ValidationResult
    failed = Signal(object)  # Failure
    deviceRecorded = Signal(str)  # serial whose activations may have changed

    def validate(self, request: ValidateRequest) -> asyncio.Task:
        return self._runner.run(
            TASK,
            lambda: self._validate(request),
            busy=self.busyChanged.emit,
            on_success=lambda result: self._done(request, result),
            on_error=self.failed.emit,
        )

    def is_running(self) -> bool:
        return self._runner.is_running(TASK)

    def cancel(self) -> None:
        self._runner.cancel(TASK)

    async def _validate(self, request: ValidateRequest):
        client = self._client()
        if not request.records_device:
            return await client.validate(
                request.serial, request.product_code, request.host_id, request.device_tag
            )
        async with record(
            self._history,
            "validate_record",
            serial=request.serial,
            product=request.product_code,
            before={"host_id": request.host_id, "device_tag": request.device_tag},
        ) as rec:
            result = await client.validate(
                request.serial, request.product_code, request.host_id, request.device_tag
            )
            if result.valid:
                rec.done(result.reason_sentence)
            else:  # the service said no: nothing was recorded on the licence
                rec.refused(result.refusal)
        return result

    def _done(self, request: ValidateRequest, result) -> None:
        self.resultReady.emit(request, result)
        if request.records_device and result.valid:
            # a valid answer with a host id recorded that device (or reused it)
            self.deviceRecorded.emit(request.serial)
