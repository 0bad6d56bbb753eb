"""Registration of an offline-distribution licence (GET/PUT register-products).

Tasks: ``support.registration.check`` (is the licence suitable? an empty list
means no) and ``support.registration.register`` (sets name, e-mail and, when
given, the SKU number; sent once, never retried).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from ..shared.tasks import TaskRunner

CHECK_TASK = "support.registration.check"
REGISTER_TASK = "support.registration.register"

class RegistrationController(QObject):
    busyChanged = Signal(bool)
    checked = Signal(str, object)  # serial, the suitable License or None
    checkFailed = Signal(object)  # Failure
    registered = Signal(str, str)  # serial, service message
    failed = Signal(object)  # Failure of the registration

    def __init__(self, runner: TaskRunner, client: Callable[[], Any], parent=None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._client = client

    def check(self, serial: str) -> asyncio.Task:
        return self._runner.run(
            CHECK_TASK,
            lambda: self._check(serial),
            busy=self.busyChanged.emit,
            on_success=lambda lic: self.checked.emit(serial, lic),
            on_error=self.checkFailed.emit,
        )

    async def _check(self, serial: str):
        found = await self._client().registration_check(serial)
        return next((lic for lic in found if lic.serial == serial), found[0] if found else None)

    def register(self, serial: str, name: str, email: str, sku_number: str | None):
        """Send once; None (nothing sent) while a registration is already running."""
        if self._runner.is_running(REGISTER_TASK):
            return None
        return self._runner.run(
            REGISTER_TASK,
            lambda: self._register(serial, name, email, sku_number),
            busy=self.busyChanged.emit,
            on_success=lambda message: self.registered.emit(serial, message),
            on_error=self.failed.emit,
        )

    async def _register(self, serial: str, name: str, email: str, sku_number: str | None):
        return await self._client().register(serial, name, email, sku_number)

    def is_running(self) -> bool:
        return self._runner.is_running(CHECK_TASK) or self._runner.is_running(REGISTER_TASK)
