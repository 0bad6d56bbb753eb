"""The profiles dialog's keyboard and its Close: Enter in a field is no test of the read
pair (Enter saves the profile in the form, the dialog's default button); closing with a
profile typed (and tested) but not saved asks save / discard / cancel."""

from __future__ import annotations

import asyncio

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from licensedesk.ui.profiles.unsaved import UnsavedDialog

from ..helpers import click, fill_profile, open_profiles_dialog, wait_idle


def close_button(dialog):
    return dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)


def typed_and_tested(desk, qtbot):
    """A new profile with the write pair only, typed and tested, not saved."""
    dialog = open_profiles_dialog(desk, qtbot)
    click(qtbot, dialog.add_button)
    fill_profile(dialog, qtbot, "Office", desk.sandbox.url, write=desk.sandbox.creds("read_write"))
    click(qtbot, dialog.write_box.test_button)
    wait_idle(desk, qtbot)
    assert dialog.write_box.result.text().startswith(
        "The write credentials work, for changes and for lookups"
    )
    return dialog


def test_enter_in_the_write_key_saves_and_tests_no_read_pair(desk, qtbot):
    dialog = open_profiles_dialog(desk, qtbot)
    click(qtbot, dialog.add_button)
    fill_profile(dialog, qtbot, "Office", desk.sandbox.url, write=desk.sandbox.creds("write"))
    desk.sandbox.clear_requests()

    QTest.keyClick(dialog.write_box.api_key, Qt.Key.Key_Return)

    assert dialog.read_box.result.text() == ""  # never "Enter the read app ID… first"
    assert dialog.message.text() == "Saved." and "Office" in desk.connections.names()
    assert desk.sandbox.served() == [] and dialog.isVisible()


def test_close_asks_and_save_keeps_the_profile(desk, qtbot, secrets):
    dialog = typed_and_tested(desk, qtbot)

    click(qtbot, close_button(dialog))

    asked = dialog.findChild(UnsavedDialog)
    qtbot.waitUntil(lambda: asked is not None and asked.isVisible(), timeout=2000)
    assert "\u201cOffice\u201d has changes that are not saved" in asked.accessibleDescription()
    click(qtbot, asked.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save))
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)
    assert "Office" in desk.connections.names()
    assert secrets.get("Office", "write") == desk.sandbox.creds("read_write")[1]


def test_cancel_keeps_the_dialog_and_discard_drops_the_profile(desk, qtbot, monkeypatch):
    dialog = typed_and_tested(desk, qtbot)
    answers, asked = ["cancel", "discard"], []

    def ask(parent, name):  # the dialog's replaceable entry point
        asked.append((parent, name))
        future = asyncio.get_event_loop().create_future()
        future.set_result(answers.pop(0))
        return future

    monkeypatch.setattr(UnsavedDialog, "ask", ask)
    QTest.keyClick(dialog.name, Qt.Key.Key_Escape)  # Esc is Close too
    qtbot.waitUntil(lambda: len(asked) == 1 and not dialog._asking, timeout=2000)
    assert dialog.isVisible() and asked == [(dialog, "Office")]

    click(qtbot, close_button(dialog))

    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)
    assert "Office" not in desk.connections.names()


def test_an_unchanged_profile_closes_at_once(desk, qtbot, monkeypatch):
    dialog = open_profiles_dialog(desk, qtbot)
    monkeypatch.setattr(UnsavedDialog, "ask", lambda *_a: (_ for _ in ()).throw(AssertionError))
    click(qtbot, close_button(dialog))
    assert not dialog.isVisible()
