"""No OS keyring (DESIGN.md §3): keys are asked for each session and kept in memory only.

The ``secrets`` fixture is replaced by a SecretStore on keyring's *fail*
backend, as on a headless Linux without a Secret Service. The profile was
saved in an earlier session: its app IDs are in the profile file, its keys
are nowhere.
"""

from __future__ import annotations

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QPushButton

from ..helpers import click, look_up


@pytest.fixture
def secrets():
    from keyring.backends import fail

    from licensedesk.profiles import SecretStore

    return SecretStore(backend=fail.Keyring())


@pytest.fixture
def office(sandbox, store):
    from licensedesk.profiles import Profile

    app_id, key = sandbox.creds("read_write")
    store.save(
        Profile(
            name="Office",
            base_url=sandbox.url,
            read_app_id=app_id,
            write_app_id=app_id,
            read_timeout=5.0,
            connect_timeout=2.0,
        )
    )
    return key


def _prompt(desk, qtbot) -> QDialog:
    found: list[QDialog] = []

    def shown() -> bool:
        dialog = desk.window.findChild(QDialog, "keyPromptDialog")
        if dialog is not None and dialog.isVisible():
            found.append(dialog)
            return True
        return False

    qtbot.waitUntil(shown, timeout=3000)
    return found[0]


def test_key_is_asked_at_start_used_and_never_written(
    make_desk, office, secrets, sandbox, qtbot, tmp_path
):
    key = office
    assert not secrets.persistent
    desk = make_desk(profile="Office")
    dialog = _prompt(desk, qtbot)
    note = dialog.findChild(QLabel, "keyPromptNote").text()
    assert "memory" in note and "Office" in note
    ok = dialog.findChild(QPushButton, "keyPromptOk")
    assert not ok.isEnabled()  # nothing typed yet
    field = dialog.findChild(QLineEdit, "keyField_read_write")  # one app ID: one field
    assert field.echoMode() == QLineEdit.EchoMode.Password
    QTest.keyClicks(field, key)
    click(qtbot, ok)
    qtbot.waitUntil(lambda: secrets.has("Office", "write"), timeout=3000)
    assert secrets.get("Office", "read") == key

    look_up(desk, qtbot, sandbox.serial("perpetual"))
    ws = desk.window.workspace
    assert not ws.banner.isVisible(), ws.banner.text()
    assert ws.card.license.serial == sandbox.serial("perpetual")

    desk.save_state()
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.suffix == ".ini" for p in files)  # the settings were written …
    for path in files:
        assert key.encode() not in path.read_bytes(), path  # … but never the key


def test_skipping_the_key_gives_a_sentence_not_a_traceback(make_desk, office, sandbox, qtbot):
    desk = make_desk(profile="Office")
    dialog = _prompt(desk, qtbot)
    click(qtbot, dialog.findChild(QPushButton, "keyPromptSkip"))
    qtbot.waitUntil(
        lambda: (
            desk.window.findChild(QDialog, "keyPromptDialog") is None
            or not desk.window.findChild(QDialog, "keyPromptDialog").isVisible()
        )
    )
    before = sandbox.request_count()
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    ws = desk.window.workspace
    assert ws.banner.isVisible()
    text = ws.banner.text()
    assert "key" in text.lower() and "Traceback" not in text, text
    assert ws.card.license is None
    assert sandbox.request_count() == before  # nothing was sent without a key
    assert desk.error_dialog is None


def test_a_profile_with_keys_in_this_session_is_not_asked_again(make_desk, office, secrets, qtbot):
    secrets.set("Office", "read", office)
    secrets.set("Office", "write", office)
    desk = make_desk(profile="Office")
    desk.profiles.select("Office")
    assert desk.connections.keys_to_ask("Office") == {}
    assert desk.window.findChild(QDialog, "keyPromptDialog") is None
