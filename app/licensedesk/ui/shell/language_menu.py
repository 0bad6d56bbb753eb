"""*View → Language*: the saved choice of language, changed from the window.

The choice is a file in the config folder (``licensedesk.i18n.save_language``) that the
window and the command line read at their next start (``ui/shell/language.py``): the
running window stays in its language, and the message box says so.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from licensedesk import APP_NAME, i18n
from licensedesk.i18n import _

log = logging.getLogger(__name__)


class LanguageMenu(QObject):
    """*View → Language*: "System default" and every language we have, by its own name
    ("Deutsch"), one checked: the saved choice. Choosing one saves it and says, in a
    message box, that it applies at the next start; a choice that cannot be saved is
    said and changes nothing (the check goes back). Needs no desk: it works on the
    welcome page before anything else is loaded."""

    def __init__(self, view_menu: QMenu, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        view_menu.addSeparator()
        self.menu = view_menu.addMenu(_("&Language"))
        self.menu.setObjectName("languageMenu")
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.actions: dict[str | None, QAction] = {}
        self._add(None, _("System default"), "languageSystemAction")
        self.menu.addSeparator()
        for code, name in i18n.LANGUAGES.items():
            self._add(code, name, f"language_{code}Action")  # each in its own language
        self.saved = i18n.saved_language()
        self._check(self.saved)
        self.message: QMessageBox | None = None
        self.group.triggered.connect(self._chosen)

    def _add(self, code: str | None, text: str, name: str) -> None:
        action = self.menu.addAction(text.replace("&", "&&"))
        action.setObjectName(name)
        action.setCheckable(True)
        action.setData(code)
        self.group.addAction(action)
        self.actions[code] = action

    def _check(self, code: str | None) -> None:
        self.actions.get(code, self.actions[None]).setChecked(True)

    def _chosen(self, action: QAction) -> None:
        code = action.data() or None
        if code == self.saved:
            return
        try:
            i18n.save_language(code)
        except (OSError, ValueError) as exc:
            log.warning("could not save the language %r: %s", code, exc)
            self._check(self.saved)
            reason = getattr(exc, "strerror", None) or str(exc)
            self._tell(
                QMessageBox.Icon.Warning,
                _("The language could not be saved ({reason}). Nothing was changed.").format(
                    reason=reason
                ),
            )
            return
        self.saved = code
        if code is None:
            text = _("{app} will follow the system's language when it is started again.")
        else:
            text = _("{app} will be in {language} when it is started again.")
        self._tell(
            QMessageBox.Icon.Information,
            text.format(app=APP_NAME, language=i18n.LANGUAGES.get(code or "", "")),
        )

    def _tell(self, icon: QMessageBox.Icon, text: str) -> None:
        """Say ``text`` in one non-blocking message box (reused: never two at once)."""
        box = self.message
        if box is None:
            box = self.message = QMessageBox(self._window)
            box.setObjectName("languageMessage")
            box.setWindowTitle(_("Language"))
            box.setStandardButtons(QMessageBox.StandardButton.Ok)
            box.setTextFormat(Qt.TextFormat.PlainText)  # a reason is the system's text
        box.setIcon(icon)
        box.setText(text)
        box.open()
