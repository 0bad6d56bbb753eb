"""``ServiceController``: what every feature's controller that sends requests starts from.

Its requests run as named tasks of the desk's :class:`~.tasks.TaskRunner`, each with the
client of the profile in use when it starts, and what changes a licence is recorded in the
history (none given: a controller tested alone records nothing). :func:`read_devices` is
how the lookup and the activations' reread after a change read a serial's devices."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from licensedesk.api.activation_rows import Devices
    from licensedesk.history.recorder import Records

    from .tasks import TaskRunner


class ServiceController(QObject):
    def __init__(
        self,
        runner: TaskRunner,
        client: Callable[[], Any],
        parent: QObject | None = None,
        *,
        history: Records | None = None,
    ) -> None:
        """``client()``: the current profile's LicenseClient (or raises ApiError)."""
        super().__init__(parent)
        self._runner = runner
        self._client = client
        self._history = history


async def read_devices(client, serial: str) -> Devices:
    """The devices as the client's rows, with their counts (a site licence's 200,000
    are never 200,000 api objects: :mod:`licensedesk.api.activation_rows`)."""
    from licensedesk.api.activation_rows import Devices

    rows = Devices()
    rows.activated = (await client.activation_rows(serial, rows.extend)).activated
    return rows
