"""The window's language: our catalogue (``licensedesk.i18n``), Qt's own, and the locale.

Called by ``licensedesk.__main__`` right after the QApplication exists and before the
window is built, so the first paint is already in the chosen language. Choosing
another language in *View → Language* saves the choice (``i18n.save_language``); it
takes effect at the next start, as in most desktop apps: every open window, menu and
table would otherwise have to be rebuilt in place. The menu is
:class:`.language_menu.LanguageMenu` (its own module: this one is imported before the
first paint and stays light).
"""

from __future__ import annotations

from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from licensedesk import i18n


def install_language(app: QApplication, requested: str | None = None) -> str:
    """Choose and install the language (``requested``: ``--lang``; else the saved
    setting; else the system's) for our strings, Qt's standard buttons and dialogs
    (``qtbase_<lang>.qm``, shipped with PySide6) and, when it was chosen rather than
    followed, the locale of dates and numbers. Returns the code in use."""
    system = QLocale.system()
    saved = i18n.saved_language()
    code = i18n.resolve_language(
        requested, saved, [*i18n.system_languages(), *system.uiLanguages()]
    )
    code = i18n.use_language(code)
    chosen = i18n.normalise(requested) or saved
    if chosen and i18n.normalise(system.name()) != code:
        # a language picked by the person: dates and numbers in its usual form too;
        # when the system's language is followed, the system's formats stay
        QLocale.setDefault(QLocale(code))
    if code != i18n.SOURCE_LANGUAGE:
        translator = QTranslator(app)
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if translator.load(QLocale(code), "qtbase", "_", folder):
            app.installTranslator(translator)
    return code
