"""Every menu and toolbar action of the window, with its shortcut, in one table.

Features do not build menus: they look their action up by name and connect it
(``window.registry["validate"].triggered.connect(feature.open)``). A new
command is one row of :data:`SPECS`; its menu, toolbar button, tooltip and
shortcut follow. Object names are ``<name>Action`` (menu), ``<name>ToolbarAction``
and ``<name>ToolButton`` (toolbar): tests and accessibility tools find them.

An action with a ``setting`` is a check box in its menu: the window's settings keep its
state (``WindowSettings.bind_actions``) and its feature reads the setting.

Texts in the table are marked (``N_``) and translated when the actions are built,
after the language was chosen. Each toolbar button's accessible name is its action's
text without the ``&`` (its short toolbar text, "Validate…", says less), and its
description the action's tip.

Built after the first paint (QAction shortcuts are slow to set up at start-up).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from licensedesk.i18n import N_, _

from ..profiles import PROFILES_TIP
from ..shared.a11y import named

Shortcut = str | QKeySequence.StandardKey | None


@dataclass(frozen=True)
class ActionSpec:
    """One command; ``text``, ``tip`` and ``toolbar`` are ``N_``-marked English."""

    name: str
    text: str
    menu: str  # a key of MENUS
    shortcut: Shortcut = None
    tip: str = ""
    toolbar: str = ""  # the button's text on the toolbar; "" = not on it
    separated: bool = False  # a separator above it in its menu
    #: a checkable action that turns this window setting on and off (default on; saved
    #: by :meth:`~.settings.WindowSettings.bind_actions`, whether or not the desk is built)
    setting: str = ""


MENUS = (
    ("file", N_("&File")),
    ("view", N_("&View")),
    # TRANSLATORS: the menu of the support tasks (validate, upgrade, register a licence)
    ("support", N_("&Support")),
    ("help", N_("&Help")),
)

SPECS = (
    ActionSpec(
        "profiles",
        N_("Connection &profiles\u2026"),
        "file",
        tip=PROFILES_TIP,
    ),
    ActionSpec(
        "historySettings",
        N_("&History settings\u2026"),
        "file",
        tip=N_("Where the history of changes is kept, and your name in it"),
    ),
    ActionSpec(
        "batch",
        N_("Check &many serials\u2026"),
        "file",
        "Ctrl+B",
        N_("Check a list of serials at once (nothing is changed)"),
        N_("Check many\u2026"),
    ),
    ActionSpec(
        "importBook",
        N_("&Import serials into the book\u2026"),
        "file",
        tip=N_("Check every serial of a file and keep the answers in the licence book"),
    ),
    ActionSpec(
        "forgetLicensee",
        N_("&Erase a licensee's personal data\u2026"),
        "file",
        tip=N_(
            "Erase a licensee's name and e-mail from the licence book, its notes and the history"
        ),
    ),
    ActionSpec("quit", N_("&Quit"), "file", QKeySequence.StandardKey.Quit, separated=True),
    # TRANSLATORS: menu entry: look the serial on show up again (F5)
    ActionSpec("refresh", N_("&Refresh"), "view", "F5", N_("Look up the serial on show again")),
    # TRANSLATORS: menu entry: stop the lookup that is running (Esc)
    ActionSpec("stop", N_("S&top"), "view", "Esc", N_("Stop the lookup in flight")),
    ActionSpec("focusSerial", N_("Go to &serial"), "view", "Ctrl+L", N_("Go to the serial box")),
    ActionSpec(
        "find",
        N_("&Find a licence\u2026"),
        "view",
        "Ctrl+K",
        N_("Find licences seen before by customer, e-mail, host ID or serial"),
        separated=True,
    ),
    ActionSpec(
        "renewals",
        N_("Re&newals\u2026"),
        "view",
        "Ctrl+Shift+E",
        N_("The subscriptions and trials in the licence book that end soon, by week"),
    ),
    ActionSpec(
        "fullSeats",
        N_("F&ull seats\u2026"),
        "view",
        tip=N_("The licences of the book whose product has every seat in use"),
    ),
    # TRANSLATORS: menu entry that opens the history of changes window
    ActionSpec(
        "history",
        N_("&History\u2026"),
        "view",
        "Ctrl+H",
        N_("What was done to licences, by whom, and how it ended"),
    ),
    # TRANSLATORS: a checkable menu entry: a desktop notification when licences near their end
    ActionSpec(
        "notifyRenewals",
        N_("N&otify of renewals"),
        "view",
        tip=N_("A desktop notification, once, when licences of the book are about to end"),
        separated=True,
        setting="notifications/renewals",
    ),
    ActionSpec(
        "validate",
        N_("&Validate a serial\u2026"),
        "support",
        "Ctrl+Shift+V",
        N_("Validate a serial for a product"),
        N_("Validate\u2026"),
    ),
    ActionSpec(
        "upgrade",
        N_("&Upgrade a licence\u2026"),
        "support",
        "Ctrl+Shift+U",
        N_("Upgrade a licence from another one"),
        N_("Upgrade\u2026"),
    ),
    ActionSpec(
        "registration",
        N_("&Register a licence\u2026"),
        "support",
        "Ctrl+Shift+R",
        N_("Register an offline-distribution licence"),
        N_("Register\u2026"),
    ),
    ActionSpec(
        "docs",
        N_("&Documentation"),
        "help",
        QKeySequence.StandardKey.HelpContents,
        N_("Open the README and the docs"),
    ),
    ActionSpec(
        "note",
        N_("&Note on this licence\u2026"),
        "support",
        "Ctrl+Shift+N",
        N_("A note for the team on the licence on show: who really owns it, what was agreed"),
        separated=True,
    ),
    # TRANSLATORS: menu entry: the window listing every change seen on the licence on show
    ActionSpec(
        "timeline",
        N_("&Timeline of this licence\u2026"),
        "support",
        "Ctrl+Shift+T",
        N_(
            "Every change seen on the licence on show, newest first, and whether it was made "
            "from License Desk"
        ),
    ),
    ActionSpec(
        "freeSeat",
        N_("&Free a seat\u2026"),
        "support",
        tip=N_(
            "Deactivate or delete a device of the licence on show whose product "
            "has every seat in use"
        ),
    ),
    ActionSpec(
        "shortcuts", N_("&Keyboard shortcuts"), "help", "Ctrl+/", N_("Every shortcut of the window")
    ),
    ActionSpec("about", N_("&About License Desk"), "help", separated=True),
)


def make_action(parent, name: str, text: str, shortcut: Shortcut = None, tip: str = "") -> QAction:
    """A QAction named ``<name>Action`` whose tooltip names its shortcut (``text`` and
    ``tip`` already translated)."""
    action = QAction(text, parent)
    action.setObjectName(f"{name}Action")
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    if tip:
        # TRANSLATORS: a tooltip: what the action does, then its keyboard shortcut
        action.setToolTip(_("{tip} ({keys})").format(tip=tip, keys=keys) if keys else tip)
        action.setStatusTip(tip)
    return action


class ActionRegistry:
    """The window's menus, its support toolbar and the QAction of every spec."""

    def __init__(self, window: QMainWindow) -> None:
        self._actions: dict[str, QAction] = {}
        self.settings_bound = False  # WindowSettings.bind_actions did its work
        self.menus: dict[str, QMenu] = {}
        for key, title in MENUS:
            self.menus[key] = named(window.menuBar().addMenu(_(title)), f"{key}Menu")
        # TRANSLATORS: the name of the toolbar with the support tasks (validate, upgrade…)
        toolbar = self.toolbar = window.addToolBar(_("Support"))
        toolbar.setObjectName("supportToolbar")
        toolbar.setAccessibleName(_("Support"))
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        toolbar.setMovable(False)
        for spec in SPECS:
            action = make_action(
                window, spec.name, _(spec.text), spec.shortcut, _(spec.tip) if spec.tip else ""
            )
            action.setCheckable(bool(spec.setting))
            self._actions[spec.name] = action
            if spec.separated:
                self.menus[spec.menu].addSeparator()
            self.menus[spec.menu].addAction(action)
            if spec.toolbar:
                self._add_button(toolbar, spec, action)

    @staticmethod
    def _add_button(toolbar: QToolBar, spec: ActionSpec, action: QAction) -> None:
        button = toolbar.addAction(_(spec.toolbar))
        button.setObjectName(f"{spec.name}ToolbarAction")
        button.setToolTip(action.toolTip())
        button.triggered.connect(action.trigger)
        widget = toolbar.widgetForAction(button)
        widget.setObjectName(f"{spec.name}ToolButton")
        widget.setAccessibleName(action.text().replace("&", "").rstrip("\u2026"))
        widget.setAccessibleDescription(action.statusTip())

    def __getitem__(self, name: str) -> QAction:
        return self._actions[name]

    def get(self, name: str) -> QAction | None:
        """The action named ``name``, or None (a feature that may not be in this build)."""
        return self._actions.get(name)
