"""The Help menu: About (version, licence, and where logs, settings, profiles and keys
live), the keyboard shortcuts, and the documentation.

Where things live is what a support agent is asked first ("send me your log"),
so About names every folder and lets the reader copy it. The shortcuts come
from the action registry (:data:`.actions.SPECS` and the window's actions),
so the list cannot drift from what the keys do.

The documentation is the README and ``docs/`` of the source tree. An
installed wheel or a bundle does not carry them: then the action is disabled
and its tooltip says so, rather than opening nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from licensedesk import APP_NAME, __version__

from ..shared.labels import plain_label
from .app_icon import app_icon

if TYPE_CHECKING:
    from .desk import DeskApp

LICENCE = "Proprietary (LicenseRef-proprietary): see the licence terms that came with it."
NO_DOCS = "The documentation is not installed with this copy of License Desk."


def docs_location() -> Path | None:
    """The README of the source tree this copy runs from, or None (installed elsewhere)."""
    import licensedesk

    readme = Path(licensedesk.__file__).resolve().parents[2] / "README.md"
    return readme if readme.is_file() else None


def places(desk: DeskApp) -> list[tuple[str, str]]:
    """(what, where) for the About dialog: the folders a person is asked about."""
    from .logs import log_dir

    store = desk.connections.store
    secrets = desk.connections.secrets
    log_path = Path(desk.log_path) if desk.log_path else None
    return [
        ("Log folder", str(log_path.parent if log_path else log_dir())),
        ("Window settings", desk.settings.qsettings.fileName()),
        ("Profiles", str(store.path) if store is not None else "not stored"),
        ("API keys", secrets.backend_description if secrets is not None else "not stored"),
    ]


class AboutDialog(QDialog):
    def __init__(self, rows: list[tuple[str, str]], parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(f"About {APP_NAME}")
        title = QLabel(f"<b>{APP_NAME}</b> {__version__}")
        title.setObjectName("aboutTitle")
        intro = plain_label("A desktop client for the License Management Service /v2 API.")
        licence = plain_label(f"Licence: {LICENCE}")
        licence.setWordWrap(True)
        form = QFormLayout()
        self.values: dict[str, QLabel] = {}
        for what, where in rows:
            value = plain_label(where)
            value.setObjectName(f"about{what.replace(' ', '')}")
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(f"{what}:", value)
            self.values[what] = value
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(title)
        lay.addWidget(intro)
        lay.addWidget(licence)
        lay.addLayout(form)
        lay.addWidget(buttons)
        self.setMinimumWidth(520)


class ShortcutsDialog(QDialog):
    """Every action with a shortcut, in menu order: what it does and its keys."""

    def __init__(self, rows: list[tuple[str, str]], parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard shortcuts")
        table = self.table = QTableWidget(len(rows), 2)
        table.setObjectName("shortcutsTable")
        table.setHorizontalHeaderLabels(["Action", "Keys"])
        table.verticalHeader().hide()
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setTabKeyNavigation(False)
        for row, (what, keys) in enumerate(rows):
            table.setItem(row, 0, QTableWidgetItem(what))
            table.setItem(row, 1, QTableWidgetItem(keys))
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(table)
        lay.addWidget(buttons)
        self.resize(440, 380)


def shortcut_rows(window) -> list[tuple[str, str]]:
    """(action text without "&" and "…", native key text) for every action of the window's
    menus that has a shortcut."""
    rows = []
    for menu in window.registry.menus.values():
        for action in menu.actions():
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            if keys:
                rows.append((action.text().replace("&", "").rstrip("\u2026"), keys))
    return rows


class HelpFeature:
    """The Help menu's three actions."""

    def __init__(self, desk: DeskApp) -> None:
        self._desk = desk
        self._window = desk.window
        registry = desk.window.registry
        registry["about"].triggered.connect(lambda _c=False: self.about())
        registry["shortcuts"].triggered.connect(lambda _c=False: self.shortcuts())
        docs = registry["docs"]
        docs.triggered.connect(lambda _c=False: self.open_docs())
        if docs_location() is None:
            docs.setEnabled(False)
            docs.setToolTip(NO_DOCS)
            docs.setStatusTip(NO_DOCS)
        self.dialog: QDialog | None = None

    def about(self) -> AboutDialog:
        self.dialog = AboutDialog(places(self._desk), self._window)
        self.dialog.setWindowIcon(app_icon())
        self.dialog.open()
        return self.dialog

    def shortcuts(self) -> ShortcutsDialog:
        self.dialog = ShortcutsDialog(shortcut_rows(self._window), self._window)
        self.dialog.open()
        return self.dialog

    def open_docs(self) -> bool:
        where = docs_location()
        return where is not None and QDesktopServices.openUrl(QUrl.fromLocalFile(str(where)))


def install_help(desk: DeskApp) -> HelpFeature:
    return HelpFeature(desk)
