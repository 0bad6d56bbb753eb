"""Every menu and toolbar action of the window, with its shortcut, in one table.

Features do not build menus: they look their action up by name and connect it
(``window.registry["validate"].triggered.connect(feature.open)``). A new
command is one row of :data:`SPECS`; its menu, toolbar button, tooltip and
shortcut follow. Object names are ``<name>Action`` (menu), ``<name>ToolbarAction``
and ``<name>ToolButton`` (toolbar): tests and accessibility tools find them.

Built after the first paint (QAction shortcuts cost ~20 ms at start-up).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

Shortcut = str | QKeySequence.StandardKey | None


@dataclass(frozen=True)
class ActionSpec:
    name: str
    text: str
    menu: str  # a key of MENUS
    shortcut: Shortcut = None
    tip: str = ""
    toolbar: str = ""  # the button's text on the toolbar; "" = not on it
    separated: bool = False  # a separator above it in its menu


MENUS = (("file", "&File"), ("view", "&View"), ("support", "&Support"), ("help", "&Help"))

SPECS = (
    ActionSpec("profiles", "Connection &profiles\u2026", "file",
               tip="Add, edit or remove connection profiles"),
    ActionSpec("historySettings", "&History settings\u2026", "file",
               tip="Where the history of changes is kept, and your name in it"),
    ActionSpec("batch", "Check &many serials\u2026", "file", "Ctrl+B",
               "Check a list of serials at once (nothing is changed)", "Check many\u2026"),
    ActionSpec("quit", "&Quit", "file", QKeySequence.StandardKey.Quit, separated=True),
    ActionSpec("refresh", "&Refresh", "view", "F5", "Look up the serial on show again"),
    ActionSpec("stop", "S&top", "view", "Esc", "Stop the lookup in flight"),
    ActionSpec("focusSerial", "Go to &serial", "view", "Ctrl+L", "Go to the serial box"),
    ActionSpec("history", "&History\u2026", "view", "Ctrl+H",
               "What was done to licences, by whom, and how it ended", separated=True),
    ActionSpec("validate", "&Validate a serial\u2026", "support", "Ctrl+Shift+V",
               "Validate a serial for a product", "Validate\u2026"),
    ActionSpec("upgrade", "&Upgrade a licence\u2026", "support", "Ctrl+Shift+U",
               "Upgrade a licence from another one", "Upgrade\u2026"),
    ActionSpec("registration", "&Register a licence\u2026", "support", "Ctrl+Shift+R",
               "Register an offline-distribution licence", "Register\u2026"),
    ActionSpec("docs", "&Documentation", "help", QKeySequence.StandardKey.HelpContents,
               "Open the README and the docs"),
    ActionSpec("shortcuts", "&Keyboard shortcuts", "help", "Ctrl+/",
               "Every shortcut of the window"),
    ActionSpec("about", "&About License Desk", "help", separated=True),
)


def make_action(parent, name: str, text: str, shortcut: Shortcut = None, tip: str = "") -> QAction:
    """A QAction named ``<name>Action`` whose tooltip names its shortcut."""
    action = QAction(text, parent)
    action.setObjectName(f"{name}Action")
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    if tip:
        action.setToolTip(f"{tip} ({keys})" if keys else tip)
        action.setStatusTip(tip)
    return action


class ActionRegistry:
    """The window's menus, its support toolbar and the QAction of every spec."""

    def __init__(self, window: QMainWindow) -> None:
        self._actions: dict[str, QAction] = {}
        self.menus: dict[str, QMenu] = {}
        for key, title in MENUS:
            menu = window.menuBar().addMenu(title)
            menu.setObjectName(f"{key}Menu")
            self.menus[key] = menu
        toolbar = self.toolbar = window.addToolBar("Support")
        toolbar.setObjectName("supportToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        toolbar.setMovable(False)
        for spec in SPECS:
            action = make_action(window, spec.name, spec.text, spec.shortcut, spec.tip)
            self._actions[spec.name] = action
            if spec.separated:
                self.menus[spec.menu].addSeparator()
            self.menus[spec.menu].addAction(action)
            if spec.toolbar:
                self._add_button(toolbar, spec, action)

    @staticmethod
    def _add_button(toolbar: QToolBar, spec: ActionSpec, action: QAction) -> None:
        button = toolbar.addAction(spec.toolbar)
        button.setObjectName(f"{spec.name}ToolbarAction")
        button.setToolTip(action.toolTip())
        button.triggered.connect(action.trigger)
        toolbar.widgetForAction(button).setObjectName(f"{spec.name}ToolButton")

    def __getitem__(self, name: str) -> QAction:
        return self._actions[name]
