"""``DesktopNotice``: one notification through the desktop's own notification service.

It uses ``desktop-notifier``: on Linux the freedesktop notification service over D-Bus
(dbus-fast, on the running asyncio loop: qasync's, as the tests with a real dunst show),
on Windows 10+ the Windows notification centre (the library registers the app's name
as its AppUserModelID under ``HKCU\\Software\\Classes\\AppUserModelId``, which the
installer's uninstaller removes), on macOS the Notification Center when the app runs as
a bundle, "License Desk.app", signed for it to be reliable (elsewhere the library has no
service and nothing is shown). Clicking the notification calls ``on_clicked`` on the loop's thread, the UI's.

A desktop without a service (no D-Bus, no notification daemon) is not an error for the
person: :meth:`DesktopNotice.send` answers False and the caller says so in one log line.
desktop-notifier itself logs such a failure as a warning with its traceback; its
logger is set to errors only (unless someone set it before) so the log keeps one line.
"""

from __future__ import annotations

import asyncio
import html
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from licensedesk import APP_NAME

if TYPE_CHECKING:
    from desktop_notifier import DesktopNotifier

#: seconds a notification may take to reach the service (D-Bus starts a daemon on demand)
SEND_TIMEOUT = 30.0


class DesktopNotice:
    """The desktop's notification service, reached on first use from the running loop."""

    def __init__(self, icon: Path | None = None) -> None:
        self._icon = icon
        self._notifier: DesktopNotifier | None = None

    async def send(self, title: str, body: str, on_clicked: Callable[[], None]) -> bool:
        """Show one notification; True when the service took it."""
        taken: list[bool] = []
        try:
            await asyncio.wait_for(
                self._made().send(
                    title,
                    _body(body),
                    on_clicked=on_clicked,
                    on_dispatched=lambda: taken.append(True),
                ),
                SEND_TIMEOUT,
            )
        except TimeoutError:
            return False
        return bool(taken)

    def _made(self) -> DesktopNotifier:
        if self._notifier is None:
            from desktop_notifier import DesktopNotifier, Icon

            quiet = logging.getLogger("desktop_notifier")
            if quiet.level == logging.NOTSET:
                quiet.setLevel(logging.ERROR)
            icon = Icon(path=self._icon) if self._icon is not None else None
            self._notifier = DesktopNotifier(app_name=APP_NAME, app_icon=icon)
        return self._notifier


def _body(text: str, platform_name: str = sys.platform) -> str:
    """The freedesktop services read the body as simple markup: a licensee "Smith & Sons"
    must reach them escaped. The other platforms (the Windows notification centre,
    macOS's) show it as it is."""
    return html.escape(text, quote=False) if platform_name.startswith("linux") else text
