"""The start-up order after the first paint, one function for the app and the UI tests.

``licensedesk.__main__`` shows the bare window first (fast first paint), then
calls :func:`start_desk` with the real stores; ``tests/ui/conftest.py`` calls
it with stores in temporary folders. Either way: the pages are built, the
workspace's splitters and columns restored, the features wired, and the demo
started or the start page chosen.

With nothing to open (no profile, no ``--demo``, no ``--profile``) the start page
is the welcome page, and :class:`DeferredDesk` shows it without the desk: the
qasync loop, the api (httpx), the keyring and the workspace (much of an idle
window's memory: tests/bench/bench_ui_startup.py) are loaded when the
person first asks for something (a welcome button, a menu entry, a shortcut).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable

from PySide6.QtCore import QObject

from .actions import SPECS
from .settings import WindowSettings

#: how long another thread running Python (the decode of a big answer, the demo's service)
#: may keep the interpreter before the window's gets it back: Python's default 5 ms is
#: half a frame, and the wait comes on top of the UI's own work
GIL_TURN = 0.001


def start_desk(
    window,
    settings: WindowSettings,
    connections,
    *,
    host_id: str | None = None,
    log_path: str | None = None,
    demo: bool = False,
    profile: str | None = None,
):
    """Build the pages and the features on ``window`` (already shown) and open the start page."""
    from .desk import DeskApp

    sys.setswitchinterval(GIL_TURN)
    window.build_pages()
    settings.restore_workspace(window)
    settings.bind_actions(window.registry)
    if demo or profile:
        window.show_workspace()
    desk = DeskApp(window, connections, settings, host_id=host_id, log_path=log_path)
    if demo:
        desk.start_demo()
    else:
        desk.choose_start_page(profile)
    return desk


def settle_interpreter() -> None:
    """Once the desk is built, two settings of the interpreter for a window.

    - Collect, then take every object alive out of the cyclic GC's way (``gc.freeze``).
      A full collection scans every tracked object, tens of thousands once the program
      is loaded: one long stall each time it runs (the batch bench's longest heartbeat
      gap was one); afterwards it scans only what came since.
    - Threads take turns at the GIL every :data:`GIL_TURN` (``sys.setswitchinterval``).
      Qt calls into Python many times a frame (each cell's ``data()``), and each call
      waits for the GIL while a worker computes (the decode worker, the book, the
      history's store): up to 5 ms each by default. A site licence's lookup: the
      heartbeat's longest gap 58-60 ms, 43-56 ms with 1 ms (docs/ui.md).

    The app calls it, not ``start_desk``: a test process starts a desk per test and
    would freeze every earlier test's."""
    gc.collect()
    gc.freeze()
    sys.setswitchinterval(GIL_TURN)


#: the actions that do not wait for the desk on the welcome page (a check box of a setting
#: is saved by the settings themselves)
WITHOUT_DESK = frozenset({"quit"} | {spec.name for spec in SPECS if spec.setting})


class DeferredDesk(QObject):
    """The welcome page and the menus, shown; the desk built by ``build`` on first need.

    Until then every action of the window (but :data:`WITHOUT_DESK`) and the welcome page's two
    buttons build the desk first and are then delivered again, to the handlers the
    desk's features connected (Qt does not call a slot connected while its signal is
    being emitted): to the person it is one click, as before. A handler connected
    before (only the window's own "Go to serial") sees that click twice.
    """

    def __init__(
        self,
        window,
        settings: WindowSettings,
        build: Callable[[], object],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._window = window
        self._settings = settings
        self._build = build
        self.desk = None  # DeskApp, once built
        window.build_welcome()
        settings.bind_actions(window.registry)
        window.show_welcome()
        welcome = window.welcome
        self._hooks = [
            welcome.demoRequested.connect(lambda: self._then(welcome.demoRequested.emit)),
            welcome.addConnectionRequested.connect(
                lambda: self._then(welcome.addConnectionRequested.emit)
            ),
        ]
        for name in (spec.name for spec in SPECS if spec.name not in WITHOUT_DESK):
            action = window.registry[name]
            self._hooks.append(
                action.triggered.connect(lambda _checked=False, a=action: self._then(a.trigger))
            )

    def _then(self, deliver: Callable[[], object]) -> None:
        if self.desk is None:
            self.ensure()
            deliver()  # now to the features' own handlers

    def ensure(self):
        """The desk, built now if it was not yet (the hooks go first)."""
        if self.desk is None:
            for hook in self._hooks:
                QObject.disconnect(hook)
            self._hooks = []
            self.desk = self._build()
        return self.desk

    def show_unexpected(self, failure) -> None:
        self.ensure().show_unexpected(failure)

    def close_blocking(self) -> None:
        """On quit: the desk's own closing, or (never built) the window's geometry."""
        if self.desk is not None:
            self.desk.close_blocking()
        else:
            self._settings.save_window(self._window)
