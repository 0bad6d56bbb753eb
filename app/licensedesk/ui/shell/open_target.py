"""Open the serial given on the command line: ``licensedesk SERIAL``, or the
``licensedesk://lookup/SERIAL`` link a desktop hands over (the desktop file's ``%U``).

As if pasted into the serial box and Enter pressed, so it goes through the same
checks and hints as typed text (a link without a serial gets the box's hint, not a
crash), once there is a profile to ask: with ``--demo``, when the demo service
runs; on the welcome page (no profile yet) the serial waits in the box for the
first profile or the demo. The hand-over to an already running window (single
instance) is not here: this is the first window's own argument.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .desk import DeskApp


def open_target(desk: DeskApp, text: str) -> None:
    """Look ``text`` up now, or once the demo service that is starting runs."""
    starting = desk.runner.task("demo.start")
    if starting is not None and not starting.done():
        starting.add_done_callback(lambda task: _after_demo(desk, text, task))
    else:
        _enter(desk, text)


def _after_demo(desk: DeskApp, text: str, task: asyncio.Task) -> None:
    if task.cancelled():  # quitting
        return
    _enter(desk, text)  # a demo that failed left the welcome page: the serial waits


def _enter(desk: DeskApp, text: str) -> None:
    workspace = desk.window.workspace
    workspace.serial_input.setText(text)
    if not desk.window.is_welcome():
        workspace.request_lookup()
