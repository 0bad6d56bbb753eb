"""Registration of an offline-distribution licence (GET/PUT register-products).

Tasks: ``support.registration.check`` (is the licence suitable? an empty list
means no), ``support.registration.confirm`` (a licence that already has a
licensee is registered again only after the user agrees to replace it) and
``support.registration.register`` (sets name, e-mail and, when given, the SKU
number; sent once, never retried; then the licence is read again so the dialog
shows what the service now holds, not what it showed before).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from PySide6.QtCore import Signal

from licensedesk.history.recorder import Records, record
from licensedesk.i18n import _

from ..shared.service_controller import ServiceController
from ..shared.tasks import TaskRunner

CHECK_TASK = "support.registration.check"
CONFIRM_TASK = "support.registration.confirm"
REGISTER_TASK = "support.registration.register"

Confirm = Callable[[str, str], Awaitable[bool]]  # (title, text) -> the user agreed


class RegistrationController(ServiceController):
    busyChanged = Signal(bool)
    checked = Signal(str, object)  # serial, the suitable License or None
    checkFailed = Signal(object)  # Failure
    registered = Signal(str, str, object)  # serial, service message, License re-read or None
    failed = Signal(object)  # Failure of the registration

    def __init__(
        self,
        runner: TaskRunner,
        client: Callable[[], Any],
        confirm: Confirm,
        parent=None,
        *,
        history: Records | None = None,
    ) -> None:
        """``history``: records the registration, with the licensee it had before."""
        super().__init__(runner, client, parent, history=history)
        self._confirm = confirm
        self._checked: dict[str, Any] = {}  # serial -> the licence as the check showed it

    def check(self, serial: str) -> asyncio.Task:
        return self._runner.run(
            CHECK_TASK,
            lambda: self._check(serial),
            busy=self.busyChanged.emit,
            on_success=lambda lic: self.checked.emit(serial, lic),
            on_error=self.checkFailed.emit,
        )

    async def _check(self, serial: str):
        lic = _suitable(serial, await self._client().registration_check(serial))
        self._checked = {serial: lic}
        return lic

    def register(
        self, serial: str, name: str, email: str, sku_number: str | None, replaces: str = ""
    ) -> asyncio.Task | None:
        """Send once; None (nothing sent) while a registration is already asked or running.
        ``replaces``: the licensee the licence has now ("" = none); when set, the user
        confirms the replacement first."""
        if self._runner.is_running(CONFIRM_TASK) or self._runner.is_running(REGISTER_TASK):
            return None
        if replaces:
            return self._runner.run(
                CONFIRM_TASK,
                lambda: self._confirm_replace(serial, name, email, sku_number, replaces),
            )
        return self._send(serial, name, email, sku_number)

    async def _confirm_replace(
        self, serial: str, name: str, email: str, sku_number: str | None, replaces: str
    ) -> bool:
        text = _(
            "The licence {serial} is registered to {licensee}. Registering it again "
            "replaces that licensee with {name} <{email}>."
        ).format(serial=serial, licensee=replaces, name=name, email=email)
        if not await self._confirm(_("Replace the licensee"), text):
            return False
        self._send(serial, name, email, sku_number)
        return True

    def _send(self, serial: str, name: str, email: str, sku_number: str | None) -> asyncio.Task:
        return self._runner.run(
            REGISTER_TASK,
            lambda: self._register(serial, name, email, sku_number),
            busy=self.busyChanged.emit,
            on_success=lambda done: self.registered.emit(serial, *done),
            on_error=self.failed.emit,
        )

    async def _register(
        self, serial: str, name: str, email: str, sku_number: str | None
    ) -> tuple[str, Any]:
        """The PUT, then a read of the licence; a failed read leaves the licence as None
        (the registration itself went through and is not sent again)."""
        from licensedesk.api.errors import ApiError

        client = self._client()
        async with record(
            self._history, "register", serial=serial, before=self._before(serial)
        ) as rec:
            message = await client.register(serial, name, email, sku_number)
            rec.done(message)
        try:
            lic = _suitable(serial, await client.registration_check(serial))
        except ApiError:
            lic = None
        return message, lic

    def _before(self, serial: str) -> dict[str, Any] | None:
        """The licensee as the dialog showed it (the suitability check's answer)."""
        lic = self._checked.get(serial)
        if lic is None:
            return None
        return {
            "licensee": lic.name or None,
            "email": lic.email or None,
            "registered": bool(lic.registered),
        }


def _suitable(serial: str, found: list) -> Any:
    """The licence of ``serial`` in a register-products answer, or None ([] = not suitable)."""
    return next((lic for lic in found if lic.serial == serial), found[0] if found else None)
