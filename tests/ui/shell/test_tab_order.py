"""Keyboard and screen reader: real Tab presses go through each shell and shared part in
its intended order, and every widget reached has a name a screen reader says.

The toolbar's buttons are no tab stops (toolbars never are: their actions have menu
entries and shortcuts) but still need names: their action's full text."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QDialogButtonBox, QPushButton, QToolButton, QVBoxLayout, QWidget

from licensedesk.ui.shared.confirm import ConfirmDialog
from licensedesk.ui.shared.error_banner import ErrorBanner
from licensedesk.ui.shared.error_dialog import ErrorDialog
from licensedesk.ui.shell.actions import SPECS
from licensedesk.ui.shell.help import AboutDialog, ShortcutsDialog
from licensedesk.ui.shell.main_window import MainWindow
from tests.ui.helpers import accessible_name, shown, tab_sequence


def names(widgets: list[QWidget]) -> list[str]:
    return [w.objectName() for w in widgets]


def assert_named(widgets: list[QWidget]) -> None:
    for w in widgets:
        assert accessible_name(w).strip(), f"{w.objectName()} has no accessible name"
        assert accessible_name(w) != w.objectName(), f"{w.objectName()}: object name said"


def left_to_right(box: QDialogButtonBox) -> list[str]:
    """The box's buttons in the order they are seen (the platform decides it)."""
    buttons = [b for b in box.buttons() if b.isVisible()]
    return [b.objectName() for b in sorted(buttons, key=lambda b: b.mapTo(box, QPoint()).x())]


def test_welcome_page_tab_order_and_names(qtbot):
    window = MainWindow()
    window.build_welcome()  # the start page without profiles (DeferredDesk shows this)
    window.show_welcome()
    shown(qtbot, window)
    welcome = window.welcome
    reached = tab_sequence(welcome.demo_button, 4)
    assert names(reached) == ["addConnectionButton", "tryDemoButton"] * 2
    assert_named(reached)
    assert accessible_name(welcome.demo_button) == "Try the demo"
    assert welcome.demo_button.accessibleDescription()
    assert welcome.accessibleName() == "Welcome to License Desk"


def test_toolbar_buttons_are_named_after_their_actions(qtbot):
    window = MainWindow()
    window.build_welcome()
    shown(qtbot, window)
    for spec in (s for s in SPECS if s.toolbar):
        button = window.findChild(QToolButton, f"{spec.name}ToolButton")
        action = window.registry[spec.name]
        assert accessible_name(button) == action.text().replace("&", "").rstrip("\u2026")
        assert button.accessibleDescription() == action.statusTip() != ""
    assert accessible_name(window.registry.toolbar) == "Support"


def test_error_banner_tab_order_and_names(qtbot):
    host = QWidget()
    banner = ErrorBanner()
    QVBoxLayout(host).addWidget(banner)
    shown(qtbot, host)
    banner.show_error("The service did not answer in time.", "ReadTimeout after 10 s")
    reached = tab_sequence(banner.details_button, 3)
    assert names(reached) == [
        "errorBannerCopyButton",
        "errorBannerCloseButton",
        "errorBannerDetailsButton",
    ]
    assert_named(reached)
    assert accessible_name(banner) == "Error message"
    assert banner.accessibleDescription() == "The service did not answer in time."
    banner.details_button.click()  # the details open: the next stop after the buttons
    reached = tab_sequence(banner.details_button, 4)
    assert names(reached) == [
        "errorBannerCopyButton",
        "errorBannerCloseButton",
        "errorBannerDetails",
        "errorBannerDetailsButton",
    ]
    assert_named(reached)
    assert not banner.message.focusPolicy() & banner.message.focusPolicy().TabFocus


def test_error_dialog_tab_order_and_names(qtbot):
    dialog = ErrorDialog()
    dialog.show_error("Something unexpected went wrong.", "Traceback …", "/tmp/x.log")
    shown(qtbot, dialog)
    order = ["errorDialogDetails", *left_to_right(dialog.findChild(QDialogButtonBox))]
    assert sorted(order[1:]) == ["errorDialogCloseButton", "errorDialogCopyButton"]
    reached = tab_sequence(dialog.details, len(order))
    assert names(reached) == order[1:] + order[:1]
    assert_named(reached)


def test_confirm_dialog_tab_order_and_names(qtbot):
    dialog = ConfirmDialog(
        None, "Delete 2 activations", "Delete these?\n\nhost-a\nhost-b", accept="Delete"
    )
    shown(qtbot, dialog)
    order = ["confirmListing", *left_to_right(dialog.findChild(QDialogButtonBox))]
    assert sorted(order[1:]) == ["confirmAcceptButton", "confirmCancelButton"]
    listing = dialog.findChild(QWidget, "confirmListing")
    reached = tab_sequence(listing, len(order))
    assert names(reached) == order[1:] + order[:1]
    assert_named(reached)
    assert dialog.accept_button.text() == "Delete"
    assert ConfirmDialog(None, "t", "x").accept_button.text() == "OK"  # translated default


def test_about_dialog_tab_order_and_names(qtbot):
    dialog = AboutDialog([("Log folder", "/tmp/logs"), ("Profiles", "/tmp/config/p.json")])
    shown(qtbot, dialog)
    order = left_to_right(dialog.findChild(QDialogButtonBox))
    assert sorted(order) == ["aboutCloseButton", "aboutCopyButton"]
    reached = tab_sequence(dialog.findChild(QPushButton, order[0]), 2)
    assert names(reached) == order[1:] + order[:1]  # the folder labels are no tab stops
    assert_named(reached)
    assert accessible_name(dialog.values["Log folder"]) == "Log folder: /tmp/logs"
    dialog.findChild(QPushButton, "aboutCopyButton").click()  # the keyboard's way to copy
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text() == (
        "Log folder: /tmp/logs\nProfiles: /tmp/config/p.json"
    )


def test_shortcuts_dialog_tab_order_and_names(qtbot):
    dialog = ShortcutsDialog([("Refresh", "F5"), ("Stop", "Esc")])
    shown(qtbot, dialog)
    reached = tab_sequence(dialog.table, 2)
    assert names(reached) == ["shortcutsCloseButton", "shortcutsTable"]
    assert_named(reached)
