"""What a feature is given when it is installed: :class:`DeskContext`, the desk's shared
services, and :class:`LookupPort`, what the lookup offers the other features.

A feature sees these two and nothing else of the app, so it can be read, tested and
changed without knowing how the window is put together; the shell (``DeskApp``) builds
the context and hands each feature the widgets of its own that the window hosts.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QWidget

    from licensedesk.api.models import Activation

    from ..book.desk_book import DeskBook
    from ..history.desk_recorder import DeskRecorder
    from ..lookup.workspace_data import WorkspaceData
    from ..profiles.connections import Connections
    from ..shell.main_window import MainWindow
    from ..shell.settings import WindowSettings
    from .error_banner import ErrorBanner
    from .tasks import Failure, TaskRunner


@dataclass(frozen=True)
class DeskContext:
    """The desk's services, shared by every feature."""

    window: MainWindow  # the parent of dialogs; its registry, status bar and pages
    runner: TaskRunner  # every call to the service goes through it
    connections: Connections  # the profiles and the client of the one in use
    recorder: DeskRecorder  # the history of changes
    book: DeskBook  # the licence book: every licence seen, found by its customer
    host_id: str | None  # this machine's host ID, when known
    banner: ErrorBanner  # the window's line for errors meant for people
    show_unexpected: Callable[[Failure], None]  # the dialog for everything else
    settings: WindowSettings  # QSettings and the last profile used
    executor: Executor  # blocking work off the UI thread
    demo_running: Callable[[], bool]  # whether the demo service was started


class LookupPort(Protocol):
    """What the lookup offers: the serial on show and its data, showing or reloading a
    serial, a place in its context menus and the device selected in its table."""

    @property
    def serial(self) -> str | None: ...

    @property
    def started(self) -> Any: ...  # Signal(str): a lookup of that serial started

    @property
    def partShown(self) -> Any: ...  # Signal(str): a part of the lookup shown (or failed)

    @property
    def seatsShown(self) -> Any: ...  # Signal(): the products' seats in use shown again

    def serial_on_show(self) -> str: ...

    def shown(self, serial: str) -> WorkspaceData | None: ...

    def show(self, serial: str) -> None: ...

    def show_in_front(self, serial: str) -> None: ...

    def reload(self, part: str, serial: str | None = None) -> asyncio.Task | None: ...

    def add_context_action(self, where: str, action: QAction) -> None: ...

    def add_card_line(self, line: QWidget) -> None: ...

    def select_device(
        self, activation_id: int | None, host_id: str = "", product: str = ""
    ) -> bool: ...

    def selected_activation(self) -> Activation | None: ...

    def update_seats(self) -> None: ...

    def show_note(self, serial: str, text: str) -> None: ...

    def set_tab_title(self, tab: QWidget, title: str) -> None: ...

    def is_running(self) -> bool: ...

    def in_flight(self) -> list[asyncio.Task]: ...
