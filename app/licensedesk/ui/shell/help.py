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
from PySide6.QtGui import QDesktopServices, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
)

from licensedesk import APP_NAME, __version__
from licensedesk.i18n import N_, _, pgettext

from ..shared.a11y import name_value, tab_chain
from ..shared.labels import plain_label
from ..shared.stacked import stacked

if TYPE_CHECKING:
    from ..shared.context import DeskContext

LICENCE = N_("Proprietary (LicenseRef-proprietary): see the licence terms that came with it.")
NO_DOCS = N_("The documentation is not installed with this copy of License Desk.")


def docs_location() -> Path | None:
    """The README of the source tree this copy runs from, or None (installed elsewhere)."""
    import licensedesk

    readme = Path(licensedesk.__file__).resolve().parents[2] / "README.md"
    return readme if readme.is_file() else None


def places(context: DeskContext, log_path: str | None) -> list[tuple[str, str]]:
    """(what, where) for the About dialog: the folders a person is asked about. ``what``
    is ``N_``-marked English (the dialog's key and object name; it shows it translated)."""
    from .logs import log_dir

    store = context.connections.store
    secrets = context.connections.secrets
    return [
        (N_("Log folder"), str(Path(log_path).parent if log_path else log_dir())),
        (N_("Window settings"), context.settings.qsettings.fileName()),
        (N_("Profiles"), str(store.path) if store is not None else _("not stored")),
        (N_("API keys"), secrets.backend_description if secrets is not None else _("not stored")),
    ]


class AboutDialog(QDialog):
    def __init__(self, rows: list[tuple[str, str]], parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(_("About {app}").format(app=APP_NAME))
        title = QLabel(f"<b>{APP_NAME}</b> {__version__}")
        title.setObjectName("aboutTitle")
        title.setAccessibleName(f"{APP_NAME} {__version__}")
        intro = plain_label(_("A desktop client for the License Management Service /v2 API."))
        licence = plain_label(_("Licence: {terms}").format(terms=_(LICENCE)))
        licence.setWordWrap(True)
        form = QFormLayout()
        self.values: dict[str, QLabel] = {}
        for what, where in rows:
            value = plain_label(where)
            value.setObjectName(f"about{what.replace(' ', '')}")
            value.setWordWrap(True)
            # mouse selection, no tab stop: "Copy folders" copies them by keyboard
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            # TRANSLATORS: a field's name before its value in a form ("Log folder:")
            form.addRow(_("{field}:").format(field=_(what)), value)
            name_value(value, _(what))  # "Log folder: /home/…", not the path alone
            self.values[what] = value
        self._rows = rows
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setObjectName("aboutCloseButton")
        copy = buttons.addButton(_("&Copy folders"), QDialogButtonBox.ButtonRole.ActionRole)
        copy.setObjectName("aboutCopyButton")
        copy.setAccessibleDescription(_("Copy where the log, settings, profiles and keys are"))
        copy.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        stacked(self, title, intro, licence, form, buttons)
        tab_chain(buttons)
        self.setMinimumWidth(520)

    def copy(self) -> None:
        """Every place as "what: where" lines, for a support mail (keyboard users cannot
        select the labels)."""
        lines = (
            _("{field}: {value}").format(field=_(what), value=where) for what, where in self._rows
        )
        QGuiApplication.clipboard().setText("\n".join(lines))


class ShortcutsDialog(QDialog):
    """Every action with a shortcut, in menu order: what it does and its keys."""

    def __init__(self, rows: list[tuple[str, str]], parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle(_("Keyboard shortcuts"))
        table = self.table = QTableWidget(len(rows), 2)
        table.setObjectName("shortcutsTable")
        table.setAccessibleName(_("Keyboard shortcuts"))
        # TRANSLATORS: column headers of the keyboard shortcuts table: what, and which keys
        table.setHorizontalHeaderLabels([_("Action"), pgettext("keyboard", "Keys")])
        table.verticalHeader().hide()
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setTabKeyNavigation(False)
        for row, (what, keys) in enumerate(rows):
            table.setItem(row, 0, QTableWidgetItem(what))
            table.setItem(row, 1, QTableWidgetItem(keys))
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setObjectName("shortcutsCloseButton")
        buttons.rejected.connect(self.reject)
        stacked(self, table, buttons)
        tab_chain(table, buttons)
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

    def __init__(self, context: DeskContext, log_path: str | None) -> None:
        self._context = context
        self._log_path = log_path
        self._window = context.window
        registry = context.window.registry
        registry["about"].triggered.connect(lambda _c=False: self.about())
        registry["shortcuts"].triggered.connect(lambda _c=False: self.shortcuts())
        docs = registry["docs"]
        docs.triggered.connect(lambda _c=False: self.open_docs())
        if docs_location() is None:
            docs.setEnabled(False)
            docs.setToolTip(_(NO_DOCS))
            docs.setStatusTip(_(NO_DOCS))
        self.dialog: QDialog | None = None

    def about(self) -> AboutDialog:
        self.dialog = AboutDialog(places(self._context, self._log_path), self._window)
        self.dialog.open()
        return self.dialog

    def shortcuts(self) -> ShortcutsDialog:
        self.dialog = ShortcutsDialog(shortcut_rows(self._window), self._window)
        self.dialog.open()
        return self.dialog

    def open_docs(self) -> bool:
        where = docs_location()
        return where is not None and QDesktopServices.openUrl(QUrl.fromLocalFile(str(where)))


def install_help(context: DeskContext, log_path: str | None) -> HelpFeature:
    return HelpFeature(context, log_path)
