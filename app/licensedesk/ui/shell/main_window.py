"""The main window: arranges the welcome page and the workspace; owns the status bar
and the registry of menu and toolbar actions (:mod:`.actions`).

It knows no controller and no application object: the features' wiring
functions connect its actions. For a fast first paint the window starts as a
frame (an empty page); menus, toolbar, status bar, the welcome page and the
workspace are imported and built on first use (:meth:`MainWindow.build_pages`,
called right after the first paint, or by touching ``.workspace`` / ``.welcome``).
A start on the welcome page builds the welcome page alone
(:meth:`MainWindow.build_welcome`): the workspace follows when it is first needed.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import QMainWindow, QStackedWidget, QWidget

from licensedesk import APP_NAME
from licensedesk.i18n import _


class MainWindow(QMainWindow):
    firstPainted = Signal()
    closing = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._first_paint = _FirstPaint(self)
        self.installEventFilter(self._first_paint)
        self.setObjectName("mainWindow")
        self.setWindowTitle(APP_NAME)
        self.resize(1180, 760)
        self._welcome = None
        self._workspace = None
        self.registry = None  # ActionRegistry, built with the pages
        self.pages = QStackedWidget()
        self.pages.addWidget(QWidget())  # placeholder until build_pages()
        self.setCentralWidget(self.pages)

    def build_pages(self) -> None:
        """Import and build the welcome page and the workspace (once)."""
        self.build_welcome()
        if self._workspace is not None:
            return
        from ..lookup.workspace import Workspace

        self._workspace = Workspace()
        self.pages.addWidget(self._workspace)

    def build_welcome(self) -> None:
        """Menus, toolbar, status bar and the welcome page, shown (once); not the
        workspace (~8 MB of widgets and imports an idle start page does not need)."""
        if self._welcome is not None:
            return
        from .welcome import WelcomePage

        self._build_chrome()
        self._welcome = WelcomePage()
        self.pages.addWidget(self._welcome)
        self.pages.setCurrentWidget(self._welcome)

    def has_workspace(self) -> bool:
        """Whether the workspace was built (nothing of it to save otherwise)."""
        return self._workspace is not None

    def _build_chrome(self) -> None:
        """Status bar, menus and toolbar, after the first paint: QAction shortcuts are
        slow to set up, and even importing QAction, QKeySequence and QLabel takes time."""
        from PySide6.QtWidgets import QApplication, QLabel

        from ..shared.a11y import named
        from ..shared.labels import plain_label
        from .actions import ActionRegistry
        from .app_icon import app_icon
        from .language_menu import LanguageMenu
        from .status_bar import StatusBar

        # the profile's name is a person's text and the server's address the profile's:
        # shown as text, never as HTML ("Profile: <b>x</b>")
        self.status_profile = named(plain_label(_("No profile")), "statusProfile")
        self.status_server = named(plain_label(), "statusServer")
        self.status_last = named(QLabel(), "statusLastRequest")
        bar = StatusBar()
        self.setStatusBar(bar)
        bar.addWidget(self.status_profile)
        bar.addWidget(self.status_server, 1)
        bar.addPermanentWidget(self.status_last)
        # every window and dialog of the app (a widget without an icon of its own shows it)
        QApplication.setWindowIcon(app_icon())
        self.registry = ActionRegistry(self)
        self.language_menu = LanguageMenu(self.registry.menus["view"], self)
        self.registry["quit"].triggered.connect(self.close)
        self.registry["focusSerial"].triggered.connect(lambda: self.workspace.focus_serial())

    @property
    def workspace(self):
        self.build_pages()
        return self._workspace

    @property
    def welcome(self):
        self.build_welcome()
        return self._welcome

    def show_welcome(self) -> None:
        self.pages.setCurrentWidget(self.welcome)

    def show_workspace(self) -> None:
        self.pages.setCurrentWidget(self.workspace)

    def is_welcome(self) -> bool:
        return self.pages.currentWidget() is self.welcome

    def set_status(self, profile: str, server: str) -> None:
        self.status_profile.setText(
            _("Profile: {profile}").format(profile=profile) if profile else _("No profile")
        )
        self.status_server.setText(_("Server: {server}").format(server=server) if server else "")

    def request_finished(self) -> None:
        """A call to the service ended: the status bar says when (the locale's time)."""
        from ..shared.values import clock_time

        self.status_last.setText(_("Last request: {time}").format(time=clock_time()))

    def closeEvent(self, ev) -> None:
        self.closing.emit()
        super().closeEvent(ev)


class _FirstPaint(QObject):
    """Emits ``firstPainted`` once, right after the window's first paint, then removes itself.

    Not an ``event()`` override: that would put a Python call in front of every
    event the window gets for its whole life (paints included: a cost at every lookup).
    """

    def eventFilter(self, obj, ev) -> bool:
        if ev.type() not in (QEvent.Type.Paint, QEvent.Type.UpdateRequest):
            return False
        obj.removeEventFilter(self)
        obj.event(ev)  # paint first, then tell
        obj.firstPainted.emit()
        return True
