"""Profiles dialog: add, test each pair, edit, remove; where keys are kept; http warning."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from licensedesk.ui.profiles.dialog import ProfilesDialog
from licensedesk.ui.shared.confirm import ConfirmDialog

from ..helpers import click, fill_profile, look_up, open_profiles_dialog, tick, wait_idle


def add_test_remove(desk, qtbot, sandbox, monkeypatch, secrets):
    dialog = open_profiles_dialog(desk, qtbot)
    assert dialog.keys_note.text().startswith("API keys are kept in: ")
    click(qtbot, dialog.add_button)
    read_id, read_key = sandbox.creds("read")
    write_id, write_key = sandbox.creds("write")
    fill_profile(dialog, qtbot, "Office", sandbox.url, (read_id, read_key), (write_id, write_key))
    assert dialog.read_box.api_key.echoMode() == dialog.read_box.api_key.EchoMode.Password
    click(qtbot, dialog.read_box.test_button)
    click(qtbot, dialog.write_box.test_button)
    wait_idle(desk, qtbot)
    assert dialog.read_box.result.text() == "The read credentials work."
    assert dialog.write_box.result.text() == "The write credentials work."
    # a wrong key is a sentence, not a traceback
    dialog.read_box.api_key.clear()
    QTest.keyClicks(dialog.read_box.api_key, "sk_wrong_key_123456")
    click(qtbot, dialog.read_box.test_button)
    wait_idle(desk, qtbot)
    assert "refused" in dialog.read_box.result.text()
    dialog.read_box.api_key.clear()
    QTest.keyClicks(dialog.read_box.api_key, read_key)
    click(qtbot, dialog.save_button)
    assert dialog.message.text() == "Saved.", dialog.message.text()
    assert secrets.get("Office", "read") == read_key
    assert secrets.get("Office", "write") == write_key
    stored = desk.connections.store.get("Office")
    assert stored.read_app_id == read_id and stored.write_app_id == write_id
    assert read_key not in desk.connections.store.path.read_text()
    # the new profile is usable for a lookup
    dialog.close()
    ws = desk.window.workspace
    ws.profile_selector.setCurrentText("Office")
    look_up(desk, qtbot, sandbox.serial("perpetual"))
    assert ws.card.license is not None and not ws.banner.isVisible()
    # remove (confirm)
    dialog = open_profiles_dialog(desk, qtbot)
    dialog.list.setCurrentItem(dialog.list.findItems("Office", Qt.MatchFlag.MatchExactly)[0])

    async def yes(*_a, **_k):
        return True

    monkeypatch.setattr(ConfirmDialog, "ask", yes)
    click(qtbot, dialog.remove_button)
    wait_idle(desk, qtbot)
    assert "Office" not in desk.connections.names()
    assert secrets.get("Office", "read") is None
    dialog.close()


def test_add_test_remove_with_memory_keyring(make_desk, qtbot, sandbox, monkeypatch, secrets):
    desk = make_desk()
    add_test_remove(desk, qtbot, sandbox, monkeypatch, secrets)


@pytest.mark.keyring
@pytest.mark.skipif(
    os.environ.get("LICENSEDESK_TEST_REAL_KEYRING") != "1",
    reason="set LICENSEDESK_TEST_REAL_KEYRING=1 (scripts/run-tests.sh does)",
)
def test_add_test_remove_with_the_real_keyring(make_desk, qtbot, sandbox, monkeypatch, tmp_path):
    from licensedesk.profiles import ProfileStore, SecretStore

    real = SecretStore(service="licensedesk-uitest")
    if not real.persistent:
        pytest.skip(f"no usable OS keyring: {real.warning}")
    desk = make_desk()
    desk.connections.secrets = real
    desk.connections.store = ProfileStore(tmp_path / "real", secrets=real)
    add_test_remove(desk, qtbot, sandbox, monkeypatch, real)
    assert real.backend_description in desk.window.findChild(ProfilesDialog).keys_note.text()


def test_plain_http_to_a_remote_host_needs_opt_in(make_desk, qtbot):
    desk = make_desk()
    dialog = open_profiles_dialog(desk, qtbot)
    click(qtbot, dialog.add_button)
    fill_profile(dialog, qtbot, "Remote", "http://licences.example.com", ("app", "sk_abcdefgh"))
    assert dialog.http_warning.isVisible()
    assert "not encrypted" in dialog.http_warning.text()
    click(qtbot, dialog.save_button)
    assert "http://" in dialog.message.text()
    assert "Remote" not in desk.connections.names()
    tick(qtbot, dialog.insecure)
    assert dialog.insecure.isChecked() and dialog.http_warning.isVisible()
    click(qtbot, dialog.save_button)
    assert "Remote" in desk.connections.names()
    assert desk.connections.profile("Remote").allow_insecure_http
    dialog.close()


def test_edit_keeps_the_key_when_left_empty(desk, qtbot, secrets):
    dialog = open_profiles_dialog(desk, qtbot)
    assert dialog.name.text() == "Sandbox"
    assert "stored" in dialog.read_box.api_key.placeholderText()
    key = secrets.get("Sandbox", "read")
    dialog.read_timeout.setValue(7.5)
    click(qtbot, dialog.save_button)
    assert desk.connections.profile("Sandbox").read_timeout == 7.5
    assert secrets.get("Sandbox", "read") == key
    click(qtbot, dialog.read_box.test_button)  # tests with the stored key
    wait_idle(desk, qtbot)
    assert dialog.read_box.result.text() == "The read credentials work."
    dialog.close()


def test_profile_option_fields_round_trip(make_desk, qtbot, sandbox):
    desk = make_desk()
    dialog = open_profiles_dialog(desk, qtbot)
    click(qtbot, dialog.add_button)
    fill_profile(dialog, qtbot, "Opts", sandbox.url, ("r", "sk_read_key_1"))
    dialog.transport.setCurrentIndex(2)  # form body
    tick(qtbot, dialog.legacy)
    dialog.timezone.setText("Europe/Berlin")
    tick(qtbot, dialog.verify)
    dialog.batch_concurrency.selectAll()
    QTest.keyClicks(dialog.batch_concurrency, "3")
    click(qtbot, dialog.save_button)
    p = desk.connections.profile("Opts")
    assert (
        p.transport,
        p.legacy_activation_routes,
        p.server_timezone,
        p.verify_tls,
        p.batch_concurrency,
    ) == ("form", True, "Europe/Berlin", False, 3)
    click(qtbot, dialog.add_button)  # a new profile starts from the default
    assert dialog.batch_concurrency.value() == 8
    dialog.close()
