"""The profiles dialog and the key prompt by keyboard only (issue #15): Tab goes as a
person reads, every stop has a name a screen reader says, and no name holds a key."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest

from licensedesk.profiles import Profile
from licensedesk.ui.profiles.connections import Connections
from licensedesk.ui.profiles.dialog import ProfilesDialog
from licensedesk.ui.profiles.key_prompt import KeyPromptDialog

from ..helpers import accessible_name, placed, shown, tab_names

SECRET = "sk_live_not_for_ears_0123456789"

PROFILE_ORDER = [
    "addProfileButton",
    "removeProfileButton",
    "profileName",
    "profileBaseUrl",
    "allowInsecureHttp",
    "readAppId",
    "readApiKey",
    "readTestButton",
    "writeAppId",
    "writeApiKey",
    "writeTestButton",
    "profileTransport",
    "legacyRoutes",
    "profileConnectTimeout",
    "profileReadTimeout",
    "profileDeadline",
    "batchConcurrency",
    "serverTimezone",
    "verifyTls",
    "caBundle",
    "saveProfileButton",
    "profilesCloseButton",
    "profilesList",
]


@pytest.fixture
def profiles_dialog(qtbot, store, secrets):
    store.save(
        Profile(
            name="Office",
            base_url="https://licences.example.com",
            read_app_id="app-read",
            write_app_id="app-write",
        )
    )
    secrets.set("Office", "read", SECRET)
    dialog = ProfilesDialog(Connections(store, secrets))
    dialog.reload("Office")
    return shown(qtbot, dialog)


def test_profiles_dialog_tab_order_reads_top_to_bottom(profiles_dialog):
    d = profiles_dialog
    assert d.remove_button.isEnabled()
    assert tab_names(d.list, len(PROFILE_ORDER)) == PROFILE_ORDER


def test_secret_fields_are_named_without_their_key(profiles_dialog):
    d = profiles_dialog
    QTest.keyClicks(d.write_box.api_key, SECRET)
    for box, name in ((d.read_box, "Read API key"), (d.write_box, "Write API key")):
        assert accessible_name(box.api_key) == name
        spoken = QAccessible.queryAccessibleInterface(box.api_key)
        for text in (QAccessible.Text.Name, QAccessible.Text.Value, QAccessible.Text.Description):
            assert SECRET not in spoken.text(text)
    assert d.write_box.api_key.text() == SECRET  # it was typed: the check above means something
    assert accessible_name(d.read_box.test_button) == "Test the read credentials"


def test_test_result_says_which_pair_it_is_about(profiles_dialog):
    d = profiles_dialog
    d.show_test_result("write", True, "The write credentials work.")
    assert (
        accessible_name(d.write_box.result)
        == "Result of the write test: The write credentials work."
    )
    assert accessible_name(d.read_box.result) == "Result of the read test"


def test_key_prompt_tab_order_and_names(qtbot):
    dialog = shown(
        qtbot,
        KeyPromptDialog(
            None, "Office", {"read": "app-1", "write": "app-2"}, "Keys are kept in memory only."
        ),
    )
    read = dialog._fields["app-1"]
    order = ["keyField_write", *placed(dialog), "keyField_read"]
    assert "keyPromptOk" not in order  # disabled until a key is typed
    assert tab_names(read, len(order)) == order
    QTest.keyClicks(read, SECRET)
    order = ["keyField_write", *placed(dialog), "keyField_read"]
    assert "keyPromptOk" in order
    assert tab_names(read, len(order)) == order
    assert accessible_name(read) == "API key for the read pair"
    assert SECRET not in accessible_name(read)


def test_key_prompt_field_of_a_shared_app_id_names_both_pairs(qtbot):
    dialog = shown(
        qtbot,
        KeyPromptDialog(
            None, "Office", {"read": "app-1", "write": "app-1"}, "Keys are kept in memory only."
        ),
    )
    field = dialog._fields["app-1"]
    assert field.objectName() == "keyField_read_write"
    assert accessible_name(field) == "API key for the read and write pair"
    assert dialog.windowTitle() == "API key for \u201cOffice\u201d"
