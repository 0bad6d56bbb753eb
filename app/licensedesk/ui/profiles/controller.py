"""The profiles dialog's async work: test one credential pair, remove a profile.

Tasks ``profiles.test.read`` / ``profiles.test.write`` (a separate client with
only that pair, closed after the check; nothing is changed on the service; a pair
without the other is also tested for the other's calls, :mod:`.pair_check`) and
``profiles.remove`` (asks first through the ``confirm`` coroutine function).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from licensedesk.api.sentence import say
from licensedesk.i18n import N_, _

from ..shared.tasks import TaskRunner
from .pair_check import check_pair


class ProfilesController(QObject):
    testBusy = Signal(str, bool)  # pair, busy
    tested = Signal(str, bool, str)  # pair, ok, sentence
    removed = Signal(str)  # profile name

    def __init__(
        self,
        runner: TaskRunner,
        connections: Any,
        confirm: Callable[[str, str], Awaitable[bool]],
        parent=None,
    ) -> None:
        """``connections``: the app's Connections; ``confirm(title, text)``: True to go on."""
        super().__init__(parent)
        self._runner = runner
        self._connections = connections
        self._confirm = confirm

    def test(self, pair: str, profile: Any, typed_key: str, editing: str | None) -> asyncio.Task:
        """Check ``pair`` of ``profile`` with ``typed_key`` (or the key stored for ``editing``)."""
        return self._runner.run(
            f"profiles.test.{pair}",
            lambda: self._test(pair, profile, typed_key, editing),
            busy=lambda busy: self.testBusy.emit(pair, busy),
            on_success=lambda check: self.tested.emit(pair, check.ok, check.sentence),
            on_error=lambda failure: self.tested.emit(pair, False, failure.sentence),
        )

    async def _test(self, pair: str, profile: Any, typed_key: str, editing: str | None):
        from licensedesk.api import LicenseClient
        from licensedesk.api.errors import InvalidInput
        from licensedesk.profiles import client_config

        key = typed_key or (self._connections.stored_key(editing, pair) if editing else None)
        if not profile.app_id(pair) or not key:
            wanted = (
                N_("Enter the read app ID and API key first.")
                if pair == "read"
                else N_("Enter the write app ID and API key first.")
            )
            raise InvalidInput(say(wanted), field=pair)
        other = "write" if pair == "read" else "read"
        only_this_pair = profile.replace(**{f"{other}_app_id": None})
        config = client_config(only_this_pair, None, keys={pair: key})
        client = LicenseClient(config)
        try:
            return await check_pair(client, pair, alone=not profile.app_id(other))
        finally:
            await client.aclose()

    def remove(self, name: str) -> asyncio.Task:
        """Ask, then remove ``name`` and its stored keys; emits :attr:`removed`."""
        return self._runner.run("profiles.remove", lambda: self._remove(name))

    async def _remove(self, name: str) -> bool:
        text = _("Remove the profile \u201c{name}\u201d and its stored API keys?").format(name=name)
        if not await self._confirm(_("Remove profile"), text):
            return False
        self._connections.remove_profile(name)
        self.removed.emit(name)
        return True
