"""``licensedesk://`` links that the OS hands over as an event, not on the command line.

Linux starts ``licensedesk %U`` (the desktop file) and Windows ``licensedesk.exe "%1"``
(the registry keys the installer writes): the link is an argument, and a window already
open gets it through the single instance. macOS instead launches the app bundle (the
scheme is in its Info.plist, ``CFBundleURLTypes``) and sends the link as an Apple Event,
which Qt turns into a ``QFileOpenEvent`` for the application object, also when the app
is already running. :class:`LinkEvents` catches those and emits each link's text; it is
installed (:func:`watch_links`) only where links come so: an event filter on the
application sees every event of every object, a cost not paid for nothing elsewhere.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Signal

#: the scheme registered on every OS (packaging/README.md)
SCHEME = "licensedesk"
#: the OSes (``sys.platform``) that hand a clicked link to the app as an event
EVENT_PLATFORMS = frozenset({"darwin"})


class LinkEvents(QObject):
    """An event filter on the application: ``received`` carries each ``licensedesk:``
    link opened through the OS (other file-open events pass on untouched)."""

    received = Signal(str)

    def __init__(self, app: QObject) -> None:
        super().__init__(app)
        app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen:
            url = event.url()
            if url.scheme().lower() == SCHEME:
                self.received.emit(url.toString())
                return True
        return False


def watch_links(
    app: QObject, receive: Callable[[str], None], platform_name: str = sys.platform
) -> LinkEvents | None:
    """On an OS of :data:`EVENT_PLATFORMS`, a :class:`LinkEvents` on ``app`` whose links go
    to ``receive``; elsewhere None (links come on the command line there)."""
    if platform_name not in EVENT_PLATFORMS:
        return None
    links = LinkEvents(app)
    links.received.connect(receive)
    return links
