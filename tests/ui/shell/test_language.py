"""View → Language: the saved choice is the checked entry; choosing another writes the
setting file in the config folder and says it applies at the next start; a choice that
cannot be saved says so and changes nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from licensedesk import i18n
from licensedesk.ui.shell.main_window import MainWindow


def setting_file() -> Path:
    """Where the choice goes: the tests' LICENSEDESK_CONFIG_DIR (tests/ui/conftest.py)."""
    return Path(os.environ["LICENSEDESK_CONFIG_DIR"]) / i18n.SETTING_FILE


@pytest.fixture
def window(qtbot):
    """The bare window with its menus (as on the welcome page: no desk needed)."""
    w = MainWindow()
    qtbot.addWidget(w)
    w.build_welcome()
    w.show()
    qtbot.waitExposed(w)
    return w


def checked(window) -> list[str]:
    return [a.objectName() for a in window.language_menu.group.actions() if a.isChecked()]


def choose(window, qtbot, code: str | None) -> QMessageBox:
    """Trigger the entry as a click in the menu does; the message box it opens."""
    window.language_menu.actions[code].trigger()
    qtbot.waitUntil(
        lambda: (
            window.language_menu.message is not None and window.language_menu.message.isVisible()
        )
    )
    return window.language_menu.message


def test_the_menu_lists_the_system_and_every_language_by_its_own_name(window):
    menu = window.language_menu.menu
    assert menu.menuAction() in window.registry.menus["view"].actions()
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == ["System default", *i18n.LANGUAGES.values()]
    assert "Deutsch" in texts  # German by its German name, whatever the window's language
    assert checked(window) == ["languageSystemAction"]  # nothing saved: follow the system


def test_the_saved_choice_is_checked(qtbot):
    i18n.save_language("de")
    w = MainWindow()
    qtbot.addWidget(w)
    w.build_welcome()
    assert checked(w) == ["language_deAction"]


def test_choosing_a_language_saves_it_and_says_when_it_applies(window, qtbot):
    box = choose(window, qtbot, "de")
    assert setting_file().read_text(encoding="utf-8").strip() == "de"
    assert i18n.saved_language() == "de"
    assert checked(window) == ["language_deAction"]
    assert "Deutsch" in box.text() and "started again" in box.text()
    assert box.icon() == QMessageBox.Icon.Information
    box.button(QMessageBox.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: not box.isVisible())
    assert i18n.current_language() == "en"  # the running window stays as it is

    box = choose(window, qtbot, None)  # back to the system's language: the file goes
    assert not setting_file().exists()
    assert checked(window) == ["languageSystemAction"]
    assert "system" in box.text()


def test_choosing_the_checked_entry_again_says_nothing(window, qtbot):
    choose(window, qtbot, "de").close()
    window.language_menu.actions["de"].trigger()
    assert not window.language_menu.message.isVisible()


def test_a_choice_that_cannot_be_saved_changes_nothing(window, qtbot):
    folder = Path(os.environ["LICENSEDESK_CONFIG_DIR"])
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the config folder should be")
    box = choose(window, qtbot, "de")
    assert box.icon() == QMessageBox.Icon.Warning
    assert "could not be saved" in box.text()
    assert checked(window) == ["languageSystemAction"]  # the check went back
    assert i18n.saved_language() is None
